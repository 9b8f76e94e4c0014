"""An exploratory review of HTML sources (2026-12-03, by a helper session): realistic HTML pages
and tables (cases.py: filings, news, specs, timetables, league tables; extra.py: narrowed
repros and adversarial inputs) with answers labelled "ok" (right) or "bad" (wrong), each run
through the whole default pipeline, with the same content written as Markdown where given.
A right answer flagged (or a claim of it mismatch / unsupported) is a FALSE_ALARM, a wrong one
passed a MISS; offsets and markup debris in evidence and reasons are audited (PROBLEM lines).

    python metrics/experiments/html_review/run.py cases     # or extra; from the repository root
    REPO=/tmp/before python metrics/experiments/html_review/run.py cases   # another checkout's code

Prints each answer and the tally; writes CASES.results.json beside this file.
"""
import json
import os
import re
import sys
import time
import traceback
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.environ.get("REPO", "."))
sys.path.insert(0, HERE)
warnings.simplefilter("always")
import spacy_ground  # noqa: E402
from spacy_ground.sources import _source_text, html_reading  # noqa: E402

import importlib  # noqa: E402

DEBRIS = re.compile(r"<[a-zA-Z/!?]|&[#a-zA-Z][a-zA-Z0-9]*;|\s{2,}|[\u200b\u00a0]")


def given(src):
    return src if isinstance(src, str) else _source_text(src)


def audit(doc, sources):
    problems = []
    texts = [given(s) for s in doc._.ground_sources]  # the sources as the components read them
    g = doc._.grounding
    for r in g.reasons:
        if DEBRIS.search(r):
            problems.append(f"debris in reason: {r!r}")
    for s in doc.spans["ground_sentences"]:
        for ev in (s._.evidence or [])[:1]:
            t = texts[ev["source"]]
            if DEBRIS.search(ev["text"]):
                problems.append(f"debris in evidence: {ev['text']!r}")
            raw = t[ev["start"]:ev["end"]]
            words = set(re.findall(r"\w+", html_reading(raw).lower()))
            evw = set(re.findall(r"\w+", ev["text"].lower()))
            if words and len(words & evw) / len(words) < 0.8:
                problems.append(f"evidence offsets: text {ev['text']!r} vs source slice {raw!r}")
    for c in doc.spans["ground_claims"]:
        r = c._.ground_numeric or {}
        n = r.get("nearest")
        if r.get("reason") and DEBRIS.search(r["reason"]):
            problems.append(f"debris in claim reason: {r['reason']!r}")
        if n and n.get("source") is not None and n.get("start") is not None and not n.get("derived"):
            # (a derived value, a change computed from two cells, spans both cells: not checked here)
            raw = texts[n["source"]][n["start"]:n["end"]]
            d_raw = re.sub(r"\D", "", raw)
            d_n = re.sub(r"\D", "", n["text"])
            if "<" in raw or (d_raw and d_raw not in d_n) or (not d_raw and d_n):
                problems.append(f"nearest offsets: {n['text']!r} vs source slice {raw!r}")
    return problems


def run_one(nlp, answer, sources):
    with warnings.catch_warnings(record=True) as w:
        t = time.time()
        doc = spacy_ground.check(nlp, answer, sources=sources)
        dt = time.time() - t
    g = doc._.grounding
    claims = [(c.text, (c._.ground_numeric or {}).get("status"), (c._.ground_numeric or {}).get("reason"))
              for c in doc.spans["ground_claims"]]
    ev = [(s.text, (s._.evidence or [{}])[0].get("text")) for s in doc.spans["ground_sentences"]]
    return dict(answer=answer, action=g.action, verdict=g.verdict, score=round(g.score, 3), reasons=g.reasons,
                claims=claims, evidence=ev, problems=audit(doc, sources), warnings=[str(x.message) for x in w],
                secs=round(dt, 2))


def judge(res, expect):
    bad_claims = [c for c in res["claims"] if c[1] in ("mismatch", "unsupported")]
    if expect == "ok":
        if res["action"] != "pass" or bad_claims:
            return "FALSE_ALARM"
        return "good"
    if res["action"] == "pass":
        return "MISS"
    return "good"


def html_and_markdown(c):
    """A case's sources as HTML, and as Markdown where the case gives them so."""
    srcs = c["src"] if isinstance(c["src"], list) else [c["src"]]
    return [("html", srcs)] + ([("md", [c["md"]])] if c.get("md") else [])


def review(cases, set_name, here, ids=(), judge=judge, variants=html_and_markdown):
    """Run every case's answers (or those of ``ids``) through the default pipeline; print each
    and the tally; write SET.results.json into ``here``; return the results."""
    ids = set(ids)
    nlp = spacy_ground.load()
    out, tally = [], {}
    for c in cases:
        if ids and c["id"] not in ids:
            continue
        for kind, sources in variants(c):
            for answer, expect in c["answers"]:
                try:
                    res = run_one(nlp, answer, sources)
                    res["judge"] = judge(res, expect)
                except Exception:
                    res = dict(answer=answer, judge="CRASH", error=traceback.format_exc())
                res.update(case=c["id"], kind=kind, expect=expect)
                out.append(res)
                tally[(kind, res["judge"])] = tally.get((kind, res["judge"]), 0) + 1
                flag = res["judge"] if res["judge"] != "good" else ""
                print(f"[{c['id']}/{kind}] {expect:3} {res.get('action','-'):5} {flag:12} {answer}")
                if res["judge"] == "CRASH":
                    print(res["error"])
                    continue
                if flag or res["problems"] or res["warnings"]:
                    print("    score", res["score"], res["verdict"])
                    for r in res["reasons"]:
                        print("    reason:", r)
                    for cl in res["claims"]:
                        print("    claim:", cl)
                    for e in res["evidence"]:
                        print("    ev:", e)
                    for p in res["problems"]:
                        print("    PROBLEM:", p)
                    for w in res["warnings"]:
                        print("    WARNING:", w)
                sys.stdout.flush()
    name = os.path.join(here, f"{set_name}.results.json" if not ids else "results_" + "_".join(sorted(ids))[:60] + ".json")
    with open(name, "w") as f:
        json.dump(out, f, indent=1, default=str)
    print(tally)
    return out


if __name__ == "__main__":
    SET = sys.argv[1] if len(sys.argv) > 1 else "cases"
    review(importlib.import_module(SET).CASES, SET, HERE, sys.argv[2:])
