"""Zero-shot check: data2txt answers whose evidence is an hours line read against the whole
week instead ("Tuesday, Wednesday and Sunday: open 11:30-20:0; Monday: closed"), with the
shipped cross-encoder (the other evidence as ``ground_entail`` reads it):

    python metrics/experiments/record_hours_week.py line|week verdict|adapt|dev

Prints the answer AUROC of 1 - min support and the sentence AUROC on the data2txt answers of
that part of RAGTruth train (verdict: the 30 % the cross-encoder never saw); uses
``record_groups.py`` beside it for the run.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import record_groups as RG  # noqa: E402

import spacy_ground  # noqa: E402
import spacy_ground.entail as ent  # noqa: E402
import spacy_ground.sources as S  # noqa: E402
from spacy_ground.sources import _KEY_LINE, readable_line, source_text  # noqa: E402

DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


def week_text(src: str) -> str:
    """The record's hours lines as one line: days with the same hours named together."""
    values = {}
    for line in src.split("\n"):
        m = _KEY_LINE.match(line)
        if m and m.group(1).startswith("hours.") and m.group(1)[6:] in DAYS:
            values[m.group(1)[6:]] = line[m.end():].strip()
    groups = {}
    for day in DAYS:
        value = values.get(day)
        groups.setdefault("closed" if value in (None, "0:0-0:0") else value, []).append(day)
    parts = []
    for value, days in groups.items():
        names = days[0] if len(days) == 1 else ", ".join(days[:-1]) + " and " + days[-1]
        parts.append(f"{names}: {'closed' if value == 'closed' else 'open ' + value}")
    return "hours: " + "; ".join(parts)


def with_week(evidence, k):
    srcs = RG.SOURCES.get("texts")
    if not srcs:
        return RG.ORIGINAL(evidence, k)
    out = []
    for e in sorted(evidence[:k], key=lambda e: (e["source"], e["start"])):
        text = e["text"].strip()
        line = week_text(srcs[e["source"]]) if text.startswith("hours.") else readable_line(text)
        if line not in out:
            out.append(line)
    return ". ".join(out)


if __name__ == "__main__":
    if sys.argv[1] == "week":
        S.evidence_text = ent.evidence_text = with_week
        check = spacy_ground.check

        def remembering(nlp, answer, sources=None, question=None):
            RG.SOURCES["texts"] = ([source_text(s) for s in sources]
                                   if sources and any(S.is_record(s) for s in sources) else None)
            return check(nlp, answer, sources, question)

        spacy_ground.check = remembering
    print(f"hours read as: {sys.argv[1]};", end=" ")
    RG.main("line", sys.argv[2])
