"""spacy_ground.render: the HTML view of a checked answer, and a check of it in headless Chromium."""

import json
import os
import re
import shutil
import subprocess
from html.parser import HTMLParser

import pytest

import spacy_ground
from spacy_ground.render import _markup

RECORD = json.dumps(
    {"name": "Finch & Fork", "hours": {"Monday": "9:0-17:0"}, "attributes": {"OutdoorSeating": False, "WiFi": "free"}}
)
ANSWER = (
    "Finch & Fork opens at 9:00 on Mondays and has free WiFi. Guests can enjoy outdoor seating. "
    "Revenue was $3.9 billion <script>alert(1)</script>."
)
SOURCES = [RECORD, "Revenue was $2,847 million in 2024."]


@pytest.fixture(scope="module")
def doc():
    nlp = spacy_ground.load()
    return spacy_ground.check(nlp, ANSWER, SOURCES)


class Marks(HTMLParser):
    """Collects the elements with a class, their attributes and the ids."""

    def __init__(self):
        super().__init__()
        self.elements, self.ids, self.text = [], set(), []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if a.get("class"):
            self.elements.append((tag, a))

    def handle_data(self, data):
        self.text.append(data)


def parse(markup):
    p = Marks()
    p.feed(markup)
    return p


def with_class(p, cls):
    return [a for _, a in p.elements if cls in a["class"].split()]


@pytest.mark.parametrize(
    "text,ranges,expected",
    [
        ("abc", [], "abc"),
        ("a<b", [], "a&lt;b"),
        ("hello world", [(0, 5, "<i>", "</i>")], "<i>hello</i> world"),
        ("hello world", [(0, 11, "<s>", "</s>"), (6, 11, "<i>", "</i>")], "<s>hello <i>world</i></s>"),
        (
            "hello world",
            [(0, 7, "<s>", "</s>"), (6, 11, "<i>", "</i>")],
            "<s>hello w</s>orld",
        ),  # a crossing range is left out
        ("ab", [(0, 9, "<s>", "</s>")], "ab"),  # out of range
    ],
)
def test_markup_nests_and_escapes(text, ranges, expected):
    assert _markup(text, ranges) == expected


def test_marks_for_sentences_claims_and_facts(doc):
    markup = spacy_ground.render(doc, jupyter=False)
    p = parse(markup)
    sents = with_class(p, "sg-sent")
    assert len(sents) == len(doc.spans["ground_sentences"]) == 3
    assert all(a["data-label"] in ("supported", "unsupported", "contradicted", "not_checked") for a in sents)
    claims = with_class(p, "sg-claim")
    assert {a["data-status"] for a in claims} >= {"mismatch"}
    money = [a for a in claims if a["data-kind"] == "money"][0]
    assert "nearest source value: $2,847 million" in money["title"]
    assert money["data-target"].split()[0] in p.ids  # hovering it highlights the source value
    facts = with_class(p, "sg-fact")
    assert [(a["data-path"], a["data-status"]) for a in facts] == [
        ("attributes.WiFi", "grounded"),
        ("attributes.OutdoorSeating", "conflict"),
    ]
    assert "attributes.OutdoorSeating: false" in facts[1]["title"]
    head = with_class(p, "sg-head")[0]
    assert head["data-action"] == doc._.grounding.action
    assert with_class(p, "sg-evidence") and with_class(p, "sg-source")
    # the answer's HTML is escaped: the only script element is the view's own
    assert markup.count("<script") == 1 and markup.count("</script") == 1
    assert "&lt;script&gt;" in markup and "&lt;/script" in markup
    assert "".join(p.text).count("Guests can enjoy outdoor seating.") == 1  # the answer text is all there, once


def test_two_renderings_do_not_share_ids(doc):
    a, b = parse(spacy_ground.render(doc, jupyter=False)), parse(spacy_ground.render(doc, jupyter=False))
    assert a.ids and not (a.ids & b.ids)


def test_several_docs_render_one_after_the_other(doc):
    """Like displacy.render, a list of Docs (or any iterable) renders as their markups in order."""
    one = parse(spacy_ground.render(doc, jupyter=False))
    both = parse(spacy_ground.render([doc, doc], jupyter=False))
    assert "".join(both.text).count("Guests can enjoy outdoor seating.") == 2
    assert len(both.ids) == 2 * len(one.ids)  # ids stay unique across the two
    page = spacy_ground.render(iter([doc]), jupyter=False, page=True)
    assert page.count("<!DOCTYPE html>") == 1
    assert "".join(parse(page).text).count("Guests can enjoy outdoor seating.") == 1


def test_page_and_options(doc):
    page = spacy_ground.render(doc, jupyter=False, page=True)
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert (
        "sg-source"
        not in spacy_ground.render(doc, jupyter=False, sources=False).split("<script>")[0].split("</style>")[1]
    )


def test_claims_only_pipeline_renders_the_numeric_summary():
    nlp = spacy_ground.load(exclude=spacy_ground.CLAIMS_ONLY)
    d = spacy_ground.check(nlp, "Revenue was $3.9 billion.", ["Revenue was $2,847 million."])
    p = parse(spacy_ground.render(d, jupyter=False))
    assert with_class(p, "sg-head")[0]["data-action"] == "none"
    assert [a["data-status"] for a in with_class(p, "sg-claim")] == ["mismatch"]


