"""Sources: flattening, sentence splitting and the per-sources index of claims.

A ``SourceIndex`` holds, for one list of sources, every source sentence (with
its words, for evidence lookup) and every claim found in them. It is built once
per distinct list of sources (keyed by a content hash) and reused.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from spacy.lang.en.stop_words import STOP_WORDS

from spacy_ground.text.dates import FiscalCalendar, fiscal_as_calendar, fiscal_calendar, fiscal_year_ended
from spacy_ground.text.normalize import find_claims
from spacy_ground.text.values import ClaimValue

_WORD = re.compile(r"[A-Za-z]+")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_SENT_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])|\n+")


# letters that do not decompose into a base letter and an accent
_LETTERS = str.maketrans(
    {
        "ø": "o",
        "Ø": "O",
        "ß": "ss",
        "æ": "ae",
        "Æ": "AE",
        "œ": "oe",
        "Œ": "OE",
        "ł": "l",
        "Ł": "L",
        "đ": "d",
        "Đ": "D",
        "ð": "d",
        "Ð": "D",
        "þ": "th",
        "Þ": "Th",
        "ı": "i",
    }
)


def fold_accents(text: str) -> str:
    """``text`` with accents and compatibility forms folded to plain letters ("Zürich", the
    same written with a combining diaeresis, and "Zurich" all read "Zurich"; "ﬁ" reads "fi",
    "Ørsted" "Orsted", "Straße" "Strasse"), for comparing words only: lengths can change, so
    never for offsets."""
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text.translate(_LETTERS)) if not unicodedata.combining(c))


def content_words(text: str) -> frozenset:
    """Lower-cased content words of ``text`` (camelCase and dotted paths split; accents folded)."""
    words = set()
    for w in _WORD.findall(_CAMEL.sub(" ", fold_accents(text))):
        lw = w.lower()
        if len(lw) > 1 and lw not in STOP_WORDS:
            words.add(lw[:-1] if lw.endswith("s") and len(lw) > 3 and not lw.endswith("ss") else lw)
    return frozenset(words)


_KEY_LINE = re.compile(r"^([A-Za-z_][\w.\[\]-]*):(?=\s|$)")


def readable_line(text: str) -> str:
    """A flattened record line as words for the models: ``attributes.OutdoorSeating: no``
    becomes ``attributes outdoor seating: no`` (plain text is returned unchanged)."""
    m = _KEY_LINE.match(text)
    if not m or not re.search(r"[._\[]|[a-z][A-Z]", m.group(1)):
        return text
    key = re.sub(r"\[\d+\]", " ", m.group(1)).replace(".", " ").replace("_", " ")
    return " ".join(_CAMEL.sub(" ", key).lower().split()) + text[m.end() - 1 :]


def evidence_text(evidence: Sequence[Dict[str, Any]], k: int) -> str:
    """The premise the cross-encoder reads: the top ``k`` evidence sentences best first
    (``evidence`` is ranked), a sentence repeated word for word read once, record lines
    made readable. Ranked, not in source order: the premise, and so the judgement, does not
    depend on the order the sources were given in."""
    seen, lines = set(), []
    for e in evidence[:k]:
        line = readable_line(e["text"].strip())
        if line not in seen:
            seen.add(line)
            lines.append(line)
    return " ".join(lines)


MAX_JSON_DEPTH = 32  # deeper values are not read (``within_depth``): no recursion without end
TOO_DEEP = f"(nested deeper than {MAX_JSON_DEPTH} levels, not read)"


def flatten_json(obj: Any, prefix: str = "") -> List[str]:
    """Flatten a JSON value to ``path: value`` lines (lists also get a count line); cut it
    with ``within_depth`` first when its depth is not known."""
    lines: List[str] = []
    if isinstance(obj, dict):
        for key, value in obj.items():
            lines.extend(flatten_json(value, f"{prefix}.{key}" if prefix else str(key)))
    elif isinstance(obj, list):
        if obj and any(isinstance(x, (dict, list)) for x in obj):
            if all(isinstance(x, dict) for x in obj):
                lines.append(f"{prefix or 'items'} count: {len(obj)}")
            for i, value in enumerate(obj):
                lines.extend(flatten_json(value, f"{prefix}[{i}]"))
        else:
            lines.append(
                f"{prefix}: {', '.join(_scalar(x) for x in obj)}" if prefix else ", ".join(_scalar(x) for x in obj)
            )
    else:
        lines.append(f"{prefix}: {_scalar(obj)}" if prefix else _scalar(obj))
    return lines


def within_depth(obj: Any, depth: int = 0) -> Any:
    """A JSON value cut at ``MAX_JSON_DEPTH`` levels (a deeper value becomes a string saying
    so), so that no later step (repr, hashing, flattening) recurses without end; values
    within the limit are returned as they are."""
    if not isinstance(obj, (dict, list)) or not obj:
        return obj
    if depth >= MAX_JSON_DEPTH:
        return TOO_DEEP
    if isinstance(obj, dict):
        items = {k: within_depth(v, depth + 1) for k, v in obj.items()}
        return obj if all(items[k] is v for k, v in obj.items()) else items
    cut = [within_depth(v, depth + 1) for v in obj]
    return obj if all(a is b for a, b in zip(cut, obj)) else cut


def _scalar(x: Any) -> str:
    if isinstance(x, bool):
        return "yes" if x else "no"
    if x is None:
        return "none"
    if isinstance(x, (dict, list)):
        return json.dumps(x, ensure_ascii=False)
    return str(x)


def json_record(source: Any) -> Union[Dict[str, Any], List[Any], None]:
    """The JSON object or list a source is, or holds as a string (parsed); None otherwise."""
    if isinstance(source, (dict, list)):
        return source
    if isinstance(source, str):
        stripped = source.strip()
        if stripped[:1] in ("{", "[") and stripped[-1:] in ("}", "]"):
            try:
                return json.loads(stripped)
            except (ValueError, RecursionError):
                return None
    return None


# a retrieved passage given as an object: {"title": ..., "text": ...}, LangChain's
# {"page_content": ..., "metadata": ...}; one text field and nothing but these beside it
PASSAGE_TEXT_KEYS = ("text", "content", "page_content", "passage", "body", "snippet", "chunk")
# (not "score", "rank" or "type": a review record's score is a rating, and its data)
PASSAGE_OTHER_KEYS = frozenset(
    {
        "title",
        "heading",
        "id",
        "id_",
        "doc_id",
        "document_id",
        "chunk_id",
        "passage_id",
        "node_id",
        "url",
        "link",
        "source",
        "metadata",
        "meta",
        "embedding",
        "page",
        "blob",
        "sparse_embedding",
    }
)
# keys only a retriever's output has (Haystack's Document.to_dict(), LlamaIndex nodes): beside
# them "score" is the retrieval score, not a rating ("meta" and "metadata" alone do not say so)
RETRIEVER_KEYS = frozenset({"embedding", "sparse_embedding", "blob", "node_id", "id_"})
# every key of a Haystack Document.to_dict() that holds no metadata (with ``flatten=True``, its
# default, the metadata stand beside them under their own names) and of a LlamaIndex node's
# model_dump(): such a dict is a retrieved document, its other keys metadata
HAYSTACK_KEYS = frozenset({"id", "content", "blob", "score", "embedding", "sparse_embedding"})
LLAMAINDEX_KEYS = frozenset({"id_", "text", "metadata", "relationships"})


def passage_text(source: Any) -> Optional[str]:
    """The text of a passage given as an object (its title, if any, as a first line; a
    LangChain ``Document``'s ``page_content``, a Haystack ``Document``'s ``content``, a
    LlamaIndex node's ``text``), or None for anything else, such as a record to be read as
    ``path: value`` lines."""
    if not isinstance(source, (str, dict, list)):
        return _framework_text(source)
    obj = json_record(source) if isinstance(source, str) and source.lstrip()[:1] == "{" else source
    if not isinstance(obj, dict):
        return None
    if HAYSTACK_KEYS <= set(obj) and isinstance(obj["content"], str):
        return obj["content"]
    if LLAMAINDEX_KEYS <= set(obj) and isinstance(obj["text"], str):
        return obj["text"]
    keys = [k for k in PASSAGE_TEXT_KEYS if isinstance(obj.get(k), str)]
    allowed = PASSAGE_OTHER_KEYS | ({"score"} if RETRIEVER_KEYS & set(obj) else frozenset())
    if len(keys) != 1 or not set(obj) - {keys[0]} <= allowed:
        return None
    title = obj.get("title", obj.get("heading"))
    body = obj[keys[0]]
    return f"{title.strip()}\n{body}" if isinstance(title, str) and title.strip() else body


def read_sources(sources: Union[str, Sequence[Any], None]) -> Optional[List[Any]]:
    """Sources as ``make_doc`` stores them (``doc._.ground_sources``): one text or record as a
    list of one, each passage object as its text; bad input raises a TypeError."""
    if isinstance(sources, (bytes, bytearray)) or (
        isinstance(sources, (list, tuple)) and any(isinstance(s, (bytes, bytearray)) for s in sources)
    ):
        raise TypeError("sources must be texts (str) or JSON records, not bytes: decode them first")
    if isinstance(sources, (str, dict)):
        sources = [sources]
    elif isinstance(sources, (set, frozenset)):
        raise TypeError("sources must be a list (their order gives the source numbers in reasons), not a set")
    elif sources is not None:
        try:
            sources = list(sources)
        except TypeError:
            raise TypeError(
                f"sources must be a list of texts or JSON records (or one of them), not {type(sources).__name__}"
            ) from None
    return None if sources is None else [_as_read(s) for s in sources]


def _as_read(source: Any) -> Any:
    """A source as the components read it: a passage given as an object ({"title": ...,
    "text": ...}) as its text, a record cut at the depth it is read to, anything else as given."""
    text = passage_text(source)
    if text is not None:
        return text
    return within_depth(source) if isinstance(source, (dict, list)) else source


def _framework_text(source: Any, nested: bool = False) -> Optional[str]:
    """The text of a retriever framework's document object: LangChain's ``page_content``,
    Haystack's ``content`` (beside ``meta``), a LlamaIndex ``TextNode``'s ``text`` (beside
    ``metadata``) or the node of a ``NodeWithScore`` (one level); None for any other object."""
    for attr, beside in (("page_content", None), ("content", "meta"), ("text", "metadata")):
        text = getattr(source, attr, None)
        if isinstance(text, str) and (beside is None or hasattr(source, beside)):
            return text
    if nested or not hasattr(source, "score"):
        return None
    node = getattr(source, "node", None)
    return _framework_text(node, nested=True) if node is not None else None


def is_record(source: Any) -> bool:
    """True for a JSON record (a dict or list, or a string holding a JSON object or list)."""
    return json_record(source) is not None


SOURCE_KINDS = ("record", "passages", "document")


def check_source_kinds(kinds: Iterable[str], what: str) -> None:
    """A clear error for a name that is not a kind of sources (in a setting keyed by kind)."""
    unknown = sorted(set(kinds) - set(SOURCE_KINDS))
    if unknown:
        raise ValueError(f"{what}: unknown source kind {unknown[0]!r}; source kinds are {SOURCE_KINDS}")


def source_kind(sources: Union[str, Dict[str, Any], Sequence[Any], None]) -> str:
    """What the sources are, from the input alone: 'record' when one is a JSON record,
    'passages' for several non-blank texts (retrieved passages), 'document' for one text
    (or none). A single text or record counts as a list of one; None entries are skipped,
    as everywhere else."""
    if isinstance(sources, (str, dict)):
        sources = [sources]
    sources = [s for s in (sources or []) if s is not None]
    if any(isinstance(s, (dict, list)) for s in sources):
        return "record"
    return _text_kind(tuple(s if isinstance(s, str) else str(s) for s in sources))


@lru_cache(maxsize=16)
def _text_kind(texts: Tuple[str, ...]) -> str:
    """source_kind for texts (cached: the components of one answer ask in turn, and a JSON
    string is parsed once, not once per component; small, since it holds the texts)."""
    if any(is_record(t) for t in texts):
        return "record"
    return "passages" if sum(1 for t in texts if t.strip()) > 1 else "document"


_SURROGATE = re.compile("[\ud800-\udfff]")


def clean_text(text: str) -> str:
    """``text`` with lone surrogates (which no tokenizer can encode) replaced by U+FFFD,
    one character for one, so character offsets stay valid."""
    return _SURROGATE.sub("\ufffd", text)


def source_text(source: Any) -> str:
    """The text to index for one source: JSON records (dicts, or strings holding a
    JSON object or list) become ``path: value`` lines; anything else is kept as text, its
    HTML markup blanked out (``mask_html``: every offset stays that of the source as given)."""
    record = json_record(source)
    if record is not None:  # one fact a line: a value's markup is left as written
        return clean_text("\n".join(flatten_json(within_depth(record))))
    return mask_html(clean_text(_source_text(source)))


# HTML: comments, declarations ("<!DOCTYPE html>", "<?xml ...?>"), elements whose content is no
# text (blanked whole), footnote marks in <sup> (group 2), and tags (group 4; "ix:nonFraction" too)
_HTML_MARKUP = re.compile(
    r"<!--.*?(?:-->|$)|<![a-zA-Z][^<>]*>|<\?[^<>]*\?>"
    r"|<(script|style|template|svg|noscript)\b[^<>]*>.*?(?:</\1\s*>|$)"
    r"|(<sup\b[^<>]*>\s*(\[?\(?[0-9a-zA-Z*\u2020\u2021\u00a7\u00b6]{1,3}\)?\]?)\s*</sup\s*>)"
    r"|</?([a-zA-Z][a-zA-Z0-9]*(?::[a-zA-Z][a-zA-Z0-9._-]*)?)(?:\s(?:[^<>\"']|\"[^\"]*\"|'[^']*')*)?/?>",
    re.S | re.I,
)
_HTML_TAGS = frozenset(
    "a abbr address area article aside audio b bdi bdo big blockquote body br button canvas caption center cite "
    "code col colgroup data dd del details dfn dialog div dl dt em fieldset figcaption figure font footer form h1 "
    "h2 h3 h4 h5 h6 head header hr html i iframe img input ins kbd label legend li link main map mark meta meter "
    "nav nobr ol optgroup option output p picture pre progress q rp rt ruby s samp section select small source "
    "span strike strong sub summary sup table tbody td textarea tfoot th thead time title tr tt u ul var video "
    "wbr".split()
)
# tags that end a line of text: a paragraph, heading, list item or table row
_HTML_BLOCK = frozenset(
    "address article aside blockquote body br caption dd details dialog div dl dt fieldset figcaption figure "
    "footer form h1 h2 h3 h4 h5 h6 head header hr html legend li main nav ol p pre section summary table tbody "
    "tfoot thead title tr ul".split()
)
_HTML_CELL = frozenset(("td", "th"))
_HTML_ROW = frozenset(("tr", "table", "thead", "tbody", "tfoot", "caption"))
_HTML_ENTITY = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});")
# what a footnote mark follows: a number (not the 10 of "10<sup>6</sup>"), a word of 3 letters
# or more, a closing bracket, a per cent sign or a full stop; "m<sup>2</sup>" is a square metre
_BEFORE_FOOTNOTE = re.compile(r"(?:(?<![\d.,])(?!10$)\d[\d.,]*|[A-Za-z]{3,}|[)%.\]])\s*$")


def _entity(m: "re.Match[str]") -> Optional[str]:
    """The one character an entity stands for ("&amp;" -> "&"), or None for one HTML does not know."""
    char = html.unescape(m.group(0))
    return char if len(char) == 1 and char != m.group(0) else None


def _html_pieces(text: str, html_text: bool = False) -> List[Tuple[int, int, str]]:
    """``text`` cut into (start, end, kind): "text", "entity", or markup to blank out: "row" (a
    table's or a table row's tag), "line" (another tag that ends a line of text), "cell" (a table
    cell's tag), "space" (a comment, a script, a footnote mark in ``<sup>``, the tags of
    ``<sup>`` and ``<sub>``), "inline" (any other tag: no space in the text as read). An empty list when the text holds no tag of
    HTML's own vocabulary ("a <b> c" holds one; "x < y", "<Acme>" do not) and no entity HTML
    knows ("&amp;"); ``html_text``: a piece of a text known to be HTML, its markup read as such."""
    found = list(_HTML_MARKUP.finditer(text)) if "<" in text else []
    tags = [m for m in found if m.group(4) is not None]
    is_html = (
        html_text
        or any(m.group(4).lower() in _HTML_TAGS or ":" in m.group(4) for m in tags)
        or any(m.group(2) is not None for m in found)
    )
    entities = [m for m in _HTML_ENTITY.finditer(text) if _entity(m)] if "&" in text else []
    if not is_html and not entities:
        return []
    marks: List[Tuple[int, int, str]] = []
    if is_html:
        for m in found:
            name = (m.group(4) or "").lower()
            if m.group(4) is not None and name not in _HTML_TAGS and ":" not in name:
                continue  # "<Acme>": not a tag of HTML's
            if m.group(2) is not None and not _BEFORE_FOOTNOTE.search(text, max(0, m.start() - 40), m.start()):
                continue  # "10<sup>6</sup>": an exponent, its tags blanked as tags below
            kind = (
                "row"
                if name in _HTML_ROW
                else "line"
                if name in _HTML_BLOCK
                else "cell"
                if name in _HTML_CELL
                else "space"
                if name in ("sup", "sub", "img", "hr", "wbr") or m.group(2) is not None or m.group(4) is None
                else "inline"
            )
            marks.append((m.start(), m.end(), kind))
        if any(m.group(2) is not None for m in found):  # the tags of the <sup> elements kept as text
            marked = {a for a, _, _ in marks}
            kept = [(m.start(2), m.end(2)) for m in found if m.group(2) is not None and m.start() not in marked]
            for a, b in kept:
                for t in re.finditer(r"</?sup\b[^<>]*>", text[a:b], re.I):
                    marks.append((a + t.start(), a + t.end(), "space"))
            marks.sort()
    pieces: List[Tuple[int, int, str]] = []
    pos = 0
    starts = [m.start() for m in entities]
    for a, b, kind in marks:
        pieces += _text_pieces(text, pos, a, entities, starts)
        pieces.append((a, b, kind))
        pos = b
    return pieces + _text_pieces(text, pos, len(text), entities, starts)


def _text_pieces(
    text: str, start: int, end: int, entities: Sequence["re.Match[str]"], starts: Sequence[int]
) -> List[Tuple[int, int, str]]:
    """The text between two tags, its entities apart (``starts``: the entities' sorted starts)."""
    import bisect

    out, pos = [], start
    for k in range(bisect.bisect_left(starts, start), len(entities)):
        m = entities[k]
        if m.start() >= end:
            break
        if m.end() <= end:
            if m.start() > pos:
                out.append((pos, m.start(), "text"))
            out.append((m.start(), m.end(), "entity"))
            pos = m.end()
    if end > pos:
        out.append((pos, end, "text"))
    return out


_CLOSED_MARKUP = re.compile(r"</[A-Za-z][\w:-]*\s*>|<br\s*/?>|<[A-Za-z][\w:-]*\s*/>|" + _HTML_ENTITY.pattern)


def mask_answer(text: str) -> str:
    """An answer or question read without its HTML (``mask_html``) when it holds markup that only
    HTML writes (a closing tag, ``<br>``, an entity): "If a<b and the fee is $9 then b>c." stays
    as it is."""
    return mask_html(text) if ("<" in text or "&" in text) and _CLOSED_MARKUP.search(text) else text


def mask_html(text: str) -> str:
    """``text`` with its HTML markup blanked out, one character for one so that offsets stay
    valid: tags, comments, scripts, styles and footnote marks (``$4.2<sup>1</sup>``) as spaces
    (a paragraph, heading, list item, row or ``<br>`` as a line break), an entity as the
    character it stands for, padded with spaces on the side away from the word it is written
    against ("10&#37;" -> "10%    ", "&pound;5" -> "     £5", "&nbsp;" -> spaces). Text with no
    tag of HTML's own vocabulary ("x < y", "<Acme>") and no entity is returned as it is."""
    pieces = _html_pieces(text)
    if not pieces:
        return text
    out = []
    for a, b, kind in pieces:
        piece = text[a:b]
        if kind == "text":
            out.append(piece)
        elif kind == "entity":
            char = _entity(_HTML_ENTITY.match(piece)) or piece
            char = " " if char.isspace() or char == "\u200b" else char
            pad = " " * (len(piece) - 1)
            before, after = text[a - 1 : a], text[b : b + 1]
            # beside the text it belongs to: "&pound;5" -> "     £5", "10&#37;" -> "10%    "
            out.append(pad + char if after.isalnum() and not before.isalnum() else char + pad)
        else:
            out.append(("\n" if kind in ("line", "row") else " ") + " " * (len(piece) - 1))
    return "".join(out)


def html_compact(text: str, html_text: bool = False) -> Tuple[str, List[int], List[int]]:
    """``text`` (HTML) as the claim tagger reads it: markup dropped (an inline tag such as
    ``<span>`` leaves no space), entities read, white space one space, a table cell's edge " | "
    and a row's " |" and a line break (no value runs across cells or rows), a line break where
    another block tag or line break was; with, for each character, its start and end offset in
    ``text`` (none of that for text ``mask_html`` leaves as it is: returned with identity offsets;
    ``html_text``: a piece of a text known to be HTML)."""
    pieces = _html_pieces(text, html_text)
    if not pieces:
        return text, list(range(len(text))), list(range(1, len(text) + 1))
    chars: List[str] = []
    starts: List[int] = []
    ends: List[int] = []
    gap: Optional[List[Any]] = None  # [start, end, strength] of the blank run being read

    def blank(a: int, b: int, strength: int) -> None:
        nonlocal gap
        if gap is None:
            gap = [a, b, strength]
        else:
            gap[1], gap[2] = b, max(gap[2], strength)

    def put(char: str, a: int, b: int) -> None:
        nonlocal gap
        if gap is not None and chars:
            for c in " |\n" if gap[2] == 3 else "\n" if gap[2] == 2 else " | " if gap[2] == 1 else " ":
                chars.append(c)
                starts.append(gap[0])
                ends.append(gap[1])
        gap = None
        chars.append(char)
        starts.append(a)
        ends.append(b)

    for a, b, kind in pieces:
        if kind == "inline":  # "$<span>1,299</span>", "<b>Rev</b>enue": no space where a browser shows none
            continue
        if kind in ("row", "line", "cell", "space"):
            blank(a, b, {"row": 3, "line": 2, "cell": 1, "space": 0}[kind])
        elif kind == "entity":
            char = _entity(_HTML_ENTITY.match(text, a)) or text[a:b]
            if char.isspace() or char == "\u200b":
                blank(a, b, 0)
            else:
                put(char, a, b)
        else:
            for k in range(a, b):
                if text[k].isspace():
                    blank(k, k + 1, 2 if text[k] == "\n" else 0)
                else:
                    put(text[k], k, k + 1)
    return "".join(chars), starts, ends


def html_reading(text: str, start: int = 0, end: Optional[int] = None) -> str:
    """``text[start:end]``, a piece of HTML, as plain words for the models: markup dropped,
    entities read (one the bounds cut, as ``mask_html``'s offsets may, read whole), white space
    as single spaces ("Acme&#39;s <b>CEO</b>" -> "Acme's CEO")."""
    start, end = _entity_bounds(text, start, len(text) if end is None else end)
    return " ".join(html_compact(text[start:end], html_text=True)[0].split())


def _entity_bounds(text: str, start: int, end: int) -> Tuple[int, int]:
    """``start`` and ``end`` moved out of any entity HTML knows that they cut ("&#36;1,840" from
    its ";" to its "&"), as ``mask_html``'s offsets may."""
    for m in _HTML_ENTITY.finditer(text, max(0, start - 40), min(len(text), end + 40)):
        if _entity(m) is None:
            continue
        if m.start() < start < m.end():
            start = m.start()
        if m.start() < end < m.end():
            end = m.end()
    return start, end


def _source_text(source: Any) -> str:
    record = json_record(source)
    if record is not None:
        return "\n".join(flatten_json(within_depth(record)))
    if source is None:
        return ""
    if not isinstance(source, str):
        return _scalar(source)  # a bare number or date given as a source
    return source


def split_sentences(text: str) -> List[Tuple[int, int]]:
    """Rule-based sentence offsets (used when the pipeline sets no sentence boundaries)."""
    spans, start = [], 0
    for m in _SENT_END.finditer(text):
        if m.start() > start:
            spans.append((start, m.start()))
        start = m.end()
    if start < len(text):
        spans.append((start, len(text)))
    return [(s, e) for s, e in spans if text[s:e].strip()]


_TABLE_SEPARATOR = re.compile(r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$")  # GitHub: one dash or more a cell


def is_table_separator(line: str) -> bool:
    """Whether a line is the ``|---|:--:|`` line under a Markdown table's column names."""
    return "|" in line and bool(_TABLE_SEPARATOR.match(line))


@dataclass(frozen=True)
class TableCell:
    """A body cell of a Markdown table: its column's name, its offsets in the source text, and
    how its bare numbers read ("$ million" under "Revenue ($M)" or a caption "(in $ millions)";
    "%" under "Margin (%)"; "" when nothing says)."""

    column: str
    start: int
    end: int
    unit: str = ""
    text: str = ""  # as read (an HTML cell's without its markup)


# column names whose numbers are no amounts in the caption's unit: shares, per-share figures, ratios, counts
_OWN_SCALE = re.compile(
    r"%|\bper[- ]share\b|\bEPS\b|\bratio\b|\bcount\b|\bemployees\b|\bheadcount\b"
    r"|\bprices?\b|\bper\b",
    re.I,
)
_BARE_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")
# a footnote mark after a cell's number: "7.1*", "7.1¹", "7.1 (1)", "7.1 [a]"
_FOOTNOTE = re.compile(r"\s*(?:\*{1,3}|†|‡|[¹²³⁴⁵⁶⁷⁸⁹⁰]+|\(\d{1,2}\)|\[[a-z0-9]{1,2}\])", re.I)
_CURRENCY = {
    "$": "$",
    "us$": "$",
    "usd": "$",
    "dollars": "$",
    "€": "€",
    "eur": "€",
    "euros": "€",
    "£": "£",
    "gbp": "£",
    "pounds": "£",
    "¥": "¥",
    "jpy": "¥",
    "yen": "¥",
}
_SCALE = {
    "thousand": "thousand",
    "thousands": "thousand",
    "000s": "thousand",
    "k": "thousand",
    "million": "million",
    "millions": "million",
    "mn": "million",
    "mm": "million",
    "m": "million",
    "billion": "billion",
    "billions": "billion",
    "bn": "billion",
    "b": "billion",
}
_UNIT_GROUP = re.compile(
    r"\(([^()]{1,160})\)|,\s*((?:in\s+)?[$€£¥]?\s*(?:in\s+)?[a-z$€£¥0-9]+(?:\s+[a-z]+)?)\s*$", re.I
)


# column names of dates: the caption's unit is not theirs ("Year" under "(in $ millions)")
_DATE_COLUMN = re.compile(r"(?:fiscal\s+)?(?:years?|quarters?|dates?|periods?|months?|fy|as\s+of)", re.I)


_PRICE = re.compile(r"\d{1,3}\.\d\d")  # "9.99", "1.61": a price or a per-share figure; "1,204.6" is an amount


def _table_currency(cells: Iterable[str]) -> str:
    """The currency a table writes its amounts in, from a cell that is a currency sign alone
    ("| $ | 7,140 |", a filing's first and total rows) or an amount with its sign ("$1,840",
    "$1,204.6"; not a price, "$9.99"),
    for the bare numbers a caption scales ("(in millions)"); "" when none says."""
    for cell in cells:
        cell = cell.strip()
        money = _MONEY_CELL.fullmatch(cell)
        # "$9.99" is a price, not an amount the caption scales
        sign = (
            cell
            if _CURRENCY_CELL.fullmatch(cell)
            else money.group(1)
            if money and not _PRICE.fullmatch(money.group(2))
            else ""
        )
        if sign:
            return _CURRENCY.get(sign.lower(), sign)
    return ""


_PER_SHARE = re.compile(r"\bper[- ](?:common\s+|ordinary\s+)?share\b|\bEPS\b|\bdividends?\s+declared\b", re.I)
# what a table counts: its numbers take a caption's scale but not its currency
_COUNT = re.compile(
    r"\b(?:shares|subscribers|customers|users|members|accounts|employees|stores|units|orders|"
    r"downloads|visits|visitors|households|patients|students|vehicles|deliveries)\b",
    re.I,
)


def _row_unit(label: str, column: str, unit: str) -> str:
    """The unit of a cell's bare number given its row's label too: the column name's own
    ("Revenue ($M)"), else the label's ("Revenue ($M)" or "Gross margin (%)" heading a row of a
    table by quarter), else none for a label that names shares, per-share figures, ratios or
    counts ("Diluted EPS" under "(in millions, except per share data)"), else ``unit`` (the
    caption's)."""
    if unit_hint(column) or quantity_hint(column):
        return unit
    if _PER_SHARE.search(label) and not (unit_hint(label) or quantity_hint(label)):
        # "Diluted EPS" under "(in $ millions, except per share data)": dollars, not millions
        return unit.split(" ")[0] if unit.split(" ")[0] in _CURRENCY.values() else ""
    hint = unit_hint(label) or quantity_hint(label) or ("" if _OWN_SCALE.search(label) else unit)
    if hint and _COUNT.search(f"{column} {label}"):  # "Subscribers" under "(in $ millions)": millions, no dollars
        return hint.split(" ")[-1] if hint.split(" ")[-1] in _SCALES else ""
    return hint


# units of measure a column name or row label may give in brackets ("Weight (kg)", "Protein (g)"):
# unambiguous ones only ("(m)" may be metres or millions, "(L)" and "(s)" are read as no unit)
_MEASURES = frozenset("g mg kg kcal kJ ml mL km cm mm kWh MWh kW MW GW GB TB MB lb lbs oz mi ft °C °F mph km/h".split())


def quantity_hint(text: str) -> str:
    """The unit of measure a column name or row label gives its bare numbers, in brackets
    ("Protein (g)" -> "g", "Energy (kcal)" -> "kcal"); "" for none, or an amount's (``unit_hint``)."""
    for m in re.finditer(r"\(\s*([^()]{1,8}?)\s*\)", text):
        if m.group(1) in _MEASURES:
            return m.group(1)
    return ""


def _column_unit(name: str, caption_unit: str) -> str:
    """The unit of a column's bare numbers: its name's ("Revenue ($M)", "Weight (kg)"), else the
    caption's, unless the name says its numbers have a scale of their own (shares, counts) or are dates."""
    own = unit_hint(name) or quantity_hint(name)
    if own or _OWN_SCALE.search(name) or _DATE_COLUMN.fullmatch(name.strip()):
        return own
    return caption_unit


def unit_hint(text: str) -> str:
    """How bare numbers under a column name or table caption read: "$ million" for "Revenue
    ($M)", "(in $ millions)", "(USD thousands)", "Sales, $ in millions"; "million" for "(in
    millions)"; "$" for "EPS ($)"; "%" for "Margin (%)"; "" when the text says none. A lone
    letter is a scale beside a currency, or alone when upper-case: "Paid memberships (M)",
    "Downloads (K)" read "million", "thousand"; "Height (m)" is metres."""
    for m in _UNIT_GROUP.finditer(text):
        if (m.group(1) or "").strip() in ("K", "M", "B", "MM", "Mn", "Bn"):
            return _SCALE[m.group(1).strip().lower()]
        group = (m.group(1) or m.group(2) or "").strip().lower()
        # "(in millions, except per share data)", "(in thousands, except percentages)": the
        # exceptions are columns of their own scale (_OWN_SCALE)
        group = re.sub(r"[,;]?\s*(?:except|unless)\b.*$", "", group)
        group = re.sub(r"\bu\.?s\.? dollars\b", "dollars", group)
        if group in ("%", "in %", "percent", "in percent", "per cent"):
            return "%"
        if "per share" in group:
            continue
        tokens = re.findall(
            r"us\$|[$€£¥]|[a-z0-9]+", group.replace("$m", "$ m").replace("$k", "$ k").replace("$b", "$ b")
        )
        tokens = [t for t in tokens if t not in ("in", "of", "amounts", "data", "figures", "unaudited")]
        currency = next((_CURRENCY[t] for t in tokens if t in _CURRENCY), "")
        scales = [t for t in tokens if t in _SCALE and (len(t) > 2 or currency or t in ("mn", "bn"))]
        if not (scales or currency) or any(t not in _CURRENCY and t not in _SCALE for t in tokens):
            continue  # "(m)" alone, "(in millions of units)": not an amount's unit
        return f"{currency} {_SCALE[scales[0]]}".strip() if scales else currency  # "EPS ($)": dollars
    return ""


@dataclass
class TableRow:
    """A line of a Markdown table in a source text: ``start`` / ``end`` its offsets, ``reading``
    the row with its column names ("Quarter: Q2 2024; Revenue: $7.1 million") or None for the
    header line, ``separator`` for the ``|---|---|`` line under it, ``cells`` a body row's
    non-empty cells."""

    start: int
    end: int
    reading: Optional[str]
    separator: bool = False
    cells: Tuple[TableCell, ...] = ()


def _cells(line: str, offset: int = 0) -> List[Tuple[str, int, int]]:
    """A table line's cells as (text, start, end), offsets from ``offset`` ("| a | b |" and
    "a | b" alike; "\\|" is a pipe inside a cell)."""
    bounds = [m.start() for m in re.finditer(r"(?<!\\)\|", line)]
    pieces = list(zip([-1] + bounds, bounds + [len(line)]))
    if bounds and bounds[0] == len(line) - len(line.lstrip()):
        pieces = pieces[1:]  # a leading pipe: nothing before it
    if bounds and bounds[-1] == len(line.rstrip()) - 1 and pieces:
        pieces = pieces[:-1]  # a trailing pipe: nothing after it
    out = []
    for a, b in pieces:
        raw = line[a + 1 : b]
        start = a + 1 + len(raw) - len(raw.lstrip())
        text = raw.strip()
        out.append((text.replace("\\|", "|"), offset + start, offset + start + len(text)))
    return out


def markdown_table_rows(text: str) -> List[TableRow]:
    """The lines of every Markdown table in ``text`` (a header line with a pipe, a separator
    line of dashes, then the lines with a pipe under them), each body row read with its
    column names so that a model sees which column a value sits in, and a bare number in a
    cell with the unit its column name gives, else the caption's (the nearest of the lines above
    that gives one, ``caption_unit_above``; a unit note in the corner first), unless the
    column name says its numbers are shares, per-share figures, ratios or counts."""
    if "|" not in text or "-" not in text:
        return []
    lines, pos = [], 0
    for line in text.split("\n"):
        lines.append((pos, pos + len(line), line))
        pos += len(line) + 1
    rows: List[TableRow] = []
    i = 0
    while i + 1 < len(lines):
        start, end, line = lines[i]
        sep = lines[i + 1]
        # as in GitHub's Markdown, the separator has a cell for each column name
        header = [c for c, _, _ in _cells(line)] if "|" in line and is_table_separator(sep[2]) else []
        if not header or len(_cells(sep[2])) != len(header):
            i += 1
            continue
        # a caption: the lines above the column names, up to another table
        above = []
        for j in range(i - 1, max(-1, i - 8), -1):
            if "|" in lines[j][2]:
                break
            above.append(lines[j][2])
        corner = unit_note(header[0]) if header else ""  # "| (in millions) | 2024 | 2023 |"
        caption_unit = corner or caption_unit_above(above)
        header = [""] + header[1:] if corner else header
        body = []
        for j in range(i + 2, len(lines)):
            if "|" not in lines[j][2] or not lines[j][2].strip():
                break
            body.append(lines[j])
        # rows under the separator with a blank first cell and no figure but years name the
        # columns too, as converters write a statement's header ("| | 2024 | 2023 |")
        names = [[h] if h else [] for h in header]
        more = 0
        for _, _, b_line in body:
            texts = [c for c, _, _ in _cells(b_line)]
            if not texts or texts[0] or not any(texts[1:]) or not names_only(texts[1:]):
                break
            more += 1
            for n, text_of in enumerate(texts[: len(names)]):
                if text_of and (not names[n] or names[n][-1] != text_of):
                    names[n].append(text_of)
        header = [" ".join(_one_year_each(n)) for n in names]
        units = [_column_unit(name, caption_unit) for name in header]
        currency = _table_currency(c for _, _, line in body for c, _, _ in _cells(line)[1:])
        units = [
            f"{currency} {u}" if currency and u in _SCALES and not unit_hint(name) else u
            for name, u in zip(header, units)
        ]
        rows += [TableRow(start, end, None), TableRow(sep[0], sep[1], None, separator=True)]
        rows += [TableRow(b_start, b_end, None) for b_start, b_end, _ in body[:more]]
        i += 2 + more
        section = ""
        while i < len(lines) and "|" in lines[i][2] and lines[i][2].strip():
            r_start, r_end, r_line = lines[i]
            parts, cells = [], []
            row_cells = _cells(r_line, r_start)
            texts = closed_brackets([c for c, _, _ in row_cells])  # "(412" and ")" in cells of their own
            label = texts[0] if texts else ""
            if label and not any(texts[1:]):
                section = label  # "Earnings per share:" heads the rows below
            label = _in_section(label, section)
            currency = ""
            for n, ((_, c_start, c_end), cell) in enumerate(zip(row_cells, texts)):
                if not cell:
                    continue
                if n and _CURRENCY_CELL.fullmatch(cell):  # "$" in a cell of its own: the next cell's
                    currency = _CURRENCY.get(cell.lower(), cell)
                    continue
                at = _named_at(header, texts, n)  # a figure right of its column's name ("| $ | 18,420 |")
                name = header[at] if at < len(header) else ""
                unit = _row_unit(label, name, units[at] if at < len(units) else "") if n else ""
                if currency and unit in _SCALES | {""} and (_whole(_BARE_NUMBER, cell) or negative_cell(cell)):
                    unit = f"{currency} {unit}".strip()
                currency = ""
                shown = cell_shown(cell, unit)
                parts.append(f"{name}: {shown}" if name else shown)
                cells.append(TableCell(name, c_start, c_end, unit, cell))
            rows.append(TableRow(r_start, r_end, "; ".join(parts) if parts else None, cells=tuple(cells)))
            i += 1
    return rows


_SHARE_CLASS_LABEL = re.compile(r"\s*(?:basic|diluted)(?:\s*(?:and|&|/)\s*(?:basic|diluted))?\s*[:.]?\s*", re.I)


def _in_section(label: str, section: str) -> str:
    """A row label as its unit is read: "Diluted" under a section "Earnings per share:" is
    "Earnings per share: Diluted" (a per-share figure, not scaled); any other label as it is."""
    return f"{section} {label}" if section and _SHARE_CLASS_LABEL.fullmatch(label) else label


def _named_at(header: Sequence[str], texts: Sequence[str], n: int) -> int:
    """The column whose name a row's n-th cell is read under: its own, or, when its column has
    no name, the nearest named column to its left if the cells between are blank or a currency
    sign (a converter dropped a ``colspan``: "| | 2024 | |" over "| $ | 18,420 |")."""
    if n == 0 or (n < len(header) and header[n]):
        return n
    for j in range(n - 1, 0, -1):
        if texts[j] and not _CURRENCY_CELL.fullmatch(texts[j]):
            return n
        if j < len(header) and header[j]:
            return j
    return n


_HTML_TABLE_TAG = re.compile(
    r"<(/?)(table|caption|thead|tbody|tfoot|tr|td|th)\b((?:[^<>\"']|\"[^\"]*\"|'[^']*')*)>", re.I
)
_COLSPAN = re.compile(r"(?<![-\w])colspan\s*=\s*[\"']?\s*(\d+)", re.I)
_ROWSPAN = re.compile(r"(?<![-\w])rowspan\s*=\s*[\"']?\s*(\d+)", re.I)
_CURRENCY_CELL = re.compile(r"(?:US)?[$€£¥]|USD|EUR|GBP", re.I)
_YEAR = re.compile(r"(?:19|20)\d\d")
# a date's or a period's numbers, no figures: "December 31", "Q1 2024", "FY24", "H1"
_PERIOD = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b"
    r"|\b(?:Q[1-4]|H[12]|FY)\s*'?\d{0,4}\b",
    re.I,
)
_BOLD_CELL = re.compile(r"\s*<(b|strong)\b[^<>]*>[^<>]*</\1\s*>\s*", re.I)


@dataclass
class _HtmlCell:
    start: int  # inner text
    end: int
    th: bool
    colspan: int = 1
    rowspan: int = 1


@dataclass
class _HtmlRow:
    start: int
    end: int = -1
    head: bool = False  # in <thead>
    cells: List[_HtmlCell] = field(default_factory=list)


@dataclass
class _HtmlTable:
    start: int
    end: int = -1
    caption: str = ""
    rows: List[_HtmlRow] = field(default_factory=list)
    nested: bool = False  # holds another table (a layout table): its rows are not read
    # parsing state
    row: Optional[_HtmlRow] = None
    cell: Optional[_HtmlCell] = None
    head: bool = False
    caption_at: int = -1

    def close_cell(self, at: int) -> None:
        if self.cell is not None and self.row is not None:
            self.cell.end = at
            self.row.cells.append(self.cell)
        self.cell = None

    def close_row(self, at: int) -> None:
        self.close_cell(at)
        if self.row is not None:
            self.row.end = at
            self.rows.append(self.row)
        self.row = None


def _html_tables(text: str) -> List[_HtmlTable]:
    """Every table of an HTML text with its rows and cells (a cell or row left open ends where
    the next begins, as browsers read them). A table inside another is read as a table of its
    own, and the one around it is marked ``nested`` (a page's layout, not read as a table)."""
    done: List[_HtmlTable] = []
    stack: List[_HtmlTable] = []
    tags = {a for a, _, kind in _html_pieces(text, html_text=True) if kind in ("row", "cell")}
    for m in _HTML_TABLE_TAG.finditer(text):
        if m.start() not in tags:  # in a comment, a script or an attribute's value
            continue
        closing, name = m.group(1) == "/", m.group(2).lower()
        if name == "table":
            if not closing:
                if stack:
                    stack[-1].nested = True
                stack.append(_HtmlTable(m.start()))
            elif stack:
                table = stack.pop()
                table.close_row(m.start())
                table.end = m.end()
                done.append(table)
            continue
        if not stack:
            continue
        table = stack[-1]
        if name == "caption":
            if closing and table.caption_at >= 0:
                table.caption = html_reading(text, table.caption_at, m.start())
            table.caption_at = -1 if closing else m.end()
        elif name in ("thead", "tbody", "tfoot"):
            table.close_row(m.start())
            table.head = name == "thead" and not closing
        elif name == "tr":
            table.close_row(m.start() if not closing else m.end())
            if not closing:
                table.row = _HtmlRow(m.start(), head=table.head)
        elif closing:  # </td>, </th>
            table.close_cell(m.start())
        else:  # <td>, <th>
            table.close_cell(m.start())
            if table.row is None:
                table.row = _HtmlRow(m.start(), head=table.head)
            col, row = _COLSPAN.search(m.group(3)), _ROWSPAN.search(m.group(3))
            table.cell = _HtmlCell(
                m.end(),
                -1,
                name == "th",
                max(1, min(int(col.group(1)), 50)) if col else 1,
                min(int(row.group(1)), 500) or 500 if row else 1,
            )  # 0: to the end
    while stack:  # a table left open runs to the end of the text
        table = stack.pop()
        table.close_row(len(text))
        table.end = len(text)
        done.append(table)
    return sorted(done, key=lambda t: t.start)


def _grid(table: _HtmlTable, text: str) -> List[List[Tuple[int, _HtmlCell, str]]]:
    """Each row's cells as (column, cell, text), columns counted as a browser lays them out: a
    ``colspan`` takes several, a ``rowspan`` cell keeps its column in the rows below and is read
    in them too (a region's name beside each of its quarters), at its own offsets."""
    held: Dict[int, List[Any]] = {}  # column -> [rows it is still taken for, cell, text, its first column]
    out = []
    for r in table.rows:
        carried = [(c, h[1], h[2]) for c, h in held.items() if h[3] == c]
        col, cells = 0, []
        for cell in r.cells:
            while col in held:
                col += 1
            reading = html_reading(text, cell.start, cell.end)
            cells.append((col, cell, reading))
            if cell.rowspan > 1:
                for c in range(col, col + cell.colspan):
                    held[c] = [cell.rowspan, cell, reading, col]  # counted down below, this row included
            col += cell.colspan
        for c in list(held):
            held[c][0] -= 1
            if held[c][0] <= 0:
                del held[c]
        out.append(sorted(carried + cells, key=lambda t: t[0]))
    return out


def names_only(texts: Iterable[str]) -> bool:
    """Whether table cells hold no figure but years, dates and quarters (column names)."""
    return not any(
        n.group(0) for t in texts for n in _BARE_NUMBER.finditer(_PERIOD.sub(" ", t)) if not _YEAR.fullmatch(n.group(0))
    )


def _is_title(cells: List[Tuple[int, _HtmlCell, str]], width: int) -> bool:
    """A row of one text across the whole table: a title or a section's name, not column names."""
    filled = [c for c in cells if c[2]]
    return len(filled) == 1 and filled[0][0] == 0 and filled[0][1].colspan >= max(2, width)


def _header_rows(table: _HtmlTable, grid: List[List[Tuple[int, _HtmlCell, str]]], width: int, text: str) -> List[int]:
    """The rows that name the columns: the first rows in ``<thead>`` or whose cells are all
    ``<th>`` or all bold (``<td><b>Revenue</b></td>``), or, in a table without such rows, the
    first rows whose first cell is blank or a unit note, as a filing's ("| | Year ended December
    31, |", "| (in millions) | 2024 | 2023 |"); a title row across the table before them is skipped, one after them ends
    them (a section's name)."""
    rows: List[int] = []

    def named(cells: List[Tuple[int, _HtmlCell, str]]) -> bool:
        """<th> cells only, or bold cells only without figures (a bold "Total" row is data)."""
        filled = [c for _, c, t in cells if t]
        return bool(filled) and (
            all(c.th for c in filled)
            or (all(_BOLD_CELL.fullmatch(text, c.start, c.end) for c in filled) and names_only(t for _, _, t in cells))
        )

    first_named = next((i for i, (r, cells) in enumerate(zip(table.rows[:6], grid)) if r.head or named(cells)), None)
    empty = 0
    for i, (r, cells) in enumerate(zip(table.rows, grid)):
        if i - empty >= 4:
            break
        if not any(t for _, _, t in cells):  # a row of empty cells (a filing's, setting column widths)
            empty += 1
            continue
        if _is_title(cells, width):
            if rows:
                break
            continue
        # "| | Year ended December 31, |", "| | 2024 | 2023 |": a blank first cell, no figure but
        # years; in a table with <th> or <thead> rows, only above them
        blank_corner = (
            (not cells[0][2] or unit_note(cells[0][2]))
            and cells[0][0] == 0
            and any(t for _, _, t in cells[1:])
            and names_only(t for _, _, t in cells)
            and (first_named is None or i < first_named)
        )
        if r.head or blank_corner or (first_named is not None and named(cells)):
            rows.append(i)
        else:
            break
    return rows


def html_table_rows(text: str, masked: Optional[str] = None) -> List[TableRow]:
    """The rows of every HTML table in ``text`` (a source as given; ``masked`` the same text
    with its markup blanked out, ``mask_html``), read as Markdown tables' rows are: each body row
    with its column names (``_header_rows``; names over several header rows joined, a
    ``colspan`` naming each column it spans, a ``rowspan`` keeping its column below), a bare
    number in a cell with the unit its column name gives, else the ``<caption>``'s, a title row's
    or the line above the table's, and the currency of a cell of its own before it ("| $ | 2,410
    |" under "(in millions)": $2,410 million). Offsets are those of the text as given; a cell's
    are those of its text, its markup left out (the markup between rows is blank in the text as
    read)."""
    if "<" not in text:
        return []
    masked = mask_html(text) if masked is None else masked
    rows: List[TableRow] = []
    tables = _html_tables(text)
    for table in tables:
        if not table.rows or table.nested:
            continue
        grid = _grid(table, text)
        width = max((col + cell.colspan for cells in grid for col, cell, _ in cells), default=0)
        header = _header_rows(table, grid, width, text)
        names = [[] for _ in range(width)]  # type: List[List[str]]
        for i in header:
            for col, cell, name in grid[i]:
                for c in range(col, min(col + cell.colspan, width)):
                    if name and (not names[c] or names[c][-1] != name):
                        names[c].append(name)
        columns = [" ".join(_one_year_each(n)) for n in names]
        corner = unit_note(columns[0]) if columns else ""
        if corner:  # "(in millions)" names no column
            columns[0] = ""
        titles = [i for i, cells in enumerate(grid[: header[0] if header else 1]) if _is_title(cells, width)]
        # the lines of text before the table, after any table before it (markup between them is blank)
        since = max([t.end for t in tables if t.end <= table.start] + [table.start - 600, 0])
        above = masked[since : table.start].split("\n")
        above = list(reversed(above[1:] if since == table.start - 600 else above))
        caption = table.caption or next((c[2] for i in titles for c in grid[i] if c[2]), "")
        caption_unit = corner or _caption_unit(caption) or caption_unit_above(above)
        units = [_column_unit(name, caption_unit) for name in columns]
        # a filing writes "$" in a cell of its own on a statement's first and total rows only: the
        # currency of every amount under a caption's scale ("(in millions)")
        table_currency = _table_currency(t for cells in grid for col, _, t in cells if col)
        own = [bool(unit_hint(name)) for name in columns]
        section = ""
        for i, (r, cells_in) in enumerate(zip(table.rows, grid)):
            if i in header or i in titles:
                rows.append(TableRow(r.start, r.end, None))
                continue
            parts, cells, currency = [], [], ""
            label = next((t for col, _, t in cells_in if col == 0), "")
            if label and not any(t for col, _, t in cells_in if col):
                section = label  # "Earnings per share:" heads the rows below
            label = _in_section(label, section)
            for col, cell, text_of in _closed_brackets(cells_in):
                inner = masked[cell.start : cell.end]
                c_start, c_end = _entity_bounds(
                    text, cell.start + len(inner) - len(inner.lstrip()), cell.end - (len(inner) - len(inner.rstrip()))
                )
                name, unit = (columns[col], units[col]) if col < width else ("", "")
                unit = _row_unit(label, name, unit) if col else ""
                if not text_of:
                    continue
                if col and _CURRENCY_CELL.fullmatch(text_of):  # "$" in a cell of its own: the next cell's
                    currency = _CURRENCY.get(text_of.lower(), text_of)
                    continue
                # a bare number, or a negative one without its own currency ("(312)")
                bare = _whole(_BARE_NUMBER, text_of) is not None or (negative_cell(text_of) or ("x",))[0] == ""
                currency = currency or (
                    table_currency
                    if (unit in _SCALES or not unit and _PER_SHARE.search(label))
                    and not (col < width and own[col])
                    and not _COUNT.search(f"{name} {label}")
                    else ""
                )
                if currency and bare and unit in _SCALES | {""}:
                    unit = f"{currency} {unit}".strip()
                currency = ""
                shown = cell_shown(text_of, unit)
                parts.append(f"{name}: {shown}" if name else shown)
                cells.append(TableCell(name, c_start, c_end, unit, text_of))
            rows.append(TableRow(r.start, r.end, "; ".join(parts) if parts else None, cells=tuple(cells)))
    return sorted(rows, key=lambda r: r.start)


_OPEN_FIGURE = re.compile(r"\(\s*(?:US\$|[$€£¥])?\s?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s?%?")


def closed_brackets(texts: Sequence[str]) -> List[str]:
    """A row's cell texts with a negative figure's closing bracket, which filings print in a
    cell of its own ("(312" then ")"), read in the figure's cell ("(312)") and its own cell left
    blank."""
    out = list(texts)
    for i, text_of in enumerate(out):
        if _OPEN_FIGURE.fullmatch(text_of):
            j = next((j for j in range(i + 1, len(out)) if out[j]), None)
            if j is not None and re.fullmatch(r"\)\s*%?", out[j]):
                out[i], out[j] = text_of + out[j].replace(" ", ""), ""
    return out


def _closed_brackets(cells: List[Tuple[int, _HtmlCell, str]]) -> List[Tuple[int, _HtmlCell, str]]:
    """``closed_brackets`` for an HTML row's (column, cell, text)."""
    return [(col, cell, t) for (col, cell, _), t in zip(cells, closed_brackets([t for _, _, t in cells]))]


# a line of a statement as PDF text extraction lays it out: a label, then figures two spaces or
# more apart ("Net sales          $ 5,412.3          $ 5,108.9")
# a figure of a statement laid out with spaces: "$ 1,284.5", "(3.2)", "17%", "+140 bps", "—"
_TEXT_FIGURE = (
    r"(?:(?:US\$|[$€£¥])\s*)?\(?[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\)?(?:\s?(?:%|bps?\b|pts?\b|pp\b))?|[—–-]{1,2}"
)
_TEXT_ROW = re.compile(rf"^(?P<label>[^\s|](?:[^|\n]*?[^\s|])?)(?P<cells>(?:\s{{2,}}(?:{_TEXT_FIGURE}))+)\s*$")
_TEXT_CELL = re.compile(rf"(?<=\s\s)(?:{_TEXT_FIGURE})(?=\s|$)")


def text_table_rows(text: str) -> List[TableRow]:
    """The rows of statements laid out with spaces, as PDF text extraction writes them: three
    lines or more of a label and the same number (two or more) of figures two spaces or more
    apart, read as a Markdown table's rows are: each with the column names the lines above give
    over its figures' positions ("Fiscal Year Ended" over "June 29, 2024": "Fiscal Year Ended June
    29, 2024"), its bare numbers with the unit of a caption above ("(In millions, except per
    share amounts)") and the statement's currency; a label alone between them is a section's name."""
    if "  " not in text:
        return []
    lines, pos = [], 0
    for line in text.split("\n"):
        lines.append((pos, line))
        pos += len(line) + 1
    rows: List[TableRow] = []
    i = 0
    while i < len(lines):
        block, j, width = [], i, 0
        while j < len(lines):
            m = _TEXT_ROW.match(lines[j][1]) if len(lines[j][1]) <= 400 else None  # a statement's lines are short
            cells = list(_TEXT_CELL.finditer(lines[j][1], m.start("cells"))) if m else []
            if m and len(cells) >= 2 and width in (0, len(cells)):
                width = len(cells)
                block.append((j, m, cells))
            elif not (
                block
                and lines[j][1].strip()
                and len(lines[j][1].strip()) < 60
                and not _TEXT_CELL.search(lines[j][1])
                and j + 1 < len(lines)
                and _TEXT_ROW.match(lines[j + 1][1])
            ):
                break  # a section's name ("Operating expenses:") between rows keeps the block going
            j += 1
        if len(block) < 3:
            i = max(j, i + 1)
            continue
        first = block[0][0]
        spans = [(c.start(), c.end()) for c in block[0][2]]
        # the header lines right above: their pieces over the figures' columns name them
        names: List[List[str]] = [[] for _ in spans]
        top = first
        while (
            top > 0
            and first - top < 3
            and lines[top - 1][1].strip()
            and not _TEXT_ROW.match(lines[top - 1][1])
            and re.search(r"\S\s{2,}\S|^\s{2,}\S", lines[top - 1][1])
        ):
            top -= 1
        for k in range(top, first):
            for piece in re.finditer(r"\S+(?: \S+)*", lines[k][1]):
                for n, (a, b) in enumerate(spans):
                    if piece.start() < b + 2 and a - 2 < piece.end() and piece.start() > 0:
                        names[n].append(piece.group(0))
        columns = [" ".join(_one_year_each(n)) for n in names]
        caption_unit = caption_unit_above([lines[k][1] for k in range(top - 1, max(-1, top - 6), -1)])
        figures = [c.group(0) for _, _, cells in block for c in cells]
        currency = _table_currency(figures)
        units = [_column_unit(name, caption_unit) for name in columns]
        units = [
            f"{currency} {u}" if currency and u in _SCALES and not unit_hint(name) else u
            for name, u in zip(columns, units)
        ]
        rows += [TableRow(lines[k][0], lines[k][0] + len(lines[k][1]), None) for k in range(top, first)]
        in_block = {k: (m, cells) for k, m, cells in block}
        for k in range(first, j):
            start, line = lines[k]
            if k not in in_block:
                label = line.strip()
                rows.append(TableRow(start + line.index(label), start + line.index(label) + len(label), label))
                continue
            m, cells = in_block[k]
            label = m.group("label")
            parts, found = [label], [TableCell("", start + m.start("label"), start + m.end("label"), "", label)]
            for n, cell in enumerate(cells):
                unit = _row_unit(label, columns[n], units[n])
                shown = cell_shown(cell.group(0).strip(), unit)
                parts.append(f"{columns[n]}: {shown}" if columns[n] else shown)
                found.append(
                    TableCell(columns[n], start + cell.start(), start + cell.end(), unit, cell.group(0).strip())
                )
            rows.append(TableRow(start, start + len(line), "; ".join(parts), cells=tuple(found)))
        i = j
    return rows


def source_table_rows(text: str, raw: Optional[str] = None) -> List[TableRow]:
    """The rows of the Markdown tables in ``text`` (a source as read), of its statements laid out
    with spaces (``text_table_rows``) and of the HTML tables in ``raw`` (the same source as
    given, when ``mask_html`` changed it), in order."""
    rows = markdown_table_rows(text)
    if "  " in text:
        taken = [(r.start, r.end) for r in rows]
        rows = sorted(
            rows + [r for r in text_table_rows(text) if not any(a < r.end and r.start < b for a, b in taken)],
            key=lambda r: r.start,
        )
    if raw is not None and raw != text:
        rows = sorted(rows + html_table_rows(raw, text), key=lambda r: r.start)
    return rows


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

    def sentence_claims(self) -> Dict[int, List[SourceClaim]]:
        out: Dict[int, List[SourceClaim]] = {}
        for c in self.claims:
            out.setdefault(c.sentence, []).append(c)
        return out


class SourcesTooLarge(ValueError):
    """The sources of an answer hold more characters than ``max_source_chars``."""


SOURCES_ERROR = "spacy_ground.sources_error"  # doc.user_data key: why the sources could not be read


def index_or_note(
    indexer: Callable[[Sequence[Any]], "SourceIndex"], doc: Any, sources: Sequence[Any]
) -> Optional["SourceIndex"]:
    """``indexer(sources)``, or None with the reason kept in ``doc.user_data[SOURCES_ERROR]``
    when they are too large to read (the verdict then says the answer is not checkable)."""
    try:
        return indexer(list(sources))
    except SourcesTooLarge as e:
        doc.user_data[SOURCES_ERROR] = str(e)
        return None


def sources_key(sources: Sequence[Any]) -> str:
    """Content hash of a list of sources (records hashed by their flattened text)."""
    h = hashlib.sha1()
    for s in sources:
        data = s if isinstance(s, str) else source_text(s)
        h.update(data.encode("utf8", "surrogatepass"))
        h.update(b"\x00")
    return h.hexdigest()


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
    ):
        self.process = process
        self.cache_size = cache_size
        self.max_chars = max_chars
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
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
        return index

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
    in_table = [(r.start, r.end) for r in rows]
    for s, e in offsets:  # the other sentences, less any table line a sentence ran into
        for piece_s, piece_e in _outside(s, e, in_table):
            piece = text[piece_s:piece_e]
            if piece.strip():
                piece_s += len(piece) - len(piece.lstrip())
                piece_e -= len(piece) - len(piece.rstrip())
                out.append((piece_s, piece_e, text[piece_s:piece_e], ()))
    return sorted(out)


def _outside(s: int, e: int, spans: Sequence[Tuple[int, int]]) -> List[Tuple[int, int]]:
    """The parts of [s, e) outside every one of ``spans`` (sorted, not overlapping)."""
    out, pos = [], s
    for a, b in spans:
        if b <= pos or a >= e:
            continue
        if a > pos:
            out.append((pos, a))
        pos = max(pos, b)
    if pos < e:
        out.append((pos, e))
    return out


_SCALES = frozenset(("thousand", "million", "billion"))
_CURRENCY_BEFORE = re.compile(r"(?:(?:US\$|[$€£¥])\s*)?")
_MONEY_CELL = re.compile(r"(US\$|[$€£¥])\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)", re.I)


# a negative figure in a cell, as statements write it: "(1,234)", "$(1,234)", "($1,234)", "(12.5%)",
# "(12.5)%", "-1,234", "−$1,234"
_NEGATIVE_CELL = re.compile(
    r"(?P<c1>US\$|[$€£¥])?\s?(?:\(\s*(?P<c2>US\$|[$€£¥])?\s?(?P<n1>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"\s?(?P<p1>%)?\s*\)|[-−–]\s?(?P<c3>US\$|[$€£¥])?(?P<n2>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?))(?:\s?(?P<p2>%))?",
    re.I,
)


