"""Train the token tagger behind ``doc.spans["ground_unsupported"]`` (``nn.tagger``).

    python -m spacy_ground.training.train_tagger pairs TRAIN.jsonl [TRAIN.jsonl ...] --output PAIRS.jsonl.gz [--synthetic N]
    python -m spacy_ground.training.train_tagger train PAIRS.jsonl.gz [PAIRS.jsonl.gz ...] OUT.safetensors [--epochs 3]
    python -m spacy_ground.training.train_tagger choose OUT.safetensors TRAIN.jsonl [TRAIN.jsonl ...]

``pairs`` reads each labelled answer of the train files (never a dev split) through the
pipeline up to ``ground_align`` and writes the (evidence, answer sentence) pairs exactly as
``ground_entail`` reads them, each word piece's label (1: inside a labelled span), the
sentence's tokens and the answer's labelled spans. Each answer carries its part of the train
split (``train_entail.train_part``, by source document): ``adapt`` (70 %) trains the tagger,
``verdict`` (30 %) is held out. ``--synthetic N`` adds up to N synthetic hallucinations
(``training.synthetic``, spans of what changed) made from clean answers of the adapt part.

``train`` trains the tagger's layer and head on the adapt part (the cross-encoder frozen and
read once: the hidden states below its last layer are computed once per pair and kept), then
reads the held-out part and chooses, per kind of sources, the probability from which a token is
flagged: the one with the best character-level span F1 on the held-out answers (whitespace not
counted). The thresholds and the held-out figures go into the model's JSON sidecar.

``choose`` then settles the thresholds as the whole pipeline uses them: it checks the held-out
answers with the default pipeline and this tagger, and per kind of sources takes the threshold
whose flagged spans (the tagger's runs with the numbers and record facts, only in answers the
verdict flags, as ``ground_verdict`` sets them) have the best character-level F1; the sidecar's
``threshold`` / ``threshold_by_source`` become those (``project set-token-thresholds`` writes
them into the config).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

from spacy_ground.fusion.metrics import prf_counts as f1
from spacy_ground.training.bench import read_jsonl
from spacy_ground.training.train_entail import read_pairs

THRESHOLDS = [round(0.05 * i, 2) for i in range(2, 19)]
CUTOFFS = [0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 0.98, 1.0]


def _supported(row: Dict[str, Any]) -> float:
    return (row.get("entailment") or {}).get("supported", 0.0)


def _add(a: Tuple[int, int, int], b: Tuple[int, int, int]) -> Tuple[int, int, int]:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _total(counts: Dict[str, Tuple[int, int, int]]) -> Tuple[int, int, int]:
    """(tp, fp, fn) summed over kinds of sources."""
    out = (0, 0, 0)
    for c in counts.values():
        out = _add(out, c)
    return out


def _pipeline_counts(verdict, checked, thresholds, cutoff: float = 1.0) -> Dict[str, Tuple[int, int, int]]:
    """Per kind of sources, the character (tp, fp, fn) of ``ground_verdict``'s flagged spans on
    checked answers (Doc, record, gold spans, kind) at a token threshold (one for all kinds, or
    one per kind), the sentences supported with ``cutoff`` or more read as untagged."""
    from spacy_ground.fusion.spans import char_prf
    from spacy_ground.pipeline.verdict import untagged

    out: Dict[str, Tuple[int, int, int]] = defaultdict(lambda: (0, 0, 0))
    for doc, record, gold, kind in checked:
        pred = []
        if verdict.shows_spans(record):
            t = thresholds[kind] if isinstance(thresholds, dict) else thresholds
            sentences = [untagged(r) if _supported(r) >= cutoff else r for r in record["sentences"]]
            found = verdict._flagged_spans(doc, sentences, record["claims"], record.get("facts", []), kind, t)
            pred = [(s, e) for s, e, _ in found]
        out[kind] = _add(out[kind], char_prf(pred, gold, doc.text))
    return out


def build_pairs(paths: Sequence[str], synthetic: int = 0, seed: int = 0, limit: int = 0) -> List[Dict[str, Any]]:
    """One row per labelled answer: its text, spans, part and kind of sources, and its pairs as
    ``ground_entail`` reads them (premise, hypothesis, the blocks mapping the hypothesis onto the
    answer, the sentence's tokens, and each word piece's label)."""
    import spacy_ground
    from spacy_ground.nn.entail_model import load_tokenizer
    from spacy_ground.nn.tagger import encode_for_tagging, hypothesis_pieces
    from spacy_ground.sources.readers import source_kind
    from spacy_ground.text.offsets import char_blocks, project
    from spacy_ground.training import synthetic as synth
    from spacy_ground.training.train_entail import train_part

    rng = random.Random(seed)
    records: List[Dict[str, Any]] = []
    for path in paths:
        rows = list(read_jsonl(path))
        if any(r.get("split") == "dev" for r in rows):
            raise ValueError(f"{path}: the tagger trains on train splits only, never dev")
        rows = [r for r in rows if r.get("spans") or not r.get("hallucinated")]  # spans known
        if limit:
            rows = rows[:limit]
        records += rows
        if synthetic:
            clean = [r for r in rows if not r.get("hallucinated") and train_part(r) == "adapt"]
            made = synth.build(clean, seed)
            records += rng.sample(made, min(synthetic, len(made)))
    nlp = spacy_ground.load()
    entailer = nlp.get_pipe("ground_entail")
    tokenizer = load_tokenizer()
    max_length = int(entailer.model.attrs.get("max_length", 256))
    out = []
    started = time.time()
    for n, rec in enumerate(records):
        if n % 200 == 0:
            print(f"  {n}/{len(records)} answers, {time.time() - started:.0f} s", file=sys.stderr, flush=True)
        spans = [(int(s["start"]), int(s["end"])) for s in rec.get("spans") or []]
        with nlp.select_pipes(disable=["ground_entail", "ground_verdict"]):
            doc = spacy_ground.check(nlp, rec["answer"], rec.get("sources") or [], rec.get("question"))
        found = entailer.pairs(doc)
        pairs = []
        if found:
            enc = encode_for_tagging(
                tokenizer, [p for _, _, (p, _) in found], [h for _, _, (_, h) in found], max_length
            )
        for i, (sent, _, (premise, hypothesis)) in enumerate(found):
            blocks = char_blocks(sent.text, hypothesis)
            labels = []
            for pos, s, e in hypothesis_pieces(enc, i):
                a, b = project(blocks, s, e)
                a, b = a + sent.start_char, b + sent.start_char
                labels.append((pos, s, e, int(b > a and any(gs < b and a < ge for gs, ge in spans))))
            pairs.append(
                {
                    "premise": premise,
                    "hypothesis": hypothesis,
                    "start": sent.start_char,
                    "blocks": blocks,
                    "tokens": [(t.idx, t.idx + len(t.text)) for t in sent if not t.is_space],
                    "pieces": labels,
                }
            )
        out.append(
            {
                "id": rec.get("id"),
                "dataset": rec.get("dataset"),
                "part": train_part(rec),
                "synthetic": (rec.get("synthetic") or {}).get("kind"),
                "kind": source_kind(rec.get("sources")),
                "text": doc.text,
                "spans": spans,
                "pairs": pairs,
            }
        )
    return out


def _hidden_states(
    model, rows: List[Dict[str, Any]], tokenizer, max_length: int, depth: int = 1, batch: int = 32, device: str = "cpu"
):
    """The hidden states below the cross-encoder's top ``depth`` layers for every pair (float16,
    unpadded, in memory; computed on ``device``)."""
    import torch

    from spacy_ground.nn.tagger import below_top, encode_for_tagging

    pairs = [(r, j) for r in rows for j in range(len(r["pairs"]))]
    order = sorted(range(len(pairs)), key=lambda k: len(pairs[k][0]["pairs"][pairs[k][1]]["premise"]))
    states: Dict[Tuple[int, int], Any] = {}
    with torch.inference_mode():
        for b in range(0, len(order), batch):
            idx = [pairs[k] for k in order[b : b + batch]]
            enc = encode_for_tagging(
                tokenizer,
                [r["pairs"][j]["premise"] for r, j in idx],
                [r["pairs"][j]["hypothesis"] for r, j in idx],
                max_length,
            )
            enc = {k: v.to(device) for k, v in enc.items() if k != "offset_mapping"}
            hidden, _ = below_top(model, enc["input_ids"], enc["attention_mask"], enc["token_type_ids"], depth)
            lengths = enc["attention_mask"].sum(1).tolist()
            for (r, j), h, n in zip(idx, hidden, lengths):
                states[(id(r), j)] = h[: int(n)].half().cpu().clone()  # kept in memory, not on the device
    return states


def _batch(items, states):
    """Padded hidden states, attention mask, labels and label mask for (row, pair index) items."""
    import torch

    hs = [states[(id(r), j)] for r, j in items]
    length = max(h.shape[0] for h in hs)
    hidden = torch.zeros(len(hs), length, hs[0].shape[1])
    attention = torch.zeros(len(hs), length)
    labels = torch.zeros(len(hs), length)
    keep = torch.zeros(len(hs), length, dtype=torch.bool)
    for i, ((r, j), h) in enumerate(zip(items, hs)):
        hidden[i, : h.shape[0]] = h.float()
        attention[i, : h.shape[0]] = 1
        for pos, _, _, y in r["pairs"][j]["pieces"]:
            if pos < h.shape[0]:
                labels[i, pos] = y
                keep[i, pos] = True
    return hidden, attention, labels, keep


def _tag_probs(tagger, items, states, batch: int = 32, device: str = "cpu") -> List[List[float]]:
    """Per item, the tagger's probability per word piece (in ``pieces`` order)."""
    import torch

    from spacy_ground.nn.entail_model import _sdpa_mask

    out = []
    tagger.eval()
    with torch.inference_mode():
        for b in range(0, len(items), batch):
            chunk = items[b : b + batch]
            hidden, attention, _, _ = (t.to(device) for t in _batch(chunk, states))
            mask = _sdpa_mask()(attention, hidden.dtype, tgt_len=hidden.shape[1])
            probs = torch.sigmoid(tagger(hidden, mask)).tolist()
            for (r, j), p in zip(chunk, probs):
                out.append([p[pos] if pos < len(p) else 0.0 for pos, _, _, _ in r["pairs"][j]["pieces"]])
    return out


