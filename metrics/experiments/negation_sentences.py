"""Record-fact readings of the sentences in negation_sentences.txt (written by the helper
reviews of 2026-11-30) with the current rules and with the rules at another commit:

    python metrics/experiments/negation_sentences.py [COMMIT]     (default c0992f3)

Prints every sentence whose (phrase, yes/no, status) readings differ, against a record in
which every attribute is true except Ambience.trendy and BusinessParking.validated/valet.
A "\\n" in a line stands for a line break.
"""
import importlib.util
import json
import subprocess
import sys
import tempfile
import types
from pathlib import Path

sys.path.insert(0, ".")
from spacy_ground import records as current  # noqa: E402

RECORD = {"attributes": {
    "BusinessParking": {"garage": True, "street": True, "validated": False, "lot": True, "valet": False},
    "WiFi": "free", "RestaurantsReservations": True, "RestaurantsTakeOut": True, "OutdoorSeating": True,
    "Music": {"live": True}, "GoodForKids": True, "RestaurantsDelivery": True, "HasTV": True,
    "Ambience": {"trendy": False, "upscale": True, "casual": True, "classy": True}}}


def records_at(commit: str):
    """spacy_ground.records (with sources.py and record_terms.json) as they were at ``commit``."""
    root = Path(tempfile.mkdtemp())
    archive = subprocess.run(["git", "archive", commit, "spacy_ground"], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(root)], input=archive, check=True)
    # the package without its __init__ (which would register spaCy factories a second time)
    pkg = types.ModuleType("old_spacy_ground")
    pkg.__path__ = [str(root / "spacy_ground")]
    sys.modules["old_spacy_ground"] = pkg
    return importlib.import_module("old_spacy_ground.records")


def readings(module, answer: str):
    return [(f["text"], f["claim"], f["status"]) for f in module.check_record_facts(answer, [json.dumps(RECORD)])]


def main(commit: str) -> None:
    old = records_at(commit)
    lines = [line.replace("\\n", "\n") for line in Path(__file__).with_suffix(".txt").read_text().splitlines()
             if line.strip()]
    differ = 0
    for answer in lines:
        a, b = readings(old, answer), readings(current, answer)
        if a != b:
            differ += 1
            print(repr(answer), f"\n  {commit}: {a}\n  now:     {b}")
    print(f"{differ} of {len(lines)} sentences read differently from {commit}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "c0992f3")
