"""``ground_numeric``: compare every answer claim with the claims in the sources.

Per claim (``Span._.ground_numeric``): ``grounded`` (a source value agrees at the
precision the answer states), ``mismatch`` (a value of the same kind and unit family
in the closest evidence differs: the nearest one is recorded with its offsets),
``unsupported`` (nothing comparable) or ``not_checkable`` (relative dates, no
sources). Per answer (``doc._.numeric_grounding``): the share of grounded claims
with a traffic light, or a message when there is nothing to score.

When a source is a JSON record, the facts the answer states about it ("offers
outdoor seating", "no WiFi") are checked too (``doc._.record_facts``, see
records.py; the phrase table is ``record_terms`` in config, the packaged
``record_terms.json`` by default), and so are the days the answer says it opens or
closes, or opens longer ("open seven days a week", "closed on Mondays", "extended
hours on weekends"), against the record's weekday hours (hours.py, path ``hours``).
Names, roles and denials are checked against any sources (``check_names``; names.py:
a name the sources write nowhere, another name in its place, two names the other way
round, a sentence denied that the sources state), into the same list.
"""

from __future__ import annotations

import bisect
import math
import re
import time
from dataclasses import dataclass, replace
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from spacy.language import Language
from spacy.tokens import Doc, Span
from spacy.training import Example
from spacy.util import registry

from spacy_ground.checks.changes import (
    FALL,
    IMPROVE,
    OTHER_BASIS,
    RISE,
    RISE_OR_FALL,
    WORSEN,
    change_claim_context,
    change_direction,
    check_kind,
    checked_words,
    ellipsis,
    judge_change,
    local_window,
    magnitude,
    metric_group,
    named_row_key,
    pair_change,
    prose_pairs,
    respective_key,
    row_changes,
    stated_changes,
)
from spacy_ground.checks.context import TEXT_KEY, AnswerText, answer_text, doc_text, sentence_of
from spacy_ground.checks.derived import FALL as DERIVED_FALL
from spacy_ground.checks.derived import RISE as DERIVED_RISE
from spacy_ground.checks.derived import Operand, derive, describe
from spacy_ground.checks.derived import nearest as derived_nearest
from spacy_ground.checks.fields import check_fields
from spacy_ground.checks.hours import check_hours_facts
from spacy_ground.checks.names import check_names as name_facts
from spacy_ground.checks.names import load_terms as load_name_terms
from spacy_ground.checks.names import source_names
from spacy_ground.checks.records import check_record_facts, load_terms
from spacy_ground.checks.same_thing import WORDS_AFTER, WORDS_BEFORE, own_words, said_of_other
from spacy_ground.checks.signs import clause_before, from_to, negative_for_positive, other_sense
from spacy_ground.pipeline.extensions import claims_group, guarded, register_extensions, source_index
from spacy_ground.sources.index import COLUMN_DATE, SOURCES_ERROR, SourceClaim, SourceIndex
from spacy_ground.sources.keyed import KEYED_UNIT
from spacy_ground.sources.tables import TableCell, markdown_table_rows, months_of, period_dates
from spacy_ground.sources.words import content_words, fold_accents
from spacy_ground.text.compare import (
    COMPARABLE_KINDS,
    DIFFERS,
    EQUAL,
    MAGNITUDE_KINDS,
    SIGN_IN_WORDS,
    WEAK_MATCHES,
    compare,
    distance,
    magnitude_spans,
    same_value,
    scaled_by_thousands,
)
from spacy_ground.text.dates import WEEKDAYS, fiscal_as_calendar, weekdays_in
from spacy_ground.text.normalize import find_claims
from spacy_ground.text.values import ClaimValue

STATUSES = ("grounded", "mismatch", "unsupported", "not_checkable")


# "and" ends a clause of hours, unless it joins two weekdays ("on Fridays and Saturdays"); a
# time before "and" ("9 am to 5 pm and Tuesday 10 am to 6 pm") does not take the day after it
_DAY_WORD = r"(?:mon|tue|wed|thu|fri|sat|sun|weekend|weekday)[a-z]*"
_DAYS_AND = re.compile(rf"(\b{_DAY_WORD})(\s+and\s+)(?=(?:on\s+)?{_DAY_WORD}\b)", re.I)


# clock times said of something with hours of its own, which a record's opening hours neither
# give nor refute ("happy hour runs until 7 pm")
_OTHER_HOURS = re.compile(r"\b(?:happy[\s-]+hours?|drink\s+specials|discounted\s+drinks)\b", re.I)
_NO_OTHER_HOURS = re.compile(r"\bno\s+happy[\s-]+hours?\b", re.I)
# a number that names a thing rather than counting or measuring it: "Form 1040", "Windows 10",
# "line 21", "the 1040 form"
_NAME_BEFORE = re.compile(
    r"(?:\b(?i:form|line|version|model|chapter|section|page|route|highway|step|room|flight|"
    r"article|rule|schedule|box|part|item|exhibit|appendix|no\.|number)"
    r"|(?<![.!?]\s)(?<![.!?]\s\s)(?<![.!?][\"'’”)\]]\s)(?<![\n\-*•(\"])(?<![\n\-*•]\s)\b(?!(?:In|On|At|By|"
    r"For|Since|From|The|A|An|About|Around|Over|Under|Of|To|Until|After|Before|During|With|And|"
    r"Or|But|Only|Just|Nearly|Almost|Some|All|Its?|Their|His|Her|Our|This|That|These|Those)\b)"
    r"[A-Z][\w-]*)\s+#?$"
)
_NAME_AFTER = re.compile(r"^[\s-]*(?:form|schedule|return|series|model|edition)\b", re.I)
# a count of the answer's own list ("can be summarized in five steps:" before five numbered
# lines): a fact about the answer, not about the sources
_LIST_NOUNS = re.compile(
    r"^\s+(?:main\s+|key\s+|simple\s+|easy\s+|basic\s+|general\s+|important\s+)?"
    r"(?P<noun>steps?|points?|tips?|ways?|things?|items?|reasons?|stages?|methods?|options?|"
    r"factors?|examples?|categories|category|types?|phases?)\b",
    re.I,
)
_NUMBERED = re.compile(r"^[ \t]*(\d{1,2})[.)][ \t]+\S", re.M)
_BULLET = re.compile(r"^[ \t]*[-*•][ \t]+\S", re.M)
_NUMBER_WORDS = {
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
}


# days a time range is not said of: "with extended hours on Fridays and Saturdays", "except Sundays"
_OTHER_DAYS = re.compile(
    r"\b(?:with\s+(?:extended|longer|later|shorter|reduced|earlier|different|special)\s+hours|"
    r"except(?:\s+for)?|other\s+than|but\s+not)\s+((?:on\s+)?(?:(?:mon|tue|wed|thu|fri|sat|sun|week)"
    r"[a-z]*\.?(?:\s*(?:,|and|plus|&|or|-|–|to|through)\s*)*)+)",
    re.I,
)
# where the exceptions of a time range end: another clause ("; delivery is offered every day except Friday")
_OTHER_DAYS_END = re.compile(
    r";|,\s*and\b(?!\s*(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*)|\bwhile\b|[.!?](?=\s|$)", re.I
)


def read_value(span: Span, index: SourceIndex) -> ClaimValue:
    """An answer claim's value as it is checked against ``index``: a fiscal period as the months
    the sources' fiscal calendar gives it ("Q1 fiscal 2025": July to September 2024), if they
    state one."""
    return fiscal_as_calendar(ClaimValue.from_dict(span._.claim), index.fiscal)


def _hours_clauses(text: str, separators: str) -> List[str]:
    """``text`` cut at ``separators`` (a regex) and at "and", keeping weekdays joined by "and"
    together."""
    joined = _DAYS_AND.sub(lambda m: m.group(1) + m.group(2).replace("and", "plus"), text)
    return re.split(rf"\band\b|{separators}", joined)


@Language.factory(
    "ground_numeric",
    requires=["doc.spans", "span._.claim"],
    assigns=["span._.ground_numeric", "doc._.numeric_grounding", "doc._.record_facts"],
    default_config={
        "claims_component": "ground_claims",
        "top_k": 3,
        "min_overlap": 0.25,
        "context_tokens": 12,
        "green": 0.9,
        "amber": 0.7,
        "check_records": True,
        "record_terms": "",
        "check_names": True,
        "name_terms": "",
        "time_budget": 10.0,
        "same_thing": True,
        "derived": True,
        "scorer": {
            "@scorers": "spacy_ground.numeric_scorer.v1",
            "label": "hallucinated",
            "gold_spans_key": "ground_unsupported",
        },
    },
    default_score_weights={"numeric_answer_auroc": 0.0},
)
def make_ground_numeric(
    nlp: Language,
    name: str,
    claims_component: str,
    top_k: int,
    min_overlap: float,
    context_tokens: int,
    green: float,
    amber: float,
    check_records: bool,
    record_terms: str,
    check_names: bool,
    name_terms: str,
    time_budget: float,
    scorer: Optional[Callable],
    same_thing: bool = True,
    derived: bool = True,
) -> "NumericGrounder":
    return NumericGrounder(
        nlp,
        name,
        claims_component=claims_component,
        top_k=top_k,
        min_overlap=min_overlap,
        context_tokens=context_tokens,
        green=green,
        amber=amber,
        check_records=check_records,
        record_terms=record_terms,
        check_names=check_names,
        name_terms=name_terms,
        time_budget=time_budget,
        scorer=scorer,
        same_thing=same_thing,
        derived=derived,
    )


@registry.scorers("spacy_ground.numeric_scorer.v1")
def make_numeric_scorer(label: str = "hallucinated", gold_spans_key: str = "ground_unsupported") -> "NumericScorer":
    """Numeric grounding alone against gold answers, for ``nlp.evaluate`` (see ``NumericScorer``)."""
    return NumericScorer(label, gold_spans_key)


def numeric_only_score(doc: Doc) -> float:
    """The "numeric grounding only" baseline of an answer: 2 log(1 + mismatched claims) +
    log(1 + unsupported claims), from ``doc._.numeric_grounding``."""
    counts = doc._.numeric_grounding or {}
    return 2 * math.log1p(counts.get("n_mismatch", 0)) + math.log1p(counts.get("n_unsupported", 0))


class NumericScorer:
    """``numeric_answer_auroc``: the AUROC of ``numeric_only_score`` over the labelled answers
    (gold labels as ``ground_verdict``'s scorer reads them: the reference's category
    ``label``, else its spans under ``gold_spans_key``), as ``spacy project run evaluate``
    reports "numeric grounding only"; None when it cannot be computed. (A class, not a
    closure, so that a pipeline holding it pickles.)"""

    def __init__(self, label: str = "hallucinated", gold_spans_key: str = "ground_unsupported"):
        self.label = label
        self.gold_spans_key = gold_spans_key

    def __call__(self, examples: Iterable[Example], **kwargs) -> Dict[str, Any]:
        from spacy_ground.fusion.metrics import auroc
        from spacy_ground.pipeline.scoring import GroundingScorer

        gold_label = GroundingScorer(self.label).gold
        scores, labels = [], []
        for eg in examples:
            y = gold_label(eg.reference, self.gold_spans_key)
            if y is not None:
                scores.append(numeric_only_score(eg.predicted))
                labels.append(y)
        return {"numeric_answer_auroc": auroc(scores, labels) if labels else None}


def traffic_light(score: Optional[float], green: float = 0.9, amber: float = 0.7) -> str:
    """'green' (>= green), 'amber' (>= amber), 'red' (below), or 'none' without a score."""
    if score is None:
        return "none"
    return "green" if score >= green else "amber" if score >= amber else "red"