def negative_cell(cell: str) -> Optional[Tuple[str, str, str, int]]:
    """A cell holding one negative figure and nothing else but a footnote mark, as (currency
    sign, number, "%" or "", where the figure ends): "(1,234)" -> ("", "1,234", "", 7),
    "$(12.5)" -> ("$", "12.5", "", 7); None for anything else ("(loss)", "1,234", "(1)" alone
    is a footnote's number too, but a lone cell holding it reads as -1)."""
    m = _whole(_NEGATIVE_CELL, cell.strip())
    if m is None:
        return None
    signs = [g for g in (m.group("c1"), m.group("c2"), m.group("c3")) if g]
    percents = [g for g in (m.group("p1"), m.group("p2")) if g]
    if len(signs) > 1 or len(percents) > 1 or (signs and percents):
        return None
    return (signs[0] if signs else "", m.group("n1") or m.group("n2"), "%" if percents else "", m.end())


def cell_shown(cell: str, unit: str) -> str:
    """A table cell's text as the models read it, with the unit its column or caption gives:
    "7.1" under "($M)" -> "$7.1 million"; "$1,840" under "(in millions)" -> "$1,840 million"
    (an amount with its currency but not its scale); a negative figure with its minus sign
    ("(1,234)" under "(in $ thousands)" -> "-$1,234 thousand"); anything else as written."""
    negative = negative_cell(cell)
    if negative is not None:
        sign, number, percent, end = negative
        if percent:
            shown = f"{number}%"
        elif sign:
            shown = f"{sign}{number} {_money_scale(sign, unit)}".strip()
        else:
            shown = with_unit(number, unit) if unit else number
        return f"-{shown}" + cell.strip()[end:]
    if not unit:
        return cell
    number = _whole(_BARE_NUMBER, cell)
    if number is not None:
        return with_unit(number.group(0), unit) + cell[number.end() :]
    money = _whole(_MONEY_CELL, cell)
    if money is not None:  # "$   455.1" under "(In millions)": "$455.1 million"
        scale = _money_scale(money.group(1), unit)
        return f"{money.group(1)}{money.group(2)} {scale}".strip() + cell[money.end() :]
    return cell


