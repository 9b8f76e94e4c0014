"""Zero-shot check: data2txt answers read against their record evidence line alone (as
ground_entail does) or against the line's sibling group (every line under the same parent
path, e.g. all of hours.*, at most MAXLINES around it), with the shipped cross-encoder.

    python metrics/experiments/record_groups.py line|group verdict|adapt|dev [MAXLINES [WEIGHTS]]

Prints the answer AUROC of 1 - min support and the sentence AUROC on data2txt answers of that
part of RAGTruth train (verdict: the 30 % the cross-encoder never saw); WEIGHTS: another trained
cross-encoder (e.g. from record_groups_stage.py).
"""
import json
import sys
import time

sys.path.insert(0, ".")
import spacy_ground  # noqa: E402
import spacy_ground.sources as S  # noqa: E402
from spacy_ground.sources import _KEY_LINE, readable_line, source_text  # noqa: E402

ORIGINAL = S.evidence_text
SOURCES = {}  # the flattened records of the answer being checked (None: no record among its sources)


def group_lines(src, line, maxlines):
    """The lines of a flattened record under the same parent path as ``line`` (at most
    ``maxlines``, a window around it)."""
    m = _KEY_LINE.match(line)
    if not m or "." not in m.group(1):
        return [line]
    parent = m.group(1).rsplit(".", 1)[0]
    lines = [x for x in src.split("\n") if x.startswith(parent + ".")]
    if len(lines) > maxlines:
        i = lines.index(line) if line in lines else 0
        lo = max(0, min(i - maxlines // 2, len(lines) - maxlines))
        lines = lines[lo:lo + maxlines]
    return lines or [line]


def read_with_groups(maxlines):
    """Patch spacy_ground so that record evidence is read as groups: evidence_text (which
    ground_entail and train_entail call) and check (which remembers the sources)."""
    def grouped(evidence, k):
        srcs = SOURCES.get("texts")
        if not srcs:
            return ORIGINAL(evidence, k)
        out = []
        for e in sorted(evidence[:k], key=lambda e: (e["source"], e["start"])):
            for x in group_lines(srcs[e["source"]], e["text"].strip(), maxlines):
                if x not in out:
                    out.append(x)
        return ". ".join(readable_line(x) for x in out)

    check = spacy_ground.check

    def remembering(nlp, answer, sources=None, question=None):
        SOURCES["texts"] = [source_text(s) for s in sources] if sources and any(S.is_record(s) for s in sources) else None
        return check(nlp, answer, sources, question)

    S.evidence_text = grouped
    spacy_ground.check = remembering


def main(mode, part, maxlines=12, weights=None):
    import spacy_ground.entail as ent
    from spacy_ground.evaluate import auroc
    from spacy_ground.train_entail import train_part

    if mode == "group":
        read_with_groups(maxlines)
        ent.evidence_text = S.evidence_text
    path = "assets/ragtruth_train.jsonl" if part != "dev" else "assets/ragtruth_dev.jsonl"
    recs = [json.loads(x) for x in open(path, encoding="utf8")]
    recs = [r for r in recs if r["task"] == "data2txt" and (part == "dev" or train_part(r) == part)]
    nlp = spacy_ground.load(overrides={"components.ground_entail.model.weights": weights} if weights else None)
    t0 = time.time()
    ans_s, ans_y, sen_s, sen_y = [], [], [], []
    for r in recs:
        doc = spacy_ground.check(nlp, r["answer"], r["sources"], question=r.get("question"))
        sup = []
        for s in doc.spans["ground_sentences"]:
            e = s._.entailment
            if not e:
                continue
            sup.append(e["supported"])
            sen_s.append(1 - e["supported"])
            sen_y.append(any(s.start_char < sp["end"] and sp["start"] < s.end_char for sp in r.get("spans") or []))
        ans_s.append(1 - min(sup or [1.0]))
        ans_y.append(bool(r["hallucinated"]))
    print(f"{mode} {part} max{maxlines}: answers {len(recs)} answer AUROC (1-min support) {auroc(ans_s, ans_y):.3f}; "
          f"sentence AUROC {auroc(sen_s, sen_y):.3f} ({len(sen_s)} sentences); {time.time() - t0:.0f}s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 12,
         sys.argv[4] if len(sys.argv) > 4 else None)
