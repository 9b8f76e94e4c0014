"""Train the ``ground_entail`` cross-encoder and measure it: stage 1 on NLI pairs (``train``),
stages 2 to 4 on RAG answers (``adapt``; stage 4 also on the other labelled sets, ``--more-data``).

    python -m spacy_ground.training.train_entail train DATA.jsonl.gz OUT.safetensors [--max-pairs N] ...
    python -m spacy_ground.training.train_entail adapt ragtruth_train.jsonl summedits.jsonl INIT.safetensors OUT.safetensors ...
    python -m spacy_ground.training.train_entail eval MODEL.safetensors nli_eval.jsonl.gz [--datasets xnli_en fever_dev]

Only the transformer layers and the head are trained (the embeddings stay as
pretrained, so they need not ship). Batches are bucketed by length, checkpoints are
written every ``--checkpoint-every`` steps and a run resumes from its checkpoint.
``--device cuda`` trains on a GPU; ``--precision`` (default ``auto``) runs the forward pass under
bfloat16 autocast where the device has it natively (1.5 to 1.7x faster steps on a CPU with AVX512-BF16),
the weights, the classification head and optimiser staying float32; ``--save-pairs FILE`` writes a step's training pairs
and stops, ``--pairs-from FILE`` trains on them (build the stage-2 pairs, which need the
spaCy pipeline, on one machine and train on another).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Sequence, Tuple

from spacy_ground.nn.entail_model import (
    NLI_LABELS,
    build_torch_model,
    encode_pairs,
    load_tokenizer,
    load_trained,
    predict_proba,
    save_trained,
)

Pair = Tuple[str, str, int]


def read_pairs(path: str) -> Iterator[Dict]:
    """Rows of a (gzipped) JSONL file of premise/hypothesis/label/dataset."""
    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt", encoding="utf8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def write_pair_file(pairs: Sequence[Pair], path: str) -> None:
    """Write (premise, hypothesis, label) pairs as gzipped JSONL, in order."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wt", encoding="utf8") as f:
        for premise, hypothesis, label in pairs:
            f.write(json.dumps({"premise": premise, "hypothesis": hypothesis, "label": int(label)}) + "\n")


def read_pair_file(path: str) -> List[Pair]:
    """Pairs written by :func:`write_pair_file` (labels are class indices)."""
    pairs = []
    for r in read_pairs(path):
        if type(r.get("label")) is not int or r["label"] not in (0, 1, 2):
            raise ValueError(f"{path}: a pair file holds labels 0, 1 or 2, got {r.get('label')!r}")
        pairs.append((r["premise"], r["hypothesis"], r["label"]))
    return pairs


def sample_nli(
    rows: Sequence[Dict], max_pairs: int, fever_neutral_share: float, seed: int, other_share: float = 0.55
) -> List[Pair]:
    """A training sample of ``max_pairs``: MNLI/SNLI/Breaking NLI/SciTail up to ``other_share``
    of it, FEVER for the rest, and
    FEVER neutrals built by pairing a claim with the evidence of a different claim that
    shares the most capitalised words (FEVER has no neutral pairs of its own)."""
    rng = random.Random(seed)
    fever = [r for r in rows if r["dataset"] == "fever"]
    other = [r for r in rows if r["dataset"] != "fever"]
    rng.shuffle(fever)
    rng.shuffle(other)
    other = other[: int(max_pairs * other_share)]
    n_fever = max(0, min(len(fever), max_pairs - len(other)))
    n_neutral = int(n_fever * fever_neutral_share)
    chosen = fever[: n_fever - n_neutral]
    pairs = [(r["premise"], r["hypothesis"], NLI_LABELS[r["label"]]) for r in other + chosen]
    # neutral FEVER pairs: same topic words, different claim's evidence
    by_word: Dict[str, List[int]] = defaultdict(list)
    caps = [frozenset(w for w in r["hypothesis"].split() if w[:1].isupper()) for r in fever]
    for i, ws in enumerate(caps):
        for w in ws:
            by_word[w].append(i)
    pool = fever[n_fever - n_neutral :] or fever
    made = 0
    for r_i in range(len(pool)):
        if made >= n_neutral:
            break
        r = pool[r_i]
        ws = [w for w in r["hypothesis"].split() if w[:1].isupper()]
        cands = [
            j
            for w in ws
            for j in by_word.get(w, [])[:50]
            if fever[j]["hypothesis"] != r["hypothesis"] and fever[j]["premise"] != r["premise"]
        ]
        if not cands:
            continue
        j = rng.choice(cands)
        pairs.append((fever[j]["premise"], r["hypothesis"], NLI_LABELS["neutral"]))
        made += 1
    rng.shuffle(pairs)
    return pairs


