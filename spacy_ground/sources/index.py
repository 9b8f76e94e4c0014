"""The per-sources index of sentences and claims.

A ``SourceIndex`` holds, for one list of sources, every source sentence (with
its words, for evidence lookup) and every claim found in them. It is built once
per distinct list of sources (keyed by a content hash) and reused. Reading the
sources is done by ``readers``, ``html`` and ``tables``.
"""

from __future__ import annotations

import bisect
import hashlib
import itertools
import re
import sys
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, TypeVar

from spacy_ground.sources.html import html_compact, html_reading
from spacy_ground.sources.keyed import keyed_value
from spacy_ground.sources.readers import MAX_JSON_DEPTH, clean_text, is_record, json_too_deep, source_text
from spacy_ground.sources.tables import (
    _FOOTNOTE,
    _MONEY_CELL,
    TableCell,
    TableRow,
    _money_scale,
    cell_shown,
    column_dates,
    negative_cell,
    read_with_unit,
    source_table_rows,
)
from spacy_ground.sources.words import content_words
from spacy_ground.text.dates import FiscalCalendar, fiscal_as_calendar, fiscal_calendar
from spacy_ground.text.normalize import find_claims
from spacy_ground.text.values import ClaimValue

T = TypeVar("T")


@dataclass
class SourceSentence:
    source: int
    start: int
    end: int
    text: str  # as the models read it: a table row with its column names, else source[start:end]
    words: frozenset
    cells: Tuple[TableCell, ...] = ()  # a Markdown table's body row: its cells


@dataclass
class SourceClaim:
    source: int
    start: int
    end: int
    sentence: int  # index into SourceIndex.sentences
    value: ClaimValue


@dataclass
class SourceIndex:
    """Sentences and claims of one list of sources. Offsets index ``texts[source]``."""

    key: str
    texts: List[str]
    sentences: List[SourceSentence] = field(default_factory=list)
    claims: List[SourceClaim] = field(default_factory=list)
    fiscal: Optional[FiscalCalendar] = None  # the fiscal calendar the sources state, if one (dates.fiscal_calendar)
    derived: Dict[str, Any] = field(default_factory=dict, repr=False, compare=False)  # see memo

    def memo(self, name: str, compute: Callable[[], "T"]) -> "T":
        """``compute()`` once per index under ``name`` (table rows, word weights, embeddings: what a
        check reads of these sources), kept with the index so that answers sharing sources pay once."""
        if name not in self.derived:
            self.derived[name] = compute()
        return self.derived[name]

    def sentence_claims(self) -> Dict[int, List[SourceClaim]]:
        out: Dict[int, List[SourceClaim]] = {}
        for c in self.claims:
            out.setdefault(c.sentence, []).append(c)
        return out


class UnreadableSources(ValueError):
    """The sources of an answer cannot be read; the answer is not checkable for this reason."""


class SourcesTooLarge(UnreadableSources):
    """The sources of an answer hold more characters than ``max_source_chars``."""


SOURCES_ERROR = "spacy_ground.sources_error"  # doc.user_data key: why the sources could not be read


def index_or_note(
    indexer: Callable[[Sequence[Any]], "SourceIndex"], doc: Any, sources: Sequence[Any]
) -> Optional["SourceIndex"]:
    """``indexer(sources)``, or None with the reason kept in ``doc.user_data[SOURCES_ERROR]``
    when they cannot be read: too large, or JSON nested too deeply (the verdict then says the
    answer is not checkable, and why)."""
    try:
        return indexer(list(sources))
    except UnreadableSources as e:
        doc.user_data[SOURCES_ERROR] = str(e)
        return None


def sources_key(sources: Sequence[Any]) -> str:
    """Content hash of a list of sources that two different lists cannot share: each source
    hashed with its kind (text; JSON record; other object, such as a passage) and its length
    before its content (a text as given, a record or object by the text it is read as)."""
    h = hashlib.blake2b(b"spacy_ground.sources.v2", digest_size=20)
    h.update(len(sources).to_bytes(8, "big"))
    for s in sources:
        if isinstance(s, str):
            kind, data = b"t", s
        else:
            kind, data = (b"r" if is_record(s) else b"o"), source_text(s)
        raw = data.encode("utf8", "surrogatepass")
        h.update(kind + len(raw).to_bytes(8, "big"))
        h.update(raw)
    return h.hexdigest()