class NumericGrounder:
    """Grounds answer claims in the sources' claims, with the evidence for each verdict."""

    def __init__(
        self,
        nlp: Language,
        name: str = "ground_numeric",
        *,
        claims_component: str = "ground_claims",
        top_k: int = 3,
        min_overlap: float = 0.25,
        context_tokens: int = 12,
        green: float = 0.9,
        amber: float = 0.7,
        check_records: bool = True,
        record_terms: str = "",
        check_names: bool = True,
        name_terms: str = "",
        time_budget: float = 10.0,
        scorer: Optional[Callable] = None,
        same_thing: bool = True,
        derived: bool = True,
    ):
        if not 0.0 <= amber <= green <= 1.0:
            raise ValueError(f"ground_numeric: need 0 <= amber <= green <= 1 (got amber={amber}, green={green})")
        if top_k < 1 or not 0.0 <= min_overlap <= 1.0:
            raise ValueError("ground_numeric: top_k must be >= 1 and min_overlap in [0, 1]")
        register_extensions()
        self.nlp = nlp
        self.name = name
        self.claims_component = claims_component
        self.top_k = top_k
        self.min_overlap = min_overlap
        self.context_tokens = context_tokens
        self.green = green
        self.amber = amber
        self.check_records = check_records
        self.record_terms = record_terms or None
        if isinstance(time_budget, bool) or not isinstance(time_budget, (int, float)) or not time_budget >= 0:
            raise ValueError(
                f"ground_numeric: time_budget must be a number of seconds >= 0 (0: none), not {time_budget!r}"
            )
        self.time_budget = float(time_budget)
        self.scorer = scorer
        self.same_thing = same_thing
        self.derived = derived
        self.check_names = check_names
        self.name_terms = name_terms or None
        if check_records:
            load_terms(self.record_terms)  # a bad table fails here, not on the first answer
        if check_names:
            load_name_terms(self.name_terms)

    def score(self, examples: Iterable[Example], **kwargs) -> Dict[str, Any]:
        """Numeric grounding alone against gold answers (``nlp.evaluate``; see ``NumericScorer``)."""
        return self.scorer(examples, **kwargs) if self.scorer is not None else {}

    @guarded
    def __call__(self, doc: Doc) -> Doc:
        doc.user_data[TEXT_KEY] = AnswerText(doc)  # text and sentences read once per call (checks.context)
        try:
            return self._ground_doc(doc)
        finally:
            doc.user_data.pop(TEXT_KEY, None)

    def _ground_doc(self, doc: Doc) -> Doc:
        group = claims_group(doc, self.claims_component)
        if group is None:
            raise ValueError(
                f"ground_numeric needs the '{self.claims_component}' component before it: "
                "this Doc has not been through it"
            )
        spans = list(group)
        sources = doc._.ground_sources
        if not sources or all(s is None or not str(s).strip() for s in sources):
            for span in spans:
                span._.ground_numeric = _result("not_checkable", "no sources to check against")
            doc._.numeric_grounding = self._summary(spans, "no sources to check against")
            doc._.record_facts = []
            return doc
        index = source_index(doc, self.claims_component, self.name)
        if index is None:
            reason = doc.user_data[SOURCES_ERROR]
            for span in spans:
                span._.ground_numeric = _result("not_checkable", reason)
            doc._.numeric_grounding = self._summary(spans, reason)
            doc._.record_facts = []
            return doc
        question = doc._.ground_question
        question_claims = [v for _, _, v in find_claims(question)] if question else []
        days = self._day_scopes(spans)
        overlaps: Dict[frozenset, Tuple[List[float], List[int]]] = {}
        evidence_of: Dict[int, Sequence[int]] = {}  # per claim, the source sentences most like its own
        deadline = time.perf_counter() + self.time_budget if self.time_budget > 0 else math.inf
        late = 0  # claims left unchecked when the time budget ran out
        for i, span in enumerate(spans):
            if time.perf_counter() > deadline:
                late = len(spans) - i
                for rest in spans[i:]:
                    rest._.ground_numeric = _result("not_checkable", self._out_of_time())
                break
            value = read_value(span, index)
            context = self._context(span)
            if question and context <= content_words(span.text):
                # a bare answer ("42", "About $5 million."): the question says what it counts
                context = context | content_words(question)
            if context not in overlaps:
                overlaps[context] = self._overlap(context, index)
            if span.label_ == "cardinal" and _counts_own_list(span, index):
                span._.ground_numeric = _result("not_checkable", "counts the items of the answer's own list")
                continue
            overlap, ranked = overlaps[context]
            evidence_of[i] = ranked
            result = self.ground(
                value,
                index,
                overlap,
                question_claims,
                ranked=ranked,
                days=days.get(i, frozenset()),
                other_hours=span.label_ == "time" and _said_of_other_hours(span),
                name=span.label_ == "cardinal" and _names_a_thing(span),
                own=(
                    self._own_words(span, spans)
                    if self.same_thing
                    and value.kind in SAME_THING_KINDS
                    and value.dimension != "time"  # "13 years old", "the first nine months": no measure of a thing
                    and not is_change(span)
                    else None  # a change ("rose 30%") is the change checks' to judge
                ),
            )
            if result["status"] != "not_checkable" and (table_rows(index) or prose_rows(index)):
                # against the table row the sentence points at (the prose of the sources wins)
                # a change ("grew 12%", "grew 22%, or $9.8 million") is no cell's level
                result = (
                    table_change_check(span, value, spans, index)
                    or (None if is_change(span) else table_cell_check(span, value, spans, index))
                    or result
                )
            if (
                result["status"] != "not_checkable"
                and result.get("statement") is None
                and stated_changes_of(index)
                and is_change(span)
            ):
                # a change against those the sources' prose states of what it names
                result = prose_change_check(span, value, spans, index) or result
            if result["status"] == "grounded" and result["reason"] == SIGN_IN_WORDS:
                result = _gain_for_a_loss(span, result, value.kind, index)
            if result["status"] == "grounded" and value.kind in ("money", "percent", "quantity"):
                result = _sign_in_the_words(span, value, result, index)
            if (
                i > 0
                and _converts(spans[i - 1], span)
                and _unchecked_by_itself(result, value, index, spans[i - 1]._.ground_numeric)
            ):
                # "58 degrees Fahrenheit (15 degrees Celsius)" against "58 degrees": the bracket
                # restates the value before it, which the sources can check
                first = spans[i - 1]._.ground_numeric
                result = dict(
                    first, reason=f"restates {spans[i - 1].text!r} in other units; that value: {first['reason']}"
                )
                if result.get("nearest"):
                    result["nearest"] = dict(
                        result["nearest"], same_value=False
                    )  # grounded through the value before it
            span._.ground_numeric = result
        for first, second in zip(spans, spans[1:]):  # "grew from $4 million to $5 million"
            reversed_change = _reversed_change(first, second, index)
            if reversed_change is not None:
                second._.ground_numeric = reversed_change
        if self.derived and not late:
            in_sentence: Dict[int, List[Span]] = {}  # the claims of each sentence, by its start
            for span in spans:
                in_sentence.setdefault(sentence_of(span).start_char, []).append(span)
            for _ in range(2):  # twice: a change in points may be of margins the sentence derives
                for i, span in enumerate(spans):
                    result = span._.ground_numeric
                    if _derivable(result, span) and span.label_ in SAME_THING_KINDS:
                        found = derived_check(
                            span, in_sentence[sentence_of(span).start_char], index, evidence_of.get(i, ())
                        )
                        if found is not None and found != result:
                            span._.ground_numeric = found
        facts = []
        facts_skipped = self.check_records and time.perf_counter() > deadline
        if self.check_records and not facts_skipped:
            facts = sorted(
                check_record_facts(doc_text(doc), list(sources), self.record_terms)
                + check_hours_facts(doc_text(doc), list(sources))
                + check_fields(doc_text(doc), list(sources)),
                key=lambda f: f["start"],
            )
        if self.check_names and time.perf_counter() <= deadline:
            terms = load_name_terms(self.name_terms)
            names = index.memo(
                f"names:{self.name_terms}", lambda: source_names([s.text for s in index.sentences], terms)
            )
            facts = sorted(facts + name_facts(doc_text(doc), names, question, terms), key=lambda f: f["start"])
        doc._.record_facts = facts
        doc._.numeric_grounding = self._summary(spans, facts=facts)
        if late:
            facts_too = " and the record and hours facts" if facts_skipped else ""
            doc._.numeric_grounding["out_of_time"] = self._out_of_time(f"{late} of {len(spans)} claims{facts_too}")
        elif facts_skipped:
            doc._.numeric_grounding["out_of_time"] = self._out_of_time("the record and hours facts")
        return doc

    def _out_of_time(self, what: str = "this claim") -> str:
        """The reason given when the rule checks of an answer ran past ``time_budget``."""
        return (
            f"{what} not checked: the rule checks of this answer ran past the time budget of "
            f"{self.time_budget:g} s (time_budget in the {self.name} config)"
        )

    def _overlap(self, context: frozenset, index: SourceIndex) -> Tuple[List[float], List[int]]:
        """The share of ``context``'s words in each source sentence, and the sentences with at
        least ``min_overlap`` of them, most alike first: read from the index's word postings, so
        a sentence that shares no word costs nothing."""
        if self.min_overlap <= 0.0:
            overlap = [len(context & s.words) / max(1, len(context)) for s in index.sentences]
            alike: Iterable[int] = range(len(overlap))
        else:  # only sentences that share a word can reach min_overlap
            shared: Dict[int, int] = {}
            postings = _postings(index)
            for word in context:
                for i in postings.get(word, ()):
                    shared[i] = shared.get(i, 0) + 1
            overlap = [0.0] * len(index.sentences)
            for i, k in shared.items():
                overlap[i] = k / max(1, len(context))
            alike = shared
        return overlap, _ranked(overlap, alike, self.min_overlap)

    def _context(self, span: Span) -> frozenset:
        doc = span.doc
        if doc.has_annotation("SENT_START"):
            ctx = sentence_of(span)
        else:
            ctx = doc[max(0, span.start - self.context_tokens) : span.end + self.context_tokens]
        read = answer_text(doc)
        if read is None:
            return content_words(ctx.text)
        # every claim of a sentence reads its words: once per sentence
        return read.memo(("words", ctx.start, ctx.end), lambda: content_words(ctx.text))

    def _own_words(self, span: Span, spans: Sequence[Span]) -> frozenset:
        """The words the answer says the claim's value with (``same_thing.own_words``), cut at
        the other claims near it (``spans`` in order)."""
        sent = sentence_of(span)
        starts = [s.start_char for s in spans]
        lo = bisect.bisect_left(starts, span.start_char - WORDS_BEFORE - 200)
        hi = bisect.bisect_right(starts, span.end_char + WORDS_AFTER)
        others = [
            (s.start_char, s.end_char)
            for s in spans[lo:hi]
            if s is not span and sent.start_char <= s.start_char < sent.end_char
        ]
        return own_words(doc_text(span.doc), span.start_char, span.end_char, others) & self._context(span)

    def _day_scopes(self, spans: Sequence[Span]) -> Dict[int, frozenset]:
        """Weekdays each clock time is said of: "9 to 5 on weekdays", "On Mondays, 9 to 5";
        a day given its own hours elsewhere in the sentence is an exception to a wider range
        ("5 to 7 pm on weekdays, while on Wednesdays 11 am to 3 pm")."""
        doc = spans[0].doc if spans else None
        # clock times with a value ("hours" tagged TIME by an NER is none, and no boundary either)
        times = [i for i, s in enumerate(spans) if s.label_ == "time" and (s._.claim or {}).get("normalisable", True)]
        if doc is None or not times:
            return {}
        # each time's sentence (the whole answer when it has no sentences), found once
        sent_of = {i: (sent.start_char, sent.end_char) for i in times for sent in (sentence_of(spans[i]),)}
        scopes: Dict[int, frozenset] = {}
        for n, i in enumerate(times):
            span = spans[i]
            lo, hi = sent_of[i]
            prev_end = spans[times[n - 1]].end_char if n > 0 and sent_of[times[n - 1]] == (lo, hi) else lo
            next_start = (
                spans[times[n + 1]].start_char if n + 1 < len(times) and sent_of[times[n + 1]] == (lo, hi) else hi
            )
            after = _hours_clauses(doc_text(doc)[span.end_char : next_start], r";|\.|\bbut\b|\bwhile\b|,")[0]
            days = (
                weekdays_in(after)
                if re.match(r"\s*(?:on|every|all|each|daily|from)?\s*\w", after)
                and not _OTHER_DAYS.match(after.lstrip())
                else frozenset()
            )
            if not days:
                # the last clause before the time: "..., while on Wednesdays it is open 11 to 3"
                clauses = _hours_clauses(doc_text(doc)[prev_end : span.start_char], r";|,|\bwhile\b|\bbut\b|\bexcept\b")
                for clause in reversed(clauses):
                    days = weekdays_in(clause)
                    if days:
                        break
            # "seven days a week from 9 to 6, with extended hours on Saturday and Sunday": those
            # days are the exception, not the rule
            rest = _OTHER_DAYS_END.split(doc_text(doc)[span.end_char : next_start])[0]
            excepted = frozenset().union(*(weekdays_in(m.group(1)) for m in _OTHER_DAYS.finditer(rest)))
            if excepted and days - excepted:
                days = frozenset(days - excepted)
            scopes[i] = days
        for i in times:  # exceptions: days that have their own hours in the same sentence
            if len(scopes[i]) > 1:
                own = set()
                for j in times:
                    if j != i and sent_of[j] == sent_of[i] and len(scopes[j]) < len(scopes[i]):
                        own |= scopes[j]
                if own and scopes[i] - own:
                    scopes[i] = frozenset(scopes[i] - own)
        return scopes

    def _ground_by_day(self, value: ClaimValue, days: frozenset, index: SourceIndex) -> Optional[Dict[str, Any]]:
        schedule = _schedule(index)
        if not schedule:
            return None
        matched: List[SourceClaim] = []
        for day in sorted(days):
            listed = [c for c in schedule.get(day, []) if c.value.normalisable]
            if day in schedule and not listed:
                continue  # only "0:0-0:0" that day: closed or unknown, not a clock range
            if not listed:
                return _result("unsupported", f"the sources give no hours for {WEEKDAYS[day].title()}")
            equal = [c for c in listed if compare(value, c.value).result == EQUAL]
            if not equal:
                near = min(listed, key=lambda c: distance(value, c.value))
                return _result(
                    "mismatch", f"on {WEEKDAYS[day].title()} the sources say {near.value.text!r}", index, near
                )
            matched.append(equal[0])
        if not matched:
            return None
        return _result("grounded", "the hours match the sources on every day named", index, matched[0], value)

    def ground(
        self,
        value: ClaimValue,
        index: SourceIndex,
        overlap: Sequence[float],
        question_claims: Sequence[ClaimValue] = (),
        days: frozenset = frozenset(),
        other_hours: bool = False,
        name: bool = False,
        ranked: Optional[Sequence[int]] = None,
        own: Optional[frozenset] = None,
    ) -> Dict[str, Any]:
        """Status of one answer claim against a source index (see module docstring).

        ``overlap[i]`` is the share of the claim's context words found in source sentence i;
        ``other_hours``: a clock time said of something with hours of its own (a happy hour),
        grounded by the same time in the sources but never refuted by the opening hours;
        ``name``: a number that names a thing ("Form 1040"), which, when the question names
        it too, no other number nearby refutes; ``ranked``: the sentences with at least
        ``min_overlap``, most alike first (computed from ``overlap`` when not given); ``own``:
        the words the answer says the value with (``same_thing.own_words``), which a source value
        equal to it must share as well as any other value does (else a mismatch: said of
        something else).
        """
        if not value.normalisable or value.low is None:
            return _result("not_checkable", value.note or "the value cannot be normalised")
        if days and not other_hours:
            by_day = self._ground_by_day(value, days, index)
            if by_day is not None:
                return by_day
        by_sentence = _sentence_claims(index)
        # 1. the same value anywhere in the sources grounds the claim; a bare number that
        #    matches ("price: 12") counts only if nothing in the evidence contradicts it
        word = value.unit if value.kind == "quantity" else value.head if value.kind == "cardinal" else None
        # each distinct source value is compared once; of equal ranks the first claim wins
        strong: Optional[Tuple[Tuple[Tuple[bool, float], int], SourceClaim, Optional[str]]] = None
        weak: Optional[Tuple[Tuple[Tuple[bool, float], int], SourceClaim, Optional[str]]] = None
        equal: List[SourceClaim] = []  # every source claim of an equal value
        pools = _comparable_pools(value, index)
        for source_value, members in _may_equal(value, index, pools):
            cmp = compare(value, source_value)
            if cmp.result != EQUAL:
                continue
            # the very same value first ("12 per cent" before the "12.5%" that "12%" also
            # covers), then the sentence most like the claim's
            same = same_value(value, source_value)
            for pos, claim in members:
                if not _same_head(value, claim, index):
                    continue
                equal.append(claim)
                item = (((same, overlap[claim.sentence]), -pos), claim, cmp.note)
                # a bare number is weak evidence, unless its line names the unit ("business_stars: 4.0")
                if cmp.note in WEAK_MATCHES and not (word and word in index.sentences[claim.sentence].words):
                    weak = item if weak is None or item[0] > weak[0] else weak
                else:
                    strong = item if strong is None or item[0] > strong[0] else strong
        if strong is not None:
            other = _said_of_other(value, own, equal, index) if own else None
            if other is not None:
                return other
            return _result("grounded", strong[2] or "the sources state this value", index, strong[1], value)
        if other_hours:
            return _result("unsupported", "said of a happy hour, whose hours the sources do not give")
        # 2. a name the question uses ("Form 1040", "Windows 10") is the question's, not a
        #    claim the answer makes up: another number nearby does not refute it (a count or
        #    an amount the question asks about still can: "Was the budget $40 million?")
        if name and any(compare(value, q).result == EQUAL for q in question_claims):
            if weak is not None:
                return _result("grounded", weak[2] or "the sources state this value", index, weak[1], value)
            return _result("unsupported", "this value appears only in the question, not in the sources")
        # 3. a differing value of the same kind in the closest evidence is a mismatch
        if ranked is None:
            ranked = _ranked(overlap, range(len(overlap)), self.min_overlap)
        evidence = list(ranked[: self.top_k])
        # lines that name what the answer counts or measures ("business_stars: 4.0") are evidence too
        if word:
            named = [i for i in _postings(index).get(word, ()) if i in by_sentence and i not in evidence]
            evidence += sorted(named, key=lambda i: (-overlap[i], i))[: self.top_k]
        # a record's one or two numbers whose keys name the claim's unit ("price_usd: 249.0") are
        # evidence whatever words the sentence uses for them
        keyed = [c for _, pool in pools for v, members in pool.items() if v.note == KEYED_UNIT for _, c in members]
        if 0 < len({c.value.value for c in keyed}) <= 2:
            evidence += [c.sentence for c in keyed if c.sentence not in evidence]
        # a table row's values are compared by the row and column the sentence points at
        # (table_cell_check), not by the words a row shares with the sentence
        evidence = [i for i in evidence if not index.sentences[i].cells]
        candidates: List[Tuple[float, SourceClaim, Optional[str]]] = []
        for sent_i in evidence:
            for claim in by_sentence.get(sent_i, []):
                if claim.value.note == COLUMN_DATE:
                    continue  # a column's date: the table's other columns have other dates
                cmp = compare(value, claim.value)
                if cmp.result != DIFFERS and not _labelled_number_differs(value, claim, index):
                    continue
                if (
                    value.kind == "cardinal"
                    and value.head
                    and value.head not in index.sentences[sent_i].words
                    and claim.value.head != value.head
                ):
                    continue  # "3 reviews" is not refuted by "5 stars" in the same sentence
                candidates.append((distance(value, claim.value), claim, cmp.note))
        if candidates:
            _, claim, note = min(candidates, key=lambda t: t[0])
            reason = f"the closest evidence says {claim.value.text!r}" + (f" ({note})" if note else "")
            key = _RECORD_LINE.match(index.sentences[claim.sentence].text) if claim.value.note == KEYED_UNIT else None
            if key:  # "price_usd: 249.0"
                reason = f"the record's {key.group(0).rstrip(':')!r} gives {claim.value.text!r}"
            return _result("mismatch", reason, index, claim)
        if weak is not None:
            return _result("grounded", weak[2] or "the sources state this value", index, weak[1], value)
        if any(compare(value, q).result == EQUAL for q in question_claims):
            return _result("unsupported", "this value appears only in the question, not in the sources")
        # nothing comparable nearby; name the nearest comparable value anywhere, if any
        far = [
            (distance(value, source_value), members[0][0], members[0][1])
            for _, pool in pools
            for source_value, members in pool.items()
            if compare(value, source_value).result == DIFFERS
        ]
        if far:
            _, _, claim = min(far, key=lambda t: t[:2])
            return _result(
                "unsupported",
                f"no source states this value; the nearest comparable value, "
                f"{claim.value.text!r}, is not in the closest evidence",
                index,
                claim,
            )
        return _result("unsupported", "no comparable value in the sources")

    def _summary(
        self, spans: Sequence[Span], message: Optional[str] = None, facts: Sequence[Dict[str, Any]] = ()
    ) -> Dict[str, Any]:
        counts = {s: 0 for s in STATUSES}
        for span in spans:
            counts[span._.ground_numeric["status"]] += 1
        checked = counts["grounded"] + counts["mismatch"] + counts["unsupported"]
        share = counts["grounded"] / checked if checked else None
        if message is None:
            if not spans:
                message = "no numeric or date claims to check"
            elif not checked:
                message = "no claim could be normalised and checked"
            else:
                message = f"{counts['grounded']} of {checked} checkable claims grounded"
        return {
            "grounded_share": share,
            "light": traffic_light(share, self.green, self.amber),
            "n_claims": len(spans),
            "n_checked": checked,
            **{f"n_{k}": v for k, v in counts.items()},
            "n_record_facts": len(facts),
            "n_record_conflict": sum(f["status"] == "conflict" for f in facts),
            "n_record_unsupported": sum(f["status"] == "unsupported" for f in facts),
            "message": message,
        }