def length_batches(pairs: Sequence[Pair], batch_size: int, seed: int, chunk: int = 50) -> List[List[Pair]]:
    """Batches of similar length (short NLI pairs cost little), in a shuffled order."""
    rng = random.Random(seed)
    items = list(pairs)
    rng.shuffle(items)
    batches: List[List[Pair]] = []
    for c in range(0, len(items), batch_size * chunk):
        block = sorted(items[c : c + batch_size * chunk], key=lambda p: len(p[0]) + len(p[1]))
        batches += [block[i : i + batch_size] for i in range(0, len(block), batch_size)]
    rng.shuffle(batches)
    return batches


def native_bf16(device, cpuinfo: str = "/proc/cpuinfo") -> bool:
    """Whether ``device`` computes in bfloat16 natively (a CUDA GPU that says so; a CPU with AVX512-BF16 or AMX)."""
    import torch

    if device.type == "cuda":  # that GPU, not the current one; emulated bfloat16 (V100, T4) is no faster
        with torch.cuda.device(device):
            return bool(torch.cuda.is_bf16_supported(including_emulation=False))
    if device.type != "cpu":
        return False
    try:
        flags = Path(cpuinfo).read_text(encoding="utf8", errors="replace").split()
    except OSError:  # not Linux: no cheap way to tell, so stay in float32 (--precision bf16 to choose)
        return False
    return "avx512_bf16" in flags or "amx_bf16" in flags


def training_precision(choice: str, device) -> str:
    """The precision to train in: ``fp32``, ``bf16`` (autocast), or ``auto`` (bf16 where ``device`` has it natively)."""
    if choice not in ("auto", "fp32", "bf16"):
        raise ValueError(f"--precision must be auto, fp32 or bf16, not {choice!r}")
    if choice == "auto":
        return "bf16" if native_bf16(device) else "fp32"
    if choice == "bf16" and not native_bf16(device):
        print(
            f"warning: {device} has no native bfloat16 that we can see: bf16 training may be slower than fp32",
            file=sys.stderr,
        )
    return choice


