"""No network, no pickle, no remote code: the whole default pipeline runs with sockets blocked
in-process and the hub switched off; and it gives the same scores from four threads at once."""

import json
import subprocess
import sys
import threading
from pathlib import Path

import spacy_ground

SCRIPT = r"""
import os, socket, json
os.environ["HF_HUB_OFFLINE"] = "1"; os.environ["TRANSFORMERS_OFFLINE"] = "1"

class Blocked(socket.socket):
    def connect(self, *a, **k):
        raise RuntimeError("network access attempted")
    connect_ex = connect
socket.socket = Blocked
def no_dns(*a, **k):
    raise RuntimeError("DNS lookup attempted")
socket.getaddrinfo = no_dns
socket.create_connection = no_dns

import pickle
real_load, real_loads = pickle.load, pickle.loads
used = []
pickle.load = lambda *a, **k: used.append("load") or real_load(*a, **k)
pickle.loads = lambda *a, **k: used.append("loads") or real_loads(*a, **k)

import spacy_ground
nlp = spacy_ground.load()
doc = spacy_ground.check(nlp, "Revenue was $3.9 billion. Finch has outdoor seating.",
                         ["Revenue was $2,847 million.", '{"name": "Finch", "attributes": {"OutdoorSeating": false}}'])
g = doc._.grounding
print(json.dumps({"verdict": g.verdict, "score": g.score, "pickle": used}))
"""


def test_whole_pipeline_without_network(tmp_path):
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-3000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["verdict"] == "contradicted" and 0.0 <= result["score"] <= 1.0
    assert result["pickle"] == [], "a model or resource was unpickled"
    # the same input in this process gives the same score, bit for bit, as that separate run
    nlp = spacy_ground.load()
    here = spacy_ground.check(
        nlp,
        "Revenue was $3.9 billion. Finch has outdoor seating.",
        ["Revenue was $2,847 million.", '{"name": "Finch", "attributes": {"OutdoorSeating": false}}'],
    )
    assert here._.grounding.score == result["score"]


def test_shipped_models_are_safetensors_and_json():
    models = Path(spacy_ground.__file__).parent / "models"
    assert sorted(p.name for p in models.iterdir()) == [
        "entail.json",
        "entail.safetensors",
        "tagger.json",
        "tagger.safetensors",
        "verdict.json",
    ]


RECORDS = [
    ("Revenue was $2.85 billion in 2024.", ["Revenue was $2,847 million in 2024. It employs 400 people."]),
    (
        "Revenue was $3.9 billion. It employs 500 people.",
        ["Revenue was $2,847 million in 2024. It employs 400 people."],
    ),
    (
        "Finch has outdoor seating and WiFi.",
        ['{"name": "Finch", "attributes": {"OutdoorSeating": false, "WiFi": "free"}}'],
    ),
    ("The museum opened in Paris in 1998.", ["The museum opened in Paris in 1998 and is open every day."]),
]


def test_same_scores_from_four_threads():
    nlp = spacy_ground.load()
    expected = [spacy_ground.check(nlp, a, s)._.grounding.to_dict() for a, s in RECORDS]
    fresh = spacy_ground.load()  # cold caches, so the threads race to fill them
    results, errors = {}, []

    def work(k):
        try:
            results[k] = [spacy_ground.check(fresh, a, s)._.grounding.to_dict() for a, s in RECORDS[k:] + RECORDS[:k]]
        except Exception as e:  # pragma: no cover - reported below
            errors.append(repr(e))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for k in range(4):
        assert results[k] == expected[k:] + expected[:k]  # bit for bit
