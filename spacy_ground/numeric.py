"""``ground_numeric``: compare every answer claim with the claims in the sources.

Per claim (``Span._.ground_numeric``): ``grounded`` (a source value agrees at the
precision the answer states), ``mismatch`` (a value of the same kind and unit family
in the closest evidence differs: the nearest one is recorded with its offsets),
``unsupported`` (nothing comparable) or ``not_checkable`` (relative dates, no
sources). Per answer (``doc._.numeric_grounding``): the share of grounded claims
with a traffic light, or a message when there is nothing to score.
"""
from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Sequence, Tuple

from spacy.language import Language
from spacy.tokens import Doc, Span

from .compare import DIFFERS, EQUAL, INCOMPARABLE, compare, distance
from .extensions import register_extensions
from .normalize import find_claims
from .dates import WEEKDAYS, weekdays_in
from .sources import SourceClaim, SourceIndex, content_words
from .values import ClaimValue

STATUSES = ("grounded", "mismatch", "unsupported", "not_checkable")


@Language.factory(
    "ground_numeric",
    default_config={
        "claims_component": "ground_claims",
        "top_k": 3,
        "min_overlap": 0.25,
        "context_tokens": 12,
        "green": 0.9,
        "amber": 0.7,
    },
    default_score_weights={"numeric_grounding_score": None},
)
def make_ground_numeric(nlp: Language, name: str, claims_component: str, top_k: int, min_overlap: float,
                        context_tokens: int, green: float, amber: float) -> "NumericGrounder":
    return NumericGrounder(nlp, name, claims_component=claims_component, top_k=top_k, min_overlap=min_overlap,
                           context_tokens=context_tokens, green=green, amber=amber)


def traffic_light(score: Optional[float], green: float = 0.9, amber: float = 0.7) -> str:
    """'green' (>= green), 'amber' (>= amber), 'red' (below), or 'none' without a score."""
    if score is None:
        return "none"
    return "green" if score >= green else "amber" if score >= amber else "red"