# resident bytes per character of source an index holds: sentences, their word sets, claims and
# the tables read from them (measured: 24 MB for a 446 KB source with the rules alone)
BYTES_PER_CHAR = 56


def index_bytes(index: SourceIndex) -> int:
    """An estimate of the memory an index holds: ``BYTES_PER_CHAR`` per character of its texts,
    plus the arrays checks derived from it (sentence embeddings)."""
    arrays = sum(getattr(v, "nbytes", 0) for v in index.derived.values())
    return BYTES_PER_CHAR * sum(len(t) for t in index.texts) + arrays


class SourceIndexer:
    """Builds ``SourceIndex`` objects with a least-recently-used cache.

    ``process(text, record)`` must return ``(sentence offsets, [(start, end, ClaimValue)])``
    for one source text (``record``: a flattened JSON record, one fact a line); the
    claim tagger passes a function that runs the pipeline's own tokenizer, sentence
    splitter, NER and claim rules.
    """

    def __init__(
        self,
        process: Callable[[str, bool], Tuple[List[Tuple[int, int]], List[Tuple[int, int, ClaimValue]]]],
        cache_size: int = 64,
        max_chars: int = 2_000_000,
        cache_bytes: int = 500_000_000,
    ):
        self.process = process
        self.cache_size = cache_size
        self.max_chars = max_chars
        self.cache_bytes = cache_bytes
        self._cache: "OrderedDict[str, SourceIndex]" = OrderedDict()

    def __call__(self, sources: Sequence[Any]) -> SourceIndex:
        key = sources_key(sources)
        hit = self._cache.get(key)
        if hit is not None:
            self._cache.move_to_end(key)
            return hit
        index = self.build(sources, key)
        if self.cache_size > 0:
            self._cache[key] = index
            self._evict()
        return index

    def _evict(self) -> None:
        """Drop the least recently used indexes while more than ``cache_size`` are kept or their
        estimated memory (``index_bytes``, with what checks derived from them since) is over
        ``cache_bytes``; the newest stays, whatever its size."""
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        sizes = [index_bytes(index) for index in self._cache.values()]
        total = sum(sizes)
        for size in sizes[:-1]:
            if total <= self.cache_bytes:
                break
            self._cache.popitem(last=False)
            total -= size

    def cached_bytes(self) -> int:
        """The estimated memory of the indexes kept (see ``index_bytes``)."""
        return sum(index_bytes(index) for index in self._cache.values())

    def has(self, sources: Sequence[Any]) -> bool:
        """Whether the index of these sources is cached."""
        return sources_key(sources) in self._cache

    def clear(self) -> None:
        """Forget every cached index."""
        self._cache.clear()

    def __len__(self) -> int:
        return len(self._cache)

    def build(self, sources: Sequence[Any], key: str) -> SourceIndex:
        texts = [source_text(s) for s in sources]
        total = sum(len(t) for t in texts)
        if total > self.max_chars:
            raise SourcesTooLarge(
                f"the sources hold {total:,} characters, over the limit of {self.max_chars:,} "
                "(set max_source_chars in the ground_claims config to raise it)"
            )
        deep = [i + 1 for i, s in enumerate(sources) if json_too_deep(s)]
        if deep:
            raise UnreadableSources(
                f"source {deep[0]} is JSON nested too deeply to read (Python's parser stops at "
                f"{sys.getrecursionlimit():,} levels; records are read to {MAX_JSON_DEPTH} levels)"
            )
        index = SourceIndex(key=key, texts=texts, fiscal=fiscal_calendar(texts))
        for i, (source, text) in enumerate(zip(sources, texts)):
            record = is_record(source)
            # HTML: the source as given, which source_text read without its markup
            raw = clean_text(source) if not record and isinstance(source, str) else None
            raw = raw if raw is not None and raw != text else None
            if raw is not None:
                sent_offsets, claims = _process_html(self.process, raw)
            else:
                sent_offsets, claims = self.process(text, record)
            first = len(index.sentences)
            starts = []
            rows = [] if record else source_table_rows(text, raw)
            for s, e, reading, cells in sentences_as_read(text, sent_offsets, rows):
                if raw is not None and not cells:  # HTML: read without its markup
                    reading = html_reading(raw, s, e)
                index.sentences.append(SourceSentence(i, s, e, reading, content_words(reading), cells))
                starts.append(s)
            negatives_read = set()
            for s, e, value in claims:
                j = _find_sentence(starts, s)
                index.claims.append(SourceClaim(i, s, e, first + j, value))
                if record and value.kind == "cardinal" and not value.head:
                    keyed = _keyed(text, s, e)  # "price_usd: 249.0" is $249.0 too
                    if keyed is not None:
                        index.claims.append(SourceClaim(i, s, e, first + j, keyed))
                cells = index.sentences[first + j].cells
                negative = next((c for c in cells if c.start <= s and e <= c.end and negative_cell(c.text)), None)
                if negative is not None:
                    # "(1,234)" under "(in thousands)": -$1,234 thousand, read once for the cell
                    figure = negative.text.strip()[: negative_cell(negative.text)[3]]  # no footnote mark
                    read = _one_claim(cell_shown(figure, negative.unit))
                    if (
                        read is not None
                        and value.kind in ("cardinal", "money", "percent")
                        and (negative.start, negative.end) not in negatives_read
                    ):
                        negatives_read.add((negative.start, negative.end))
                        index.claims.append(SourceClaim(i, s, e, first + j, read))
                    continue
                scalable = value.kind == "money" and not re.search(r"[A-Za-z]", value.text)  # "$1,840"
                if cells and ((value.kind == "cardinal" and not value.head) or scalable):
                    # the number also as its column or caption says: "7.1" under "($M)" is $7.1 million,
                    # "$1,840" under "(in millions)" $1,840 million, and stays as written too, for a
                    # unit the caption gives a column it does not describe
                    # the cell's number: nothing before it in the cell but a currency sign ("$   455.1")
                    unit = next(
                        (
                            c.unit
                            for c in cells
                            if c.start <= s
                            and c.unit
                            and _CURRENCY_BEFORE.fullmatch(text, c.start, s)
                            and (c.end == e or _FOOTNOTE.fullmatch(text, e, c.end))
                        ),
                        "",
                    )
                    if value.kind == "money":
                        sign = _MONEY_CELL.match(value.text.strip())
                        unit = _money_scale(sign.group(1), unit) if sign else ""
                    read = read_with_unit(value, unit) if unit else value
                    if read is not value:
                        index.claims.append(SourceClaim(i, s, e, first + j, read))
            self._add_column_dates(index, i, first, starts, rows)
        if index.fiscal is not None:  # fiscal periods as the months the sources' fiscal years cover
            for claim in index.claims:
                claim.value = fiscal_as_calendar(claim.value, index.fiscal)
        return index

    @staticmethod
    def _add_column_dates(
        index: "SourceIndex", source: int, first: int, starts: List[int], rows: Sequence[TableRow]
    ) -> None:
        """The dates a table's column names give (``column_dates``: "Three Months Ended September
        30," over "2024" is September 30, 2024 and Q3 2024) as claims of its first header line, so
        that an answer's "Q3 2024" or "September 30, 2024" is stated by the sources."""
        header: Optional[TableRow] = None
        seen: set = set()
        after_body = True
        for row in rows:
            if row.separator:
                continue
            if row.reading is None and not row.cells:
                if after_body:  # a table's first header line
                    header, seen, after_body = row, set(), False
                continue
            after_body = True
            if header is None:
                continue
            j = first + _find_sentence(starts, header.start)
            for cell in row.cells:
                if not cell.column or cell.column in seen:
                    continue
                seen.add(cell.column)
                for value in column_dates(cell.column, index.fiscal):  # grounds a date, never refutes one
                    index.claims.append(
                        SourceClaim(source, header.start, header.end, j, replace(value, note=COLUMN_DATE))
                    )


