"""Experiment (not shipped): a record line of more than SPLIT_WORDS words (a review) is split
into sentences before alignment, so a sentence about reviews meets one review sentence instead
of a whole review cut at the cross-encoder's length. Runs `spacy_ground.evaluate` with the patch:

    SPLIT_WORDS=40 python metrics/experiments/split_reviews.py fit assets/ragtruth_train.jsonl /tmp/verdict_split.json --part all --features /tmp/features_train_split.jsonl
    SPLIT_WORDS=40 python metrics/experiments/split_reviews.py run assets/ragtruth_dev.jsonl --model /tmp/verdict_split.json --features /tmp/features_dev_split.jsonl --output /tmp/answers_split.json
    python metrics/experiments/aggregations.py /tmp/features_train_split.jsonl assets/ragtruth_train.jsonl /tmp/features_dev_split.jsonl
"""
import os, re, sys
sys.path.insert(0, ".")
import spacy_ground.claims as C
from spacy_ground.sources import split_sentences
orig = C.split_lines
LIMIT = int(os.environ.get("SPLIT_WORDS", "40"))
def patched(text, start, end):
    out = []
    for s, e in orig(text, start, end):
        line = text[s:e]
        if len(line.split()) > LIMIT and re.match(r"\s*[\w\[\].]+: ", line):
            out.extend((s + a, s + b) for a, b in split_sentences(line))
        else:
            out.append((s, e))
    return out
C.split_lines = patched
from spacy_ground.evaluate import main
sys.exit(main())
