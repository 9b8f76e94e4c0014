"""Shared by the ground_entail timing experiments: run the pipeline up to ground_entail once
per answer, then ground_entail in two settings (order alternating per answer), so drift on a
noisy machine hits both alike."""
import argparse
import itertools
import time
from typing import Callable, Dict, List, Tuple

import spacy_ground as sg
from spacy_ground.bench import read_jsonl


def args_data_every(description: str) -> argparse.Namespace:
    """The experiments' command line: a data file and --every N."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("data")
    ap.add_argument("--every", type=int, default=3)
    return ap.parse_args()


def time_two_settings(path: str, every: int, use: Callable[[bool], None]
                      ) -> Tuple[Dict[bool, List[float]], Dict[bool, List[List[float]]]]:
    """Milliseconds of ground_entail per answer and each answer's sentence supports, for
    ``use(False)`` and ``use(True)`` (a function that switches the setting)."""
    nlp = sg.load()
    at = [name for name, _ in nlp.pipeline].index("ground_entail")
    entail = nlp.pipeline[at][1]
    sg.check(nlp, "Warm-up: it cost $5 million in 2019.", sources=["It cost $5 million in 2019."])
    times: Dict[bool, List[float]] = {False: [], True: []}
    supports: Dict[bool, List[List[float]]] = {False: [], True: []}
    for i, rec in enumerate(itertools.islice(read_jsonl(path), 0, None, every)):
        doc = sg.make_doc(nlp, rec["answer"], rec.get("sources") or [], rec.get("question"))
        for _, proc in nlp.pipeline[:at]:
            doc = proc(doc)
        for setting in ((True, False) if i % 2 else (False, True)):
            use(setting)
            t0 = time.perf_counter()
            done = entail(doc.copy())
            times[setting].append((time.perf_counter() - t0) * 1000)
            supports[setting].append([s._.entailment["supported"] for s in done.spans[entail.sentences_key]
                                      if s._.entailment])
    return times, supports
