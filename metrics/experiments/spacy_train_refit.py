"""``spacy train`` refits the verdict: writes the default config plus the reader as corpora,
``refit`` at initialisation and one step, then runs ``python -m spacy train`` on it:

    python metrics/experiments/spacy_train_refit.py assets/ragtruth_train.jsonl assets/ragtruth_dev.jsonl \\
        --train-limit 300 --dev-limit 60 --output /tmp/refit

The config is written to OUTPUT/config.cfg and the pipeline to OUTPUT/model-last.
"""
import argparse
import subprocess
import sys
import time
from pathlib import Path

import spacy_ground


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("train")
    ap.add_argument("dev")
    ap.add_argument("--train-limit", type=int, default=0)
    ap.add_argument("--dev-limit", type=int, default=0)
    ap.add_argument("--output", required=True)
    args = ap.parse_args()
    out = Path(args.output)
    out.mkdir(parents=True, exist_ok=True)
    cfg = spacy_ground.load().config
    cfg["paths"]["train"], cfg["paths"]["dev"] = str(Path(args.train).resolve()), str(Path(args.dev).resolve())
    cfg["corpora"] = {
        "train": {"@readers": "spacy_ground.Answers.v1", "path": "${paths.train}", "limit": args.train_limit},
        "dev": {"@readers": "spacy_ground.Answers.v1", "path": "${paths.dev}", "limit": args.dev_limit}}
    cfg["initialize"]["components"]["ground_verdict"] = {"refit": True}
    cfg["training"]["max_steps"] = 1
    cfg["training"]["eval_frequency"] = 1
    cfg.to_disk(out / "config.cfg")
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "spacy", "train", str(out / "config.cfg"), "--output", str(out)], check=True)
    print(f"spacy train took {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
