"""``spacy_ground.render``: a checked answer as HTML, in the manner of displaCy.

The answer with every sentence marked by its entailment label (supported,
unsupported, contradicted, not checked) and every claim and record fact by its
status (grounded, mismatch, unsupported, conflict); hovering a mark shows its
evidence sentence or the nearest source value and highlights it in the side view
of the sources. The score, verdict and action are at the top.
"""

from __future__ import annotations

import html
import uuid
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from spacy.tokens import Doc

from spacy_ground.sources.readers import source_text

Range = Tuple[int, int, str, str]  # start, end, opening tag, closing tag


def judged_evidence(sent) -> Optional[Dict[str, Any]]:
    """The evidence sentence ``ground_entail`` judged ``sent`` against (the best-ranked one
    when the sentence was not judged)."""
    evidence = sent._.evidence or []
    ent = sent._.entailment or {}
    i = ent.get("evidence", 0)
    return evidence[i] if 0 <= i < len(evidence) else (evidence[0] if evidence else None)


STYLE = """
.sg-wrap{font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;font-size:15px;line-height:1.7;color:#222}
.sg-head{padding:8px 12px;border-radius:6px;margin-bottom:6px;font-weight:600}
.sg-action-pass{background:#e3f4e6}.sg-action-flag{background:#fff3cd}.sg-action-block{background:#f8d7da}
.sg-action-none{background:#eee}
.sg-reasons{margin:4px 0 10px 18px;padding:0;font-size:13px;color:#444}
.sg-cols{display:flex;gap:18px;align-items:flex-start}
.sg-answer{flex:1 1 50%;white-space:pre-wrap}
.sg-sources{flex:1 1 50%;font-size:13px;max-height:640px;overflow:auto;border-left:3px solid #ddd;padding-left:12px}
.sg-source{white-space:pre-wrap;margin:0 0 12px 0}
.sg-source h4{margin:0 0 4px 0;font-size:13px;color:#666}
.sg-sent{border-radius:3px;padding:1px 0}
.sg-supported{background:#e3f4e6}.sg-unsupported{background:#fff0c2}.sg-contradicted{background:#f9c9ce}
.sg-not_checked{background:#eeeeee}.sg-flagged{box-shadow:inset 0 -2px 0 #c62828}
.sg-span{background:rgba(198,40,40,.45);color:inherit;border-radius:2px;cursor:help}
.sg-claim,.sg-fact{border-bottom:3px solid #999;font-weight:600;cursor:help}
.sg-grounded{border-bottom-color:#2e7d32}.sg-mismatch,.sg-conflict{border-bottom-color:#c62828;border-bottom-style:double}
.sg-claim.sg-unsupported,.sg-fact.sg-unsupported{border-bottom-color:#ef6c00;border-bottom-style:dashed;background:none}
.sg-not_checkable{border-bottom-color:#9e9e9e;border-bottom-style:dotted}
.sg-evidence{background:#e8eaf6;border-radius:3px}.sg-nearest{outline:1px solid #5c6bc0}
.sg-active{background:#ffd54f !important;outline:2px solid #ff8f00}
.sg-legend{font-size:12px;color:#555;margin:6px 0}
.sg-legend span{margin-right:10px;padding:0 4px}
"""

SCRIPT = """
(function(){var root=document.currentScript.parentElement;
root.querySelectorAll('[data-target]').forEach(function(el){
 function set(on){el.getAttribute('data-target').split(' ').forEach(function(id){
  var t=document.getElementById(id);if(t){t.classList.toggle('sg-active',on);if(on)t.scrollIntoView({block:'nearest'});}});}
 el.addEventListener('mouseenter',function(){set(true)});el.addEventListener('mouseleave',function(){set(false)});});
root.setAttribute('data-ready','1');})();
"""


def render(
    docs: Union[Doc, Iterable[Doc]], jupyter: Optional[bool] = None, page: bool = False, sources: bool = True
) -> Optional[str]:
    """HTML of a checked Doc, or of several one after the other (like ``displacy.render``): returns the
    markup, or shows it in a notebook (``jupyter=None`` detects one) and returns None; ``page=True`` gives
    a whole HTML page; ``sources=False`` leaves out the side view of the sources."""
    from spacy.util import is_in_jupyter

    if isinstance(docs, Doc):
        docs = [docs]
    markup = "\n".join(render_markup(doc, sources=sources) for doc in docs)
    if page:
        markup = (
            '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>spacy_ground</title>'
            f'</head><body style="margin:24px">{markup}</body></html>'
        )
    if jupyter is None:
        jupyter = is_in_jupyter()
    if jupyter:
        from IPython.display import HTML, display

        display(HTML(markup))
        return None
    return markup