class NumericGrounder:
    """Grounds answer claims in the sources' claims, with the evidence for each verdict."""

    def __init__(self, nlp: Language, name: str = "ground_numeric", *, claims_component: str = "ground_claims",
                 top_k: int = 3, min_overlap: float = 0.25, context_tokens: int = 12,
                 green: float = 0.9, amber: float = 0.7):
        register_extensions()
        self.nlp = nlp
        self.name = name
        self.claims_component = claims_component
        self.top_k = top_k
        self.min_overlap = min_overlap
        self.context_tokens = context_tokens
        self.green = green
        self.amber = amber

    def _tagger(self):
        if self.claims_component not in self.nlp.pipe_names:
            raise ValueError(f"ground_numeric needs the '{self.claims_component}' component before it "
                             f"(pipeline: {self.nlp.pipe_names})")
        return self.nlp.get_pipe(self.claims_component)

    def __call__(self, doc: Doc) -> Doc:
        tagger = self._tagger()
        spans = list(doc.spans.get(tagger.spans_key, []))
        sources = doc._.sources
        if sources is None or len(sources) == 0 or all(not str(s).strip() for s in sources):
            for span in spans:
                span._.ground_numeric = _result("not_checkable", "no sources to check against")
            doc._.numeric_grounding = self._summary(spans, "no sources to check against")
            return doc
        index = tagger.index_sources(list(sources))
        question_claims = [v for _, _, v in find_claims(doc._.question)] if doc._.question else []
        by_sentence = index.sentence_claims()
        for i, span in enumerate(spans):
            value = ClaimValue.from_dict(span._.claim)
            days = self._days(spans, i) if value.kind == "time" else frozenset()
            span._.ground_numeric = self.ground(value, self._context(span), index, by_sentence, question_claims,
                                                days=days)
        doc._.numeric_grounding = self._summary(spans)
        return doc

    def pipe(self, stream, batch_size: int = 128):
        for doc in stream:
            yield self(doc)

    def _context(self, span: Span) -> frozenset:
        doc = span.doc
        if doc.has_annotation("SENT_START"):
            ctx = span.sent
        else:
            ctx = doc[max(0, span.start - self.context_tokens): span.end + self.context_tokens]
        return content_words(ctx.text)

    def _days(self, spans: Sequence[Span], i: int) -> frozenset:
        """Weekdays a clock time is said of: "from 9 to 5 on weekdays", "Mon-Fri 9-5"."""
        span, doc = spans[i], spans[i].doc
        lo, hi = (span.sent.start_char, span.sent.end_char) if doc.has_annotation("SENT_START") else (0, len(doc.text))
        prev_end = max([s.end_char for s in spans[:i] if s.label_ == "time" and s.end_char <= span.start_char] + [lo])
        next_start = min([s.start_char for s in spans[i + 1:] if s.label_ == "time" and s.start_char >= span.end_char] + [hi])
        after = re.split(r"\band\b|;|\.|\bbut\b|,", doc.text[span.end_char:next_start], maxsplit=1)[0]
        # days right after the time belong to it ("9-5 on weekdays", "9-5 Monday through Friday");
        # otherwise the days said before it ("On Mondays, from 9 to 5")
        days = weekdays_in(after) if re.match(r"\s*(?:on|every|all|each|daily|from)?\s*\w", after) else frozenset()
        return days or weekdays_in(doc.text[prev_end:span.start_char])

    def _ground_by_day(self, value: ClaimValue, days: frozenset, index: SourceIndex) -> Optional[Dict[str, Any]]:
        schedule = _schedule(index)
        if not schedule:
            return None
        for day in sorted(days):
            listed = schedule.get(day)
            if listed and all(c.value.low == 0 and c.value.high in (0, 24 * 60) for c in listed):
                continue  # "0:0-0:0" in business records: closed or unknown, not a clock range
            if not listed:
                return _result("unsupported", f"the sources give no hours for {WEEKDAYS[day].title()}")
            if not any(compare(value, c.value).result == EQUAL for c in listed):
                near = min(listed, key=lambda c: distance(value, c.value))
                return _result("mismatch", f"on {WEEKDAYS[day].title()} the sources say {near.value.text!r}", index, near)
        checked = [d for d in sorted(days) if any(compare(value, c.value).result == EQUAL for c in schedule[d])]
        if not checked:
            return None
        match = next(c for c in schedule[checked[0]] if compare(value, c.value).result == EQUAL)
        return _result("grounded", "the hours match the sources on every day named", index, match)

    def ground(self, value: ClaimValue, context: frozenset, index: SourceIndex,
               by_sentence: Dict[int, List[SourceClaim]], question_claims: Sequence[ClaimValue] = (),
               days: frozenset = frozenset()) -> Dict[str, Any]:
        """Status of one answer claim against a source index (see module docstring)."""
        if not value.normalisable or value.low is None:
            return _result("not_checkable", value.note or "the value cannot be normalised")
        if days:
            by_day = self._ground_by_day(value, days, index)
            if by_day is not None:
                return by_day
        overlap = [(len(context & s.words) / max(1, len(context)), i) for i, s in enumerate(index.sentences)]
        # 1. the same value anywhere in the sources grounds the claim
        best: Optional[Tuple[float, SourceClaim, Optional[str]]] = None
        for claim in index.claims:
            if not _same_head(value, claim, index):
                continue
            cmp = compare(value, claim.value)
            if cmp.result == EQUAL:
                score = overlap[claim.sentence][0]
                if best is None or score > best[0]:
                    best = (score, claim, cmp.note)
        if best is not None:
            return _result("grounded", best[2] or "the sources state this value", index, best[1])
        # 2. a differing value of the same kind in the closest evidence is a mismatch
        ranked = sorted((o for o in overlap if o[0] >= self.min_overlap), key=lambda t: (-t[0], t[1]))
        candidates: List[Tuple[float, SourceClaim, Optional[str]]] = []
        evidence = [i for _, i in ranked[: self.top_k]]
        # lines that name what the answer counts or measures ("business_stars: 4.0") are evidence too
        word = value.unit if value.kind == "quantity" else value.head if value.kind == "cardinal" else None
        if word:
            named = [(o, i) for o, i in overlap if i in by_sentence and word in index.sentences[i].words]
            evidence += [i for _, i in sorted(named, key=lambda t: (-t[0], t[1]))[: self.top_k] if i not in evidence]
        for sent_i in evidence:
            for claim in by_sentence.get(sent_i, []):
                cmp = compare(value, claim.value)
                if cmp.result != DIFFERS and not _labelled_number_differs(value, claim, index):
                    continue
                if value.kind == "cardinal" and value.head and value.head not in index.sentences[sent_i].words \
                        and claim.value.head != value.head:
                    continue  # "3 reviews" is not refuted by "5 stars" in the same sentence
                candidates.append((distance(value, claim.value), claim, cmp.note))
        if candidates:
            _, claim, note = min(candidates, key=lambda t: t[0])
            reason = f"the closest evidence says {claim.value.text!r}" + (f" ({note})" if note else "")
            return _result("mismatch", reason, index, claim)
        if any(compare(value, q).result == EQUAL for q in question_claims):
            return _result("unsupported", "this value appears only in the question, not in the sources")
        # nothing comparable nearby; name the nearest comparable value anywhere, if any
        far = [(distance(value, c.value), c) for c in index.claims if compare(value, c.value).result == DIFFERS]
        if far:
            _, claim = min(far, key=lambda t: t[0])
            return _result("unsupported", "no source states this value; the nearest comparable value is not in the closest evidence",
                           index, claim)
        return _result("unsupported", "no comparable value in the sources")

    def _summary(self, spans: Sequence[Span], message: Optional[str] = None) -> Dict[str, Any]:
        counts = {s: 0 for s in STATUSES}
        for span in spans:
            counts[span._.ground_numeric["status"]] += 1
        checked = counts["grounded"] + counts["mismatch"] + counts["unsupported"]
        score = counts["grounded"] / checked if checked else None
        if message is None:
            if not spans:
                message = "no numeric or date claims to check"
            elif not checked:
                message = "no claim could be normalised and checked"
            else:
                message = f"{counts['grounded']} of {checked} checkable claims grounded"
        return {"score": score, "light": traffic_light(score, self.green, self.amber),
                "n_claims": len(spans), "n_checked": checked, **{f"n_{k}": v for k, v in counts.items()},
                "message": message}


