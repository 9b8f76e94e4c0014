"""Synthetic hallucinations made from clean train answers by the project's own parts, each with
the character span of what changed, for training (never from a dev split).

From each clean answer, seeded, at most one of each kind:

- ``number_changed``: a money, percent, quantity, count or date of the answer
  (``text.normalize.find_claims``) written with another value; kept only when ``text.compare``
  finds the new value differs from the old one (so "$2.85 billion" never becomes "$2,850 million");
- ``name_swapped``: a name the answer takes from the sources (``checks.names``) replaced by
  another name those sources give, of as many words;
- ``negation_flipped``: a verb denied ("was" -> "was not", "has" -> "has not") or a denial
  dropped ("did not" -> "did", "isn't" -> "is");
- ``roles_swapped``: two names around a verb put the other way round ("Acme acquired
  Brightline" -> "Brightline acquired Acme"); symmetric verbs ("met") are left alone;
- ``foreign_detail``: a sentence of another record's sources (with a number or a name) added
  after an answer sentence;
- ``source_contradicted``: a source sentence with a number, the number changed as in
  ``number_changed``, added after an answer sentence.

Each result is the record with ``answer`` changed, ``hallucinated`` true, ``spans`` the changed
characters (label ``synthetic:KIND``), ``id`` ending ``#KIND`` and ``synthetic`` naming the kind
and the change. The sources are unchanged, so grouped folds keep it with its original.

``python -m spacy_ground.training.synthetic TRAIN.jsonl [TRAIN.jsonl ...] --output OUT.jsonl``
writes them and prints the count of each kind per file.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from spacy_ground.checks.names import PASSIVE, Name, find_names, forms, load_terms, stems
from spacy_ground.sources.readers import source_text
from spacy_ground.sources.words import fold_accents, split_sentences
from spacy_ground.text.compare import DIFFERS, compare
from spacy_ground.text.normalize import find_claims
from spacy_ground.text.values import ClaimValue

KINDS = (
    "number_changed",
    "name_swapped",
    "negation_flipped",
    "roles_swapped",
    "foreign_detail",
    "source_contradicted",
)
_NUMBER_KINDS = frozenset({"money", "percent", "quantity", "cardinal", "date"})
_DIGITS = re.compile(r"\d{1,3}(?:,\d{3}){1,6}(?:\.\d{1,6})?|\d{1,15}(?:\.\d{1,6})?")
_AUXILIARY = re.compile(r"\b(is|are|was|were|has|have|had|can|will|could|should|would|may|might|must)\b(?!\s+not\b)")
# a denial and what the sentence says without it
_DENIALS = (
    (re.compile(r"\b(is|are|was|were|has|have|had|does|did|do|can|will|could|would|should)\s+not\s+"), r"\1 "),
    (re.compile(r"\b(is|are|was|were|has|have|had|does|did|do|could|would|should)n['’]t\b"), r"\1"),
    (re.compile(r"\b(can)['’]?not\b|\bcan['’]t\b"), "can"),
    (re.compile(r"\bwon['’]t\b"), "will"),
)
_DEV_FILE = re.compile(r"(?:^|[_./-])dev(?:[_./-]|$)")


def replace_span(text: str, start: int, end: int, new: str) -> str:
    """``text`` with its characters ``start:end`` replaced by ``new``."""
    return text[:start] + new + text[end:]


def known_words(texts: Iterable[str]) -> set:
    """Every written form (``checks.names.forms``) of every word of ``texts``."""
    words: set = set()
    for s in texts:
        for t in re.findall(r"[A-Za-z0-9]+(?:['’&-][A-Za-z0-9]+)*", fold_accents(s)):
            words.update(forms(t))
    return words


def new_number(written: str, rng: random.Random, year: bool = False) -> Optional[str]:
    """Another number written the way ``written`` is ("2.85" -> "3.42", "2,847" -> "3,986",
    a year "2021" -> "2018"); None when ``written`` is not a plain number."""
    plain = written.replace(",", "")
    try:
        value = float(plain)
    except ValueError:
        return None
    decimals = len(plain.split(".")[1]) if "." in plain else 0
    if year:
        new = value + rng.choice((-3, -2, -1, 1, 2, 3))
    elif value < 10 and decimals == 0:
        new = value + rng.choice((1, 2, 3)) if value < 2 else value + rng.choice((-2, -1, 1, 2, 3))
    else:
        new = value * rng.choice((0.6, 0.75, 1.3, 1.5, 2.0))
    text = f"{new:,.{decimals}f}" if "," in written else f"{new:.{decimals}f}"
    return None if text == written else text


def change_number(
    text: str,
    rng: random.Random,
    found: Optional[List[Tuple[int, int, ClaimValue]]] = None,
    keep: Optional[Callable[[ClaimValue], bool]] = None,
) -> Optional[Tuple[str, int, int, str]]:
    """``text`` with one of its numeric claims given another value the comparison tells apart:
    (new text, start, end of the new claim, "old -> new"), or None. ``found``: the claims to try,
    in this order (default: every numeric claim of ``text``, shuffled); ``keep``: what the new
    value must also pass."""
    if found is None:
        found = [(s, e, v) for s, e, v in find_claims(text) if v.kind in _NUMBER_KINDS and v.normalisable]
        rng.shuffle(found)
    for start, end, value in found:
        digits = list(_DIGITS.finditer(text, start, end))
        if not digits:
            continue
        d = digits[-1]
        is_year = value.kind == "date" or (len(d.group(0)) == 4 and 1800 <= float(d.group(0).replace(",", "")) <= 2100)
        new = new_number(d.group(0), rng, year=is_year)
        if new is None:
            continue
        out = replace_span(text, d.start(), d.end(), new)
        new_end = end + len(new) - len(d.group(0))
        again = [v for s, e, v in find_claims(out) if s == start and e == new_end]
        if again and compare(again[0], value).result == DIFFERS and (keep is None or keep(again[0])):
            return out, start, new_end, f"{text[start:end]} -> {out[start:new_end]}"
    return None


def _sources(rec: Dict[str, Any]) -> List[str]:
    return [source_text(s) for s in rec.get("sources") or []]


def grounded_names(answer: str, known: set) -> List[Name]:
    """The names of ``answer`` (not opening a sentence, over two characters) whose every word
    is in ``known``."""
    return [
        n
        for n in find_names(answer)
        if not n.opens and len(n.text) > 2 and all(any(f in known for f in forms(w)) for w in n.words)
    ]


def swap_name(rec: Dict[str, Any], rng: random.Random) -> Optional[Tuple[str, int, int, str]]:
    """A name the answer takes from the sources replaced by another name of those sources."""
    answer, sources = rec["answer"], _sources(rec)
    names = grounded_names(answer, known_words(sources + [rec.get("question") or ""]))
    in_answer = {w for m in find_names(answer) for w in m.words}
    others = sorted(
        {x.text: x for s in sources for x in find_names(s) if not x.opens and not set(x.words) & in_answer}.items()
    )
    choices = []
    for n in names:
        pool = [t for t, x in others if len(x.words) == len(n.words) and t[:4].lower() != n.text[:4].lower()]
        if pool:
            choices.append((n, pool))
    if not choices:
        return None
    n, pool = rng.choice(choices)
    new = rng.choice(pool)
    return replace_span(answer, n.start, n.end, new), n.start, n.start + len(new), f"{n.text} -> {new}"


def flip_negation(answer: str, rng: random.Random) -> Optional[Tuple[str, int, int, str]]:
    """A denial dropped where the answer has one, else an auxiliary verb denied."""
    for pattern, repl in _DENIALS:
        hits = list(pattern.finditer(answer))
        if hits:
            m = rng.choice(hits)
            new = m.expand(repl) if "\\" in repl else repl
            out = replace_span(answer, m.start(), m.end(), new)
            return out, m.start(), m.start() + len(new.rstrip()), f"{m.group(0).strip()} -> {new.strip()}"
    hits = list(_AUXILIARY.finditer(answer))
    if not hits:
        return None
    m = rng.choice(hits)
    new = f"{m.group(1)} not"
    return replace_span(answer, m.start(), m.end(), new), m.start(), m.start() + len(new), f"{m.group(0)} -> {new}"


def swap_roles(answer: str, rng: random.Random) -> Optional[Tuple[str, int, int, str]]:
    """Two names around a verb in one clause put the other way round."""
    terms = load_terms()
    pairs = []
    for s0, s1 in split_sentences(answer):
        sentence = answer[s0:s1]
        names = find_names(sentence)
        for a, b in zip(names, names[1:]):
            gap = sentence[a.end : b.start]
            if (
                a.opens
                or b.opens
                or len(gap.split()) > 5
                or not (0 < len(gap) <= 40)
                or re.search(r"[,;:()\"]|\b(?:and|or|of|with)\b|['’]s?\s", gap, re.I)
            ):
                continue
            verbs = stems(gap)
            if not verbs or set(a.words) & set(b.words) or any(v.startswith(terms.symmetric) for v in verbs):
                continue
            if PASSIVE.search(gap) or re.search(r"[a-z]{3,}(?:ed|s)\b", gap):
                pairs.append((s0 + a.start, s0 + a.end, s0 + b.start, s0 + b.end))
    if not pairs:
        return None
    a0, a1, b0, b1 = rng.choice(pairs)
    first, middle, second = answer[a0:a1], answer[a1:b0], answer[b0:b1]
    out = answer[:a0] + second + middle + first + answer[b1:]
    return out, a0, a0 + len(second) + len(middle) + len(first), f"{first} / {second} swapped"


def _insert_after_sentence(answer: str, sentence: str, rng: random.Random) -> Tuple[str, int, int]:
    """``sentence`` added after one of the answer's sentences: (new answer, start, end)."""
    ends = [e for _, e in split_sentences(answer)] or [len(answer)]
    at = rng.choice(ends)
    piece = " " + sentence.strip()
    return answer[:at] + piece + answer[at:], at + 1, at + len(piece)


