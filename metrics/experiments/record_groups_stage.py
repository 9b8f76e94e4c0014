"""Experiment: one epoch on data2txt (record) answers of the adapt part with record evidence read as
sibling groups (record_groups.py's reading, up to 12 lines), from the shipped model:

    python metrics/experiments/record_groups_stage.py adapt assets/ragtruth_train.jsonl assets/summedits.jsonl \\
        spacy_ground/models/entail.safetensors training/entail_rg.safetensors --source-kinds record \\
        --nli-data assets/nli_train.jsonl.gz --nli-pairs 2000 --lr 2e-5
    python metrics/experiments/record_groups.py group verdict 12 training/entail_rg.safetensors
"""
import os
import sys

sys.path.insert(0, ".")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from record_groups import read_with_groups  # noqa: E402

from spacy_ground import train_entail  # noqa: E402

if __name__ == "__main__":
    read_with_groups(12)
    sys.exit(train_entail.main(sys.argv[1:]))
