"""Coverage-guided fuzzing of the record and hours checks, the source readers and the claims
pipeline (atheris).

    pip install atheris
    mkdir -p /tmp/fuzzpipe
    python fuzz/fuzz_pipeline.py -max_total_time=600 -max_len=4096 -rss_limit_mb=4096 -timeout=30 \\
        /tmp/fuzzpipe fuzz/corpus_pipeline

(new inputs go to the first directory, a scratch one, so that fuzz/ stays small). libFuzzer
lets inputs grow only slowly past the longest seed (a 10 minute run stayed at 299 bytes); add
-len_control=0 to try inputs up to -max_len at once, as a slow input needs length. One input is
one case: its last byte picks the target, the byte before it a mode (bits that pick the form of
the sources, whether record values are read as JSON, and so on), and the rest is text whose
fields are cut at "\\x1e": the answer, a first and a second source, a question. A source read as
a record is written one "key: value" a line, a dotted key a nested one ("attributes.WiFi: free").
The targets:

- records: ``check_record_facts`` against a record built from the first source (as a JSON
  text, a dict, or with the second source as raw text beside it; or the raw text alone);
- hours: ``check_hours_facts`` (and ``record_weeks``) against a record whose "hours" are the
  first source's lines, keyed by weekday names or by the lines' own keys;
- sources: the readers of one source text: ``mask_html``, ``mask_answer``, ``clean_text``,
  ``cut_symbol_runs``, ``html_compact``, ``html_reading``, the HTML, Markdown and text table
  readers and the JSON readers (``json_record``, ``parse_records``, ``source_text``, ...);
- pipeline: ``spacy_ground.check(nlp, answer, sources, question, errors="raise")`` on the rules
  only pipeline (``load(exclude=CLAIMS_ONLY)``, loaded once), with one or two sources, each a
  text, the text as an HTML table (a row a line, a cell between "|"), or a record.

What must hold: no exception (the pipeline may refuse an input only with the TypeError or
ValueError ``make_doc`` documents); every offset (facts, their clauses, claim spans, table rows
and cells, ``html_compact``'s) inside the text it points into; statuses and claims from the
documented sets; lengths kept where the docstrings promise it (``mask_html``, ``mask_answer``,
``clean_text``, ``cut_symbol_runs``); integer counts in ``doc._.numeric_grounding`` that add up;
no NaN; facts, claims and summaries that serialise as strict JSON (``allow_nan=False``).

Time: every call is timed (``time.perf_counter``) and one that takes longer than 2 s on an input
of up to 4 KB (the limit grows with the input beyond that; FUZZ_PIPELINE_LIMIT_S sets it) fails
with an AssertionError that names the call and the input's length: that is the check for
super-linear code. The code runs instrumented, so a slow input must be timed again outside
atheris before it is reported. atheris's own ``-timeout`` (30 s above) is only the backstop for
an input that never finishes.

    python fuzz/fuzz_pipeline.py --show FILE...      # each input as its target and Python literals
    python fuzz/fuzz_pipeline.py --write-seeds DIR   # the seed corpus (fuzz/corpus_pipeline)

A crash found here becomes a case in tests/test_fuzz_regressions.py.
"""

import json
import math
import os
import pkgutil
import sys
import time

import atheris

with atheris.instrument_imports(include=["spacy_ground"]):
    import spacy_ground
    from spacy_ground.checks.hours import check_hours_facts, record_weeks
    from spacy_ground.checks.records import check_record_facts, parse_records
    from spacy_ground.pipeline.numeric import STATUSES
    from spacy_ground.sources.html import html_compact, html_reading, mask_answer, mask_html
    from spacy_ground.sources.readers import (
        clean_text,
        flatten_json,
        is_record,
        json_record,
        json_too_deep,
        passage_text,
        read_sources,
        source_kind,
        source_text,
        within_depth,
    )
    from spacy_ground.sources.tables import html_table_rows, markdown_table_rows, source_table_rows, text_table_rows
    from spacy_ground.text.dates import WEEKDAYS
    from spacy_ground.text.runs import cut_symbol_runs

    # the modules the pipeline imports only when it first needs them are instrumented too
    for _module in pkgutil.walk_packages(spacy_ground.__path__, "spacy_ground."):
        if not _module.name.startswith(("spacy_ground.training", "spacy_ground.__main__")):
            __import__(_module.name)

