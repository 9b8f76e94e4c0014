"""Short answers (at most MAXW words) read with their question, on data in the shared format:

    python metrics/experiments/question_context.py base|q|hyp|align MAXW DATA.jsonl

q: the question is put before the answer both for the evidence search and as the
cross-encoder's hypothesis; hyp: as the hypothesis only; align: for the search only; base: neither.
Prints the verdict's AUROC and entailment alone (1 - min support).
"""
import json, sys, time
sys.path.insert(0, '.')
import spacy_ground, spacy_ground.entail as ent, spacy_ground.align as al
from spacy_ground.evaluate import auroc
MODE = sys.argv[1]; MAXW = int(sys.argv[2]); DATA = sys.argv[3]
def short(text): return len(text.split()) <= MAXW
orig_pairs = ent.Entailer.pairs
def pairs(self, doc, ranks=None):
    out = orig_pairs(self, doc, ranks)
    q = doc._.ground_question
    if MODE in ('q', 'hyp') and q:
        out = [(s, i, (p, f"{q.strip()} {h}") if short(h) else (p, h)) for s, i, (p, h) in out]
    return out
ent.Entailer.pairs = pairs
orig_align = al.EvidenceAligner.align
CUR = {}
def align(self, texts, index):
    q = CUR.get('q')
    if MODE in ('q', 'align') and q:
        texts = [f"{q} {t}" if short(t) else t for t in texts]
    return orig_align(self, texts, index)
al.EvidenceAligner.align = align
orig_check = spacy_ground.check
recs = [json.loads(l) for l in open(DATA)]
nlp = spacy_ground.load()
sc, ent_s, y, tasks = [], [], [], []
t0 = time.time()
for r in recs:
    CUR['q'] = r.get('question')
    doc = orig_check(nlp, r['answer'], r['sources'], r.get('question'))
    g = doc._.grounding
    f = g.features or {}
    sc.append(g.score if g.score is not None else 1.0)
    ent_s.append(1 - f.get('min_support', 1.0)); y.append(r['hallucinated']); tasks.append(r.get('task'))
print(MODE, MAXW, DATA.split('/')[-1], 'verdict', round(auroc(sc, y), 4), 'entail only', round(auroc(ent_s, y), 4),
      {t: round(auroc([s for s, tt in zip(sc, tasks) if tt == t], [l for l, tt in zip(y, tasks) if tt == t]), 4) for t in set(tasks) if t},
      f"{time.time()-t0:.0f}s", flush=True)