_OPENING_WORDS = re.compile(
    r"\b(?:open\w*|clos\w*|hours|operat\w*|business|kitchen|breakfast|brunch|lunch|dinner|"
    r"deliver\w*|stay)\b",
    re.I,
)
# a new clause: what follows is no longer said of the happy hour
_NEW_CLAUSE = re.compile(
    r"[;]|\b(?:but|while|whereas|after\s+which)\b|,\s*and\b"
    r"|\band\s+(?:it|they|you|the\s+\w+|its|their)\b",
    re.I,
)
# a happy hour named right after the time in its clause: "From 4 pm to 7 pm on Monday, happy hour ..."
_OTHER_HOURS_AFTER = re.compile(r"^(?:(?!\b(?:and|but|while|or)\b)[^.;!?]){0,30}?\bhappy[\s-]+hours?\b", re.I)


def _said_of_other_hours(span: Span) -> bool:
    """Whether a clock time is said of a happy hour: one is named before it in its sentence
    with neither opening hours nor a new clause between ("Happy hour runs until 7 pm", "its
    happy hour, which runs Monday to Friday and extends until 7 pm"; not "Happy hour ends at
    7 pm and it closes at 11 pm", nor "It closes at 11 pm; there is no happy hour"), or right
    after it in a sentence that says nothing of opening hours."""
    doc = span.doc
    sent = sentence_of(span)  # the whole answer when it has no sentences
    start, end = sent.start_char, sent.end_char
    before = doc_text(doc)[start : span.start_char]
    after = _OTHER_HOURS_AFTER.match(doc_text(doc)[span.end_char : end])
    if after and not _OPENING_WORDS.search(before + after.group(0)) and not _NO_OTHER_HOURS.search(after.group(0)):
        return True  # "From 4 pm to 7 pm on Monday, happy hour draws a crowd" (nothing about opening hours)
    mentions = list(_OTHER_HOURS.finditer(before))
    if not mentions:
        return False
    last = mentions[-1]
    if _NO_OTHER_HOURS.search(before[max(0, last.start() - 3) : last.end()]):
        return False
    between = before[last.end() :]
    return not (_OPENING_WORDS.search(between) or _NEW_CLAUSE.search(between))


_CONVERSION_GAP = re.compile(r"\s*[(\[]\s*(?:(?:about|approximately|approx\.?|around|roughly|or|ca\.?|~|≈)\s*)?", re.I)


def _converts(first: Span, second: Span) -> bool:
    """Whether ``second`` is ``first`` converted in brackets right after it ("58 degrees
    Fahrenheit (15 degrees Celsius)", "5 miles (8 km)"): quantities of one dimension in
    other units whose values agree at the precision written. A wrong conversion ("43°F
    (4°C)") is checked as a claim of its own."""
    if first.label_ != "quantity" or second.label_ != "quantity" or not first._.claim or not second._.claim:
        return False
    a, b = ClaimValue.from_dict(first._.claim), ClaimValue.from_dict(second._.claim)
    if not a.dimension or a.dimension != b.dimension or a.unit == b.unit:
        return False
    if not _CONVERSION_GAP.fullmatch(doc_text(second.doc)[first.end_char : second.start_char]):
        return False
    if None in (a.low, a.high, b.low, b.high):
        return False
    if a.low <= b.high and b.low <= a.high:  # "more than 5 miles (over 8 km)": open ends are infinite
        return True
    # a conversion rounded to a multiple of 5: "350°F (180°C)" (176.7), "5 miles (10 km)" no
    if a.value is None or b.value is None or b.number is None or b.number % 5:
        return False
    if a.dimension == "temperature":
        return abs(a.value - b.value) <= 5
    return abs(a.value - b.value) <= 0.05 * abs(a.value)


def _unchecked_by_itself(result: Dict[str, Any], value: ClaimValue, index: SourceIndex, first: Dict[str, Any]) -> bool:
    """Whether a bracketed conversion's own result leaves it unchecked, so that the value it
    restates (result ``first``) speaks for it: nothing comparable in the sources; a mismatch
    against another value than the one that grounds the first ("72 degrees F (22 degrees C)"
    against "high of 72 degrees, low of 12°C"); or one against a value the sources give in
    other units than the bracket's, so only the rounding of the conversion differs ("180 °C"
    against "350 degrees F", "15 °C" against "58 degrees"). A source in the bracket's own units
    checks it ("about 60°F (16°C)" against "15°C")."""
    if result["status"] == "unsupported":
        return True
    if result["status"] != "mismatch" or not result.get("nearest"):
        return False
    near = result["nearest"]
    grounding = first.get("nearest") if first.get("status") == "grounded" else None
    if grounding and (grounding["source"], grounding["start"]) != (near["source"], near["start"]):
        return True
    claim = _claims_at(index).get((near["source"], near["start"], near["end"]))
    return claim is not None and claim.value.unit != value.unit


def _claims_at(index: SourceIndex) -> Dict[Tuple[int, int, int], SourceClaim]:
    """Source claims by (source, start, end), the first of each place, once per index."""

    def read() -> Dict[Tuple[int, int, int], SourceClaim]:
        at: Dict[Tuple[int, int, int], SourceClaim] = {}
        for claim in index.claims:
            at.setdefault((claim.source, claim.start, claim.end), claim)
        return at

    return index.memo("numeric.claims_at", read)


def list_lengths(text: str) -> frozenset:
    """The lengths of the lists of two items or more in ``text``: runs of numbered lines
    ("1." to "5.": 5) and runs of bullet lines (blank lines between items allowed)."""
    lengths = set()
    last = 0
    for m in _NUMBERED.finditer(text):
        n = int(m.group(1))
        if n == last + 1:
            last = n
            continue
        lengths.add(last)
        last = 1 if n == 1 else 0
    lengths.add(last)
    run, last_end = 0, -1
    for m in _BULLET.finditer(text):
        if last_end >= 0 and text[last_end : m.start()].strip("\n \t"):
            lengths.add(run)
            run = 0
        run += 1
        last_end = text.find("\n", m.end())
        last_end = len(text) if last_end < 0 else last_end
    lengths.add(run)
    return frozenset(n for n in lengths if n >= 2)


def _counts_own_list(span: Span, index: SourceIndex) -> bool:
    """Whether a number counts the answer's own list: "summarized in five steps" with a list
    of five items in the answer. A list of another length, or none, leaves it a claim, and so
    do sources that count the same thing ("4 types of pizza", "6 steps in total")."""
    text = doc_text(span.doc)
    m = _LIST_NOUNS.match(text[span.end_char : span.end_char + 40])
    if not m:
        return False
    word = span.text.strip().lower()
    n = int(word) if word.isdigit() and len(word) <= 6 else _NUMBER_WORDS.get(word)  # no list has a million items
    read = answer_text(span.doc)
    lengths = list_lengths(text) if read is None else read.memo("list_lengths", lambda: list_lengths(text))
    if n is None or n not in lengths:
        return False
    noun = m.group("noun").lower()
    stem = "categor" if noun.startswith("categor") else noun.rstrip("s")
    # a source that counts the same things ("6 steps in total"; not a list's "Step 1:")
    return not index.memo(f"numeric.counts:{stem}", lambda: _sources_count(index, stem))


def _sources_count(index: SourceIndex, stem: str) -> bool:
    """Whether a source number counts things of ``stem`` ("6 steps in total")."""
    plural = re.compile(rf"^\s+(?:[\w-]+\s+)?{re.escape(stem)}(?:s|ies)\b", re.I)
    return any(
        c.value.kind == "cardinal" and plural.match(index.texts[c.source][c.end : c.end + 40]) for c in index.claims
    )


def _names_a_thing(span: Span) -> bool:
    """Whether a bare number names a thing rather than counting or measuring it: "Form
    1040", "Windows 10", "the 1040 form"."""
    text = doc_text(span.doc)
    if not span.text.strip().isdigit():
        return False
    if _NAME_AFTER.match(text[span.end_char : span.end_char + 20]):
        return True
    if (span._.claim or {}).get("head"):
        return False  # "Capacity 250 guests" counts guests
    before = ("\n" if span.start_char <= 30 else "") + text[max(0, span.start_char - 30) : span.start_char]
    return bool(_NAME_BEFORE.search(before))


TABLE_VALUE_KINDS = ("money", "percent", "quantity", "cardinal")  # checked against the row they belong to
ANCHOR_KINDS = ("date", "time")  # what points at a row or a column ("Q3 2024", "2023")


@dataclass(frozen=True)
class TableRowValues:
    """A Markdown table row of the sources as the table check reads it: its first cell
    (``label``: what names the row, "Acme" or "Store 12"; ``key``: the label as a phrase to
    find in an answer sentence, "" when the label is a value such as a date; ``keys``: every
    phrase that names the row, "net income" and "net loss" for "Net income (loss)"), and its
    other cells, each with the values its column name holds ("2024") and its column's words."""

    sentence: int  # index into SourceIndex.sentences
    label: str
    key: str
    cells: Tuple[Tuple[TableCell, Tuple[ClaimValue, ...], frozenset], ...]
    table: int = 0  # which table of the sources the row belongs to
    keys: Tuple[str, ...] = ()


