#!/bin/bash
# experiment: stage 2 itself on concatenated top-3 evidence, from the CPU-trained stage 1 of the previous recipe
cd /work/main
PY=.venv/bin/python
date
$PY -m spacy_ground.train_entail adapt assets/ragtruth_train.jsonl assets/summedits.jsonl training/entail_nli2.safetensors training/entail_s2c3.safetensors --nli-data assets/nli_train.jsonl.gz --nli-pairs 6000 --evidence-k 3 > training/adapt_s2c3.log 2>&1
date
S="--set components.ground_entail.evidence_k=3"
m=s2c3
$PY -m spacy_ground.evaluate fit assets/ragtruth_train.jsonl training/verdict_$m.json --part all --entail training/entail_s2c3.safetensors $S > training/fit_$m.log 2>&1
date
$PY -m spacy_ground.evaluate run assets/ragtruth_dev.jsonl --model training/verdict_$m.json --entail training/entail_s2c3.safetensors $S --output training/answers_$m.json > training/run_$m.log 2>&1
date
echo done
