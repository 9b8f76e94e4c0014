"""project.yml: a command whose figures depend on the package's code reruns when that code
changes (spaCy skips a command whose deps are unchanged); the evaluate commands write into
runs/ and `benchmarks` (project.py publish) copies a run into metrics/ and BENCHMARKS.md."""

import ast
import json
import shutil
from pathlib import Path

import srsly

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "spacy_ground"
# modules (relative to the package) that no measured figure depends on: the command line,
# rendering, the project helpers, training, recalibration, the corpus reader for nlp.evaluate
# and the speed-under-load tool
NOT_MEASURED = {
    "__main__.py",
    "render.py",
    "training/project.py",
    "training/train_entail.py",
    "training/train_tagger.py",
    "training/recalibrate.py",
    "training/corpus.py",
    "training/load_bench.py",
    "training/hostile.py",
    "training/probes.py",
    "training/synthetic.py",
}
# what the claim metrics run: the rules, without the models
CLAIM_MODULES = {
    "__init__.py",
    "api.py",
    "pipeline/extensions.py",
    "pipeline/grounding.py",
    "pipeline/claims.py",
    "pipeline/numeric.py",
    "pipeline/scoring.py",
    "sources/index.py",
    "sources/readers.py",
    "sources/words.py",
    "sources/html.py",
    "sources/tables.py",
    "training/bench.py",
}
CLAIM_SUBPACKAGES = ("text", "checks")  # every module of these


def _commands():
    return {c["name"]: c for c in srsly.read_yaml(ROOT / "project.yml")["commands"]}


def _modules():
    """The package's modules, relative to it; a subpackage's ``__init__.py`` is left out (each
    holds a docstring only, which ``test_subpackage_inits_hold_no_code`` keeps so)."""
    return {
        p.relative_to(PACKAGE).as_posix()
        for p in PACKAGE.rglob("*.py")
        if p.name != "__init__.py" or p.parent == PACKAGE
    }


def test_subpackage_inits_hold_no_code():
    for init in PACKAGE.glob("*/__init__.py"):
        body = ast.parse(init.read_text(encoding="utf8")).body
        assert all(isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) for node in body), (
            f"{init.relative_to(ROOT)} holds code: list it in project.yml's deps and in tests/test_project.py"
        )


def test_evaluate_reruns_when_any_module_it_measures_changes():
    deps = set(_commands()["evaluate"]["deps"])
    modules = {f"spacy_ground/{m}" for m in _modules() - NOT_MEASURED}
    assert modules - deps == set()
    assert "spacy_ground/pipeline/verdict.py" in modules and "spacy_ground/text/normalize.py" in modules  # walked
    assert {
        "spacy_ground/lexicon/record_terms.json",
        "spacy_ground/default.cfg",
        "spacy_ground/models/verdict.json",
        "spacy_ground/models/entail.safetensors",
    } <= deps


def test_evaluate_claims_reruns_when_a_rule_changes():
    deps = set(_commands()["evaluate-claims"]["deps"])
    rules = CLAIM_MODULES | {m for m in _modules() if m.split("/")[0] in CLAIM_SUBPACKAGES}
    assert {f"spacy_ground/{m}" for m in rules} - deps == set()
    assert {"spacy_ground/lexicon/record_terms.json", "spacy_ground/default.cfg"} <= deps
    assert not any("/models/" in d or d.startswith("spacy_ground/nn/") for d in deps)  # no model in it


