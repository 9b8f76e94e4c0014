"""Claim-level benchmark on data in the shared format (RAGTruth-style JSONL).

``claim_metrics(nlp, records)`` reports, per task and overall:

- claim precision: of answer claims judged mismatch or unsupported, the share that lie
  inside a human-labelled hallucinated span (the claim's value, without a leading
  "from", "about", "over"..., within the span's characters);
- span recall: of labelled spans that contain a number, date or time (a digit, a number
  word from "two" up, a capitalised month name, noon or midnight), the share that
  contain a flagged claim (its value inside the span, as above);
- false alarms: of answers labelled clean (``hallucinated`` false, or no labelled span), the
  share with any mismatch claim;
- answers without a label (neither ``hallucinated`` nor ``spans``) count in the claim counts
  and the speed only;
- speed: milliseconds per answer for claims plus numeric grounding, source indexing
  included (the source cache is cleared before each answer), model loading excluded.
"""

from __future__ import annotations

import gzip
import io
import json
import re
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

from spacy.language import Language
from spacy.tokens import Doc

from spacy_ground import check
from spacy_ground.api import SOURCE_LIKE_FIELDS


def threads_used(nlp: Language) -> str:
    """How the pipeline runs torch, as bench and evaluate report it: processes, torch threads in
    the calling thread, and the worker threads of ground_align and ground_entail."""
    parts = ["1 process"]
    for name in ("ground_align", "ground_entail"):
        if name in nlp.pipe_names:
            pipe = nlp.get_pipe(name)
            workers = getattr(pipe, "workers", 0)
            on = f"{workers} worker threads of 1 torch thread each" if workers > 1 else "the calling thread"
            parts.append(
                f"{name}: torch on {getattr(pipe, 'torch_threads', 1)} thread(s) in the calling thread, batches on {on}"
            )
    if len(parts) == 1:
        parts.append("no torch component")
    return "; ".join(parts)


FLAGGED = ("mismatch", "unsupported")
_NUMERIC_SPAN = re.compile(
    r"\d|\b(?i:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen"
    r"|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred"
    r"|thousand|million|billion|trillion|dozen|noon|midnight)\b"
    r"|\b(?:January|February|March|April|June|July|August|September|October|November|December|May(?=\s+\d))\b"
)
_LEAD = re.compile(
    r"^(?:(?:from|between|about|around|approximately|roughly|nearly|almost|over|under|some|"
    r"more\s+than|less\s+than|fewer\s+than|up\s+to|at\s+least|at\s+most|just\s+over|"
    r"just\s+under|the|an?|estimated)\s+)+",
    re.I,
)


def claim_core(text: str, start: int, end: int) -> Tuple[int, int]:
    """Offsets of a claim's value without leading qualifiers or trailing punctuation."""
    piece = text[start:end]
    lead = _LEAD.match(piece)
    s = start + (lead.end() if lead else 0)
    e = end
    while e > s and text[e - 1] in " .,;:!?)":
        e -= 1
    return (s, e) if e > s else (start, end)


def _inside(core: Tuple[int, int], spans: Sequence[Dict[str, Any]]) -> bool:
    return any(sp["start"] <= core[0] and core[1] <= sp["end"] for sp in spans)


