"""Helpers for project.yml: link the shared data, publish a run's figures into metrics/ and
BENCHMARKS.md.

    python -m spacy_ground.training.project link-data ../shared/data assets
    python -m spacy_ground.training.project publish runs metrics BENCHMARKS.md
    python -m spacy_ground.training.project write-benchmarks BENCHMARKS.md metrics/a.json [metrics/b.json ...]
    python -m spacy_ground.training.project install-model training/entail_rag.safetensors spacy_ground/models/entail.safetensors
    python -m spacy_ground.training.project set-token-thresholds spacy_ground/models/tagger.json spacy_ground/default.cfg
    python -m spacy_ground.training.project render-example assets/ragtruth_dev.jsonl ID docs/example.html [docs/example.png]
    python -m spacy_ground.training.project large-input assets/ragtruth_dev.jsonl metrics/large_input.json
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import List, Optional, Tuple

from spacy_ground.training.bench import goals_line, markdown_table

DATA_FILES = (
    "ragtruth_dev.jsonl",
    "ragtruth_train.jsonl",
    "halueval_qa.jsonl",
    "summedits.jsonl",
    "quintd_train.jsonl",
    "quintd_dev.jsonl",
    "faithdial_train.jsonl",
    "faithdial_dev.jsonl",
    "dialfact_train.jsonl",
    "dialfact_dev.jsonl",
    "frank_train.jsonl",
    "frank_dev.jsonl",
    "nli_train.jsonl.gz",
    "nli_eval.jsonl.gz",
)
# what the evaluate commands write into runs/ and `publish` copies into metrics/ (BENCHMARKS.md is
# written from these names only: metrics/ holds other answers*.json files, e.g. answers_float32.json)
RUN_FILES = (
    "claims_ragtruth_dev.json",
    "claims_ragtruth_dev_ner.json",
    "answers.json",
    "answers_domains.json",
    "nli_stage1.json",
    "nli_shipped.json",
    "nli_shipped_int8.json",
    "large_input.json",
    "hostile_input.json",
    "speed_under_load.json",
    "probes.json",
)
RUN_PLOTS = ("roc_*.png", "pr_*.png")
START, END = "<!-- claims:start -->", "<!-- claims:end -->"


def link_data(shared: str, assets: str) -> int:
    """Symlink the shared data files into ``assets`` (the data is never copied)."""
    src, dst = Path(shared).resolve(), Path(assets)
    if not src.is_dir():
        print(
            f"error: shared data folder not found: {shared} (clone next to ../shared, or set vars.shared)",
            file=sys.stderr,
        )
        return 1
    dst.mkdir(parents=True, exist_ok=True)
    for name in DATA_FILES:
        if not (src / name).exists():
            print(f"warning: {src / name} is missing", file=sys.stderr)
            continue
        link = dst / name
        if link.is_symlink() or link.exists():
            link.unlink()
        os.symlink(src / name, link)
        print(f"linked {link} -> {src / name}")
    return 0


def claims_section(paths: List[str]) -> str:
    """Markdown for the claim-level benchmark from one or more metrics files."""
    parts = [
        START,
        "## Numeric and date claims on RAGTruth dev",
        "",
        "Claim precision: of answer claims judged mismatch or unsupported, the share inside a "
        "human-labelled hallucinated span (the claim's value, without a leading 'from', 'about', "
        "'over'..., lies within the span). Span recall: of labelled spans that contain a number, date "
        "or time (a digit, a number word from 'two' up, a capitalised month name, noon or midnight), "
        "the share that contain a flagged claim. The '(any overlap)' columns count any shared "
        "character instead, for comparison. False alarms: of answers labelled clean (answers without a label count only in the counts and speed), the share with any claim judged "
        "mismatch. Speed: milliseconds per answer for claims plus numeric grounding, source indexing "
        "included (cache cleared per answer), model loading excluded. Goals: precision >= 0.60, "
        "recall >= 0.50, false alarms <= 0.10, median < 20 ms on 2 cores.",
        "",
    ]
    for path in paths:
        data = json.loads(Path(path).read_text(encoding="utf8"))
        meta = data["meta"]
        parts += [
            f"### Pipeline: {' + '.join(meta['pipeline'])}",
            "",
            f"Measured {meta['date']} on {meta['machine']} with `{meta['command']}`.",
            "",
            markdown_table(data["claims"]),
            "",
            goals_line(data["claims"]),
            "",
        ]
    parts += ["Reproduce: `spacy project run data && spacy project run evaluate-claims`.", END]
    return "\n".join(parts)


def answers_section(path: str, nli_paths: List[str], link_from: Optional[str] = None) -> str:
    """Markdown for the answer-level evaluation and the entailment model's NLI accuracy; the
    ROC and precision-recall plots are those beside ``path``, linked relative to the folder
    ``link_from`` (the Markdown file's; the working directory when None)."""
    data = json.loads(Path(path).read_text(encoding="utf8"))
    meta = data["meta"]
    parts = [
        "<!-- answers:start -->",
        "## Answer-level detection: the verdict and the baselines",
        "",
        f"Measured {meta['date']} on {meta['machine']} with `{meta['command']}`; pipeline "
        f"{' + '.join(meta['pipeline'])}. AUROC per method with the best F1 in brackets; "
        "'verdict F1 @thr' uses the configured flag threshold; 'span F1' is character-level against "
        "the labelled spans; answers/s over the whole pipeline, model loading excluded.",
        "",
        data["markdown"],
        "",
        answer_goals(data["answers"]),
        "",
    ]
    folder = Path(path).parent
    plots = [p for pattern in RUN_PLOTS for p in sorted(folder.glob(pattern))]
    parts += [f"![{p.stem}]({Path(os.path.relpath(p, link_from or os.curdir)).as_posix()})" for p in plots]
    for nli in nli_paths:
        if Path(nli).exists():
            res = json.loads(Path(nli).read_text(encoding="utf8"))
            cells = ", ".join(f"{k}: {v['accuracy']:.3f} ({v['pairs']} pairs)" for k, v in res.items())
            weights = (
                "dynamic int8, as ground_entail runs it" if any(v.get("int8") for v in res.values()) else "float32"
            )
            where = next((v["measured_on"] for v in res.values() if v.get("measured_on")), None)
            how = f"measured on {where}" if where else "`spacy project run evaluate-nli`"
            parts += [
                "",
                f"Entailment model `{Path(nli).stem}` accuracy: {cells} "
                f"({how}: 2,000 pairs per set sampled with seed 0, max length 256, {weights}).",
            ]
    parts.append("<!-- answers:end -->")
    return "\n".join(parts)


def answer_goals(answers: dict) -> str:
    """Met / missed for the answer-level goals of the issue (on dev)."""

    def verdict(group: str) -> dict:
        return answers.get(group, {}).get("ground_verdict", {})

    def interval(group: str, key: str) -> Optional[List[float]]:
        boot = answers.get(group, {}).get("bootstrap") or {}
        if key == "f1":
            return boot.get("f1_at_threshold")
        if " - " in key:  # a paired difference
            return ((boot.get("paired") or {}).get(key) or {}).get("ci")
        return (boot.get("auroc") or {}).get(key)

    checks: List[Tuple[str, Optional[float], bool, Optional[List[float]]]] = []
    rt = verdict("ragtruth/all")
    if rt:
        checks.append(
            (
                "RAGTruth AUROC >= 0.85",
                rt["auroc"],
                rt["auroc"] is not None and rt["auroc"] >= 0.85,
                interval("ragtruth/all", "ground_verdict"),
            )
        )
        for task in ("qa", "summary", "data2txt"):
            a = verdict(f"ragtruth/{task}").get("auroc")
            checks.append(
                (
                    f"{task} AUROC >= 0.78",
                    a,
                    a is not None and a >= 0.78,
                    interval(f"ragtruth/{task}", "ground_verdict"),
                )
            )
        f1 = rt.get("at_threshold", {}).get("f1")
        checks.append(
            ("RAGTruth F1 at the threshold >= 0.75", f1, f1 is not None and f1 >= 0.75, interval("ragtruth/all", "f1"))
        )
        # with several timing passes, the median pass (each pass's figure named beside it)
        group = answers["ragtruth/all"]
        aps, what = group.get("answers_per_second"), "answers/s (median answer) >= 10"
        if group.get("answers_per_second_passes"):
            aps = group["answers_per_second_median_pass"]
            what = (
                f"answers/s (median answer, median of {group['timing_passes']} passes: "
                f"{' / '.join(f'{x:.1f}' for x in group['answers_per_second_passes'])}) >= 10"
            )
        checks.append((what, aps, aps is not None and aps >= 10, None))
        for task in ("qa", "summary", "data2txt"):
            g = answers.get(f"ragtruth/{task}", {})
            e, b = g.get("entailment only", {}).get("auroc"), g.get("absent content words", {}).get("auroc")
            checks.append(
                (
                    f"entailment alone above absent words ({task})",
                    e,
                    e is not None and b is not None and e > b,
                    interval(f"ragtruth/{task}", "entailment only - absent content words"),
                )
            )
    he = verdict("halueval_qa/all")
    if he:
        checks.append(
            (
                "HaluEval AUROC >= 0.95",
                he["auroc"],
                he["auroc"] is not None and he["auroc"] >= 0.95,
                interval("halueval_qa/all", "ground_verdict"),
            )
        )

    def cell(name: str, v: Optional[float], ok: bool, ci: Optional[List[float]]) -> str:
        what = "95 % CI of the difference" if name.startswith("entailment alone") else "95 % CI"
        band = f" ({what} {ci[0]:.3f} to {ci[1]:.3f})" if ci else ""
        shown = "-" if v is None else f"{v:.4f}" if v <= 1 else f"{v:.1f}"  # 4 places: a goal line is 0.75, not 0.7495
        return f"{name}: {shown}{band} {'met' if ok else 'MISSED'}"

    return "Goals: " + "; ".join(cell(*c) for c in checks) + "."


def _replace_section(text: str, section: str, start: str, end: str) -> str:
    if start in text and end in text:
        before, rest = text.split(start, 1)
        return before + section + rest.split(end, 1)[1]
    return text.rstrip("\n") + "\n\n" + section + "\n"


def load_section(metrics: dict) -> str:
    """Markdown for the speed under load (``training.load_bench``): answers/s idle and with one
    core kept busy, per setting of torch threads and ground_align workers, and the busy / idle ratio."""
    from spacy_ground.training.load_bench import load_pairs

    m = metrics["meta"]
    rows = [
        "| torch threads | ground_entail workers | ground_align workers | idle (answers/s) "
        "| one core busy (answers/s) | busy / idle |",
        "|---|---|---|---|---|---|",
    ]
    for idle, busy in sorted(
        load_pairs(metrics["cases"]), key=lambda p: (p[0]["torch_threads"], str(p[0].get("align_workers")))
    ):
        threads, workers = idle["torch_threads"], idle.get("align_workers", "-")
        default = " (default)" if threads == 1 else ""
        rows.append(
            f"| {threads}{default} | {idle['entail_workers']} | {workers} | {idle['answers_per_s']:.2f} | "
            f"{busy['answers_per_s']:.2f} | {busy['answers_per_s'] / idle['answers_per_s']:.2f} |"
        )
    n = metrics["cases"][0]["answers"]
    return (
        "<!-- load:start -->\n## Speed under load\n\nMeasured "
        + m["date"]
        + " on "
        + m["machine"]
        + f" with `{m['command']}`, {m.get('processes', 1)} process: the whole default pipeline over {n} "
        "RAGTruth dev answers spread over the file, each pass from an empty source cache after a warm-up "
        "pass; answers/s is 1000 / the median answer's milliseconds. 'One core busy': another process "
        "spins on a core for the whole pass. Torch threads are those of the work done in the calling "
        "thread (`torch_threads` of ground_align and ground_entail, or `SPACY_GROUND_TORCH_THREADS`); "
        "the workers of ground_entail (2) and ground_align (2 by default, 0: in the calling thread) each run "
        "torch on one thread. Goal: the busy figure at least half "
        "the idle one.\n\n" + "\n".join(rows) + "\n<!-- load:end -->"
    )


def _measured_section(marker: str, title: str, metrics: dict, body: str, table: str) -> str:
    """A generated BENCHMARKS section: title, when, where and by which command it was measured,
    what the table shows, the table."""
    m = metrics["meta"]
    return (
        f"<!-- {marker}:start -->\n## {title}\n\nMeasured {m['date']} on {m['machine']} with "
        f"`{m['command']}`{body}\n\n{table}\n<!-- {marker}:end -->"
    )


def hostile_section(metrics: dict) -> str:
    """The BENCHMARKS section of a hostile-input run (``training.hostile``)."""
    from spacy_ground.training.hostile import table

    body = (
        ": each family of pathological answers or sources (`in`: which holds "
        "it) at each size, checked by the rules-only pipeline (claims and numeric grounding), each case "
        f"in a fresh process after a warm-up, stopped past {metrics['meta']['limit_s']:.0f} s. Seconds per "
        "10 KB that stay flat as the size grows mean linear time. "
        "'Time budget spent': ground_numeric's `time_budget` (10 s) cut the claim checks short and the "
        "verdict says so; peak RSS is the whole process at the largest size."
    )
    return _measured_section("hostile", "Hostile input", metrics, body, table(metrics))


def probes_section(metrics: dict) -> str:
    """The BENCHMARKS section of a probes run (``training.probes``)."""
    from spacy_ground.training.probes import statements_table, table

    body = (
        f" (seed {metrics['seed']}): clean dev answers changed on purpose, each "
        "checked by the default pipeline. `name_swap` puts another name of the same sources in place of "
        "one the answer takes from them, `name_invented` a name no source gives, `field_swap` another "
        "value of the same kind the record gives another key (a colour, a name); each should be flagged. "
        "`equal_rewrite` says the same in other words (contractions, synonyms) and should pass as the "
        "answer did. `number_absent` changes a number the answer takes from the sources to a value no "
        "source states, `number_other` to another value of its kind and unit the sources state of "
        "something else (within a factor of ten); both should be flagged. `number_rewrite` writes a "
        'number another way with the same value ("$2.85 billion" as "$2,850 million", "12%" as '
        '"12 percent", "4000" as "4,000") and `number_derived` adds a sentence computing a correct '
        "sum, difference or change in percent from two amounts one source sentence states; both should "
        "pass as the answer did. The last column counts only probes whose original answer passed; the "
        "claim columns give how `ground_numeric` judged the changed figure itself, 'claim derived' "
        "for `number_absent` being the share of wrong values grounded as derived by chance."
    )
    tables = table(metrics)
    statements = metrics.get("statements")
    if statements:
        tables += (
            f"\n\n### Financial QA over statement pages\n\n`{statements['file']}` (corpus/statements_qa: "
            "statement pages in Markdown, HTML and prose with correct and wrong computed answers, figures "
            "computed by its build script): correct answers flagged and wrong ones caught by the default "
            "pipeline (action flag or block) and by its number rules alone (a claim judged mismatch or "
            "unsupported).\n\n" + statements_table(statements["operations"])
        )
    return _measured_section("probes", "Probes: names, record fields, numbers, rewording", metrics, body, tables)


def domains_section(path: str) -> str:
    """Markdown for the answer-level evaluation on the dev splits of the other domains."""
    data = json.loads(Path(path).read_text(encoding="utf8"))
    meta = data["meta"]
    return "\n".join(
        [
            "<!-- domains:start -->",
            "## Answer-level detection on other domains",
            "",
            f"Measured {meta['date']} on {meta['machine']} with `{meta['command']}` (`spacy project run "
            "evaluate-domains`); the same pipeline, model and thresholds as above, nothing fit on these "
            "sets; columns as above.",
            "",
            data["markdown"],
            "<!-- domains:end -->",
        ]
    )


def write_benchmarks(target: str, paths: List[str]) -> int:
    """Replace (or append) the sections of ``target``: claims tables from ``claims_*.json``
    metrics files, the answer-level table from ``answers*.json``, NLI accuracy from ``nli_*.json``."""
    p = Path(target)
    text = p.read_text(encoding="utf8") if p.exists() else "# Benchmarks\n\n"
    claims = [x for x in paths if Path(x).name.startswith("claims")]
    answers = [x for x in paths if Path(x).name.startswith("answers") and "domains" not in Path(x).name]
    for x in (x for x in paths if Path(x).name.startswith("answers_domains")):
        text = _replace_section(text, domains_section(x), "<!-- domains:start -->", "<!-- domains:end -->")
    nli = [x for x in paths if Path(x).name.startswith("nli")]
    large = [x for x in paths if Path(x).name.startswith("large")]
    for prefix, section, marker in (
        ("hostile", hostile_section, "hostile"),
        ("speed_under_load", load_section, "load"),
        ("probes", probes_section, "probes"),
    ):
        for x in (x for x in paths if Path(x).name.startswith(prefix)):
            metrics = json.loads(Path(x).read_text(encoding="utf8"))
            text = _replace_section(text, section(metrics), f"<!-- {marker}:start -->", f"<!-- {marker}:end -->")
    for x in large:
        metrics = json.loads(Path(x).read_text(encoding="utf8"))
        m = metrics["meta"]
        section = (
            "<!-- large:start -->\n## Large input\n\nMeasured "
            + m["date"]
            + " on "
            + m["machine"]
            + " with `"
            + m["command"]
            + "`: one answer (the first ~600 characters of the first source plus a sentence with two made-up claims) checked by the whole default pipeline against "
            "sources of each size built from RAGTruth dev summaries, each case in a fresh process after a "
            "warm-up, model loading excluded; peak RSS is the whole process (models included), growth is "
            "what the check added. The total source size is capped by `max_source_chars` "
            "(ground_claims, default 2,000,000 characters): above it, the answer is not checkable and the "
            "reason names the limit.\n\n" + large_input_table(metrics) + "\n<!-- large:end -->"
        )
        text = _replace_section(text, section, "<!-- large:start -->", "<!-- large:end -->")
    if claims:
        text = _replace_section(text, claims_section(claims), START, END)
    for a in answers:
        text = _replace_section(
            text, answers_section(a, nli, link_from=str(p.parent)), "<!-- answers:start -->", "<!-- answers:end -->"
        )
    p.write_text(text, encoding="utf8")
    print(f"wrote {target}")
    return 0


def publish(runs: str, metrics: str, target: str) -> int:
    """Copy the figures of the latest run in ``runs`` (those of ``RUN_FILES`` and the plots that
    are there) into ``metrics``, then rewrite ``target``'s generated sections from the
    canonical metrics files (``RUN_FILES`` present in ``metrics``); the rest of ``target`` is
    left as it is. A JSON file of the run that cannot be read stops it before anything is copied."""
    import shutil

    src, dst = Path(runs), Path(metrics)
    found = [src / name for name in RUN_FILES if (src / name).is_file()]
    found += [p for pattern in RUN_PLOTS for p in sorted(src.glob(pattern)) if p.is_file()]
    if not found:
        print(
            f"error: no run figures in {runs}/ (run `spacy project run evaluate` and the other evaluate "
            f"commands first); expected any of {', '.join(RUN_FILES)}",
            file=sys.stderr,
        )
        return 1
    for f in found:
        if f.suffix == ".json":
            try:
                json.loads(f.read_text(encoding="utf8"))
            except (ValueError, UnicodeDecodeError) as e:
                print(f"error: {f}: not a JSON file ({e}); nothing copied", file=sys.stderr)
                return 1
    dst.mkdir(parents=True, exist_ok=True)
    for f in found:
        shutil.copyfile(f, dst / f.name)
        print(f"copied {f} -> {dst / f.name}")
    return write_benchmarks(target, [str(dst / name) for name in RUN_FILES if (dst / name).is_file()])


def install_model(trained: str, target: str) -> int:
    """Copy a trained entailment model (and its JSON sidecar) into the package."""
    import shutil

    src, dst = Path(trained), Path(target)
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)
    if src.with_suffix(".json").exists():
        shutil.copyfile(src.with_suffix(".json"), dst.with_suffix(".json"))
    print(f"installed {src} as {dst} ({dst.stat().st_size / 1e6:.1f} MB)")
    return 0


