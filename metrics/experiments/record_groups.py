"""Zero-shot check: data2txt answers read against their record evidence line alone (as
ground_entail does) or against the line's sibling group (every line under the same parent
path, e.g. all of hours.*, at most MAXLINES around it), with the shipped cross-encoder.

    python metrics/experiments/record_groups.py line|group verdict|adapt|dev [MAXLINES]

Prints the answer AUROC of 1 - min support and the sentence AUROC on data2txt answers of that
part of RAGTruth train (verdict: the 30 % the cross-encoder never saw).
"""
import json, re, sys, time
sys.path.insert(0, '.')
import spacy_ground, spacy_ground.entail as ent
from spacy_ground.sources import readable_line, source_text, _KEY_LINE
from spacy_ground.train_entail import train_part
from spacy_ground.evaluate import auroc

MODE = sys.argv[1]; PART = sys.argv[2]; MAXLINES = int(sys.argv[3]) if len(sys.argv) > 3 else 12
orig = ent.evidence_text
CURRENT = {}

def group_lines(src, line):
    m = _KEY_LINE.match(line)
    if not m or '.' not in m.group(1):
        return [line]
    parent = m.group(1).rsplit('.', 1)[0]
    lines = [l for l in src.split('\n') if l.startswith(parent + '.')]
    if len(lines) > MAXLINES:  # a window of the group around the line
        i = lines.index(line) if line in lines else 0
        lo = max(0, min(i - MAXLINES // 2, len(lines) - MAXLINES))
        lines = lines[lo:lo + MAXLINES]
    return lines or [line]

def grouped(evidence, k):
    srcs = CURRENT.get('srcs')
    if MODE == 'line' or not srcs:
        return orig(evidence, k)
    top = sorted(evidence[:k], key=lambda e: (e['source'], e['start']))
    out = []
    for e in top:
        src = srcs[e['source']]
        line = e['text'].strip()
        for l in group_lines(src, line):
            if l not in out:
                out.append(l)
    return ". ".join(readable_line(l) for l in out)

ent.evidence_text = grouped
orig_pairs = ent.Entailer.pairs
def pairs(self, doc, ranks=None):
    CURRENT['srcs'] = [source_text(s) for s in doc._.ground_sources] if any(isinstance(s, dict) or (isinstance(s, str) and s.lstrip().startswith('{')) for s in doc._.ground_sources or []) else None
    return orig_pairs(self, doc, ranks)
ent.Entailer.pairs = pairs

path = 'assets/ragtruth_train.jsonl' if PART != 'dev' else 'assets/ragtruth_dev.jsonl'
recs = [json.loads(l) for l in open(path)]
recs = [r for r in recs if r['task'] == 'data2txt' and (PART == 'dev' or train_part(r) == PART)]
nlp = spacy_ground.load()
t0 = time.time()
ans_s, ans_y, sen_s, sen_y, premise_len = [], [], [], [], []
for r in recs:
    doc = spacy_ground.check(nlp, r['answer'], r['sources'], question=r.get('question'))
    sup = []
    for s in doc.spans['ground_sentences']:
        e = s._.entailment
        if not e: continue
        sup.append(e['supported'])
        sen_s.append(1 - e['supported'])
        sen_y.append(any(s.start_char < sp['end'] and sp['start'] < s.end_char for sp in r.get('spans') or []))
    ans_s.append(1 - min(sup or [1.0])); ans_y.append(bool(r['hallucinated']))
print(f"{MODE} {PART} max{MAXLINES}: answers {len(recs)} answer AUROC (1-min support) {auroc(ans_s, ans_y):.3f}; sentence AUROC {auroc(sen_s, sen_y):.3f} ({len(sen_s)} sentences); {time.time()-t0:.0f}s", flush=True)
