"""Reading the sources a caller gives: texts, passage objects (retriever frameworks' documents
included) and JSON records (flattened to ``path: value`` lines), what kind of sources they are,
and the text indexed for each source."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from spacy_ground.sources.html import mask_html

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


def json_too_deep(source: Any) -> bool:
    """Whether a source is a text that holds JSON nested too deeply for Python's parser (it is
    then refused, never read as text: see ``SourceIndexer.build``)."""
    if not isinstance(source, str):
        return False
    stripped = source.strip()
    if stripped[:1] not in ("{", "[") or stripped[-1:] not in ("}", "]"):
        return False
    try:
        json.loads(stripped)
    except RecursionError:
        return True
    except ValueError:
        return False
    return False


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


def _source_text(source: Any) -> str:
    record = json_record(source)
    if record is not None:
        return "\n".join(flatten_json(within_depth(record)))
    if source is None:
        return ""
    if not isinstance(source, str):
        return _scalar(source)  # a bare number or date given as a source
    return source
