"""Whether reading HTML changes how any text source of the shared data is read:
    python metrics/experiments/html_in_data.py assets/ragtruth_train.jsonl assets/ragtruth_dev.jsonl assets/halueval_qa.jsonl
"""
import json
import sys

from spacy_ground.sources import _source_text, clean_text, html_table_rows, is_record, mask_html, read_sources

n = changed = 0
for path in sys.argv[1:]:
    for line in open(path, encoding="utf8"):
        for source in read_sources(json.loads(line).get("sources")) or []:
            if is_record(source):
                continue
            text = clean_text(_source_text(source))
            n += 1
            changed += mask_html(text) != text or bool(html_table_rows(text))
print(f"{n} text sources; {changed} read differently")
