"""Names, roles and negations the answer states, checked against the source sentences the way
numbers are: found in the answer, looked up in the sources, each result with a reason. Pure
functions; the word lists are data (``name_terms.json`` in the package).

- ``name``: a capitalised name ("Jane Doe", "Brightline") is ``grounded`` when the sources
  write every word of it, ``unsupported`` when they do not write some word of it (``invented``
  when it has several words and the sources write none of them), and a
  ``conflict`` when the source sentence that says the rest of the answer sentence names
  another in its place ("written by John Smith" against "written by Jane Doe").
- ``role``: two names the sources put the other way round around the same verb ("Acme
  acquired Brightline" against "Brightline acquired Acme"; the passive "was acquired by" turns
  a sentence around) are a ``conflict``; symmetric verbs ("met", "merged with") are not.
- ``negation``: an answer sentence whose words a source sentence says, one of the two denied
  and the other not ("Acme did not acquire Brightline" against "Acme acquired Brightline"), is
  a ``conflict``.

Every result is a fact as ``record_facts`` holds them: start, end, text, path ("name", "role"
or "negation"), check (the same), claim, clause, status, value (what the sources say instead,
or None) and reason.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Dict, FrozenSet, List, Optional, Sequence, Tuple

from spacy.lang.en.stop_words import STOP_WORDS

from spacy_ground.sources.words import fold_accents, split_sentences

DEFAULT_TERMS = Path(__file__).parent.parent / "lexicon" / "name_terms.json"

# a capitalised word ("Brightline", "O'Neil", "Coca-Cola", "AT&T", "J.") or an initial; a name is a
# run of them, with particles between ("Ludwig van Beethoven"); every repeat starts with blanks,
# which no word holds, so a run is read once (linear)
_WORD = r"(?:[A-Z][A-Za-z0-9'’&-]{0,40}|[A-Z]\.)"
_PARTICLE = r"(?:of|de|del|della|der|den|van|von|la|le|du|da|dos|das|bin|ibn|al|el|and|&)"
_NAME_RUN = re.compile(
    rf"(?<![\w'’&.-]){_WORD}(?:[ \t]{{1,3}}(?:{_PARTICLE}[ \t]{{1,3}}){{0,2}}{_WORD}){{0,6}}(?![\w'’&-])"
)
_TOKEN = re.compile(r"[A-Za-z0-9]+(?:['’&-][A-Za-z0-9]+)*")
# a name that is its line ("## Early Life", "Quick Facts:"): a heading
_HEADING_START = re.compile(r"(?:^|\n)[ \t]{0,8}(?:[#>*•-]{1,6}[ \t]{1,6}|\d{1,3}[.)][ \t]{1,6})?[*_]{0,3}$")
_HEADING_END = re.compile(r"[ \t:*_]{0,8}(?:\n|$)")
_LOWER_OR_UPPER = re.compile(r"[A-Za-z][A-Za-z'’-]{0,40}")
_LOWER_WORD = re.compile(r"\b[a-z][a-z'’-]{0,40}")
# where a sentence, a line, a list item or a quotation starts: a capital there says nothing
_OPENS = re.compile(
    r"(?:^|[.!?:;]\s{1,20}|\n[ \t]{0,20}(?:[-*•>#]{1,6}[ \t]{1,6}|\d{1,3}[.)][ \t]{1,6})?)[\"'“‘(\[*_]{0,4}$"
)
# a verbal denial ("did not", "isn't", "never", "no longer", "no"), less the phrases that deny
# nothing ("not only", "no doubt")
_DENIAL = re.compile(
    r"\b(?:not|never|no|nobody|nothing|none|cannot|neither|nor|without|unknown|unclear|unavailable"
    r"|(?:prevent|avoid|lack|fail|ban|prohibit)(?:s|ed|ned|ing)?|refus(?:e|es|ed|ing)|failure"
    r"|(?:stop|cease|discontinue|quit)(?:s|d|ped|ed|ping|ing)?|declin(?:e|es|ed|ing)\s+to|yet\s+to)\b"
    r"|\b\w{1,20}n['’]t\b",
    re.I,
)
_NOT_DENYING = re.compile(
    r"\bnot\s+(?:only|just|merely|to\s+mention|surprisingly)\b|\bno\s+(?:doubt|wonder|matter|shortage)\b"
    r"|\bno\.(?=\s*\d)",
    re.I,
)
# a verb put in the passive before a name ("was acquired by"): the sentence runs the other way round
PASSIVE = re.compile(
    r"\b(?:is|are|was|were|be|been|being|get|got|gets)\s+(?:\w{1,20}ly\s+)?(?:[\w-]{2,30}(?:ed|en|wn|ht|ld|de)"
    r"|won|run|built|found|sent|paid|led|spent|kept|struck|hit|beat|bid|sold|told)\s+by(?:\s+[a-z][\w-]{0,30}){0,3}\s*$",
    re.I,
)
_CLAUSE_SPLIT = re.compile(
    r"[,;:()\[\]]|\s[-–—]{1,2}\s|\b(?:but|while|whereas|although|though|because|which|who|unless|however)\b", re.I
)
_SCOPE_END = re.compile(r"[,;:.!?()]|\b(?:and|or|but|then)\b", re.I)
_CLAUSE_BREAK = re.compile(
    r"[,;:()\"“”]|\b(?:which|who|whom|whose|while|whereas|but|although|because|after|before)\b", re.I
)
_POSSESSIVE = re.compile(r"['’]s?$")
# a period written as a capital, which the date checks read ("Q3", "H1", "FY2024")
_PERIOD = re.compile(r"(?:q[1-4]|h[12]|fy[0-9]{2,4})")
# words before a name that say its role as much as a content word does ("written by X")
_ROLE_WORDS = frozenset({"by", "to", "from"})


@dataclass(frozen=True)
class Terms:
    not_names: FrozenSet[str]
    titles: FrozenSet[str]
    symmetric: Tuple[str, ...]


@lru_cache(maxsize=8)
def load_terms(path: Optional[str] = None) -> Terms:
    """The word lists of ``name_terms.json`` (or of the file at ``path``)."""
    table = json.loads(Path(path or DEFAULT_TERMS).read_text(encoding="utf8"))
    return Terms(
        frozenset(table["not_names"]),
        frozenset(table["titles"]),
        tuple(table["symmetric"]),
    )


@dataclass(frozen=True)
class Name:
    start: int
    end: int
    text: str
    words: Tuple[str, ...]  # lower-cased, accents folded, particles and possessives left out
    opens: bool  # stands where a sentence or list item starts


def forms(word: str) -> Tuple[str, ...]:
    """A lower-cased word as it may be written elsewhere: without a possessive, a plural "s"
    or hyphens ("Domino's" -> "domino", "Sundays" -> "sunday", "Wi-Fi" -> "wifi")."""
    w = _POSSESSIVE.sub("", word.lower()) if word[-2:].lower() in ("'s", "’s") else word.lower()
    out = [w, w.replace("-", "")]
    if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        out.append(w[:-1])
    return tuple(dict.fromkeys(out))


_WINDOW = 300  # characters either side of a name that give its context
_MAX_PAIRS = 64  # names of one source sentence scanned for who did what to whom


def stem(word: str) -> str:
    """A crude stem for matching verbs and nouns across forms ("acquired", "acquires",
    "acquire" -> "acquir")."""
    w = word.lower()
    for suffix in ("ing", "ed", "es", "s", "e"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            return w[: -len(suffix)]
    return w


def stems(text: str) -> FrozenSet[str]:
    """Stems of the content words of ``text`` (stop words left out)."""
    return frozenset(stem(w) for w in _TOKEN.findall(fold_accents(text)) if len(w) > 1 and w.lower() not in STOP_WORDS)


def find_names(text: str, terms: Optional[Terms] = None) -> List[Name]:
    """Capitalised names in ``text``, titles and heading words left out; a run that starts a
    sentence loses its first word when that word is a common one ("However", "The")."""
    terms = terms or load_terms()
    out: List[Name] = []
    for m in _NAME_RUN.finditer(text):
        start = m.start()
        toks = [(t.start() + start, t.end() + start) for t in re.finditer(r"\S+", m.group(0))]
        opens = bool(_OPENS.search(text[max(0, start - 30) : start]))

        def plain(i: int) -> str:
            return _POSSESSIVE.sub("", fold_accents(text[toks[i][0] : toks[i][1]])).lower().rstrip(".")

        def common(w: str) -> bool:
            return w in terms.not_names or w in STOP_WORDS or bool(_PERIOD.fullmatch(w))

        while toks and (common(plain(0)) or plain(0) in terms.titles):
            toks.pop(0)
            opens = False  # "Dr. Smith", "The Acme board": what follows is not the sentence's first word
        while toks and common(plain(len(toks) - 1)):
            toks.pop()
        if not toks:
            continue
        words = tuple(
            w for w in (plain(i) for i in range(len(toks))) if w and w not in STOP_WORDS and len(w) > 1 or w.isupper()
        )
        words = tuple(w for w in words if w)
        if not words:
            continue
        s, e = toks[0][0], toks[-1][1]
        if text[e - 1] in "'’":
            e -= 1
        elif text[e - 2 : e] in ("'s", "’s"):
            e -= 2
        out.append(Name(s, e, text[s:e], words, opens))
    return out


@dataclass
class SourceNames:
    """What the name checks read of a list of sources, built once per index."""

    sentences: List[str]
    names: List[List[Name]]
    stems: List[FrozenSet[str]]
    postings: Dict[str, List[int]]
    vocabulary: FrozenSet[str]  # every word of the sources, lower-cased
    name_words: Dict[str, List[int]] = field(default_factory=dict)  # a name's word -> sentences naming it
    clauses: List[Tuple[int, FrozenSet[str], bool]] = field(default_factory=list)  # (sentence, stems, denied)
    clause_postings: Dict[str, List[int]] = field(default_factory=dict)


def source_names(sentences: Sequence[str], terms: Optional[Terms] = None) -> SourceNames:
    """Names, stems and a word index of the source sentences."""
    terms = terms or load_terms()
    names = [find_names(s, terms) for s in sentences]
    sent_stems = [stems(s) for s in sentences]
    postings: Dict[str, List[int]] = {}
    for i, ss in enumerate(sent_stems):
        for w in ss:
            postings.setdefault(w, []).append(i)
    vocab = frozenset(f for s in sentences for t in _TOKEN.findall(fold_accents(s)) for f in forms(t))
    name_words: Dict[str, List[int]] = {}
    for i, ns in enumerate(names):
        for n in ns:
            for w in n.words:
                lst = name_words.setdefault(w, [])
                if not lst or lst[-1] != i:
                    lst.append(i)
    clauses: List[Tuple[int, FrozenSet[str], bool]] = []
    clause_postings: Dict[str, List[int]] = {}
    for i, sentence in enumerate(sentences):
        for text in clauses_of(sentence):
            cs = stems(text)
            if cs:
                for w in cs:
                    clause_postings.setdefault(w, []).append(len(clauses))
                clauses.append((i, cs, _denied(text)))
    return SourceNames(list(sentences), names, sent_stems, postings, vocab, name_words, clauses, clause_postings)


def _clause_with_denial(sentence: str, words: FrozenSet[str]) -> str:
    """The clause of a source sentence that holds a denial and most of ``words``."""
    best, best_n = "", -1
    for c in clauses_of(sentence):
        if _denied(c):
            n = len(stems(c) & words)
            if n > best_n:
                best, best_n = c, n
    return best


def clauses_of(sentence: str) -> List[str]:
    """A sentence cut into clauses at punctuation and at the conjunctions that join two
    statements ("but", "while", "which"); "and" keeps its clause whole."""
    return [c for c in _CLAUSE_SPLIT.split(sentence) if c and c.strip()]


def _denied(text: str) -> bool:
    return bool(_DENIAL.search(_NOT_DENYING.sub(" ", text)))


def _denied_words(text: str) -> FrozenSet[str]:
    """Stems of the (up to three) words right after each denial of ``text``, up to the next
    "and", "or" or punctuation: what it denies ("did not acquire Brightline": acquir,
    brightline; "aren't swayed and will seek": sway)."""
    text = _NOT_DENYING.sub(" ", text)
    out: set = set()
    for m in _DENIAL.finditer(text):
        scope = _SCOPE_END.split(text[m.end() : m.end() + 80], maxsplit=1)[0]
        out.update(stems(" ".join(scope.split()[:3])))
    return frozenset(out)


def _best(ctx: FrozenSet[str], src: SourceNames, limit: int = 2000) -> List[Tuple[float, int]]:
    """Source sentences by the share of ``ctx`` they hold, best first (only those sharing a word)."""
    if not ctx:
        return []
    counts: Dict[int, int] = {}
    for w in ctx:
        for i in src.postings.get(w, ())[:limit]:
            counts[i] = counts.get(i, 0) + 1
    return sorted(((c / len(ctx), i) for i, c in counts.items()), key=lambda x: (-x[0], x[1]))


def _akin(a: Name, b: Name) -> bool:
    """Two names written alike ("Australia" and "Australian", "PhD" and "Ph"): one form of the
    other, not another name."""
    return any(x[:4] == y[:4] for x in a.words for y in b.words if min(len(x), len(y)) >= 2)


def _same_name(a: Name, b: Name) -> bool:
    """One name is the other or a part of it ("Smith" and "John Smith")."""
    sa, sb = set(a.words), set(b.words)
    return bool(sa) and bool(sb) and (sa <= sb or sb <= sa)


def _neighbours(text: str, name: Name) -> Tuple[str, str]:
    """The lower-cased words right before and right after a name."""
    before = _LOWER_WORD.findall(text[max(0, name.start - 40) : name.start])
    after = re.match(r"\W{0,3}([A-Za-z]+)", text[name.end : name.end + 40])
    return (before[-1] if before else "", after.group(1).lower() if after else "")


def _shown(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _fact(
    path: str, start: int, end: int, text: str, clause: Tuple[int, int], status: str, value: Any, reason: str
) -> Dict[str, Any]:
    return {
        "start": start,
        "end": end,
        "text": text,
        "path": path,
        "check": path,
        "claim": text,
        "clause": [clause[0], clause[1]],
        "status": status,
        "value": value,
        "reason": reason,
    }


def check_names(
    answer: str,
    src: SourceNames,
    question: Optional[str] = None,
    terms: Optional[Terms] = None,
    slot_overlap: float = 0.5,
    negation_overlap: float = 0.7,
) -> List[Dict[str, Any]]:
    """Every name, role and negation fact of ``answer`` against the sources read into ``src``
    (the question's names count as known: a name the user gave is no invention).
    ``slot_overlap`` and ``negation_overlap``: the share of the answer's words a source
    sentence or clause must say (chosen by grouped cross-validation on RAGTruth train)."""
    terms = terms or load_terms()
    if not answer or not src.sentences:
        return []
    known = src.vocabulary | frozenset(f for t in _TOKEN.findall(fold_accents(question or "")) for f in forms(t))
    facts: List[Dict[str, Any]] = []
    for s_start, s_end in split_sentences(answer):
        sentence = answer[s_start:s_end]
        names = find_names(sentence, terms)
        clause = (s_start, s_end)
        if not _title_case(sentence):  # a heading ("## Early Life") or a sentence in Title Case names nothing
            facts += _name_facts(sentence, s_start, names, src, known, clause, slot_overlap)
        facts += _role_facts(sentence, s_start, names, src, terms, clause)
        facts += _negation_facts(sentence, s_start, src, clause, negation_overlap)
    return facts


def _title_case(sentence: str) -> bool:
    """Whether most words of ``sentence`` (three or more) start with a capital, as headings do."""
    words = _LOWER_OR_UPPER.findall(sentence[:400])
    return len(words) >= 3 and sum(w[0].isupper() for w in words) >= 0.8 * len(words)


def _initials(n: Name) -> str:
    """The initials of a name of several words ("United States" -> "us")."""
    return "".join(w[0] for w in n.words) if len(n.words) > 1 else ""


def _name_facts(
    sentence: str,
    offset: int,
    names: Sequence[Name],
    src: SourceNames,
    known: FrozenSet[str],
    clause: Tuple[int, int],
    slot_overlap: float,
) -> List[Dict[str, Any]]:
    out = []
    all_words = frozenset(w for n in names for w in n.words)
    all_stems = frozenset(stem(w) for w in all_words)
    for n in names:
        missing = [w for w in n.words if not any(f in known for f in forms(w))]
        if missing and _initials(n) in known:
            missing = []  # the sources write it by its initials ("US" for "United States")
        if n.opens and len(n.words) == 1 and missing:
            continue  # a capital that starts a sentence may be any word ("Additionally")
        # the words around the name (a window, so a sentence of thousands of names stays linear)
        ctx = stems(sentence[max(0, n.start - _WINDOW) : n.start] + " " + sentence[n.end : n.end + _WINDOW])
        ctx -= all_stems
        other = _in_other_slot(sentence, n, ctx, src, slot_overlap, all_words)
        start, end = offset + n.start, offset + n.end
        if other is not None:
            x, ev = other
            status, value, reason = "conflict", x.text, f"{n.text!r} where the sources name {x.text!r}: {_shown(ev)!r}"
        elif missing:
            nowhere = f" ({', '.join(repr(w) for w in missing)} nowhere)" if len(n.words) > 1 else ""
            status, value, reason = "unsupported", None, f"{n.text!r} is named in no source{nowhere}"
        else:
            status, value, reason = "grounded", None, f"{n.text!r} is named in the sources"
        out.append(_fact("name", start, end, n.text, (start, end), status, value, reason))
        if missing and other is None:
            # a name of several words, none of them in the sources or the question: made up
            heading = bool(_HEADING_START.search(sentence[max(0, n.start - 30) : n.start])) and bool(
                _HEADING_END.match(sentence, n.end)
            )
            out[-1]["invented"] = len(missing) == len(n.words) > 1 and not heading
    return out


def _in_other_slot(
    sentence: str, n: Name, ctx: FrozenSet[str], src: SourceNames, overlap: float, all_words: FrozenSet[str]
) -> Optional[Tuple[Name, str]]:
    """The name a source sentence gives where the answer sentence gives ``n``: the source
    sentence says the rest of the answer sentence, names another in the same place (the word
    before or after agrees), and no source sentence says as much with ``n`` in it."""
    if len(ctx) < 2:
        return None
    ranked = _best(ctx, src)
    if not ranked or ranked[0][0] < overlap:
        return None
    top = ranked[0][0]
    mine = all_words
    with_n = set()
    for w in n.words:
        with_n.update(src.name_words.get(w, ()))
    if any(score >= top - 0.1 for score, i in ranked if i in with_n):
        return None  # a sentence about as close names it
    if n.opens:
        return None  # a sentence's first words may be any words
    before, after = _neighbours(sentence, n)
    for score, i in ranked:
        if score < top - 1e-9:
            break
        ev = src.sentences[i]
        for x in src.names[i]:
            if set(x.words) & mine or x.opens or (len(x.words) > 1) != (len(n.words) > 1) or _akin(x, n):
                continue
            xb, xa = _neighbours(ev, x)
            same_before, same_after = bool(before) and xb == before, bool(after) and xa == after
            if any(
                same and (word not in STOP_WORDS or word in _ROLE_WORDS)
                for same, word in ((same_before, before), (same_after, after))
            ):  # "in X in" is no anchor: two halves of a sentence may each come from another
                return x, ev
    return None


def _between(text: str, a: Name, b: Name) -> Optional[str]:
    """The words between two names of a sentence, when they are few and in one clause."""
    gap = text[a.end : b.start]
    if len(gap) > 80 or len(gap.split()) > 8 or _CLAUSE_BREAK.search(gap) or re.match(r"['’]s?\s", gap):
        return None  # "Bishop's resignation follows criticism of Francis": no verb between the two
    if re.search(r"\bof\b", gap, re.I):
        return None
    return gap


def _role_facts(
    sentence: str, offset: int, names: Sequence[Name], src: SourceNames, terms: Terms, clause: Tuple[int, int]
) -> List[Dict[str, Any]]:
    out = []
    for a, b in zip(names, names[1:]):
        gap = _between(sentence, a, b)
        if gap is None or _same_name(a, b):
            continue
        verbs = stems(gap) - set(terms.symmetric)
        if not verbs or any(v.startswith(terms.symmetric) for v in verbs):
            continue
        passive = bool(PASSIVE.search(gap) or re.search(r"\bby\b", gap, re.I))
        with_a = set().union(*(src.name_words.get(w, ()) for w in a.words))
        with_b = set().union(*(src.name_words.get(w, ()) for w in b.words))
        agree, against = None, None
        for i in sorted(with_a & with_b):
            ev = src.sentences[i]
            pairs = src.names[i][:_MAX_PAIRS]  # a list of hundreds of names states no roles
            for x, y in zip(pairs, pairs[1:]):
                forward = _same_name(x, a) and _same_name(y, b)
                backward = _same_name(x, b) and _same_name(y, a)
                if not (forward or backward):
                    continue
                g = _between(ev, x, y)
                if g is None or not verbs <= stems(
                    g
                ):  # every word of the answer's gap: "received ... from" is not "sent ... to"
                    continue
                same = forward == (bool(PASSIVE.search(g) or re.search(r"\bby\b", g, re.I)) == passive)
                if same:
                    agree = ev
                elif against is None:
                    against = ev
        if against is not None and agree is None:
            start, end = offset + a.start, offset + b.end
            out.append(
                _fact(
                    "role",
                    start,
                    end,
                    sentence[a.start : b.end],
                    (start, end),
                    "conflict",
                    _shown(against),
                    f"{a.text!r} and {b.text!r} the other way round: the sources say {_shown(against)!r}",
                )
            )
    return out


def _negation_facts(
    sentence: str, offset: int, src: SourceNames, clause: Tuple[int, int], overlap: float
) -> List[Dict[str, Any]]:
    """A clause of the answer sentence that a source clause says in other polarity: most of each
    clause's words in the other, one denied and the other not, and no close source clause said
    the answer's way."""
    out: List[Dict[str, Any]] = []
    for text in clauses_of(sentence):
        cs = stems(text)
        if len(cs) < 3:
            continue
        counts: Dict[int, int] = {}
        for w in cs:
            for j in src.clause_postings.get(w, ()):
                counts[j] = counts.get(j, 0) + 1
        close = [j for j, c in counts.items() if c / len(cs) >= overlap and c / len(src.clauses[j][1]) >= 0.6]
        if not close:
            continue
        denied = _denied(text)
        if any(src.clauses[j][2] == denied for j in close):
            continue  # a close source clause says it the same way
        first = min(close)
        ev = src.sentences[src.clauses[first][0]]
        # the denial must deny what both say ("aren't swayed and will seek the death penalty"
        # denies nothing of "prosecutors seek the death penalty")
        scope = _denied_words(text) if denied else _denied_words(_clause_with_denial(ev, cs))
        if not scope & cs & src.clauses[first][1]:
            continue
        says = "denies what the sources state" if denied else "states what the sources deny"
        shown = sentence.strip()
        lead = len(sentence) - len(sentence.lstrip())
        out.append(
            _fact(
                "negation",
                offset + lead,
                offset + lead + len(shown),
                shown,
                clause,
                "conflict",
                _shown(ev),
                f"the answer {says}: {_shown(ev)!r}",
            )
        )
        break
    return out
