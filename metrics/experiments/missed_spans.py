"""Labelled spans of hallucinated train answers that no rule flag touches (a recall pass):

    python metrics/experiments/missed_spans.py assets/ragtruth_train.jsonl data2txt [--list]

Counts the spans of one task by label and by whether a mismatched claim or a conflicting
record fact (the rule flags of ground_verdict, from the rules-only pipeline) overlaps them;
``--list`` prints every untouched "Evident Conflict" span with the claims and facts inside
it. Train data only.
"""
import collections
import json
import sys

sys.path.insert(0, ".")
import spacy_ground as sg  # noqa: E402


def main(path: str, task: str, show: bool) -> None:
    rows = [json.loads(line) for line in open(path, encoding="utf8") if line.strip()]
    rows = [r for r in rows if r["task"] == task and r["hallucinated"]]
    nlp = sg.load(exclude=sg.CLAIMS_ONLY)
    docs = sg.check_many(nlp, [{"answer": r["answer"], "sources": r["sources"], "question": r.get("question")}
                               for r in rows])
    counts = collections.Counter()
    for r, doc in zip(rows, docs):
        facts = doc._.record_facts or []
        claims = [(c.start_char, c.end_char, c.text, (c._.ground_numeric or {}).get("status"))
                  for c in doc.spans.get("ground_claims", [])]
        flags = [(f["start"], f["end"]) for f in facts if f["status"] == "conflict"]
        flags += [(s, e) for s, e, _, status in claims if status == "mismatch"]
        for sp in r["spans"] or []:
            hit = any(s < sp["end"] and sp["start"] < e for s, e in flags)
            counts[(sp.get("label"), "flagged" if hit else "untouched")] += 1
            if show and not hit and sp.get("label") == "Evident Conflict":
                inside = [(t, st) for s, e, t, st in claims if s < sp["end"] and sp["start"] < e]
                inside += [(f["path"], f["status"]) for f in facts if f["start"] < sp["end"] and sp["start"] < f["end"]]
                print(f"{r['id']} | {r['answer'][sp['start']:sp['end']]!r} | {inside}")
    print("label / rule flag: spans")
    for key, n in sorted(counts.items()):
        print(f"{key[0]:24s} {key[1]:10s} {n:4d}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], "--list" in sys.argv[3:])
