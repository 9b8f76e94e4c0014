"""Dynamic int8 with one scale per output channel against one per weight tensor (the shipped setting).

Accuracy on 2,000 pairs of fever_dev and xnli_en (sampled as `train_entail eval` samples them),
agreement of each setting's predictions with float32's, then the time a pair takes on one thread
(150 xnli_en pairs with the premise repeated three times, about 87 tokens, three timed rounds).

    python metrics/experiments/int8_per_channel.py > metrics/experiments/int8_per_channel.txt
"""
import copy
import random
import time
import warnings
from collections import defaultdict

import torch
from torch.ao.quantization import per_channel_dynamic_qconfig

from spacy_ground.entail import inference_only
from spacy_ground.entail_model import encode_pairs, load_tokenizer, load_trained, predict_proba
from spacy_ground.train_entail import read_pairs

warnings.simplefilter("ignore")
torch.set_num_threads(2)
rows = [r for r in read_pairs("assets/nli_eval.jsonl.gz") if r["dataset"] in ("xnli_en", "fever_dev")]
by = defaultdict(list)
for r in rows:
    by[r["dataset"]].append(r)
rng = random.Random(0)
sets = {ds: rng.sample(items, 2000) if len(items) > 2000 else items for ds, items in sorted(by.items())}
tok = load_tokenizer()
base = inference_only(load_trained("spacy_ground/models/entail.safetensors"))
models = {
    "fp32": base,
    "int8_tensor": torch.ao.quantization.quantize_dynamic(copy.deepcopy(base), {torch.nn.Linear}, dtype=torch.qint8),
    "int8_channel": torch.ao.quantization.quantize_dynamic(
        copy.deepcopy(base), {torch.nn.Linear: per_channel_dynamic_qconfig}, dtype=torch.qint8),
}
ref = {}
for name, m in models.items():
    out = {}
    for ds, items in sets.items():
        probs = predict_proba(m, tok, [r["premise"] for r in items], [r["hypothesis"] for r in items], max_length=256)
        two = all(r["label"] != "contradiction" for r in items)
        preds = [("entailment" if p[0] >= 0.5 else "neutral") if two else
                 ("entailment", "neutral", "contradiction")[max(range(3), key=lambda k: p[k])] for p in probs]
        ref.setdefault(ds, preds)
        out[ds] = {"accuracy": round(sum(p == r["label"] for p, r in zip(preds, items)) / len(items), 4),
                   "agreement_with_fp32": round(sum(a == b for a, b in zip(preds, ref[ds])) / len(items), 4)}
    print(name, out, flush=True)

torch.set_num_threads(1)
items = random.Random(1).sample(by["xnli_en"], 150)
encs = [encode_pairs(tok, [r["premise"] * 3], [r["hypothesis"]], 256) for r in items]
timed = {k: 0.0 for k in ("int8_tensor", "int8_channel")}
with torch.inference_mode():
    for rnd in range(4):
        for k in timed:
            t0 = time.perf_counter()
            for e in encs:
                models[k](**e)
            if rnd:
                timed[k] += time.perf_counter() - t0
print({k: round(v / 3 / len(encs) * 1000, 2) for k, v in timed.items()}, "ms a pair on one thread")
