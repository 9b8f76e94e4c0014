"""Facts stated about a structured record: "offers outdoor seating" against
``attributes.OutdoorSeating: false``. Pure functions; the term table is data
(``record_terms.json`` in the package, or any table passed in).

A term names a record path. A mention is *positive* ("has free WiFi") or
*negative* ("does not take reservations", "no parking"); it is compared with the
record's value at that path:

- ``grounded``: the record agrees;
- ``conflict``: the record says the opposite (``OutdoorSeating: false`` and the
  answer offers outdoor seating);
- ``unsupported``: the record has no value there (missing, ``null``), so the answer
  states something the source does not say.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .sources import clean_text, json_record

DEFAULT_TERMS = Path(__file__).parent / "record_terms.json"

_NEGATION = re.compile(r"\b(?:no|not|never|without|lacks?|lacking|neither|nor|none|cannot)\b|\w+n['’]t\b", re.I)
# "reservations are not accepted", "WiFi isn't available": a negation right after the term
_NEGATED_AFTER = re.compile(r"^\s*(?:(?:is|are|was|were|has|have)\s+(?:not|never)\b|(?:is|are|was|were|has|have)n['’]t\b|"
                            r"(?:is|are)\s+unavailable\b"
                            # a word or two between ("valet services are not provided") only with a verb
                            # that denies the thing itself, not "are not expensive"
                            r"|(?:(?:services?|options?|facilities|parking|seating|access)\s+){1,2}"
                            r"(?:is|are|was|were)(?:\s+not|n['’]t)\s+(?:available|offered|provided|accepted|allowed|"
                            r"included|possible|permitted)\b)", re.I)
# What may stand between two items of one negated list: "does not offer outdoor seating or WiFi",
# "no WiFi, outdoor seating, or reservations", "no garage, street, validated, or valet parking"
# (items that are no term of their own between). A bare comma counts only in a list that goes
# on to "or"/"nor"; "No reservations, takeout available" is two facts.
_LIST_GAP = re.compile(r"(?:\s*,\s*[\w-]+(?:\s+[\w-]+)?(?=\s*,))*\s*(?:,\s*)?(?P<or>(?:or|nor)\s+)?"
                       r"(?:(?:a|an|any|the|free|paid|dedicated|private|on-?site)\s+)*", re.I)
# clause boundaries: sentence ends (a full stop before a space, not a decimal point), semicolons,
# commas, "and", and contrastive conjunctions
_CLAUSE = re.compile(r"[.!?](?=\s|$)|[;\n,]|\b(?:and|but|while|although|though|however|whereas|yet)\b", re.I)
_WORDS_BEFORE = 4  # how far back a negation may stand ("does not offer free outdoor seating")
_TRUE = {"true", "yes", "free", "paid", "1", "full_bar", "beer_and_wine", "available"}
_FALSE = {"false", "no", "none", "0", "0.0"}


@lru_cache(maxsize=8)
def load_terms(path: Optional[str] = None) -> Tuple[Tuple[str, "re.Pattern[str]"], ...]:
    """The term table as (record path, compiled pattern) pairs, longest phrases first."""
    table = json.loads(Path(path or DEFAULT_TERMS).read_text(encoding="utf8"))
    out = []
    for rec_path, phrases in table.items():
        if rec_path.startswith("_"):
            continue
        alts = "|".join(re.escape(p).replace(r"\ ", r"[\s-]+") for p in sorted(phrases, key=len, reverse=True))
        out.append((rec_path, re.compile(rf"\b(?:{alts})\b", re.I)))
    return tuple(out)


def parse_records(source: Any) -> List[Dict[str, Any]]:
    """The JSON objects of a source: a dict, a list of dicts (other items skipped), or a
    string holding either; [] for anything else."""
    obj = json_record(source)
    if isinstance(obj, dict):
        return [obj]
    if isinstance(obj, list):
        return [x for x in obj if isinstance(x, dict)]
    return []


def truth(value: Any) -> Optional[bool]:
    """A record value read as yes / no / unknown (``None``). A dict is true when any
    of its values is (``BusinessParking: {lot: true, ...}`` means there is parking)."""
    if isinstance(value, bool):
        return value
    if value is None:
        return None
    if isinstance(value, dict):
        vals = [truth(v) for v in value.values()]
        if any(v is True for v in vals):
            return True
        return False if vals and all(v is False for v in vals) else None
    if isinstance(value, float) and value != value:
        return None  # NaN says nothing
    if isinstance(value, (int, float)):
        return value != 0
    text = str(value).strip().strip("u'\"").lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    return None


def lookup(record: Dict[str, Any], path: str) -> Tuple[bool, Any]:
    """(found, value) at a dotted path, matching keys case-insensitively at any depth
    below the first key found (so ``attributes.WiFi`` also finds a top-level ``WiFi``)."""
    keys = path.split(".")

    def walk(obj: Any, ks: List[str]) -> Tuple[bool, Any]:
        if not ks:
            return True, obj
        if not isinstance(obj, dict):
            return False, None
        for k, v in obj.items():
            if str(k).lower() == ks[0].lower():
                return walk(v, ks[1:])
        return False, None

    found, value = walk(record, keys)
    if not found and len(keys) > 1:
        found, value = walk(record, keys[1:])
    return found, value


def clause_bounds(text: str) -> List[Tuple[int, int]]:
    """Clause boundary matches of ``text``, in order (computed once per answer)."""
    return [(m.start(), m.end()) for m in _CLAUSE.finditer(text)]


def clause_around(text: str, start: int, end: int, bounds: Optional[List[Tuple[int, int]]] = None) -> Tuple[int, int]:
    """The clause holding text[start:end] (cut at sentence ends, semicolons, commas and
    conjunctions)."""
    import bisect

    bounds = clause_bounds(text) if bounds is None else bounds
    i = bisect.bisect_right(bounds, (start, len(text) + 1))  # boundaries starting at or before ``start``
    left = 0
    while i > 0:
        i -= 1
        if bounds[i][1] <= start:
            left = bounds[i][1]
            break
    j = bisect.bisect_left(bounds, (end, -1))
    return left, (bounds[j][0] if j < len(bounds) else len(text))


def is_negated(text: str, start: int, end: int, bounds: Optional[List[Tuple[int, int]]] = None) -> bool:
    """A negation among the few words before the term in its clause ("no outdoor seating",
    "does not offer WiFi") or a negated verb right after it ("reservations are not accepted")."""
    c_start, _ = clause_around(text, start, end, bounds)
    before = " ".join(text[c_start:start].split()[-_WORDS_BEFORE:])
    return bool(_NEGATION.search(before) or _NEGATED_AFTER.search(text[end:end + 40]))


def check_record_facts(answer: str, sources: Sequence[Any], terms: Optional[str] = None) -> List[Dict[str, Any]]:
    """Every record fact the answer states, with its status against the records.

    Only runs when a source is a JSON object or an array of objects; returns [] otherwise.
    With several records a fact is grounded when any record agrees with it. Each result has
    start, end, text, path, claim ("yes"/"no"), status (grounded / conflict /
    unsupported), value (the record's, or None) and a readable reason.
    """
    if not answer:
        return []
    if all(isinstance(s, str) for s in sources):
        records, source_lower = _parsed(tuple(sources))  # answers sharing sources parse them once
    else:
        records, source_lower = _parse(sources)
    if not records:
        return []
    results: List[Dict[str, Any]] = []
    taken = bytearray(len(answer))  # characters a longer phrase already claimed
    bounds = clause_bounds(answer)
    seen: set = set()
    for path, pattern in load_terms(terms):
        for m in pattern.finditer(answer):
            if any(taken[m.start():m.end()]):
                continue  # a longer phrase already claimed this text
            taken[m.start():m.end()] = b"\x01" * (m.end() - m.start())
            c_start, c_end = clause_around(answer, m.start(), m.end(), bounds)
            if (path, c_start) in seen:
                continue  # "outdoor seating on the patio" states one fact
            seen.add((path, c_start))
            results.append({"start": m.start(), "end": m.end(), "text": m.group(0), "path": path,
                            "negated": is_negated(answer, m.start(), m.end(), bounds), "clause": [c_start, c_end]})
    results.sort(key=lambda r: r["start"])
    # whether the link from each mention to the next is part of a list that reaches "or"/"nor"
    in_list = [False] * max(len(results) - 1, 0)
    for i in reversed(range(len(in_list))):
        gap = _LIST_GAP.fullmatch(answer[results[i]["end"]:results[i + 1]["start"]])
        in_list[i] = bool(gap) and (bool(gap.group("or")) or (i + 1 < len(in_list) and in_list[i + 1]))
    for i, linked in enumerate(in_list):
        if linked and results[i]["negated"]:
            results[i + 1]["negated"] = True  # one negation covers the list it opens
    for r in results:
        r.update(_judged(records, source_lower, r["path"], r["text"], not r.pop("negated")))
    return results


def _judged(records: Sequence[Dict[str, Any]], source_lower: str, path: str, text: str, claim: bool) -> Dict[str, Any]:
    """claim ("yes"/"no"), status, value and reason of one mention against the records."""
    found, value, known = _judge(records, path, claim)
    shown = clean_text(_show(value))
    if known is None and claim and text.lower() in source_lower:
        status = "grounded"  # the record's free text (e.g. a review) says it
        reason = f"'{text}' is mentioned in the source"
    elif known is None:
        status = "unsupported"
        reason = f"says {'' if claim else 'no '}'{text}', but the record has {'no ' + path if not found else path + ': ' + shown}"
    elif known == claim:
        status = "grounded"
        reason = f"'{text}' agrees with {path}: {shown}"
    else:
        status = "conflict"
        reason = f"says {'' if claim else 'no '}'{text}', but the record has {path}: {shown}"
    return {"claim": "yes" if claim else "no", "status": status, "value": json.loads(shown) if found else None,
            "reason": clean_text(reason)}


def _judge(records: Sequence[Dict[str, Any]], path: str, claim: bool) -> Tuple[bool, Any, Optional[bool]]:
    """(found, value, truth) of ``path`` across the records: a record that agrees with the
    claim wins (several records, e.g. a JSON array, may describe different things, so one
    that disagrees is a conflict only when no other agrees); else the first with a yes/no
    value; else the first that has the path at all."""
    hits = [value for found, value in (lookup(rec, path) for rec in records) if found]
    if not hits:
        return False, None, None
    known = [(value, t) for value, t in ((v, truth(v)) for v in hits) if t is not None]
    for value, t in known:
        if t == claim:
            return True, value, t
    if known:
        return True, known[0][0], known[0][1]
    return True, hits[0], None


def _parse(sources: Sequence[Any]) -> Tuple[List[Dict[str, Any]], str]:
    """The JSON objects among the sources (arrays of objects included), and their free text
    lower-cased."""
    records = [r for s in sources for r in parse_records(s)]
    return records, " ".join(t for r in records for t in _strings(r)).lower()


@lru_cache(maxsize=64)
def _parsed(sources: Tuple[str, ...]) -> Tuple[List[Dict[str, Any]], str]:
    return _parse(sources)


def _strings(obj: Any, depth: int = 0) -> List[str]:
    """The free-text values of a record (reviews, descriptions), not its keys."""
    if depth > 50:
        return []
    if isinstance(obj, str):
        return [obj] if " " in obj.strip() else []
    if isinstance(obj, dict):
        return [t for v in obj.values() for t in _strings(v, depth + 1)]
    if isinstance(obj, list):
        return [t for v in obj for t in _strings(v, depth + 1)]
    return []


def _show(value: Any) -> str:
    """A record value as strict JSON text (anything JSON cannot hold, NaN and infinity
    included, as its string)."""
    def plain(v: Any) -> Any:
        if isinstance(v, float) and (v != v or v in (float("inf"), float("-inf"))):
            return str(v)
        if isinstance(v, dict):
            return {str(k): plain(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [plain(x) for x in v]
        return v

    try:
        return json.dumps(plain(value), ensure_ascii=False, default=str)
    except (RecursionError, ValueError):
        return '"(a value too deeply nested to show)"'
