"""``ground_align`` with the sentence encoder on real tokens only (``lean``, the default) and
with transformers' padded forward, A/B on each answer in one process (the order alternates):

    python metrics/experiments/align_lean_ab.py assets/ragtruth_dev.jsonl --every 2

For every N-th dev answer: ``ground_align`` on new sources (their embeddings dropped first) and
again on the same sources (embedded), for each setting; prints the medians in milliseconds.
"""
import argparse
import itertools
import statistics
import time

import spacy_ground as sg
from spacy_ground.bench import read_jsonl


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("--every", type=int, default=2)
    args = ap.parse_args()
    nlp = sg.load()
    align = nlp.get_pipe("ground_align")
    encoder = align.encoder
    index_sources = nlp.get_pipe("ground_claims").index_sources
    times = {(lean, kind): [] for lean in (True, False) for kind in ("new", "cached")}
    for n, rec in enumerate(itertools.islice(read_jsonl(args.data), 0, None, args.every)):
        doc = sg.make_doc(nlp, rec["answer"], rec.get("sources") or [], rec.get("question"))
        for name in ("sentencizer", "ground_claims", "ground_numeric"):
            doc = nlp.get_pipe(name)(doc)
        index = index_sources(list(rec.get("sources") or []))
        for lean in ((True, False) if n % 2 else (False, True)):
            encoder.lean = lean
            index.__dict__.pop("_embeddings", None)
            for kind in ("new", "cached"):
                t = time.perf_counter()
                align(doc)
                times[(lean, kind)].append((time.perf_counter() - t) * 1000)
    encoder.lean = True
    print(f"{n + 1} answers")
    for (lean, kind), ms in times.items():
        print(f"{'real tokens' if lean else 'padded'}, sources {kind}: median {statistics.median(ms):.1f} ms")


if __name__ == "__main__":
    main()
