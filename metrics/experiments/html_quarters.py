"""Answers about a quarterly table given as an HTML page, through the whole default pipeline of
a checkout (to compare a commit before HTML sources were read with the code now):

    git worktree add /tmp/before 147e09e
    python metrics/experiments/html_quarters.py /tmp/before
    python metrics/experiments/html_quarters.py .
"""
import ast
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else ".")
import spacy_ground  # noqa: E402

# tests/test_html.py's QUARTERS_HTML, read without importing the tests (they need this code)
_TESTS = ast.parse(open(Path(__file__).parents[2] / "tests" / "test_html.py", encoding="utf8").read())
QUARTERS_HTML = next(ast.literal_eval(node.value) for node in _TESTS.body if isinstance(node, ast.Assign)
                     and getattr(node.targets[0], "id", "") == "QUARTERS_HTML")

CHECKOUT = sys.argv[1] if len(sys.argv) > 1 else "."
print("code:", subprocess.run(["git", "-C", CHECKOUT, "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True).stdout.strip(), "(with uncommitted changes to spacy_ground/)" if subprocess.run(
    ["git", "-C", CHECKOUT, "status", "--porcelain", "--untracked-files=no", "--", "spacy_ground"], capture_output=True, text=True).stdout
    else "")
nlp = spacy_ground.load()
for answer in ["Revenue was $6.4 million in Q3 2024.", "Revenue was $7.1 million in Q3 2024.",
               "The operating margin was 12% in Q3 2024.", "Acme's CEO said demand was strong."]:
    g = spacy_ground.check(nlp, answer, sources=[QUARTERS_HTML])._.grounding
    print(f"{answer} | {g.verdict} p {g.score:.2f} {g.action} | {g.reasons}")
