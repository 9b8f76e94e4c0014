"""Labelled answers in the shared data format as spaCy Examples: a registered corpus reader.

    examples = list(registry.readers.get("spacy_ground.Answers.v1")(path="dev.jsonl")(nlp))
    nlp.evaluate(examples)

Each predicted doc is made by ``spacy_ground.make_doc``, so it carries its sources and question;
the reference has the label as a category and the labelled spans under ``spans_key``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterator, Union

from spacy.language import Language
from spacy.training import Example
from spacy.util import registry


@registry.readers("spacy_ground.Answers.v1")
def create_answers_reader(path: Union[str, Path], limit: int = 0, spans_key: str = "ground_unsupported",
                          label: str = "hallucinated") -> Callable[[Language], Iterator[Example]]:
    """A reader of the labelled answers in ``path`` (JSONL in the shared data format; ``.gz``
    too), the first ``limit`` lines when above 0."""
    return AnswersCorpus(path, limit=limit, spans_key=spans_key, label=label)


class AnswersCorpus:
    """Iterate over the labelled answers of a JSONL file as Examples (read again on each
    call, as ``spacy.training.Corpus``). An answer without a label (neither ``hallucinated``
    nor ``spans``) is skipped: it has nothing to score against. The reference's category
    ``label`` is 1.0 for a hallucinated answer, else 0.0; its ``spans_key`` holds the labelled
    spans (widened to token boundaries, labelled as in the file), empty when there are none."""

    def __init__(self, path: Union[str, Path], *, limit: int = 0, spans_key: str = "ground_unsupported",
                 label: str = "hallucinated"):
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            raise ValueError(f"spacy_ground.Answers.v1: limit must be an integer >= 0, not {limit!r}")
        self.path = Path(path)
        self.limit = limit
        self.spans_key = spans_key
        self.label = label

    def __call__(self, nlp: Language) -> Iterator[Example]:
        from . import make_doc
        from .bench import is_hallucinated, is_labelled, read_jsonl  # bench imports the package

        for i, rec in enumerate(read_jsonl(self.path)):
            if self.limit and i >= self.limit:
                break
            if not is_labelled(rec):
                continue
            predicted = make_doc(nlp, rec["answer"], rec.get("sources"), rec.get("question"))
            reference = nlp.make_doc(predicted.text)
            reference.cats = {self.label: float(is_hallucinated(rec))}
            spans = [reference.char_span(s["start"], s["end"], label=str(s.get("label") or ""),
                                         alignment_mode="expand") for s in rec.get("spans") or []]
            reference.spans[self.spans_key] = [s for s in spans if s is not None]
            yield Example(predicted, reference)