SEP = "\x1e"  # between the fields of an input: answer, first source, second source, question
TARGETS = ("records", "hours", "sources", "pipeline")
LIMIT_S = float(os.environ.get("FUZZ_PIPELINE_LIMIT_S", "2.0"))  # per call, for an input of up to 4 KB
FACT_STATUSES = ("grounded", "conflict", "unsupported")
RECORD_CLAIMS = ("yes", "no")
HOURS_CLAIMS = ("open", "closed", "longer", "shorter", "earlier", "later", "varies")
# the refusals make_doc documents (TypeError / ValueError with these words); anything else is a bug
REFUSALS = ("nlp.max_length",)

nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
TIMING = {"on": False}  # off for the warm-up, whose first calls load and cache what every later one uses


def timed(name, size, call, *args):
    """``call(*args)``, failing when it takes longer than the limit for an input of ``size``."""
    t0 = time.perf_counter()
    out = call(*args)
    took = time.perf_counter() - t0
    limit = LIMIT_S * max(1.0, size / 4096)
    assert took <= limit or not TIMING["on"], (
        f"slow: {name} took {took:.3f} s on an input of {size} characters (limit {limit:.3g} s)"
    )
    return out


def no_nan(obj, where):
    """No NaN anywhere in plain data (infinity is allowed here; strict JSON is checked apart)."""
    if isinstance(obj, float):
        assert not math.isnan(obj), where
    elif isinstance(obj, dict):
        for v in obj.values():
            no_nan(v, where)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            no_nan(v, where)


def value_of(text, typed):
    """A record value: the text, or (``typed``) the JSON it holds ("true", "12", "null")."""
    if text is None or not typed:
        return text
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return text


def record_of(text, typed):
    """A record from "key: value" lines, a dotted key a nested one; a line without ": " is a
    key with no value (null)."""
    record = {}
    for line in text.split("\n"):
        key, colon, value = line.partition(": ")
        parts = key.split(".")
        node = record
        for part in parts[:-1]:
            if not isinstance(node.get(part), dict):
                node[part] = {}
            node = node[part]
        node[parts[-1]] = value_of(value if colon else None, typed)
    return record


def hours_record(text, mode):
    """A record whose "hours" are the lines of ``text``: "Day: range" (bit 0: each line's own
    key, else the weekday of its place, in the case bits 1-2 pick), values read as JSON (bit 3),
    under "hours" at the top or one level down (bit 4)."""
    table = {}
    for i, line in enumerate(text.split("\n")):
        key, _, value = line.partition(": ")
        if not mode & 1:
            day = WEEKDAYS[i % 7]
            key = (day.title(), day, f" {day.upper()} ", day[:3].title())[(mode >> 1) & 3]
        table[key] = value_of(value, mode & 8)
    return {"hours": table} if not mode & 16 else {"name": "x", "info": {"hours": table}}


def as_html(text):
    """``text`` as an HTML table: a row a line, a cell between "|"."""
    rows = "".join(
        "<tr>" + "".join(f"<td>{cell}</td>" for cell in line.split("|")) + "</tr>\n" for line in text.split("\n")
    )
    return f"<table>\n{rows}</table>"


def check_facts(answer, facts, claims, path=None):
    for f in facts:
        assert 0 <= f["start"] < f["end"] <= len(answer), f
        assert answer[f["start"] : f["end"]] == f["text"], f
        c_start, c_end = f["clause"]
        assert 0 <= c_start <= c_end <= len(answer), f
        assert f["status"] in FACT_STATUSES, f
        assert f["claim"] in claims, f
        assert path is None or f["path"] == path, f
        assert isinstance(f["reason"], str), f
        json.dumps(f, allow_nan=False)


def fields_of(text):
    fields = text.split(SEP, 3)  # the question takes the rest
    return fields + [""] * (4 - len(fields))


def run_records(text, mode):
    answer, first, second, _ = fields_of(text)
    record = record_of(first, mode & 4)
    form = mode & 3
    if form == 0:
        sources = [json.dumps(record)]
    elif form == 1:
        sources = [record]
    elif form == 2:
        sources = [json.dumps([record, record_of(second, mode & 4)]), second]
    else:
        sources = [first]  # raw text: a record only when it holds JSON
    facts = timed("check_record_facts", len(text), check_record_facts, answer, sources, None)
    check_facts(answer, facts, RECORD_CLAIMS)