def _process_html(
    process: Callable[[str, bool], Tuple[List[Tuple[int, int]], List[Tuple[int, int, ClaimValue]]]], raw: str
) -> Tuple[List[Tuple[int, int]], List[Tuple[int, int, ClaimValue]]]:
    """Sentences and claims of an HTML source: found in its compact reading (``html_compact``),
    their offsets those of the source as given, each sentence's bounds on its own text."""
    compact, starts, ends = html_compact(raw)
    sents, claims = process(compact, False)
    out = []
    for s, e in sents:
        while s < e and compact[s].isspace():
            s += 1
        while e > s and compact[e - 1].isspace():
            e -= 1
        if s < e:
            out.append((starts[s], ends[e - 1]))
    return out, [(starts[s], ends[e - 1], value) for s, e, value in claims if s < e]


def sentences_as_read(
    text: str, offsets: Sequence[Tuple[int, int]], rows: Sequence[TableRow]
) -> List[Tuple[int, int, str, Tuple[TableCell, ...]]]:
    """(start, end, text as the models read it, table cells) for each source sentence: a
    Markdown table's body rows one sentence each, read with their column names (the sentence
    splitter may cut a row at "Corp." or leave rows together); its separator line left out;
    the rest as written."""
    if not rows:
        return [(s, e, text[s:e], ()) for s, e in offsets]
    out = [
        (r.start, r.end, r.reading if r.reading is not None else text[r.start : r.end], r.cells)
        for r in rows
        if not r.separator and text[r.start : r.end].strip()
    ]
    in_table = sorted((r.start, r.end) for r in rows)
    ends = list(itertools.accumulate((b for _, b in in_table), max))  # sorted, also if rows overlapped
    for s, e in offsets:  # the other sentences, less any table line a sentence ran into
        for piece_s, piece_e in _outside(s, e, in_table, bisect.bisect_right(ends, s)):
            piece = text[piece_s:piece_e]
            if piece.strip():
                piece_s += len(piece) - len(piece.lstrip())
                piece_e -= len(piece) - len(piece.rstrip())
                out.append((piece_s, piece_e, text[piece_s:piece_e], ()))
    return sorted(out)