def test_every_dep_exists():
    """A dep is in the tree, or `spacy project run data` makes it (assets/ links, corpus/ DocBins;
    a data set the repository holds, such as corpus/statements_qa, is tracked)."""
    import subprocess

    commands = _commands()
    made_by_data = set(commands["data"].get("outputs", []))
    tracked = set(
        subprocess.run(["git", "ls-files", "corpus"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    )
    for name, command in commands.items():
        for dep in command.get("deps", []):
            if dep in tracked:
                assert (ROOT / dep).exists(), f"{name}: {dep}"
            elif dep.startswith(("assets/", "corpus/")):
                assert name == "data" or dep in made_by_data, f"{name}: {dep} is not made by `data`"
            else:
                assert (ROOT / dep).exists(), f"{name}: {dep}"


def test_evaluate_commands_leave_the_tracked_figures_alone():
    commands = _commands()
    for name in ("evaluate-nli", "evaluate-claims", "evaluate", "benchmark-large"):
        script = " ".join(commands[name]["script"])
        assert "BENCHMARKS.md" not in script and "metrics/" not in script and "metrics " not in script, name
        assert all(out.startswith("runs/") for out in commands[name]["outputs"]), name
    config = srsly.read_yaml(ROOT / "project.yml")
    assert {"runs", "corpus"} <= set(config["directories"])
    workflow = config["workflows"]["all"]
    assert workflow.index("benchmarks") > workflow.index("evaluate")
    assert commands["benchmarks"]["script"] == [
        "python -m spacy_ground.training.project publish runs metrics BENCHMARKS.md"
    ]
    ignored = (ROOT / ".gitignore").read_text(encoding="utf8").split()
    assert {"/runs/", "/corpus/*.spacy", "/corpus/*.jsonl"} <= set(ignored)


def test_data_writes_a_corpus_for_every_answer_file_linked():
    from spacy_ground.training.project import DATA_FILES

    data = _commands()["data"]
    answers = [name[: -len(".jsonl")] for name in DATA_FILES if name.endswith(".jsonl")]
    assert {f"corpus/{name}.spacy" for name in answers} <= set(data["outputs"])
    assert {f"assets/{name}" for name in DATA_FILES} <= set(data["outputs"])
    convert = next(line for line in data["script"] if "spacy_ground.training.corpus convert" in line)
    assert all(f"assets/{name}.jsonl" in convert.split() for name in answers)
    assert (ROOT / "corpus" / "README.md").exists()


# ---------------------------------------------------------------- publish
RUN_JSON = (
    "claims_ragtruth_dev.json",
    "claims_ragtruth_dev_ner.json",
    "answers.json",
    "nli_stage1.json",
    "nli_shipped.json",
    "nli_shipped_int8.json",
    "large_input.json",
)
BENCHMARKS = """# Benchmarks

Hand-written introduction, kept.

<!-- claims:start -->
old claims
<!-- claims:end -->

Between the sections, kept.

<!-- answers:start -->
old answers
![roc_old](metrics/roc_old.png)
<!-- answers:end -->

<!-- large:start -->
old large
<!-- large:end -->

Closing notes, kept.
"""


def _fake_run(tmp_path):
    """runs/ with the real metrics files (the date of the answers changed, to tell them
    apart) and two plots; metrics/ holding an answers_float32.json that must not be read."""
    runs, metrics = tmp_path / "runs", tmp_path / "metrics"
    runs.mkdir()
    metrics.mkdir()
    for name in RUN_JSON:
        shutil.copyfile(ROOT / "metrics" / name, runs / name)
    answers = json.loads((runs / "answers.json").read_text(encoding="utf8"))
    answers["meta"]["date"] = "2099-01-02"
    (runs / "answers.json").write_text(json.dumps(answers), encoding="utf8")
    for plot in ("roc_ragtruth_dev.png", "pr_ragtruth_dev.png"):
        (runs / plot).write_bytes(b"\x89PNG fake")
    float32 = json.loads((ROOT / "metrics" / "answers_float32.json").read_text(encoding="utf8"))
    float32["meta"]["date"] = "1999-09-09"
    (metrics / "answers_float32.json").write_text(json.dumps(float32), encoding="utf8")
    target = tmp_path / "BENCHMARKS.md"
    target.write_text(BENCHMARKS, encoding="utf8")
    return runs, metrics, target


def _outside_sections(text):
    for name in ("claims", "answers", "large"):
        before, rest = text.split(f"<!-- {name}:start -->", 1)
        text = before + "<section>" + rest.split(f"<!-- {name}:end -->", 1)[1]
    return text


def test_publish_copies_the_run_and_rewrites_only_the_generated_sections(tmp_path, monkeypatch):
    from spacy_ground.training.project import main

    runs, metrics, target = _fake_run(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["publish", "runs", "metrics", "BENCHMARKS.md"]) == 0
    for name in RUN_JSON + ("roc_ragtruth_dev.png", "pr_ragtruth_dev.png"):
        assert (metrics / name).read_bytes() == (runs / name).read_bytes(), name
    text = target.read_text(encoding="utf8")
    assert _outside_sections(text) == _outside_sections(BENCHMARKS)
    assert "old claims" not in text and "old answers" not in text and "old large" not in text
    assert "## Numeric and date claims on RAGTruth dev" in text and "## Large input" in text
    assert text.count("<!-- answers:start -->") == 1 and "Measured 2099-01-02" in text and "1999-09-09" not in text
    assert "Entailment model `nli_shipped_int8` accuracy" in text and "Entailment model `nli_stage1` accuracy" in text
    # the plots as copied into metrics/, linked from where BENCHMARKS.md is
    assert "![roc_ragtruth_dev](metrics/roc_ragtruth_dev.png)" in text and "roc_old" not in text
    # again: the same text (sections replaced, not appended)
    assert main(["publish", "runs", "metrics", "BENCHMARKS.md"]) == 0
    assert target.read_text(encoding="utf8") == text


def test_publish_of_a_partial_run_keeps_the_other_figures(tmp_path, monkeypatch):
    from spacy_ground.training.project import main

    runs, metrics, target = _fake_run(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["publish", "runs", "metrics", "BENCHMARKS.md"]) == 0
    first = target.read_text(encoding="utf8")
    for f in runs.iterdir():
        if f.name != "large_input.json":
            f.unlink()
    large = json.loads((runs / "large_input.json").read_text(encoding="utf8"))
    large["meta"]["date"] = "2099-03-04"
    (runs / "large_input.json").write_text(json.dumps(large), encoding="utf8")
    assert main(["publish", "runs", "metrics", "BENCHMARKS.md"]) == 0
    text = target.read_text(encoding="utf8")
    assert "Measured 2099-03-04" in text and "Measured 2099-01-02" in text  # the answers as published before
    assert text.split("<!-- large:start -->")[0] == first.split("<!-- large:start -->")[0]


def test_publish_without_a_run_or_with_a_broken_file_changes_nothing(tmp_path, monkeypatch, capsys):
    from spacy_ground.training.project import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "runs").mkdir()
    (tmp_path / "BENCHMARKS.md").write_text(BENCHMARKS, encoding="utf8")
    assert main(["publish", "runs", "metrics", "BENCHMARKS.md"]) == 1
    assert "no run figures in runs/" in capsys.readouterr().err
    shutil.copyfile(ROOT / "metrics" / "claims_ragtruth_dev.json", tmp_path / "runs" / "claims_ragtruth_dev.json")
    (tmp_path / "runs" / "answers.json").write_text('{"meta": ', encoding="utf8")  # cut short
    assert main(["publish", "runs", "metrics", "BENCHMARKS.md"]) == 1
    assert "runs/answers.json: not a JSON file" in capsys.readouterr().err
    assert not (tmp_path / "metrics").exists()
    assert (tmp_path / "BENCHMARKS.md").read_text(encoding="utf8") == BENCHMARKS


def test_publish_writes_the_other_domains_apart_from_the_answers(tmp_path, monkeypatch):
    from spacy_ground.training.project import main

    runs, metrics, target = _fake_run(tmp_path)
    domains = json.loads((runs / "answers.json").read_text(encoding="utf8"))
    domains["meta"]["date"] = "2098-03-04"
    domains["markdown"] = "| quintd/all | 368 | ... |"
    (runs / "answers_domains.json").write_text(json.dumps(domains), encoding="utf8")
    target.write_text(
        BENCHMARKS.replace(
            "<!-- large:start -->", "<!-- domains:start -->\nold domains\n<!-- domains:end -->\n\n<!-- large:start -->"
        ),
        encoding="utf8",
    )
    monkeypatch.chdir(tmp_path)
    assert main(["publish", "runs", "metrics", "BENCHMARKS.md"]) == 0
    text = target.read_text(encoding="utf8")
    answers = text.split("<!-- answers:start -->")[1].split("<!-- answers:end -->")[0]
    other = text.split("<!-- domains:start -->")[1].split("<!-- domains:end -->")[0]
    assert "Measured 2099-01-02" in answers and "2098" not in answers
    assert "## Answer-level detection on other domains" in other and "Measured 2098-03-04" in other
    assert "| quintd/all | 368 |" in other and "old domains" not in text
    assert (metrics / "answers_domains.json").is_file()


def test_load_section_has_a_row_per_setting_and_reads_old_files():
    from spacy_ground.training.project import load_section

    def case(threads, workers, busy, rate):
        c = {"torch_threads": threads, "entail_workers": 2, "busy_core": busy, "answers": 100, "answers_per_s": rate}
        if workers is not None:
            c["align_workers"] = workers
        return c

    meta = {"date": "2026-12-06 01:00 UTC", "machine": "x86_64, 2 cores", "command": "python -m ..."}
    cases = [case(1, 0, False, 3.0), case(1, 0, True, 2.4), case(1, 2, False, 3.6), case(1, 2, True, 2.4)]
    rows = [line for line in load_section({"meta": meta, "cases": cases}).splitlines() if line.startswith("| 1")]
    assert rows == ["| 1 (default) | 2 | 0 | 3.00 | 2.40 | 0.80 |", "| 1 (default) | 2 | 2 | 3.60 | 2.40 | 0.67 |"]
    old = [case(1, None, False, 3.0), case(1, None, True, 1.5), case(2, None, False, 3.5), case(2, None, True, 1.4)]
    rows = [line for line in load_section({"meta": meta, "cases": old}).splitlines() if line[:3] in ("| 1", "| 2")]
    assert rows == ["| 1 (default) | 2 | - | 3.00 | 1.50 | 0.50 |", "| 2 | 2 | - | 3.50 | 1.40 | 0.40 |"]
