"""README's (and docs/'s) examples print what they say they print (run as written, each in a
process of its own), so a change to the models, thresholds or reasons cannot leave them stale."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

# the repository root: the first folder above this file that holds README.md
ROOT = next(p for p in Path(__file__).resolve().parents if (p / "README.md").is_file())
README = (ROOT / "README.md").read_text(encoding="utf8")
MAX_README_LINES = 250


def _text(page: str) -> str:
    return (ROOT / page).read_text(encoding="utf8")


def _block_after(text: str, marker: str, fence: str, start: int = 0) -> tuple:
    """The first ```fence block after ``marker`` (searched from ``start``) and where it ends."""
    at = text.index(marker, start)
    m = re.compile(rf"^```{fence}\n(.*?)^```$", re.S | re.M).search(text, at)
    assert m, f"no ```{fence} block after {marker!r}"
    return m.group(1), m.end()


def _python_and_output(text: str, marker: str) -> tuple:
    """The ```python block that holds ``marker`` and the Output block right after it."""
    code, end = _block_after(text, "```python", "python", text.rindex("```python", 0, text.index(marker)))
    assert marker in code
    assert text.index("Output (", end) < text.index("```", end), f"no Output after the block with {marker!r}"
    output, _ = _block_after(text, "Output (", "text", end)
    return code, output


def _run(args, cwd) -> str:
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


ADD_PIPE_MARKER = 'for name in ["ground_claims"'

EXAMPLES = [
    # (page, a string of the example's code, code to run before it)
    ("README.md", "nlp = spacy_ground.load()   # all five components", ""),
    (
        "docs/config.md",
        "for doc in spacy_ground.check_many(nlp, records",
        "import spacy_ground\nnlp = spacy_ground.load()\n",
    ),
    # into an existing pipeline (spacy.blank): doc._.grounding must be set, or printing it fails
    ("README.md", ADD_PIPE_MARKER, ""),
    ("docs/config.md", 'nlp = spacy.load("my_pipeline", config=', ""),
]


@pytest.mark.parametrize("page, marker, preamble", EXAMPLES)
def test_python_examples_print_what_the_docs_show(page, marker, preamble, tmp_path):
    code, expected = _python_and_output(_text(page), marker)
    printed = _run([sys.executable, "-c", preamble + code], cwd=tmp_path)
    assert printed.strip().splitlines() == expected.strip().splitlines()


def test_the_add_pipe_example_adds_every_component_in_the_default_order():
    """The components a verdict needs, in the default pipeline's order, so that
    ``doc._.grounding`` is set (with only some of them it stays None)."""
    from thinc.api import Config

    import spacy_ground

    code, expected = _python_and_output(README, ADD_PIPE_MARKER)
    names = re.search(r"for name in \[(.*?)\]", code).group(1)
    added = re.findall(r'"(ground_\w+)"', names)
    default = Config().from_disk(spacy_ground.DEFAULT_CONFIG)["nlp"]["pipeline"]
    assert added == [name for name in default if name.startswith("ground_")]
    assert 'nlp.add_pipe("sentencizer")' in code and "doc._.grounding" in code
    verdict, action = expected.split()[:2]
    assert verdict in {"supported", "unsupported", "contradicted", "not_checkable"}
    assert action in {"pass", "flag", "block"}


def test_the_main_command_prints_what_readme_shows():
    main = re.search(r"<!-- main-command -->\n```bash\n(.*?)\n```", README, re.S).group(1)
    command = main.split("&& .venv/bin/python ")[-1].split()
    assert command[:3] == ["-m", "spacy_ground", "check"]
    expected, _ = _block_after(README, "The main command above prints:", "text")
    printed = _run([sys.executable] + command, cwd=ROOT)
    assert printed.strip().splitlines() == expected.strip().splitlines()


def test_the_test_command_is_where_ci_reads_it():
    test = re.search(r"<!-- test-command -->\n```bash\n(.*?)\n```", README, re.S)
    assert test and "pytest" in test.group(1)


def test_readme_is_short():
    lines = README.count("\n") + (not README.endswith("\n"))
    assert lines <= MAX_README_LINES, f"README.md has {lines} lines, more than {MAX_README_LINES}"


def _anchors(page: Path) -> set:
    """GitHub's anchors of a page's headings: lower case, punctuation dropped, spaces to '-'."""
    headings = re.findall(r"^#+ (.+)$", page.read_text(encoding="utf8"), re.M)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


@pytest.mark.parametrize(
    "page", ["README.md"] + sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))
)
def test_links_point_at_files_and_headings_that_exist(page):
    here = (ROOT / page).parent
    links = re.findall(r"\]\(([^)\s]+)\)", _text(page))
    if page == "README.md":
        assert {f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")} <= set(links), (
            "a docs page README does not link"
        )
    broken = []
    for link in links:
        if "://" in link:
            continue
        path, _, anchor = link.partition("#")
        target = (here / path) if path else ROOT / page
        if not target.exists() or (anchor and anchor not in _anchors(target)):
            broken.append(link)
    assert not broken, broken
