"""README's examples print what README says they print (run as written, each in a process of
its own), so a change to the models, thresholds or reasons cannot leave them stale."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf8")


def _block_after(marker: str, fence: str, start: int = 0) -> tuple:
    """The first ```fence block after ``marker`` (searched from ``start``) and where it ends."""
    at = README.index(marker, start)
    m = re.compile(rf"^```{fence}\n(.*?)^```$", re.S | re.M).search(README, at)
    assert m, f"no ```{fence} block after {marker!r}"
    return m.group(1), m.end()


def _python_and_output(marker: str) -> tuple:
    """The ```python block that holds ``marker`` and the Output block right after it."""
    code, end = _block_after("```python", "python", README.rindex("```python", 0, README.index(marker)))
    assert marker in code
    assert README.index("Output (", end) < README.index("```", end), f"no Output after the block with {marker!r}"
    output, _ = _block_after("Output (", "text", end)
    return code, output


def _run(args, cwd) -> str:
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@pytest.mark.parametrize("marker, preamble", [
    ("nlp = spacy_ground.load()   # all five components", ""),
    ("spacy_ground.check_many(nlp, records", "import spacy_ground\nnlp = spacy_ground.load()\n"),
    ('nlp = spacy.load("my_pipeline", config=', ""),
])
def test_python_examples_print_what_readme_shows(marker, preamble, tmp_path):
    code, expected = _python_and_output(marker)
    printed = _run([sys.executable, "-c", preamble + code], cwd=tmp_path)
    assert printed.strip().splitlines() == expected.strip().splitlines()


def test_the_main_command_prints_what_readme_shows():
    main = re.search(r"<!-- main-command -->\n```bash\n(.*?)\n```", README, re.S).group(1)
    command = main.split("&& .venv/bin/python ")[-1].split()
    assert command[:3] == ["-m", "spacy_ground", "check"]
    expected, _ = _block_after("The main command above prints:", "text")
    printed = _run([sys.executable] + command, cwd=ROOT)
    assert printed.strip().splitlines() == expected.strip().splitlines()
