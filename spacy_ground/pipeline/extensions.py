"""Doc and Span extensions used by the spacy_ground components (registered once).

All stored values are plain data (dicts, lists, strings, numbers) so that
``DocBin(store_user_data=True)`` and ``nlp.pipe(n_process>1)`` keep working.
Claim-level and sentence-level results use distinct names, because span
extensions are keyed by character offsets.
"""

import functools
import weakref
from typing import TYPE_CHECKING, Any, Callable, List, Optional

from spacy.tokens import Doc, Span, SpanGroup

from spacy_ground.pipeline.grounding import grounding_getter

if TYPE_CHECKING:
    from spacy_ground.sources.index import SourceIndex, SourceIndexer

DOC_EXTENSIONS = {
    "ground_question": None,  # the question, if any (never used as evidence)
    "numeric_grounding": None,  # per-answer numeric grounding summary (ground_numeric)
    "record_facts": None,  # ground_numeric: facts the answer states about JSON records, checked
    "ground_record": None,  # ground_verdict: the verdict as plain data (see doc._.grounding)
}
SPAN_EXTENSIONS = {
    "claim": None,  # ground_claims: normalised value of a claim (ClaimValue.to_dict())
    "ground_numeric": None,  # ground_numeric: status, nearest source value, evidence
    "evidence": None,  # ground_align (sentence level): top-k source sentences with scores
    "entailment": None,  # ground_entail (sentence level): supported/unsupported/contradicted probabilities
    "ground_span": None,  # ground_verdict (flagged spans): p, kind, source and reason of a span it flagged
}


# where spaCy keeps a Doc extension's value (as for one with a default), so saved Docs load as before
SOURCES_KEY = ("._.", "ground_sources", None, None)


def _get_sources(doc: Doc) -> Optional[List[Any]]:
    return doc.user_data.get(SOURCES_KEY)


def _set_sources(doc: Doc, sources: Any) -> None:
    """``doc._.ground_sources = ...`` reads the sources as ``make_doc`` does: one text or record
    as a list of one, passage objects as their text; bad input raises a TypeError."""
    from spacy_ground.sources.readers import read_sources

    doc.user_data[SOURCES_KEY] = read_sources(sources)


# The source index is handed on the Doc: ``ground_claims`` marks its span group with its own name
# and the id of its indexer (SpanGroup.attrs, plain data that DocBin and n_process keep), and the
# components after it look the indexer up by that id here. The table holds indexers weakly: it
# never keeps a pipeline alive.
TAGGED_BY = "spacy_ground.tagged_by"  # SpanGroup.attrs: the claims component that filled the group
SOURCE_INDEX = "spacy_ground.source_index"  # SpanGroup.attrs: the id of its source indexer
JUDGED_BY = "spacy_ground.judged_by"  # SpanGroup.attrs: the entailment component that judged the sentences
_INDEXERS: "weakref.WeakValueDictionary[str, SourceIndexer]" = weakref.WeakValueDictionary()


def mark_claims(group: SpanGroup, component: str, indexer_id: str, indexer: "SourceIndexer") -> None:
    """Record on a claims span group which component filled it and where its source index is."""
    _INDEXERS[indexer_id] = indexer
    group.attrs[TAGGED_BY] = component
    group.attrs[SOURCE_INDEX] = indexer_id


def judged(group: Optional[SpanGroup]) -> bool:
    """Whether an entailment component has judged this group of answer sentences."""
    return group is not None and group.attrs.get(JUDGED_BY) is not None


def claims_group(doc: Doc, component: str) -> Optional[SpanGroup]:
    """The span group the claims component ``component`` filled on this Doc, or None."""
    for group in doc.spans.values():
        if group.attrs.get(TAGGED_BY) == component:
            return group
    return None


def source_index(doc: Doc, component: str, needed_by: str) -> Optional["SourceIndex"]:
    """The index of ``doc._.ground_sources`` built by the claims component ``component``; None
    (with the reason on the Doc, see ``index_or_note``) when the sources are too large to read.
    Raises a ValueError naming ``needed_by`` when the Doc has not been through ``component`` in
    this process."""
    from spacy_ground.sources.index import index_or_note

    group = claims_group(doc, component)
    if group is None:
        raise ValueError(f"{needed_by} needs the '{component}' component before it: this Doc has not been through it")
    indexer = _INDEXERS.get(group.attrs.get(SOURCE_INDEX, ""))
    if indexer is None:
        raise ValueError(
            f"{needed_by}: the source index of '{component}' is not in this process (a Doc read back "
            "from bytes, or made by another pipeline): run the whole pipeline on it here"
        )
    return index_or_note(indexer, doc, doc._.ground_sources or [])


# One bad answer never stops a batch: check_many, bench and evaluate mark their Docs KEEP_GOING,
# and a component that raises on such a Doc records why in FAILED instead; the components after
# it leave the Doc alone and ground_verdict makes it not_checkable with that reason.
KEEP_GOING = "spacy_ground.keep_going"  # doc.user_data: turn a component's error into FAILED
FAILED = "spacy_ground.failed"  # doc.user_data: why the answer could not be checked


def describe_error(component: str, error: BaseException, limit: int = 300) -> str:
    """A one-line reason for a not_checkable verdict: which component failed, and how."""
    text = " ".join(str(error).split())
    text = text if len(text) <= limit else text[: limit - 3] + "..."
    return f"{component} could not check this answer ({type(error).__name__}: {text})"


def guarded(call: Callable[[Any, Doc], Doc]) -> Callable[[Any, Doc], Doc]:
    """Wrap a component's ``__call__``: on a Doc marked KEEP_GOING, an error becomes the Doc's
    FAILED reason (and a Doc already FAILED is passed on untouched); on any other Doc, errors
    propagate as usual."""

    @functools.wraps(call)
    def run(self: Any, doc: Doc) -> Doc:
        if not doc.user_data.get(KEEP_GOING):
            return call(self, doc)
        if doc.user_data.get(FAILED):
            return doc
        try:
            return call(self, doc)
        except Exception as e:  # a batch goes on; the reason names the error
            doc.user_data[FAILED] = describe_error(getattr(self, "name", type(self).__name__), e)
            return doc

    return run


def _get_index(doc: Doc) -> Optional["SourceIndex"]:
    """``doc._.ground_index``: the index of the Doc's sources built by the claims component it
    went through (None without sources, without that component, or in another process)."""
    if not doc._.ground_sources:
        return None
    for group in doc.spans.values():
        component = group.attrs.get(TAGGED_BY)
        if component is not None:
            try:
                return source_index(doc, component, "doc._.ground_index")
            except ValueError:
                return None
    return None


def register_extensions() -> None:
    """Register the extensions if they are not there yet (idempotent)."""
    if not Doc.has_extension("ground_sources"):
        # list of source texts / JSON records given to check()
        Doc.set_extension("ground_sources", getter=_get_sources, setter=_set_sources)
    for name, default in DOC_EXTENSIONS.items():
        if not Doc.has_extension(name):
            Doc.set_extension(name, default=default)
    if not Doc.has_extension("ground_index"):
        Doc.set_extension("ground_index", getter=_get_index)  # the sources' SourceIndex (read-only)
    if not Doc.has_extension("ground_error"):
        Doc.set_extension("ground_error", getter=lambda doc: doc.user_data.get(FAILED))  # see FAILED
    if not Doc.has_extension("grounding"):
        Doc.set_extension("grounding", getter=grounding_getter)  # a view of doc._.ground_record
    for name, default in SPAN_EXTENSIONS.items():
        if not Span.has_extension(name):
            Span.set_extension(name, default=default)