def train(args: argparse.Namespace) -> int:
    import torch

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    device = torch.device(args.device)
    pairs = getattr(args, "pairs", None)
    if getattr(args, "pairs_from", None):
        pairs = read_pair_file(args.pairs_from)
    elif pairs is None:
        pairs = sample_nli(
            list(read_pairs(args.data)),
            args.max_pairs,
            args.fever_neutral_share,
            args.seed,
            other_share=args.other_share,
        )
    print(f"{len(pairs):,} pairs; labels {dict(Counter(p[2] for p in pairs))}", file=sys.stderr)
    if getattr(args, "save_pairs", None):
        write_pair_file(pairs, args.save_pairs)
        print(f"wrote {len(pairs):,} pairs to {args.save_pairs} (not trained)", file=sys.stderr)
        return 0
    batches = length_batches(pairs, args.batch_size, args.seed)
    precision = training_precision(getattr(args, "precision", "auto"), device)
    tokenizer = load_tokenizer()
    ckpt = Path(args.output).with_suffix(".ckpt.safetensors")
    state_file = ckpt.with_suffix(".json")
    start_step = 0
    if ckpt.exists() and state_file.exists():
        model = load_trained(ckpt)
        state = json.loads(state_file.read_text())
        start_step = state["step"]
        print(f"resuming at step {start_step} (AdamW's moments start afresh)", file=sys.stderr)
        if state.get("precision", precision) != precision:  # finish a run in the precision it began in
            print(f"the run began in {state['precision']}; going on in it, not {precision}", file=sys.stderr)
            precision = state["precision"]
    elif getattr(args, "init", None):
        model = load_trained(args.init)  # stage 2 starts from the NLI model
        model.train()
    else:
        model = build_torch_model()
    print(f"training in {precision}", file=sys.stderr)
    model.to(device)
    for p in model.encoder.embeddings.parameters():
        p.requires_grad = False
    params = [
        {
            "params": [p for n, p in model.named_parameters() if p.requires_grad and not n.startswith("head")],
            "lr": args.lr,
        },
        {"params": list(model.head.parameters()), "lr": args.lr * 10},
    ]
    opt = torch.optim.AdamW(params, weight_decay=0.01)
    total = len(batches) * args.epochs
    warmup = max(1, int(0.06 * total))
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min((s + start_step + 1) / warmup, max(0.0, (total - s - start_step) / max(1, total - warmup)))
    )
    model.train()
    t0, seen, loss_avg = time.perf_counter(), 0, None
    step = 0
    for epoch in range(args.epochs):
        for batch in batches:
            step += 1
            if step <= start_step:
                continue
            enc = encode_pairs(tokenizer, [b[0] for b in batch], [b[1] for b in batch], args.max_length).to(device)
            labels = torch.tensor([b[2] for b in batch], device=device)
            with torch.autocast(device.type, dtype=torch.bfloat16, enabled=precision == "bf16"):
                logits = model(**enc)
            loss = torch.nn.functional.cross_entropy(logits.float(), labels)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            sched.step()
            opt.zero_grad()
            seen += len(batch)
            loss_avg = loss.item() if loss_avg is None else 0.98 * loss_avg + 0.02 * loss.item()
            if step % 20 == 0:
                rate = seen / (time.perf_counter() - t0)
                left = (total - step) * args.batch_size / max(rate, 1e-9)
                print(
                    f"step {step}/{total} loss {loss_avg:.3f} {rate:.1f} pairs/s, {left / 60:.0f} min left",
                    file=sys.stderr,
                    flush=True,
                )
            if step % args.checkpoint_every == 0:
                save_trained(model, ckpt)
                state_file.write_text(json.dumps({"step": step, "precision": precision}))
    elapsed = time.perf_counter() - t0
    meta = {
        "stage": args.command,
        "pairs": len(pairs),
        "labels": dict(Counter(p[2] for p in pairs)),
        "epochs": args.epochs,
        "max_length": args.max_length,
        "batch_size": args.batch_size,
        "lr": args.lr,
        "seed": args.seed,
        "threads": args.threads,
        "train_seconds": round(elapsed),
        "device": str(device),
        "precision": precision,
        "data": Path(getattr(args, "pairs_from", None) or args.data).name,
    }
    if getattr(args, "more_data", None):
        meta["more_data"] = [Path(p).name for p in args.more_data]
    init = getattr(args, "init", None)
    if init and Path(init).with_suffix(".json").exists():  # the run it continued, stage by stage
        meta["init"] = json.loads(Path(init).with_suffix(".json").read_text(encoding="utf8"))
    save_trained(model, args.output, meta)
    for f in (ckpt, state_file):
        if f.exists():
            f.unlink()
    print(f"wrote {args.output} after {elapsed / 60:.1f} min", file=sys.stderr)
    return 0


