"""Training steps in float32 against bfloat16 autocast on this CPU: 12 stage-1 batches (batch 32,
max length 128), the same batches and seed in both settings; pairs/s over the last 10 steps and
every step's loss. Then one answer-sized pair at inference on one thread: int8 (as run), bfloat16
weights, float32 under bfloat16 autocast (60 xnli_en pairs, premise repeated three times).

    python metrics/experiments/bf16_steps.py > metrics/experiments/bf16_steps.txt
"""
import copy
import itertools
import random
import time
import warnings

import torch

import spacy_ground.train_entail as te
from spacy_ground.entail import inference_only
from spacy_ground.entail_model import load_trained

warnings.simplefilter("ignore")
torch.set_num_threads(2)
rows = list(itertools.islice(te.read_pairs("assets/nli_train.jsonl.gz"), 200000))
batches = te.length_batches(te.sample_nli(rows, 2000, 0.15, 0, other_share=0.7), 32, 0)[:12]
tok = te.load_tokenizer()


def steps(precision: str) -> None:
    torch.manual_seed(0)
    model = te.build_torch_model()
    model.train()
    for p in model.encoder.embeddings.parameters():
        p.requires_grad = False
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-4)
    t0, n, losses = time.perf_counter(), 0, []
    for i, b in enumerate(batches):
        if i == 2:  # the first two steps warm up
            t0, n = time.perf_counter(), 0
        enc = te.encode_pairs(tok, [x[0] for x in b], [x[1] for x in b], 128)
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=precision == "bf16"):
            logits = model(**enc)
        loss = torch.nn.functional.cross_entropy(logits.float(), torch.tensor([x[2] for x in b]))
        loss.backward()
        opt.step()
        opt.zero_grad()
        n += len(b)
        losses.append(round(loss.item(), 3))
    print(precision, f"{n / (time.perf_counter() - t0):.1f} pairs/s", losses, flush=True)


steps("fp32")
steps("bf16")

torch.set_num_threads(1)
items = random.Random(1).sample([r for r in te.read_pairs("assets/nli_eval.jsonl.gz") if r["dataset"] == "xnli_en"], 60)
encs = [te.encode_pairs(tok, [r["premise"] * 3], [r["hypothesis"]], 256) for r in items]
base = inference_only(load_trained("spacy_ground/models/entail.safetensors"))
q = torch.ao.quantization.quantize_dynamic(copy.deepcopy(base), {torch.nn.Linear}, dtype=torch.qint8)
bf = copy.deepcopy(base).to(torch.bfloat16)


def autocast(e):
    with torch.autocast("cpu", dtype=torch.bfloat16):
        return base(**e)


runs = {"int8": lambda e: q(**e), "bf16 weights": lambda e: bf(**e), "autocast": autocast}
total = dict.fromkeys(runs, 0.0)
with torch.inference_mode():
    for rnd in range(3):
        for k, f in runs.items():
            t0 = time.perf_counter()
            for e in encs:
                f(e)
            if rnd:
                total[k] += time.perf_counter() - t0
print({k: round(v / 2 / len(encs) * 1000, 2) for k, v in total.items()}, "ms a pair on one thread")
