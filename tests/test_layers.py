"""The package's layers: no import circle between its modules (deferred imports inside
functions count too), and the runtime never imports the training and evaluation tooling
(``spacy_ground.training``), neither in its source nor when it runs."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "spacy_ground"
TOOLING = "spacy_ground.training"
ENTRY_POINTS = {"spacy_ground.__main__"}  # the command line reaches the tooling for bench and recalibrate


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict:
    return {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _imports(name: str, path: Path, modules: dict) -> set:
    """The package modules ``name`` imports anywhere in its source (absolute or relative)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else [])
                )
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
        else:
            continue
        out.update(t for t in targets if t in modules and t != name)
    return out


def _graph() -> dict:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def _cycle(graph: dict):
    """One import circle as a list of modules, or None."""
    state, stack = {}, []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in sorted(graph[n]):
            if state.get(m) == 1:
                return stack[stack.index(m) :] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


def test_the_checker_finds_a_circle_and_an_edge():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_circle():
    assert _cycle(_graph()) is None


def test_runtime_modules_never_import_the_tooling():
    graph = _graph()
    bad = {
        n: sorted(m for m in deps if m.startswith(TOOLING))
        for n, deps in graph.items()
        if not n.startswith(TOOLING) and n not in ENTRY_POINTS
    }
    assert {n: d for n, d in bad.items() if d} == {}


def test_every_layer_is_a_folder():
    layers = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert {"pipeline", "sources", "text", "checks", "fusion", "nn", "training"} <= layers
    assert (PACKAGE / "lexicon" / "record_terms.json").exists()


@pytest.mark.parametrize(
    "code",
    [
        "import spacy_ground",
        "import spacy_ground; nlp = spacy_ground.load(); spacy_ground.check(nlp, 'Revenue was $5 million.', ['Revenue: $5 million.'])",
    ],
)
def test_running_the_pipeline_loads_no_tooling(code):
    probe = code + "; import sys; print(sorted(m for m in sys.modules if m.startswith('spacy_ground.training')))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_every_component_declares_what_it_requires_and_assigns_and_the_default_pipeline_meets_it():
    import spacy_ground

    nlp = spacy_ground.load()
    analysis = nlp.analyze_pipes(pretty=False)
    for name in spacy_ground.api.KNOWN_COMPONENTS:
        assert analysis["summary"][name]["assigns"], name
    assert analysis["summary"]["ground_verdict"]["requires"]
    assert all(not problems for problems in analysis["problems"].values()), analysis["problems"]
