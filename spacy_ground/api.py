"""The public entry points: build the pipeline (``load``), make an answer Doc with its sources
(``make_doc``) and check one answer or a stream of them (``check``, ``check_many``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Dict, Iterable, Iterator, Optional, Sequence, Tuple, Union

from spacy.language import Language
from spacy.tokens import Doc

from spacy_ground.pipeline.extensions import FAILED, KEEP_GOING, register_extensions
from spacy_ground.sources.html import mask_answer
from spacy_ground.sources.readers import clean_text
from spacy_ground.text.runs import cut_symbol_runs

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


ERRORS = ("raise", "not_checkable")  # what check / check_many do with an answer they cannot check


def make_doc(
    nlp: Language, answer: str, sources: Union[str, Sequence[Any], None] = None, question: Optional[str] = None
) -> Doc:
    """The answer as a Doc carrying its sources and question, ready for ``nlp`` (or
    ``nlp.pipe``); bad input raises a TypeError or ValueError that says what was wrong. An
    answer or question in HTML is read without its markup, one character for one
    (``sources.mask_answer``: every offset is still one into the text as given)."""
    if not isinstance(answer, str):
        raise TypeError(f"answer must be a string, not {type(answer).__name__}")
    if question is not None and not isinstance(question, str):
        raise TypeError(f"question must be a string or None, not {type(question).__name__}")
    if len(answer) > nlp.max_length:
        raise ValueError(
            f"the answer holds {len(answer):,} characters, over nlp.max_length ({nlp.max_length:,}); "
            "set nlp.max_length higher to check it (this pipeline has no parser or NER, whose memory "
            "the limit protects, unless you added them)"
        )
    doc = nlp.make_doc(cut_symbol_runs(mask_answer(clean_text(answer))))  # offsets one for one
    doc._.ground_sources = sources  # read by the extension's setter (sources.read_sources)
    doc._.ground_question = mask_answer(clean_text(question)) if question is not None else None
    return doc


def _check_errors(errors: str) -> None:
    if errors not in ERRORS:
        raise ValueError(f"errors must be one of {', '.join(map(repr, ERRORS))}, not {errors!r}")


def _unreadable(nlp: Language, answer: Any, reason: str) -> Doc:
    """A Doc for a record that could not be read: its answer when that is a text spaCy takes,
    marked FAILED with ``reason``, so that the pipeline passes it on as not_checkable."""
    text = answer if isinstance(answer, str) and len(answer) <= nlp.max_length else ""
    try:
        doc = nlp.make_doc(text)
    except Exception:
        doc = nlp.make_doc("")
    doc.user_data[KEEP_GOING] = True
    doc.user_data[FAILED] = reason
    return doc


def _doc_for(nlp: Language, i: Optional[int], answer: Any, sources: Any, question: Any, errors: str) -> Doc:
    """``make_doc`` for one record (``i``: its number in a batch, named in errors); with
    ``errors="not_checkable"`` a record that cannot be read becomes a Doc that says why."""
    where = f"record {i}: " if i is not None else ""
    try:
        doc = make_doc(nlp, answer, sources, question)
    except (TypeError, ValueError) as e:
        if errors == "raise":
            raise type(e)(f"{where}{e}") from None
        return _unreadable(nlp, answer, f"{where}{e}")
    except Exception as e:  # RecursionError, MemoryError, a bug: a batch goes on
        if errors == "raise":
            raise
        return _unreadable(nlp, answer, f"{where}the record could not be read ({type(e).__name__}: {e})"[:400])
    if errors == "not_checkable":
        doc.user_data[KEEP_GOING] = True
    return doc


def check(
    nlp: Language,
    answer: str,
    sources: Union[str, Sequence[Any], None] = None,
    question: Optional[str] = None,
    *,
    errors: str = "raise",
) -> Doc:
    """Run ``nlp`` on ``answer`` with its ``sources`` (texts or JSON records) and ``question``.
    ``errors="not_checkable"``: an answer that cannot be read or checked gives a Doc whose
    verdict is not_checkable with the error as its reason (``doc._.ground_error``), not an
    exception."""
    _check_errors(errors)
    doc = _doc_for(nlp, None, answer, sources, question, errors)
    for _, proc in nlp.pipeline:
        doc = proc(doc)
    return doc


def check_many(
    nlp: Language,
    records: Iterable[Union[Dict[str, Any], Tuple[Any, ...]]],
    batch_size: int = 32,
    n_process: int = 1,
    *,
    errors: str = "not_checkable",
) -> Iterator[Doc]:
    """Check a stream of answers through ``nlp.pipe``, yielding Docs in input order.

    A record is a dict in the data format (``answer``, ``sources``, ``question``) or a
    tuple ``(answer, sources[, question])``. Sources shared by several answers are
    indexed and embedded once per process (content-hash cache). Every score is
    computed per answer, so ``n_process=2`` gives the same results as one process.
    A record that cannot be read or checked gives a not_checkable Doc that says why
    (``doc._.ground_error``) and the batch goes on; ``errors="raise"`` stops at it instead.
    """
    _check_errors(errors)

    def docs() -> Iterator[Doc]:
        for i, rec in enumerate(records):
            if isinstance(rec, dict):
                near = [k for k in rec if k != "sources" and str(k).lower() in SOURCE_LIKE_FIELDS]
                if "sources" not in rec and near:  # a misnamed field would make the answer not checkable
                    problem = f"record {i}: no 'sources' field, but {near[0]!r}: rename it 'sources'"
                    if errors == "raise":
                        raise ValueError(problem)
                    yield _unreadable(nlp, rec.get("answer"), problem)
                    continue
                yield _doc_for(nlp, i, rec.get("answer"), rec.get("sources"), rec.get("question"), errors)
            elif isinstance(rec, (tuple, list)) and 1 <= len(rec) <= 3:
                yield _doc_for(nlp, i, *rec, *[None] * (3 - len(rec)), errors)
            else:
                problem = (
                    f"record {i}: expected a dict or an (answer, sources, question) tuple, not {type(rec).__name__}"
                )
                if errors == "raise":
                    raise TypeError(problem)
                yield _unreadable(nlp, None, problem)

    if n_process != 1:  # the tokenizers' own threads cannot survive a fork; say so once, quietly
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    yield from nlp.pipe(docs(), batch_size=batch_size, n_process=n_process)
