"""Labelled answers in the shared data format as spaCy Examples: a registered corpus reader,
and a converter of the JSONL files into DocBin files (``corpus/*.spacy``).

    examples = list(registry.readers.get("spacy_ground.Answers.v1")(path="corpus/ragtruth_dev.spacy")(nlp))
    nlp.evaluate(examples)

    python -m spacy_ground.training.corpus convert assets/ragtruth_dev.jsonl corpus/ragtruth_dev.spacy
    python -m spacy_ground.training.corpus convert assets/a.jsonl assets/b.jsonl.gz --output-dir corpus

Each predicted doc is the answer as ``spacy_ground.make_doc`` makes it, so it carries its sources
and question; the reference has the label as a category and the labelled spans under
``spans_key``. The reader takes JSONL (``.jsonl``, ``.jsonl.gz``) or a DocBin written by
``convert`` (``.spacy``): both give the same Examples. (``spacy evaluate`` and ``spacy.Corpus``
rebuild the docs from their text alone and lose the sources: read a corpus with this reader.)
"""

from __future__ import annotations

import argparse
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Union

from spacy.language import Language
from spacy.tokens import Doc, DocBin, Span
from spacy.training import Example
from spacy.util import registry

# what a DocBin written by ``convert`` holds besides the answer doc and its sources and question
STORED_LABEL = "hallucinated"  # the gold label, as a category (1.0 / 0.0)
STORED_SPANS_KEY = "ground_unsupported"  # the labelled spans (token-aligned, labelled as in the file)
RECORD_KEY = "spacy_ground.record"  # doc.user_data: the record as given, less its sources
RECORD_FIELDS = ("id", "dataset", "task", "model", "split")


@registry.readers("spacy_ground.Answers.v1")
def create_answers_reader(
    path: Union[str, Path], limit: int = 0, spans_key: str = "ground_unsupported", label: str = "hallucinated"
) -> Callable[[Language], Iterator[Example]]:
    """A reader of the labelled answers in ``path`` (JSONL in the shared data format, ``.gz``
    too, or a ``.spacy`` DocBin written by ``convert``), the first ``limit`` lines (``.spacy``:
    documents) when above 0."""
    return AnswersCorpus(path, limit=limit, spans_key=spans_key, label=label)


def is_docbin(path: Union[str, Path]) -> bool:
    """Whether ``path`` names a DocBin (``.spacy``) rather than JSONL."""
    return str(path).endswith(".spacy")


def record_info(doc: Doc) -> Dict[str, Any]:
    """The id, dataset, task (model, split) of the record an answer doc was read from."""
    stored = doc.user_data.get(RECORD_KEY) or {}
    return {k: stored[k] for k in RECORD_FIELDS if stored.get(k) is not None}


def read_records(path: Union[str, Path]) -> Iterator[Dict[str, Any]]:
    """The records a ``.spacy`` file written by ``convert`` was made from, as the JSONL holds
    them (answer, question and spans as given; the sources as ``make_doc`` read them), so
    ``evaluate`` and ``bench`` give the same figures from either file."""
    import spacy

    import spacy_ground  # noqa: F401  (the Doc extensions)

    for doc in read_docbin(path, spacy.blank("en")):
        stored = doc.user_data.get(RECORD_KEY)
        if stored is None or "answer" not in stored:
            raise ValueError(f"{path}: a doc without its record (write the file with `corpus convert`)")
        yield dict(stored, sources=doc._.ground_sources)


def read_answers(path: Union[str, Path]) -> Iterator[Dict[str, Any]]:
    """The answers of a JSONL file (``.gz`` too) or of a ``.spacy`` file written by ``convert``."""
    from spacy_ground.training.bench import read_jsonl

    return read_records(path) if is_docbin(path) else read_jsonl(path)


