"""Flagged spans narrowed to clauses (not shipped): each sentence ``ground_verdict`` flags
is cut at clause boundaries (``records.clause_bounds``: commas, semicolons, conjunctions) and
only the parts holding a content word no source has are kept (the whole sentence when none
does: a sentence the sources contradict in their own words). Runs the default pipeline on a
file both ways and prints the character-level span P/R/F1 per task:

    python metrics/experiments/span_clauses.py assets/ragtruth_train.jsonl

(On RAGTruth gold spans are a median 49 % / 35 % / 23 % of their sentence in qa / summary /
data2txt train answers, so whole sentences cap span precision.)
"""
import argparse
import json
from collections import defaultdict
from typing import List, Sequence, Tuple

import spacy_ground as sg
import spacy_ground.verdict as V
from spacy_ground.evaluate import run, span_f1
from spacy_ground.features import source_texts, source_vocabulary, without_grounded_claims
from spacy_ground.records import clause_bounds
from spacy_ground.sources import content_words


def absent_word_parts(text: str, start: int, end: int, vocabulary: frozenset) -> List[Tuple[int, int]]:
    """The parts of ``text[start:end]`` between clause boundaries that hold a content word
    not in ``vocabulary``, neighbours merged, trimmed of spaces and punctuation."""
    cuts = [(a + start, b + start) for a, b in clause_bounds(text[start:end])]
    pieces, left = [], start
    for a, b in cuts + [(end, end)]:
        if a > left:
            pieces.append((left, a))
        left = max(left, b)
    out: List[Tuple[int, int]] = []
    for a, b in pieces:
        if content_words(text[a:b]) - vocabulary:
            if out and not content_words(text[out[-1][1]:a]):
                out[-1] = (out[-1][0], b)  # only a boundary between them: one part
            else:
                out.append((a, b))
    trimmed = []
    for a, b in out:
        while a < b and not text[a].isalnum():
            a += 1
        while b > a and not text[b - 1].isalnum():
            b -= 1
        if b > a:
            trimmed.append((a, b))
    return trimmed


def narrowed(doc, spans: Sequence, sentence_offsets: set) -> list:
    """The flagged spans with each flagged sentence replaced by its absent-word parts."""
    vocabulary = source_vocabulary(tuple(source_texts(doc))).content
    text = without_grounded_claims(doc)
    out = []
    for span in spans:
        if (span.start_char, span.end_char) not in sentence_offsets:
            out.append(span)
            continue
        parts = [doc.char_span(a, b, alignment_mode="expand")
                 for a, b in absent_word_parts(text, span.start_char, span.end_char, vocabulary)]
        out.extend([p for p in parts if p is not None and len(p)] or [span])
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    args = ap.parse_args()
    records = [json.loads(line) for line in open(args.data, encoding="utf8")]
    nlp = sg.load()
    verdict = nlp.get_pipe("ground_verdict")
    call = V.Verdict.__call__
    results = {}
    for mode in ("sentence", "clause"):
        def patched(self, doc, mode=mode):
            doc = call(self, doc)
            if mode == "clause":
                sentences = {(s.start_char, s.end_char) for s in doc.spans.get(self.sentences_key, [])}
                doc.spans[self.spans_key] = V._outermost(narrowed(doc, list(doc.spans[self.spans_key]), sentences))
            return doc
        verdict.__class__.__call__ = patched
        rows = run(nlp, records)
        by_task = defaultdict(list)
        for r in rows:
            by_task["all"].append(r)
            by_task[r.get("task") or "-"].append(r)
        results[mode] = {task: span_f1(rs) for task, rs in sorted(by_task.items())}
    verdict.__class__.__call__ = call
    for task in results["sentence"]:
        print(task, " | ".join(f"{mode}: P {results[mode][task]['precision']:.3f} R {results[mode][task]['recall']:.3f} "
                               f"F1 {results[mode][task]['f1']:.3f}" for mode in results))


if __name__ == "__main__":
    main()