# a statement's label for a figure that may be either: "Net income (loss)", "Net (loss) income",
# "Income (loss) from operations"
_EITHER = re.compile(
    r"\b(income|profit|earnings|gains?)\s*\((loss(?:es)?)\)|\((loss(?:es)?)\)\s*(income|profit|earnings|gains?)\b", re.I
)


_QUALIFIER = re.compile(
    r",\s*(?:net|less|including|excluding|after|before)\b.*$|\s+at\s+(?:the\s+)?(?:end|beginning)\s+"
    r"of\s+(?:the\s+)?(?:period|year|quarter)\b.*$",
    re.I,
)
_SHARE_CLASS = re.compile(r"\s*(?:[,—–-]|\s-\s)\s*(?:basic|diluted)(?:\s+(?:and|&)\s+(?:basic|diluted))?\s*$", re.I)


def label_keys(label: str) -> Tuple[str, ...]:
    """The phrases a sentence names a table row by, from its first cell: the label less a unit
    in brackets at its end ("Bookings ($B)": " bookings "), each reading of a label that may be
    either ("Net income (loss)": " net income ", " net loss "); none for a date or a number, a
    generic label ("Total", "Other") or one under three letters ("US"); "EPS" read as "earnings
    per share" too, a loss's label as income's ("Net loss": " net income ", which the sign of
    its figure then refutes or grounds)."""
    m = _EITHER.search(label)
    variants = [label]
    if m:
        gain, loss = m.group(1) or m.group(4), m.group(2) or m.group(3)
        variants = [label[: m.start()] + word + label[m.end() :] for word in (gain, loss)]
    # "Diluted EPS" is "diluted earnings per share" too
    variants += [re.sub(r"\bEPS\b", "earnings per share", v) for v in variants if re.search(r"\bEPS\b", v)]
    # "Net loss" is what a sentence calling it "net income" points at (its sign says the rest)
    variants += [
        re.sub(r"\bloss\b", "income", v, flags=re.I)
        for v in list(variants)
        if re.search(r"\bloss\b", v, re.I) and not _EITHER.search(label)
    ]
    # "Net loss per share, basic and diluted" is "net loss per share" too
    variants += [v[: m.start()] for v in variants for m in [_SHARE_CLASS.search(v)] if m and m.start() > 0]
    # "Accounts receivable, net", "Long-term debt, net of current portion", "Cash ... at end of period"
    variants += [v[: m.start()] for v in variants for m in [_QUALIFIER.search(v)] if m and m.start() > 0]
    keys = []
    for variant in variants:
        named = re.sub(r"\s*\([^()]*\)\s*$", "", variant) or variant  # "Bookings ($B)": its unit is no name
        key = _phrase(named) if re.search(r"[^\W\d_]{2}", named) else ""
        if key.strip() not in _GENERIC_LABELS and len(key.strip()) >= 3 and key not in keys:
            keys.append(key)
    return tuple(keys)


def _phrase(text: str) -> str:
    """``text`` lower-cased, accents folded, as words between single spaces (punctuation and
    Markdown emphasis dropped: "**Acme's**" reads " acme s ")."""
    return " " + " ".join(re.sub(r"[\W_]+", " ", fold_accents(text)).lower().split()) + " "


def table_rows(index: SourceIndex) -> List[TableRowValues]:
    """The table rows of a set of sources, read once per index (answers share their sources)."""
    return index.memo("numeric.table_rows", lambda: _read_table_rows(index))


def _read_table_rows(index: SourceIndex) -> List[TableRowValues]:
    cached, columns, table, section = [], {}, 0, ""
    for i, row in enumerate(index.sentences):
        if not row.cells:
            continue
        if i == 0 or not index.sentences[i - 1].cells or index.sentences[i - 1].source != row.source:
            table, section = (
                table + 1,
                "",
            )  # rows follow each other within a table; a header line or prose parts them
        text = index.texts[row.source]
        label = row.cells[0].text or text[row.cells[0].start : row.cells[0].end]
        for cell in row.cells[1:]:
            if cell.column not in columns:
                names = tuple(fiscal_as_calendar(v, index.fiscal) for _, _, v in find_claims(cell.column))
                # "Year ended December 31, 2024": 2024 and fiscal 2024 too
                names += period_dates(cell.column, names, index.fiscal)
                columns[cell.column] = (names, content_words(cell.column))
        # a label with a word is a name ("Acme", "Store 12"); one without ("Q1 2024", "2023") a value;
        # "Total", "Other" and two letters ("US", "IT") name nothing a sentence could point at alone
        keys = label_keys(label)
        if len(row.cells) == 1 and re.search(r"[^\W\d_]{2}", label):  # "Operating income (loss):" heads a section
            section = label.strip().rstrip(":").strip()
        elif section:  # "Software" under "Operating income:" is named by "software operating income" too
            keys += tuple(
                k for k in label_keys(f"{label} {section}") + label_keys(f"{section} {label}") if k not in keys
            )
        cached.append(
            TableRowValues(
                i,
                label,
                keys[0] if keys else "",
                tuple((cell, *columns[cell.column]) for cell in row.cells[1:]),
                table,
                keys,
            )
        )
    return cached


_GENERIC_LABELS = frozenset(
    [
        "total",
        "totals",
        "subtotal",
        "grand total",
        "other",
        "others",
        "all",
        "net",
        "sum",
        "average",
        "change",
        "total revenue",
    ]
)


def _in_prose(value: ClaimValue, index: SourceIndex) -> bool:
    """Whether a source sentence outside every table states ``value``."""
    return any(not index.sentences[c.sentence].cells and compare(value, c.value).result == EQUAL for c in index.claims)


# words that make a figure a change, a rate or a derived figure, not a cell's level: "rose by
# $0.7 million", "grew 10.9%", "$6,455 per customer", "an average of ..."
_CHANGE = re.compile(
    r"\b(?:by|up|down|rose|rise[sn]?|grew|grow[sn]?|increas\w*|decreas\w*|declin\w*|fell|"
    r"falls?|dropp?\w*|jump\w*|climb\w*|gain\w*|lost|loss|higher|lower|more|less|change\w*|"
    r"growth)\b",
    re.I,
)
_RATE = re.compile(r"\b(?:per|average|avg|mean|median|each|apiece)\b", re.I)
_LEVEL = re.compile(r"\b(?:to|at|was|were|is|are|of|reached|totall?ed|stood|hit)\s*$", re.I)


_BASIS = re.compile(r"\s*\bper\s+((?:\d[\d.,]*\s*)?[^\W\d_]+)", re.I)  # "per share", "per 100 g"


def _a_level(answer: str, span: Span, lo: int, bases: frozenset = frozenset()) -> bool:
    """Whether the claim reads as a level a cell could hold: no change, rate or derived figure
    named in the words before it ("increased to $7.1 million" is a level, "increased by" and
    "grew 10.9%" are not), nor a rate right after it ("$6,455 per customer"); a rate per what
    the table's own names give (``bases``: "earnings per share" by a row "Diluted EPS", "per
    100 g" under "Per 100 g") is the table's figure."""
    before = answer[max(lo, span.start_char - 40) : span.start_char]
    before = re.split(r"[,;:]", before)[-1]
    after = answer[span.end_char : span.end_char + 20]

    def the_tables(m: Optional["re.Match[str]"]) -> bool:  # a basis the tables name
        return m is not None and set(re.findall(r"[^\W_]+", m.group(1).lower())) <= bases

    # after the figure, only a per-share or a measured basis ("$1.61 per diluted share", "16.9 g per
    # 100 g"): "$50 per customer" is another row's figure than revenue's
    later = re.match(_BASIS, after)
    if the_tables(later) and (later.group(1)[0].isdigit() or _SHARE_AFTER.match(after)):
        after = ""
    basis = re.search(_BASIS, before)
    if the_tables(basis):
        before = before[: basis.start()] + before[basis.end() :]
    if re.match(r"\s*(?:per|a|an|each)\b", after, re.I) or _RATE.search(before):
        return False
    return bool(_LEVEL.search(before)) or not _CHANGE.search(before)


def _table_words(rows: Sequence["TableRowValues"], index: SourceIndex) -> frozenset:
    """The words of the sources' table labels and column names, the first column's ("Per 100
    g") too, lower-case ("eps" brings "share": a row "Diluted EPS" holds earnings per share);
    read once per index."""

    def read() -> frozenset:
        words = {
            w
            for row in rows
            for text in (row.label, *(c.column for c in index.sentences[row.sentence].cells))
            for w in re.findall(r"[^\W_]+", text.lower())
        }
        return frozenset(words | ({"share"} if "eps" in words else set()))

    return index.memo("numeric.table_words", read)


def _home_elsewhere(
    value: ClaimValue,
    rows: Sequence[TableRowValues],
    pointed: set,
    anchors: Sequence[ClaimValue],
    by_sentence: Dict[int, List[SourceClaim]],
) -> bool:
    """Whether the value sits in a table row the sentence could not be pointing past: with
    dates, a row with no date of theirs (a region, a segment, "Nine months ended ..."); without,
    a row of another table. Another date's row, or another name's row of the same table (a
    statement's other metric under the column of the sentence's date too), is no such home:
    there the value is the one the sentence took from the wrong row."""
    tables = {r.table for r in rows if r.sentence in pointed}
    for row in rows:
        here = by_sentence.get(row.sentence, [])
        equal = [c for c in here if compare(value, c.value).result == EQUAL]
        if row.sentence in pointed or not equal:
            continue
        if (
            anchors
            and row.table in tables
            and any(
                cell.start <= c.start
                and c.end <= cell.end
                and any(
                    a.granularity == v.granularity and compare(a, v).result == EQUAL for a in anchors for v in names
                )
                for c in equal
                for cell, names, _ in row.cells
            )
        ):
            continue  # another metric of the same statement, under the sentence's date: the wrong row
        dated = any(
            c.value.kind in ANCHOR_KINDS and any(a.granularity == c.value.granularity for a in anchors) for c in here
        )
        if not (dated if anchors else row.table in tables):
            return True
    return False


_NIL = re.compile(r"[—–-]{1,2}|&mdash;|&ndash;")  # a statement's cell for nothing


_PER_SHARE_ROW = re.compile(r"\bper\s+(?:\w+\s+){0,2}share\b|\bEPS\b", re.I)
_SHARE_AFTER = re.compile(r"\s*(?:a|per)\s+(?:\w+\s+){0,2}share\b", re.I)  # "$1.61 per diluted share"


def _per_share(answer: str, span: Span, lo: int = 0) -> bool:
    """Whether a claim is a per-share figure: "$1.61 per diluted share", "EPS of $1.61",
    "earnings per share for the third quarter were $1.61" (its clause from ``lo``)."""
    after = answer[span.end_char : span.end_char + 30]
    before = re.split(r"[,;]|\bor\b", answer[max(lo, span.start_char - 120) : span.start_char])[-1]
    return bool(_SHARE_AFTER.match(after) or _PER_SHARE_ROW.search(before))


def _answer_column(answer: str, span: Span) -> frozenset:
    """The words of the answer's own column name when the claim sits in a table of the answer."""
    for row in markdown_table_rows(answer) if "|" in answer else []:
        for cell in row.cells:
            if cell.start <= span.start_char < cell.end:
                return content_words(cell.column)
    return frozenset()


