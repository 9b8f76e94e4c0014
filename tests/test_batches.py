"""check_many / nlp.pipe: streams in order, reuses sources, same results with two processes."""

import json

import pytest

import spacy_ground

SOURCE = "Revenue was $2,847 million in 2024. The firm employs 400 people in Oslo."
RECORD = json.dumps({"name": "Finch", "attributes": {"OutdoorSeating": False}, "hours": {"Monday": "9:0-17:0"}})
RECORDS = [
    {"answer": "Revenue was $2.85 billion in 2024.", "sources": [SOURCE]},
    {"answer": "Revenue was $3.9 billion. It employs 400 people.", "sources": [SOURCE], "question": "Revenue?"},
    {"answer": "Finch offers outdoor seating and opens at 9 am on Mondays.", "sources": [RECORD]},
    ("The firm is based in Oslo.", [SOURCE]),
    ("The passages do not mention the revenue.", [SOURCE], "What was revenue?"),
    {"answer": "", "sources": [SOURCE]},
]


@pytest.fixture(scope="module")
def nlp():
    return spacy_ground.load()


def summary(doc):
    g = doc._.grounding
    return (
        doc.text,
        g.score,
        g.verdict,
        g.action,
        [s["entailment"] for s in g.sentences],
        [(c["text"], c["status"]) for c in g.claims],
        [(s.start_char, s.end_char) for s in doc.spans["ground_unsupported"]],
    )


def test_check_many_matches_check_in_order(nlp):
    one = [
        summary(
            spacy_ground.check(nlp, r["answer"], r["sources"], r.get("question"))
            if isinstance(r, dict)
            else spacy_ground.check(nlp, *r)
        )
        for r in RECORDS
    ]
    many = [summary(d) for d in spacy_ground.check_many(nlp, RECORDS, batch_size=4)]
    assert many == one  # bit for bit: every answer is scored on its own


def test_two_processes_give_identical_results(nlp):
    single = [summary(d) for d in spacy_ground.check_many(nlp, RECORDS, batch_size=2)]
    double = [summary(d) for d in spacy_ground.check_many(nlp, RECORDS, batch_size=2, n_process=2)]
    assert double == single


def test_sources_are_indexed_once(nlp):
    indexer = nlp.get_pipe("ground_claims").index_sources
    indexer.clear()
    list(spacy_ground.check_many(nlp, RECORDS[:2]))
    assert indexer.has([SOURCE])
    assert len(indexer) == 1


def test_a_bad_record_names_its_position(nlp):
    records = [RECORDS[0], {"answer": None, "sources": [SOURCE]}, RECORDS[1]]
    with pytest.raises(TypeError, match="record 1: answer must be a string"):
        list(spacy_ground.check_many(nlp, records, errors="raise"))
    docs = list(spacy_ground.check_many(nlp, records))  # the batch goes on past it
    assert [d._.grounding.verdict == "not_checkable" for d in docs] == [False, True, False]
    assert docs[1]._.grounding.reasons == ["record 1: answer must be a string, not NoneType"]
    assert docs[1]._.ground_error == "record 1: answer must be a string, not NoneType"
    assert docs[0]._.ground_error is None and docs[2]._.grounding.score is not None


def test_threads_of_our_own_give_the_results_of_torchs_threads(nlp):
    """workers = 2 (pairs and sentence batches on threads of their own, one torch thread each;
    the default of both components) against workers = 0 (one after another on torch's threads):
    bit for bit."""
    entail, encoder = nlp.get_pipe("ground_entail"), nlp.get_pipe("ground_align").encoder
    indexer = nlp.get_pipe("ground_claims").index_sources
    assert (entail.workers, encoder.workers) == (2, 2)
    runs = []
    try:
        for workers in (2, 0):
            entail.workers = encoder.workers = workers
            indexer._cache.clear()  # the sources embedded again, with these settings
            runs.append([summary(d) for d in spacy_ground.check_many(nlp, RECORDS)])
    finally:
        entail.workers = encoder.workers = 2
    assert runs[0] == runs[1]


def test_the_pool_leaves_the_callers_torch_threads_alone(nlp):
    import threading

    import torch

    from spacy_ground.nn.threads import map_in_threads

    before = torch.get_num_threads()
    spacy_ground.check(nlp, "Revenue was $2.85 billion.", [SOURCE])
    assert map_in_threads(lambda _: torch.get_num_threads(), [0, 1, 2], 2) == [1, 1, 1]
    assert map_in_threads(lambda _: threading.current_thread().name, [0], 0) == [threading.current_thread().name]
    seen = []
    thread = threading.Thread(target=lambda: seen.append(torch.get_num_threads()))
    thread.start()
    thread.join()
    assert torch.get_num_threads() == before and seen == [before]


@pytest.mark.parametrize("factory", ["ground_entail", "ground_align"])
@pytest.mark.parametrize("workers", [-1, 1.5, True, "2"])
def test_workers_must_be_a_count(factory, workers):
    with pytest.raises(ValueError, match="workers"):  # spaCy's config check, or the component's
        spacy_ground.load(overrides={f"components.{factory}.workers": workers})