def render_markup(doc: Doc, sources: bool = True) -> str:
    """The HTML fragment (style, header, marked answer, sources) of a checked Doc."""
    src_texts = [source_text(s) for s in (doc._.ground_sources or [])]
    prefix = "sg" + uuid.uuid4().hex[:8]  # ids unique per rendering: several outputs share one notebook page
    targets: Dict[Tuple[int, int, int], str] = {}  # (source, start, end) -> element id in the source view

    def target(ref: Optional[Dict[str, Any]], kind: str) -> Optional[str]:
        if not ref or ref.get("source") is None or not 0 <= ref["source"] < len(src_texts):
            return None
        key = (ref["source"], ref["start"], ref["end"])
        if key not in targets:
            targets[key] = f"{prefix}-{kind}-{ref['source']}-{ref['start']}-{ref['end']}"
        return targets[key]

    ranges: List[Range] = []
    flagged = [(s.start_char, s.end_char) for s in doc.spans.get("ground_unsupported", [])]
    for sent in doc.spans.get("ground_sentences", []):
        ent = sent._.entailment
        evidence = judged_evidence(sent)
        label = ent["label"] if ent else "not_checked"
        is_flagged = any(a < sent.end_char and sent.start_char < b for a, b in flagged)
        tip = f"{label}" + (f" ({ent['supported']:.2f} supported)" if ent else "")
        if is_flagged:
            tip = "flagged by the verdict | " + tip
        if evidence:
            tip += f" | evidence: {evidence['text'].strip()}"
        tid = target(evidence, "ev")
        ranges.append(
            (
                sent.start_char,
                sent.end_char,
                _open("sg-sent sg-" + label + (" sg-flagged" if is_flagged else ""), tip, tid, {"data-label": label}),
                "</span>",
            )
        )
    for span in doc.spans.get("ground_claims", []):
        g = span._.ground_numeric or {"status": "not_checkable", "reason": "not checked", "nearest": None}
        near = g.get("nearest")
        tip = f"{g['status']}: {g['reason']}"
        if near and near.get("derived"):  # a change computed from two cells, which the highlight covers
            tip += f" | the sources' change, computed: {near['text']}"
        elif near:
            tip += f" | nearest source value: {near['text']}"
        if g.get("evidence"):
            tip += f" | evidence: {g['evidence']['text'].strip()}"
        ids = [i for i in (target(near, "near"), target(g.get("evidence"), "ev")) if i]
        ranges.append(
            (
                span.start_char,
                span.end_char,
                _open(
                    "sg-claim sg-" + g["status"],
                    tip,
                    " ".join(ids) or None,
                    {"data-status": g["status"], "data-kind": (span._.claim or {}).get("kind", "")},
                ),
                "</span>",
            )
        )
    for fact in doc._.record_facts or []:
        if fact.get("check") == "name" and fact["status"] == "grounded":
            continue  # a name the sources give is the common case: marking each would bury the rest
        ranges.append(
            (
                fact["start"],
                fact["end"],
                _open(
                    "sg-fact sg-" + fact["status"],
                    fact["reason"],
                    None,
                    {"data-status": fact["status"], "data-path": fact["path"]},
                ),
                "</span>",
            )
        )
    ranges += _flagged_ranges(doc, [(r[0], r[1]) for r in ranges if "sg-claim" in r[2] or "sg-fact" in r[2]])
    parts = [f"<style>{STYLE}</style>", _header(doc), _legend()]
    answer = f'<div class="sg-answer">{_markup(doc.text, ranges)}</div>'
    side = ""
    if sources and src_texts:
        boxes = []
        for i, text in enumerate(src_texts):
            marks: List[Range] = []
            for (s, start, end), tid in targets.items():
                if s == i and 0 <= start < end <= len(text):
                    cls = "sg-evidence" if "-ev-" in tid else "sg-nearest"
                    marks.append((start, end, f'<mark class="{cls}" id="{tid}">', "</mark>"))
            boxes.append(
                f'<div class="sg-source" data-source="{i}"><h4>source {i + 1}</h4>{_markup(text, marks)}</div>'
            )
        side = f'<div class="sg-sources">{"".join(boxes)}</div>'
    parts.append(f'<div class="sg-cols">{answer}{side}</div>')
    return f'<div class="sg-wrap">{"".join(parts)}<script>{SCRIPT}</script></div>'


