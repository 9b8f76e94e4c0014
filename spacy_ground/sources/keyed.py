"""Record keys that name their value's unit: ``price_usd: 249.0`` is $249, ``weight_kg: 1.8``
is 1.8 kg, so that a record's number refutes an answer's figure in that unit as well as
grounding it. The keys' last words and how a number under them is written are data
(``lexicon/key_units.json``)."""

from __future__ import annotations

import functools
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Dict, Optional

from spacy_ground.text.normalize import find_claims
from spacy_ground.text.values import ClaimValue

KEY_UNITS = Path(__file__).parent.parent / "lexicon" / "key_units.json"
KEYED_UNIT = "a record key names its unit"  # ClaimValue.note of a record number read with its key's unit
_LAST_WORD = re.compile(r"(?:^|[._\s(-])([A-Za-z]+)\)?\s*$")  # "price_usd", "specs.weight-kg", "Price (USD)"
_NUMBER = re.compile(r"-?\d{1,15}(?:\.\d{1,10})?")


@functools.lru_cache(maxsize=4)
def key_units(path: Optional[str] = None) -> Dict[str, str]:
    """The table of ``lexicon/key_units.json`` (or ``path``): a key's last word, lower case, to
    how a number under it is written."""
    table = json.loads(Path(path or KEY_UNITS).read_text(encoding="utf8"))
    return {k.lower(): v for k, v in table.items() if not k.startswith("_")}


def key_unit(key: str, path: Optional[str] = None) -> Optional[str]:
    """How a number under ``key`` is written ("${n}" for "price_usd"), or None when its last
    word names no unit. A key of one word names a unit only by a longer word ("dollars", not "g")."""
    key = key.strip().rstrip(":").strip()
    m = _LAST_WORD.search(key)
    if m is None:
        return None
    word = m.group(1).lower()
    if m.start(1) == 0 and len(word) < 4:  # "m", "g" alone are no key naming a unit
        return None
    return key_units(path).get(word)


def keyed_value(key: str, number: str, path: Optional[str] = None) -> Optional[ClaimValue]:
    """``number`` (as the record writes it) read in the unit ``key`` names, or None."""
    form = key_unit(key, path)
    if form is None or not _NUMBER.fullmatch(number.strip()):
        return None
    text = form.replace("{n}", number.strip())
    found = find_claims(text)
    if len(found) != 1 or found[0][0] != 0 or found[0][1] != len(text):
        return None
    value = found[0][2]
    if value.kind not in ("money", "quantity", "percent"):
        return None
    return replace(value, note=KEYED_UNIT, text=text)