def answer_predictions(rows, items, probs) -> Dict[int, List[List[Tuple[int, int, Optional[float]]]]]:
    """Per answer (by id of its row): per pair, its tokens with their probabilities."""
    from spacy_ground.fusion.spans import mapped_token_probabilities

    out: Dict[int, List[List[Tuple[int, int, Optional[float]]]]] = defaultdict(list)
    for (r, j), p in zip(items, probs):
        pair = r["pairs"][j]
        pieces = [(s, e, q) for (_, s, e, _), q in zip(pair["pieces"], p)]
        tokens = [tuple(t) for t in pair["tokens"]]
        mapped = mapped_token_probabilities(tokens, pieces, [tuple(b) for b in pair["blocks"]], pair["start"])
        out[id(r)].append([(s, e, q) for (s, e), q in zip(tokens, mapped)])
    return out


def span_scores(rows, predictions, thresholds: Sequence[float]) -> Dict[float, Tuple[int, int, int]]:
    """Character-level (tp, fp, fn) over ``rows`` per threshold (whitespace not counted)."""
    from spacy_ground.fusion.spans import char_prf, token_runs

    out = {}
    for t in thresholds:
        tp = fp = fn = 0
        for r in rows:
            pred = [(s, e) for toks in predictions.get(id(r), []) for s, e, _ in token_runs(toks, t)]
            a, b, c = char_prf(pred, r["spans"], r["text"])
            tp, fp, fn = tp + a, fp + b, fn + c
        out[t] = (tp, fp, fn)
    return out