def _flagged_ranges(doc: Doc, inner: Sequence[Tuple[int, int]]) -> List[Range]:
    """The flagged spans (``doc.spans["ground_unsupported"]``) as marks, darker for a higher
    probability, the reason as the tooltip; a mark is widened over a claim or fact it cuts
    into, so that the marks nest."""
    out: List[Range] = []
    for span in doc.spans.get("ground_unsupported", []):
        info = span._.ground_span or {}
        start, end = span.start_char, span.end_char
        changed = True
        while changed:
            changed = False
            for a, b in inner:
                if a < end and start < b and not (start <= a and b <= end) and not (a <= start and end <= b):
                    start, end, changed = min(start, a), max(end, b), True
        p = float(info.get("p") if info.get("p") is not None else 1.0)
        alpha = 0.15 + 0.55 * min(max(p, 0.0), 1.0)
        tip = f"flagged ({p:.2f}, {info.get('kind', 'other')}): {info.get('reason', '')}"
        data = {
            "data-p": f"{p:.2f}",
            "data-kind": info.get("kind", "other"),
            "data-source": info.get("source", ""),
            "style": f"background:rgba(198,40,40,{alpha:.2f})",
        }
        out.append((start, end, _open("sg-span", tip, None, data), "</span>"))
    return out


def _header(doc: Doc) -> str:
    record = doc._.ground_record
    if record:
        score = "n/a" if record.get("score") is None else f"{record['score']:.2f}"
        action = record.get("action", "none")
        head = (
            f'<div class="sg-head sg-action-{html.escape(action)}" data-action="{html.escape(action)}">'
            f"{html.escape(record['verdict'])} &middot; p(hallucinated) = {score} &middot; action: "
            f"{html.escape(action)}</div>"
        )
        reasons = "".join(f"<li>{html.escape(r)}</li>" for r in record.get("reasons", []))
        return head + (f'<ul class="sg-reasons">{reasons}</ul>' if reasons else "")
    summary = doc._.numeric_grounding or {}
    share = summary.get("grounded_share")
    text = "numeric grounding: " + ("n/a" if share is None else f"{share:.0%}") + f" ({summary.get('message', '')})"
    return f'<div class="sg-head sg-action-none" data-action="none">{html.escape(text)}</div>'


def _legend() -> str:
    items = [
        ("sg-supported", "supported"),
        ("sg-unsupported", "unsupported"),
        ("sg-contradicted", "contradicted"),
        ("sg-not_checked", "not checked"),
        ("sg-flagged", "sentence with a flagged span"),
        ("sg-span", "flagged span (darker: more probably unsupported)"),
    ]
    return (
        '<div class="sg-legend">'
        + "".join(f'<span class="{c}">{t}</span>' for c, t in items)
        + '<span>claims: <b style="border-bottom:3px solid #2e7d32">grounded</b> '
        '<b style="border-bottom:3px double #c62828">mismatch / conflict</b> '
        '<b style="border-bottom:3px dashed #ef6c00">unsupported</b></span></div>'
    )


def _open(classes: str, title: str, target: Optional[str], data: Dict[str, str]) -> str:
    attrs = [f'class="{html.escape(classes)}"', f'title="{html.escape(title)}"']
    if target:
        attrs.append(f'data-target="{html.escape(target)}"')
    attrs += [f'{k}="{html.escape(str(v))}"' for k, v in data.items()]
    return f"<span {' '.join(attrs)}>"


def _markup(text: str, ranges: Sequence[Range]) -> str:
    """``text`` escaped, with properly nested ranges wrapped in their tags (a range that
    crosses another one's boundary is left out rather than breaking the nesting)."""
    ordered = sorted((r for r in ranges if 0 <= r[0] < r[1] <= len(text)), key=lambda r: (r[0], -r[1]))
    out: List[str] = []
    stack: List[Range] = []
    pos = 0
    for r in ordered:
        while stack and stack[-1][1] <= r[0]:
            top = stack.pop()
            out.append(html.escape(text[pos : top[1]]) + top[3])
            pos = top[1]
        if stack and r[1] > stack[-1][1]:
            continue  # crosses the enclosing range
        out.append(html.escape(text[pos : r[0]]) + r[2])
        pos = r[0]
        stack.append(r)
    while stack:
        top = stack.pop()
        out.append(html.escape(text[pos : top[1]]) + top[3])
        pos = top[1]
    out.append(html.escape(text[pos:]))
    return "".join(out)
