"""Dev AUROC of verdict models refit on stored train features, scored on stored dev features.

    python -m spacy_ground.evaluate fit assets/ragtruth_train.jsonl /tmp/signed.json --part all \
        --from-features training/features_train.jsonl
    python -m spacy_ground.evaluate fit assets/ragtruth_train.jsonl /tmp/free.json --part all \
        --from-features training/features_train.jsonl --free-signs
    python metrics/experiments/signs_dev.py training/features_dev.jsonl /tmp/signed.json /tmp/free.json

Prints per model and task the AUROC on the RAGTruth rows of the dev features (written by
``evaluate run ... --features``), and the coefficients that differ in sign.
"""
import json
import sys

from spacy_ground.evaluate import auroc
from spacy_ground.verdict import VerdictModel

rows = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
rows = [r for r in rows if str(r.get("dataset", "")).startswith("ragtruth")]
for path in sys.argv[2:]:
    model = VerdictModel.from_dict(json.load(open(path)))
    cells = []
    for task in ("all", "qa", "summary", "data2txt"):
        group = [r for r in rows if task == "all" or r["task"] == task]
        cells.append(f"{task} {auroc([model.score(r['features'], r['shape']) for r in group], [bool(r['hallucinated']) for r in group]):.4f}")
    print(path, "; ".join(cells))
    for shape, m in model.models.items():
        print("   ", shape, ", ".join(f"{f} {c:+.3f}" for f, c in zip(m.features, m.coef)))