def _result(status: str, reason: str, index: Optional[SourceIndex] = None,
            claim: Optional[SourceClaim] = None) -> Dict[str, Any]:
    out: Dict[str, Any] = {"status": status, "reason": reason, "nearest": None, "evidence": None}
    if index is not None and claim is not None:
        sent = index.sentences[claim.sentence]
        out["nearest"] = {"text": claim.value.text, "kind": claim.value.kind, "value": claim.value.value,
                          "iso": claim.value.iso, "source": claim.source, "start": claim.start, "end": claim.end}
        out["evidence"] = {"source": sent.source, "start": sent.start, "end": sent.end, "text": sent.text}
    return out


def _same_head(value: ClaimValue, claim: SourceClaim, index: SourceIndex) -> bool:
    """"three reviews" is not grounded by "3 stars": a counted noun must agree with a
    source value's unit (bare source numbers and prose counts are not held to it)."""
    if value.kind != "cardinal" or not value.head or claim.value.kind != "quantity":
        return True
    unit = claim.value.unit or ""
    return value.head == unit or value.head in index.sentences[claim.sentence].words


def _schedule(index: SourceIndex) -> Dict[int, List[SourceClaim]]:
    """Clock times the sources give per weekday (lines such as "hours.Monday: 9:0-17:0")."""
    cached = getattr(index, "_schedule", None)
    if cached is not None:
        return cached
    by_sentence = index.sentence_claims()
    schedule: Dict[int, List[SourceClaim]] = {}
    for i, sent in enumerate(index.sentences):
        times = [c for c in by_sentence.get(i, []) if c.value.kind == "time"]
        if not times:
            continue
        days = weekdays_in(sent.text)
        if len(days) == 1:
            schedule.setdefault(next(iter(days)), []).extend(times)
    index._schedule = schedule
    return schedule


def _labelled_number_differs(value: ClaimValue, claim: SourceClaim, index: SourceIndex) -> bool:
    """A bare source number whose line names the answer's unit ("business_stars: 4.0"
    against "4.5 stars") refutes a different value."""
    if claim.value.kind != "cardinal" or value.kind not in ("quantity", "cardinal") or value.number is None:
        return False
    word = value.unit if value.kind == "quantity" else value.head
    if not word or word not in index.sentences[claim.sentence].words:
        return False
    return compare(value, claim.value).result == INCOMPARABLE and claim.value.number is not None
