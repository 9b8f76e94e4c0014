"""Per answer sentence: its text, the premise the cross-encoder reads, the model's
probabilities and the gold label (overlaps a labelled span), for studying a lexical gate
before the cross-encoder (a cascade that passes copied sentences without the model):

    python metrics/experiments/copy_gate_dump.py assets/ragtruth_train.jsonl OUT.jsonl [--every N]
"""
import argparse
import json
import sys

sys.path.insert(0, ".")
from spacy_ground import check  # noqa: E402
from spacy_ground.evaluate import full_pipeline, is_hallucinated, spans_known  # noqa: E402
from spacy_ground.sources import evidence_text, source_kind  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("data")
    p.add_argument("out")
    p.add_argument("--every", type=int, default=1)
    args = p.parse_args()
    nlp = full_pipeline(with_verdict=False)
    entail = nlp.get_pipe("ground_entail")
    records = [json.loads(line) for line in open(args.data)][::args.every]
    with open(args.out, "w") as out:
        for n, rec in enumerate(records):
            if n % 50 == 0:
                print(n, file=sys.stderr)
            doc = check(nlp, rec["answer"], sources=rec.get("sources") or [], question=rec.get("question"))
            row = {"spans": rec.get("spans") or [], "hallucinated": is_hallucinated(rec)}
            known = spans_known(row)
            k = entail.evidence_k_for(doc)
            for sent in doc.spans.get(entail.sentences_key, []):
                ent = sent._.entailment
                if not ent:
                    continue
                label = any(sp["start"] < sent.end_char and sent.start_char < sp["end"] for sp in row["spans"])
                out.write(json.dumps({
                    "id": rec.get("id"), "task": rec.get("task"), "kind": source_kind(doc._.ground_sources),
                    "answer_hallucinated": row["hallucinated"], "known": known, "gold": label,
                    "start": sent.start_char, "end": sent.end_char, "text": sent.text,
                    "read_as": ent.get("read_as"), "premise": evidence_text(sent._.evidence, k),
                    "probs": [ent["supported"], ent["unsupported"], ent["contradicted"]],
                    "sources": "\n".join(s if isinstance(s, str) else json.dumps(s) for s in doc._.ground_sources),
                }) + "\n")


if __name__ == "__main__":
    main()
