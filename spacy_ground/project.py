"""Helpers for project.yml: link the shared data, write BENCHMARKS.md from metrics.

    python -m spacy_ground.project link-data ../shared/data assets
    python -m spacy_ground.project write-benchmarks BENCHMARKS.md metrics/a.json [metrics/b.json ...]
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import List

from .bench import goals_line, markdown_table

DATA_FILES = ("ragtruth_dev.jsonl", "ragtruth_train.jsonl", "halueval_qa.jsonl", "summedits.jsonl")
START, END = "<!-- claims:start -->", "<!-- claims:end -->"


def link_data(shared: str, assets: str) -> int:
    """Symlink the shared data files into ``assets`` (the data is never copied)."""
    src, dst = Path(shared).resolve(), Path(assets)
    if not src.is_dir():
        print(f"error: shared data folder not found: {shared} (clone next to ../shared, or set vars.shared)",
              file=sys.stderr)
        return 1
    dst.mkdir(parents=True, exist_ok=True)
    for name in DATA_FILES:
        if not (src / name).exists():
            print(f"warning: {src / name} is missing", file=sys.stderr)
            continue
        link = dst / name
        if link.is_symlink() or link.exists():
            link.unlink()
        os.symlink(src / name, link)
        print(f"linked {link} -> {src / name}")
    return 0


def claims_section(paths: List[str]) -> str:
    """Markdown for the claim-level benchmark from one or more metrics files."""
    parts = [START, "## Numeric and date claims on RAGTruth dev", "",
             "Claim precision: of answer claims judged mismatch or unsupported, the share inside a "
             "human-labelled hallucinated span (the claim's value, without a leading 'from', 'about', "
             "'over'..., lies within the span). Span recall: of labelled spans that contain a number, date "
             "or time (a digit, a number word from 'two' up, a capitalised month name, noon or midnight), "
             "the share that contain a flagged claim. The '(any overlap)' columns count any shared "
             "character instead, for comparison. False alarms: of answers with no labelled span, the share with any claim judged "
             "mismatch. Speed: milliseconds per answer for claims plus numeric grounding, source indexing "
             "included (cache cleared per answer), model loading excluded. Goals: precision >= 0.60, "
             "recall >= 0.50, false alarms <= 0.10, median < 20 ms on 2 cores.", ""]
    for path in paths:
        data = json.loads(Path(path).read_text(encoding="utf8"))
        meta = data["meta"]
        parts += [f"### Pipeline: {' + '.join(meta['pipeline'])}", "",
                  f"Measured {meta['date']} on {meta['machine']} with `{meta['command']}`.", "",
                  markdown_table(data["claims"]), "", goals_line(data["claims"]), ""]
    parts += ["Reproduce: `spacy project run data && spacy project run evaluate`.", END]
    return "\n".join(parts)


def write_benchmarks(target: str, paths: List[str]) -> int:
    """Replace (or append) the claims section of ``target`` with tables from ``paths``."""
    section = claims_section(paths)
    p = Path(target)
    text = p.read_text(encoding="utf8") if p.exists() else "# Benchmarks\n\n"
    if START in text and END in text:
        before, rest = text.split(START, 1)
        after = rest.split(END, 1)[1]
        text = before + section + after
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    p.write_text(text, encoding="utf8")
    print(f"wrote {target}")
    return 0


def main(argv: List[str]) -> int:
    if len(argv) >= 3 and argv[0] == "link-data":
        return link_data(argv[1], argv[2])
    if len(argv) >= 3 and argv[0] == "write-benchmarks":
        return write_benchmarks(argv[1], argv[2:])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
