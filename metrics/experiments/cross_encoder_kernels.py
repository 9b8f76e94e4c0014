"""The cross-encoder on one thread, over (evidence, sentence) pairs as ground_entail builds them
for dev answers: where the time goes (torch's profiler) and what other kernels cost.

    python metrics/experiments/cross_encoder_kernels.py assets/ragtruth_dev.jsonl --every 4 --pairs 200

Prints the pairs' token lengths, the share of the operators' time per operator against the
wall time (the rest is Python between operators), then ms per pair for: int8 with the lean
forward (shipped), int8 with transformers' forward, the int8 engines fbgemm and onednn,
float32, and bfloat16 autocast; each with the largest difference of a probability from the
shipped setting. Timed twice, in turn.
"""
import argparse
import copy
import itertools
import statistics
import time
import warnings

import torch

import spacy_ground as sg
import spacy_ground.entail_model as em
from spacy_ground.bench import read_jsonl


def collect_pairs(path: str, every: int):
    """The pairs ground_entail reads for every ``every``-th answer of ``path``."""
    nlp = sg.load()
    pairs = []
    original = em.predict_in_threads

    def keep(model, batches, workers):
        pairs.extend(p for batch in batches for p in batch)
        return original(model, batches, workers)

    em.predict_in_threads = keep
    try:
        for rec in itertools.islice(read_jsonl(path), 0, None, every):
            sg.check(nlp, rec["answer"], rec.get("sources") or [], rec.get("question"))
    finally:
        em.predict_in_threads = original
    return pairs


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("--every", type=int, default=4)
    ap.add_argument("--pairs", type=int, default=200)
    args = ap.parse_args()
    pairs = collect_pairs(args.data, args.every)[:args.pairs]
    torch.set_num_threads(1)
    tok = em.load_tokenizer()
    encs = em.encode_batches(tok, [[p] for p in pairs], 256)
    lengths = sorted(e["input_ids"].shape[1] for e in encs)
    print(f"{len(encs)} pairs, tokens: median {statistics.median(lengths)}, 90th percentile {lengths[int(0.9 * (len(lengths) - 1))]}")
    f32 = em.load_trained(em.Path(__file__).resolve().parents[2] / "spacy_ground" / "models" / "entail.safetensors")
    int8 = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for engine in ("x86", "fbgemm", "onednn"):
            torch.backends.quantized.engine = engine
            int8[engine] = torch.ao.quantization.quantize_dynamic(copy.deepcopy(f32), {torch.nn.Linear}, dtype=torch.qint8)
    torch.backends.quantized.engine = "x86"

    def run(model, engine="x86", lean=True, bf16=False):
        torch.backends.quantized.engine = engine
        em.CrossEncoder.cls_only_last_layer = lean
        out = []
        t0 = time.perf_counter()
        with torch.inference_mode():
            for enc in encs:
                if bf16:
                    with torch.autocast("cpu", dtype=torch.bfloat16):
                        logits = model(**enc)
                else:
                    logits = model(**enc)
                out.append(torch.softmax(logits.float(), -1))
        ms = (time.perf_counter() - t0) / len(encs) * 1000
        torch.backends.quantized.engine = "x86"
        em.CrossEncoder.cls_only_last_layer = True
        return ms, torch.cat(out)

    from torch.profiler import ProfilerActivity, profile

    t0 = time.perf_counter()
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        run(int8["x86"])
    wall = time.perf_counter() - t0
    events = prof.key_averages()
    total = sum(e.self_cpu_time_total for e in events) / 1e6
    print(f"operators {total:.2f} s of {wall:.2f} s wall (profiled; shipped setting)")
    for e in sorted(events, key=lambda e: -e.self_cpu_time_total)[:5]:
        print(f"  {e.key}: {e.self_cpu_time_total / 1e6 / total:.1%} of the operators' time")

    settings = [("int8 x86, lean forward (shipped)", dict(model=int8["x86"])),
                ("int8 x86, transformers' forward", dict(model=int8["x86"], lean=False)),
                ("int8 fbgemm", dict(model=int8["fbgemm"], engine="fbgemm")),
                ("int8 onednn", dict(model=int8["onednn"], engine="onednn")),
                ("float32", dict(model=f32)),
                ("bfloat16 autocast", dict(model=f32, bf16=True))]
    _, ref = run(int8["x86"])
    for round_ in (1, 2):
        for label, kw in settings:
            ms, out = run(**kw)
            print(f"round {round_}: {label}: {ms:.2f} ms a pair, max difference {float((out - ref).abs().max()):.3f}")


if __name__ == "__main__":
    main()
