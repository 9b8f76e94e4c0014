"""ground_entail's pairs handed to its two threads in sentence order against longest first
(shipped), timed in one process over the same dev answers (order of the two alternating);
the results are the same either way (each pair is its own forward pass).

    python metrics/experiments/longest_first_timing.py assets/ragtruth_dev.jsonl --every 3
"""
import statistics

import torch
from entail_ab import args_data_every, time_two_settings

import spacy_ground.entail_model as em
from spacy_ground.threads import map_in_threads


def predict(longest_first: bool):
    """predict_in_threads with the batches handed out in the order given or longest first."""
    def run_batches(model, batches, workers):
        module = model.shims[0]._model
        encoded = em.encode_batches(model.attrs["tokenizer"], batches, model.attrs["max_length"])
        module.eval()
        order = list(range(len(encoded)))
        if longest_first:
            order.sort(key=lambda i: -encoded[i]["input_ids"].numel())

        def run(enc):
            with torch.inference_mode():
                return torch.softmax(module(**enc), dim=-1).tolist()

        out = [None] * len(encoded)
        for i, result in zip(order, map_in_threads(run, [encoded[i] for i in order], workers)):
            out[i] = result
        return out
    return run_batches


def main() -> None:
    args = args_data_every(__doc__.splitlines()[0])
    shipped = em.predict_in_threads

    def use(longest: bool) -> None:
        em.predict_in_threads = predict(longest)

    try:
        times, supports = time_two_settings(args.data, args.every, use)
    finally:
        em.predict_in_threads = shipped
    for longest, label in ((False, "sentence order"), (True, "longest first")):
        print(f"{label}: median {statistics.median(times[longest]):.1f} ms, mean {statistics.mean(times[longest]):.1f} ms "
              f"({len(times[longest])} answers)")
    print(f"ratio of the sums (longest first / sentence order): {sum(times[True]) / sum(times[False]):.3f}; "
          f"the same results: {supports[True] == supports[False]}")


if __name__ == "__main__":
    main()