def table_cell_check(
    span: Span, value: ClaimValue, spans: Sequence[Span], index: SourceIndex
) -> Optional[Dict[str, Any]]:
    """An amount, share or count against the Markdown table cell its sentence points at: the
    row that holds a date of the sentence at the same granularity ("Q3 2024" for "$7.1 million
    in Q3 2024", not "2024" for a quarter's row) or whose whole first cell the sentence names
    before the figure ("Beta Labs"; not "Total"), in the column whose every word it names
    before the figure ("revenue"; a count's noun and the answer table's own column name count
    too), or, in a table of metrics by date, the named metric's row under the column its date
    names ("| Metric | 2023 | 2024 |"). A mismatch when those cells state another value of the
    claim's kind and not the claim's own. None whenever the table cannot decide: a value the
    prose states, or a row the sentence's date cannot reach (a region's, another table's); a
    sentence with another value of the same kind ("fell to $6.4 million from $7.1 million") or
    a date that cannot be read ("in Q3"); a change, rate or derived figure ("rose by", "grew
    10.9%", "per customer"); no column or metric row named; a count whose noun no column or row
    names; a cell that differs by a power of 1,000 (a unit the table left unsaid)."""
    rows = table_rows(index)
    if value.kind not in TABLE_VALUE_KINDS or not rows or _in_prose(value, index):
        return None
    answer = doc_text(span.doc)
    sent = sentence_of(span)
    lo, hi = sent.start_char, sent.end_char
    line_start = answer.rfind("\n", 0, span.start_char) + 1
    line_end = answer.find("\n", span.end_char)
    line_end = len(answer) if line_end < 0 else line_end
    if "|" in answer[line_start:line_end]:  # a row of a table in the answer: the row alone
        lo, hi = max(lo, line_start), min(hi, line_end)
    # a basis ("per 100 g", "per serving of 30 g") is no second figure of the sentence, nor is a
    # per-share figure beside an amount ("$301 million, or $1.61 per diluted share") or the reverse
    per_share = _per_share(answer, span, lo)
    around = [
        s
        for s in spans
        if s is not span
        and lo <= s.start_char
        and s.end_char <= hi
        and not re.search(r"\bper\s+(?:serving\s+of\s+)?$", answer[max(lo, s.start_char - 20) : s.start_char], re.I)
        and ((s._.claim or {}).get("kind") != value.kind or _per_share(answer, s, lo) == per_share)
    ]
    if any((s._.claim or {}).get("kind") == value.kind for s in around) or not _a_level(
        answer, span, lo, _table_words(rows, index)
    ):
        return None
    dates = [s._.claim for s in around if (s._.claim or {}).get("kind") in ANCHOR_KINDS]
    if any(not d.get("normalisable", True) for d in dates):
        return None
    anchors = [fiscal_as_calendar(ClaimValue.from_dict(d), index.fiscal) for d in dates]

    def same(a: ClaimValue, b: ClaimValue) -> bool:  # the same date, read at the same granularity
        return a.granularity == b.granularity and compare(a, b).result == EQUAL

    period = months_of(answer[lo:hi])  # the length of the period the sentence names, if one

    # what the sentence names before the claim ("Revenue was $7.1 million"; not "... as revenue grew")
    # (from after the figure before it, a date aside: "a price of $129.00 and 35 in stock" names no price for 35)
    start = max(
        [lo]
        + [
            s.end_char
            for s in around
            if s.end_char <= span.start_char and (s._.claim or {}).get("kind") not in ANCHOR_KINDS
        ]
    )
    words = (
        content_words(answer[start : span.end_char]) | _answer_column(answer, span) | content_words(value.head or "")
    )
    phrase = _phrase(answer[lo : span.end_char])
    by_sentence = _sentence_claims(index)
    scope: List[Tuple[int, TableCell, frozenset]] = []  # where the claim's value should be
    pointed = [
        (
            row,
            any(key in phrase for key in row.keys),
            any(same(a, c.value) for a in anchors for c in by_sentence.get(row.sentence, [])),
        )
        for row in rows
    ]
    if any(named and held for _, named, held in pointed):  # "Americas ... in Q2 2024": the row holding both
        pointed = [(row, named, held) for row, named, held in pointed if named and held]
    # "net loss per share" names the row "Net loss per share, basic and diluted", not "Net loss"
    best = {row.sentence: max((k for k in row.keys if k in phrase), key=len) for row, named, _ in pointed if named}
    pointed = [
        (
            row,
            named and not any(len(k) > len(best[row.sentence]) and best[row.sentence] in k for k in best.values()),
            held,
        )
        for row, named, held in pointed
    ]

    def per_share_row(row: TableRowValues) -> bool:
        return any(_PER_SHARE_ROW.search(k) for k in row.keys)

    if per_share and not any(named and per_share_row(row) for row, named, _ in pointed):
        # "$1.61 per diluted share": the statement's one (diluted) per-share row
        kind = re.search(r"\b(diluted|basic)\b", answer[lo:hi], re.I)
        rows_ps = [
            row
            for row, _, _ in pointed
            if per_share_row(row) and (kind is None or any(kind.group(1).lower() in k for k in row.keys))
        ]
        if len(rows_ps) == 1:
            pointed = [(row, named or row is rows_ps[0], held) for row, named, held in pointed]
    for row, named, held in pointed:
        if not (named or held) or (named and per_share_row(row) != per_share):
            continue  # a per-share figure is the per-share row's, an amount another row's
        by_date = [
            (cell, column)
            for cell, names, column in row.cells
            if not held and any(same(a, v) for a in anchors for v in names)
        ]
        if len(by_date) > 1 and period:  # "for the nine months ended September 30, 2024": that column
            by_date = [(cell, column) for cell, column in by_date if months_of(cell.column) in (period, None)]
        if by_date:  # a metric named by the row, its date by the column: the cell is known
            scope += [(row.sentence, cell, frozenset(["<named>"])) for cell, _ in by_date]
        else:
            scope += [(row.sentence, cell, column) for cell, _, column in row.cells]
    # the figure must be named: by every word of a column name ("cost of sales" is no "sales"), or by
    # row and date
    scope = [t for t in scope if (t[2] and t[2] <= words) or "<named>" in t[2]]
    row_of = {r.sentence: r for r in rows}
    if (
        value.kind == "cardinal"
        and value.head
        and not any(value.head in column or value.head in content_words(row_of[i].label) for i, _, column in scope)
    ):
        return None  # "two quarters" is no figure of the table; a bare count is the named column's
    in_scope = [
        (c, cell) for i, cell, _ in scope for c in by_sentence.get(i, []) if cell.start <= c.start and c.end <= cell.end
    ]
    nil = [(i, cell) for i, cell, _ in scope if _NIL.fullmatch(cell.text.strip())]
    if (
        not in_scope
        and nil
        and value.value
        and value.kind in ("money", "cardinal")
        and len(nil) == 1
        and not _home_elsewhere(value, rows, {i for i, _ in nil}, anchors, by_sentence)
    ):
        # "—" in a statement's cell is nothing: "$500 million" where the row says none that date
        i, cell = nil[0]
        dash = SourceClaim(
            index.sentences[i].source,
            cell.start,
            cell.end,
            i,
            ClaimValue(
                kind=value.kind,
                text=cell.text.strip(),
                value=0.0,
                low=0.0,
                high=0.0,
                currency=value.currency,
                unit=value.unit,
                dimension=value.dimension,
            ),
        )
        where = f"the table row {row_of[i].label!r}" + (f" says, under {cell.column!r}," if cell.column else " says")
        return _result("mismatch", f"{where} {cell.text.strip()!r} (none)", index, dash)
    if not in_scope or any(
        compare(value, c.value).result == EQUAL or scaled_by_thousands(value, c.value) for c, _ in in_scope
    ):
        return None
    if _home_elsewhere(value, rows, {i for i, _, _ in scope}, anchors, by_sentence):
        return None
    differ = [(c, cell) for c, cell in in_scope if compare(value, c.value).result == DIFFERS]
    if not differ:
        return None
    claim, cell = min(differ, key=lambda t: distance(value, t[0].value))
    label = row_of[claim.sentence].label
    where = f"the table row {label!r}" + (f" says, under {cell.column!r}," if cell.column else " says")
    return _result("mismatch", f"{where} {claim.value.text!r}", index, claim)


def table_change_check(
    span: Span, value: ClaimValue, spans: Sequence[Span], index: SourceIndex
) -> Optional[Dict[str, Any]]:
    """A percent or amount its clause calls a change ("Operating income grew 12%", "a $4.8
    million increase in operating income") against the one table row the clause names: its
    change column, else the change its period columns give (see changes.py). A figure joined to
    the change before it ("grew 23% in the quarter and 11% in the nine months") is that row's
    change too; "respectively" pairs names and figures in order. None when the prose of the
    sources states the figure, the figure is on another basis ("organic", "adjusted"), or no
    row, or no change of the figure's kind, can be read."""
    kind_unit = check_kind(value)
    rows, prose = table_rows(index), prose_rows(index)
    if kind_unit is None or not (rows or prose) or _in_prose(value, index):
        return None
    reading = _change_reading(span, spans, list(rows) + list(prose))
    if reading is None:
        return None
    direction, key, (wlo, whi) = reading
    answer = doc_text(span.doc)
    lo, hi, _, _ = change_claim_context(span)
    # a date without its year ("the third quarter") says only the period's length (months_of);
    # the figure's own part of the sentence says which dates and period, else the sentence
    dated = [
        s
        for s in spans
        if s is not span
        and lo <= s.start_char
        and s.end_char <= hi
        and (s._.claim or {}).get("kind") in ANCHOR_KINDS
        and (s._.claim or {}).get("normalisable", True)
    ]
    own = [s for s in dated if wlo <= s.start_char and s.end_char <= whi]
    anchors = [read_value(s, index) for s in (own or dated)]
    period = months_of(answer[wlo:whi]) or months_of(answer[lo:hi])
    if period is None and anchors and all(a.granularity == "year" for a in anchors):
        period = 12  # "Fiscal 2024 revenue grew 4%": the year's change, not the fourth quarter's
    words = (
        answer[wlo:whi]
        if re.search(r"\b(?:year|quarter|sequential\w*|q/q|y/y|yoy|qoq|ago)\b", answer[wlo:whi], re.I)
        else answer[lo:hi]
    )
    by_sentence, mismatch = _sentence_claims(index), None
    for row in rows:
        if f" {key} " not in _change_keys(row):
            continue
        changes = row_changes(row, by_sentence.get(row.sentence, []), kind_unit, anchors, period, words)
        judged = judge_change(value, direction, row.label, changes)
        if judged is None and kind_unit == ("percent", "%"):
            # "margin rose 1.4%" where the row's margin rose 1.4 points: percent is not points
            points = row_changes(row, by_sentence.get(row.sentence, []), ("percent", "pp"), anchors, period, words)
            as_points = judge_change(replace(value, unit="pp"), direction, row.label, points)
            if as_points is not None and as_points[0] == "grounded":
                judged = ("mismatch", f"percent is not percentage points: {as_points[1]}", as_points[2], as_points[3])
        if judged is not None and judged[0] == "grounded":
            # the words the check read are as grounded as the figure (features.without_grounded_claims)
            return dict(
                _change_result(judged, index, value),
                checked_words=checked_words(answer, lo, hi, span.start_char, span.end_char),
            )
        mismatch = mismatch or judged
    for pair in prose:  # "Revenue was $210.0 million, compared with $180.0 million"
        theirs = months_of(index.sentences[pair.sentence].text)
        if f" {key} " not in pair.keys or (period and theirs and theirs != period):
            continue
        change = pair_change(kind_unit, pair.later, pair.earlier, pair.label)
        judged = judge_change(
            value, direction, pair.label, [change] if change else [], where="the sources' sentence on {label!r}"
        )
        if judged is not None and judged[0] == "grounded":
            return dict(
                _change_result(judged, index, value),
                checked_words=checked_words(answer, lo, hi, span.start_char, span.end_char),
            )
        mismatch = mismatch or judged
    return _change_result(mismatch, index) if mismatch else None


@dataclass(frozen=True)
class ProseRow:
    """A sentence of prose in the sources that compares a figure with an earlier one ("Revenue
    was $210.0 million, compared with $180.0 million"), read as a row of two cells."""

    sentence: int
    label: str
    keys: Tuple[str, ...]
    later: SourceClaim
    earlier: SourceClaim


def _prose_figures(
    index: SourceIndex, keep: Callable[[ClaimValue], bool], least: int
) -> Iterable[Tuple[int, str, List[SourceClaim], List[Tuple[int, int]]]]:
    """(sentence index, its text, its figures ``keep`` keeps in order, their offsets in the text)
    for each sentence of prose (no table row) with at least ``least`` such figures."""
    for i, claims in _sentence_claims(index).items():
        sent = index.sentences[i]
        figures = sorted((c for c in claims if keep(c.value)), key=lambda c: c.start)
        if sent.cells or len(figures) < least:
            continue
        text = index.texts[sent.source][sent.start : sent.end]
        yield i, text, figures, [(c.start - sent.start, c.end - sent.start) for c in figures]


def prose_rows(index: SourceIndex) -> List[ProseRow]:
    """The sentences of prose that compare two figures (``changes.prose_pairs``), once per index."""
    return index.memo("numeric.prose_rows", lambda: _read_prose_rows(index))


def _read_prose_rows(index: SourceIndex) -> List[ProseRow]:
    cached = []
    table_kind = lambda v: v.kind in TABLE_VALUE_KINDS and v.normalisable  # noqa: E731
    for i, text, figures, spans in _prose_figures(index, table_kind, 2):
        for label, later, earlier in prose_pairs(text, spans):
            keys = label_keys(label)
            if not keys and len(label.split()) > 1 and _phrase(label).strip() in _GENERIC_LABELS:
                keys = (_phrase(label),)  # "Total revenue was $210.0 million, compared with ..."
            if keys and figures[later].value.kind == figures[earlier].value.kind:
                cached.append(ProseRow(i, label, keys, figures[later], figures[earlier]))
    return cached


@dataclass(frozen=True)
class StatedChange:
    """A change a sentence of the sources' prose states of something it names ("Operating income
    rose 14% to $310 million": 'operating income', a rise, 14%; see ``changes.stated_changes``)."""

    label: str
    keys: Tuple[str, ...]
    direction: str
    claim: SourceClaim


def stated_changes_of(index: SourceIndex) -> List[StatedChange]:
    """The changes the sources' prose states, once per index."""
    return index.memo("numeric.stated_changes", lambda: _read_stated_changes(index))


def _read_stated_changes(index: SourceIndex) -> List[StatedChange]:
    cached = []
    for _, text, figures, spans in _prose_figures(index, lambda v: check_kind(v) is not None, 1):
        if not RISE_OR_FALL.search(text):
            continue
        for name, j, direction in stated_changes(text, spans):
            if (figures[j].value.value or 0) < 0:  # "growth was -3%": a fall of 3%
                direction = FALL if direction == RISE else RISE
            cached.append(StatedChange(name, (name,), direction, figures[j]))
    return cached


def prose_change_check(
    span: Span, value: ClaimValue, spans: Sequence[Span], index: SourceIndex
) -> Optional[Dict[str, Any]]:
    """A change claim ("Operating income rose 9%") against the changes the sources' prose states
    of what it names: grounded when one of them is the figure; a mismatch when one is the figure
    the other way, or none is and the figure stands nowhere in the sources or only as the change
    of another measure ("Revenue rose 9%"; ``changes.METRICS`` tells measures apart); None (the
    claim as ``ground`` read it) when no stated change is of its name, or the figure stands
    anywhere else ("up 17% from $180.0 million", "it rose 9%", "the stock rose 9%")."""
    kind = check_kind(value)
    stated = stated_changes_of(index) if kind is not None else []
    if not stated:
        return None
    reading = _change_reading(span, spans, stated)
    if reading is None:
        return None
    direction, key, _ = reading
    if (value.value or 0) < 0 and direction in (RISE, FALL):  # "growth was -3%": a fall
        direction = FALL if direction == RISE else RISE
    same = [c for c in stated if key in c.keys and (check_kind(c.claim.value) or ("",))[0] == kind[0]]
    if not same:
        return None
    size = magnitude(value)
    equal = [c for c in same if compare(size, magnitude(c.claim.value)).result == EQUAL]
    way = [c for c in equal if direction not in (RISE, FALL) or c.direction == direction]
    if way:
        return _result("grounded", f"the sources state this change of {way[0].label!r}", index, way[0].claim, value)
    # the figure stated elsewhere is another thing's change only where both names are measures
    # known to differ ("revenue" and "operating income"; not "shares" and "stock", nor "it")
    group = metric_group(key)
    of_others = {
        (c.claim.source, c.claim.start): c.label
        for c in stated
        if key not in c.keys and group is not None and metric_group(c.label) not in (None, group)
    }
    elsewhere = [
        (c.source, c.start)
        for c in index.claims
        if check_kind(c.value) is not None and compare(size, magnitude(c.value)).result == EQUAL
    ]
    own = {(c.claim.source, c.claim.start) for c in same}
    if any(place not in of_others and place not in own for place in elsewhere):
        return None  # the figure stands in the sources where nothing says it is another measure's
    near = equal[0] if equal else min(same, key=lambda c: distance(size, magnitude(c.claim.value)))
    said = f"the sources say {near.label!r} {'rose' if near.direction == RISE else 'fell'} {near.claim.value.text!r}"
    if equal:
        reason = f"{said}, the other way"
    elif elsewhere:
        reason = f"{said}; {value.text!r} is the change of {of_others[elsewhere[0]]!r}"
    else:
        reason = said
    note = compare(size, magnitude(near.claim.value)).note
    result = _result("mismatch", f"{reason} ({note})" if note else reason, index, near.claim)
    result["nearest"] = dict(result["nearest"], stated_of=near.label)
    return result


