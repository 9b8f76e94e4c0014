"""Does counting the rule flags change the flag threshold `evaluate fit` chooses? The verdict
flags an answer with a mismatched number, a contradicted record fact or a sentence
contradicted at 0.98 whatever its score; `cross_validated` chooses the threshold on scores
alone. Here the same 5 x 5-fold curve is computed both ways (the rule flags derived from
the stored features, checked against the pipeline's actions on dev), on the stored features
(see verdict_variants.py for the commands that write them):

    python metrics/experiments/rule_flags_threshold.py
"""
import json, sys, numpy
sys.path.insert(0, '.')
import spacy_ground.evaluate as E
from spacy_ground.evaluate import fit_verdict, prf
def load(p): return [json.loads(l) for l in open(p)]
tr = load('training/features_train.jsonl')
rows = load('training/features_dev.jsonl'); dv = [r for r in rows if r['dataset'] == 'ragtruth']
def ruled(f): return f['numeric_mismatch'] > 0 or f['record_conflict'] > 0 or f['max_contradiction'] >= 0.98
# check the derivation against the pipeline's actions on dev (at the shipped flag threshold)
from thinc.api import Config
from spacy_ground import DEFAULT_CONFIG
shipped = Config().from_disk(DEFAULT_CONFIG, interpolate=False)["components"]["ground_verdict"]["flag_threshold"]
agree = sum((r['action'] in ('flag','block')) == ((r['rank_score'] >= shipped) or ruled(r['features'])) for r in dv if r['verdict'] != 'not_checkable')
print('derived actions agree on dev', agree, 'of', sum(r['verdict'] != 'not_checkable' for r in dv))
y = numpy.array([r['hallucinated'] for r in tr]); R = numpy.array([ruled(r['features']) for r in tr])
print('train answers flagged by rules', R.sum(), 'of', len(tr), 'hallucinated among them', y[R].mean().round(3))
grid = numpy.asarray(E.FLAG_THRESHOLDS); cp, cr = [], []
for seed in range(5):
    fold = numpy.arange(len(tr)) % 5; numpy.random.default_rng(seed).shuffle(fold)
    p = numpy.zeros(len(tr))
    for k in range(5):
        m = fit_verdict([r for r, f in zip(tr, fold) if f != k], 1.0)
        for i in numpy.flatnonzero(fold == k): p[i] = m.score(tr[i]['features'], tr[i]['shape'])
    for curves, extra in ((cp, numpy.zeros(len(tr), bool)), (cr, R)):
        fl = (p[None] >= grid[:, None]) | extra
        curves.append(2 * (fl & y).sum(1) / (fl.sum(1) + y.sum()))
for name, c in (('scores only', cp), ('with rule flags', cr)):
    c = numpy.mean(c, 0); i = int(numpy.argmax(c)); print(name, 'threshold', grid[i], 'cv F1', c[i].round(4))
    print('  ', name, 'cv F1 by threshold:', ' '.join(f'{t:.2f} {v:.4f}' for t, v in zip(grid, c) if 0.295 < t < 0.425))
m = fit_verdict(tr, 1.0)
s = numpy.array([m.score(r['features'], r['shape']) for r in dv]); yd = [r['hallucinated'] for r in dv]
act = numpy.array([r['verdict'] == 'not_checkable' or ruled(r['features']) for r in dv])
for t in (0.34, 0.35, 0.36, 0.37, 0.38, 0.40):
    print(t, 'dev F1 as the pipeline flags', round(prf(((s >= t) | act).tolist(), yd)[2], 4))
