"""Coverage-guided fuzzing of the claim normaliser and the comparison (atheris).

    pip install atheris
    python fuzz/fuzz_normalize.py -max_total_time=300 -rss_limit_mb=4096 fuzz/corpus

Every input goes through find_claims, each claim is compared with itself and with the
next one, and the results must hold: offsets inside the text, low <= high, no NaN
(one-sided intervals such as "under 17" are infinite on one side and stored as
"-inf"), a value equal to itself, a claim record that serialises as strict JSON. A crash found
here becomes a case in tests/test_fuzz_regressions.py.
"""

import json
import math
import sys

import atheris

with atheris.instrument_imports(include=["spacy_ground"]):
    from spacy_ground.text.compare import compare
    from spacy_ground.text.normalize import find_claims


def check(text: str) -> None:
    claims = find_claims(text)
    prev = None
    for start, end, value in claims:
        assert 0 <= start < end <= len(text), (start, end)
        if value.low is not None:
            assert not math.isnan(value.low) and not math.isnan(value.high), value
            assert value.low <= value.high, value  # one-sided ("under 17") intervals are infinite on one side
            if value.normalisable:
                assert compare(value, value).result == "equal", (text, value)
        json.dumps(value.to_dict(), allow_nan=False)
        if prev is not None:
            compare(value, prev), compare(prev, value)
        prev = value


def one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    check(fdp.ConsumeUnicodeNoSurrogates(len(data)))


if __name__ == "__main__":
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()