class AnswersCorpus:
    """Iterate over the labelled answers of a JSONL or ``.spacy`` file as Examples (read again
    on each call, as ``spacy.training.Corpus``). An answer without a label (neither
    ``hallucinated`` nor ``spans``) is skipped: it has nothing to score against (``convert``
    does not store it). The reference's category ``label`` is 1.0 for a hallucinated answer,
    else 0.0; its ``spans_key`` holds the labelled spans (widened to token boundaries, labelled
    as in the file), empty when there are none. A ``.spacy`` file keeps the tokens it was
    written with (the default pipeline's tokenizer); JSONL is tokenised by ``nlp``."""

    def __init__(
        self,
        path: Union[str, Path],
        *,
        limit: int = 0,
        spans_key: str = "ground_unsupported",
        label: str = "hallucinated",
    ):
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            raise ValueError(f"spacy_ground.Answers.v1: limit must be an integer >= 0, not {limit!r}")
        self.path = Path(path)
        self.limit = limit
        self.spans_key = spans_key
        self.label = label

    def __call__(self, nlp: Language) -> Iterator[Example]:
        if is_docbin(self.path):
            yield from self._from_docbin(nlp)
            return
        from spacy_ground.training.bench import is_labelled, read_jsonl  # bench imports the package

        for i, rec in enumerate(read_jsonl(self.path)):
            if self.limit and i >= self.limit:
                break
            if not is_labelled(rec):
                continue
            stored = answer_doc(nlp, rec)
            yield self._example(nlp, stored)

    def _from_docbin(self, nlp: Language) -> Iterator[Example]:
        for i, stored in enumerate(read_docbin(self.path, nlp)):
            if self.limit and i >= self.limit:
                break
            if STORED_LABEL not in stored.cats:  # not written by convert: nothing to score against
                continue
            yield self._example(nlp, stored)

    def _example(self, nlp: Language, stored: Doc) -> Example:
        """The Example of a stored answer doc (gold category and spans on it): the predicted doc
        without the gold, the reference with it under this reader's names."""
        gold_spans = list(stored.spans.get(STORED_SPANS_KEY, []))
        predicted = Doc(
            nlp.vocab,
            words=[t.text for t in stored],
            spaces=[bool(t.whitespace_) for t in stored],
            user_data=dict(stored.user_data),
        )
        reference = Doc(nlp.vocab, words=[t.text for t in stored], spaces=[bool(t.whitespace_) for t in stored])
        reference.cats = {self.label: float(stored.cats[STORED_LABEL])}
        reference.spans[self.spans_key] = [Span(reference, s.start, s.end, label=s.label_) for s in gold_spans]
        return Example(predicted, reference)


def answer_doc(nlp: Language, rec: Dict[str, Any]) -> Doc:
    """One labelled record as the doc ``convert`` stores: the answer as ``make_doc`` makes it
    (sources and question as user data), the record's id, dataset and task, the label as the
    category ``hallucinated`` and the labelled spans (widened to token boundaries; one that
    covers no token is dropped) under ``ground_unsupported``."""
    from spacy_ground import make_doc
    from spacy_ground.training.bench import is_hallucinated

    doc = make_doc(nlp, rec["answer"], rec.get("sources"), rec.get("question"))
    doc.user_data[RECORD_KEY] = {k: v for k, v in rec.items() if k != "sources"}
    doc.cats = {STORED_LABEL: float(is_hallucinated(rec))}
    spans = [
        doc.char_span(s["start"], s["end"], label=str(s.get("label") or ""), alignment_mode="expand")
        for s in rec.get("spans") or []
    ]
    doc.spans[STORED_SPANS_KEY] = [s for s in spans if s is not None]
    return doc


def _as_lists(value: Any) -> Any:
    """A value read back from a DocBin's user data with JSON's lists again (msgpack is read
    with tuples, and a JSON record or a list of sources holds no tuple)."""
    if isinstance(value, (tuple, list)):
        return [_as_lists(v) for v in value]
    if isinstance(value, dict):
        return {k: _as_lists(v) for k, v in value.items()}
    return value


@contextmanager
def _msgpack_extensions_read_once() -> Iterator[None]:
    """While in the block, srsly's msgpack encoders and decoders are looked up once, not on
    every (un)packing: a DocBin packs and unpacks each doc's user data and span groups apart,
    and each lookup scans every installed package's entry points and the whole catalogue
    registry (about 2 ms, so 3 to 8 times the time of the rest of converting or reading a doc).
    The table is the one in force on entry (nothing registers a msgpack extension meanwhile);
    the registries are as before on exit."""
    from srsly import msgpack

    registries = [
        reg for reg in (msgpack.msgpack_encoders, msgpack.msgpack_decoders) if "get_all" not in vars(reg)
    ]  # not already in such a block
    for reg in registries:
        table = reg.get_all()
        reg.get_all = lambda table=table: dict(table)  # an instance attribute over the method
    try:
        yield
    finally:
        for reg in registries:
            del reg.get_all


def read_docbin(path: Union[str, Path], nlp: Language) -> List[Doc]:
    """The docs of a ``.spacy`` file written by ``convert``, their user data as written (the
    sources a list, JSON records with lists, as ``make_doc`` stores them)."""
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"{path}: no such file (`spacy project run data` writes corpus/*.spacy)")
    with _msgpack_extensions_read_once():
        try:
            docbin = DocBin(store_user_data=True).from_disk(path)
        except Exception as e:  # a file that is no DocBin fails deep inside msgpack or zlib
            raise ValueError(f"{path}: not a DocBin (.spacy) file: {e}") from None
        docs = list(docbin.get_docs(nlp.vocab))
    for doc in docs:
        for key, value in list(doc.user_data.items()):
            doc.user_data[key] = _as_lists(value)
    return docs


