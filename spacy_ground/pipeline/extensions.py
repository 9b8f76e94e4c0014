"""Doc and Span extensions used by the spacy_ground components (registered once).

All stored values are plain data (dicts, lists, strings, numbers) so that
``DocBin(store_user_data=True)`` and ``nlp.pipe(n_process>1)`` keep working.
Claim-level and sentence-level results use distinct names, because span
extensions are keyed by character offsets.
"""

from typing import Any, List, Optional

from spacy.tokens import Doc, Span

from spacy_ground.pipeline.grounding import grounding_getter

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


def register_extensions() -> None:
    """Register the extensions if they are not there yet (idempotent)."""
    if not Doc.has_extension("ground_sources"):
        # list of source texts / JSON records given to check()
        Doc.set_extension("ground_sources", getter=_get_sources, setter=_set_sources)
    for name, default in DOC_EXTENSIONS.items():
        if not Doc.has_extension(name):
            Doc.set_extension(name, default=default)
    if not Doc.has_extension("grounding"):
        Doc.set_extension("grounding", getter=grounding_getter)  # a view of doc._.ground_record
    for name, default in SPAN_EXTENSIONS.items():
        if not Span.has_extension(name):
            Span.set_extension(name, default=default)
