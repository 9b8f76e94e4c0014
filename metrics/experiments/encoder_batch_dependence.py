"""How much an answer sentence's int8 embedding depends on the other sentences of its batch:
each sentence embedded alone against embedded with its answer's other sentences (one padded
batch, as ground_align runs it), for every N-th dev answer.

    python metrics/experiments/encoder_batch_dependence.py assets/ragtruth_dev.jsonl --every 5

Prints the mean and the lowest cosine similarity between the two embeddings of a sentence.
"""
import argparse
import itertools

import numpy
import spacy

from spacy_ground.bench import read_jsonl
from spacy_ground.embed import SentenceEncoder


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("--every", type=int, default=5)
    args = ap.parse_args()
    nlp = spacy.blank("en")
    nlp.add_pipe("sentencizer")
    batched, alone = SentenceEncoder(batch_size=16), SentenceEncoder(batch_size=1)
    alone.model = batched.model
    cosines = []
    for rec in itertools.islice(read_jsonl(args.data), 0, None, args.every):
        sentences = [s.text for s in nlp(rec["answer"]).sents]
        cosines += list((batched.encode(sentences) * alone.encode(sentences)).sum(1))
    print(f"{len(cosines)} sentences: cosine mean {numpy.mean(cosines):.4f}, lowest {numpy.min(cosines):.4f}")


if __name__ == "__main__":
    main()
