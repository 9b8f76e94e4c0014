"""Which answers the rules flag whatever their score, and how often each rule is right:

    python metrics/experiments/rule_flags_train.py assets/ragtruth_train.jsonl [--list] [--set KEY=VALUE]

For every answer, the mismatched claims, contradicted record facts and strongly contradicted
sentences (the rule flags of ground_verdict); then, per rule (claim kind per task, record
path and yes/no, contradicted sentences per task), how many of its flags lie inside a
labelled span, elsewhere in a hallucinated answer, and in a clean answer; and the number of
clean and hallucinated answers the rules flag. ``--list`` also prints every flag in a clean
answer with its context (what to read to find a misreading); ``--list-elsewhere`` every flag
outside the labelled spans of a hallucinated answer. Train data only.
"""
import collections
import json
import sys

sys.path.insert(0, ".")
import spacy_ground as sg  # noqa: E402


def main(path: str, show: bool, elsewhere: bool = False, overrides=None) -> None:
    nlp = sg.load(overrides=overrides)
    verdict = nlp.get_pipe("ground_verdict")
    rows = [json.loads(line) for line in open(path, encoding="utf8") if line.strip()]
    counts = collections.defaultdict(lambda: [0, 0, 0])  # in a labelled span / hallucinated elsewhere / clean
    flagged = collections.Counter()
    docs = sg.check_many(nlp, [{"answer": r["answer"], "sources": r["sources"], "question": r.get("question")}
                               for r in rows])
    for r, doc in zip(rows, docs):
        rec = doc._.ground_record
        spans = r.get("spans") or []

        def add(key, start, end, text):
            inside = any(start < sp["end"] and sp["start"] < end for sp in spans)
            counts[key][0 if (r["hallucinated"] and inside) else 1 if r["hallucinated"] else 2] += 1
            if (show and not r["hallucinated"]) or (elsewhere and r["hallucinated"] and not inside):
                print(f"{r['id']} | {key} | {text!r} | {doc.text[max(0, start - 100):end + 60]!r}")

        for f in rec["facts"]:
            if f["status"] == "conflict":
                parts = f["path"].split(".")
                path = ".".join(parts[:2]) if len(parts) > 1 and parts[1] == "Ambience" else f["path"]
                add(f"fact {path} {f['claim']}", f["start"], f["end"], f["text"])
        for c in rec["claims"]:
            if c["status"] == "mismatch":
                add(f"claim {r['task']} {c['kind']}", c["start"], c["end"], c["text"])
        for s in rec["sentences"]:
            if verdict._strongly_contradicted(s):
                add(f"contradicted sentence {r['task']}", s["start"], s["end"], s["text"])
        if rec.get("flagged_by_rule"):
            flagged["hallucinated" if r["hallucinated"] else "clean"] += 1
    print("rule: in a labelled span / in a hallucinated answer elsewhere / in a clean answer")
    for key, v in sorted(counts.items()):
        print(f"{key:55s} {v[0]:4d} {v[1]:4d} {v[2]:4d}")
    print(f"answers flagged by a rule: clean {flagged['clean']} of {sum(not r['hallucinated'] for r in rows)}, "
          f"hallucinated {flagged['hallucinated']} of {sum(r['hallucinated'] for r in rows)}")


if __name__ == "__main__":
    # --set SECTION.KEY=VALUE (repeatable): a config override, e.g. --set components.ground_numeric.top_k=5
    sets = [sys.argv[i + 1] for i, a in enumerate(sys.argv) if a == "--set" and i + 1 < len(sys.argv)]
    main(sys.argv[1], "--list" in sys.argv[2:], "--list-elsewhere" in sys.argv[2:],
         {k: json.loads(v) for k, v in (x.split("=", 1) for x in sets)})
