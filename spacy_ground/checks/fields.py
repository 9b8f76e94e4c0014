"""Record fields the answer states in words: "the capital was Douala" against ``capital:
Yaoundé``, "comes in navy blue" against ``color: olive green``. Pure functions.

A field is a ``key: value`` pair of a source: a JSON record's leaf (its last key) or a
``- key: value`` line. The answer states a field when it says the key and, right after it, a
value ("its headquarters location is Moroni", "the colour: navy blue"; for colours also "in
navy blue" and "navy blue finish"). The value is compared with every value the sources give
that key:

- ``grounded``: one of them says it (the same words, or the one within the other);
- ``conflict``: none does, and the stated value is of the kind the record holds there (a
  name where the record has a name, a colour where it has a colour);
- otherwise nothing is said (a description, "the capital was a bustling city").

Results are facts as ``record_facts`` holds them (path ``field``, check ``field``).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Dict, FrozenSet, List, Optional, Sequence, Tuple

from spacy_ground.sources.readers import flatten_json, json_record, within_depth
from spacy_ground.sources.words import content_words, fold_accents

DEFAULT_VALUES = Path(__file__).parent.parent / "lexicon" / "field_values.json"

_LINE = re.compile(
    r"^[ \t]{0,8}(?:[-*•][ \t]{1,4})?([A-Za-z][A-Za-z0-9_.\[\] '’-]{0,60}):[ \t]{1,4}(\S[^\n]{0,200})$", re.M
)
_LAST_KEY = re.compile(r"([A-Za-z][A-Za-z0-9_ '’-]{0,60})(?:\[\d{1,9}\])*$")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
# keys whose words say nothing of what the value is
_GENERIC = frozenset(
    {"name", "value", "id", "text", "type", "label", "key", "description", "title", "url", "img", "icon"}
)
# where a stated value ends; a period after an initial or a short title does not end it ("J.K.", "Dr.")
_CUT = re.compile(
    r"\s(?:and|but|which|who|with|while|as|in|on|at|for|from|since|to|until|by)\s|[,;:()!?\n]"
    r"|(?<!\b[A-Z])(?<!\b[A-Z][a-z])(?<!\bMrs)\.",
    re.I,
)
# one spelling for words written two ways
_SPELLINGS = {"grey": "gray", "colour": "color", "aluminium": "aluminum", "fibre": "fiber", "centre": "center"}
_NAME_WORD = re.compile(r"(?:[A-Z][\w'’.&-]{0,40}|of|the|de|van|von|and|&)")


@lru_cache(maxsize=4)
def load_values(path: Optional[str] = None) -> Dict[str, Tuple[FrozenSet[str], Tuple[str, ...]]]:
    """Closed kinds of values (``field_values.json``): kind -> (key words, values)."""
    table = json.loads(Path(path or DEFAULT_VALUES).read_text(encoding="utf8"))
    return {
        kind: (frozenset(spec["keys"]), tuple(sorted(spec["values"], key=len, reverse=True)))
        for kind, spec in table.items()
        if not kind.startswith("_")
    }


def key_words(path: str) -> str:
    """A record path's last key as words ("details.headquarters_location" -> "headquarters
    location", "exteriorColor" -> "exterior color")."""
    m = _LAST_KEY.search(path.strip())
    last = m.group(1) if m else path
    last = last.rsplit(".", 1)[-1]
    return " ".join(_CAMEL.sub(" ", last).replace("_", " ").replace("-", " ").lower().split())


def source_fields(sources: Sequence[Any]) -> Dict[str, List[str]]:
    """Every ``key: value`` of the sources with a value in words (not a number, not too long):
    key words -> the values given for it."""
    fields: Dict[str, List[str]] = {}
    for source in sources:
        record = json_record(source)
        lines: List[str]
        if record is not None:
            lines = flatten_json(within_depth(record))
        elif isinstance(source, str):
            lines = [m.group(0) for m in _LINE.finditer(source)]
        else:
            continue
        for line in lines:
            m = _LINE.match(line.strip()) if record is None else re.match(r"^(.{1,200}?):\s(.{1,200})$", line)
            if not m:
                continue
            key, value = key_words(m.group(1)), m.group(2).strip()
            if not key or key in _GENERIC or not re.search(r"[A-Za-z]{2}", value) or len(value.split()) > 8:
                continue
            fields.setdefault(key, []).append(value)
    return fields


def _words(text: str) -> FrozenSet[str]:
    return frozenset(_SPELLINGS.get(w, w) for w in content_words(text))


def _initials(text: str) -> str:
    return "".join(w[0] for w in text.lower().split() if w not in ("of", "the", "and", "&"))


