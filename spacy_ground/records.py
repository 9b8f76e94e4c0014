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

DEFAULT_TERMS = Path(__file__).parent / "record_terms.json"

_NEGATION = re.compile(
    r"\b(?:no|not|never|without|lacks?|lacking|neither|nor|none|unavailable|cannot|can't|"
    r"doesn't|does\s+not|don't|do\s+not|isn't|aren't|wasn't|weren't|won't|n't)\b", re.I)
_CLAUSE = re.compile(r"[.;!?\n]|,\s*(?:but|while|although|though|however|yet|and)\b|\b(?:but|while|although|whereas)\b", re.I)
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


def parse_record(source: Any) -> Optional[Dict[str, Any]]:
    """A JSON object from a dict or a string holding one, else None."""
    if isinstance(source, dict):
        return source
    if isinstance(source, str) and source.strip()[:1] == "{":
        try:
            obj = json.loads(source)
        except (ValueError, RecursionError):
            return None
        return obj if isinstance(obj, dict) else None
    return None


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


def clause_around(text: str, start: int, end: int) -> Tuple[int, int]:
    """The clause holding text[start:end] (cut at sentence ends, semicolons and
    contrastive conjunctions)."""
    left = 0
    for m in _CLAUSE.finditer(text, 0, start):
        left = m.end()
    m = _CLAUSE.search(text, end)
    return left, (m.start() if m else len(text))


def is_negated(text: str, start: int, end: int) -> bool:
    """A negation word in the clause before the term or right after it
    ("no outdoor seating", "reservations are not accepted")."""
    c_start, c_end = clause_around(text, start, end)
    before = text[c_start:start]
    after = text[end:c_end]
    return bool(_NEGATION.search(before) or _NEGATION.search(after[:40]))


def check_record_facts(answer: str, sources: Sequence[Any], terms: Optional[str] = None) -> List[Dict[str, Any]]:
    """Every record fact the answer states, with its status against the records.

    Only runs when a source is a JSON object; returns [] otherwise. Each result has
    start, end, text, path, claim ("yes"/"no"), status (grounded / conflict /
    unsupported), value (the record's, or None) and a readable reason.
    """
    records = [r for r in (parse_record(s) for s in sources) if r is not None]
    if not records or not answer:
        return []
    source_lower = " ".join(t for r in records for t in _strings(r)).lower()
    results: List[Dict[str, Any]] = []
    taken: List[Tuple[int, int]] = []
    seen: set = set()
    for path, pattern in load_terms(terms):
        for m in pattern.finditer(answer):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue  # a longer phrase already claimed this text
            taken.append((m.start(), m.end()))
            c_start, c_end = clause_around(answer, m.start(), m.end())
            if (path, c_start) in seen:
                continue  # "outdoor seating on the patio" states one fact
            seen.add((path, c_start))
            claim = not is_negated(answer, m.start(), m.end())
            value, found = None, False
            for rec in records:
                found, value = lookup(rec, path)
                if found:
                    break
            known = truth(value) if found else None
            if known is None and m.group(0).lower() in source_lower:
                status = "grounded"  # the record's free text (e.g. a review) says it
                reason = f"'{m.group(0)}' is mentioned in the source"
            elif known is None:
                status = "unsupported"
                reason = (f"says {'' if claim else 'no '}'{m.group(0)}', but the record has "
                          f"{'no ' + path if not found else path + ': ' + _show(value)}")
            elif known == claim:
                status = "grounded"
                reason = f"'{m.group(0)}' agrees with {path}: {_show(value)}"
            else:
                status = "conflict"
                reason = (f"says {'' if claim else 'no '}'{m.group(0)}', but the record has "
                          f"{path}: {_show(value)}")
            results.append({"start": m.start(), "end": m.end(), "text": m.group(0), "path": path,
                            "claim": "yes" if claim else "no", "status": status, "value": json.loads(_show(value)) if found else None,
                            "clause": [c_start, c_end], "reason": reason})
    results.sort(key=lambda r: r["start"])
    return results


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
    """A record value as JSON text (anything JSON cannot hold as its string)."""
    return json.dumps(value, ensure_ascii=False, default=str)
