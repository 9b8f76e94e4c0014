"""compare() per pair, on values without a negative side (the sign test must cost nothing there):
    python metrics/experiments/compare_timing.py              # this checkout
    (cd CHECKOUT && PYTHONPATH=. python /path/to/compare_timing.py)   # another commit's code
"""
import time

from spacy_ground.compare import compare
from spacy_ground.normalize import find_claims

values = [v for _, _, v in find_claims("It cost $5 million in 2019, rose 12% to 3,000 units, 5 km, March 3, 2020, "
                                       "17:00, 42 people and $7.1 billion.")]
pairs = [(a, b) for a in values for b in values] * 3000
start = time.perf_counter()
for a, b in pairs:
    compare(a, b)
print(f"{len(pairs)} pairs, {(time.perf_counter() - start) * 1e6 / len(pairs):.2f} µs a pair")