def train(args: argparse.Namespace) -> int:
    import torch

    from spacy_ground.fusion.metrics import auroc
    from spacy_ground.nn.entail_model import _sdpa_mask, load_tokenizer, load_trained
    from spacy_ground.nn.tagger import new_tagger, save_tagger
    from spacy_ground.pipeline.entail import EMBEDDED_MODEL

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rows = [r for path in args.pairs for r in read_pairs(path)]
    train_rows = [r for r in rows if r["part"] == "adapt" or args.all_parts]
    held = [r for r in rows if r["part"] == "verdict" and not r.get("synthetic")]
    model = load_trained(args.entail or EMBEDDED_MODEL).to(args.device)
    tokenizer = load_tokenizer()
    started = time.time()
    states = _hidden_states(
        model, train_rows + ([] if args.all_parts else held), tokenizer, args.max_length, args.depth, device=args.device
    )
    print(f"hidden states of {len(states):,} pairs in {time.time() - started:.0f} s", file=sys.stderr)
    items = [(r, j) for r in train_rows for j in range(len(r["pairs"]))]
    held_items = [(r, j) for r in held for j in range(len(r["pairs"]))]
    positives = sum(y for r, j in items for _, _, _, y in r["pairs"][j]["pieces"])
    pieces = sum(len(r["pairs"][j]["pieces"]) for r, j in items)
    tagger = new_tagger(model, base_rate=max(positives, 1) / max(pieces, 1), depth=args.depth).to(args.device)
    optimiser = torch.optim.AdamW(tagger.parameters(), lr=args.lr, weight_decay=0.01)
    rng = random.Random(args.seed)
    steps = args.epochs * ((len(items) + args.batch_size - 1) // args.batch_size)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda k: min(1.0, (k + 1) / max(1, steps // 10)) * max(0.0, 1 - k / max(steps, 1))
    )
    loss_fn = torch.nn.BCEWithLogitsLoss()
    history = []
    train_started = time.time()
    for epoch in range(args.epochs):
        # batches of similar length, in a shuffled order
        order = sorted(items, key=lambda it: states[(id(it[0]), it[1])].shape[0] + rng.random() * 8)
        batches = [order[b : b + args.batch_size] for b in range(0, len(order), args.batch_size)]
        rng.shuffle(batches)
        tagger.train()
        total = 0.0
        for chunk in batches:
            hidden, attention, labels, keep = (t.to(args.device) for t in _batch(chunk, states))
            mask = _sdpa_mask()(attention, hidden.dtype, tgt_len=hidden.shape[1])
            logits = tagger(hidden, mask)
            loss = loss_fn(logits[keep], labels[keep])
            optimiser.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(tagger.parameters(), 1.0)
            optimiser.step()
            schedule.step()
            total += float(loss.detach())
        entry: Dict[str, Any] = {"epoch": epoch + 1, "loss": total / max(len(batches), 1)}
        if held_items:
            probs = _tag_probs(tagger, held_items, states, device=args.device)
            ys = [y for r, j in held_items for _, _, _, y in r["pairs"][j]["pieces"]]
            entry["held_out_piece_auroc"] = auroc([q for p in probs for q in p], ys)
        history.append(entry)
        print(json.dumps(entry), file=sys.stderr, flush=True)
    train_seconds = time.time() - train_started
    meta: Dict[str, Any] = {
        "kind": "token tagger (nn.tagger): copies of the cross-encoder's top layers + a linear head",
        "depth": args.depth,
        "entail_weights": str(args.entail or "shipped"),
        "data": [Path(p).name for p in args.pairs],
        "train_answers": len(train_rows),
        "train_pairs": len(items),
        "train_pieces": pieces,
        "positive_pieces": positives,
        "epochs": args.epochs,
        "lr": args.lr,
        "batch_size": args.batch_size,
        "seed": args.seed,
        "threads": args.threads,
        "device": args.device,
        "train_seconds": round(train_seconds, 1),
        "history": history,
        "parts": "all (adapt + verdict)" if args.all_parts else "adapt (70 % of the train sources)",
    }
    if held_items:
        probs = _tag_probs(tagger, held_items, states, device=args.device)
        predictions = answer_predictions(held, held_items, probs)
        chosen, report = {}, {}
        for kind in sorted({r["kind"] for r in held}):
            these = [r for r in held if r["kind"] == kind]
            scores = span_scores(these, predictions, THRESHOLDS)
            best = max(THRESHOLDS, key=lambda t: (f1(*scores[t])["f1"], -abs(t - 0.5)))
            chosen[kind] = best
            report[kind] = {"answers": len(these), "threshold": best, **f1(*scores[best])}
        overall = span_scores(held, predictions, THRESHOLDS)
        best_all = max(THRESHOLDS, key=lambda t: (f1(*overall[t])["f1"], -abs(t - 0.5)))
        by_dataset = {}
        for name in sorted({str(r["dataset"]) for r in held}):
            these = [r for r in held if str(r["dataset"]) == name]
            tp = fp = fn = 0
            for kind, t in chosen.items():
                a, b, c = span_scores([r for r in these if r["kind"] == kind], predictions, [t])[t]
                tp, fp, fn = tp + a, fp + b, fn + c
            by_dataset[name] = {"answers": len(these), **f1(tp, fp, fn)}
        meta["threshold"] = best_all
        meta["threshold_by_source"] = chosen
        meta["held_out"] = {
            "answers": len(held),
            "by_source": report,
            "by_dataset_at_chosen": by_dataset,
            "note": "character-level span F1 of the tagger's runs alone (no numeric spans, no flag gating)",
        }
        print(json.dumps(meta["held_out"], indent=1), file=sys.stderr)
    save_tagger(tagger, args.output, meta)
    print(f"tagger -> {args.output}", file=sys.stderr)
    return 0


