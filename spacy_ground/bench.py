"""Claim-level benchmark on data in the shared format (RAGTruth-style JSONL).

``claim_metrics(nlp, records)`` reports, per task and overall:

- claim precision: of answer claims judged mismatch or unsupported, the share that
  overlap a human-labelled hallucinated span;
- span recall: of labelled spans that contain a number, date or time (a digit, a
  number word, a month name, noon or midnight), the share that overlap a flagged claim;
- false alarms: of answers with no labelled span, the share with any mismatch claim;
- speed: milliseconds per answer for claims plus numeric grounding, source indexing
  included (the source cache is cleared before each answer), model loading excluded.
"""
from __future__ import annotations

import json
import re
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence

from spacy.language import Language

from . import check

FLAGGED = ("mismatch", "unsupported")
_NUMERIC_SPAN = re.compile(
    r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen"
    r"|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred"
    r"|thousand|million|billion|trillion|dozen|noon|midnight|january|february|march|april|may|june|july"
    r"|august|september|october|november|december)\b",
    re.I,
)


def read_jsonl(path: str | Path) -> Iterator[Dict[str, Any]]:
    """Records of a JSONL file; a malformed line raises ValueError naming its line number."""
    with open(path, encoding="utf8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as e:
                raise ValueError(f"{path}:{n}: not valid JSON ({e.msg})") from None
            if not isinstance(rec, dict) or not isinstance(rec.get("answer"), str):
                raise ValueError(f"{path}:{n}: expected an object with a string 'answer'")
            yield rec


def _overlaps(s: int, e: int, spans: Sequence[Dict[str, Any]]) -> bool:
    return any(s < sp["end"] and sp["start"] < e for sp in spans)


def _percentile(xs: List[float], q: float) -> float:
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = (len(xs) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def claim_metrics(nlp: Language, records: Iterable[Dict[str, Any]],
                  progress: Optional[Callable[[int], None]] = None) -> Dict[str, Any]:
    """Claim precision, span recall, false alarms and speed, per task and overall."""
    tagger = nlp.get_pipe("ground_claims")
    counts: Dict[str, Dict[str, float]] = defaultdict(lambda: defaultdict(float))
    times: Dict[str, List[float]] = defaultdict(list)
    check(nlp, "Warm-up: $5 million on 5 March 2019 at 5 pm, 3 km.", sources=["5 km"])  # loads quantulum3/dateparser
    records = list(records)
    for i, rec in enumerate(records):
        if progress is not None and i % 10 == 0:
            progress(i)
        tagger.index_sources._cache.clear()
        t0 = time.perf_counter()
        doc = check(nlp, rec["answer"], sources=rec.get("sources") or [], question=rec.get("question"))
        elapsed = (time.perf_counter() - t0) * 1000
        spans = rec.get("spans") or []
        for task in (rec.get("task") or "all", "overall") if rec.get("task") else ("overall",):
            c = counts[task]
            times[task].append(elapsed)
            c["answers"] += 1
            flagged = [s for s in doc.spans["ground_claims"] if s._.ground_numeric["status"] in FLAGGED]
            c["claims"] += len(doc.spans["ground_claims"])
            c["flagged"] += len(flagged)
            c["flagged_in_span"] += sum(_overlaps(s.start_char, s.end_char, spans) for s in flagged)
            c["mismatch"] += sum(s._.ground_numeric["status"] == "mismatch" for s in flagged)
            c["mismatch_in_span"] += sum(_overlaps(s.start_char, s.end_char, spans) for s in flagged
                                         if s._.ground_numeric["status"] == "mismatch")
            numeric_spans = [sp for sp in spans if _NUMERIC_SPAN.search(rec["answer"][sp["start"]:sp["end"]])]
            c["numeric_spans"] += len(numeric_spans)
            c["numeric_spans_hit"] += sum(
                any(s.start_char < sp["end"] and sp["start"] < s.end_char for s in flagged) for sp in numeric_spans)
            if not spans:
                c["clean_answers"] += 1
                c["clean_with_mismatch"] += any(s._.ground_numeric["status"] == "mismatch" for s in flagged)
    out: Dict[str, Any] = {}
    for task, c in counts.items():
        out[task] = {
            "answers": int(c["answers"]),
            "claims": int(c["claims"]),
            "flagged_claims": int(c["flagged"]),
            "claim_precision": c["flagged_in_span"] / c["flagged"] if c["flagged"] else None,
            "mismatch_precision": c["mismatch_in_span"] / c["mismatch"] if c["mismatch"] else None,
            "numeric_spans": int(c["numeric_spans"]),
            "span_recall": c["numeric_spans_hit"] / c["numeric_spans"] if c["numeric_spans"] else None,
            "clean_answers": int(c["clean_answers"]),
            "false_alarm_rate": c["clean_with_mismatch"] / c["clean_answers"] if c["clean_answers"] else None,
            "ms_median": statistics.median(times[task]),
            "ms_p95": _percentile(times[task], 0.95),
        }
    return out


def markdown_table(metrics: Dict[str, Any]) -> str:
    """The metrics as a Markdown table (tasks as rows)."""
    cols = [("answers", "answers", "{}"), ("claims", "claims", "{}"), ("flagged_claims", "flagged", "{}"),
            ("claim_precision", "claim precision", "{:.3f}"), ("numeric_spans", "numeric spans", "{}"),
            ("span_recall", "span recall", "{:.3f}"), ("false_alarm_rate", "false alarms", "{:.3f}"),
            ("ms_median", "median ms", "{:.1f}"), ("ms_p95", "p95 ms", "{:.1f}")]
    lines = ["| task | " + " | ".join(c[1] for c in cols) + " |", "|---" * (len(cols) + 1) + "|"]
    order = sorted(k for k in metrics if k != "overall") + (["overall"] if "overall" in metrics else [])
    for task in order:
        m = metrics[task]
        cells = [("-" if m[k] is None else fmt.format(m[k])) for k, _, fmt in cols]
        lines.append(f"| {task} | " + " | ".join(cells) + " |")
    return "\n".join(lines)