def _sentences_with_facts(text: str) -> List[str]:
    out = []
    for s, e in split_sentences(text):
        sent = " ".join(text[s:e].split())
        if 30 <= len(sent) <= 300 and (_DIGITS.search(sent) or find_names(sent)):
            out.append(sent)
    return out


def synthesize(rec: Dict[str, Any], other: Optional[Dict[str, Any]], rng: random.Random) -> List[Dict[str, Any]]:
    """The synthetic hallucinations of one clean record (``other``: a record with other sources,
    for ``foreign_detail``)."""
    answer = rec["answer"]
    out: List[Dict[str, Any]] = []

    def emit(kind: str, made: Optional[Tuple[str, int, int, str]]) -> None:
        if made is None or made[0] == answer:
            return
        text, start, end, change = made
        out.append(
            dict(
                rec,
                id=f"{rec['id']}#{kind}",
                answer=text,
                hallucinated=True,
                spans=[{"start": start, "end": end, "text": text[start:end], "label": f"synthetic:{kind}"}],
                synthetic={"kind": kind, "change": change},
            )
        )

    emit("number_changed", change_number(answer, rng))
    emit("name_swapped", swap_name(rec, rng))
    emit("negation_flipped", flip_negation(answer, rng))
    emit("roles_swapped", swap_roles(answer, rng))
    if other is not None:
        known = known_words(_sources(rec))
        foreign = [
            s for src in _sources(other) for s in _sentences_with_facts(src) if not set(known_words([s])) <= known
        ]
        if foreign:
            sentence = rng.choice(foreign)
            text, start, end = _insert_after_sentence(answer, sentence, rng)
            emit("foreign_detail", (text, start, end, f"added from {other['id']}"))
    own = [s for src in _sources(rec) for s in _sentences_with_facts(src) if _DIGITS.search(s)]
    rng.shuffle(own)
    for sentence in own[:5]:
        changed = change_number(sentence, rng)
        if changed is not None:
            text, start, end = _insert_after_sentence(answer, changed[0], rng)
            emit("source_contradicted", (text, start, end, changed[3]))
            break
    return out