def choose(args: argparse.Namespace) -> int:
    """Thresholds from the whole pipeline's flagged spans on the held-out answers (see above)."""
    import spacy_ground
    from spacy_ground.fusion.spans import char_prf
    from spacy_ground.training.train_entail import train_part

    held: List[Dict[str, Any]] = []
    for path in args.data:
        rows = list(read_jsonl(path))
        if any(r.get("split") == "dev" for r in rows):
            raise ValueError(f"{path}: thresholds are chosen on train splits only, never dev")
        held += [r for r in rows if train_part(r) == "verdict" and (r.get("spans") or not r.get("hallucinated"))]
    meta_path = Path(args.tagger).with_suffix(".json")
    meta = json.loads(meta_path.read_text(encoding="utf8"))
    nlp = spacy_ground.load(
        overrides={
            "components.ground_entail.model.tagger_weights": str(args.tagger),
            "components.ground_entail.tag_if_support_below": 1.0,  # every sentence tagged; cut-offs simulated below
        }
    )
    verdict = nlp.get_pipe("ground_verdict")
    if args.limit:
        held = held[: args.limit]
    checked = []
    started = time.time()
    for n, rec in enumerate(held):
        if n % 100 == 0:
            print(f"  {n}/{len(held)} held-out answers, {time.time() - started:.0f} s", file=sys.stderr, flush=True)
        doc = spacy_ground.check(nlp, rec["answer"], rec.get("sources") or [], rec.get("question"))
        record = doc._.ground_record
        gold = [(int(s["start"]), int(s["end"])) for s in rec.get("spans") or []]
        checked.append((doc, record, gold, record.get("sources_kind", "document")))
    table = {t: _pipeline_counts(verdict, checked, t) for t in THRESHOLDS}  # threshold -> kind -> counts
    baseline: Dict[str, Tuple[int, int, int]] = defaultdict(lambda: (0, 0, 0))
    for doc, record, gold, kind in checked:  # the flagged spans before the tagger: whole sentences
        baseline[kind] = _add(baseline[kind], char_prf(verdict.sentence_level_spans(record), gold, doc.text))
    chosen, report = {}, {}
    for kind in sorted(baseline):
        best = max(THRESHOLDS, key=lambda t: (f1(*table[t][kind])["f1"], -abs(t - 0.5)))
        chosen[kind] = best
        report[kind] = {
            "answers": sum(k == kind for *_, k in checked),
            "threshold": best,
            **f1(*table[best][kind]),
            "at_0.5": f1(*table[0.5][kind]),
            "whole_sentences": f1(*baseline[kind]),
        }
    best_all = max(THRESHOLDS, key=lambda t: (f1(*_total(table[t]))["f1"], -abs(t - 0.5)))
    # the tagger skips well supported sentences (ground_entail's tag_if_support_below): the lowest
    # cut-off whose F1 stays within 0.005 of tagging every sentence, at the chosen thresholds
    judged = [r for _, rec, _, _ in checked for r in rec["sentences"] if r["entailment"]]
    by_cutoff = {
        cutoff: {
            **f1(*_total(_pipeline_counts(verdict, checked, chosen, cutoff))),
            "tagged_share": sum(_supported(r) < cutoff for r in judged) / max(len(judged), 1),
        }
        for cutoff in CUTOFFS
    }
    full = by_cutoff[1.0]["f1"]
    cutoff = min(c for c in CUTOFFS if by_cutoff[c]["f1"] >= full - 0.005)
    meta["tag_if_support_below"] = cutoff
    meta["threshold"] = best_all
    meta["threshold_by_source"] = chosen
    meta["held_out_pipeline"] = {
        "answers": len(checked),
        "data": [Path(p).name for p in args.data],
        "by_source": report,
        "at_chosen": f1(*_total({k: table[t][k] for k, t in chosen.items()})),
        "by_support_cutoff": {str(c): v for c, v in by_cutoff.items()},
        "whole_sentences": f1(*_total(baseline)),
        "seconds": round(time.time() - started, 1),
        "note": "character-level F1 of ground_verdict's flagged spans (tagger runs, numbers, record facts; "
        "only in flagged answers) on the held-out 30 % of the train sources, whitespace not counted",
    }
    meta_path.write_text(json.dumps(meta, indent=2), encoding="utf8")
    print(json.dumps(meta["held_out_pipeline"], indent=1), file=sys.stderr)
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("pairs", help="build the tagger's pairs from labelled train files")
    p.add_argument("data", nargs="+")
    p.add_argument("--output", required=True)
    p.add_argument("--synthetic", type=int, default=0, help="synthetic hallucinations added per file (at most)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--limit", type=int, default=0, help="answers per file (0: all)")
    t = sub.add_parser("train", help="train the tagger and choose its thresholds on the held-out part")
    t.add_argument("pairs", nargs="+")
    t.add_argument("output")
    t.add_argument("--entail", default="", help="the cross-encoder's weights (default: the shipped ones)")
    t.add_argument("--epochs", type=int, default=3)
    t.add_argument("--depth", type=int, default=1, help="the encoder's top layers the tagger has copies of")
    t.add_argument("--lr", type=float, default=1e-4)
    t.add_argument("--batch-size", type=int, default=16)
    t.add_argument("--max-length", type=int, default=256)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--threads", type=int, default=2)
    t.add_argument("--device", default="cpu", help="torch device for training, e.g. cuda where a GPU is lent")
    t.add_argument("--all-parts", action="store_true", help="train on the held-out part too (no thresholds chosen)")
    c = sub.add_parser("choose", help="choose the token thresholds from the whole pipeline on the held-out part")
    c.add_argument("tagger")
    c.add_argument("data", nargs="+")
    c.add_argument("--limit", type=int, default=0, help="held-out answers (0: all)")
    args = ap.parse_args(argv)
    if args.command == "choose":
        return choose(args)
    if args.command == "pairs":
        rows = build_pairs(args.data, args.synthetic, args.seed, args.limit)
        Path(args.output).parent.mkdir(parents=True, exist_ok=True)
        with gzip.open(args.output, "wt", encoding="utf8") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
        n_pairs = sum(len(r["pairs"]) for r in rows)
        print(f"{len(rows):,} answers, {n_pairs:,} pairs -> {args.output}", file=sys.stderr)
        return 0
    return train(args)


if __name__ == "__main__":
    sys.exit(main())