def _whole(pattern: "re.Pattern[str]", cell: str) -> Optional["re.Match[str]"]:
    """``pattern`` matching the whole of a table cell but a footnote mark ("7.1", "7.1*", "7.1 (1)")."""
    m = pattern.match(cell)
    return m if m is not None and (m.end() == len(cell) or _FOOTNOTE.fullmatch(cell, m.end())) else None


def unit_note(text: str) -> str:
    """The unit a table's corner cell gives its bare numbers when that cell is a unit note and
    nothing else ("(in millions)", "($ in thousands)", "In millions, except per share data",
    "(Dollars in thousands)"); "" for a column name or a label ("Revenue ($M)")."""
    text = text.strip()
    if len(text) > 160:
        return ""
    if text.startswith("(") and text.endswith(")") and text.count("(") == 1:
        return unit_hint(text)
    if re.match(r"(?:[$€£¥]\s*|(?:U\.?S\.?\s+)?dollars\s+|amounts\s+)?in\s", text, re.I) and "(" not in text:
        return unit_hint(f"({text})")
    return ""


# a list of years in a column name spanning several columns: "Years Ended December 31, 2024 and 2023"
_YEAR_LIST = re.compile(r"\s+\b(?:19|20)\d\d(?:\s*(?:,|and|&)\s*(?:19|20)\d\d)+\b")