def read_jsonl(path: str | Path) -> Iterator[Dict[str, Any]]:
    """Records of a JSONL file (``.gz`` read as gzip; a byte-order mark is skipped). A
    malformed line raises ValueError naming its line number: not a JSON object with a string
    ``answer``, or a field of the wrong type (``question`` not a string, ``sources`` not a
    list, string or object, a ``hallucinated`` label that is no boolean, 0/1 or
    "true"/"false", ``spans`` that are not a list of in-range character offsets). Labels given
    as 0/1 or "true"/"false" are read as booleans. ``-`` reads standard input."""
    opener = gzip.open if str(path).endswith(".gz") else open
    try:
        if str(path) == "-":
            f = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8-sig") if hasattr(sys.stdin, "buffer") else sys.stdin
        else:
            if Path(path).exists() and not Path(path).is_dir() and not Path(path).is_file():
                raise ValueError(f"{path}: not a regular file (a pipe, socket or device?); give a file, or - for stdin")
            f = opener(path, "rt", encoding="utf-8-sig")
    except IsADirectoryError:
        raise ValueError(f"{path}: is a directory, not a JSONL file") from None
    with f:
        try:
            for n, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    rec = json.loads(line)
                except json.JSONDecodeError as e:
                    raise ValueError(f"{path}:{n}: not valid JSON ({e.msg} at column {e.colno})") from None
                except RecursionError:
                    raise ValueError(f"{path}:{n}: JSON nested too deeply to read") from None
                if not isinstance(rec, dict) or not isinstance(rec.get("answer"), str):
                    raise ValueError(f"{path}:{n}: expected an object with a string 'answer'")
                problem = _field_problem(rec)
                if problem:
                    raise ValueError(f"{path}:{n}: {problem}")
                yield rec
        except (UnicodeDecodeError, gzip.BadGzipFile, EOFError) as e:
            raise ValueError(f"{path}: not a UTF-8 JSONL file (or a gzip of one): {e}") from None


RESERVED_GROUPS = ("all", "overall")
_TRUE_LABELS = {1: True, 0: False, "true": True, "false": False}


def markdown_cell(text: Any) -> str:
    """``text`` as one cell of a Markdown table: a '|' escaped, line breaks as spaces (a task
    or dataset name holding them would split or end the row)."""
    return " ".join(str(text).replace("\\", "\\\\").replace("|", "\\|").split())


def _field_problem(rec: Dict[str, Any]) -> Optional[str]:
    """What is wrong with a record's optional fields, or None (labels given as 0/1 or
    "true"/"false" are turned into booleans in place)."""
    question = rec.get("question")
    if question is not None and not isinstance(question, str):
        return f"'question' must be a string, not {type(question).__name__}"
    for key in ("task", "dataset"):  # the names figures are grouped by
        value = rec.get(key)
        if value is not None and not isinstance(value, str):
            return f"'{key}' must be a string, not {type(value).__name__}"
        if isinstance(value, str) and value.strip().lower() in RESERVED_GROUPS:
            return f"'{key}' {value!r} is the name of the figures over every {key}; give it another name"
    sources = rec.get("sources")
    if sources is not None and not isinstance(sources, (list, str, dict)):
        return f"'sources' must be a list of texts (or one text or record), not {type(sources).__name__}"
    flag = rec.get("hallucinated")
    if flag is not None and not isinstance(flag, bool):
        key = flag.strip().lower() if isinstance(flag, str) else flag if isinstance(flag, int) else None
        if key not in _TRUE_LABELS:
            return f"'hallucinated' must be true or false (or 1/0), not {flag!r}"
        rec["hallucinated"] = _TRUE_LABELS[key]
    spans = rec.get("spans")
    if spans is None:
        return None
    if not isinstance(spans, list):
        return f"'spans' must be a list, not {type(spans).__name__}"
    for sp in spans:
        if not isinstance(sp, dict) or not all(
            isinstance(sp.get(k), int) and not isinstance(sp.get(k), bool) for k in ("start", "end")
        ):
            return f"each span needs integer 'start' and 'end', not {sp!r}"
        if not 0 <= sp["start"] <= sp["end"] <= len(rec["answer"]):
            return f"span {sp['start']}-{sp['end']} lies outside the answer (0-{len(rec['answer'])} characters)"
    return None


def sources_problem(records: Sequence[Dict[str, Any]]) -> Optional[str]:
    """Why no answer in ``records`` could be checked, when not one has a ``sources`` field
    (every answer would be not checkable and the figures meaningless), naming a field that
    looks like the sources; None otherwise."""
    if any("sources" in rec for rec in records):
        return None
    found = sorted({k for rec in records for k in rec if k.lower() in SOURCE_LIKE_FIELDS})
    hint = f" (found {', '.join(repr(k) for k in found)}: rename it 'sources')" if found else ""
    return f"no record has a 'sources' field{hint}; without sources no answer can be checked"


