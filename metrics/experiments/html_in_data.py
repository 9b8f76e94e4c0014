"""Whether reading HTML and tables changes anything the shared data holds: text sources that
`mask_html` or `html_table_rows` reads differently from plain text, sources or answers holding a
Markdown table, sources holding a statement laid out with spaces (`text_table_rows`), and
answers or questions in HTML (`make_doc` masks them):
    python metrics/experiments/html_in_data.py assets/ragtruth_train.jsonl assets/ragtruth_dev.jsonl assets/halueval_qa.jsonl
"""
import json
import sys

from spacy_ground.sources import (_source_text, clean_text, html_table_rows, is_record, markdown_table_rows, mask_html,
                                  read_sources, text_table_rows)

n = changed = tables = answers = answer_tables = spaced = html_answers = 0
for path in sys.argv[1:]:
    for line in open(path, encoding="utf8"):
        record = json.loads(line)
        answers += 1
        answer_tables += bool(markdown_table_rows(record.get("answer") or ""))
        html_answers += any(mask_html(t) != t for t in (record.get("answer") or "", record.get("question") or ""))
        for source in read_sources(record.get("sources")) or []:
            if is_record(source):
                continue
            text = clean_text(_source_text(source))
            n += 1
            changed += mask_html(text) != text or bool(html_table_rows(text))
            tables += bool(markdown_table_rows(text))
            spaced += bool(text_table_rows(text))
print(f"{n} text sources; {changed} read differently as HTML; {tables} with a Markdown table; {spaced} with a "
      f"statement laid out with spaces; {answer_tables} of {answers} answers with a Markdown table; "
      f"{html_answers} answers or questions read differently as HTML")
