"""HTML in sources and answers, read with offsets one for one: markup blanked out
(``mask_html``), a compact reading for the claim tagger with each character's offsets in the
text as given (``html_compact``), and plain words for the models (``html_reading``)."""

from __future__ import annotations

import html
import re
from typing import Any, List, Optional, Sequence, Tuple

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