def span_text_mismatches(records: Sequence[Dict[str, Any]]) -> int:
    """How many labelled spans carry a ``text`` that differs from the answer at their offsets
    (offsets counted in other units, such as UTF-16 code units or bytes, would misplace them)."""
    return sum(
        1
        for rec in records
        for sp in rec.get("spans") or []
        if isinstance(sp.get("text"), str) and rec["answer"][sp["start"] : sp["end"]] != sp["text"]
    )


def names_apart_by_case(records: Sequence[Dict[str, Any]]) -> List[str]:
    """Task and dataset names that differ only in case or surrounding spaces ("QA", "qa "):
    the figures count them as separate groups, which is seldom meant."""
    out = []
    for key in ("dataset", "task"):
        seen: Dict[str, set] = defaultdict(set)
        for rec in records:
            if isinstance(rec.get(key), str):
                seen[rec[key].strip().casefold()].add(rec[key])
        out += [f"{key} " + ", ".join(repr(n) for n in sorted(names)) for names in seen.values() if len(names) > 1]
    return out


def is_labelled(rec: Dict[str, Any]) -> bool:
    """Whether a record says if it is hallucinated (a ``hallucinated`` flag or a ``spans`` list)."""
    return isinstance(rec.get("hallucinated"), bool) or isinstance(rec.get("spans"), list)


def is_hallucinated(rec: Dict[str, Any]) -> bool:
    """A record's label: its ``hallucinated`` flag, else whether it has a labelled span."""
    flag = rec.get("hallucinated")
    return flag if isinstance(flag, bool) else bool(rec.get("spans"))


def _overlaps(s: int, e: int, spans: Sequence[Dict[str, Any]]) -> bool:
    return any(s < sp["end"] and sp["start"] < e for sp in spans)


