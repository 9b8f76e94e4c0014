"""Torch runs on one thread per pipeline unless the user asks for more (config or the
environment variable), and the caller's own torch setting is back after every call."""

import pytest
import torch

import spacy_ground
from spacy_ground.nn.threads import TORCH_THREADS_ENV, map_in_threads, torch_threads, torch_threads_for


@pytest.mark.parametrize(
    "setting, env, expected",
    [
        (None, None, 1),
        (None, "3", 3),
        (None, " 2 ", 2),
        (None, "", 1),
        (4, None, 4),
        (4, "2", 4),  # the config wins over the environment
    ],
)
def test_the_setting_then_the_environment_then_one(monkeypatch, setting, env, expected):
    monkeypatch.delenv(TORCH_THREADS_ENV, raising=False)
    if env is not None:
        monkeypatch.setenv(TORCH_THREADS_ENV, env)
    assert torch_threads_for("ground_align", setting) == expected


@pytest.mark.parametrize(
    "setting, env",
    [(0, None), (-1, None), (True, None), ("2", None), (2.0, None), (None, "two"), (None, "0"), (None, "-3")],
)
def test_a_bad_setting_says_what_and_where(monkeypatch, setting, env):
    monkeypatch.delenv(TORCH_THREADS_ENV, raising=False)
    if env is not None:
        monkeypatch.setenv(TORCH_THREADS_ENV, env)
    with pytest.raises(ValueError, match="ground_entail: (torch_threads|SPACY_GROUND_TORCH_THREADS) must be"):
        torch_threads_for("ground_entail", setting)


def test_work_in_the_calling_thread_runs_on_the_threads_asked_and_puts_the_setting_back():
    before = torch.get_num_threads()
    seen = map_in_threads(lambda _: torch.get_num_threads(), [1, 2, 3], workers=0, threads=1)
    assert seen == [1, 1, 1]
    assert torch.get_num_threads() == before
    with torch_threads(2):
        assert torch.get_num_threads() == 2
    assert torch.get_num_threads() == before
    with pytest.raises(RuntimeError):
        with torch_threads(1):
            raise RuntimeError("boom")
    assert torch.get_num_threads() == before  # put back after an error too


def test_the_components_take_the_setting_from_config_and_environment(monkeypatch):
    monkeypatch.delenv(TORCH_THREADS_ENV, raising=False)
    nlp = spacy_ground.load()
    assert nlp.get_pipe("ground_align").torch_threads == 1
    assert nlp.get_pipe("ground_entail").torch_threads == 1
    monkeypatch.setenv(TORCH_THREADS_ENV, "2")
    nlp = spacy_ground.load(overrides={"components.ground_entail.torch_threads": 3})
    assert nlp.get_pipe("ground_align").torch_threads == 2
    assert nlp.get_pipe("ground_entail").torch_threads == 3
    with pytest.raises(ValueError, match="ground_align: torch_threads must be"):
        spacy_ground.load(overrides={"components.ground_align.torch_threads": 0})


def test_a_check_leaves_the_callers_torch_setting_alone():
    nlp = spacy_ground.load()
    before = torch.get_num_threads()
    doc = spacy_ground.check(nlp, "Revenue was $5 million in 2024.", ["Revenue was $5 million in 2024."])
    assert doc._.grounding is not None
    assert torch.get_num_threads() == before


def test_bench_and_evaluate_say_how_many_threads_and_processes_they_use(monkeypatch):
    from spacy_ground.training.bench import threads_used

    monkeypatch.setenv(TORCH_THREADS_ENV, "3")
    line = threads_used(spacy_ground.load())
    assert line.startswith("1 process; ")
    assert "ground_align: torch on 3 thread(s)" in line and "ground_entail: torch on 3 thread(s)" in line
    assert "2 worker threads" in line  # ground_entail's default workers
    assert threads_used(spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)) == "1 process; no torch component"
