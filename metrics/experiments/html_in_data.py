"""Whether reading HTML and tables changes anything the shared data holds: text sources that
`mask_html` or `html_table_rows` reads differently from plain text, and sources or answers
holding a Markdown table:
    python metrics/experiments/html_in_data.py assets/ragtruth_train.jsonl assets/ragtruth_dev.jsonl assets/halueval_qa.jsonl
"""
import json
import sys

from spacy_ground.sources import (_source_text, clean_text, html_table_rows, is_record, markdown_table_rows, mask_html,
                                  read_sources)

n = changed = tables = answers = answer_tables = 0
for path in sys.argv[1:]:
    for line in open(path, encoding="utf8"):
        record = json.loads(line)
        answers += 1
        answer_tables += bool(markdown_table_rows(record.get("answer") or ""))
        for source in read_sources(record.get("sources")) or []:
            if is_record(source):
                continue
            text = clean_text(_source_text(source))
            n += 1
            changed += mask_html(text) != text or bool(html_table_rows(text))
            tables += bool(markdown_table_rows(text))
print(f"{n} text sources; {changed} read differently as HTML; {tables} with a Markdown table; "
      f"{answer_tables} of {answers} answers with a Markdown table")
