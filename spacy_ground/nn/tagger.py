"""The token tagger: which words of an answer sentence its evidence does not support.

A second head on the cross-encoder (``entail_model.CrossEncoder``), so that a pair is read
once: the encoder's lower layers are shared; the tagger has transformer layers of its own
(started as copies of the cross-encoder's top ``depth`` layers) over every token of the pair
and a linear head that gives, per word piece of the answer sentence, the probability that it
is not supported by the evidence. Only the tagger's layers and head are trained (the
cross-encoder's judgement stays what it was); they ship as float16 safetensors of their
own, about 3.6 MB a layer (the shipped one has two: 7.1 MB).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple, Union

import torch

from spacy_ground.nn.entail_model import (
    CrossEncoder,
    _cls_only_fits,
    _layer_rows,
    _sdpa_mask,
    encode_pairs,
    module_device,
)

PREFIX = "tagger."


class TokenTagger(torch.nn.Module):
    """BERT layers plus a linear head: a logit per token (high: not supported)."""

    def __init__(self, layers: Sequence[torch.nn.Module], hidden: int, dropout: float = 0.1):
        super().__init__()
        self.layers = torch.nn.ModuleList(layers)
        self.dropout = torch.nn.Dropout(dropout)
        self.head = torch.nn.Linear(hidden, 1)

    @property
    def depth(self) -> int:
        """How many of the encoder's top layers the tagger has copies of (it reads the hidden
        states below them)."""
        return len(self.layers)

    def forward(self, hidden: torch.Tensor, mask: Optional[torch.Tensor]) -> torch.Tensor:
        """Token logits (batch x length) from the hidden states below the encoder's top
        ``depth`` layers."""
        for layer in self.layers:
            hidden = _layer_rows(layer, hidden, mask)
        return self.head(self.dropout(hidden)).squeeze(-1)


def new_tagger(model: CrossEncoder, base_rate: float = 0.1, depth: int = 1) -> TokenTagger:
    """A tagger whose layers start as copies of ``model``'s top ``depth`` encoder layers and
    whose head says ``base_rate`` for every token."""
    layers = model.encoder.encoder.layer
    if not 1 <= depth < len(layers):
        raise ValueError(f"the tagger's depth is 1 to {len(layers) - 1} layers, not {depth}")
    tagger = TokenTagger([copy.deepcopy(layer) for layer in layers[-depth:]], model.head.in_features)
    with torch.no_grad():
        tagger.head.weight.zero_()
        tagger.head.bias.fill_(float(torch.logit(torch.tensor(base_rate))))
    return tagger


def below_top(model: CrossEncoder, input_ids, attention_mask, token_type_ids=None, depth: int = 1):
    """The hidden states that enter the encoder's top ``depth`` layers, and the attention mask
    the layers read (None when nothing is padded). Needs an encoder ``_cls_only_fits`` knows."""
    bert = model.encoder
    if not _cls_only_fits(bert):
        raise ValueError("the token tagger needs a BERT encoder laid out as transformers' BertModel (sdpa)")
    hidden = bert.embeddings(input_ids=input_ids, token_type_ids=token_type_ids)
    if attention_mask is None:
        attention_mask = torch.ones(input_ids.shape, device=input_ids.device)
    mask = _sdpa_mask()(attention_mask, hidden.dtype, tgt_len=input_ids.shape[1])
    for layer in bert.encoder.layer[:-depth]:
        hidden = _layer_rows(layer, hidden, mask)
    return hidden, mask


def forward_tagged(
    model: CrossEncoder, tagger: TokenTagger, input_ids, attention_mask, token_type_ids=None, support_below: float = 1.0
):
    """(3-way logits, per row its token logits or None) of a batch in eval mode: the layers
    below the tagger's run once for both, the cross-encoder's own top layers after them (its
    last for [CLS] only), the tagger's layers for every token of the rows whose probability of
    supported is under ``support_below`` (1.0: every row; a well supported sentence is then
    not tagged, which saves the tagger's work on most sentences)."""
    hidden, mask = below_top(model, input_ids, attention_mask, token_type_ids, tagger.depth)
    top = model.encoder.encoder.layer[-tagger.depth :]
    own = hidden
    for layer in top[:-1]:
        own = _layer_rows(layer, own, mask)
    last = _layer_rows(top[-1], own, mask, rows=1)
    logits = model.head(last[:, 0])
    rows = list(range(len(logits)))
    if support_below < 1.0:
        supported = torch.softmax(logits.float(), dim=-1)[:, 0]
        rows = [i for i in rows if float(supported[i]) < support_below]
    tags: List[Optional[torch.Tensor]] = [None] * len(logits)
    if rows:
        idx = torch.tensor(rows, device=hidden.device)
        out = tagger(hidden[idx], mask[idx] if mask is not None else None)
        for j, i in enumerate(rows):
            tags[i] = out[j]
    return logits, tags


def hypothesis_pieces(encoding, index: int = 0) -> List[Tuple[int, int, int]]:
    """(position, start, end) of the word pieces of the second text (the answer sentence) in
    one row of a fast tokenizer's encoding made with ``return_offsets_mapping``."""
    out = []
    for pos, (seq, (s, e)) in enumerate(zip(encoding.sequence_ids(index), encoding["offset_mapping"][index])):
        if seq == 1 and e > s:
            out.append((pos, int(s), int(e)))
    return out


def encode_for_tagging(tokenizer, premises: Sequence[str], hypotheses: Sequence[str], max_length: int = 256):
    """``encode_pairs`` with the character offsets of every word piece."""
    return encode_pairs(tokenizer, premises, hypotheses, max_length, offsets=True)


def run_tagged(
    model: CrossEncoder, enc, support_below: float = 1.0
) -> Tuple[List[List[float]], List[Optional[List[float]]]]:
    """The probabilities (supported, unsupported, contradicted) and the per-token probability
    not supported (None for a row not tagged, see ``forward_tagged``) of one encoded batch
    (``encode_for_tagging``), by ``model`` and the tagger attached to it as ``model.tagger``."""
    device = module_device(model)
    with torch.inference_mode():
        logits, tags = forward_tagged(
            model,
            model.tagger,
            enc["input_ids"].to(device),
            enc["attention_mask"].to(device),
            enc["token_type_ids"].to(device) if "token_type_ids" in enc else None,
            support_below,
        )
        probs = torch.softmax(logits.float(), dim=-1).tolist()
        return probs, [None if t is None else torch.sigmoid(t.float()).tolist() for t in tags]


def decode_tagged(enc, tags: List[Optional[List[float]]], row: int) -> Optional[List[Tuple[int, int, float]]]:
    """(start, end, probability) of each word piece of the hypothesis in row ``row`` (None for a
    row not tagged)."""
    if tags[row] is None:
        return None
    return [(s, e, tags[row][pos]) for pos, s, e in hypothesis_pieces(enc, row)]


def save_tagger(tagger: TokenTagger, path: Union[str, Path], meta: Optional[dict] = None) -> None:
    """Write the tagger as float16 safetensors (plus a JSON sidecar with ``meta``)."""
    from safetensors.torch import save_file

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    state = {PREFIX + k: v.detach().to("cpu").half().contiguous() for k, v in tagger.state_dict().items()}
    save_file(state, str(path), metadata={"kind": "token tagger"})
    if meta is not None:
        path.with_suffix(".json").write_text(json.dumps(meta, indent=2), encoding="utf8")


def load_tagger(path: Union[str, Path], model: CrossEncoder) -> TokenTagger:
    """The tagger stored at ``path``, built to fit ``model``'s encoder (eval mode)."""
    from safetensors.torch import load_file

    state: Dict[str, torch.Tensor] = {
        k[len(PREFIX) :]: v.float() for k, v in load_file(str(path)).items() if k.startswith(PREFIX)
    }
    depth = len({k.split(".")[1] for k in state if k.startswith("layers.")})
    tagger = new_tagger(model, depth=max(depth, 1))
    missing, unexpected = tagger.load_state_dict(state, strict=False)
    if missing or unexpected:
        raise ValueError(
            f"{path} is not a token tagger for this encoder (missing {missing[:3]}, unexpected {unexpected[:3]})"
        )
    tagger.eval()
    return tagger
