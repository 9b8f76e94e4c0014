"""Opening-days statements (spacy_ground/hours.py) in every train answer, by claim, status and
where they lie (inside a labelled span of a hallucinated answer, elsewhere in one, in a clean
answer); ``--list STATUS ...`` also prints each statement with that status and its reason:

    python metrics/experiments/hours_train.py assets/ragtruth_train.jsonl [--list conflict]

Train data only.
"""
import collections
import json
import sys

sys.path.insert(0, ".")
from spacy_ground.hours import check_hours_facts  # noqa: E402


def main(path: str, show: list) -> None:
    rows = [json.loads(line) for line in open(path, encoding="utf8") if line.strip()]
    counts = collections.Counter()
    for r in rows:
        for f in check_hours_facts(r["answer"], r["sources"]):
            inside = any(f["start"] < s["end"] and s["start"] < f["end"] for s in r.get("spans") or [])
            where = "in a span" if inside and r["hallucinated"] else "hallucinated, elsewhere" \
                if r["hallucinated"] else "clean"
            counts[(f["claim"], f["status"], where)] += 1
            if f["status"] in show:
                print(f"{where} | {r['id']} | {r['answer'][max(0, f['start'] - 70):f['end'] + 50]!r} | {f['reason']}")
    print("claim / status / where: statements")
    for key, n in sorted(counts.items()):
        print(f"{key[0]:8s} {key[1]:12s} {key[2]:24s} {n:4d}")


if __name__ == "__main__":
    args = sys.argv[2:]
    main(sys.argv[1], args[args.index("--list") + 1:] if "--list" in args else [])
