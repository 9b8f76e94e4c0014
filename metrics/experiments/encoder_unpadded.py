"""The sentence encoder's forward pass on real tokens only (``embed._pooled_unpadded``, the
default since 2026-12-02) against transformers' forward over the padded batch:

    python metrics/experiments/encoder_unpadded.py assets/ragtruth_dev.jsonl

For the sentences of every 5th of the first 300 dev answers (one padded batch each, as
``ground_align`` embeds them) and for the source sentences of every 7th answer's sources:
the largest difference in float32, each int8 variant's cosine to the float32 vectors, and
milliseconds per answer / per set of sources for each variant (two rounds, alternating).
"""
import argparse
import itertools
import time

import numpy
import spacy

import spacy_ground as sg
from spacy_ground.align import answer_sentences
from spacy_ground.bench import read_jsonl
from spacy_ground.embed import SentenceEncoder
from spacy_ground.sources import readable_line


def timed(encoder, groups):
    t = time.perf_counter()
    for texts in groups:
        encoder.encode(texts)
    return (time.perf_counter() - t) / len(groups) * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    args = ap.parse_args()
    blank = spacy.blank("en")
    blank.add_pipe("sentencizer")
    answers = [[s.text for s in answer_sentences(blank(r["answer"]))]
               for r in itertools.islice(read_jsonl(args.data), 0, 300, 5)]
    index = sg.load(exclude=sg.CLAIMS_ONLY).get_pipe("ground_claims").index_sources
    sources = [[readable_line(s.text) for s in index(r.get("sources") or []).sentences]
               for r in itertools.islice(read_jsonl(args.data), 0, None, 7)]
    f32_padded, f32 = SentenceEncoder(quantize=False, lean=False), SentenceEncoder(quantize=False, lean=True)
    int8_padded, int8 = SentenceEncoder(quantize=True, lean=False), SentenceEncoder(quantize=True, lean=True)
    diff = max(float(numpy.abs(f32_padded.encode(t) - f32.encode(t)).max()) for t in answers)
    print(f"{len(answers)} answers ({numpy.mean([len(t) for t in answers]):.1f} sentences), "
          f"{len(sources)} sets of sources ({numpy.mean([len(t) for t in sources]):.1f} sentences)")
    print(f"float32: largest difference real tokens vs padded {diff:.2e}")
    for name, enc in (("int8 padded", int8_padded), ("int8 real tokens", int8)):
        cos = numpy.concatenate([(enc.encode(t) * f32.encode(t)).sum(1) for t in answers])
        print(f"{name}: cosine to float32 mean {cos.mean():.4f}, lowest {cos.min():.4f}")
    for rnd in (1, 2):
        for name, enc in (("int8 padded", int8_padded), ("int8 real tokens", int8)):
            print(f"round {rnd} {name}: {timed(enc, answers):.1f} ms an answer's sentences, "
                  f"{timed(enc, sources):.1f} ms a set of sources")


if __name__ == "__main__":
    main()