def evaluate(args: argparse.Namespace) -> int:
    import torch

    torch.set_num_threads(args.threads)
    if args.quantize and torch.device(args.device).type != "cpu":
        raise ValueError("--quantize is dynamic int8 for the CPU; leave --device at cpu")
    if args.quantize:  # as ground_entail runs it with [components.ground_entail.model] quantize = true
        from spacy_ground.pipeline.entail import _load_torch

        model = _load_torch(Path(args.model), True)
    else:
        model = load_trained(args.model)
    model.to(args.device)
    tokenizer = load_tokenizer()
    rows = [r for r in read_pairs(args.data) if r["dataset"] in args.datasets]
    by_ds: Dict[str, List[Dict]] = defaultdict(list)
    for r in rows:
        by_ds[r["dataset"]].append(r)
    results = {}
    rng = random.Random(0)
    for ds, items in sorted(by_ds.items()):
        if args.max_per_dataset and len(items) > args.max_per_dataset:
            items = rng.sample(items, args.max_per_dataset)
        t0 = time.perf_counter()
        probs = predict_proba(
            model,
            tokenizer,
            [r["premise"] for r in items],
            [r["hypothesis"] for r in items],
            max_length=args.max_length,
            device=args.device,
        )
        two_way = all(r["label"] != "contradiction" for r in items)  # fever_dev: entailment vs not
        correct = 0
        for r, p in zip(items, probs):
            if two_way:
                pred = "entailment" if p[0] >= 0.5 else "neutral"
            else:
                pred = ("entailment", "neutral", "contradiction")[max(range(3), key=lambda k: p[k])]
            correct += pred == r["label"]
        results[ds] = {
            "pairs": len(items),
            "accuracy": correct / len(items),
            "two_way": two_way,
            "int8": bool(args.quantize),
            "pairs_per_second": len(items) / (time.perf_counter() - t0),
        }
        print(f"{ds}: accuracy {correct / len(items):.3f} on {len(items)} pairs", file=sys.stderr)
    if args.output:
        Path(args.output).parent.mkdir(parents=True, exist_ok=True)
        Path(args.output).write_text(json.dumps(results, indent=2), encoding="utf8")
    print(json.dumps(results, indent=2))
    return 0


def _kind_counts(text: str) -> Dict[str, int]:
    """'passages=3,document=1' -> {"passages": 3, "document": 1} (an argparse type)."""
    out: Dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        kind, sep, k = part.partition("=")
        if not sep or not k.strip().isdigit() or int(k) < 1:
            raise argparse.ArgumentTypeError(f"expected KIND=K with K >= 1, e.g. passages=3; got {part!r}")
        out[kind.strip()] = int(k)
    return out


