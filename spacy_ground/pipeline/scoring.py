"""Scoring a grounding verdict against gold answers for ``nlp.evaluate``: the gold label of a
reference doc and the answer-level and span-level figures (``spacy_ground.grounding_scorer.v1``;
the entailment and numeric scorers reuse it)."""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple

from spacy.tokens import Doc, Span
from spacy.training import Example

from spacy_ground.fusion.metrics import auroc, calibration_error, prf


class GroundingScorer:
    """The verdict against gold answers, as ``spacy project run evaluate`` measures it.

    An example's gold label is ``reference.cats[label]`` (>= 0.5: hallucinated) when the
    reference has that category, else whether it has a span under ``spans_key`` (the
    component's, passed by its ``score``) when it has that key at all; an example with
    neither is left out. Scores: ``grounding_auroc`` (of ``doc._.grounding.score``; a
    not_checkable answer, which has no score, ranked by ``rank_score(doc)`` when the component
    passes it, the model's score of its features as ``evaluate`` ranks it, else left out),
    ``grounding_p`` / ``_r`` / ``_f`` (an answer is flagged when its action is flag or block,
    as a not_checkable answer's is), ``grounding_ece`` (10 bins), ``grounding_span_p`` / ``_r`` / ``_f`` (characters of
    ``doc.spans[spans_key]`` against the gold spans, micro, over the answers whose spans are
    known: with a gold span, or labelled clean) and ``grounding_not_checkable`` (the share of
    labelled answers). A figure that cannot be computed (one class only; no gold span at
    all) is None. The predicted docs need their sources (``spacy_ground.make_doc``): a
    warning says how many had none. (A class, not a closure, so that a pipeline holding it
    pickles.)"""

    def __init__(self, label: str = "hallucinated"):
        self.label = label

    def gold(self, reference: Doc, spans_key: str = "ground_unsupported") -> Optional[bool]:
        """An example's gold label (None: the reference does not say)."""
        if self.label in reference.cats:
            return float(reference.cats[self.label]) >= 0.5
        if spans_key in reference.spans:
            return len(reference.spans[spans_key]) > 0
        return None

    def __call__(
        self,
        examples: Iterable[Example],
        *,
        spans_key: str = "ground_unsupported",
        rank_score: Optional[Callable[[Doc], float]] = None,
        **kwargs,
    ) -> Dict[str, Any]:
        import warnings

        labels, flagged, scored, score_labels, not_checkable, no_sources = [], [], [], [], 0, 0
        tp = fp = fn = 0
        any_gold_span = False
        for eg in examples:
            y = self.gold(eg.reference, spans_key)
            g = eg.predicted._.grounding
            if y is None or g is None:
                continue
            labels.append(y)
            flagged.append(g.action in ("flag", "block"))
            if g.score is None:
                not_checkable += 1
                no_sources += not any(s is not None and str(s).strip() for s in eg.predicted._.ground_sources or [])
            score = g.score if g.score is not None or rank_score is None else rank_score(eg.predicted)
            if score is not None:
                scored.append(score)
                score_labels.append(y)
            known = known_gold(eg, spans_key, y)
            if known is not None:
                gold, to_reference = known
                any_gold_span = any_gold_span or bool(gold)
                pred = {to_reference[i] for i in _characters(eg.predicted.spans.get(spans_key, []))} - {None}
                # whitespace is not counted (as in the evaluation's span figures)
                text = eg.reference.text
                gold = {i for i in gold if i < len(text) and not text[i].isspace()}
                pred = {i for i in pred if i < len(text) and not text[i].isspace()}
                tp, fp, fn = tp + len(gold & pred), fp + len(pred - gold), fn + len(gold - pred)
        if no_sources:
            warnings.warn(
                f"grounding scorer: {no_sources} of {len(labels)} labelled answers had no sources, so "
                "they are not_checkable; build the predicted docs with spacy_ground.make_doc(nlp, answer, "
                "sources) or read the answers with the reader spacy_ground.Answers.v1 (spacy evaluate and "
                "spacy.Corpus make them from the text alone)",
                UserWarning,
                stacklevel=2,
            )
        names = (
            "grounding_auroc",
            "grounding_p",
            "grounding_r",
            "grounding_f",
            "grounding_ece",
            "grounding_span_p",
            "grounding_span_r",
            "grounding_span_f",
            "grounding_not_checkable",
        )
        out: Dict[str, Any] = dict.fromkeys(names)
        if not labels:
            return out
        p, r, f = prf(flagged, labels)
        out.update(
            grounding_auroc=auroc(scored, score_labels),
            grounding_p=p,
            grounding_r=r,
            grounding_f=f,
            grounding_ece=calibration_error(scored, score_labels) if scored else None,
            grounding_not_checkable=not_checkable / len(labels),
        )
        if any_gold_span:
            sp = tp / (tp + fp) if tp + fp else 0.0
            sr = tp / (tp + fn) if tp + fn else 0.0
            out.update(
                grounding_span_p=sp, grounding_span_r=sr, grounding_span_f=2 * sp * sr / (sp + sr) if sp + sr else 0.0
            )
        return out


def _characters(spans: Iterable[Span]) -> set:
    """The character offsets the spans cover."""
    return {i for span in spans for i in range(span.start_char, span.end_char)}


def known_gold(eg: Example, spans_key: str, hallucinated: bool) -> Optional[Tuple[set, List[Optional[int]]]]:
    """For an answer whose spans are known (a gold span under ``spans_key``, or labelled
    clean), the reference characters its gold spans cover and the map of the predicted doc's
    characters to the reference's (``char_map``); None for a hallucinated answer without spans."""
    gold_spans = list(eg.reference.spans.get(spans_key, []))
    if not gold_spans and hallucinated:
        return None
    return _characters(gold_spans), char_map(eg.predicted.text, eg.reference.text)


def char_map(a: str, b: str) -> List[Optional[int]]:
    """For each character of ``a``, the offset of the same character in ``b``, where the two
    differ only in whitespace and case (as spaCy requires of an Example's two docs): the
    characters other than whitespace are matched in order, case folded ("ΟΔΟΣ" and "οδος",
    "İ" and "i̇" too); whitespace of ``a`` maps to whitespace at the same distance after the
    previous character in ``b`` when ``b`` has it there. None where ``b`` has no counterpart."""
    if a == b:
        return list(range(len(a)))
    out: List[Optional[int]] = [None] * len(a)
    pieces_a = [(i, c) for i, ch in enumerate(a) if not ch.isspace() for c in ch.casefold()]
    pieces_b = [(j, c) for j, ch in enumerate(b) if not ch.isspace() for c in ch.casefold()]
    for (i, c), (j, d) in zip(pieces_a, pieces_b):
        if c == d and out[i] is None:
            out[i] = j
    last_a, last_b = -1, -1  # the previous character of a that is no whitespace, and where it maps
    for i, ch in enumerate(a):
        if not ch.isspace():
            last_a, last_b = i, out[i]
        elif last_b is not None:
            j = last_b + (i - last_a)
            if j < len(b) and all(x.isspace() for x in b[last_b + 1 : j + 1]):
                out[i] = j
    return out