def test_in_a_notebook_it_displays(doc, monkeypatch):
    import sys
    import types

    shown = []
    fake = types.ModuleType("IPython.display")
    fake.HTML = lambda data: types.SimpleNamespace(data=data)
    fake.display = shown.append
    monkeypatch.setitem(sys.modules, "IPython", types.ModuleType("IPython"))
    monkeypatch.setitem(sys.modules, "IPython.display", fake)
    assert spacy_ground.render(doc, jupyter=True) is None
    assert "sg-wrap" in shown[0].data


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(
    not CHROMIUM and not os.environ.get("SPACY_GROUND_REQUIRE_BROWSER"),
    reason="Debian's chromium is not installed (.ci/run installs it)",
)
def test_page_in_headless_chromium(doc, tmp_path):
    """The page loads in a real browser, its script runs, and hovering a claim highlights
    the nearest source value in the side view."""
    assert CHROMIUM, "SPACY_GROUND_REQUIRE_BROWSER is set but chromium is missing"
    page = spacy_ground.render(doc, jupyter=False, page=True)
    hover = (
        "<script>var el=document.querySelector('.sg-claim[data-status=mismatch]');"
        "el.dispatchEvent(new MouseEvent('mouseenter'));</script></body>"
    )
    path = tmp_path / "page.html"
    path.write_text(page.replace("</body>", hover), encoding="utf8")
    cmd = [
        CHROMIUM,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={tmp_path / 'profile'}",
        "--dump-dom",
        path.as_uri(),
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    p = parse(out.stdout)
    wrap = with_class(p, "sg-wrap")[0]
    assert wrap.get("data-ready") == "1", "the page's script did not run"
    assert len(with_class(p, "sg-sent")) == 3 and with_class(p, "sg-fact") and with_class(p, "sg-claim")
    active = with_class(p, "sg-active")
    assert any("-near-1-" in a["id"] for a in active)  # the $2,847 million in source 2


def test_grounding_renders_the_marked_answer_in_a_notebook(doc):
    import pickle

    p = parse(doc._.grounding._repr_html_())
    assert len(with_class(p, "sg-sent")) == 3 and with_class(p, "sg-claim") and with_class(p, "sg-evidence")
    assert with_class(p, "sg-head")[0]["data-action"] == doc._.grounding.action
    # a pickled verdict keeps its data, not the Doc: it shows the summary
    g = pickle.loads(pickle.dumps(doc._.grounding))
    assert g.to_dict() == doc._.grounding.to_dict() and "<div class='spacy-ground'>" in g._repr_html_()


PWN = "document.documentElement.setAttribute('data-pwned','{}')"
HOSTILE = [
    "<script>" + PWN.format("script") + "</script>",
    '"><img src=x onerror="' + PWN.format("img") + '">',
    "'><svg onload=\"" + PWN.format("svg") + '">',
    '<a href="javascript:' + PWN.format("link") + '">x</a>',
]


@pytest.mark.skipif(
    not CHROMIUM and not os.environ.get("SPACY_GROUND_REQUIRE_BROWSER"),
    reason="Debian's chromium is not installed (.ci/run installs it)",
)
def test_hostile_values_run_no_script_in_chromium(tmp_path):
    """Markup in the answer, the question, a text source, a JSON record's keys and values, and
    the reasons that quote them is shown as text: in a real browser no script of theirs runs."""
    assert CHROMIUM, "SPACY_GROUND_REQUIRE_BROWSER is set but chromium is missing"
    payload = " ".join(HOSTILE)
    record = {f"name {payload}": f"Finch {payload}", "hours": {"Monday": "9:0-17:0"}, payload: "$5"}
    answer = f"Revenue was $3.9 billion {payload}. It opens at 10:00 on Mondays {payload}."
    sources = [json.dumps(record), f"Revenue was $2,847 million {payload} in 2024."]
    doc = spacy_ground.check(spacy_ground.load(), answer, sources, question=f"What was revenue? {payload}")
    assert any("3.9" in r for r in doc._.grounding.reasons)  # a reason that quotes the answer
    page = spacy_ground.render(doc, jupyter=False, page=True)
    assert not re.search(r"""(?:href|src|action)\s*=\s*["']?\s*javascript:""", page, re.I)  # only as text
    path = tmp_path / "page.html"
    path.write_text(page, encoding="utf8")
    cmd = [
        CHROMIUM,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={tmp_path / 'profile'}",
        "--virtual-time-budget=2000",
        "--dump-dom",
        path.as_uri(),
    ]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    html_tag = out.stdout[out.stdout.index("<html") : out.stdout.index(">", out.stdout.index("<html")) + 1]
    assert "data-pwned" not in html_tag, html_tag
    p = parse(out.stdout)
    assert with_class(p, "sg-wrap")[0].get("data-ready") == "1"  # the page's own script ran
    assert not [a for tag, a in p.elements if tag in ("img", "svg") or "onerror" in a or "onload" in a]
