#!/usr/bin/env bash
# `python -m spacy_ground recalibrate` on data unlike RAGTruth: HaluEval QA split in two halves
# by question (a question's right and hallucinated answers stay together). Recalibrate on half
# A, then bench half B with the shipped and the recalibrated pipeline.
#   bash metrics/experiments/recalibrate_halueval.sh   (from the repository root, after `spacy project run data`)
set -euo pipefail
tmp=$(mktemp -d)
python - "$tmp" <<'PY'
import hashlib, json, sys
out = {h: open(f"{sys.argv[1]}/halu_{h}.jsonl", "w") for h in "ab"}
for line in open("assets/halueval_qa.jsonl"):
    question = json.loads(line)["id"].rsplit("-", 1)[0]
    out["ab"[int(hashlib.sha1(question.encode()).hexdigest(), 16) % 2]].write(line)
PY
python -m spacy_ground recalibrate "$tmp/halu_a.jsonl" "$tmp/recalibrated" --quiet | tee metrics/experiments/recalibrate_halueval.txt
cp "$tmp/recalibrated/recalibration.json" metrics/experiments/recalibrate_halueval_report.json
python -m spacy_ground bench "$tmp/halu_b.jsonl" --quiet --output metrics/experiments/recalibrate_halueval_b_shipped.json | grep "halueval_qa/all" | head -1 | tee -a metrics/experiments/recalibrate_halueval.txt
python -m spacy_ground bench "$tmp/halu_b.jsonl" --quiet --pipeline "$tmp/recalibrated" --output metrics/experiments/recalibrate_halueval_b_recalibrated.json | grep "halueval_qa/all" | head -1 | tee -a metrics/experiments/recalibrate_halueval.txt
rm -rf "$tmp"