def _one_year_each(names: List[str]) -> List[str]:
    """A column's names from its header rows, top first, with a list of years over several
    columns dropped where a name below gives the column one of them ("Years Ended December 31,
    2024 and 2023" over "2024": "Years Ended December 31, 2024")."""
    out = list(names)
    for i, name in enumerate(names[:-1]):
        listed = _YEAR_LIST.search(name)
        below = [y for n in names[i + 1 :] for y in _YEAR.findall(n)]
        if listed and len(below) == 1 and below[0] in listed.group(0):
            out[i] = (name[: listed.start()] + name[listed.end() :]).strip()
    return [n for n in out if n]


def caption_unit_above(lines: Sequence[str], most: int = 4) -> str:
    """The unit the text right above a table gives it: that of the first of its last ``most``
    non-blank lines (nearest first) that gives one, as a statement's title, "(in thousands, except
    per share data)" and "(unaudited)" stack up; "" when none does."""
    near = [line.strip() for line in lines if line.strip()][:most]
    return next((u for u in map(_caption_unit, near) if u), "")


# the length of a period a column or a sentence names: "Three Months Ended", "nine months ended",
# "the quarter", "Q3 2024", "fiscal year", "H1"
_MONTHS = {"three": 3, "3": 3, "six": 6, "6": 6, "nine": 9, "9": 9, "twelve": 12, "12": 12}
_PERIOD_LENGTH = re.compile(
    r"\b(three|six|nine|twelve|3|6|9|12)[-\s]+months?\b|\b(13|26|39|52)[-\s]+weeks?\b"
    r"|\b(quarter(?:ly)?|Q[1-4]|[1-4]Q)\b|\b(half[-\s]+year|first\s+half|second\s+half|H[12])\b"
    r"|\b((?:fiscal\s+|full[-\s]+|calendar\s+)?years?\s+end(?:ed|ing)|full[-\s]+year|annual|FY)\b",
    re.I,
)