def _set_in_section(text: str, section: str, key: str, value) -> Optional[str]:
    """``text`` (a config file) with ``key = value`` in ``[section]``, the line it replaces kept
    in its place; None where the section has no such line."""
    import re

    found = re.search(rf"^\[{re.escape(section)}\]\n(?:(?!\[)[^\n]*\n)*", text, re.M)
    line = re.compile(rf"^{re.escape(key)} = .*$", re.M)
    if found is None or not line.search(found.group(0)):
        return None
    return text[: found.start()] + line.sub(f"{key} = {value}", found.group(0)) + text[found.end() :]


def set_token_thresholds(meta_path: str, config_path: str) -> int:
    """Write the token thresholds the tagger's training chose (its JSON sidecar) into
    ``ground_verdict``'s ``token_threshold`` and ``token_threshold_by_source``, and the support
    under which it reads a sentence into ``ground_entail``'s ``tag_if_support_below``, in a config file,
    keeping the rest of the file (comments included) as it is."""
    meta = json.loads(Path(meta_path).read_text(encoding="utf8"))
    text = Path(config_path).read_text(encoding="utf8")
    settings = [("ground_verdict", "token_threshold", meta["threshold"])]
    if "tag_if_support_below" in meta:  # ground_entail: which sentences the tagger reads
        settings.append(("ground_entail", "tag_if_support_below", meta["tag_if_support_below"]))
    for component, key, value in settings:
        changed = _set_in_section(text, f"components.{component}", key, value)
        if changed is None:
            print(f"error: {config_path} has no {key} in [components.{component}]", file=sys.stderr)
            return 1
        text = changed
    head = "[components.ground_verdict.token_threshold_by_source]\n"
    lines = "".join(f"{kind} = {t}\n" for kind, t in sorted(meta["threshold_by_source"].items()))
    comment = "# chosen by the tagger's training on the held-out part of the train sets (models/tagger.json)\n"
    at = text.find(head)
    if at < 0:
        text = text.rstrip("\n") + "\n\n" + head + comment + lines
    else:
        end = text.find("\n[", at + len(head))
        text = text[:at] + head + comment + lines + (text[end:] if end >= 0 else "")
    Path(config_path).write_text(text, encoding="utf8")
    print(
        f"token thresholds {meta['threshold']} / {meta['threshold_by_source']}, tag_if_support_below "
        f"{meta.get('tag_if_support_below')} -> {config_path}"
    )
    return 0


