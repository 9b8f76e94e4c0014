"""Probes: clean answers changed on purpose, to measure what the pipeline catches.

From each clean (unlabelled-as-hallucinated) answer, seeded, at most one probe of each kind:

- ``name_swap``: a name the answer takes from the sources replaced by another name the same
  sources give (as many words; not in the answer): should be flagged;
- ``name_invented``: the same name replaced by a name no source gives: should be flagged;
- ``field_swap``: a record field the answer states (checks.fields, grounded) replaced by another
  value of the same kind the sources give another key: should be flagged;
- ``equal_rewrite``: the same meaning in other words ("does not" -> "doesn't", "said" ->
  "stated"): should pass as the answer did;
- ``number_absent``: a number the answer takes from the sources (a price, a count, a year)
  changed to a value no source states: should be flagged;
- ``number_other``: the same number changed to another value the sources state of something
  else (of the same kind and unit, within a factor of ten of it): should be flagged;
- ``number_rewrite``: a number written another way with the same value ("$2.85 billion" ->
  "$2,850 million", "12%" -> "12 percent", "4000" -> "4,000"): should pass as the answer did;
- ``number_derived``: a sentence added that computes a correct value (a sum, a difference, a
  change in percent) from two amounts one source sentence states: should pass as the answer did.

Number probes also record how the changed claim itself was judged (``ground_numeric``): the
share judged mismatch or unsupported, and the share grounded as derived (for ``number_absent``,
a wrong value grounded by a computation by chance).

``python -m spacy_ground.training.probes DATA.jsonl [DATA.jsonl ...] --output runs/probes.json``
checks each probe with the default pipeline and writes, per kind, how many probes there were,
the share flagged (action flag or block), and the share flagged among probes whose original
answer passed. ``--statements FILE`` also measures a set of financial QA answers over statement
pages (``corpus/statements_qa``): per operation, the share of correct computed answers flagged
and of wrong ones caught, by the whole pipeline and by its number rules alone.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import re
import sys
from datetime import date
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Tuple

from spacy_ground.checks.fields import check_fields
from spacy_ground.checks.names import find_names, forms
from spacy_ground.sources.readers import source_text
from spacy_ground.sources.words import fold_accents
from spacy_ground.text.compare import DIFFERS, EQUAL, compare, same_value
from spacy_ground.text.normalize import find_claims
from spacy_ground.text.values import ClaimValue
from spacy_ground.training.synthetic import change_number, grounded_names, known_words, replace_span

# names no source of the probe sets gives (checked per answer before use)
INVENTED = (
    "Marta Kowalczyk",
    "Tobias Lindqvist",
    "Harriet Okonkwo",
    "Quentin Albrecht",
    "Veridian Holdings",
    "Castellane Group",
    "Port Elsworth",
    "Nerida Falls",
)
_CONTRACTIONS = (("does not", "doesn't"), ("did not", "didn't"), ("is not", "isn't"), ("was not", "wasn't"))
# a word for a word of the same meaning, where the sentence keeps it ("stated" for "said")
_SYNONYMS = (
    ("said", "stated"),
    ("approximately", "about"),
    ("purchased", "bought"),
    ("large", "big"),
    ("began", "started"),
    ("additionally", "also"),
    ("however", "but"),
    ("assist", "help"),
    ("offers", "provides"),
    ("located", "situated"),
)
KINDS = (
    "name_swap",
    "name_invented",
    "field_swap",
    "equal_rewrite",
    "number_absent",
    "number_other",
    "number_rewrite",
    "number_derived",
)
SHOULD_PASS = ("equal_rewrite", "number_rewrite", "number_derived")
_NUMBER_KINDS = ("money", "percent", "quantity", "cardinal", "date")
_SCALES = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
_WRITTEN_MONEY = re.compile(
    r"^([$€£])\s?(\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?)(?:\s+(million|billion|thousand))?$"
)


def probes_of(rec: Dict[str, Any], rng: random.Random) -> List[Dict[str, Any]]:
    """The probes of one clean answer (see the module's docstring), each a copy of the record
    with ``answer`` changed and ``probe`` naming the kind and the change."""
    answer, sources = rec["answer"], [source_text(s) for s in rec.get("sources") or []]
    known = known_words(sources + [rec.get("question") or ""])
    out: List[Dict[str, Any]] = []

    def probe(kind: str, new_answer: str, change: str) -> None:
        out.append(dict(rec, answer=new_answer, probe={"kind": kind, "change": change}))

    grounded = grounded_names(answer, known)
    answer_words = {w for n in find_names(answer) for w in n.words}
    if grounded:
        n = rng.choice(grounded)
        others = sorted(
            {
                x.text
                for s in sources
                for x in find_names(s)
                if not x.opens
                and len(x.words) == len(n.words)
                and not set(x.words) & answer_words
                and not any(x.text[:4].lower() == n.text[:4].lower() for _ in (0,))
            }
        )
        if others:
            new = rng.choice(others)
            probe("name_swap", replace_span(answer, n.start, n.end, new), f"{n.text} -> {new}")
        fresh = [x for x in INVENTED if not any(forms(w)[0] in known for w in x.lower().split())]
        fresh = [x for x in fresh if (len(x.split()) > 1) == (len(n.words) > 1)] or fresh
        if fresh:
            new = rng.choice(fresh)
            probe("name_invented", replace_span(answer, n.start, n.end, new), f"{n.text} -> {new}")
    for long, short in _CONTRACTIONS + _SYNONYMS:
        m = re.search(rf"\b{long}\b", answer)
        if m:
            probe("equal_rewrite", replace_span(answer, m.start(), m.end(), short), f"{long} -> {short}")
            break
    fields = [f for f in check_fields(answer, rec.get("sources") or []) if f["status"] == "grounded"]
    if fields:
        f = rng.choice(fields)
        said = answer[f["start"] : f["end"]]
        pool = sorted(
            {
                x.text
                for s in sources
                for x in find_names(s)
                if not x.opens and not set(x.words) & set(w.lower() for w in re.findall(r"\w+", fold_accents(said)))
            }
        )
        if said[:1].isupper() and pool:
            new = rng.choice(pool)
            probe("field_swap", replace_span(answer, f["start"], f["end"], new), f"{f['key']}: {said} -> {new}")
    out += number_probes(rec, rng)
    return out


def _reread(text: str, start: int, end: int) -> Optional[ClaimValue]:
    """The claim ``find_claims`` reads at exactly ``start:end`` of ``text``, if any."""
    for s, e, v in find_claims(text):
        if s == start and e == end:
            return v
    return None


def _equal_any(value: ClaimValue, values: Iterable[ClaimValue]) -> bool:
    return any(compare(value, v).result == EQUAL for v in values)


def _near_in_size(a: ClaimValue, b: ClaimValue) -> bool:
    """Whether two values are within a factor of ten of each other (a figure one could take for
    the other: a price for another price, not a count for a record's identifier)."""
    x, y = abs(a.value or 0.0), abs(b.value or 0.0)
    return x > 0 and y > 0 and max(x, y) <= 10 * min(x, y)


def _money_text(symbol: str, amount: float, scale: Optional[str], decimals: int) -> str:
    return f"{symbol}{amount:,.{decimals}f}" + (f" {scale}" if scale else "")


def _rewrites(written: str, value: ClaimValue) -> List[str]:
    """Other ways of writing ``written`` with the same value."""
    out = []
    m = _WRITTEN_MONEY.match(written)
    if m:
        symbol, number, scale = m.group(1), float(m.group(2).replace(",", "")), m.group(3)
        decimals = len(m.group(2).split(".")[1]) if "." in m.group(2) else 0
        if scale in ("billion", "million") and decimals <= 3:
            smaller = "million" if scale == "billion" else "thousand"
            out.append(_money_text(symbol, number * 1000, smaller, max(0, decimals - 3)))
        elif scale is None and number >= 1000 and decimals == 0:
            out.append(written.replace(",", "") if "," in written else _money_text(symbol, number, None, 0))
    pct = re.match(r"^(\d+(?:\.\d+)?)\s?%$", written)
    if pct:
        out.append(f"{pct.group(1)} percent")
    pct_word = re.match(r"^(\d+(?:\.\d+)?)\s+(?:percent|per cent)$", written)
    if pct_word:
        out.append(f"{pct_word.group(1)}%")
    plain = re.fullmatch(r"\d{4,9}|\d{1,3}(?:,\d{3})+", written)
    if plain and value.kind in ("cardinal", "quantity", "money") and not (value.kind == "date"):
        n = int(written.replace(",", ""))
        out.append(str(n) if "," in written else f"{n:,}")
    return out


def number_probes(rec: Dict[str, Any], rng: random.Random) -> List[Dict[str, Any]]:
    """The number probes of one clean answer: ``number_absent``, ``number_other``,
    ``number_rewrite`` and ``number_derived`` (see the module's docstring); each probe's
    ``start`` / ``end`` give the changed claim's place in the new answer."""
    answer = rec["answer"]
    texts = [source_text(s) for s in rec.get("sources") or []]
    source_claims = [(t, s, e, v) for t in texts for s, e, v in find_claims(t) if v.normalisable and v.low is not None]
    source_values = [v for _, _, _, v in source_claims]
    found = [(s, e, v) for s, e, v in find_claims(answer) if v.kind in _NUMBER_KINDS and v.normalisable]
    stated = [(s, e, v) for s, e, v in found if v.low is not None and _equal_any(v, source_values)]
    out: List[Dict[str, Any]] = []

    def probe(kind: str, new_answer: str, start: int, end: int, change: str) -> None:
        out.append(dict(rec, answer=new_answer, probe={"kind": kind, "change": change, "start": start, "end": end}))

    rng.shuffle(stated)
    absent = change_number(  # a value no source states
        answer, rng, stated, keep=lambda v: v.low is not None and not _equal_any(v, source_values)
    )
    if absent is not None:
        changed, start, new_end, change = absent
        probe("number_absent", changed, start, new_end, change)
    answer_values = [v for _, _, v in found]
    for start, end, value in stated:  # a value the sources state of something else
        if value.kind == "date":
            continue
        others = sorted(
            {
                t[s:e]
                for t, s, e, v in source_claims
                if v.kind == value.kind
                and v.unit == value.unit
                and v.currency == value.currency
                and compare(value, v).result == DIFFERS
                and not _equal_any(v, answer_values)
                and not v.is_range
                and not v.approx
                and _near_in_size(v, value)
            }
        )
        if not others:
            continue
        new = rng.choice(others)
        changed = replace_span(answer, start, end, new)
        again = _reread(changed, start, start + len(new))
        if again is None or compare(again, value).result != DIFFERS:
            continue
        probe("number_other", changed, start, start + len(new), f"{answer[start:end]} -> {new}")
        break
    for start, end, value in sorted(stated, key=lambda t: t[0]):  # the same value written another way
        for new in _rewrites(answer[start:end], value):
            changed = replace_span(answer, start, end, new)
            again = _reread(changed, start, start + len(new))
            if again is not None and compare(again, value).result == EQUAL and same_value(again, value):
                probe("number_rewrite", changed, start, start + len(new), f"{answer[start:end]} -> {new}")
                break
        else:
            continue
        break
    derived = _derived_sentence(texts, rng)
    if derived is not None:
        sentence, offset, length, change = derived
        joined = answer.rstrip()
        glue = " " if joined.endswith((".", "!", "?")) else ". "
        new_answer = joined + glue + sentence
        at = len(joined) + len(glue) + offset
        probe("number_derived", new_answer, at, at + length, change)
    return out


def _derived_sentence(texts: List[str], rng: random.Random) -> Optional[Tuple[str, int, int, str]]:
    """A sentence computing a correct value from two amounts one source sentence states ("$5
    million exceeds $4 million by $1 million."): (sentence, offset and length of
    the computed value in it, a description), or None."""
    from spacy_ground.sources.words import split_sentences

    pairs = []
    for text in texts:
        for lo, hi in split_sentences(text):
            sent = text[lo:hi]
            money = []
            for s, e, v in find_claims(sent):
                m = _WRITTEN_MONEY.match(sent[s:e])
                if v.kind == "money" and m and not v.approx and not v.is_range:
                    money.append((m, v))
            for i in range(len(money)):
                for j in range(i + 1, len(money)):
                    (ma, a), (mb, b) = money[i], money[j]
                    if ma.group(1) == mb.group(1) and ma.group(3) == mb.group(3) and a.value != b.value:
                        pairs.append((ma, mb))
    if not pairs:
        return None
    ma, mb = rng.choice(pairs)
    symbol, scale = ma.group(1), ma.group(3)
    x, y = (float(m.group(2).replace(",", "")) for m in (ma, mb))
    decimals = max(len(m.group(2).split(".")[1]) if "." in m.group(2) else 0 for m in (ma, mb))
    op = rng.choice(("sum", "difference", "growth"))
    a_text, b_text = ma.group(0), mb.group(0)
    if op == "sum":
        value = _money_text(symbol, x + y, scale, decimals)
        sentence = f"Together, {a_text} and {b_text} come to {value}."
    elif op == "difference":
        value = _money_text(symbol, abs(x - y), scale, decimals)
        large, small = (a_text, b_text) if x > y else (b_text, a_text)
        sentence = f"{large} exceeds {small} by {value}."
    else:
        if min(x, y) <= 0:
            return None
        small, large = sorted((x, y))
        pct = (large - small) / small * 100
        value = f"{pct:.1f}%"
        small_text, large_text = (a_text, b_text) if x < y else (b_text, a_text)
        sentence = f"{large_text} is {value} more than {small_text}."
    at = sentence.rindex(value)
    return sentence, at, len(value), f"{op}: {value} from {a_text} and {b_text}"


def build(records: Iterable[Dict[str, Any]], seed: int = 0) -> List[Dict[str, Any]]:
    """Probes of every clean answer, seeded (the same records and seed give the same probes)."""
    rng = random.Random(seed)
    out = []
    for rec in records:
        if rec.get("hallucinated") or not rec.get("sources") or not rec.get("answer"):
            continue
        out += probes_of(rec, rng)
    return out


def measure(nlp, probes: List[Dict[str, Any]], originals: Dict[str, str]) -> Dict[str, Any]:
    """Per kind: probes, share flagged, share flagged where the original answer passed."""
    from spacy_ground.api import check

    by_kind: Dict[str, Dict[str, Any]] = {}
    examples: Dict[str, List[Dict[str, str]]] = {}
    for i, p in enumerate(probes):
        doc = check(nlp, p["answer"], sources=p["sources"], question=p.get("question"))
        g = doc._.grounding
        kind = p["probe"]["kind"]
        row = by_kind.setdefault(kind, {"probes": 0, "flagged": 0, "original_passed": 0, "flagged_of_passed": 0})
        flagged = g.action != "pass"
        row["probes"] += 1
        row["flagged"] += flagged
        if "start" in p["probe"]:
            judged = changed_claim(doc, p["probe"]["start"], p["probe"]["end"])
            status = judged.get("status") if judged else "not read"
            row.setdefault("claim_status", {})
            row["claim_status"][status] = row["claim_status"].get(status, 0) + 1
            row["claim_flagged"] = row.get("claim_flagged", 0) + (status in ("mismatch", "unsupported"))
            row["claim_derived"] = row.get("claim_derived", 0) + bool(judged and judged.get("derived"))
        if originals.get(p["id"]) == "pass":
            row["original_passed"] += 1
            row["flagged_of_passed"] += flagged
        if len(examples.setdefault(kind, [])) < 3:
            examples[kind].append({"id": p["id"], "change": p["probe"]["change"], "action": g.action})
        print(f"\rprobes {i + 1}/{len(probes)}", end="", file=sys.stderr)
    print(file=sys.stderr)
    for row in by_kind.values():
        row["share_flagged"] = row["flagged"] / row["probes"] if row["probes"] else None
        if "claim_flagged" in row:
            row["share_claim_flagged"] = row["claim_flagged"] / row["probes"]
            row["share_claim_derived"] = row["claim_derived"] / row["probes"]
        row["share_flagged_of_passed"] = (
            row["flagged_of_passed"] / row["original_passed"] if row["original_passed"] else None
        )
    return {"kinds": by_kind, "examples": examples}


def measure_statements(nlp, rules, records: List[Dict[str, Any]]) -> Dict[str, Any]:
    """Per operation (and overall): correct computed answers flagged and wrong ones caught, by the
    whole pipeline (action flag or block) and by its number rules (``rules``: a claim judged
    mismatch or unsupported); and how many correct figures were grounded as derived."""
    from spacy_ground.api import check

    rows: Dict[str, Dict[str, int]] = {}
    for i, rec in enumerate(records):
        g = check(nlp, rec["answer"], sources=rec["sources"], question=rec.get("question"))._.grounding
        doc = check(rules, rec["answer"], sources=rec["sources"], question=rec.get("question"))
        judged = [c._.ground_numeric for c in doc.spans["ground_claims"]]
        by_rules = any(j["status"] in ("mismatch", "unsupported") for j in judged)
        which = "wrong" if rec.get("hallucinated") else "correct"
        for op in (rec.get("operation") or "other", "all"):
            row = rows.setdefault(op, {})
            row[which] = row.get(which, 0) + 1
            row[f"{which}_flagged"] = row.get(f"{which}_flagged", 0) + (g.action != "pass")
            row[f"{which}_rules"] = row.get(f"{which}_rules", 0) + by_rules
            row[f"{which}_derived"] = row.get(f"{which}_derived", 0) + any(j.get("derived") for j in judged)
        if (i + 1) % 20 == 0 or i + 1 == len(records):
            print(f"\rstatements {i + 1}/{len(records)}", end="", file=sys.stderr)
    print(file=sys.stderr)
    return rows


def statements_table(rows: Dict[str, Dict[str, int]]) -> str:
    """The Markdown table of ``measure_statements``."""

    def share(row: Dict[str, int], key: str, of: str) -> str:
        return f"{row.get(key, 0) / row[of]:.1%}" if row.get(of) else "-"

    lines = [
        "| operation | correct | flagged | flagged by the rules | wrong | caught | caught by the rules |",
        "|---|---|---|---|---|---|---|",
    ]
    for op in sorted(rows, key=lambda k: (k == "all", k)):
        row = rows[op]
        lines.append(
            f"| {op} | {row.get('correct', 0)} | {share(row, 'correct_flagged', 'correct')} "
            f"| {share(row, 'correct_rules', 'correct')} | {row.get('wrong', 0)} | {share(row, 'wrong_flagged', 'wrong')} "
            f"| {share(row, 'wrong_rules', 'wrong')} |"
        )
    return "\n".join(lines)


def changed_claim(doc, start: int, end: int) -> Optional[Dict[str, Any]]:
    """``ground_numeric`` of the answer claim that covers most of ``start:end``, or None."""
    best, most = None, 0
    for span in doc.spans.get("ground_claims", []):
        shared = min(end, span.end_char) - max(start, span.start_char)
        if shared > most and span._.ground_numeric:
            best, most = span._.ground_numeric, shared
    return best


def table(metrics: Dict[str, Any]) -> str:
    """The Markdown table of a probes run: per set and kind, probes, share flagged, share
    flagged among the probes whose original answer passed and, for number probes, the share
    whose changed claim was judged mismatch or unsupported, and the share grounded as derived."""

    def share(x: Optional[float]) -> str:
        return "-" if x is None else f"{x:.1%}"

    lines = [
        "| set | probe | should | probes | flagged | flagged where the original passed (of) "
        "| claim mismatch or unsupported | claim derived |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name, data in metrics["sets"].items():
        for kind in KINDS:
            row = data["kinds"].get(kind)
            if row:
                should = "pass" if kind in SHOULD_PASS else "flag"
                lines.append(
                    f"| {name} | {kind} | {should} | {row['probes']} | {share(row['share_flagged'])} "
                    f"| {share(row['share_flagged_of_passed'])} ({row['original_passed']}) "
                    f"| {share(row.get('share_claim_flagged'))} | {share(row.get('share_claim_derived'))} |"
                )
    return "\n".join(lines)


def main(argv: Optional[List[str]] = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", nargs="+", help="JSONL files in the data format (dev splits)")
    ap.add_argument("--output", required=True)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--limit", type=int, default=0, help="at most this many clean answers of each file (0: all)")
    ap.add_argument("--kinds", nargs="+", choices=KINDS, help="only these kinds of probe (default: all)")
    ap.add_argument("--statements", help="also measure this financial QA set (corpus/statements_qa/*.jsonl)")
    args = ap.parse_args(argv)
    import spacy_ground
    from spacy_ground.api import check

    nlp = spacy_ground.load()
    meta = {
        "date": date.today().isoformat(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "command": "python -m spacy_ground.training.probes " + " ".join(argv if argv is not None else sys.argv[1:]),
    }
    result: Dict[str, Any] = {"meta": meta, "seed": args.seed, "sets": {}}
    for path in args.data:
        records = [json.loads(line) for line in open(path, encoding="utf8") if line.strip()]
        if args.limit:
            clean = [r for r in records if not r.get("hallucinated")]
            records = random.Random(args.seed).sample(clean, min(args.limit, len(clean)))
        probes = [p for p in build(records, args.seed) if not args.kinds or p["probe"]["kind"] in args.kinds]
        ids = {p["id"] for p in probes}
        originals = {}
        for rec in records:
            if rec["id"] in ids:
                originals[rec["id"]] = check(
                    nlp, rec["answer"], sources=rec["sources"], question=rec.get("question")
                )._.grounding.action
        name = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        result["sets"][name] = dict(
            measure(nlp, probes, originals), clean_answers=sum(not r.get("hallucinated") for r in records)
        )
    if args.statements:
        records = [json.loads(line) for line in open(args.statements, encoding="utf8") if line.strip()]
        rules = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
        result["statements"] = {"file": args.statements, "operations": measure_statements(nlp, rules, records)}
    Path(args.output).parent.mkdir(parents=True, exist_ok=True)
    Path(args.output).write_text(json.dumps(result, indent=1), encoding="utf8")
    print(table(result))
    if args.statements:
        print(statements_table(result["statements"]["operations"]))


if __name__ == "__main__":
    main()