def _change_keys(row: Any) -> Tuple[str, ...]:
    """The names a change sentence may give a row: its keys, and a total's whole label ("Total
    revenue", which no level names alone: a sentence saying "total revenue" names it)."""
    label = getattr(row, "label", "")
    if label and len(label.split()) > 1 and _phrase(label).strip() in _GENERIC_LABELS:
        return tuple(row.keys) + (_phrase(label),)
    return row.keys


def is_change(span: Span) -> bool:
    """Whether the words of a figure's clause make it a change ("grew 12%", "a 12% increase"),
    not a level a table cell could hold."""
    _, _, before, after = change_claim_context(span)
    return change_direction(before, after) is not None


def _change_reading(
    span: Span, spans: Sequence[Span], rows: Sequence[Any], depth: int = 0
) -> Optional[Tuple[str, str, Tuple[int, int]]]:
    """(direction, the row name, the figure's own part of the sentence) of a change figure, or
    None: its clause's rise or fall word and row name, or, for a figure joined to a change
    figure before it ("and 11%"), that figure's direction and row."""
    answer = doc_text(span.doc)
    lo, hi, before, after = change_claim_context(span)
    if OTHER_BASIS.search(answer[lo:hi]):
        return None
    around = [s for s in spans if s is not span and lo <= s.start_char and s.end_char <= hi]
    figures = sorted(
        (s.start_char, s.end_char) for s in around + [span] if (s._.claim or {}).get("kind") not in ANCHOR_KINDS
    )
    window = local_window(answer, lo, hi, span.start_char, span.end_char, figures)
    direction = change_direction(before, after)
    keys = sorted({k.strip() for row in rows for k in _change_keys(row)})
    kind = (span._.claim or {}).get("kind")
    same = sorted((s for s in around + [span] if (s._.claim or {}).get("kind") == kind), key=lambda s: s.start_char)
    nth = next(i for i, s in enumerate(same) if s is span)
    key = respective_key(answer, lo, [(s.start_char, s.end_char) for s in same], nth, keys) if len(same) > 1 else None
    prev = same[nth - 1] if nth > 0 else None
    joined = prev is not None and ellipsis(answer[prev.end_char : span.start_char], answer[span.end_char : window[1]])
    if key is None and len(same) > 1 and re.search(r"\brespectively\b", answer[span.end_char : hi]):
        return None  # "grew 17% and 12% in 2024 and 2023, respectively": not two changes of one row
    if direction is None and joined and depth < 4:
        first = _change_reading(prev, spans, rows, depth + 1)
        if first is None:
            return None
        return first[0], key or first[1], window
    if direction is None:
        return None
    if key is None:
        start = max([lo] + [e for s, e in figures if e <= span.start_char])
        key = named_row_key(answer, start, lo, span.start_char, span.end_char, keys)
    return (direction, key, window) if key else None


def _change_result(
    judged: Tuple[str, str, Any, str], index: SourceIndex, answer: Optional[ClaimValue] = None
) -> Dict[str, Any]:
    """A change claim's result: ``statement``, the change in words, for the cross-encoder to read
    before the evidence; a nearest value the sources imply (computed from two cells) rather than
    write has ``nearest["derived"]``, its offsets covering both cells."""
    status, reason, change, statement = judged
    result = _result(status, reason, index, change.claim, answer)
    if change.derived and result.get("nearest"):
        result["nearest"] = dict(result["nearest"], derived=True, same_value=False)
    result["statement"] = statement
    return result


# "income" of "income tax expense" or "income taxes" is no gain: a statement prints them in brackets
_GAIN = re.compile(r"\b(?:income(?!\s+tax)|profits?|profitable|earnings|earned|gains?|surplus)\b", re.I)
_LOSS = re.compile(
    r"\b(?:loss(?:es)?|lost|deficit|negative|shortfall|outflows?|burn(?:ed)?|minus|declin\w*|decreas\w*|"
    r"fell|falls?|dropp?\w*|down|lower|reduc\w*|eas(?:ed|ing)|slipp?\w*|dipp?\w*|slid\w*|contract\w*|"
    r"shr[aiu]nk\w*|slump\w*|tumbl\w*|plung\w*|sank|sink\w*|retreat\w*|weaken\w*|worsen\w*|"
    r"deteriorat\w*|narrow\w*|expense|tax(?:es)?|used|spent|paid|repurchas\w*)\b",
    re.I,
)
_CLAUSE = re.compile(r"[,;:]|\b(?:but|while|whereas|although|though|and)\b", re.I)


# a percent said to grow: against a negative figure ("-6.6%", "(8)%"), the wrong way
_GROWTH = re.compile(
    r"\b(?:rose|rise[sn]?|rising|grew|grow[sn]?|growing|growth|increas\w*|up|expand\w*|gained|"
    r"climb\w*|jump\w*|higher|improv\w*)\b",
    re.I,
)


def _gain_for_a_loss(
    span: Span, result: Dict[str, Any], kind: str = "money", index: Optional[SourceIndex] = None
) -> Dict[str, Any]:
    """An amount or percent grounded by a negative source figure of its size ("-$1,234
    thousand" for "$1.2 million", "-6.6%" for "6.6%") is a mismatch when its clause calls the
    amount income, a profit or a gain, or the percent a rise or growth, and nothing there says
    loss or fall in its clause, and the figure is a table's or its sentence shares a word with the
    sentence's (else unsupported: a negative figure about something else); else ``result`` as it
    was. Only the source's figure is negative here; an amount said to rise is not held to it (cash
    used and capital spending are printed negative and said to rise)."""
    nearest = result.get("nearest") or {}
    if not isinstance(nearest.get("value"), (int, float)) or nearest["value"] >= 0:
        return result  # the answer's figure is the negative one ("growth was -3%"): its words are not read
    text = doc_text(span.doc)
    sent = sentence_of(span)
    before = _CLAUSE.split(text[max(sent.start_char, span.start_char - 60) : span.start_char])[-1]
    after = _CLAUSE.split(text[span.end_char : min(sent.end_char, span.end_char + 40)])[0]
    words = _GROWTH if kind == "percent" else _GAIN
    gain = words.search(before) or (words.search(after) if kind == "money" else None)
    if gain is None or _LOSS.search(before) or _LOSS.search(after):
        return result
    said = f"said to be {gain.group(0).lower()}" if kind == "money" else f"a rise ({gain.group(0)!r})"
    evidence = result.get("evidence") or {}
    in_table = index is not None and any(
        t.cells and t.source == evidence.get("source") and t.start == evidence.get("start") for t in index.sentences
    )
    if not in_table and not (content_words(sent.text) - content_words(span.text)) & content_words(
        evidence.get("text", "")
    ):
        # a negative figure of its size about something else ("a price index moved -8%"): no source states it
        return dict(
            result,
            status="unsupported",
            reason=f"no source states this value; only a negative figure of "
            f"its size, {nearest.get('text', '')!r}, about something else",
        )
    return dict(
        result,
        status="mismatch",
        reason=f"{said} where the sources give a negative figure, {nearest.get('text', '')!r}",
    )


def _sign_in_the_words(span: Span, value: ClaimValue, result: Dict[str, Any], index: SourceIndex) -> Dict[str, Any]:
    """A grounded amount or percent whose answer words call it the opposite of what the
    source's words call the very figure that grounds it (a loss for income, a fall for a rise;
    ``checks.signs``), or a negative figure ("-5%") grounded by one its source's words give no
    minus ("rose 5%"): a mismatch. Prose only: a table's and a record's signs are their cells'."""
    nearest, evidence = result.get("nearest") or {}, result.get("evidence") or {}
    if not isinstance(nearest.get("value"), (int, float)) or nearest["value"] < 0 or nearest.get("source") is None:
        return result
    at = _sentence_at(index).get((evidence.get("source"), evidence.get("start")))
    sent = index.sentences[at] if at is not None else None
    if sent is None or sent.cells or _RECORD_LINE.match(sent.text):
        return result
    source_before = clause_before(index.texts[nearest["source"]], nearest["start"])
    if value.value is not None and negative_for_positive(value.value, nearest["value"], source_before):
        return dict(
            result,
            status="mismatch",
            reason=f"a negative figure where the sources give {nearest['text']!r} with no fall or loss in their words",
            explained=True,
        )
    answer_before = clause_before(doc_text(span.doc), span.start_char)
    why = other_sense(answer_before, source_before, answer_negative=(value.value or 0) < 0)
    if why is None:
        return result
    return dict(result, status="mismatch", reason=f"{why} ({evidence.get('text', '')[:120]!r})", explained=True)


def _reversed_change(first: Span, second: Span, index: SourceIndex) -> Optional[Dict[str, Any]]:
    """A mismatch for the second figure of "from <a> to <b>" in the answer where the sources
    say "from <b> to <a>" of the two figures that ground them (the change the other way)."""
    a, b = first._.ground_numeric or {}, second._.ground_numeric or {}
    if a.get("status") != "grounded" or b.get("status") != "grounded":
        return None
    text = doc_text(second.doc)
    if not from_to(text, (first.start_char, first.end_char), (second.start_char, second.end_char)):
        return None
    na, nb = a.get("nearest") or {}, b.get("nearest") or {}
    if na.get("source") is None or na.get("source") != nb.get("source") or na.get("start") is None:
        return None
    source = index.texts[na["source"]]
    if not from_to(source, (nb["start"], nb["end"]), (na["start"], na["end"])):
        return None
    return dict(
        b,
        status="mismatch",
        reason=f"the sources give the change the other way: from {nb['text']!r} to {na['text']!r}",
        explained=True,
    )


def _result(
    status: str,
    reason: str,
    index: Optional[SourceIndex] = None,
    claim: Optional[SourceClaim] = None,
    answer: Optional[ClaimValue] = None,
) -> Dict[str, Any]:
    out: Dict[str, Any] = {"status": status, "reason": reason, "nearest": None, "evidence": None}
    if index is not None and claim is not None:
        sent = index.sentences[claim.sentence]
        out["nearest"] = {
            "text": claim.value.text,
            "kind": claim.value.kind,
            "value": claim.value.value,
            "iso": claim.value.iso,
            "source": claim.source,
            "start": claim.start,
            "end": claim.end,
        }
        out["evidence"] = {"source": sent.source, "start": sent.start, "end": sent.end, "text": sent.text}
        if answer is not None and status == "grounded":
            # the very value the source states, perhaps written differently ("9 pm" / "21:00")
            out["nearest"]["same_value"] = same_value(answer, claim.value)
    return out


def _same_head(value: ClaimValue, claim: SourceClaim, index: SourceIndex) -> bool:
    """ "three reviews" is not grounded by "3 stars": a counted noun must agree with a
    source value's unit (bare source numbers and prose counts are not held to it)."""
    if value.kind != "cardinal" or not value.head or claim.value.kind != "quantity":
        return True
    unit = claim.value.unit or ""
    return value.head == unit or value.head in index.sentences[claim.sentence].words


def _claims_by_value(index: SourceIndex) -> Dict[str, Dict[ClaimValue, List[Tuple[int, SourceClaim]]]]:
    """Source claims by kind, then by value, with their place in ``index.claims``: a value said
    a thousand times is compared once, and only with the kinds it can meet; once per index."""
    return index.memo("numeric.by_value", lambda: _group_by_value(index.claims))


def _group_by_value(claims: Sequence[SourceClaim]) -> Dict[str, Dict[ClaimValue, List[Tuple[int, SourceClaim]]]]:
    groups: Dict[str, Dict[ClaimValue, List[Tuple[int, SourceClaim]]]] = {}
    for pos, claim in enumerate(claims):
        groups.setdefault(claim.value.kind, {}).setdefault(claim.value, []).append((pos, claim))
    return groups


class MagnitudeIndex:
    """The distinct source values of one kind by their size (``compare.magnitude_spans``), in
    buckets 1 % wide: a value can equal only those whose spans meet its own, so an answer value
    is compared with the few of about its size (and the values of unbounded or wide spans)."""

    NARROW = 2.0  # spans wider than this ratio are compared with every value
    STEP = math.log(1.01)
    SLACK = 1e-6  # far above compare's tolerance (1e-9 of the values)

    def __init__(self, pool: Dict[ClaimValue, List[Tuple[int, SourceClaim]]]):
        self.pool = pool
        self.always: List[ClaimValue] = []
        self.buckets: Dict[int, List[ClaimValue]] = {}
        for v in pool:
            ranges = self._ranges(v)
            if ranges is None:
                self.always.append(v)
                continue
            for b in sorted({b for first, last in ranges for b in range(first, last + 1)}):
                self.buckets.setdefault(b, []).append(v)

    def _ranges(self, v: ClaimValue) -> Optional[List[Tuple[int, int]]]:
        spans = magnitude_spans(v)
        if spans is None or any(hi > self.NARROW * lo for lo, hi in spans):
            return None
        return [
            (
                math.floor(math.log(lo * (1 - self.SLACK)) / self.STEP),
                math.floor(math.log(hi * (1 + self.SLACK)) / self.STEP),
            )
            for lo, hi in spans
        ]

    def candidates(self, value: ClaimValue) -> Iterable[Tuple[ClaimValue, List[Tuple[int, SourceClaim]]]]:
        """The source values ``compare`` may find equal to ``value``, with their claims."""
        ranges = self._ranges(value)
        if ranges is None:
            return self.pool.items()
        found: Dict[ClaimValue, None] = dict.fromkeys(self.always)
        for first, last in ranges:
            for b in range(first, last + 1):
                found.update(dict.fromkeys(self.buckets.get(b, ())))
        return [(v, self.pool[v]) for v in found]


