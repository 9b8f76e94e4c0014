"""How many answers of a data file the change check (changes.py) reads: claims grounded or
refuted as a change of a table row or of two figures a sentence of the sources compares.

    python metrics/experiments/change_claims_in_data.py assets/ragtruth_dev.jsonl [more.jsonl ...]
"""
import json
import sys

import spacy_ground

nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
for path in sys.argv[1:]:
    answers = hits = 0
    shown = []
    with open(path, encoding="utf8") as f:
        for line in f:
            r = json.loads(line)
            doc = spacy_ground.check(nlp, r["answer"], r.get("sources"), r.get("question"))
            found = [(c.text, c._.ground_numeric["status"], c._.ground_numeric["reason"]) for c in doc.spans["ground_claims"]
                     if (c._.ground_numeric or {}).get("statement")]
            answers += 1
            if found:
                hits += 1
                shown.append((r.get("id"), found))
    print(f"{path}: {answers} answers, {hits} with a claim read as a change of a row or a compared pair")
    for rid, found in shown[:20]:
        print("  ", rid, found)
