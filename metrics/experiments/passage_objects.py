"""Passages given as objects ({"title", "text"}) against the same passages as plain texts:
24 HaluEval answers (lines 101-124), bench run on both files.

    python metrics/experiments/passage_objects.py assets/halueval_qa.jsonl

Before 2026-12-01 (third session) the objects were read as JSON records (flattened to
``title: ...`` / ``text: ...`` lines, the record verdict model), and the verdict's AUROC
fell from 0.910 to 0.618 on a helper's 24 rows; now they are read as texts, the title as a
first line.
"""
import itertools
import json
import subprocess
import sys
import tempfile
from pathlib import Path


def main(path: str) -> None:
    rows = [json.loads(line) for line in itertools.islice(open(path, encoding="utf8"), 100, 124)]
    with tempfile.TemporaryDirectory() as tmp:
        files = {"plain": Path(tmp) / "plain.jsonl", "objects": Path(tmp) / "objects.jsonl"}
        files["plain"].write_text("\n".join(json.dumps(r) for r in rows) + "\n")
        files["objects"].write_text("\n".join(json.dumps({**r, "sources": [{"title": (r["question"] or "")[:30], "text": s}
                                                                           for s in r["sources"]]}) for r in rows) + "\n")
        for name, f in files.items():
            out = subprocess.run([sys.executable, "-m", "spacy_ground", "bench", str(f), "--quiet", "--bootstrap", "0"],
                                 capture_output=True, text=True, check=True).stdout
            line = next(x for x in out.splitlines() if x.startswith("| halueval_qa/all"))
            cells = [c.strip() for c in line.strip("|").split("|")]
            print(f"{name}: answers {cells[1]}, verdict AUROC {cells[2]}, entailment only {cells[3]}, absent words {cells[5]}")


if __name__ == "__main__":
    main(sys.argv[1])