def test_nlp_pipe_in_two_processes_is_quiet_about_the_tokenizer(tmp_path):
    """nlp.pipe(n_process=2) after the pipeline has run (its fast tokenizers used) printed the
    tokenizers library's fork warning twice; the package now sets TOKENIZERS_PARALLELISM
    before a fork, when the caller has not."""
    import os
    import subprocess
    import sys

    script = (
        "import spacy_ground\n"
        "nlp = spacy_ground.load()\n"
        f"spacy_ground.check(nlp, 'Revenue was $2.85 billion.', [{SOURCE!r}])\n"
        f"docs = [spacy_ground.make_doc(nlp, 'Revenue was $2.85 billion.', [{SOURCE!r}]) for _ in range(4)]\n"
        "print([d._.grounding.action for d in nlp.pipe(docs, n_process=2, batch_size=2)])\n"
        "import os; assert 'TOKENIZERS_PARALLELISM' not in os.environ  # set for the children only\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "TOKENIZERS_PARALLELISM"}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "['pass', 'pass', 'pass', 'pass']"
    assert "huggingface/tokenizers" not in out.stderr


def test_a_thread_still_checking_after_the_main_thread_ends_falls_back_to_its_own_thread():
    """At interpreter exit the pool takes no more work ("cannot schedule new futures after
    shutdown"); a check from a thread that outlives the main thread runs in that thread."""
    import subprocess
    import sys

    script = (
        "import threading, time, spacy_ground\n"
        "nlp = spacy_ground.load()\n"
        f"spacy_ground.check(nlp, 'The firm employs 400 people.', [{SOURCE!r}])\n"
        "def late():\n"
        "    time.sleep(1)\n"
        f"    print(spacy_ground.check(nlp, 'The firm employs 400 people.', [{SOURCE!r}])._.grounding.action)\n"
        "threading.Thread(target=late).start()\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "pass"


def test_pools_built_by_several_threads_at_once_leave_torch_threads_as_they_were():
    import subprocess
    import sys

    script = (
        "import threading, torch\n"
        "torch.ones(2) @ torch.ones(2)\n"
        "before = torch.get_num_threads()\n"
        "from spacy_ground.nn.threads import map_in_threads\n"
        "for workers in (2, 3, 4):\n"
        "    b = threading.Barrier(4)\n"
        "    def f(): b.wait(); map_in_threads(lambda x: x, [1, 2], workers)\n"
        "    ts = [threading.Thread(target=f) for _ in range(4)]\n"
        "    [t.start() for t in ts]; [t.join() for t in ts]\n"
        "print(before, torch.get_num_threads())\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    before, after = out.stdout.split()
    assert before == after


def test_check_many_names_a_misnamed_sources_field():
    """A record whose sources sit under another name ("source", "context") would be silently
    not checkable: the error names the field."""
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    records = [
        {"answer": "It cost $5 million.", "sources": ["It cost $5 million."]},
        {"answer": "It cost $5 million.", "source": ["It cost $5 million."]},
    ]
    with pytest.raises(ValueError, match="record 1: no 'sources' field, but 'source': rename it 'sources'"):
        list(spacy_ground.check_many(nlp, records, errors="raise"))
    first, second = spacy_ground.check_many(nlp, records)
    assert first._.ground_error is None
    assert second._.ground_error == "record 1: no 'sources' field, but 'source': rename it 'sources'"
    # no sources at all (and nothing like them) stays a not-checkable answer, as before
    (doc,) = spacy_ground.check_many(nlp, [{"answer": "It cost $5 million.", "id": "a1"}])
    assert doc._.numeric_grounding["message"] == "no sources to check against"


PASSAGES = [
    "The rainforest floor gets little light. The decay though offers plenty of rich nutrients for other plants "
    "to grow from. Jaguars hunt there at night.",
    "Trees in the rainforest grow up to 60 metres tall. For example there are herbs and mushrooms that grow on "
    "the floor. The decay though offers plenty of rich nutrients for other plants to grow from.",
    "About 2% of the sunlight reaches the ground. Leaves fall all year and decay within weeks.",
]
PASSAGE_ANSWER = (
    "The floor is rich in nutrients due to the quick decay of dead leaves, and herbs grow there. "
    "Only 2% of the sunlight reaches the ground. Trees grow up to 80 metres tall."
)


def test_passage_order_does_not_move_the_verdict(nlp):
    """The same passages in another order give the same judgement: the premise reads the
    evidence ranked (a sentence two passages share read once), and the sentence encoder's
    batches do not depend on the order of its texts."""
    import itertools

    def judged(passages):
        doc = spacy_ground.check(nlp, PASSAGE_ANSWER, passages, "Why is the rainforest floor rich?")
        g = doc._.grounding
        return (
            round(g.score, 6),
            g.verdict,
            g.action,
            [
                {
                    k: round(v, 6)
                    for k, v in s["entailment"].items()
                    if k in ("supported", "unsupported", "contradicted")
                }
                for s in g.sentences
            ],
            [(c["text"], c["status"]) for c in g.claims],
        )

    results = [judged(list(p)) for p in itertools.permutations(PASSAGES)]
    assert results[0][3]  # the sentences were judged
    assert all(r == results[0] for r in results[1:])
