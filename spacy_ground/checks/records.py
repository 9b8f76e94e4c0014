"""Facts stated about a structured record: "offers outdoor seating" against
``attributes.OutdoorSeating: false``. Pure functions; the term table is data
(``record_terms.json`` in the package, or any table passed in).

A term names a record path. A mention is *positive* ("has free WiFi") or
*negative* ("does not take reservations", "no parking"); it is compared with the
record's value at that path:

- ``grounded``: the record agrees;
- ``conflict``: the record says the opposite (``OutdoorSeating: false`` and the
  answer offers outdoor seating);
- ``unsupported``: the record has no value there (missing, ``null``), so the answer
  states something the source does not say.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

from spacy_ground.sources.readers import clean_text, json_record

DEFAULT_TERMS = Path(__file__).parent.parent / "lexicon" / "record_terms.json"

# ("\b\w+n't": a word that ends in "n't" is read from its start only; "\w+n't" was tried again
# from each letter of a long word, quadratic in its length)
_NEGATION = re.compile(
    r"\b(?:no|not|never|without|lacks?|lacking|absence\s+of|neither|nor|none|cannot|rather\s+than|"
    r"instead\s+of)\b"
    r"|\b\w+n['’]t\b",
    re.I,
)
# a negation that scopes over a whole list of objects ("does not offer A, B, and C"), unlike
# the determiner "no" ("No WiFi, great food, and outdoor seating")
_VERBAL = re.compile(r"\b(?:not|never|without|lacks?|lacking|absence\s+of|cannot)\b|\b\w+n['’]t\b", re.I)
# what a negated "is/are" must deny for the term itself to be denied: "WiFi is not available",
# "reservations are not accepted", or the clause ends ("garage parking is not."); "the parking
# lot is not particularly scenic" and "valet services are not expensive" deny something else
_DENIED = (
    r"(?:(?:currently|always|usually|generally|really|actually)\s+)?"
    r"(?:available|offered|provided|accepted|allowed|included|possible|permitted|supported|present|"
    r"an\s+option|on\s+offer)\b"
)
_CLAUSE_END = r"(?=\s*(?:[.;:!?)]|$|\b(?:and|but|or|either|here|there|anymore)\b))"
# "not only", "can't go wrong with", "don't miss", "no shortage of": a negation word that
# denies nothing (left out before looking for a negation)
_NOT_NEGATING = re.compile(
    r"(?:\bnot|\b\w+n['’]t)\s+(?:only|just|merely)\b|\bnot\s+(?:to\s+mention|surprisingly)\b"
    r"|\b(?:can['’]?t|cannot)\s+go\s+wrong\b"
    r"|\b(?:don['’]t|do\s+not)\s+(?:miss|forget|hesitate)\b"
    r"|\bno\s+(?:doubt|wonder|matter|shortage|lack|problem|need\s+to\s+worry)\b",
    re.I,
)
# a mention that neither states nor denies the thing: "not sure about WiFi", "reservations are
# not required" (walk-ins welcome, bookings maybe taken): no fact at all
_HEDGE_BEFORE = re.compile(
    r"\b(?:not\s+sure|unsure|unclear|(?:don['’]t|do\s+not)\s+know)\s+(?:about|if|whether)\b"
    r"(?:(?!\bbut\b)[^.;,])*$"
    r"|\b(?:(?:don['’]t|do\s+not|won['’]t|will\s+not)\s+need|no\s+need\s+(?:for|to\s+(?:make|book)))"
    r"\s+(?:an?\s+|any\s+)?$",
    re.I,
)
_HEDGE_AFTER = re.compile(
    r"^(?:\s+(?:services?|options?))?\s*(?:is|are)(?:\s+not|n['’]t)\s+"
    r"(?:required|necessary|needed|mandatory|a\s+must)\b",
    re.I,
)
# "parking is limited", "parking options do not include a garage, ..." (for the paths in the term
# table's ``_scarce_states_nothing``): some parking, or none nearby? Not a fact either way;
# "outdoor seating is limited" says there is some
_SCARCE_AFTER = re.compile(
    r"^(?:\s+(?:options?|spaces?|spots?))?\s*(?:is|are|can\s+be|may\s+be)\s+(?:(?:very|quite|rather|somewhat|"
    r"pretty|a\s+bit|often)\s+)?(?:limited|scarce|tight|hard\s+to\s+(?:find|get))\b"
    r"|^(?:\s+options?)?\s+(?:do|does)(?:\s+not|n['’]t)\s+include\b",
    re.I,
)
# "reservations are not accepted", "WiFi isn't available": a negation right after the term;
# ``verb`` tells a plural ("are"), which may deny a whole list before it
_NEGATED_AFTER = re.compile(
    r"^(?:\s+(?:services?|options?|facilities|parking|seating|access)){0,2}\s*"
    r"(?P<verb>is|are|was|were|has|have)(?:\s+(?:also|still|currently|unfortunately|sadly))?"
    r"(?:\s+(?:not|never)\b|n['’]t\b)"
    rf"(?:\s+(?:been\s+)?{_DENIED}|{_CLAUSE_END})"
    rf"|^\s*(?P<verb2>is|are)\s+unavailable\b",
    re.I,
)
# a label at the start of a line of an attribute list ("* WiFi: Not available", "- **Takeout:** Yes",
# "* Business Parking: No validated parking, ..."; up to two words before the term):
# what comes before it on its line, the colon after it, and a bare yes or no as its value
# (each run of blanks is read by one [ \t]* only: three adjacent ones around optional marks
# tried every split of a long run, cubic in its length)
_LABEL_LEAD = re.compile(
    r"^[ \t]*(?:(?:[-*•+]|\d{1,2}[.)])[ \t]*)?(?:(?:\*\*|__)[ \t]*)?"
    r"(?:(?!(?:no|not|never|without)\b)[A-Za-z][\w-]*[ \t]+){0,2}$",
    re.I,
)
_LABEL_COLON = re.compile(
    r"^(?:[ \t]+(?:services?|options?|availability))?[ \t]*(?:\*\*|__)?[ \t]*:[ \t]*(?:\*\*|__)?[ \t]*"
)
_VALUE_END = r"[ \t]*(?:[.,;!(\-–—]|$)"
_LABEL_NO = re.compile(
    rf"(?:no|none|unavailable|false|n/a|not\s+(?:available|offered|provided|accepted|allowed)){_VALUE_END}", re.I | re.M
)
_LABEL_YES = re.compile(
    rf"(?:yes|available|offered|provided|accepted|true|free|paid)(?:[ \t]+for[ \t]+free)?{_VALUE_END}", re.I | re.M
)
_PLURAL = {"are", "were", "have"}
# What may stand between two items of one list: "outdoor seating or WiFi", "WiFi, outdoor
# seating, or reservations", "garage, street, validated, or valet parking" (items that are no
# term of their own between), "parking validation, WiFi services, and reservations" (a head
# noun after a term); after "or" any word or two ("or offer takeout", "or indoor WiFi").
_MODIFIERS = r"(?:(?:a|an|any|the|free|paid|dedicated|private|on-?site)\s+)*"
# a word that may be a list item of its own between two terms: not an aside ("takeout,
# though, and outdoor seating", "unfortunately", "weirdly enough")
_ASIDE = r"(?:though|however|too|also|instead|indeed|still|then|sadly|alas|[\w-]+ly(?:\s+enough)?)"
_ITEM = r"[\w-]+"
_LIST_GAP = re.compile(
    r"(?:\s+(?:services?|options?|facilities|availability))?"
    rf"(?:\s*,\s*{_ASIDE}(?=\s*,\s*(?:or|nor|and)\b))?"
    rf"(?P<items>(?:\s*,\s*(?!{_ASIDE}\s*,){_ITEM}(?:\s+{_ITEM})?(?=\s*,))*)\s*(?P<comma>,\s*)?"
    rf"(?P<last>(?<=,\s)(?!(?:{_ASIDE}|and|or|nor)\b){_ITEM}\s+(?=(?:or|nor)\b))?"
    r"(?:(?P<or>(?:or|nor)\s+)(?:(?:offer|have|provide|accept|take|allow|serve|feature|include)s?\s+)?"
    rf"(?:{_MODIFIERS}|[\w-]+\s+)|(?P<and>and\s+)?{_MODIFIERS})",
    re.I,
)
# a negation that takes a noun phrase ("the lack of reservation and take-out services",
# "without WiFi and parking"): it covers two items joined by "and" when the second ends the
# phrase ("without reservations and WiFi lets you work" is two clauses), or the phrase opens
# its sentence, so its verb comes after ("The lack of WiFi and parking is a downside")
_NOMINAL_NEGATION = re.compile(r"\b(?:lack\s+of|absence\s+of|without)\s+(?:[\w-]+\s+){0,2}$", re.I)
_VERB_NEGATION = re.compile(r"(?:\b(?:not|never|cannot)\b|\w+n['’]t\b)\s+(?:[\w-]+\s+){1,2}$", re.I)
_NOMINAL_SUBJECT = re.compile(
    r"(?:^|[.!?]\s+|\n)\s*(?:the|its|their|this|that|a)\s+(?:lack|absence)\s+of\s+"
    r"(?:[\w-]+\s+){0,2}$",
    re.I,
)
_PHRASE_END = re.compile(
    r"^(?:\s+(?:services?|options?|facilities|parking|seating|access)){0,2}"
    rf"(?:\s*(?:[.;:!?)]|,(?!(?:\s*{_ASIDE}\s*,)?\s*(?:is|are|was|were|remains?|comes?)\b)|$)"
    r"|\s+(?:and|or|nor|but)\b)",
    re.I,
)
# the mention is the subject of its own clause when a verb follows after an aside ("doesn't take
# reservations and WiFi, however, is free": WiFi is not denied)
# a list whose first items are no term: "does not provide street, garage, ..." (before
# "garage"): a verb's negation, the verb, then short items with commas
_LIST_HEAD = re.compile(r"(?:\b(?:not|never|cannot)\b|\w+n['’]t\b)\s+[\w-]+\s+(?:[\w-]+\s*,\s*){1,3}$", re.I)
# clause boundaries: sentence ends (a full stop before a space, not a decimal point), semicolons,
# commas, "and", contrastive conjunctions and "except" ("no parking except valet": valet is not denied)
_CLAUSE = re.compile(r"[.!?](?=\s|$)|[;\n,]|\b(?:and|but|while|although|though|however|whereas|yet|except)\b", re.I)
_WORDS_BEFORE = 4  # how far back a negation may stand ("does not offer free outdoor seating")
_TRUE = {"true", "yes", "free", "paid", "1", "full_bar", "beer_and_wine", "available"}
_FALSE = {"false", "no", "none", "0", "0.0"}


@lru_cache(maxsize=8)
def _table(path: Optional[str] = None) -> Dict[str, Any]:
    """The term table (``record_terms.json`` or the file at ``path``), read once."""
    return json.loads(Path(path or DEFAULT_TERMS).read_text(encoding="utf8"))


@lru_cache(maxsize=8)
def load_terms(path: Optional[str] = None) -> Tuple[Tuple[str, "re.Pattern[str]"], ...]:
    """The term table as (record path, compiled pattern) pairs, longest phrases first."""
    table = _table(path)
    not_before = table.get("_not_before")
    not_before = not_before if isinstance(not_before, dict) else {}
    not_after = table.get("_not_after")
    not_after = not_after if isinstance(not_after, dict) else {}
    out = []
    for rec_path, phrases in table.items():
        if rec_path.startswith("_"):
            continue
        alts = "|".join(re.escape(p).replace(r"\ ", r"[\s-]+") for p in sorted(phrases, key=len, reverse=True))
        # words that make the phrase name something else ("garage door services"), on the same line
        after = not_before.get(rec_path)
        words = "|".join(re.escape(w) for w in (after if isinstance(after, list) else []) if isinstance(w, str))
        tail = rf"(?!(?:[ \t]+|[ \t]*-[ \t]*)(?:{words})\b)" if words else ""
        # words that, right before the phrase, make it name something else ("group reservations")
        before = not_after.get(rec_path)
        lead = "".join(
            rf"(?<!\b{re.escape(w)}{sep})"
            for w in (before if isinstance(before, list) else [])
            if isinstance(w, str)
            for sep in (" ", "-")
        )
        out.append((rec_path, re.compile(rf"{lead}\b(?:{alts})\b{tail}", re.I)))
    return tuple(out)


@lru_cache(maxsize=8)
def load_table_list(path: Optional[str], key: str) -> frozenset:
    """A list kept under ``key`` in the term table (e.g. ``_scarce_states_nothing``), as a set."""
    value = _table(path).get(key)
    return frozenset(str(x) for x in value) if isinstance(value, list) else frozenset()


@lru_cache(maxsize=8)
def load_needs_before(path: Optional[str] = None) -> Dict[str, Tuple[str, ...]]:
    """Record path -> word stems one of which a phrase must hold, or find earlier in its
    sentence, to state that path (the table's ``_needs_before``: "in a lot" is lot parking
    only after "park..." as in "customers can park in a lot")."""
    needs = _table(path).get("_needs_before") or {}
    return {str(k): tuple(str(x).lower() for x in v) for k, v in needs.items() if isinstance(v, list)}


def _has_word_before(answer: str, start: int, end: int, stems: Sequence[str]) -> bool:
    """Whether answer[start:end], or its sentence up to 80 characters before it, holds a word
    that starts with one of ``stems``."""
    left = max(0, start - 80)
    cut = max((m.end() for m in re.finditer(r"[.!?](?=\s)|\n", answer[left:start])), default=0)
    before = answer[left + cut : end].lower()
    return any(re.search(rf"\b{re.escape(stem)}", before) for stem in stems)


@lru_cache(maxsize=8)
def load_denial_ignores(path: Optional[str] = None) -> Dict[str, Tuple[str, ...]]:
    """Sub-keys a denial of a path does not deny (the table's ``_denial_ignores``): "there is
    no parking" says nothing of street parking, which is not the business's."""
    table = _table(path)
    ignores = table.get("_denial_ignores") or {}
    return {str(k): tuple(str(x) for x in v) for k, v in ignores.items() if isinstance(v, list)}


def parse_records(source: Any) -> List[Dict[str, Any]]:
    """The JSON objects of a source: a dict, a list of dicts (other items skipped), or a
    string holding either; [] for anything else."""
    obj = json_record(source)
    if isinstance(obj, dict):
        return [obj]
    if isinstance(obj, list):
        return [x for x in obj if isinstance(x, dict)]
    return []


def truth(value: Any) -> Optional[bool]:
    """A record value read as yes / no / unknown (``None``). A dict is true when any
    of its values is (``BusinessParking: {lot: true, ...}`` means there is parking)."""
    if isinstance(value, bool):
        return value
    if value is None:
        return None
    if isinstance(value, dict):
        vals = [truth(v) for v in value.values()]
        if any(v is True for v in vals):
            return True
        return False if vals and all(v is False for v in vals) else None
    if isinstance(value, float) and value != value:
        return None  # NaN says nothing
    if isinstance(value, (int, float)):
        return value != 0
    text = str(value).strip().strip("u'\"").lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    return None


def lookup(record: Dict[str, Any], path: str) -> Tuple[bool, Any]:
    """(found, value) at a dotted path, matching keys case-insensitively at any depth
    below the first key found (so ``attributes.WiFi`` also finds a top-level ``WiFi``)."""
    keys = path.split(".")

    def walk(obj: Any, ks: List[str]) -> Tuple[bool, Any]:
        if not ks:
            return True, obj
        if not isinstance(obj, dict):
            return False, None
        for k, v in obj.items():
            if str(k).lower() == ks[0].lower():
                return walk(v, ks[1:])
        return False, None

    found, value = walk(record, keys)
    if not found and len(keys) > 1:
        found, value = walk(record, keys[1:])
    return found, value


def clause_bounds(text: str) -> List[Tuple[int, int]]:
    """Clause boundary matches of ``text``, in order (computed once per answer)."""
    return [(m.start(), m.end()) for m in _CLAUSE.finditer(text)]


def clause_around(text: str, start: int, end: int, bounds: Optional[List[Tuple[int, int]]] = None) -> Tuple[int, int]:
    """The clause holding text[start:end] (cut at sentence ends, semicolons, commas and
    conjunctions)."""
    import bisect

    bounds = clause_bounds(text) if bounds is None else bounds
    i = bisect.bisect_right(bounds, (start, len(text) + 1))  # boundaries starting at or before ``start``
    left = 0
    while i > 0:
        i -= 1
        if bounds[i][1] <= start:
            left = bounds[i][1]
            break
    j = bisect.bisect_left(bounds, (end, -1))
    return left, (bounds[j][0] if j < len(bounds) else len(text))


def is_negated(text: str, start: int, end: int, bounds: Optional[List[Tuple[int, int]]] = None) -> bool:
    """A negation among the few words before the term in its clause ("no outdoor seating",
    "does not offer WiFi") or a negated verb right after it ("reservations are not accepted")."""
    return negation(text, start, end, bounds) is not None


def negation(text: str, start: int, end: int, bounds: Optional[List[Tuple[int, int]]] = None) -> Optional[str]:
    """How the term at text[start:end] is negated: "before" (a verb: "does not offer WiFi"),
    "determiner" ("no WiFi"), "after" ("WiFi is not available"), "after_plural" ("WiFi and
    parking are not available"), or None."""
    c_start, _ = clause_around(text, start, end, bounds)
    before = " ".join(_NOT_NEGATING.sub(" ", text[c_start:start]).split()[-_WORDS_BEFORE:])
    found = list(_NEGATION.finditer(before))
    if found:
        return "before" if any(_VERBAL.fullmatch(m.group(0)) for m in found) else "determiner"
    after = _NEGATED_AFTER.search(text[end : end + 60])
    if after:
        verb = (after.group("verb") or after.group("verb2") or "").lower()
        return "after_plural" if verb in _PLURAL else "after"
    return None


def is_hedged(text: str, start: int, end: int, bounds: Optional[List[Tuple[int, int]]] = None) -> bool:
    """A mention that neither states nor denies the thing ("not sure about WiFi",
    "reservations are not required")."""
    c_start, _ = clause_around(text, start, end, bounds)
    return bool(_HEDGE_BEFORE.search(text[max(0, c_start - 40) : start]) or _HEDGE_AFTER.search(text[end : end + 40]))


def _link(gap: str) -> Tuple[Optional[str], int]:
    """How two neighbouring mentions are joined: "or", "and" (", and" / " and "), "comma"
    (a bare comma or space), or None (not one list); and how many items that are no term
    stand between ("garage, street, and valet": one)."""
    m = _LIST_GAP.fullmatch(gap)
    if not m:
        return None, 0
    between = m.group("items").count(",") + (1 if m.group("last") else 0)
    return ("or" if m.group("or") else "and" if m.group("and") else "comma"), between


_SUBJECT_LEAD = re.compile(
    r"(?:\s*(?:[,;]|the|both|its|their|also|unfortunately|sadly|note|please|keep\s+in\s+mind|"
    r"that|a|an|any|free|paid|private|dedicated|on-?site))*\s*",
    re.I,
)
# where a clause may open: a sentence's start, a contrast ("but", "while"), ", and", one
# introductory word and a comma ("Additionally, WiFi and takeout are not available") or an
# introductory phrase ("According to the record, ...", "At the moment, ...")
_CLAUSE_OPENING = re.compile(
    r"(?:\b(?:while|whereas|although|though|however|but)\b|,\s*and\b|^\s*and\b|^\s*[\w-]+\s*,"
    r"|^\s*(?:in|at|on|according|as|that|for|to|with|regarding|from|overall|here|on\s+the|"
    r"apart|aside|besides|except|other\s+than)\b"
    r"[\w\s'’-]{0,40}?,)",
    re.I,
)


def _opens_clause(answer: str, start: int) -> bool:
    """Whether a mention opens its clause, as the first of a list that a plural verb after
    it denies ("while valet and garage parking are not available", "Additionally, WiFi and
    takeout are not available"; not "It has outdoor seating and reservations are not
    accepted", "They offer takeout and outdoor seating, and reservations are not accepted"
    or "They have a TV, WiFi, and takeout, and reservations are not accepted", where a verb
    before the list takes its first items)."""
    head = answer[max(0, start - 200) : start]
    cut = max(head.rfind("."), head.rfind("\n"), head.rfind(";"), head.rfind("!"), head.rfind("?"))
    lead = head[cut + 1 :]
    openings = list(_CLAUSE_OPENING.finditer(lead))
    rest = lead[openings[-1].end() :] if openings else lead
    return bool(_SUBJECT_LEAD.fullmatch(rest))


def _reaches_or(kinds: Sequence[Optional[str]]) -> List[bool]:
    """For each link between neighbouring mentions, whether it belongs to a list that goes on
    to "or"/"nor" with only commas between."""
    reach = [False] * len(kinds)
    for i in reversed(range(len(kinds))):
        reach[i] = kinds[i] == "or" or (kinds[i] == "comma" and i + 1 < len(kinds) and reach[i + 1])
    return reach


def _links(answer: str, results: Sequence[Dict[str, Any]]) -> List[Tuple[Optional[str], int]]:
    """``_link`` of the gap between each mention and the next."""
    return [_link(answer[results[i]["end"] : results[i + 1]["start"]]) for i in range(len(results) - 1)]


def _spread_negation(answer: str, results: List[Dict[str, Any]], links: Sequence[Tuple[Optional[str], int]]) -> None:
    """One negation covers the list it belongs to (in place, on ``results[i]["negated"]``):
    forwards to a list that goes on to "or"/"nor" ("does not offer outdoor seating or WiFi"),
    or, after a verb, one of three items or more that ends in ", and" ("does not offer A, B,
    and C"); backwards over "or" ("WiFi or outdoor seating is not available") and, from a
    plural verb, over a list of three or more ("garage, street, and valet parking are not");
    and from a negated verb before a list that goes on to "or" whose first items are no term
    ("does not provide street, garage, or valet parking")."""
    n = len(results)
    kinds = [k for k, _ in links]
    reach = _reaches_or(kinds)
    # long[i]: link i belongs to a list of three items or more that ends in ", and" or "or"
    long = [False] * (n - 1)
    for i in reversed(range(n - 1)):
        if kinds[i] in ("or", "and"):
            long[i] = kinds[i] == "or" or links[i][1] > 0 or (i > 0 and kinds[i - 1] == "comma")
        else:
            long[i] = kinds[i] == "comma" and i + 1 < n - 1 and long[i + 1]
    for i in range(n - 1):  # a list headed by items that are no term
        if results[i]["negated"] is None and (i == 0 or kinds[i - 1] is None) and reach[i]:
            head = answer[max(0, results[i]["start"] - 150) : results[i]["start"]]
            if _LIST_HEAD.search(re.split(r"[.;:!?]", head)[-1]):
                results[i]["negated"] = "before"
    for i in range(n - 1):
        kind = results[i]["negated"]
        if results[i + 1]["negated"] is None and (
            (kind in ("before", "determiner") and reach[i])
            or (kind == "before" and long[i])
            or (kind == "before" and kinds[i] == "and" and _nominal_pair(answer, results[i], results[i + 1]))
        ):
            results[i + 1]["negated"] = kind
    for i in reversed(range(n - 1)):
        kind = results[i + 1]["negated"]
        if results[i]["negated"] is None and kinds[i] is not None and kind in ("after", "after_plural") and reach[i]:
            results[i]["negated"] = kind
    for k in reversed(range(1, n)):
        # a plural verb denies the whole list it ends, when the list opens its clause
        if results[k]["negated"] != "after_plural":
            continue
        j = k
        while j > 0 and kinds[j - 1] is not None:
            j -= 1
        # the list starts at its first item that opens a clause ("It has garage parking, and
        # valet and validated parking are not available": valet)
        first = next((i for i in range(j, k) if _opens_clause(answer, results[i]["start"])), k)
        for i in range(first, k):
            if results[i]["negated"] is None:
                results[i]["negated"] = "after_plural"


def _label_value(answer: str, start: int, end: int) -> Optional[str]:
    """For a term that labels a line of an attribute list ("* WiFi: Not available"): "no" or
    "yes" when the value is a bare denial or affirmation, "other" when it says something else
    ("Not specified", "No charge", "No garage; street parking"), which the line's own words
    state, not the label; None when the term is no label."""
    line_start = answer.rfind("\n", 0, start) + 1
    if not _LABEL_LEAD.match(answer[line_start:start]):
        return None
    colon = _LABEL_COLON.match(answer[end : end + 30])
    if not colon:
        return None
    value = answer[end + colon.end() : end + colon.end() + 40]
    return "no" if _LABEL_NO.match(value) else "yes" if _LABEL_YES.match(value) else "other"


# a heading that denies the list after it on its line ("**Not available:** WiFi, takeout",
# "- Not offered: reservations or delivery")
# (one [ \t]* a run of blanks, as in _LABEL_LEAD; after the colon the list's own characters
# take the blanks and the "**" that close the heading: "[ \t]*(?:\*\*|__)?" before it matched
# nothing more, and a long run of blanks before a full stop took quadratic time)
_DENYING_HEADING = re.compile(
    r"^[ \t]*(?:(?:[-*•+]|\d{1,2}[.)])[ \t]*)?(?:(?:\*\*|__)[ \t]*)?"
    r"(?:not[ \t]+(?:available|offered|provided|included|accepted)|unavailable|"
    r"no|none|missing|lacking)[ \t]*(?:(?:\*\*|__)[ \t]*)?:"
    r"(?P<list>[^\n.;!?:]*)$",
    re.I,
)


def _under_denying_heading(answer: str, start: int) -> bool:
    """Whether a mention lies in the list after a denying heading on its line ("**Not
    available:** WiFi, takeout"): every item of that list is denied."""
    line_start = answer.rfind("\n", 0, start) + 1
    return bool(_DENYING_HEADING.match(answer[line_start:start]))


def _nominal_pair(answer: str, first: Dict[str, Any], second: Dict[str, Any]) -> bool:
    """Whether a negation before ``first`` covers ``second`` after "and": ``second`` ends the
    phrase ("lack of reservation and take-out services", "doesn't provide WiFi and outdoor
    seating, though ...") or a noun-phrase negation opens the sentence ("The lack of WiFi and
    parking is a downside"); not "without reservations and WiFi lets you work", "It doesn't
    have WiFi and outdoor seating is available"."""
    head = answer[max(0, first["start"] - 60) : first["start"]]
    after = answer[second["end"] : second["end"] + 60]
    if _NOMINAL_NEGATION.search(head):
        return bool(_PHRASE_END.match(after) or _NOMINAL_SUBJECT.search(head))
    return bool(_VERB_NEGATION.search(head) and _PHRASE_END.match(after))


def check_record_facts(answer: str, sources: Sequence[Any], terms: Optional[str] = None) -> List[Dict[str, Any]]:
    """Every record fact the answer states, with its status against the records.

    Only runs when a source is a JSON object or an array of objects; returns [] otherwise.
    With several records a fact is grounded when any record agrees with it. Each result has
    start, end, text, path, claim ("yes"/"no"), status (grounded / conflict /
    unsupported), value (the record's, or None) and a readable reason.
    """
    if not answer:
        return []
    if all(isinstance(s, str) for s in sources):
        records, source_lower = _parsed(tuple(sources))  # answers sharing sources parse them once
    else:
        records, source_lower = _parse(sources)
    if not records:
        return []
    results: List[Dict[str, Any]] = []
    taken = bytearray(len(answer))  # characters a longer phrase already claimed
    bounds = clause_bounds(answer)
    scarce = load_table_list(terms, "_scarce_states_nothing")
    needs = load_needs_before(terms)
    seen: set = set()
    for path, pattern in load_terms(terms):
        for m in pattern.finditer(answer):
            if any(taken[m.start() : m.end()]):
                continue  # a longer phrase already claimed this text
            if path in needs and not _has_word_before(answer, m.start(), m.end(), needs[path]):
                continue  # "homeless people on the street" says nothing of parking
            taken[m.start() : m.end()] = b"\x01" * (m.end() - m.start())
            label = _label_value(answer, m.start(), m.end())
            if label == "other":
                continue  # "* Outdoor Seating: No outdoor seating available": the value's words state it
            c_start, c_end = clause_around(answer, m.start(), m.end(), bounds)
            if (path, c_start) in seen:
                continue  # "outdoor seating on the patio" states one fact
            seen.add((path, c_start))
            if label:  # "* WiFi: No" / "* WiFi: Yes": the value says it
                negated, hedged = ("after" if label == "no" else None), False
            elif _under_denying_heading(answer, m.start()):
                negated, hedged = "after", False
            else:
                negated = negation(answer, m.start(), m.end(), bounds)
                hedged = is_hedged(answer, m.start(), m.end(), bounds)
            hedged = hedged or (path in scarce and bool(_SCARCE_AFTER.match(answer[m.end() : m.end() + 40])))
            results.append(
                {
                    "start": m.start(),
                    "end": m.end(),
                    "text": m.group(0),
                    "path": path,
                    "negated": negated,
                    "clause": [c_start, c_end],
                    "hedged": hedged,
                }
            )
    results.sort(key=lambda r: r["start"])
    for r in results:
        if r["hedged"]:
            r["negated"] = None  # the "not" of "not sure about" denies nothing
    links = _links(answer, results)
    _spread_negation(answer, results, links)
    # a hedge covers its list ("not sure about WiFi, takeout, or outdoor seating"), and a
    # hedged mention states no fact
    for i, linked in enumerate(_reaches_or([k for k, _ in links])):
        if results[i]["hedged"] and linked:
            results[i + 1]["hedged"] = True
    results = [r for r in results if not r.pop("hedged")]
    ignored = load_denial_ignores(terms)
    excepted = [_excepted(answer, r, results) if r["negated"] is not None else () for r in results]
    for r, own in zip(results, excepted):
        claim = r.pop("negated") is None
        r.update(_judged(records, source_lower, r["path"], r["text"], claim, ignored.get(r["path"], ()) + own))
    return results


_EXCEPT = re.compile(
    r"\b(?:but|except|only|other\s+than|apart\s+from|aside\s+from|besides|however|though|although|"
    r"while|whereas|yet|save\s+for)\b",
    re.I,
)


# an exception right before the kind it excepts, ahead of the denial ("Other than valet, ...")
_EXCEPT_LEAD = re.compile(
    r"\b(?:other\s+than|apart\s+from|aside\s+from|besides|except(?:\s+for)?|save\s+for)"
    r"\s+(?:the\s+|its\s+|their\s+)?$",
    re.I,
)


def _excepted(answer: str, denial: Dict[str, Any], results: Sequence[Dict[str, Any]]) -> Tuple[str, ...]:
    """The sub-keys of a denied path that its sentence excepts: "does not offer parking but
    does provide valet", "There's no self-parking; however, valet is available", "Other than
    valet, there is no parking" (a kind affirmed in the same sentence with a contrast or an
    exception between, or an exception right before it). "No parking is offered. The nearby
    parking lot charges $10." and "While it is downtown, there is no parking, and the parking
    lot across the street is for another business" except nothing."""
    prefix = denial["path"] + "."
    out = []
    for r in results:
        if r["negated"] is not None or not r["path"].startswith(prefix):
            continue
        a, b = sorted((denial, r), key=lambda x: x["start"])
        between = answer[a["end"] : b["start"]]
        if re.search(r"[.!?](?=\s|$)|\n", between):
            continue  # another sentence
        if _EXCEPT.search(between) or (r is a and _EXCEPT_LEAD.search(answer[max(0, r["start"] - 30) : r["start"]])):
            out.append(r["path"][len(prefix) :])
    return tuple(out)


def _judged(
    records: Sequence[Dict[str, Any]], source_lower: str, path: str, text: str, claim: bool, ignored: Sequence[str] = ()
) -> Dict[str, Any]:
    """claim ("yes"/"no"), status, value and reason of one mention against the records;
    a denial is judged without the sub-keys ``ignored`` ("no parking" against street parking)."""
    found, value, known = _judge(records, path, claim, () if claim else ignored)
    shown = clean_text(_show(value))
    if known is None and claim and text.lower() in source_lower:
        status = "grounded"  # the record's free text (e.g. a review) says it
        reason = f"'{text}' is mentioned in the source"
    elif known is None:
        status = "unsupported"
        reason = f"says {'' if claim else 'no '}'{text}', but the record has {'no ' + path if not found else path + ': ' + shown}"
    elif known == claim:
        status = "grounded"
        reason = f"'{text}' agrees with {path}: {shown}"
    else:
        status = "conflict"
        reason = f"says {'' if claim else 'no '}'{text}', but the record has {path}: {shown}"
    return {
        "claim": "yes" if claim else "no",
        "status": status,
        "value": json.loads(shown) if found else None,
        "reason": clean_text(reason),
    }


def _judge(
    records: Sequence[Dict[str, Any]], path: str, claim: bool, ignored: Sequence[str] = ()
) -> Tuple[bool, Any, Optional[bool]]:
    """(found, value, truth) of ``path`` across the records: a record that agrees with the
    claim wins (several records, e.g. a JSON array, may describe different things, so one
    that disagrees is a conflict only when no other agrees); else the first with a yes/no
    value; else the first that has the path at all. The truth of a dict leaves out the
    sub-keys ``ignored``."""
    hits = [value for found, value in (lookup(rec, path) for rec in records) if found]
    if not hits:
        return False, None, None

    def judged(v: Any) -> Optional[bool]:
        if ignored and isinstance(v, dict):
            v = {k: x for k, x in v.items() if str(k).lower() not in {i.lower() for i in ignored}}
        return truth(v)

    known = [(value, t) for value, t in ((v, judged(v)) for v in hits) if t is not None]
    for value, t in known:
        if t == claim:
            return True, value, t
    if known:
        return True, known[0][0], known[0][1]
    return True, hits[0], None


def _parse(sources: Sequence[Any]) -> Tuple[List[Dict[str, Any]], str]:
    """The JSON objects among the sources (arrays of objects included), and their free text
    lower-cased."""
    records = [r for s in sources for r in parse_records(s)]
    return records, " ".join(t for r in records for t in _strings(r)).lower()


@lru_cache(maxsize=64)
def _parsed(sources: Tuple[str, ...]) -> Tuple[List[Dict[str, Any]], str]:
    return _parse(sources)


def _strings(obj: Any, depth: int = 0) -> List[str]:
    """The free-text values of a record (reviews, descriptions), not its keys."""
    if depth > 50:
        return []
    if isinstance(obj, str):
        return [obj] if " " in obj.strip() else []
    if isinstance(obj, dict):
        return [t for v in obj.values() for t in _strings(v, depth + 1)]
    if isinstance(obj, list):
        return [t for v in obj for t in _strings(v, depth + 1)]
    return []


def _show(value: Any) -> str:
    """A record value as strict JSON text (anything JSON cannot hold, NaN and infinity
    included, as its string)."""

    def plain(v: Any) -> Any:
        if isinstance(v, float) and (v != v or v in (float("inf"), float("-inf"))):
            return str(v)
        if isinstance(v, dict):
            return {str(k): plain(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [plain(x) for x in v]
        return v

    try:
        return json.dumps(plain(value), ensure_ascii=False, default=str)
    except (RecursionError, ValueError):
        return '"(a value too deeply nested to show)"'
