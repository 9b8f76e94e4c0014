"""The public entry points: build the pipeline (``load``), make an answer Doc with its sources
(``make_doc``) and check one answer or a stream of them (``check``, ``check_many``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Dict, Iterable, Iterator, Optional, Sequence, Tuple, Union

from spacy.language import Language
from spacy.tokens import Doc

from spacy_ground.pipeline.extensions import register_extensions
from spacy_ground.sources.html import mask_answer
from spacy_ground.sources.readers import clean_text

DEFAULT_CONFIG = Path(__file__).parent / "default.cfg"
# fields a record in another format may hold its sources under (check_many and bench name them)
SOURCE_LIKE_FIELDS = (
    "sources",
    "source",
    "sources_text",
    "context",
    "contexts",
    "knowledge",
    "documents",
    "passages",
    "evidence",
    "reference",
    "references",
    "document",
    "retrieved",
)

register_extensions()


_SET_FOR_FORK: list = []  # whether the hook below set TOKENIZERS_PARALLELISM for the fork under way


def _torch_one_thread_after_fork() -> None:
    """A forked worker (``nlp.pipe(n_process=2)``) must not reuse the parent's OpenMP
    thread pool, which hangs; like torch's DataLoader workers it runs torch on one thread.
    (It keeps the TOKENIZERS_PARALLELISM the fork was made with.)"""
    _SET_FOR_FORK.clear()
    torch = sys.modules.get("torch")
    if torch is not None:
        torch.set_num_threads(1)


def _tokenizers_quiet_before_fork() -> None:
    """A fast tokenizer used before a fork (``nlp.pipe(n_process=2)``) turns its parallelism off
    in the child and says so twice on stderr unless TOKENIZERS_PARALLELISM is set: set it for
    the child (when the caller has not); the parent drops it again after the fork."""
    if "tokenizers" in sys.modules and "TOKENIZERS_PARALLELISM" not in os.environ:
        os.environ["TOKENIZERS_PARALLELISM"] = "false"
        _SET_FOR_FORK.append(True)


def _tokenizers_as_before_in_parent() -> None:
    if _SET_FOR_FORK:
        _SET_FOR_FORK.clear()
        os.environ.pop("TOKENIZERS_PARALLELISM", None)


if hasattr(os, "register_at_fork"):  # not on Windows, where workers are spawned, not forked
    os.register_at_fork(
        before=_tokenizers_quiet_before_fork,
        after_in_parent=_tokenizers_as_before_in_parent,
        after_in_child=_torch_one_thread_after_fork,
    )


CLAIMS_ONLY = ("ground_align", "ground_entail", "ground_verdict")  # load(exclude=CLAIMS_ONLY): rules only
KNOWN_COMPONENTS = ("ground_claims", "ground_numeric") + CLAIMS_ONLY


def load(
    config: Union[str, Path, None] = None,
    overrides: Optional[Dict[str, Any]] = None,
    exclude: Union[str, Sequence[str], None] = (),
) -> Language:
    """Build the default pipeline (or the one in ``config``), offline.

    ``overrides`` are dotted config keys, e.g. ``{"components.ground_numeric.top_k": 5}``;
    ``exclude`` leaves components out (``CLAIMS_ONLY`` keeps the claim and numeric checks).
    """
    from spacy import util

    if exclude is None:
        exclude = ()
    elif isinstance(exclude, str):
        exclude = [exclude]
    cfg = util.load_config(config or DEFAULT_CONFIG, overrides=overrides or {}, interpolate=False)
    names = list(cfg["nlp"]["pipeline"])
    # a component of this package missing from the config is already left out; any other
    # name is a mistake (a typo would otherwise leave the component in without a word)
    unknown = [name for name in exclude if name not in names and name not in KNOWN_COMPONENTS]
    if unknown:
        raise ValueError(
            f"load(exclude=...): no component named {', '.join(map(repr, unknown))} in the "
            f"pipeline ({', '.join(names)})"
        )
    exclude = [name for name in exclude if name in names]
    return util.load_model_from_config(cfg, auto_fill=True, validate=True, exclude=exclude)


def make_doc(
    nlp: Language, answer: str, sources: Union[str, Sequence[Any], None] = None, question: Optional[str] = None
) -> Doc:
    """The answer as a Doc carrying its sources and question, ready for ``nlp`` (or
    ``nlp.pipe``); bad input raises a TypeError that says what was wrong. An answer or question
    in HTML is read without its markup, one character for one (``sources.mask_answer``: every
    offset is still one into the text as given)."""
    if not isinstance(answer, str):
        raise TypeError(f"answer must be a string, not {type(answer).__name__}")
    if question is not None and not isinstance(question, str):
        raise TypeError(f"question must be a string or None, not {type(question).__name__}")
    doc = nlp.make_doc(mask_answer(clean_text(answer)))
    doc._.ground_sources = sources  # read by the extension's setter (sources.read_sources)
    doc._.ground_question = mask_answer(clean_text(question)) if question is not None else None
    return doc


def check(
    nlp: Language, answer: str, sources: Union[str, Sequence[Any], None] = None, question: Optional[str] = None
) -> Doc:
    """Run ``nlp`` on ``answer`` with its ``sources`` (texts or JSON records) and ``question``."""
    doc = make_doc(nlp, answer, sources, question)
    for _, proc in nlp.pipeline:
        doc = proc(doc)
    return doc


def check_many(
    nlp: Language, records: Iterable[Union[Dict[str, Any], Tuple[Any, ...]]], batch_size: int = 32, n_process: int = 1
) -> Iterator[Doc]:
    """Check a stream of answers through ``nlp.pipe``, yielding Docs in input order.

    A record is a dict in the data format (``answer``, ``sources``, ``question``) or a
    tuple ``(answer, sources[, question])``. Sources shared by several answers are
    indexed and embedded once per process (content-hash cache). Every score is
    computed per answer, so ``n_process=2`` gives the same results as one process.
    """

    def docs() -> Iterator[Doc]:
        for i, rec in enumerate(records):
            try:
                if isinstance(rec, dict):
                    near = [k for k in rec if k != "sources" and str(k).lower() in SOURCE_LIKE_FIELDS]
                    if "sources" not in rec and near:  # a misnamed field would make the answer not checkable
                        raise ValueError(f"record {i}: no 'sources' field, but {near[0]!r}: rename it 'sources'")
                    yield make_doc(nlp, rec.get("answer"), rec.get("sources"), rec.get("question"))
                elif isinstance(rec, (tuple, list)) and 1 <= len(rec) <= 3:
                    yield make_doc(nlp, *rec)
                else:
                    raise TypeError(
                        f"expected a dict or an (answer, sources, question) tuple, not {type(rec).__name__}"
                    )
            except TypeError as e:
                raise TypeError(f"record {i}: {e}") from None

    if n_process != 1:  # the tokenizers' own threads cannot survive a fork; say so once, quietly
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    yield from nlp.pipe(docs(), batch_size=batch_size, n_process=n_process)