def run_hours(text, mode):
    answer, first, second, _ = fields_of(text)
    record = hours_record(first, mode)
    sources = [record if mode & 32 else json.dumps(record)]
    if mode & 64:  # a second record: grounded when either agrees
        sources.append(json.dumps(hours_record(second, mode ^ 1)))
    facts = timed("check_hours_facts", len(text), check_hours_facts, answer, sources)
    check_facts(answer, facts, HOURS_CLAIMS, "hours")
    records = [r for s in sources for r in parse_records(s)]
    for week in timed("record_weeks", len(text), record_weeks, records):
        for day, hours in week.items():
            assert 0 <= day < 7, week
            assert hours is None or (len(hours) == 2 and not any(math.isnan(x) for x in hours)), week


def check_rows(rows, text, name):
    for r in rows:
        assert 0 <= r.start <= r.end <= len(text), (name, r)
        assert r.reading is None or isinstance(r.reading, str), (name, r)
        for c in r.cells:
            assert 0 <= c.start <= c.end <= len(text), (name, r, c)


def run_sources(text, mode):
    n = len(text)
    for name, call in (
        ("mask_html", mask_html),
        ("mask_answer", mask_answer),
        ("clean_text", clean_text),
        ("cut_symbol_runs", cut_symbol_runs),
    ):
        out = timed(name, n, call, text)
        assert len(out) == n, (name, len(out), n)  # one character for one
    masked = mask_html(clean_text(text))
    chars, starts, ends = timed("html_compact", n, html_compact, text, bool(mode & 1))
    assert len(chars) == len(starts) == len(ends), (len(chars), len(starts), len(ends))
    for a, b in zip(starts, ends):
        assert 0 <= a <= b <= n, (a, b, n)
    assert starts == sorted(starts), "html_compact: offsets out of order"
    start = (mode >> 1) % (n + 1)
    end = n - (mode >> 4) % (n - start + 1)
    assert isinstance(timed("html_reading", n, html_reading, text, start, end), str)
    check_rows(timed("html_table_rows", n, html_table_rows, text), text, "html_table_rows")
    check_rows(timed("markdown_table_rows", n, markdown_table_rows, masked), text, "markdown_table_rows")
    check_rows(timed("text_table_rows", n, text_table_rows, masked), text, "text_table_rows")
    check_rows(timed("source_table_rows", n, source_table_rows, masked, text), text, "source_table_rows")
    record = timed("json_record", n, json_record, text)
    if record is not None:
        assert isinstance(record, (dict, list)), type(record)
        lines = timed("flatten_json", n, flatten_json, timed("within_depth", n, within_depth, record))
        assert all(isinstance(line, str) for line in lines)
    assert isinstance(timed("parse_records", n, parse_records, text), list)
    assert timed("is_record", n, is_record, text) == (record is not None)
    assert isinstance(timed("json_too_deep", n, json_too_deep, text), bool)
    passage = timed("passage_text", n, passage_text, text)
    assert passage is None or isinstance(passage, str)
    assert len(timed("read_sources", n, read_sources, [text, text])) == 2
    assert timed("source_kind", n, source_kind, text) in ("record", "passages", "document")
    assert isinstance(timed("source_text", n, source_text, text), str)


def pipeline_source(text, form, typed):
    return (text, as_html(text), json.dumps(record_of(text, typed)), record_of(text, typed))[form]


def run_pipeline(text, mode):
    answer, first, second, question = fields_of(text)
    sources = [pipeline_source(first, (mode >> 1) & 3, mode & 64)]
    if mode & 1:
        sources.append(pipeline_source(second, (mode >> 3) & 3, mode & 64))
    try:
        doc = timed(
            "spacy_ground.check",
            len(text),
            lambda: spacy_ground.check(nlp, answer, sources, question if mode & 32 else None, errors="raise"),
        )
    except (TypeError, ValueError) as e:
        if any(words in str(e) for words in REFUSALS):
            return
        raise
    counts = doc._.numeric_grounding
    assert isinstance(counts, dict), counts
    for key, value in counts.items():
        if key.startswith("n_"):
            assert type(value) is int and value >= 0, (key, value)
    group = doc.spans["ground_claims"]
    assert counts["n_claims"] == len(group), counts
    assert sum(counts[f"n_{s}"] for s in STATUSES) == counts["n_claims"], counts
    share = counts["grounded_share"]
    assert share is None or 0.0 <= share <= 1.0, counts
    json.dumps(counts, allow_nan=False)
    for span in group:
        assert 0 <= span.start_char < span.end_char <= len(answer), (span.start_char, span.end_char)
        result = span._.ground_numeric
        assert result["status"] in STATUSES, result
        json.dumps(span._.claim, allow_nan=False)
        no_nan(result, "span._.ground_numeric")
        json.dumps(result, allow_nan=False)
        near = result.get("nearest")
        if near:
            assert 0 <= near["source"] < len(sources) and 0 <= near["start"] <= near["end"], near
    check_facts(answer, doc._.record_facts or [], RECORD_CLAIMS + HOURS_CLAIMS)
    grounding = doc._.grounding
    if grounding is not None:
        no_nan(dict(grounding), "doc._.grounding")
        json.dumps(grounding.to_dict(), allow_nan=False)