def months_of(text: str) -> Optional[int]:
    """How many months the period ``text`` names lasts: 3 for "Three Months Ended September 30,
    2024", "13 weeks ended", "the third quarter", "Q3 2024"; 6 for "six months", "H1"; 9; 12 for
    "year ended", "full year", "FY"; None when it names none (or several)."""
    found = set()
    for m in _PERIOD_LENGTH.finditer(text):
        if m.group(1):
            found.add(_MONTHS[m.group(1).lower()])
        elif m.group(2):
            found.add(int(m.group(2)) // 13 * 3)
        else:
            found.add(3 if m.group(3) else 6 if m.group(4) else 12)
    return found.pop() if len(found) == 1 else None


def _quarter_or_half(names: Tuple[ClaimValue, ...], months: int) -> Tuple[ClaimValue, ...]:
    """The calendar quarter (or half) a three- (six-) month period ending on a column's date
    falls in: "Three Months Ended September 30, 2024" is Q3 2024 too (a fiscal quarter ending
    in June is Q2 by the calendar, and no answer's "Q3" is pointed at it)."""
    import datetime as _dt

    out = []
    for v in names:
        if v.kind == "date" and v.granularity == "day" and v.low is not None and not v.is_range:
            end = _dt.date.fromordinal(int(v.low))
            text = (
                f"Q{(end.month - 1) // 3 + 1} {end.year}" if months == 3 else f"H{(end.month - 1) // 6 + 1} {end.year}"
            )
            out += [c for _, _, c in find_claims(text) if c.kind == "date"]
    return tuple(out)


_YEAR_ENDED = re.compile(r"\b(?:fiscal\s+)?(?:years?|twelve\s+months|12\s+months)\s+end(?:ed|ing)\b", re.I)
_YEAR_IN = re.compile(r"\b(?:19|20)\d\d\b")


COLUMN_DATE = "a date a table's column name gives"  # ClaimValue.note of the column dates an index holds


def period_dates(
    name: str, found: Sequence[ClaimValue], cal: Optional[FiscalCalendar] = None
) -> Tuple[ClaimValue, ...]:
    """The dates a table's column name gives its figures besides those written in it (``found``):
    the year of "Year Ended December 31, 2024" and the fiscal year it ends (fiscal 2024, as the
    sources' fiscal calendar ``cal`` maps it), the calendar quarter of "Three Months Ended
    September 30, 2024" (Q3 2024), the half of "Six Months Ended June 30, 2024" (H1 2024)."""
    if _YEAR_ENDED.search(name):
        years = tuple(v for _, _, v in find_claims(" ".join(_YEAR_IN.findall(name))) if v.kind == "date")
        fiscal_years = (fiscal_year_ended(v, cal) for v in found if v.kind == "date")
        return years + tuple(v for v in fiscal_years if v is not None)
    months = months_of(name)
    return _quarter_or_half(tuple(found), months) if months in (3, 6) else ()


def column_dates(name: str, cal: Optional[FiscalCalendar] = None) -> Tuple[ClaimValue, ...]:
    """Every date a table's column name gives its figures: those written in it ("September 30,
    2024") and ``period_dates`` (the fiscal year a column ends named as the sources' fiscal calendar
    ``cal`` names it; the index maps every fiscal period to its months once built)."""
    found = tuple(v for _, _, v in find_claims(name) if v.kind == "date")
    return found + period_dates(name, found, cal)


def _caption_unit(caption: str) -> str:
    """The unit a table's caption gives its bare numbers ("(in $ millions)"), for a caption short
    enough to be one and not itself a table line."""
    return unit_hint(caption) if len(caption) < 200 and "|" not in caption else ""


def _money_scale(sign: str, unit: str) -> str:
    """The scale a unit gives an amount written with its currency sign: "million" for "million"
    or "$ million" ("$1,840" under "(in $ millions)"), "" for another currency's or no scale."""
    currency, _, scale = unit.rpartition(" ") if " " in unit else ("", "", unit)
    return scale if scale in _SCALES and currency in ("", _CURRENCY.get(sign.lower(), sign)) else ""


def with_unit(number: str, unit: str) -> str:
    """A bare number written with a table's unit: ("7.1", "$ million") -> "$7.1 million",
    ("0.52", "$") -> "$0.52", ("12", "%") -> "12%", ("3", "million") -> "3 million"."""
    if unit == "%":
        return f"{number}%"
    if unit in _CURRENCY.values():
        return f"{unit}{number}"
    currency, _, scale = unit.rpartition(" ") if " " in unit else ("", "", unit)
    return f"{currency}{number} {scale}".strip()


def _one_claim(text: str) -> Optional[ClaimValue]:
    """The claim ``text`` states when it reads as exactly one, over all of it; else None."""
    found = find_claims(text)
    if len(found) == 1 and found[0][0] == 0 and found[0][1] == len(text):
        return found[0][2]
    return None


def read_with_unit(value: ClaimValue, unit: str) -> ClaimValue:
    """A table cell's bare number read with the unit its column or caption gives ("7.1" under
    "Revenue ($M)" is $7.1 million, its text written so); as it was if that does not read as
    one claim."""
    text = with_unit(value.text, unit)
    found = find_claims(text)
    if len(found) == 1 and found[0][0] == 0 and found[0][1] == len(text):
        return found[0][2]
    return value


def _find_sentence(starts: List[int], pos: int) -> int:
    import bisect

    return max(0, bisect.bisect_right(starts, pos) - 1)