def render_example(data: str, record_id: str, html_out: str, png_out: str = "") -> int:
    """Render one answer of a data file as an HTML page (and a PNG screenshot taken with
    headless Chromium, for README)."""
    import shutil
    import subprocess
    import tempfile

    import spacy_ground

    rec = next(
        (json.loads(line) for line in open(data, encoding="utf8") if json.loads(line).get("id") == record_id), None
    )
    if rec is None:
        print(f"no record {record_id!r} in {data}", file=sys.stderr)
        return 1
    nlp = spacy_ground.load()
    doc = spacy_ground.check(nlp, rec["answer"], rec.get("sources") or [], rec.get("question"))
    Path(html_out).parent.mkdir(parents=True, exist_ok=True)
    Path(html_out).write_text(spacy_ground.render(doc, jupyter=False, page=True), encoding="utf8")
    print(f"wrote {html_out}; labelled spans: {[s['text'] for s in rec.get('spans') or []]}")
    if png_out:
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if not chromium:
            print("no chromium for the screenshot", file=sys.stderr)
            return 1
        Path(png_out).parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as profile:
            subprocess.run(
                [
                    chromium,
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-quic",
                    "--no-first-run",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    f"--user-data-dir={profile}",
                    "--hide-scrollbars",
                    "--window-size=1400,900",
                    f"--screenshot={Path(png_out).resolve()}",
                    Path(html_out).resolve().as_uri(),
                ],
                check=True,
                capture_output=True,
                timeout=120,
            )
        if not Path(png_out).exists():
            print(f"chromium wrote no screenshot to {png_out}", file=sys.stderr)
            return 1
        print(f"wrote {png_out}")
    return 0