def _ranked(overlap: Sequence[float], alike: Iterable[int], min_overlap: float) -> List[int]:
    """The sentences of ``alike`` with at least ``min_overlap``, most alike first."""
    return sorted((i for i in alike if overlap[i] >= min_overlap), key=lambda i: (-overlap[i], i))


Pool = Dict[ClaimValue, List[Tuple[int, SourceClaim]]]


def _comparable_pools(value: ClaimValue, index: SourceIndex) -> List[Tuple[str, Pool]]:
    """The source values by kind, of the kinds ``compare`` can meet ``value`` with."""
    kinds = COMPARABLE_KINDS.get(value.kind)
    return [(kind, pool) for kind, pool in _claims_by_value(index).items() if kinds is None or kind in kinds]


def _may_equal(
    value: ClaimValue, index: SourceIndex, pools: List[Tuple[str, Pool]]
) -> Iterable[Tuple[ClaimValue, List[Tuple[int, SourceClaim]]]]:
    """The distinct source values (with their claims) of ``pools`` that ``compare`` may find
    equal to ``value``: by size for amounts, percents, quantities and counts
    (``MagnitudeIndex``), every one for dates and times."""
    for kind, pool in pools:
        if kind in MAGNITUDE_KINDS and value.kind in MAGNITUDE_KINDS:
            yield from index.memo(f"numeric.magnitudes:{kind}", lambda pool=pool: MagnitudeIndex(pool)).candidates(
                value
            )
        else:
            yield from pool.items()


def _postings(index: SourceIndex) -> Dict[str, List[int]]:
    """The source sentences each word is in, in order, once per index."""
    return index.memo("numeric.postings", lambda: _read_postings(index))


def _read_postings(index: SourceIndex) -> Dict[str, List[int]]:
    postings: Dict[str, List[int]] = {}
    for i, sent in enumerate(index.sentences):
        for word in sent.words:
            postings.setdefault(word, []).append(i)
    return postings


def _sentence_claims(index: SourceIndex) -> Dict[int, List[SourceClaim]]:
    """Source claims by sentence, computed once per (cached) index."""
    return index.memo("numeric.by_sentence", index.sentence_claims)


def _schedule(index: SourceIndex) -> Dict[int, List[SourceClaim]]:
    """Clock times the sources give per weekday (lines such as "hours.Monday: 9:0-17:0"), once per index."""
    return index.memo("numeric.schedule", lambda: _read_schedule(index))


def _read_schedule(index: SourceIndex) -> Dict[int, List[SourceClaim]]:
    by_sentence = _sentence_claims(index)
    schedule: Dict[int, List[SourceClaim]] = {}
    for i, sent in enumerate(index.sentences):
        times = [c for c in by_sentence.get(i, []) if c.value.kind == "time"]
        if not times:
            continue
        days = weekdays_in(sent.text)
        if len(days) == 1:
            schedule.setdefault(next(iter(days)), []).extend(times)
    return schedule


SAME_THING_KINDS = ("money", "percent", "quantity", "cardinal")  # held to what the source says them of
# rows a share or margin is of when the sentence names no other ("a gross margin of 43.7%": of revenue)
_DENOMINATOR_ROW = re.compile(r"^ (?:total )?(?:net )?(?:revenues?|sales|net sales|turnover) $")
# a basis other than the figures' own ("adjusted", "organic", "constant currency", "pro forma")
_OTHER_BASIS_WORDS = re.compile(
    r"\b(?:organic\w*|constant[-\s]currency|currency[-\s]neutral|fx[-\s]neutral|adjusted|non[-\s]?gaap|"
    r"like[-\s]for[-\s]like|same[-\s]store|comparable|pro[-\s]forma|excluding|cagr|compound\w*|annuali[sz]ed)\b",
    re.I,
)
MAX_SENTENCE_FIGURES = 12  # a sentence with more figures than this is a list: nothing is derived in it
_TOTAL_ROW = re.compile(r"^\W*totals?\W*$", re.I)  # a table's "Total" row: what a share is of
DERIVED_EVIDENCE = 2  # source sentences most like the claim's own whose figures may combine
_TO_BEFORE = re.compile(r"\b(?:to|reached|now)\s*(?:an?\s+)?(?:\w+\s+)?$", re.I)  # "to $478.1 million": the later
_FROM_BEFORE = re.compile(
    r"\b(?:from|versus|vs\.?|against|compared\s+with|compared\s+to)\s*(?:an?\s+)?(?:\w+\s+)?$", re.I
)
_CHANGE_SAID = re.compile(
    r"\b(?:chang\w*|growth|grew|rose|fell|increas\w*|decreas\w*|declin\w*|year[- ]over[- ]year|yoy|"
    r"sequential\w*|compared|versus|from)\b|\b(?:more|less|higher|lower|greater|smaller|above|below)\s+than\b",
    re.I,
)


def _unit_key(kind: str, unit: Optional[str], dimension: Optional[str]) -> Optional[str]:
    """What two values must share to add up: a currency, "%" or "pp", a dimension, or nothing (counts)."""
    if kind == "quantity":
        return dimension
    return None if kind == "cardinal" else unit


def _sentence_at(index: SourceIndex) -> Dict[Tuple[int, int], int]:
    return index.memo("numeric.sentence_at", lambda: {(s.source, s.start): i for i, s in enumerate(index.sentences)})


# the words that let a figure be a computation of one kind over the figures the sources state
_OPERATION_CUES = {
    "sum": re.compile(
        r"\b(?:total\w*|combined|together|altogether|in\s+all|sum|aggregate\w*|overall|cumulative\w*|"
        r"through|across|over)\b",
        re.I,
    ),
    "average": re.compile(r"\b(?:averag\w*|mean|per\s+(?:year|quarter|month)|an?\s+(?:year|quarter|month))\b", re.I),
    "difference": re.compile(
        r"\b(?:differ\w*|more|less|higher|lower|gap|than|by|net|after|remain\w*|left|exceed\w*|short\w*|"
        r"widen\w*|narrow\w*|capital|free)\b",
        re.I,
    ),
    "per_unit": re.compile(r"\b(?:per|each|apiece|a\s+share|an?\s+unit)\b", re.I),
    "ratio": re.compile(r"\b(?:times|ratio|multiple|cover\w*)\b", re.I),
}
_STATED_DIFFERENCE = re.compile(r"\b(?:less|minus|net\s+of|after|deducting|excluding)\b", re.I)


def said_operations(text: str, stated: bool = False, change: bool = False) -> Tuple[str, ...]:
    """The operations a figure of this sentence may be derived by: a share, a growth rate
    (where a change is said) and a change in points always; a sum, a difference, an average,
    an amount per unit or a ratio where the sentence's words say so, or (a sum or a difference)
    where it states the figures it computes from (then "less", "net of" make it a difference)."""
    ops = ["percentage", "point_change"] + (["growth"] if change else [])
    for op, cue in _OPERATION_CUES.items():
        if cue.search(text):
            ops.append(op)
    if stated:
        ops += ["difference"] if _STATED_DIFFERENCE.search(text) else ["sum", "difference"]
        if _STATED_DIFFERENCE.search(text) and "sum" in ops and not _OPERATION_CUES["sum"].search(text):
            ops.remove("sum")
    elif change:
        ops.append("difference")
    return tuple(dict.fromkeys(ops))


_RATIO_AFTER = re.compile(r"\s*(?:times|x)\b", re.I)  # "0.54 times stockholders' equity"


_NAMED_OPERATION = {  # the words that say which computation a sentence states
    "percentage": re.compile(
        r"\b(?:margin|share|of\s+(?:total|revenue|sales|net|operating|assets)|accounted|made\s+up)\b", re.I
    ),
    "ratio": _OPERATION_CUES["ratio"],
    "sum": re.compile(r"\b(?:total\w*|combined|together|sum|plus)\b", re.I),
    "difference": re.compile(r"\b(?:less|minus|net\s+of)\b", re.I),
    "per_unit": re.compile(r"\b(?:per|each)\b", re.I),
}


def _not_what_they_give(
    span: Span,
    value: ClaimValue,
    kind: str,
    unit: Optional[str],
    operands: Sequence[Operand],
    text: str,
    only: Optional[str],
    direction: Optional[str],
    change: bool,
) -> Optional[Dict[str, Any]]:
    """A mismatch for a figure no source states whose sentence states the figures it is computed
    from and names the computation ("a margin of 40.6% (gross profit of $21.1 million on revenue
    of $48.2 million)"), where that computation over them gives another value; else None."""
    if only != "answer" or unit == "pp":
        return None
    ops = [op for op, cue in _NAMED_OPERATION.items() if cue.search(text)]
    if kind == "percent":
        ops = [op for op in ops if op == "percentage"]
    elif kind == "cardinal":
        ops = [op for op in ops if op == "ratio"]
    else:
        ops = [op for op in ops if op in ("sum", "difference", "per_unit")]
    if len(ops) != 1 or not value.value:
        return None
    stated = [o for o in operands if o.groups == ("answer",)]
    found = derived_nearest(kind, unit, value.value, stated, ops, direction, change)
    if found is None:
        return None
    return _result(
        "mismatch",
        f"the figures this sentence gives do not give it: {found.formula} is "
        f"{found.result:,.4g}{'%' if kind == 'percent' else ''} ({found.operation.replace('_', ' ')})",
    ) | {"explained": True}


def _combines(o: Operand, kind: str, unit: Optional[str]) -> bool:
    """Whether an operand the sentence states can be one a figure of ``kind`` / ``unit`` is
    computed from: two percents for a change in points; amounts for a share, a rate or a ratio;
    an amount of the figure's own unit (or a count under it) for a sum, difference or per-unit value."""
    if unit == "pp":
        return o.kind == "percent" and o.unit == "%"
    if kind in ("percent", "cardinal"):
        return o.kind in ("money", "quantity", "cardinal") and o.unit not in ("duration",)
    return (o.kind == kind and o.unit == unit) or o.kind == "cardinal"


def _derivable(result: Dict[str, Any], span: Optional[Span] = None) -> bool:
    """Whether a figure's result leaves room for a computation: no source states it, or only the
    closest evidence holds another value (not a named table cell, a stated change, a record),
    or a table cell is held against a ratio ("0.54 times equity": no cell's level)."""
    if result["status"] == "unsupported":
        return True
    if result["status"] != "mismatch":
        return False
    if result["reason"].startswith("the closest evidence says"):
        return True
    text = doc_text(span.doc) if span is not None else ""
    return span is not None and bool(_RATIO_AFTER.match(text, span.end_char))


def _margins(operands: Sequence[Operand]) -> List[Operand]:
    """The share of the revenue row each named row's cell makes in its column, per row (each
    row's shares a group), for changes in percentage points of margins no source states."""
    rows: Dict[str, List[Operand]] = {}
    for o in operands:
        for g in o.groups:
            if g.startswith("row "):
                rows.setdefault(g, []).append(o)
    columns = {g for o in operands for g in o.groups if g.startswith("column ")}
    dens = [g for g, cells in rows.items() if any(_DENOMINATOR_ROW.match(_phrase(c.name.split(",")[0])) for c in cells)]
    out: List[Operand] = []
    for g, cells in rows.items():
        if g in dens:
            continue
        for num in cells:
            col = next((c for c in num.groups if c in columns), None)
            # of the revenue cells of its column in its kind and unit, the one read at its scale
            den = min(
                (
                    d
                    for dg in dens
                    for d in rows[dg]
                    if col in d.groups and d.kind == num.kind and d.unit == num.unit and abs(d.value) >= abs(num.value)
                ),
                key=lambda d: abs(d.value),
                default=None,
            )
            if col is None or den is None or not den.value:
                continue
            share = 100 * abs(num.value) / abs(den.value)
            out.append(
                Operand(
                    share,
                    "percent",
                    "%",
                    f"{share:.4g}% ({num.text} / {den.text})",
                    num.name,
                    (f"margins {g}",),
                    num.ref,
                    num.when,
                )
            )
    return out