def build(records: Sequence[Dict[str, Any]], seed: int = 0) -> List[Dict[str, Any]]:
    """Synthetic hallucinations of every clean record, seeded: the same records and seed give
    the same output. Raises ValueError for a record of a dev split."""
    rng = random.Random(seed)
    for r in records:
        if r.get("split") == "dev":
            raise ValueError(f"{r.get('id')}: synthetic data is made from train splits only, never dev")
    clean = [r for r in records if not r.get("hallucinated") and r.get("answer")]
    out = []
    for i, rec in enumerate(clean):
        others = [r for r in (clean[(i + k) % len(clean)] for k in (1, 2, 3)) if r.get("sources") != rec.get("sources")]
        out += synthesize(rec, others[0] if others else None, rng)
    return out


def main(argv: Optional[List[str]] = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", nargs="+", help="JSONL files in the data format (train splits)")
    ap.add_argument("--output", required=True)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    made: List[Dict[str, Any]] = []
    for path in args.data:
        if _DEV_FILE.search(Path(path).name):
            sys.exit(f"error: {path}: synthetic data is made from train splits only, never dev")
        records = [json.loads(line) for line in open(path, encoding="utf8") if line.strip()]
        these = build(records, args.seed)
        counts = Counter(r["synthetic"]["kind"] for r in these)
        clean = sum(not r.get("hallucinated") for r in records)
        print(f"{Path(path).name}: {clean} clean answers -> " + ", ".join(f"{k} {counts[k]}" for k in KINDS))
        made += these
    Path(args.output).parent.mkdir(parents=True, exist_ok=True)
    with open(args.output, "w", encoding="utf8") as fh:
        for r in made:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(made)} synthetic answers -> {args.output}")


if __name__ == "__main__":
    main()