LARGE_CASES = (("10 KB", 10_000, 1), ("100 KB", 100_000, 1), ("1 MB", 1_000_000, 1), ("100 x 10 KB", 10_000, 100))

_LARGE_CHILD = r"""
import json, resource, sys, time
import spacy_ground
size, count, data = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
paragraphs = []
for line in open(data, encoding="utf8"):
    rec = json.loads(line)
    if rec.get("task") == "summary":
        paragraphs.extend(s for s in rec["sources"] if isinstance(s, str))
paragraphs = list(dict.fromkeys(paragraphs))
def source(offset):
    out, i = [], offset
    while sum(map(len, out)) < size:
        out.append(paragraphs[i % len(paragraphs)]); i += 1
    return " ".join(out)[:size]
sources = [source(k * 7) for k in range(count)]
answer = sources[0][:600].rsplit(".", 1)[0] + ". The company reported revenue of $3.9 billion in 2031."
nlp = spacy_ground.load()
warm = "On 3 March 2019 it cost $5 million, 12% more, for 40 km; open 9:0-17:0 Monday to Friday. " * 3
spacy_ground.check(nlp, warm, [warm * 20, '{"hours": {"Monday": "9:0-17:0"}}'])  # loads every lazy resource
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t0 = time.perf_counter()
doc = spacy_ground.check(nlp, answer, sources)
cold = time.perf_counter() - t0
t0 = time.perf_counter()
spacy_ground.check(nlp, answer, sources)
warm = time.perf_counter() - t0
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"chars": sum(map(len, sources)), "sources": count, "seconds_new_sources": cold,
                  "seconds_cached_sources": warm, "peak_rss_mb": peak / 1024, "growth_mb": (peak - before) / 1024,
                  "verdict": doc._.grounding.verdict}))
"""


