"""``doc._.grounding``: the verdict record as a dict with attributes, a printed summary and an
HTML view (``render``)."""

from __future__ import annotations

import html
import json
from typing import Any, Dict, Optional

from spacy.tokens import Doc


class Grounding(dict):
    """The verdict record (a dict, as ``doc._.ground_record`` holds it, so ``json.dumps`` and
    ``doc.to_json(underscore=["grounding"])`` take it) with attributes: ``score``, ``verdict``,
    ``action``, ``reasons``, ``sentences``, ``claims``, ``to_dict()``; prints a summary and
    renders as HTML (in a notebook: the answer with its flagged spans marked and the evidence
    on hover, as ``spacy_ground.render``)."""

    def __init__(self, record: Dict[str, Any], doc: Optional[Doc] = None):
        super().__init__(record)
        self._doc = doc  # for the HTML view; not pickled

    def __reduce__(self):
        return (Grounding, (dict(self),))

    score = property(lambda self: self["score"])
    verdict = property(lambda self: self["verdict"])
    action = property(lambda self: self["action"])
    reasons = property(lambda self: self["reasons"])
    sentences = property(lambda self: self["sentences"])
    claims = property(lambda self: self["claims"])
    facts = property(lambda self: self.get("facts", []))
    # the flagged spans: start, end (offsets into the answer as given), text, p, kind, source, reason
    spans = property(lambda self: self.get("spans", []))
    features = property(lambda self: self.get("features", {}))
    # what the sources are (record / passages / document) and the 1 - support from which a
    # sentence of this answer became a flagged span: both depend on the kind of sources
    sources_kind = property(lambda self: self.get("sources_kind"))
    sentence_threshold = property(lambda self: self.get("sentence_threshold"))
    # whether a rule (a mismatched number or record fact, a strongly contradicted sentence)
    # flags the answer whatever its score
    flagged_by_rule = property(lambda self: self.get("flagged_by_rule", False))

    def to_dict(self) -> Dict[str, Any]:
        """A deep copy as plain JSON data."""
        return json.loads(json.dumps(self))

    def __str__(self) -> str:
        score = "n/a" if self.score is None else f"{self.score:.2f}"
        lines = [f"{self.verdict} (p(hallucinated) = {score}, action: {self.action})"]
        lines += [f"- {r}" for r in self.reasons]
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        if self._doc is not None:
            from spacy_ground.render import render_markup

            return render_markup(self._doc)
        items = "".join(f"<li>{html.escape(r)}</li>" for r in self.reasons)
        score = "n/a" if self.score is None else f"{self.score:.2f}"
        return (
            f"<div class='spacy-ground'><b>{html.escape(self.verdict)}</b> "
            f"(p(hallucinated) = {score}, action: <b>{html.escape(self.action)}</b>)<ul>{items}</ul></div>"
        )


def grounding_getter(doc: Doc) -> Optional[Grounding]:
    record = doc._.ground_record
    return Grounding(record, doc) if record is not None else None
