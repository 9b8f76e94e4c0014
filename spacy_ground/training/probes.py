"""Probes: clean answers changed on purpose, to measure what the pipeline catches.

From each clean (unlabelled-as-hallucinated) answer, seeded, at most one probe of each kind:

- ``name_swap``: a name the answer takes from the sources replaced by another name the same
  sources give (as many words; not in the answer): should be flagged;
- ``name_invented``: the same name replaced by a name no source gives: should be flagged;
- ``field_swap``: a record field the answer states (checks.fields, grounded) replaced by another
  value of the same kind the sources give another key: should be flagged;
- ``equal_rewrite``: the same meaning in other words ("does not" -> "doesn't", "said" ->
  "stated"): should pass as the answer did.

``python -m spacy_ground.training.probes DATA.jsonl [DATA.jsonl ...] --output runs/probes.json``
checks each probe with the default pipeline and writes, per kind, how many probes there were,
the share flagged (action flag or block), and the share flagged among probes whose original
answer passed.
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
from typing import Any, Dict, Iterable, List, Optional

from spacy_ground.checks.fields import check_fields
from spacy_ground.checks.names import find_names, forms
from spacy_ground.sources.readers import source_text
from spacy_ground.sources.words import fold_accents
from spacy_ground.training.synthetic import grounded_names, known_words, replace_span

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
KINDS = ("name_swap", "name_invented", "field_swap", "equal_rewrite")


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
    return out


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
        g = check(nlp, p["answer"], sources=p["sources"], question=p.get("question"))._.grounding
        kind = p["probe"]["kind"]
        row = by_kind.setdefault(kind, {"probes": 0, "flagged": 0, "original_passed": 0, "flagged_of_passed": 0})
        flagged = g.action != "pass"
        row["probes"] += 1
        row["flagged"] += flagged
        if originals.get(p["id"]) == "pass":
            row["original_passed"] += 1
            row["flagged_of_passed"] += flagged
        if len(examples.setdefault(kind, [])) < 3:
            examples[kind].append({"id": p["id"], "change": p["probe"]["change"], "action": g.action})
        print(f"\rprobes {i + 1}/{len(probes)}", end="", file=sys.stderr)
    print(file=sys.stderr)
    for row in by_kind.values():
        row["share_flagged"] = row["flagged"] / row["probes"] if row["probes"] else None
        row["share_flagged_of_passed"] = (
            row["flagged_of_passed"] / row["original_passed"] if row["original_passed"] else None
        )
    return {"kinds": by_kind, "examples": examples}


def table(metrics: Dict[str, Any]) -> str:
    """The Markdown table of a probes run: per set and kind, probes, share flagged, and share
    flagged among the probes whose original answer passed."""

    def share(x: Optional[float]) -> str:
        return "-" if x is None else f"{x:.1%}"

    lines = [
        "| set | probe | should | probes | flagged | flagged where the original passed (of) |",
        "|---|---|---|---|---|---|",
    ]
    for name, data in metrics["sets"].items():
        for kind in KINDS:
            row = data["kinds"].get(kind)
            if row:
                should = "pass" if kind == "equal_rewrite" else "flag"
                lines.append(
                    f"| {name} | {kind} | {should} | {row['probes']} | {share(row['share_flagged'])} "
                    f"| {share(row['share_flagged_of_passed'])} ({row['original_passed']}) |"
                )
    return "\n".join(lines)


def main(argv: Optional[List[str]] = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", nargs="+", help="JSONL files in the data format (dev splits)")
    ap.add_argument("--output", required=True)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--limit", type=int, default=0, help="at most this many clean answers of each file (0: all)")
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
        probes = build(records, args.seed)
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
    Path(args.output).parent.mkdir(parents=True, exist_ok=True)
    Path(args.output).write_text(json.dumps(result, indent=1), encoding="utf8")
    print(table(result))


if __name__ == "__main__":
    main()