def _agrees(said: str, values: Sequence[str]) -> bool:
    """The stated value is one of the record's: the same words, one within the other, or one
    the initials of the other ("United States", "US")."""
    s = _words(said)
    for v in values:
        w = _words(v)
        if s and w and (s <= w or w <= s):
            return True
        compact = re.sub(r"[^a-z]", "", v.lower()), re.sub(r"[^a-z]", "", said.lower())
        if len(said.split()) > 1 and _initials(said) == compact[0] or len(v.split()) > 1 and _initials(v) == compact[1]:
            return True
    return False


def _same_kind(
    said: str, values: Sequence[str], closed: Dict[str, Tuple[FrozenSet[str], Tuple[str, ...]]]
) -> Optional[str]:
    """The kind shared by the stated value and the record's ("name", a closed kind), or None."""
    for kind, (_, words) in closed.items():
        inside = [w for w in words if re.search(rf"\b{re.escape(w)}\b", said, re.I)]
        if inside and any(re.search(rf"\b{re.escape(w)}\b", v, re.I) for v in values for w in words):
            return kind
    if (
        all(_NAME_WORD.fullmatch(w) for w in said.split())
        and said[:1].isupper()
        and all(v[:1].isupper() for v in values)
    ):
        return "name"  # every word a capital's ("Tesla's cheapest car" is no name)
    return None


def check_fields(answer: str, sources: Sequence[Any], values_path: Optional[str] = None) -> List[Dict[str, Any]]:
    """Every record field the answer states with a value, against the values the sources give
    it (see the module's docstring)."""
    if not answer:
        return []
    fields = source_fields(sources)
    if not fields:
        return []
    closed = load_values(values_path)
    # what the text sources say (not records, nor text with "- key: value" lines): a value one
    # of them writes is no conflict ("CEO was Steve Jobs until 2011" against a record's current
    # CEO, with an article that says so)
    text_words = frozenset().union(
        *(_words(s) for s in sources if isinstance(s, str) and json_record(s) is None and not _LINE.search(s))
    )
    folded = fold_accents(answer) if len(fold_accents(answer)) == len(answer) else answer
    out: List[Dict[str, Any]] = []
    seen = set()
    for key, values in fields.items():
        kinds = [k for k, (keys, _) in closed.items() if set(key.split()) & keys]
        key_re = re.escape(key).replace("colou?r", "colour").replace("colour", "colou?r").replace("color", "colou?r")
        patterns = [
            rf"\b{key_re}(?:e?s)?(?:\s+of\s+[^.,;:\n]{{1,60}}?)?\s+(?:is|was|are|were|remains|:|=)\s+"
            r"(?:the\s+|a\s+|an\s+|in\s+)?(?P<v>[^,;:()\n]{1,60})"
        ]
        for kind in kinds:
            words = "|".join(re.escape(w) for w in closed[kind][1])
            patterns.append(
                rf"\b(?:in|comes?\s+in|available\s+in)\s+(?:a\s+|an\s+)?(?P<v>(?:(?:{words})[ -]){{0,2}}(?:{words}))\b"
                # the value ends the phrase ("in navy blue.", "in olive green or black"), not a
                # word that describes something else ("in mint condition", "in a plastic case")
                r"(?=\s*(?:[.,;:!?)\n]|$|(?:and|or|with|finish|colou?r|shade|tone|version|edition)\b))"
            )
            patterns.append(rf"\b(?P<v>(?:(?:{words})[ -]){{0,2}}(?:{words}))[ -](?:{key_re}|finish|colou?red)\b")
        for pattern in patterns:
            for m in re.finditer(pattern, folded, re.I):
                said = _CUT.split(m.group("v"), maxsplit=1)[0].strip()
                start = m.start("v")
                end = start + len(said)
                if not said or (start, end) in seen:
                    continue
                if _agrees(said, values):
                    status, reason = "grounded", f"{answer[start:end]!r}: the sources give {key} {values[0]!r}"
                else:
                    kind = _same_kind(said, values, closed)
                    if kind is None or _words(said) <= text_words:
                        continue
                    shown = " / ".join(repr(v) for v in dict.fromkeys(values[:3]))
                    status, reason = "conflict", f"{answer[start:end]!r} where the sources give {key} {shown}"
                seen.add((start, end))
                out.append(
                    {
                        "start": start,
                        "end": end,
                        "text": answer[start:end],
                        "path": "field",
                        "check": "field",
                        "key": key,
                        "claim": answer[start:end],
                        "clause": [start, end],
                        "status": status,
                        "value": values[0],
                        "reason": reason,
                    }
                )
    return sorted(out, key=lambda f: f["start"])