def _training_options(
    p: argparse.ArgumentParser, max_length: int, batch_size: int, lr: float, checkpoint_every: int
) -> None:
    p.add_argument("--max-length", type=int, default=max_length)
    p.add_argument("--batch-size", type=int, default=batch_size)
    p.add_argument("--lr", type=float, default=lr)
    p.add_argument("--epochs", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--checkpoint-every", type=int, default=checkpoint_every)
    p.add_argument("--device", default="cpu", help="torch device to train on, e.g. cuda (a lent GPU)")
    p.add_argument(
        "--precision",
        default="auto",
        choices=("auto", "fp32", "bf16"),
        help="bf16: the forward pass under bfloat16 autocast (weights and optimiser stay float32; "
        "1.5 to 1.7x faster on a CPU with AVX512-BF16); auto: bf16 where the device has it natively",
    )
    p.add_argument("--save-pairs", help="write the training pairs to this .jsonl.gz file and stop (no training)")
    p.add_argument(
        "--pairs-from",
        help="train on the pairs of a --save-pairs file instead of sampling or building "
        "them (e.g. pairs built on a CPU machine, trained on a GPU one)",
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m spacy_ground.training.train_entail", description=__doc__.split("\n")[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("train", help="stage 1: learn entailment from NLI pairs")
    t.add_argument("data")
    t.add_argument("output")
    t.add_argument("--max-pairs", type=int, default=60000)
    t.add_argument("--fever-neutral-share", type=float, default=0.15)
    t.add_argument(
        "--other-share",
        type=float,
        default=0.55,
        help="share of the sample taken from MNLI/SNLI/Breaking NLI/SciTail (capped at what there is)",
    )
    t.add_argument("--init", help="continue from this model (a second pass over a new sample)")
    _training_options(t, max_length=128, batch_size=32, lr=4e-5, checkpoint_every=200)
    t.set_defaults(func=train)
    a = sub.add_parser(
        "adapt",
        help="stages 2 to 4: adapt an NLI model to RAG answers (RAGTruth train, SummEdits, hard "
        "negatives; --source-kinds / --evidence-k-by-source for stage 3; --more-data for stage 4)",
    )
    a.add_argument("ragtruth")
    a.add_argument("summedits")
    a.add_argument("init", help="the model to start from (stage 1 for stage 2, stage 2 for stage 3, ...)")
    a.add_argument("output")
    a.add_argument("--max-summedits", type=int, default=2000)
    a.add_argument("--supported-share", type=float, default=0.5, help="share of supported sentences kept")
    a.add_argument(
        "--negative-share", type=float, default=0.2, help="share of supported sentences given a hard negative"
    )
    a.add_argument(
        "--negatives",
        choices=("rules", "synthetic"),
        default="rules",
        help="hard negatives: a changed number or an added negation (rules), or any kind of "
        "training.synthetic that applies to one sentence (a number, a name of the sources, a "
        "negation either way, two names' roles)",
    )
    a.add_argument(
        "--evidence-k", type=int, default=1, help="evidence sentences per pair (as ground_entail's evidence_k)"
    )
    a.add_argument(
        "--negative-evidence-k",
        type=int,
        default=1,
        help="pair each hallucinated sentence with this many of its top evidence sentences "
        "(as ground_entail's evidence_mode='best' reads them)",
    )
    a.add_argument(
        "--evidence-k-by-source",
        type=_kind_counts,
        default={},
        help="evidence sentences per pair by kind of sources, as ground_entail's evidence_k_by_source, e.g. passages=3",
    )
    a.add_argument(
        "--source-kinds", nargs="+", help="only answers whose sources are of these kinds (record, passages, document)"
    )
    a.add_argument(
        "--more-data",
        nargs="+",
        metavar="FILE",
        help="other labelled train files (their adapt part): sentence labels from their spans, or, "
        "labelled per answer, every sentence of a clean answer and a hallucinated one-sentence answer",
    )
    a.add_argument(
        "--max-more", type=int, default=0, help="at most this many answers of each --more-data file (0: all)"
    )
    a.add_argument("--nli-data", help="NLI pairs to mix in (replay), e.g. assets/nli_train.jsonl.gz")
    a.add_argument("--nli-pairs", type=int, default=0, help="how many NLI pairs to mix in")
    _training_options(a, max_length=256, batch_size=16, lr=2e-5, checkpoint_every=100)
    a.set_defaults(func=adapt)
    e = sub.add_parser("eval", help="accuracy on NLI evaluation sets")
    e.add_argument("model")
    e.add_argument("data")
    e.add_argument("--datasets", nargs="+", default=["xnli_en", "fever_dev"])
    e.add_argument("--max-per-dataset", type=int, default=0)
    e.add_argument("--max-length", type=int, default=256, help="as ground_entail uses it")
    e.add_argument("--threads", type=int, default=2)
    e.add_argument("--device", default="cpu")
    e.add_argument("--quantize", action="store_true", help="dynamic int8, as ground_entail runs it by default")
    e.add_argument("--output")
    e.set_defaults(func=evaluate)
    args = parser.parse_args(argv)
    return args.func(args)


# ---------------------------------------------------------------- stage 2: RAG pairs
_NEGATABLE = re.compile(r"\b(is|are|was|were|has|have|had|can|will|does|did)\b")


# span labels that say the sources state otherwise (RAGTruth's conflicts, QUINTD's incorrect)
_CONTRADICTED_SPANS = ("conflict", "incorrect")


def _sentence_label(start: int, end: int, spans: Sequence[Dict]) -> int:
    """2 if the sentence overlaps a span the sources contradict (RAGTruth's Conflict, QUINTD's
    incorrect), 1 if another labelled span, else 0."""
    label = 0
    for sp in spans:
        if sp["start"] < end and start < sp["end"]:
            if any(word in str(sp.get("label", "")).lower() for word in _CONTRADICTED_SPANS):
                return 2
            label = 1
    return label


def answer_sentence_labels(record: Dict, sentences: Sequence[Tuple[int, int]]) -> Optional[List[int]]:
    """Labels for an answer's checked sentences (character offsets): from its spans where the
    record has them; else, for a set labelled per answer, 0 for each sentence of a clean answer
    and 1 for a hallucinated answer of one sentence. None where the label does not say which
    sentence is wrong (a hallucinated answer of several sentences without spans)."""
    if record.get("spans"):
        return [_sentence_label(s, e, record["spans"]) for s, e in sentences]
    if not record.get("hallucinated"):
        return [0] * len(sentences)
    return [1] if len(sentences) == 1 else None


def hard_negative(sentence: str, rng: random.Random) -> Optional[str]:
    """A contradicted variant of a supported sentence: a changed number, or a negation."""
    from spacy_ground.text.normalize import find_claims

    claims = [(s, e, v) for s, e, v in find_claims(sentence) if v.kind not in ("date", "time") and v.value]
    if claims and rng.random() < 0.7:
        s, e, v = rng.choice(claims)
        digits = re.search(r"\d[\d,]*(?:\.\d+)?", sentence[s:e])
        if digits:
            old = digits.group(0)
            value = float(old.replace(",", ""))
            for _ in range(5):  # a different value, never the same one relabelled
                num = value * rng.choice([2, 3, 0.5]) + rng.choice([1, 3, 7])
                new = f"{num:,.0f}" if "." not in old else f"{num:,.1f}"
                if new != old:
                    return sentence[: s + digits.start()] + new + sentence[s + digits.end() :]
    m = _NEGATABLE.search(sentence)
    if m and " not " not in sentence:
        return sentence[: m.end()] + " not" + sentence[m.end() :]
    return None


def synthetic_negative(sentence: str, record: Dict, rng: random.Random) -> Optional[str]:
    """A contradicted variant of a supported sentence made by ``training.synthetic``: the kinds
    that apply to one sentence, tried in a seeded order (a number changed, a name swapped for
    another of the record's sources, two names' roles swapped, a negation added or dropped)."""
    from spacy_ground.training import synthetic

    makers = [
        lambda: synthetic.change_number(sentence, rng),
        lambda: synthetic.swap_name(dict(record, answer=sentence), rng),
        lambda: synthetic.swap_roles(sentence, rng),
        lambda: synthetic.flip_negation(sentence, rng),
    ]
    rng.shuffle(makers)
    for make in makers:
        made = make()
        if made is not None and made[0] != sentence:
            return made[0]
    return None


def train_part(record: Dict) -> str:
    """Split RAGTruth train by source document: 'adapt' (70 %, stage-2 pairs) or 'verdict'
    (30 %, where the verdict is fit on entailment scores the model has not been trained on)."""
    import hashlib

    key = "\x00".join(str(s) for s in (record.get("sources") or [])) + str(record.get("task"))
    return "verdict" if int(hashlib.sha1(key.encode("utf8")).hexdigest(), 16) % 10 < 3 else "adapt"


def build_rag_pairs(
    ragtruth: str,
    summedits: str,
    max_summedits: int,
    supported_share: float,
    negative_share: float,
    seed: int,
    evidence_k: int = 1,
    negative_evidence_k: int = 1,
    evidence_k_by_source: Optional[Dict[str, int]] = None,
    source_kinds: Optional[Sequence[str]] = None,
    negatives: str = "rules",
    more: Sequence[str] = (),
    max_more: int = 0,
) -> List[Pair]:
    """(evidence, answer sentence, label) pairs from RAGTruth train, SummEdits and hard negatives.

    The evidence is what ``ground_align`` finds at run time (the top ``evidence_k``
    source sentences, or ``evidence_k_by_source`` for the answer's kind of sources, as
    ``ground_entail`` uses them), so the model learns on the inputs it will see.
    ``source_kinds``: only answers whose sources are of these kinds (all when None).
    Lower-ranked evidence negatives (``negative_evidence_k``) are made for answers read
    with one evidence sentence only. ``negatives``: how hard negatives are made ("rules":
    ``hard_negative``; "synthetic": ``synthetic_negative``).
    """
    if negative_evidence_k > 1 and evidence_k > 1:
        raise ValueError(
            "--negative-evidence-k pairs a sentence with single evidence sentences "
            "(ground_entail's evidence_mode 'best'); it needs --evidence-k 1"
        )
    import spacy_ground
    from spacy_ground.sources.readers import check_source_kinds, source_kind
    from spacy_ground.sources.words import evidence_text
    from spacy_ground.training.bench import read_jsonl

    by_source = dict(evidence_k_by_source or {})
    check_source_kinds(list(by_source) + list(source_kinds or []), "adapt")

    rng = random.Random(seed)
    nlp = spacy_ground.load(exclude=("ground_entail", "ground_verdict"))
    if "ground_align" not in nlp.pipe_names:
        nlp.add_pipe("ground_align", after="ground_claims")
    pairs: List[Pair] = []
    edits = [r for r in read_jsonl(summedits) if r.get("split", "train") == "train"]
    rows = [r for r in read_jsonl(ragtruth) if train_part(r) == "adapt"]
    rows += rng.sample(edits, min(max_summedits, len(edits)))
    for path in more:
        extra = [r for r in read_jsonl(path) if train_part(r) == "adapt"]
        rows += rng.sample(extra, min(max_more, len(extra))) if max_more else extra
    kinds = [source_kind(r.get("sources")) for r in rows]
    if source_kinds is not None:
        rows, kinds = [r for r, c in zip(rows, kinds) if c in source_kinds], [c for c in kinds if c in source_kinds]
    for n, (rec, kind) in enumerate(zip(rows, kinds)):
        if n % 200 == 0:
            print(f"  pairs from {n}/{len(rows)} answers", file=sys.stderr, flush=True)
        k = by_source.get(kind, evidence_k)
        doc = spacy_ground.check(nlp, rec["answer"], rec.get("sources") or [], rec.get("question"))
        is_summedits = rec.get("dataset") == "summedits"
        # labelled over all the answer's sentences (a lie of one sentence is one among them all),
        # then those without evidence or under 15 characters left out
        sents = list(doc.spans["ground_sentences"])
        if is_summedits:
            labels: Optional[List[int]] = [2 if rec["hallucinated"] else 0] * len(sents)
        else:
            labels = answer_sentence_labels(rec, [(s.start_char, s.end_char) for s in sents])
        if labels is None:
            continue
        for sent, label in zip(sents, labels):
            if not sent._.evidence or len(sent.text.strip()) < 15:
                continue
            evidence = sent._.evidence
            premise = evidence_text(evidence, k)
            if label == 0:
                if rng.random() < negative_share:
                    text = sent.text.strip()
                    neg = synthetic_negative(text, rec, rng) if negatives == "synthetic" else hard_negative(text, rng)
                    if neg:
                        pairs.append((premise, neg, 2))
                if rng.random() > supported_share:
                    continue
            pairs.append((premise, sent.text.strip(), label))
            if label and negative_evidence_k > 1 and k == 1:
                # a hallucinated sentence is supported by none of the evidence sentences that
                # ground_entail's "best" mode reads: the lower-ranked ones become pairs too
                # (unsupported: a conflict is with one sentence, the others only fail to support it)
                for e in evidence[1:negative_evidence_k]:
                    pairs.append((evidence_text([e], 1), sent.text.strip(), 1))
    rng.shuffle(pairs)
    return pairs


def adapt(args: argparse.Namespace) -> int:
    """Stage 2: continue from the NLI model on RAG pairs."""
    args.data = args.ragtruth
    if args.pairs_from:
        return train(args)
    pairs = build_rag_pairs(
        args.ragtruth,
        args.summedits,
        args.max_summedits,
        args.supported_share,
        args.negative_share,
        args.seed,
        args.evidence_k,
        args.negative_evidence_k,
        args.evidence_k_by_source,
        args.source_kinds,
        getattr(args, "negatives", "rules"),
        getattr(args, "more_data", None) or (),
        getattr(args, "max_more", 0),
    )
    if args.nli_data and args.nli_pairs:
        # replay NLI pairs so that adapting to RAG answers does not unlearn entailment
        replay = sample_nli(list(read_pairs(args.nli_data)), args.nli_pairs, 0.15, args.seed + 7, other_share=0.6)
        print(f"{len(pairs):,} RAG pairs + {len(replay):,} NLI replay pairs", file=sys.stderr)
        pairs = pairs + replay
        random.Random(args.seed).shuffle(pairs)
    args.pairs = pairs
    return train(args)


if __name__ == "__main__":
    sys.exit(main())
