"""project.yml: a command whose figures depend on the package's code reruns when that code
changes (spaCy skips a command whose deps are unchanged)."""
from pathlib import Path

import srsly

ROOT = Path(__file__).resolve().parent.parent
# modules that no measured figure depends on: the command line, training, rendering, the
# project helpers, recalibration and the corpus reader for nlp.evaluate
NOT_MEASURED = {"__main__.py", "project.py", "render.py", "train_entail.py", "recalibrate.py", "corpus.py"}
# what the claim metrics run: the rules, without the models
CLAIM_MODULES = {"__init__.py", "extensions.py", "normalize.py", "dates.py", "units.py", "values.py", "compare.py",
                 "sources.py", "claims.py", "numeric.py", "changes.py", "records.py", "bench.py"}


def _commands():
    return {c["name"]: c for c in srsly.read_yaml(ROOT / "project.yml")["commands"]}


def test_evaluate_reruns_when_any_module_it_measures_changes():
    deps = set(_commands()["evaluate"]["deps"])
    modules = {f"spacy_ground/{p.name}" for p in (ROOT / "spacy_ground").glob("*.py") if p.name not in NOT_MEASURED}
    assert modules - deps == set()
    assert {"spacy_ground/lexicon/record_terms.json", "spacy_ground/default.cfg", "spacy_ground/models/verdict.json"} <= deps


def test_evaluate_claims_reruns_when_a_rule_changes():
    deps = set(_commands()["evaluate-claims"]["deps"])
    assert {f"spacy_ground/{m}" for m in CLAIM_MODULES} - deps == set()
    assert {"spacy_ground/lexicon/record_terms.json", "spacy_ground/default.cfg"} <= deps


def test_every_dep_exists():
    for name, command in _commands().items():
        for dep in command.get("deps", []):
            if not dep.startswith("assets/"):  # fetched by `spacy project run data`
                assert (ROOT / dep).exists(), f"{name}: {dep}"
