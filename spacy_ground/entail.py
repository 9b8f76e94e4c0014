"""``ground_entail``: does the evidence support each answer sentence?

Runs the project's cross-encoder (``entail_model``) on (evidence, answer sentence)
pairs, the evidence being the top-k source sentences ``ground_align`` found, and
sets ``Span._.entailment`` on every sentence in ``doc.spans[sentences_key]``:
``{"supported": p, "unsupported": p, "contradicted": p, "label": ...}``. The
trained weights ship in the package and are saved with ``nlp.to_disk``.
"""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any, Dict, Iterable, List, Sequence, Union

from spacy.language import Language
from spacy.tokens import Doc
from spacy.util import ensure_path

from .extensions import register_extensions

MODEL_FILE = "entail.safetensors"
EMBEDDED_MODEL = Path(__file__).parent / "models" / MODEL_FILE


@Language.factory(
    "ground_entail",
    default_config={
        "sentences_key": "ground_sentences",
        "model": "",  # "" = the model shipped in the package
        "evidence_k": 1,
        "max_length": 256,
        "batch_size": 32,
        "quantize": False,  # int8 is faster but its scores depend on the batch (see BENCHMARKS.md)
    },
)
def make_ground_entail(nlp: Language, name: str, sentences_key: str, model: str, evidence_k: int, max_length: int,
                       batch_size: int, quantize: bool) -> "Entailer":
    return Entailer(nlp, name, sentences_key=sentences_key, model=model, evidence_k=evidence_k,
                    max_length=max_length, batch_size=batch_size, quantize=quantize)


class Entailer:
    """Cross-encoder entailment of answer sentences by their evidence."""

    def __init__(self, nlp: Language, name: str = "ground_entail", *, sentences_key: str = "ground_sentences",
                 model: str = "", evidence_k: int = 1, max_length: int = 256, batch_size: int = 32,
                 quantize: bool = False):
        register_extensions()
        self.name = name
        self.sentences_key = sentences_key
        self.model_path = Path(model) if model else EMBEDDED_MODEL
        self.evidence_k = evidence_k
        self.max_length = max_length
        self.batch_size = batch_size
        self.quantize = quantize
        self._model = None
        self._tokenizer = None

    # ----------------------------------------------------------------- model
    def _load(self):
        if self._model is None:
            import torch

            from .entail_model import load_tokenizer, load_trained

            if not self.model_path.exists():
                raise FileNotFoundError(
                    f"ground_entail: no trained model at {self.model_path}; train one with "
                    "`spacy project run train` or set components.ground_entail.model")
            model = load_trained(self.model_path)
            if self.quantize:
                import warnings

                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    model = torch.ao.quantization.quantize_dynamic(model, {torch.nn.Linear}, dtype=torch.qint8)
            self._model, self._tokenizer = model, load_tokenizer()
        return self._model, self._tokenizer

    # ----------------------------------------------------------------- call
    def __call__(self, doc: Doc) -> Doc:
        return next(iter(self.pipe([doc])))

    def pipe(self, stream: Iterable[Doc], batch_size: int = 64) -> Iterable[Doc]:
        """Batches sentence pairs across docs (answers sharing sources batch well)."""
        buffer: List[Doc] = []
        for doc in stream:
            buffer.append(doc)
            if len(buffer) >= batch_size:
                yield from self._process(buffer)
                buffer = []
        if buffer:
            yield from self._process(buffer)

    def _process(self, docs: Sequence[Doc]) -> List[Doc]:
        premises, hypotheses, targets = [], [], []
        for doc in docs:
            for sent in doc.spans.get(self.sentences_key, []):
                evidence = sent._.evidence or []
                if not evidence:
                    sent._.entailment = None  # nothing to judge against
                    continue
                top = sorted(evidence[: self.evidence_k], key=lambda e: (e["source"], e["start"]))
                premises.append(" ".join(e["text"].strip() for e in top))
                hypotheses.append(sent.text.strip())
                targets.append(sent)
        if targets:
            from .entail_model import LABELS, predict_proba

            model, tokenizer = self._load()
            probs = predict_proba(model, tokenizer, premises, hypotheses, self.max_length, self.batch_size)
            for sent, p in zip(targets, probs):
                result: Dict[str, Any] = dict(zip(LABELS, (float(x) for x in p)))
                result["label"] = LABELS[max(range(len(LABELS)), key=lambda k: p[k])]
                sent._.entailment = result
        return list(docs)

    # ----------------------------------------------------------------- serialisation
    def to_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = tuple()) -> None:
        path = ensure_path(path)
        path.mkdir(parents=True, exist_ok=True)
        if not self.model_path.exists():
            import warnings

            warnings.warn(f"ground_entail: no model at {self.model_path}, nothing saved")
        else:
            shutil.copyfile(self.model_path, path / MODEL_FILE)
            meta = self.model_path.with_suffix(".json")
            if meta.exists():
                shutil.copyfile(meta, path / "entail.json")

    def to_bytes(self, *, exclude: Iterable[str] = tuple()) -> bytes:
        import srsly

        data = self.model_path.read_bytes() if self.model_path.exists() else b""
        return srsly.msgpack_dumps({"model": data})

    def from_bytes(self, data: bytes, *, exclude: Iterable[str] = tuple()) -> "Entailer":
        import tempfile

        import srsly

        model = srsly.msgpack_loads(data)["model"]
        if model:
            path = Path(tempfile.mkdtemp(prefix="spacy_ground_")) / MODEL_FILE
            path.write_bytes(model)
            self.model_path, self._model = path, None
        return self

    def from_disk(self, path: Union[str, Path], *, exclude: Iterable[str] = tuple()) -> "Entailer":
        path = ensure_path(path)
        if (path / MODEL_FILE).exists():
            self.model_path = path / MODEL_FILE
            self._model = None
        return self
