#!/bin/bash
# experiment: continue the shipped model on pairs whose premise is the top-3 evidence read as one (concat),
# then measure with evidence_k = 3
cd /work/main
PY=.venv/bin/python
date
$PY -m spacy_ground.train_entail adapt assets/ragtruth_train.jsonl assets/summedits.jsonl spacy_ground/models/entail.safetensors training/entail_c3.safetensors --nli-data assets/nli_train.jsonl.gz --nli-pairs 6000 --evidence-k 3 --lr 2e-5 > training/adapt_c3.log 2>&1
date
S="--set components.ground_entail.evidence_k=3"
m=c3
$PY -m spacy_ground.evaluate fit assets/ragtruth_train.jsonl training/verdict_$m.json --part all --entail training/entail_c3.safetensors $S --features training/features_train_$m.jsonl > training/fit_$m.log 2>&1
date
rm -f training/features_dev_$m.jsonl
$PY -m spacy_ground.evaluate run assets/ragtruth_dev.jsonl --model training/verdict_$m.json --entail training/entail_c3.safetensors $S --features training/features_dev_$m.jsonl --output training/answers_$m.json > training/run_$m.log 2>&1
date
echo done