def derived_check(
    span: Span, spans: Sequence[Span], index: SourceIndex, ranked: Sequence[int] = ()
) -> Optional[Dict[str, Any]]:  # ``spans``: the claims of the answer (or of its sentence)
    """A figure no source states grounded as derived (``checks.derived``): computed from the
    figures its own sentence states that the sources ground, from the cells of the table rows
    the sentence names (under the periods it names; with the revenue row for a share or a
    margin), or from the ``DERIVED_EVIDENCE`` source sentences most like it (and those that
    ground the sentence's other figures); the reason gives the formula. None when nothing gives it."""
    claim = span._.claim or {}
    value = ClaimValue.from_dict(claim) if claim else None
    if value is None or value.low is None or value.is_range or not value.normalisable:
        return None
    if len(spans) > MAX_SENTENCE_FIGURES:
        return None  # a list of figures, no sentence that computes one
    answer = doc_text(span.doc)
    sent = sentence_of(span)
    if _OTHER_BASIS_WORDS.search(answer[sent.start_char : sent.end_char]):
        return None  # "adjusted", "organic", "constant currency": another basis than the figures'
    by_sentence = _sentence_claims(index)
    operands: List[Operand] = []
    sources: List[int] = list(ranked[:DERIVED_EVIDENCE])
    at = _sentence_at(index)
    # 1. the figures the sentence states that the sources ground (at the sources' precision)
    for other in spans:
        if other is span or not sent.start_char <= other.start_char < sent.end_char:
            continue
        got, c = other._.ground_numeric or {}, other._.claim or {}
        if got.get("status") != "grounded" or c.get("kind") not in SAME_THING_KINDS:
            continue
        said = ClaimValue.from_dict(c)
        if said.value is None or said.low is None or said.high is None or said.is_range or said.approx:
            continue
        x = (got.get("nearest") or {}).get("value")
        if not isinstance(x, (int, float)) or said.approx or not said.low <= abs(x) <= said.high:
            x = said.value  # the source's own figure, where it is the same at the sentence's precision
        x = abs(x)  # as the sentence says it: its words give the sign
        if got.get("derived"):
            x = got["derived"]["result"]
        before = answer[max(sent.start_char, other.start_char - 12) : other.start_char]
        when = 1.0 if _TO_BEFORE.search(before) else 0.0 if _FROM_BEFORE.search(before) else None
        operands.append(
            Operand(
                float(x),
                said.kind,
                _unit_key(said.kind, said.unit, said.dimension),
                other.text,
                "",
                ("answer",),
                None,
                when,
            )
        )
        evidence = got.get("evidence") or {}
        j = at.get((evidence.get("source"), evidence.get("start")))
        if j is not None and j not in sources:
            sources.append(j)
    # 2. the cells of the table rows the sentence names, under the periods it names (every period
    #    for a change: "to 42.5% from 39.8% a year earlier")
    text = answer[sent.start_char : sent.end_char]
    change_said = bool(_CHANGE_SAID.search(text))
    rows = table_rows(index)
    if rows:
        phrase = _phrase(answer[sent.start_char : sent.end_char])
        named = [r for r in rows if any(k in phrase for k in r.keys)]
        if not named:  # rows whose label shares a word with the sentence ("Net PP&E": "PP&E, gross")
            words = content_words(answer[sent.start_char : sent.end_char])
            named = [r for r in rows if r.key and content_words(r.label) & words]
        if value.kind == "percent":
            tables = {r.table for r in named}
            named += [
                r
                for r in rows
                if r.table in tables
                and r not in named
                and (any(_DENOMINATOR_ROW.match(k) for k in r.keys) or _TOTAL_ROW.match(r.label))
            ]
        anchors = [
            ClaimValue.from_dict(o._.claim)
            for o in spans
            if sent.start_char <= o.start_char < sent.end_char and (o._.claim or {}).get("kind") in ANCHOR_KINDS
        ]
        for row in named[:6]:
            cells = [
                (cell, names)
                for cell, names, _ in row.cells
                if not change_said
                and any(compare(a, v).result == EQUAL for a in anchors for v in names if a.normalisable)
            ] or [(cell, names) for cell, names, _ in row.cells]  # a change, no period named, or none of the table's
            for cell, names in cells[:6]:
                dated = {v.value for v in names if v.kind == "date" and v.value is not None}
                when = next(iter(dated)) if len(dated) == 1 else None
                for c in by_sentence.get(row.sentence, []):
                    if (
                        cell.start <= c.start
                        and c.end <= cell.end
                        and c.value.value is not None
                        and c.value.kind in SAME_THING_KINDS
                        and not c.value.approx
                    ):
                        operands.append(
                            Operand(
                                float(c.value.value),
                                c.value.kind,
                                _unit_key(c.value.kind, c.value.unit, c.value.dimension),
                                c.value.text,
                                f"{row.label.strip()}, {cell.column.strip()}".strip(", "),
                                (f"row {row.sentence}", f"column {row.table} {cell.column}"),
                                c,
                                when,
                            )
                        )
    # 3. the figures of the source sentences most like the claim's, each sentence a group (and the
    #    closest ones together: "Segment A made $400 million. Segment B made $500 million.")
    for j in sources:
        if index.sentences[j].cells:
            continue
        groups = (f"sentence {j}", "evidence") if j in ranked[:DERIVED_EVIDENCE] else (f"sentence {j}",)
        for c in by_sentence.get(j, []):
            if c.value.value is None or c.value.kind not in SAME_THING_KINDS or c.value.is_range or c.value.approx:
                continue
            words = sorted(_source_own_words(index, c))[:4]
            operands.append(
                Operand(
                    float(c.value.value),
                    c.value.kind,
                    _unit_key(c.value.kind, c.value.unit, c.value.dimension),
                    c.value.text,
                    " ".join(words),
                    groups,
                    c,
                )
            )
    kind, unit = value.kind, _unit_key(value.kind, value.unit, value.dimension)
    if kind == "percent" or (kind == "cardinal" and value.head in ("point", "pp")):
        kind, unit = "percent", "pp" if value.unit == "pp" or kind == "cardinal" else "%"
    # at the figure's stated precision, whatever "about" says
    step = value.precision if value.precision and value.precision > 0 else 0.0
    low, high = value.value - step / 2, value.value + step / 2
    way = change_direction(answer[sent.start_char : span.start_char], answer[span.end_char : sent.end_char])
    direction = DERIVED_RISE if way in (RISE, IMPROVE) else DERIVED_FALL if way in (FALL, WORSEN) else None
    change = direction is not None or change_said
    if unit == "pp":  # a change in points of a margin or a share no sentence states: each period's, per row
        operands += _margins(operands)
    # a sentence that states what it computes from ("$13.5 million ($22.3 million less $8.7
    # million)") is held to those figures
    stated = [o for o in operands if o.groups == ("answer",) and _combines(o, kind, unit)]
    only = "answer" if len(stated) >= 2 else None
    small = value.kind in ("cardinal", "quantity") and step >= 1 and abs(value.value) < 10
    if small and only is None:
        return None  # a small count ("3 goals") is too easily a sum of the sources' small numbers by chance
    found = derive(
        kind,
        unit,
        low,
        high,
        operands,
        operations=said_operations(text, stated=only is not None and not small, change=change),
        direction=direction,
        change=change,
        only=only,
    )
    if found is None:
        return _not_what_they_give(span, value, kind, unit, operands, text, only, direction, change)
    if found.conflict is not None:
        said = "a rise" if direction == DERIVED_RISE else "a fall"
        where = next((o.ref for o in found.operands if isinstance(o.ref, SourceClaim)), None)
        return _result(
            "mismatch",
            f"{said}, where the figures it is computed from show "
            f"{'a rise' if found.conflict == DERIVED_RISE else 'a fall'}: {describe(span.text, found)}",
            index if where else None,
            where,
        ) | {"explained": True}
    where = next((o.ref for o in found.operands if isinstance(o.ref, SourceClaim)), None)
    out = _result("grounded", describe(span.text, found), index if where else None, where)
    if out.get("nearest"):
        out["nearest"]["same_value"] = False
    # what the computation says, for the cross-encoder to read before the evidence (as a change's statement)
    of = " and ".join(f"{o.name} ({o.text})" if o.name else o.text for o in found.operands)
    out["statement"] = f"From {of}, the {found.operation.replace('_', ' ')} is {span.text}."
    out["derived"] = {
        "operation": found.operation,
        "formula": f"{span.text} = {found.formula}",
        "result": found.result,
        "operands": [
            {
                "text": o.text,
                "of": o.name,
                "source": o.ref.source if isinstance(o.ref, SourceClaim) else None,
                "start": o.ref.start if isinstance(o.ref, SourceClaim) else None,
                "end": o.ref.end if isinstance(o.ref, SourceClaim) else None,
            }
            for o in found.operands
        ],
    }
    return out


def _source_own_words(index: SourceIndex, claim: SourceClaim) -> frozenset:
    """The words a source value is said with: its table row's label and its column's name, or
    its clause (``same_thing.own_words``, cut at the other values of its sentence); once per claim."""
    memo: Dict[Tuple[int, int, int], frozenset] = index.memo("numeric.own_words", dict)
    key = (claim.source, claim.start, claim.end)
    if key not in memo:
        sent = index.sentences[claim.sentence]
        text = index.texts[claim.source]
        if sent.cells:
            cell = next((c for c in sent.cells if c.start <= claim.start < c.end), None)
            label = sent.cells[0].text or text[sent.cells[0].start : sent.cells[0].end]
            memo[key] = content_words(f"{label} {cell.column if cell is not None else ''}")
        else:
            others = [(c.start, c.end) for c in _sentence_claims(index).get(claim.sentence, []) if c is not claim]
            words = own_words(text, claim.start, claim.end, others)
            line = _RECORD_LINE.match(sent.text)
            memo[key] = words | content_words(line.group(0)) if line else words  # a record's key says what it is of
    return memo[key]


# a record key that names no measure: an identifier, a time stamp, an address or a phone number
_NOT_A_MEASURE_KEY = re.compile(
    r"(?:^|[._\[\]-])(?:id|ids|uuid|timestamp|ts|code|zip|zipcode|postcode|postal_code|phone|address|url|"
    r"lat|lon|lng|latitude|longitude)(?=$|[._\[\]:-])",
    re.I,
)
_SCALE_BEFORE = re.compile(r"(?:\bout\s+of|/)\s*$", re.I)


def _not_a_measure(index: SourceIndex, claim: SourceClaim) -> bool:
    """A source value that cannot be what an answer's figure was said of: under a record key
    that names an identifier, a time stamp or an address, or a scale ("out of 5", "/10")."""
    sent = index.sentences[claim.sentence]
    line = _RECORD_LINE.match(sent.text)
    if line and _NOT_A_MEASURE_KEY.search(line.group(0).rstrip(":")):
        return True
    text = index.texts[claim.source]
    return bool(_SCALE_BEFORE.search(text[max(0, claim.start - 10) : claim.start]))


_RECORD_LINE = re.compile(r"^[A-Za-z_][\w.\[\]-]{0,80}:(?=\s|$)")


def _listed(index: SourceIndex, claim: SourceClaim) -> bool:
    """Whether a source value stands in a table cell or a record's "key: value" line, whose
    other lines say what it is of (a business's name, a phone's model)."""
    sent = index.sentences[claim.sentence]
    return bool(sent.cells) or (len(sent.text) <= 100 and bool(_RECORD_LINE.match(sent.text)))


def _value_words(value: ClaimValue) -> frozenset:
    """The words of a value's own unit or counted noun ("stars", "acres"): part of the value, not of what it is said of."""
    return content_words(" ".join(x for x in (value.unit, value.head) if x))


COMMON_OWN_WORD = 100  # a word said with more source values than this tells none apart


def _own_word_postings(index: SourceIndex) -> Dict[str, List[int]]:
    """The source values (their place in ``index.claims``) each word is said with
    (``_source_own_words``), of the kinds the same-thing rule reads; once per index."""

    def read() -> Dict[str, List[int]]:
        out: Dict[str, List[int]] = {}
        for pos, claim in enumerate(index.claims):
            if claim.value.kind not in SAME_THING_KINDS or claim.value.note == COLUMN_DATE:
                continue
            if _not_a_measure(index, claim):
                continue
            for word in _source_own_words(index, claim) - _value_words(claim.value):
                out.setdefault(word, []).append(pos)
        return out

    return index.memo("numeric.own_word_postings", read)


def _names_the_cell(index: SourceIndex, claim: SourceClaim, own: frozenset) -> bool:
    """Whether an answer's words name every word of a table cell's row label or of its column."""
    sent = index.sentences[claim.sentence]
    cell = next((c for c in sent.cells if c.start <= claim.start < c.end), None)
    label = sent.cells[0].text or index.texts[claim.source][sent.cells[0].start : sent.cells[0].end]
    parts = [content_words(label), content_words(cell.column) if cell is not None else frozenset()]
    return any(words and words <= own for words in parts)


def _said_of_other(
    value: ClaimValue, own: frozenset, equal: Sequence[SourceClaim], index: SourceIndex, limit: int = 30
) -> Optional[Dict[str, Any]]:
    """A mismatch when the sources state ``value`` only of other things while they give another
    value with the answer's own words for it (``same_thing.said_of_other``), else None. Only the
    ``limit`` source values that share most of those words are compared."""
    if all(_not_a_measure(index, c) for c in equal):
        return None  # a street number, an identifier: no measure of anything
    own = own - _value_words(value)
    shared: Dict[int, int] = {}  # source claims (their place in index.claims) by how many of the words they share
    for word in own:
        places = _own_word_postings(index).get(word, ())
        if len(places) <= COMMON_OWN_WORD:  # a word most values share tells none apart
            for pos in places:
                shared[pos] = shared.get(pos, 0) + 1
    differing: List[Tuple[frozenset, SourceClaim]] = []
    for pos in sorted(shared, key=lambda p: (-shared[p], p))[:limit]:
        claim = index.claims[pos]
        if value.kind == "cardinal" and value.head and claim.value.head and claim.value.head != value.head:
            continue
        words = _source_own_words(index, claim) - _value_words(claim.value)
        if index.sentences[claim.sentence].cells and not _names_the_cell(index, claim, own):
            continue  # a table's value is another thing's only where the sentence names its row or column
        if compare(value, claim.value).result == DIFFERS:
            differing.append((words, claim))

    def around(c: SourceClaim) -> frozenset:  # an equal value's words, generously: its whole sentence in prose
        if _listed(index, c):
            return _source_own_words(index, c)
        return _source_own_words(index, c) | index.sentences[c.sentence].words

    equal_words = [around(c) for c in equal]
    found = said_of_other(own, equal_words, [d for d in differing if not _listed(index, d[1])])
    if found is None:  # a record's key or a table's row and column need share only one word
        found = said_of_other(own, equal_words, [d for d in differing if _listed(index, d[1])], min_shared=1)
    if found is None:
        return None
    claim, shared = found
    assert isinstance(claim, SourceClaim)
    own_equal = max((_source_own_words(index, c) for c in equal), key=len, default=frozenset())
    of_what = f" (of {', '.join(sorted(own_equal)[:4])})" if own_equal else ""
    reason = (
        f"the sources give {claim.value.text!r} for what this sentence names ({', '.join(sorted(shared))}); "
        f"they state {value.text!r} only of something else{of_what}"
    )
    return dict(_result("mismatch", reason, index, claim), explained=True)


def _labelled_number_differs(value: ClaimValue, claim: SourceClaim, index: SourceIndex) -> bool:
    """A bare source number whose line names the answer's unit ("business_stars: 4.0"
    against "4.5 stars") refutes a different value."""
    src = claim.value
    if src.kind != "cardinal" or src.head or src.approx or src.is_range or src.number is None:
        return False
    if value.kind not in ("quantity", "cardinal") or value.number is None:
        return False
    word = value.unit if value.kind == "quantity" else value.head
    if not word or word not in index.sentences[claim.sentence].words:
        return False
    return abs(value.number - src.number) > min(value.number_step or 1.0, src.number_step or 1.0) / 2