def _outside(s: int, e: int, spans: Sequence[Tuple[int, int]], first: int = 0) -> List[Tuple[int, int]]:
    """The parts of [s, e) outside every one of ``spans`` (sorted, not overlapping; ``first``:
    the first that can end after ``s``, so that a sentence walks only the spans it meets)."""
    out, pos = [], s
    for a, b in itertools.islice(spans, first, None):
        if a >= e:
            break
        if b <= pos:
            continue
        if a > pos:
            out.append((pos, a))
        pos = max(pos, b)
    if pos < e:
        out.append((pos, e))
    return out


_CURRENCY_BEFORE = re.compile(r"(?:(?:US\$|[$€£¥])\s*)?")


COLUMN_DATE = "a date a table's column name gives"  # ClaimValue.note of the column dates an index holds


_KEY_BEFORE = re.compile(r"([A-Za-z_][\w.\[\]-]{0,80}):[ \t]*$")


def _keyed(text: str, start: int, end: int) -> Optional[ClaimValue]:
    """A record line's number read in the unit its key names ("price_usd: 249.0"), or None."""
    line_end = text.find("\n", end)
    if text[end : len(text) if line_end < 0 else line_end].strip():
        return None  # more than the number on the line
    line = text[text.rfind("\n", 0, start) + 1 : start]
    m = _KEY_BEFORE.fullmatch(line)
    return keyed_value(m.group(1), text[start:end]) if m else None


def _one_claim(text: str) -> Optional[ClaimValue]:
    """The claim ``text`` states when it reads as exactly one, over all of it; else None."""
    found = find_claims(text)
    if len(found) == 1 and found[0][0] == 0 and found[0][1] == len(text):
        return found[0][2]
    return None


def _find_sentence(starts: List[int], pos: int) -> int:
    return max(0, bisect.bisect_right(starts, pos) - 1)