def large_input(data: str, output: str) -> int:
    """Time and peak memory of the whole default pipeline on large sources (each case in a
    fresh process, model loading excluded); writes JSON and prints a Markdown table."""
    import platform
    import subprocess
    from datetime import date

    rows = []
    for name, size, count in LARGE_CASES:
        out = subprocess.run(
            [sys.executable, "-c", _LARGE_CHILD, str(size), str(count), data],
            capture_output=True,
            text=True,
            check=True,
        )
        row = {"case": name, **json.loads(out.stdout.strip().splitlines()[-1])}
        rows.append(row)
        print(f"{name}: {row['seconds_new_sources']:.2f} s, peak {row['peak_rss_mb']:.0f} MB", file=sys.stderr)
    meta = {
        "date": date.today().isoformat(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "command": f"python -m spacy_ground.training.project large-input {data} {output}",
    }
    Path(output).parent.mkdir(parents=True, exist_ok=True)
    Path(output).write_text(json.dumps({"meta": meta, "cases": rows}, indent=2), encoding="utf8")
    print(large_input_table({"meta": meta, "cases": rows}))
    return 0


def large_input_table(metrics: dict) -> str:
    """The Markdown table of a large-input run."""
    lines = [
        "| sources | characters | seconds (new sources) | seconds (cached) | ms per 10 KB | peak RSS MB | growth MB |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in metrics["cases"]:
        lines.append(
            f"| {r['case']} | {r['chars']:,} | {r['seconds_new_sources']:.2f} | {r['seconds_cached_sources']:.3f} | "
            f"{1000 * r['seconds_new_sources'] / (r['chars'] / 10_000):.0f} | {r['peak_rss_mb']:.0f} | {r['growth_mb']:.0f} |"
        )
    return "\n".join(lines)


def main(argv: List[str]) -> int:
    if len(argv) == 3 and argv[0] == "large-input":
        return large_input(argv[1], argv[2])
    if len(argv) in (4, 5) and argv[0] == "render-example":
        return render_example(*argv[1:])
    if len(argv) == 3 and argv[0] == "install-model":
        return install_model(argv[1], argv[2])
    if len(argv) == 3 and argv[0] == "set-token-thresholds":
        return set_token_thresholds(argv[1], argv[2])
    if len(argv) >= 3 and argv[0] == "link-data":
        return link_data(argv[1], argv[2])
    if len(argv) >= 3 and argv[0] == "write-benchmarks":
        return write_benchmarks(argv[1], argv[2:])
    if len(argv) == 4 and argv[0] == "publish":
        return publish(argv[1], argv[2], argv[3])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