RUN = {"records": run_records, "hours": run_hours, "sources": run_sources, "pipeline": run_pipeline}


def decode(data):
    """(target, mode, text) of one input."""
    fdp = atheris.FuzzedDataProvider(data)
    target = TARGETS[fdp.ConsumeIntInRange(0, len(TARGETS) - 1)]
    mode = fdp.ConsumeIntInRange(0, 255)
    text = (
        fdp.ConsumeUnicode(fdp.remaining_bytes())
        if mode & 128
        else fdp.ConsumeUnicodeNoSurrogates(fdp.remaining_bytes())
    )
    return target, mode, text


def one_input(data: bytes) -> None:
    target, mode, text = decode(data)
    RUN[target](text, mode)


def encode(target, mode, text):
    """The input that ``decode`` reads as (target, mode, text): the text in one byte a character
    when it is ASCII, else UTF-16 (as atheris reads it), then the mode and the target."""
    if text.isascii():
        body = b"\x01" + text.encode("ascii")
    else:
        body = b"\x02" + text.encode("utf-16-le")
    data = body + bytes([mode, TARGETS.index(target)])
    assert decode(data) == (target, mode, text), (decode(data), (target, mode, text))
    return data


def case(*fields):
    return SEP.join(fields)


SEEDS = {
    "records_wifi": (
        "records",
        0,
        case("It offers free WiFi and outdoor seating.", "attributes.WiFi: free\nattributes.OutdoorSeating: False"),
    ),
    "records_denied": (
        "records",
        1,
        case(
            "They don't take reservations, and there is no parking except valet.",
            "attributes.RestaurantsReservations: True\nattributes.BusinessParking.valet: true\nattributes.BusinessParking.lot: false",
        ),
    ),
    "records_typed": (
        "records",
        4,
        case(
            "* WiFi: No\n* Outdoor Seating: Yes\n**Not available:** takeout, delivery",
            'attributes.WiFi: "no"\nattributes.OutdoorSeating: NaN\nattributes.RestaurantsTakeOut: null\nattributes.RestaurantsDelivery: [1, {"a": true}]',
        ),
    ),
    "records_list": (
        "records",
        2,
        case(
            "Not sure about WiFi, takeout, or outdoor seating.",
            "attributes.WiFi: no",
            "attributes.WiFi: free\ntext: great patio seating, cozy",
        ),
    ),
    "records_raw": (
        "records",
        3,
        case("Has a patio and free wi-fi.", '[{"attributes": {"WiFi": "u\'free\'"}}, 3, "x"]'),
    ),
    "hours_week": (
        "hours",
        0,
        case(
            "It is open seven days a week, Monday through Sunday.",
            "Monday: 9:0-21:0\nTuesday: 9:0-21:0\nWednesday: 9:0-21:0\nThursday: 9:0-21:0\nFriday: 9:0-23:0\nSaturday: 10:0-23:0\nSunday: 0:0-0:0",
        ),
    ),
    "hours_closed": (
        "hours",
        33,
        case(
            "Closed on Mondays and Tuesdays, with extended hours on weekends.",
            "Wednesday: 11:0-14:0, 17:0-22:0\nfriday: 11:0-2:0\nSat: Closed\nsunday: 24 hours",
        ),
    ),
    "hours_varies": (
        "hours",
        72,
        case(
            "The hours vary depending on the day; it used to be open daily. Is it open every day?",
            "Monday: 8:0-16:0\nTuesday: 8:0-16:0\nWednesday: 8:0-16:0",
            "Monday: 0:0-0:0\nTuesday: 9:0-17:0",
        ),
    ),
    "hours_except": (
        "hours",
        16,
        case(
            "Open daily except Mondays, but closed on Tue/Wed; shorter hours on Sundays.",
            "Monday: \nTuesday: 10:00-18:00\nWednesday: 7:30-22:30\nThursday: 6:0-12:0",
        ),
    ),
    "sources_html_table": (
        "sources",
        0,
        '<p>Results (in millions)</p><table><caption>Revenue ($M)</caption><tr><th rowspan="2">Region</th><th colspan="2">Revenue</th></tr><tr><th>2024</th><th>2023</th></tr><tr><td>North</td><td>$1,204.6</td><td>(412)</td></tr><tr><td>South<sup>1</sup></td><td>&#36;7.1</td><td>&nbsp;9%</td></tr></table>',
    ),
    "sources_markdown": (
        "sources",
        6,
        "Figures (in $ millions)\n\n| Quarter | Revenue ($M) | Margin (%) |\n|---|:--:|---:|\n| Q2 2024 | 7.1 | 12.5 |\n| | 2024 | 2023 |\n| Earnings per share: | | |\n| Diluted | 1.61 | \\| 2 |",
    ),
    "sources_text_table": (
        "sources",
        9,
        "(In millions, except per share amounts)\n                      Fiscal Year Ended\n                      June 29, 2024   June 30, 2023\nNet sales             $  8,420        $  7,180\nCost of sales            5,102           4,390\nOperating expenses:\nResearch                 (412)            388\n",
    ),
    "sources_json": ("sources", 3, '{"title": "Acme", "text": "Revenue was $5 million.", "url": "http://x"}'),
    "sources_nested": ("sources", 17, '{"a": [{"b": [1, 2, {"c": null}]}, true], "d": {"e": "x &amp; y <b>z</b>"}}'),
    "sources_entities": (
        "sources",
        200,
        "If a<b and the fee is $9 then b>c. &pound;5, 10&#37;, <!-- c --> <script>x</script> m<sup>2</sup> 10<sup>6</sup><br/>",
    ),
    "pipeline_money": (
        "pipeline",
        0,
        case(
            "Revenue was $2.85 billion in Q3 2024, up 12% from $2.5 billion.",
            "Revenue: $2,847 million in the third quarter of 2024, compared with $2,541 million a year earlier.",
        ),
    ),
    "pipeline_dates": (
        "pipeline",
        1,
        case(
            "The company was founded on March 3, 1998 and had 1,200 employees by 2005.",
            "Founded 3 March 1998. Staff: about 1,150 (2005).",
            "In 2005 it employed 1.2k people.",
        ),
    ),
    "pipeline_record": (
        "pipeline",
        4,
        case(
            "It has free WiFi, no outdoor seating and is open 9 am to 9 pm every day. Rated 4.5 stars.",
            "attributes.WiFi: free\nattributes.OutdoorSeating: False\nhours.Monday: 9:0-21:0\nhours.Tuesday: 9:0-21:0\nstars: 4.5",
        ),
    ),
    "pipeline_html": (
        "pipeline",
        35,
        case(
            "Revenue rose 22% to $7.1 million in Q2 2024.",
            "Quarter|Revenue ($M)|Growth\nQ2 2024|7.1|22%\nQ1 2024|5.8|9%",
            "",
            "How much revenue in Q2 2024?",
        ),
    ),
    "pipeline_dict": (
        "pipeline",
        79,
        case(
            "Closed on Mondays; temperatures under -17 degrees, about 3 km away, at 7:30 pm.",
            'hours.Monday: 0:0-0:0\nhours.Friday: "17:0-23:0"\ndistance: 3.2 km',
            "temperature: below -17 C",
        ),
    ),
    "pipeline_unicode": (
        "pipeline",
        9,
        case(
            "Le chiffre d’affaires a atteint 1 204,6 M€ — soit +12 % — au 30/06/2024.",
            "Chiffre d’affaires : 1 204,6 M€ au 30 juin 2024.",
            "Revenue: €1.2 billion",
        ),
    ),
}


def write_seeds(directory):
    os.makedirs(directory, exist_ok=True)
    for name, (target, mode, text) in SEEDS.items():
        with open(os.path.join(directory, name), "wb") as f:
            f.write(encode(target, mode, text))


def show(paths):
    for path in paths:
        with open(path, "rb") as f:
            target, mode, text = decode(f.read())
        print(f"{path}: target={target} mode={mode} len={len(text)}\n  text={text!r}\n  fields={fields_of(text)!r}")


def warm_up():
    """One small case of each target first, so that loading and caching time no input."""
    for target, mode, text in SEEDS.values():
        RUN[target](text, mode)
    TIMING["on"] = True


if __name__ == "__main__":
    if sys.argv[1:2] == ["--write-seeds"]:
        write_seeds(sys.argv[2])
    elif sys.argv[1:2] == ["--show"]:
        show(sys.argv[2:])
    else:
        warm_up()
        atheris.Setup(sys.argv, one_input)
        atheris.Fuzz()
