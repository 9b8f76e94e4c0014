"""ground_entail with the cross-encoder's lean forward (the layers without transformers'
wrappers, the last layer at [CLS] only; ``CrossEncoder.cls_only_last_layer = True``, the
default) against transformers' full forward, timed in one process over the same dev
answers (see ``entail_ab``).

    python metrics/experiments/cls_only_timing.py assets/ragtruth_dev.jsonl --every 3

Prints each setting's median and mean milliseconds of ground_entail per answer, the ratio of
the sums, and how far the sentences' support moved (int8 activations of the last layer are
scaled over the [CLS] row instead of all rows; in float32 the two are equal to rounding).
"""
import statistics

from entail_ab import args_data_every, time_two_settings

from spacy_ground.entail_model import CrossEncoder


def use_lean(lean: bool) -> None:
    CrossEncoder.cls_only_last_layer = lean


def main() -> None:
    args = args_data_every(__doc__.splitlines()[0])
    try:
        times, supports = time_two_settings(args.data, args.every, use_lean)
    finally:
        CrossEncoder.cls_only_last_layer = True
    for lean, label in ((False, "transformers' forward"), (True, "lean, last layer at [CLS]")):
        t = times[lean]
        print(f"{label}: median {statistics.median(t):.1f} ms, mean {statistics.mean(t):.1f} ms ({len(t)} answers)")
    print(f"ratio of the sums (lean / full): {sum(times[True]) / sum(times[False]):.3f}")
    moved = sorted(abs(a - b) for x, y in zip(supports[True], supports[False]) for a, b in zip(x, y))
    print(f"support moved: mean {statistics.mean(moved):.4f}, 99th percentile {moved[int(0.99 * (len(moved) - 1))]:.4f}, "
          f"max {moved[-1]:.4f} over {len(moved)} sentences")


if __name__ == "__main__":
    main()