def tokenizer_pipeline(config: Optional[Union[str, Path]] = None) -> Language:
    """The default pipeline (or ``config``'s) without its components: its tokenizer makes the
    stored docs, as ``spacy_ground.load()`` would make them."""
    from spacy import util

    from spacy_ground.api import DEFAULT_CONFIG, load

    names = list(util.load_config(config or DEFAULT_CONFIG, interpolate=False)["nlp"]["pipeline"])
    return load(config, exclude=names)


def convert(data: Union[str, Path], output: Union[str, Path], nlp: Optional[Language] = None) -> Dict[str, int]:
    """Write the labelled answers of a JSONL file (``.gz`` too) as a DocBin at ``output``
    (user data stored); answers without a label are skipped. A malformed line raises
    ValueError naming it, a missing file FileNotFoundError; nothing is written then."""
    from spacy_ground.training.bench import is_labelled, read_jsonl

    data, output = Path(data), Path(output)
    if not data.exists():
        raise FileNotFoundError(f"{data}: no such file")
    if not is_docbin(output):
        raise ValueError(f"{output}: the output must be a .spacy file")
    nlp = nlp or tokenizer_pipeline()
    docbin = DocBin(store_user_data=True)
    counts = {"answers": 0, "hallucinated": 0, "unlabelled": 0, "spans": 0}
    with _msgpack_extensions_read_once():
        for n, rec in enumerate(read_jsonl(data), 1):
            if not is_labelled(rec):
                counts["unlabelled"] += 1
                continue
            try:
                doc = answer_doc(nlp, rec)
                docbin.add(doc)
            except (TypeError, ValueError, OverflowError) as e:  # bad sources; a number msgpack cannot store
                name = f" ({rec['id']})" if rec.get("id") else ""
                raise ValueError(f"{data}: record {n}{name}: {e}") from None
            counts["answers"] += 1
            counts["hallucinated"] += int(doc.cats[STORED_LABEL] >= 0.5)
            counts["spans"] += len(doc.spans[STORED_SPANS_KEY])
        output.parent.mkdir(parents=True, exist_ok=True)
        partial = output.with_name(output.name + ".partial")
        docbin.to_disk(partial)
    partial.replace(output)  # a failed run leaves no half-written corpus behind
    return counts


def _output_name(data: Path) -> str:
    name = data.name
    for suffix in (".gz", ".jsonl", ".json"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
    return name + ".spacy"


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m spacy_ground.training.corpus", description=__doc__.split("\n\n")[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser(
        "convert",
        help="JSONL answers (the shared data format) to a DocBin (.spacy) of answer docs "
        "with their sources, question, label and labelled spans",
    )
    c.add_argument(
        "paths", nargs="+", metavar="PATH", help="IN.jsonl OUT.spacy, or with --output-dir one or more IN.jsonl[.gz]"
    )
    c.add_argument("--output-dir", help="write each IN as DIR/<name>.spacy")
    c.add_argument(
        "--config", help="the pipeline config whose tokenizer makes the docs (default: the default pipeline's)"
    )
    args = parser.parse_args(argv)

    if args.output_dir:
        pairs = [(Path(p), Path(args.output_dir) / _output_name(Path(p))) for p in args.paths]
    elif len(args.paths) == 2:
        pairs = [(Path(args.paths[0]), Path(args.paths[1]))]
    else:
        parser.error("give IN.jsonl OUT.spacy, or --output-dir DIR with the input files")
    missing = [str(p) for p, _ in pairs if not p.exists()]
    if missing:
        print(f"error: no such file: {', '.join(missing)}", file=sys.stderr)
        return 1
    try:
        nlp = tokenizer_pipeline(args.config)
        start = time.perf_counter()
        for data, output in pairs:
            t0 = time.perf_counter()
            counts = convert(data, output, nlp)
            print(
                f"wrote {output}: {counts['answers']:,} answers ({counts['hallucinated']:,} hallucinated, "
                f"{counts['spans']:,} labelled spans; {counts['unlabelled']:,} without a label skipped), "
                f"{output.stat().st_size / 1e6:.1f} MB in {time.perf_counter() - t0:.1f} s"
            )
    except (FileNotFoundError, ValueError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    if len(pairs) > 1:
        print(f"converted {len(pairs)} files in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