def _percentile(xs: List[float], q: float) -> float:
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = (len(xs) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def check_record(
    nlp: Language, rec: Dict[str, Any], i: int, errors: Optional[List[Dict[str, Any]]] = None
) -> Optional[Doc]:
    """``check`` one record of a data file; with ``errors`` (a list), one that raises is described
    there (position, id, error) and None returned, so the run goes on; without it, it raises."""
    from spacy_ground.pipeline.extensions import describe_error

    try:
        return check(nlp, rec["answer"], sources=rec.get("sources") or [], question=rec.get("question"))
    except Exception as e:
        if errors is None:
            raise
        errors.append({"position": i + 1, "id": rec.get("id"), "error": describe_error("the pipeline", e)})
        return None


def claim_metrics(
    nlp: Language,
    records: Iterable[Dict[str, Any]],
    progress: Optional[Callable[[int], None]] = None,
    errors: Optional[List[Dict[str, Any]]] = None,
) -> Dict[str, Any]:
    """Claim precision, span recall, false alarms and speed, per task and overall. With
    ``errors`` (a list), a record that raises is left out and described there (position, id,
    error) and the count goes on; without it, the error propagates."""

    tagger = nlp.get_pipe("ground_claims")
    counts: Dict[str, Dict[str, float]] = defaultdict(lambda: defaultdict(float))
    times: Dict[str, List[float]] = defaultdict(list)
    check(nlp, "Warm-up: $5 million on 5 March 2019 at 5 pm, 3 km.", sources=["5 km"])  # loads quantulum3/dateparser
    records = list(records)
    for i, rec in enumerate(records):
        if progress is not None and i % 10 == 0:
            progress(i)
        tagger.index_sources.clear()
        t0 = time.perf_counter()
        doc = check_record(nlp, rec, i, errors)
        if doc is None:
            continue
        elapsed = (time.perf_counter() - t0) * 1000
        spans = rec.get("spans") or []
        answer = rec["answer"]
        claims = list(doc.spans["ground_claims"])
        flagged = [s for s in claims if s._.ground_numeric["status"] in FLAGGED]
        cores = [claim_core(answer, s.start_char, s.end_char) for s in flagged]
        numeric_spans = [sp for sp in spans if _NUMERIC_SPAN.search(answer[sp["start"] : sp["end"]])]
        task = rec.get("task")
        labelled = is_labelled(rec)
        for key in (task, "overall") if task else ("overall",):
            c = counts[key]
            times[key].append(elapsed)
            c["answers"] += 1
            c["claims"] += len(claims)
            c["all_flagged"] += len(flagged)
            if not labelled:
                continue  # counts and speed only: an unlabelled answer is neither clean nor hallucinated
            c["labelled"] += 1
            if spans or not is_hallucinated(rec):
                # precision needs to know where the hallucination is: a hallucinated answer
                # without spans (HaluEval) says only that it is somewhere
                c["flagged"] += len(flagged)
                c["flagged_in_span"] += sum(_inside(core, spans) for core in cores)
                c["flagged_overlap"] += sum(_overlaps(s.start_char, s.end_char, spans) for s in flagged)
            c["numeric_spans"] += len(numeric_spans)
            c["numeric_spans_hit"] += sum(any(_inside(core, [sp]) for core in cores) for sp in numeric_spans)
            c["numeric_spans_overlap"] += sum(
                any(s.start_char < sp["end"] and sp["start"] < s.end_char for s in flagged) for sp in numeric_spans
            )
            if not is_hallucinated(rec):
                c["clean_answers"] += 1
                c["clean_with_mismatch"] += any(s._.ground_numeric["status"] == "mismatch" for s in flagged)
    out: Dict[str, Any] = {}
    for task, c in counts.items():
        out[task] = {
            "answers": int(c["answers"]),
            "labelled": int(c["labelled"]),
            "claims": int(c["claims"]),
            "flagged_claims": int(c["all_flagged"]),
            "claim_precision": c["flagged_in_span"] / c["flagged"] if c["flagged"] else None,
            "claim_precision_overlap": c["flagged_overlap"] / c["flagged"] if c["flagged"] else None,
            "numeric_spans": int(c["numeric_spans"]),
            "span_recall": c["numeric_spans_hit"] / c["numeric_spans"] if c["numeric_spans"] else None,
            "span_recall_overlap": c["numeric_spans_overlap"] / c["numeric_spans"] if c["numeric_spans"] else None,
            "clean_answers": int(c["clean_answers"]),
            "false_alarm_rate": c["clean_with_mismatch"] / c["clean_answers"] if c["clean_answers"] else None,
            "ms_median": statistics.median(times[task]),
            "ms_p95": _percentile(times[task], 0.95),
        }
    return out


GOALS = {
    "claim_precision": (">=", 0.60),
    "span_recall": (">=", 0.50),
    "false_alarm_rate": ("<=", 0.10),
    "ms_median": ("<", 20.0),
}


def goals_line(metrics: Dict[str, Any]) -> str:
    """ "met"/"missed" for each goal of the issue, on the overall figures."""
    m = metrics.get("overall", {})
    parts = []
    for key, (op, target) in GOALS.items():
        v = m.get(key)
        ok = v is not None and (v >= target if op == ">=" else v <= target if op == "<=" else v < target)
        parts.append(f"{key} {'-' if v is None else round(v, 3)} {op} {target}: {'met' if ok else 'MISSED'}")
    return "Goals (overall): " + "; ".join(parts) + "."


def markdown_table(metrics: Dict[str, Any]) -> str:
    """The metrics as a Markdown table (tasks as rows)."""
    cols = [
        ("answers", "answers", "{}"),
        ("claims", "claims", "{}"),
        ("flagged_claims", "flagged", "{}"),
        ("claim_precision", "claim precision", "{:.3f}"),
        ("claim_precision_overlap", "(any overlap)", "{:.3f}"),
        ("numeric_spans", "numeric spans", "{}"),
        ("span_recall", "span recall", "{:.3f}"),
        ("span_recall_overlap", "(any overlap)", "{:.3f}"),
        ("false_alarm_rate", "false alarms", "{:.3f}"),
        ("ms_median", "median ms", "{:.1f}"),
        ("ms_p95", "p95 ms", "{:.1f}"),
    ]
    lines = ["| task | " + " | ".join(c[1] for c in cols) + " |", "|---" * (len(cols) + 1) + "|"]
    order = sorted(k for k in metrics if k != "overall") + (["overall"] if "overall" in metrics else [])
    for task in order:
        m = metrics[task]
        cells = [("-" if m[k] is None else fmt.format(m[k])) for k, _, fmt in cols]
        lines.append(f"| {markdown_cell(task)} | " + " | ".join(cells) + " |")
    return "\n".join(lines)
