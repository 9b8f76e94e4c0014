"""`evaluate run` with the passages' premise (top 3 evidence sentences) built one of three ways,
the shipped model and verdict unchanged:

    python metrics/experiments/premise_order.py source run assets/ragtruth_dev.jsonl --bootstrap 0 --timing-passes 1 --output a.json
    python metrics/experiments/premise_order.py group run ...   # passages in the order of their best sentence
    python metrics/experiments/premise_order.py rank run ...    # best first (sources.evidence_text since 2026-12-02)

``source``: in source order (before 2026-12-02); ``group`` and ``rank`` read a sentence that
two passages repeat once. The arguments after the mode are ``python -m spacy_ground.evaluate``'s.
"""
import sys

import spacy_ground.entail as entail
import spacy_ground.sources as sources

MODES = ("source", "group", "rank")


def distinct(top):
    seen, out = set(), []
    for e in top:
        if e["text"].strip() not in seen:
            seen.add(e["text"].strip())
            out.append(e)
    return out


def premise(mode):
    if mode == "rank":
        return sources.evidence_text  # the shipped premise

    def evidence_text(evidence, k):
        top = evidence[:k]
        if mode == "source":
            top = sorted(top, key=lambda e: (e["source"], e["start"]))
        else:  # group
            top = distinct(top)
            first = {}
            for rank, e in enumerate(top):
                first.setdefault(e["source"], rank)
            top = sorted(top, key=lambda e: (first[e["source"]], e["start"]))
        return " ".join(sources.readable_line(e["text"].strip()) for e in top)
    return evidence_text


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in MODES:
        raise SystemExit(f"usage: premise_order.py {{{'|'.join(MODES)}}} run DATA ... (evaluate's arguments)")
    sources.evidence_text = entail.evidence_text = premise(sys.argv.pop(1))
    from spacy_ground.evaluate import main
    raise SystemExit(main())
