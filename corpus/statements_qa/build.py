#!/usr/bin/env python3
"""Build statements_qa: financial QA over financial-statement pages, with correct and wrong
*computed* answers (sums, differences, ratios, percentages / margins, percentage-point changes,
growth rates, averages, per-share / per-unit figures, unit or scale conversions).

Deterministic, standard library only. Holds the 24 statement pages (fictional companies) and one
question template per question; every figure in an answer is computed here from the statement's
own figures and rounded as an analyst would write it. Each question gives two answers: the
correct one and the same answer with one computation error (slip, operand, operation, scale or
sign), labelled with the span of the wrong figure. Writes statements_qa_train.jsonl and
statements_qa_dev.jsonl beside this file (split by statement) and prints the counts.

    python corpus/statements_qa/build.py
"""

from __future__ import annotations

import collections
import hashlib
import json
import re
import sys
from decimal import ROUND_HALF_UP
from decimal import Decimal as D
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATASET = "statements_qa"
ERRORS = ("slip", "operand", "operation", "scale", "sign")
OPS = ("sum", "difference", "ratio", "percentage", "pp_change", "growth", "average", "per_share", "conversion")
SCALES = {"ones": D(1), "thousands": D(1000), "millions": D(1000000)}


def h(text: str) -> int:
    return int(hashlib.sha256(text.encode()).hexdigest(), 16)


def rnd(x: D, places: int) -> D:
    return x.quantize(D(1).scaleb(-places), rounding=ROUND_HALF_UP)


# ---------------------------------------------------------------------------------------------
# Figures as an analyst writes them. Each formatter returns (prefix, number, suffix) so that a
# transposed-digit slip can edit the number alone.


def _strip_one_zero(s: str) -> str:  # "2.70" -> "2.7", "4.56" stays
    return s[:-1] if s.endswith("0") and "." in s and len(s.split(".")[1]) == 2 else s


def f_money(v: D, cur: str = "$"):
    a = abs(v)
    if rnd(a / D(10) ** 6, 1) >= 1000:
        return cur, _strip_one_zero(str(rnd(a / D(10) ** 9, 2))), " billion"
    if rnd(a, 0) >= 1000000:
        if a % 1000000 == 0:
            return cur, f"{int(a / 1000000):,}", " million"
        return cur, str(rnd(a / D(10) ** 6, 1)), " million"
    return cur, f"{int(rnd(a, 0)):,}", ""


def f_pct(v: D, cur=None):
    return "", str(rnd(abs(v), 1)), "%"


def f_pp(v: D, cur=None):
    n = rnd(abs(v), 1)
    return "", str(n), " percentage point" if n == 1 else " percentage points"


def f_ratio(v: D, cur=None):
    return "", str(rnd(abs(v), 2)), ""


def f_eps(v: D, cur: str = "$"):  # per share, per unit: cents
    return cur, f"{rnd(abs(v), 2):,}", ""


def f_qty(v: D, cur=None):  # volumes, room nights, shares: "11.24 million"
    a = abs(v)
    if a >= 1000000:
        s = str(rnd(a / D(10) ** 6, 2))
        s = s.rstrip("0").rstrip(".") if "." in s else s
        return "", s, " million"
    return "", f"{int(rnd(a, 0)):,}", ""


def f_qty1(v: D, cur=None):  # a volume result: one decimal in millions
    a = abs(v)
    return "", str(rnd(a / D(10) ** 6, 1)), " million"


def f_count(v: D, cur=None):
    return "", f"{int(rnd(abs(v), 0)):,}", ""


FMT = {
    "money": f_money,
    "pct": f_pct,
    "pp": f_pp,
    "ratio": f_ratio,
    "eps": f_eps,
    "qty": f_qty,
    "qty1": f_qty1,
    "count": f_count,
}
OPERAND_FMT = {"m": "money", "s": "qty", "e": "eps", "p": "pct", "c": "count", "u": "qty"}
DEFAULT_FMT = {
    "sum": "money",
    "difference": "money",
    "average": "money",
    "conversion": "money",
    "ratio": "ratio",
    "percentage": "pct",
    "pp_change": "pp",
    "growth": "pct",
    "per_share": "eps",
}


# ---------------------------------------------------------------------------------------------
# Statement pages


def R(label, *vals, d=False, b=False, k="m", key=None, scale=None, prose=None):
    """A row: label as printed, figures as printed (one per column; none for a section row),
    d: "$" before its figures, b: bold, k: kind (m money in the statement's unit, s shares,
    e per-share amount, p percent, c count, u a volume with its own scale), prose: how a prose
    page writes it ("bn": "$14.81 billion"; a suffix like "MBbls")."""
    return dict(label=label, vals=list(vals), d=d, b=b, k=k, key=key or label, scale=scale, prose=prose)


def C(key, header, name, phrase=""):
    return dict(key=key, header=header, name=name, phrase=phrase)


def parse_fig(s):
    if s is None:
        return None
    t = s.replace("$", "").replace("€", "").replace("&nbsp;", "").replace(",", "").replace("%", "").strip()
    neg = t.startswith("(") and t.endswith(")")
    t = t.strip("()").strip()
    try:
        v = D(t)
    except Exception:  # "—", "n/m", "130 bps"
        return None
    return -v if neg else v


class Statement:
    def __init__(
        self,
        sid,
        split,
        kind,
        stype,
        cols,
        rows,
        unit="millions",
        share_unit=None,
        cur="$",
        title="",
        note="",
        corner="",
        groups=None,
        style="",
        after="",
        checks=(),
        text="",
    ):
        self.id, self.split, self.kind, self.stype = sid, split, kind, stype
        self.cols = {c["key"]: c for c in cols}
        self.col_order = [c["key"] for c in cols]
        self.rows = {}
        self.row_order = rows
        for r in rows:
            if r["vals"]:
                assert r["key"] not in self.rows, (sid, r["key"])
                assert len(r["vals"]) == len(cols), (sid, r["label"])
                self.rows[r["key"]] = r
        self.unit, self.cur = unit, cur
        self.scale = SCALES[unit]
        self.share_scale = SCALES[share_unit or unit]
        self.title, self.note, self.corner, self.groups, self.style, self.after = (
            title,
            note,
            corner,
            groups,
            style,
            after,
        )
        self.text = text
        self.questions = []
        self.source = self.render()
        for target, *parts in checks:  # the statement foots
            for ci, ck in enumerate(self.col_order):
                if "Change" in self.cols[ck]["header"]:
                    continue
                tot = sum((self.raw(p[1:], ck) or D(0)) * (1 if p[0] == "+" else -1) for p in parts)
                assert tot == self.raw(target, ck), (sid, target, ck, tot, self.raw(target, ck))

    # figures -------------------------------------------------------------------------------
    def raw(self, key, col):
        r = self.rows[key]
        return parse_fig(r["vals"][self.col_order.index(col)])

    def value(self, key, col):
        """The figure in absolute units (dollars, shares, barrels); a nil figure ("—") is 0."""
        r = self.rows[key]
        v = self.raw(key, col)
        if v is None:
            cell = r["vals"][self.col_order.index(col)]
            assert cell in ("—", "-", "–"), (self.id, key, col, cell)
            return D(0)
        if r["scale"] is not None:
            return v * r["scale"]
        return v * {"m": self.scale, "s": self.share_scale}.get(r["k"], D(1))

    # rendering -----------------------------------------------------------------------------
    def cell(self, r, i, html=False):
        s = r["vals"][i]
        if r["d"] and s not in ("—", "", None) and not re.search(r"%|bps|n/m", s):
            return (f"{self.cur}&nbsp;{s}" if self.cur == "€" else f"{self.cur}{s}") if html else f"{self.cur} {s}"
        return s

    def render(self):
        if self.kind == "prose":
            return self.render_prose()
        if self.kind == "html":
            return self.render_html()
        return self.render_md()

    def render_md(self):
        n = len(self.col_order)
        lines = []
        # pandoc / markitdown from a release: "$" in a column of its own before each money column
        dcols = [("dollarcols" in self.style and "Change" not in self.cols[c]["header"]) for c in self.col_order]

        def spread(label, cells):
            out = [label]
            for i, c in enumerate(cells):
                if dcols[i]:
                    out.append("")
                out.append(c)
            return out

        if self.groups:  # docling: the period header repeated over its columns, the years as a body row
            head = [self.corner] + [g for g, k in self.groups for _ in range(k)]
            body = [[""] + [self.cols[c]["header"] for c in self.col_order]]
        else:
            head = spread(self.corner, [self.cols[c]["header"] for c in self.col_order])
            body = []
        for r in self.row_order:
            label = f"**{r['label']}**" if r["b"] and not r["vals"] else r["label"]
            if not r["vals"]:
                body.append(spread(label, [""] * n))
            elif any(dcols):
                cells = spread(label, r["vals"])
                if r["d"]:
                    j = 1
                    for i in range(n):
                        if dcols[i]:
                            cells[j] = "$"
                            j += 1
                        j += 1
                body.append(cells)
            else:
                body.append([label] + [self.cell(r, i) for i in range(n)])
        if "docling" in self.style:
            w = [max(len(row[i]) for row in [head] + body) for i in range(len(head))]
            fmt = lambda row: "| " + " | ".join(c.ljust(w[i]) for i, c in enumerate(row)) + " |"
            lines.append(fmt(head))
            lines.append("|" + "|".join("-" * (x + 2) for x in w) + "|")
            lines += [fmt(row) for row in body]
        else:
            lines.append("| " + " | ".join(head) + " |")
            if "align" in self.style:
                lines.append("|:--|" + "|".join("--:" for _ in head[1:]) + "|")
            else:
                lines.append("|" + "|".join("---" for _ in head) + "|")
            lines += ["| " + " | ".join(row) + " |" for row in body]
        out = self.title + "\n" + (self.note + "\n" if self.note else "") + "\n" + "\n".join(lines) + "\n"
        return out + (("\n" + self.after + "\n") if self.after else "")

    def render_html(self):
        out = [self.title] if self.title else []
        out.append("<table>" if "caption" not in self.style else '<table class="financials">')
        if "caption" in self.style:
            out.append(f"<caption>{self.note}</caption>")
        if self.groups:
            out.append(
                "<tr><th>"
                + self.corner
                + "</th>"
                + "".join(f'<th colspan="{k}">{g}</th>' if k > 1 else f"<th>{g}</th>" for g, k in self.groups)
                + "</tr>"
            )
            out.append(
                "<tr><th></th>" + "".join(f"<th>{self.cols[c]['header']}</th>" for c in self.col_order) + "</tr>"
            )
        else:
            out.append(
                "<tr><th>"
                + self.corner
                + "</th>"
                + "".join(f"<th>{self.cols[c]['header']}</th>" for c in self.col_order)
                + "</tr>"
            )
        n = len(self.col_order)
        for r in self.row_order:
            label = f"<b>{r['label']}</b>" if r["b"] else r["label"]
            if not r["vals"]:
                out.append(f"<tr><td>{label}</td>" + "<td></td>" * n + "</tr>")
            else:
                out.append(
                    f"<tr><td>{label}</td>"
                    + "".join(f"<td>{self.cell(r, i, html=True)}</td>" for i in range(n))
                    + "</tr>"
                )
        out.append("</table>")
        if self.after:
            out.append(self.after)
        return "\n".join(out) + "\n"

    def prose_fig(self, key, col):
        r = self.rows[key]
        s = r["vals"][self.col_order.index(col)]
        v = parse_fig(s)
        num = s.strip("()")
        if r["k"] == "m":
            if r["prose"] == "bn":
                b = _strip_one_zero(str(rnd(abs(v) / 1000, 2)))
                assert D(b) * 1000 == abs(v), (self.id, key, col)
                return f"{self.cur}{b} billion"
            return f"{self.cur}{num} million"
        if r["k"] == "s":
            return f"{num} million"
        if r["k"] == "e":
            return f"{self.cur}{num}"
        if r["k"] == "p":
            return f"{num}%"
        if r["prose"]:
            return f"{num} {r['prose']}"
        return num

    def render_prose(self):
        body = re.sub(r"\{([^{}|]+)\|([^{}]+)\}", lambda m: self.prose_fig(m.group(1), m.group(2)), self.text)
        assert "{" not in body, self.id
        return body.strip() + "\n"

    def operand_name(self, key, col):
        return f"{key} / {self.cols[col]['name']}"

    def fmt_operand(self, key, col, absval=True):
        r = self.rows[key]
        v = self.value(key, col)
        p, n, s = FMT[OPERAND_FMT[r["k"]]](v, self.cur)
        return p + n + s


STATEMENTS: list[Statement] = []


def Q(
    st,
    op,
    terms,
    question,
    answer,
    err,
    alt=None,
    fmt=None,
    dirs=None,
    absvals=False,
    fn=None,
    wrong_fn=None,
    scale=None,
    wrong_operands=None,
):
    """A question on statement ``st``: ``terms`` are "row key|column key" operands; ``answer`` the
    answer template ({R}: the result, with its direction word where ``dirs`` gives one; {a} {b}
    {c} {d}: the operands; {ma} {mb}: the two margins of a pp_change); ``err`` the error kind of
    the wrong answer (``alt``: the other operands of an operand error; ``wrong_fn``: how an
    operation error computes; ``scale``: the factor of a scale error)."""
    assert err in ERRORS and op in OPS
    st.questions.append(
        dict(
            op=op,
            terms=terms,
            q=question,
            tmpl=answer,
            err=err,
            alt=alt,
            fmt=fmt or DEFAULT_FMT[op],
            dirs=dirs,
            absvals=absvals,
            fn=fn,
            wrong_fn=wrong_fn,
            scale=scale,
            wrong_operands=wrong_operands,
        )
    )


def add(st):
    STATEMENTS.append(st)
    return st


# =============================================================================================
# TRAIN
# =============================================================================================

# S01 docling Markdown, statement of operations, 3M and 9M, in thousands
s = add(
    Statement(
        "nova_ops_q3_2024",
        "train",
        "md",
        "income_statement",
        [
            C("q24", "2024", "Three Months Ended September 30, 2024", "the third quarter of 2024"),
            C("q23", "2023", "Three Months Ended September 30, 2023", "the third quarter of 2023"),
            C("n24", "2024", "Nine Months Ended September 30, 2024", "the first nine months of 2024"),
            C("n23", "2023", "Nine Months Ended September 30, 2023", "the first nine months of 2023"),
        ],
        [
            R("Revenue", "48,210", "41,055", "139,874", "118,902", d=True),
            R("Cost of revenue", "27,118", "24,370", "80,455", "71,630"),
            R("Gross profit", "21,092", "16,685", "59,419", "47,272"),
            R("Research and development", "9,874", "8,912", "29,102", "26,455"),
            R("Selling, general and administrative", "12,530", "11,204", "36,877", "33,010"),
            R("Loss from operations", "(1,312)", "(3,431)", "(6,560)", "(12,193)"),
            R("Interest income (expense), net", "402", "(118)", "1,105", "(390)"),
            R("Provision for income taxes", "195", "141", "427", "321"),
            R("Net loss", "(1,105)", "(3,690)", "(5,882)", "(12,904)", d=True),
            R("Net loss per share, basic and diluted", "(0.04)", "(0.15)", "(0.22)", "(0.52)", d=True, k="e"),
            R("Weighted-average shares outstanding", "26,410", "24,980", "26,205", "24,811", k="s"),
        ],
        unit="thousands",
        style="docling",
        title="NOVA ROBOTICS, INC.\nCONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS\n(in thousands, except per share data)\n(unaudited)",
        groups=[("Three Months Ended September 30,", 2), ("Nine Months Ended September 30,", 2)],
        checks=[
            ("Gross profit", "+Revenue", "-Cost of revenue"),
            (
                "Loss from operations",
                "+Gross profit",
                "-Research and development",
                "-Selling, general and administrative",
            ),
            ("Net loss", "+Loss from operations", "+Interest income (expense), net", "-Provision for income taxes"),
        ],
    )
)
Q(
    s,
    "percentage",
    ["Gross profit|q24", "Revenue|q24"],
    "What was Nova Robotics' gross margin in the third quarter of 2024?",
    "Nova Robotics' gross margin for the third quarter of 2024 was {R} (gross profit of {a} on revenue of {b}).",
    "operand",
    alt=["Gross profit|q23", "Revenue|q23"],
)
Q(
    s,
    "growth",
    ["Revenue|q24", "Revenue|q23"],
    "How fast did Nova Robotics' revenue grow in the third quarter of 2024?",
    "Revenue {R} year over year in the third quarter of 2024.",
    "sign",
    dirs=("grew", "declined"),
)
Q(
    s,
    "pp_change",
    ["Gross profit|n24", "Revenue|n24", "Gross profit|n23", "Revenue|n23"],
    "How did gross margin for the first nine months of 2024 compare with the same period of 2023?",
    "Gross margin for the first nine months of 2024 {R}, to {ma} from {mb} a year earlier.",
    "operation",
    dirs=("expanded by", "contracted by"),
)
Q(
    s,
    "sum",
    ["Research and development|q24", "Selling, general and administrative|q24"],
    "What were Nova Robotics' total operating expenses in the third quarter of 2024?",
    "Operating expenses totalled {R} in the third quarter of 2024: {a} of research and development and {b} of selling, general and administrative expense.",
    "slip",
)
Q(
    s,
    "per_share",
    ["Net loss|n24", "Weighted-average shares outstanding|n24"],
    "What was the net loss per share for the first nine months of 2024, based on the weighted-average shares?",
    "The net loss per share for the first nine months of 2024 was {R} (a net loss of {a} over {b} weighted-average shares).",
    "scale",
    scale=D(10),
)
Q(
    s,
    "difference",
    ["Loss from operations|q24", "Loss from operations|q23"],
    "How much did the loss from operations change in the third quarter of 2024 from a year earlier?",
    "The loss from operations {R} in the third quarter of 2024 compared with the third quarter of 2023.",
    "operand",
    alt=["Net loss|q24", "Net loss|q23"],
    dirs=("narrowed by", "widened by"),
)

# S02 Markdown, income statement, fiscal years, in millions
s = add(
    Statement(
        "orbital_income_fy2024",
        "train",
        "md",
        "income_statement",
        [C("f24", "Fiscal 2024", "Fiscal 2024", "fiscal 2024"), C("f23", "Fiscal 2023", "Fiscal 2023", "fiscal 2023")],
        [
            R("Net sales", "5,412.3", "5,108.9", d=True),
            R("Cost of sales", "3,620.4", "3,480.2"),
            R("Gross profit", "1,791.9", "1,628.7"),
            R("Selling, general and administrative expenses", "1,015.6", "958.1"),
            R("Amortization of intangible assets", "88.3", "80.2"),
            R("Operating income", "688.0", "590.4"),
            R("Interest expense, net", "92.4", "71.5"),
            R("Income before income taxes", "595.6", "518.9"),
            R("Provision for income taxes", "140.5", "116.3"),
            R("Net income", "455.1", "402.6", d=True),
            R("Diluted earnings per share", "3.12", "2.74", d=True, k="e"),
            R("Diluted weighted-average shares outstanding", "145.9", "146.9", k="s"),
        ],
        title="ORBITAL FOODS CORP.\nCONSOLIDATED STATEMENTS OF INCOME\n(In millions, except per share amounts)",
        checks=[
            ("Gross profit", "+Net sales", "-Cost of sales"),
            (
                "Operating income",
                "+Gross profit",
                "-Selling, general and administrative expenses",
                "-Amortization of intangible assets",
            ),
            ("Income before income taxes", "+Operating income", "-Interest expense, net"),
            ("Net income", "+Income before income taxes", "-Provision for income taxes"),
        ],
    )
)
Q(
    s,
    "percentage",
    ["Operating income|f24", "Net sales|f24"],
    "What was Orbital Foods' operating margin in fiscal 2024?",
    "Orbital Foods' operating margin was {R} in fiscal 2024.",
    "slip",
)
Q(
    s,
    "growth",
    ["Net income|f24", "Net income|f23"],
    "By what percentage did Orbital Foods' net income change in fiscal 2024?",
    "Net income {R} in fiscal 2024, to {a} from {b}.",
    "operation",
    dirs=("rose", "fell"),
)
Q(
    s,
    "ratio",
    ["Operating income|f24", "Interest expense, net|f24"],
    "How many times did operating income cover net interest expense in fiscal 2024?",
    "Operating income covered net interest expense {R} times in fiscal 2024 ({a} of operating income against {b} of net interest expense).",
    "operation",
)
Q(
    s,
    "conversion",
    ["Net sales|f24"],
    "What were Orbital Foods' net sales in fiscal 2024, in billions?",
    "Orbital Foods' net sales were {R} in fiscal 2024.",
    "operand",
    alt=["Net sales|f23"],
)
Q(
    s,
    "pp_change",
    ["Gross profit|f24", "Net sales|f24", "Gross profit|f23", "Net sales|f23"],
    "How did Orbital Foods' gross margin change in fiscal 2024?",
    "Gross margin {R} in fiscal 2024, to {ma} from {mb}.",
    "sign",
    dirs=("improved by", "declined by"),
)
Q(
    s,
    "difference",
    ["Selling, general and administrative expenses|f24", "Selling, general and administrative expenses|f23"],
    "How much did selling, general and administrative expenses increase in fiscal 2024?",
    "Selling, general and administrative expenses {R} in fiscal 2024.",
    "scale",
    dirs=("rose by", "fell by"),
    scale=D(10),
)

# S03 Markdown balance sheet, in thousands
s = add(
    Statement(
        "meridian_balance_2024",
        "train",
        "md",
        "balance_sheet",
        [
            C("d24", "December 31, 2024", "December 31, 2024", "December 31, 2024"),
            C("d23", "December 31, 2023", "December 31, 2023", "December 31, 2023"),
        ],
        [
            R("ASSETS", b=True),
            R("Current assets:"),
            R("Cash and cash equivalents", "24,318", "19,872", d=True),
            R("Accounts receivable, net", "31,604", "28,915"),
            R("Inventories", "27,455", "30,120"),
            R("Prepaid expenses and other current assets", "4,127", "3,698"),
            R("Total current assets", "87,504", "82,605"),
            R("Property, plant and equipment, net", "58,930", "55,410"),
            R("Goodwill", "18,200", "18,200"),
            R("Other assets", "6,044", "5,781"),
            R("Total assets", "170,678", "161,996", d=True),
            R("LIABILITIES AND STOCKHOLDERS' EQUITY", b=True),
            R("Current liabilities:"),
            R("Accounts payable", "19,840", "21,377", d=True),
            R("Accrued expenses", "12,615", "11,090"),
            R("Current portion of long-term debt", "5,000", "5,000"),
            R("Total current liabilities", "37,455", "37,467"),
            R("Long-term debt, net of current portion", "40,000", "45,000"),
            R("Other long-term liabilities", "7,312", "6,985"),
            R("Total liabilities", "84,767", "89,452"),
            R("Total stockholders' equity", "85,911", "72,544"),
            R("Total liabilities and stockholders' equity", "170,678", "161,996", d=True),
        ],
        unit="thousands",
        title="MERIDIAN COMPONENTS, INC.\nCONSOLIDATED BALANCE SHEETS",
        note="(in thousands)",
        checks=[
            (
                "Total current assets",
                "+Cash and cash equivalents",
                "+Accounts receivable, net",
                "+Inventories",
                "+Prepaid expenses and other current assets",
            ),
            (
                "Total assets",
                "+Total current assets",
                "+Property, plant and equipment, net",
                "+Goodwill",
                "+Other assets",
            ),
            (
                "Total current liabilities",
                "+Accounts payable",
                "+Accrued expenses",
                "+Current portion of long-term debt",
            ),
            (
                "Total liabilities",
                "+Total current liabilities",
                "+Long-term debt, net of current portion",
                "+Other long-term liabilities",
            ),
            ("Total liabilities and stockholders' equity", "+Total liabilities", "+Total stockholders' equity"),
        ],
    )
)
Q(
    s,
    "ratio",
    ["Total current assets|d24", "Total current liabilities|d24"],
    "What was Meridian's current ratio at December 31, 2024?",
    "Meridian's current ratio was {R} at December 31, 2024 ({a} of current assets against {b} of current liabilities).",
    "operand",
    alt=["Total current assets|d23", "Total current liabilities|d23"],
)
Q(
    s,
    "difference",
    ["Total current assets|d24", "Total current liabilities|d24"],
    "How much working capital did Meridian have at the end of 2024?",
    "Working capital was {R} at December 31, 2024.",
    "operation",
)
Q(
    s,
    "conversion",
    ["Total assets|d24"],
    "What were Meridian's total assets at December 31, 2024, in millions?",
    "Total assets were {R} at December 31, 2024.",
    "scale",
    scale=D(1000),
)
Q(
    s,
    "sum",
    ["Current portion of long-term debt|d24", "Long-term debt, net of current portion|d24"],
    "What was Meridian's total debt at December 31, 2024?",
    "Total debt was {R} at December 31, 2024: {a} current and {b} long-term.",
    "slip",
)
Q(
    s,
    "percentage",
    ["Cash and cash equivalents|d24", "Total assets|d24"],
    "What share of total assets was held in cash and cash equivalents at the end of 2024?",
    "Cash and cash equivalents made up {R} of total assets at December 31, 2024.",
    "scale",
    scale=D("0.1"),
)
Q(
    s,
    "average",
    ["Total stockholders' equity|d24", "Total stockholders' equity|d23"],
    "What was Meridian's average stockholders' equity over 2024, using the opening and closing balances?",
    "Average stockholders' equity for 2024 was {R}, the mean of {b} at the start of the year and {a} at the end.",
    "slip",
)

# S04 docling Markdown, cash-flow statement, nine months, in thousands
s = add(
    Statement(
        "cascade_cashflow_9m2024",
        "train",
        "md",
        "cash_flow",
        [
            C("n24", "2024", "Nine Months Ended September 30, 2024", "the first nine months of 2024"),
            C("n23", "2023", "Nine Months Ended September 30, 2023", "the first nine months of 2023"),
        ],
        [
            R("Cash flows from operating activities:"),
            R("Net income", "14,622", "9,877", d=True),
            R("Depreciation and amortization", "6,410", "5,985"),
            R("Stock-based compensation", "3,355", "2,940"),
            R("Changes in operating assets and liabilities", "(2,118)", "(4,306)"),
            R("Net cash provided by operating activities", "22,269", "14,496"),
            R("Cash flows from investing activities:"),
            R("Purchases of property and equipment", "(8,745)", "(6,130)"),
            R("Acquisitions, net of cash acquired", "(12,500)", "—"),
            R("Net cash used in investing activities", "(21,245)", "(6,130)"),
            R("Cash flows from financing activities:"),
            R("Repayments of long-term debt", "(3,000)", "(3,000)"),
            R("Proceeds from stock option exercises", "1,212", "864"),
            R("Dividends paid", "(2,430)", "(2,205)"),
            R("Net cash used in financing activities", "(4,218)", "(4,341)"),
            R("Net increase (decrease) in cash and cash equivalents", "(3,194)", "4,025"),
            R("Cash and cash equivalents at beginning of period", "41,380", "33,911"),
            R("Cash and cash equivalents at end of period", "38,186", "37,936", d=True),
        ],
        unit="thousands",
        style="docling",
        title="CASCADE HEALTH SYSTEMS, INC.\nCONDENSED CONSOLIDATED STATEMENTS OF CASH FLOWS\n(In thousands)",
        groups=[("Nine Months Ended September 30,", 2)],
        checks=[
            (
                "Net cash provided by operating activities",
                "+Net income",
                "+Depreciation and amortization",
                "+Stock-based compensation",
                "+Changes in operating assets and liabilities",
            ),
            (
                "Net cash used in investing activities",
                "+Purchases of property and equipment",
                "+Acquisitions, net of cash acquired",
            ),
            (
                "Net cash used in financing activities",
                "+Repayments of long-term debt",
                "+Proceeds from stock option exercises",
                "+Dividends paid",
            ),
            (
                "Net increase (decrease) in cash and cash equivalents",
                "+Net cash provided by operating activities",
                "+Net cash used in investing activities",
                "+Net cash used in financing activities",
            ),
            (
                "Cash and cash equivalents at end of period",
                "+Cash and cash equivalents at beginning of period",
                "+Net increase (decrease) in cash and cash equivalents",
            ),
        ],
    )
)
Q(
    s,
    "difference",
    ["Net cash provided by operating activities|n24", "Purchases of property and equipment|n24"],
    "What was Cascade's free cash flow for the first nine months of 2024?",
    "Free cash flow for the first nine months of 2024 was {R} ({a} of operating cash flow less {b} of capital expenditures).",
    "operation",
    absvals=True,
)
Q(
    s,
    "growth",
    ["Net cash provided by operating activities|n24", "Net cash provided by operating activities|n23"],
    "How much did operating cash flow grow in the first nine months of 2024?",
    "Net cash provided by operating activities {R} year over year in the first nine months of 2024.",
    "sign",
    dirs=("increased", "decreased"),
)
Q(
    s,
    "sum",
    ["Repayments of long-term debt|n24", "Dividends paid|n24"],
    "How much cash did Cascade pay out for debt repayments and dividends in the first nine months of 2024?",
    "Debt repayments and dividends took {R} of cash in the first nine months of 2024 ({a} and {b}).",
    "scale",
    absvals=True,
    scale=D(10),
)
Q(
    s,
    "percentage",
    ["Purchases of property and equipment|n24", "Net cash provided by operating activities|n24"],
    "What share of operating cash flow went to capital expenditures in the first nine months of 2024?",
    "Capital expenditures absorbed {R} of operating cash flow in the first nine months of 2024.",
    "operation",
    absvals=True,
)
Q(
    s,
    "conversion",
    ["Cash and cash equivalents at end of period|n24"],
    "How much cash did Cascade hold at September 30, 2024, in millions?",
    "Cash and cash equivalents stood at {R} at September 30, 2024.",
    "operand",
    alt=["Cash and cash equivalents at end of period|n23"],
)
Q(
    s,
    "ratio",
    ["Net cash provided by operating activities|n24", "Net income|n24"],
    "How did operating cash flow compare with net income in the first nine months of 2024?",
    "Operating cash flow was {R} times net income in the first nine months of 2024 ({a} against {b}).",
    "scale",
    scale=D(10),
)

# S05 Markdown segment table, in millions, period in the column names
s = add(
    Statement(
        "summit_segments_q3_2024",
        "train",
        "md",
        "segment_table",
        [
            C("r24", "Q3 2024 Revenue", "Q3 2024 Revenue", "Q3 2024"),
            C("r23", "Q3 2023 Revenue", "Q3 2023 Revenue", "Q3 2023"),
            C("chg", "Change", "Change"),
            C("o24", "Q3 2024 Operating Income (Loss)", "Q3 2024 Operating Income (Loss)", "Q3 2024"),
            C("o23", "Q3 2023 Operating Income (Loss)", "Q3 2023 Operating Income (Loss)", "Q3 2023"),
        ],
        [
            R("Cloud Services", "1,245", "1,032", "21 %", "318", "247"),
            R("Devices", "862", "915", "(6) %", "(24)", "18"),
            R("Enterprise Software", "590", "541", "9 %", "171", "150"),
            R("Corporate and other", "—", "—", "n/m", "(66)", "(58)"),
            R("Total", "2,697", "2,488", "8 %", "399", "357"),
        ],
        title="SUMMIT TECHNOLOGIES GROUP\nSegment Results",
        note="($ in millions)",
        corner="Segment",
        checks=[("Total", "+Cloud Services", "+Devices", "+Enterprise Software", "+Corporate and other")],
    )
)
Q(
    s,
    "percentage",
    ["Cloud Services|o24", "Cloud Services|r24"],
    "What operating margin did the Cloud Services segment earn in Q3 2024?",
    "Cloud Services earned an operating margin of {R} in Q3 2024 ({a} of operating income on {b} of revenue).",
    "operand",
    alt=["Cloud Services|o23", "Cloud Services|r23"],
)
Q(
    s,
    "percentage",
    ["Cloud Services|r24", "Total|r24"],
    "What share of Summit's Q3 2024 revenue came from Cloud Services?",
    "Cloud Services accounted for {R} of total revenue in Q3 2024.",
    "operation",
)
Q(
    s,
    "growth",
    ["Devices|r24", "Devices|r23"],
    "How did Devices revenue change in Q3 2024, in percent?",
    "Devices revenue {R} in Q3 2024 from a year earlier.",
    "sign",
    dirs=("grew", "declined"),
)
Q(
    s,
    "conversion",
    ["Total|r24"],
    "What was Summit's total revenue in Q3 2024, in billions?",
    "Summit's total revenue was {R} in Q3 2024.",
    "operand",
    alt=["Total|r23"],
)
Q(
    s,
    "pp_change",
    ["Enterprise Software|o24", "Enterprise Software|r24", "Enterprise Software|o23", "Enterprise Software|r23"],
    "How did the Enterprise Software operating margin change in Q3 2024?",
    "Enterprise Software's operating margin {R} in Q3 2024, to {ma} from {mb}.",
    "operation",
    dirs=("improved by", "slipped by"),
)
Q(
    s,
    "difference",
    ["Devices|o24", "Devices|o23"],
    "By how much did the Devices segment's operating result change in Q3 2024?",
    "Devices operating income {R} year over year in Q3 2024, from income of {b} to a loss of {a}.",
    "scale",
    dirs=("rose by", "fell by"),
    scale=D(10),
)

# S06 Markdown release table ("$" in columns of its own), quarters as columns, in millions
s = add(
    Statement(
        "lumen_quarterly_2024",
        "train",
        "md",
        "highlights",
        [
            C("q1", "Q1 2024", "Q1 2024", "the first quarter of 2024"),
            C("q2", "Q2 2024", "Q2 2024", "the second quarter of 2024"),
            C("q3", "Q3 2024", "Q3 2024", "the third quarter of 2024"),
            C("q4", "Q4 2024", "Q4 2024", "the fourth quarter of 2024"),
        ],
        [
            R("Revenue", "412.5", "431.0", "452.8", "478.1", d=True),
            R("Gross profit", "305.3", "320.1", "338.2", "359.0"),
            R("Operating income", "41.2", "47.4", "55.9", "63.3"),
            R("Net income", "30.8", "35.1", "42.7", "48.4"),
            R("Diluted shares", "61.2", "61.5", "61.9", "62.3", k="s"),
            R("Free cash flow", "28.4", "(3.1)", "19.7", "35.2"),
            R("Customers", "1,212", "1,260", "1,318", "1,377", k="c"),
        ],
        title="**Lumen Software, Inc. — Quarterly Financial Highlights (unaudited)**",
        corner="(in millions, except customers)",
        style="dollarcols",
    )
)
Q(
    s,
    "sum",
    ["Revenue|q1", "Revenue|q2", "Revenue|q3", "Revenue|q4"],
    "What was Lumen's total revenue for 2024, adding up the four quarters?",
    "Revenue for the four quarters of 2024 totalled {R}.",
    "slip",
)
Q(
    s,
    "average",
    ["Net income|q1", "Net income|q2", "Net income|q3", "Net income|q4"],
    "What was Lumen's average quarterly net income in 2024?",
    "Net income averaged {R} a quarter in 2024, from {a} in the first quarter to {d} in the fourth.",
    "operation",
)
Q(
    s,
    "growth",
    ["Revenue|q4", "Revenue|q3"],
    "How much did revenue grow sequentially in the fourth quarter of 2024?",
    "Revenue {R} sequentially in the fourth quarter of 2024, to {a} from {b}.",
    "sign",
    dirs=("grew", "declined"),
)
Q(
    s,
    "per_share",
    ["Net income|q4", "Diluted shares|q4"],
    "What were Lumen's diluted earnings per share in the fourth quarter of 2024?",
    "Diluted earnings per share for Q4 2024 were {R} ({a} of net income over {b} diluted shares).",
    "operand",
    alt=["Net income|q3", "Diluted shares|q4"],
)
Q(
    s,
    "sum",
    ["Free cash flow|q1", "Free cash flow|q2", "Free cash flow|q3", "Free cash flow|q4"],
    "How much free cash flow did Lumen generate in 2024?",
    "Free cash flow for 2024 totalled {R}.",
    "sign",
    wrong_fn=lambda *v: sum(abs(x) for x in v),
)
Q(
    s,
    "per_share",
    ["Revenue|q4", "Customers|q4"],
    "What was Lumen's revenue per customer in the fourth quarter of 2024?",
    "Revenue per customer was about {R} in the fourth quarter of 2024.",
    "scale",
    fmt="money",
    scale=D(1000),
)

# S07 Markdown (aligned), income statement, three fiscal years, in millions
s = add(
    Statement(
        "harbor_income_fy2022_2024",
        "train",
        "md",
        "income_statement",
        [
            C("f24", "Fiscal 2024", "Fiscal 2024", "fiscal 2024"),
            C("f23", "Fiscal 2023", "Fiscal 2023", "fiscal 2023"),
            C("f22", "Fiscal 2022", "Fiscal 2022", "fiscal 2022"),
        ],
        [
            R("Revenue", "3,218.4", "2,964.7", "2,705.2", d=True),
            R("Operating expenses:"),
            R("Purchased transportation", "1,802.3", "1,660.5", "1,490.8"),
            R("Salaries, wages and benefits", "702.5", "655.0", "611.4"),
            R("Depreciation and amortization", "148.9", "137.2", "129.6"),
            R("Other operating expenses", "251.6", "238.4", "225.3"),
            R("Total operating expenses", "2,905.3", "2,691.1", "2,457.1"),
            R("Operating income", "313.1", "273.6", "248.1"),
            R("Interest expense", "41.8", "44.9", "38.2"),
            R("Income before income taxes", "271.3", "228.7", "209.9"),
            R("Income tax expense", "66.5", "55.1", "51.0"),
            R("Net income", "204.8", "173.6", "158.9", d=True),
            R("Diluted earnings per share", "5.12", "4.31", "3.90", d=True, k="e"),
            R("Diluted weighted-average shares", "40.0", "40.3", "40.7", k="s"),
        ],
        title="HARBOR LOGISTICS GROUP\nConsolidated Statements of Income\n(in millions, except per share data)",
        style="align",
        checks=[
            (
                "Total operating expenses",
                "+Purchased transportation",
                "+Salaries, wages and benefits",
                "+Depreciation and amortization",
                "+Other operating expenses",
            ),
            ("Operating income", "+Revenue", "-Total operating expenses"),
            ("Income before income taxes", "+Operating income", "-Interest expense"),
            ("Net income", "+Income before income taxes", "-Income tax expense"),
        ],
    )
)
Q(
    s,
    "average",
    ["Revenue|f24", "Revenue|f23", "Revenue|f22"],
    "What was Harbor's average annual revenue over fiscal 2022 to 2024?",
    "Revenue averaged {R} a year over fiscal 2022 to fiscal 2024.",
    "operation",
)
Q(
    s,
    "growth",
    ["Net income|f24", "Net income|f22"],
    "How much did Harbor's net income grow from fiscal 2022 to fiscal 2024?",
    "Net income {R} between fiscal 2022 and fiscal 2024, from {b} to {a}.",
    "sign",
    dirs=("rose", "fell"),
)
Q(
    s,
    "percentage",
    ["Purchased transportation|f24", "Revenue|f24"],
    "What percentage of revenue went to purchased transportation in fiscal 2024?",
    "Purchased transportation consumed {R} of revenue in fiscal 2024 ({a} of {b}).",
    "operand",
    alt=["Salaries, wages and benefits|f24", "Revenue|f24"],
)
Q(
    s,
    "pp_change",
    ["Operating income|f24", "Revenue|f24", "Operating income|f22", "Revenue|f22"],
    "How did Harbor's operating margin change from fiscal 2022 to fiscal 2024?",
    "Operating margin {R} from fiscal 2022 to fiscal 2024.",
    "sign",
    dirs=("improved by", "declined by"),
)
Q(
    s,
    "ratio",
    ["Operating income|f23", "Interest expense|f23"],
    "What was Harbor's interest coverage in fiscal 2023?",
    "Operating income covered interest expense {R} times in fiscal 2023.",
    "slip",
)
Q(
    s,
    "conversion",
    ["Total operating expenses|f24"],
    "What were Harbor's total operating expenses in fiscal 2024, in billions?",
    "Total operating expenses were {R} in fiscal 2024.",
    "scale",
    scale=D("0.1"),
)

# S08 Markdown small-company balance sheet, fiscal 2018, in thousands (no net PP&E line)
s = add(
    Statement(
        "pinecrest_balance_fy2018",
        "train",
        "md",
        "balance_sheet",
        [
            C("j18", "June 30, 2018", "June 30, 2018", "June 30, 2018"),
            C("j17", "June 30, 2017", "June 30, 2017", "June 30, 2017"),
        ],
        [
            R("Cash", "3,412", "2,875", d=True),
            R("Accounts receivable, net", "5,106", "4,722"),
            R("Inventories", "9,874", "8,960"),
            R("Total current assets", "18,392", "16,557"),
            R("Property and equipment, at cost", "24,917", "22,604"),
            R("Less: accumulated depreciation", "(16,148)", "(14,390)"),
            R("Total assets", "27,161", "24,771", d=True),
            R("Accounts payable", "4,230", "3,905", d=True),
            R("Line of credit", "2,500", "3,000"),
            R("Accrued liabilities", "1,874", "1,652"),
            R("Total current liabilities", "8,604", "8,557"),
            R("Long-term debt", "4,100", "4,900"),
            R("Total liabilities", "12,704", "13,457"),
            R("Shareholders' equity", "14,457", "11,314"),
            R("Total liabilities and shareholders' equity", "27,161", "24,771", d=True),
        ],
        unit="thousands",
        corner="(in thousands)",
        title="PINECREST OUTDOOR, INC.\nBALANCE SHEETS",
        checks=[
            ("Total current assets", "+Cash", "+Accounts receivable, net", "+Inventories"),
            (
                "Total assets",
                "+Total current assets",
                "+Property and equipment, at cost",
                "+Less: accumulated depreciation",
            ),
            ("Total current liabilities", "+Accounts payable", "+Line of credit", "+Accrued liabilities"),
            ("Total liabilities", "+Total current liabilities", "+Long-term debt"),
            ("Total liabilities and shareholders' equity", "+Total liabilities", "+Shareholders' equity"),
        ],
    )
)
Q(
    s,
    "difference",
    ["Property and equipment, at cost|j18", "Less: accumulated depreciation|j18"],
    "What was Pinecrest's net property and equipment at the end of fiscal 2018?",
    "Net property and equipment was {R} at June 30, 2018 ({a} at cost less {b} of accumulated depreciation).",
    "operation",
    absvals=True,
)
Q(
    s,
    "ratio",
    ["Total current assets|j17", "Total current liabilities|j17"],
    "What was Pinecrest's current ratio at June 30, 2017?",
    "The current ratio was {R} at June 30, 2017.",
    "operand",
    alt=["Total current assets|j18", "Total current liabilities|j18"],
)
Q(
    s,
    "percentage",
    ["Less: accumulated depreciation|j18", "Property and equipment, at cost|j18"],
    "How depreciated was Pinecrest's property and equipment at the end of fiscal 2018?",
    "Accumulated depreciation amounted to {R} of the cost of property and equipment at June 30, 2018.",
    "scale",
    absvals=True,
    scale=D("0.1"),
)
Q(
    s,
    "average",
    ["Inventories|j18", "Inventories|j17"],
    "What was Pinecrest's average inventory during fiscal 2018?",
    "Average inventory for fiscal 2018 was {R} ({b} at the start of the year and {a} at the end).",
    "slip",
)
Q(
    s,
    "conversion",
    ["Total assets|j18"],
    "What were Pinecrest's total assets at June 30, 2018, in millions?",
    "Total assets were {R} at June 30, 2018.",
    "scale",
    scale=D(1000),
)
Q(
    s,
    "sum",
    ["Line of credit|j18", "Long-term debt|j18"],
    "How much did Pinecrest owe on its borrowings at June 30, 2018?",
    "Borrowings totalled {R} at June 30, 2018: {a} under the line of credit and {b} of long-term debt.",
    "slip",
)

# S09 HTML statement of operations, 3M and 9M, in thousands
s = add(
    Statement(
        "acme_ops_q3_2024",
        "train",
        "html",
        "income_statement",
        [
            C("q24", "2024", "Three Months Ended September 30, 2024", "the third quarter of 2024"),
            C("q23", "2023", "Three Months Ended September 30, 2023", "the third quarter of 2023"),
            C("n24", "2024", "Nine Months Ended September 30, 2024", "the first nine months of 2024"),
            C("n23", "2023", "Nine Months Ended September 30, 2023", "the first nine months of 2023"),
        ],
        [
            R("Net revenue", "612,480", "598,112", "1,802,337", "1,655,904", d=True),
            R("Cost of revenue", "301,225", "310,040", "902,118", "861,770"),
            R("Gross profit", "311,255", "288,072", "900,219", "794,134", b=True),
            R("Operating expenses:"),
            R("Research and development", "142,300", "131,950", "421,880", "390,415"),
            R("Selling, general and administrative", "88,410", "84,022", "262,509", "250,311"),
            R("Restructuring", "—", "12,400", "3,150", "12,400"),
            R("Operating income", "80,545", "59,700", "212,680", "141,008", b=True),
            R("Other income (expense), net", "(4,210)", "1,875", "(9,940)", "3,302"),
            R("Income before income taxes", "76,335", "61,575", "202,740", "144,310"),
            R("Provision for income taxes", "11,450", "9,236", "30,411", "21,647"),
            R("Net income", "64,885", "52,339", "172,329", "122,663", d=True, b=True),
            R("Net income per share:"),
            R("Basic", "0.98", "0.80", "2.61", "1.88", d=True, k="e"),
            R("Diluted", "0.96", "0.78", "2.57", "1.85", d=True, k="e"),
            R("Weighted-average shares, diluted", "67,590", "67,101", "67,054", "66,304", k="s"),
        ],
        unit="thousands",
        title="<p><b>ACME SEMICONDUCTOR CORPORATION</b><br>CONDENSED CONSOLIDATED STATEMENTS OF OPERATIONS<br>"
        "(In thousands, except per share amounts)<br>(Unaudited)</p>",
        groups=[("Three Months Ended September 30,", 2), ("Nine Months Ended September 30,", 2)],
        checks=[
            ("Gross profit", "+Net revenue", "-Cost of revenue"),
            (
                "Operating income",
                "+Gross profit",
                "-Research and development",
                "-Selling, general and administrative",
                "-Restructuring",
            ),
            ("Income before income taxes", "+Operating income", "+Other income (expense), net"),
            ("Net income", "+Income before income taxes", "-Provision for income taxes"),
        ],
    )
)
Q(
    s,
    "percentage",
    ["Research and development|q24", "Net revenue|q24"],
    "What was Acme's R&D spending as a percentage of revenue in the third quarter of 2024?",
    "Research and development spending was {R} of net revenue in the third quarter of 2024.",
    "scale",
    scale=D("0.1"),
)
Q(
    s,
    "growth",
    ["Net income|n24", "Net income|n23"],
    "How much did Acme's net income grow in the first nine months of 2024?",
    "Net income for the first nine months of 2024 {R} year over year, to {a} from {b}.",
    "sign",
    dirs=("rose", "fell"),
)
Q(
    s,
    "pp_change",
    ["Gross profit|q24", "Net revenue|q24", "Gross profit|q23", "Net revenue|q23"],
    "How did Acme's gross margin change in the third quarter of 2024?",
    "Gross margin {R} in the third quarter of 2024.",
    "operation",
    dirs=("expanded by", "contracted by"),
)
Q(
    s,
    "conversion",
    ["Gross profit|n24"],
    "What was Acme's gross profit for the first nine months of 2024, in millions?",
    "Gross profit for the first nine months of 2024 was {R}.",
    "operand",
    alt=["Gross profit|n23"],
)
Q(
    s,
    "sum",
    ["Research and development|n24", "Selling, general and administrative|n24"],
    "How much did Acme spend on R&D and SG&A combined in the first nine months of 2024?",
    "Research and development and SG&A expenses together came to {R} in the first nine months of 2024 ({a} and {b}).",
    "slip",
)
Q(
    s,
    "difference",
    ["Other income (expense), net|q24", "Other income (expense), net|q23"],
    "How did other income (expense), net change in the third quarter of 2024?",
    "Other income (expense), net {R} year over year in the third quarter of 2024, from income of {b} to expense of {a}.",
    "sign",
    dirs=("improved by", "deteriorated by"),
)

# S10 HTML balance sheet, in millions
s = add(
    Statement(
        "haven_balance_q3_2024",
        "train",
        "html",
        "balance_sheet",
        [
            C("s24", "September 30, 2024", "September 30, 2024", "September 30, 2024"),
            C("d23", "December 31, 2023", "December 31, 2023", "December 31, 2023"),
        ],
        [
            R("ASSETS", b=True),
            R("Cash and cash equivalents", "3,412", "2,980", d=True),
            R("Marketable securities", "1,150", "1,408"),
            R("Accounts receivable, net", "1,034", "987"),
            R("Inventories", "1,622", "1,701"),
            R("Total current assets", "7,218", "7,076", b=True),
            R("Property and equipment, net", "2,145", "2,050"),
            R("Goodwill and intangible assets, net", "5,132", "4,706"),
            R("Operating lease right-of-use assets", "410", "388"),
            R("Total assets", "14,905", "14,220", d=True, b=True),
            R("LIABILITIES AND STOCKHOLDERS&#8217; EQUITY", b=True),
            R("Current portion of long-term debt", "—", "500", d=True),
            R("Accounts payable", "901", "1,044"),
            R("Accrued liabilities", "1,185", "1,265"),
            R("Total current liabilities", "2,086", "2,809", b=True),
            R("Long-term debt", "3,980", "3,975"),
            R("Other long-term liabilities", "1,536", "1,127"),
            R("Total liabilities", "7,602", "7,911", b=True),
            R("Total stockholders&#8217; equity", "7,303", "6,309", b=True, key="Total stockholders' equity"),
            R(
                "Total liabilities and stockholders&#8217; equity",
                "14,905",
                "14,220",
                d=True,
                b=True,
                key="Total liabilities and stockholders' equity",
            ),
        ],
        title="<p><b>HAVEN MEDICAL SYSTEMS, INC.<br>CONDENSED CONSOLIDATED BALANCE SHEETS</b><br>(In millions)<br>(Unaudited)</p>",
        checks=[
            (
                "Total current assets",
                "+Cash and cash equivalents",
                "+Marketable securities",
                "+Accounts receivable, net",
                "+Inventories",
            ),
            (
                "Total assets",
                "+Total current assets",
                "+Property and equipment, net",
                "+Goodwill and intangible assets, net",
                "+Operating lease right-of-use assets",
            ),
            (
                "Total current liabilities",
                "+Current portion of long-term debt",
                "+Accounts payable",
                "+Accrued liabilities",
            ),
            ("Total liabilities", "+Total current liabilities", "+Long-term debt", "+Other long-term liabilities"),
            ("Total liabilities and stockholders' equity", "+Total liabilities", "+Total stockholders' equity"),
        ],
    )
)
Q(
    s,
    "sum",
    ["Cash and cash equivalents|s24", "Marketable securities|s24"],
    "How much cash and marketable securities did Haven hold at September 30, 2024?",
    "Cash, cash equivalents and marketable securities totalled {R} at September 30, 2024 ({a} of cash and cash equivalents and {b} of marketable securities).",
    "operand",
    alt=["Cash and cash equivalents|d23", "Marketable securities|d23"],
)
Q(
    s,
    "ratio",
    ["Total current assets|s24", "Total current liabilities|s24"],
    "What was Haven's current ratio at September 30, 2024?",
    "Haven's current ratio was {R} at September 30, 2024.",
    "slip",
)
Q(
    s,
    "difference",
    ["Long-term debt|s24", "Cash and cash equivalents|s24"],
    "What was Haven's net debt at September 30, 2024?",
    "Net debt (long-term debt less cash and cash equivalents) was {R} at September 30, 2024.",
    "scale",
    scale=D(10),
)
Q(
    s,
    "percentage",
    ["Total stockholders' equity|s24", "Total assets|s24"],
    "What share of Haven's assets was funded by equity at September 30, 2024?",
    "Stockholders' equity funded {R} of total assets at September 30, 2024 ({a} of equity against {b} of assets).",
    "operation",
)
Q(
    s,
    "ratio",
    ["Long-term debt|s24", "Total stockholders' equity|s24"],
    "What was Haven's long-term debt-to-equity ratio at September 30, 2024?",
    "Long-term debt was {R} times stockholders' equity at September 30, 2024.",
    "operation",
)
Q(
    s,
    "average",
    ["Inventories|s24", "Inventories|d23"],
    "What was the average of Haven's inventory balances at December 31, 2023 and September 30, 2024?",
    "Inventories averaged {R} across the two balance sheet dates ({b} and {a}).",
    "slip",
)

# S11 HTML cash-flow statement, three years, in millions
s = add(
    Statement(
        "zephyr_cashflow_2022_2024",
        "train",
        "html",
        "cash_flow",
        [
            C("y24", "2024", "Year Ended December 31, 2024", "2024"),
            C("y23", "2023", "Year Ended December 31, 2023", "2023"),
            C("y22", "2022", "Year Ended December 31, 2022", "2022"),
        ],
        [
            R("Cash flows from operating activities:", b=True),
            R("Net income", "1,204", "988", "1,410", d=True),
            R("Depreciation and amortization", "512", "470", "431"),
            R("Changes in working capital", "299", "182", "61"),
            R("Net cash provided by operating activities", "2,015", "1,640", "1,902", b=True),
            R("Cash flows from investing activities:", b=True),
            R("Capital expenditures", "(845)", "(1,120)", "(760)"),
            R("Acquisitions, net of cash acquired", "(1,430)", "—", "(215)"),
            R("Other investing activities, net", "(15)", "70", "(35)"),
            R("Net cash used in investing activities", "(2,290)", "(1,050)", "(1,010)", b=True),
            R("Cash flows from financing activities:", b=True),
            R("Proceeds from issuance of long-term debt", "1,500", "—", "—"),
            R("Repurchases of common stock", "(600)", "(350)", "(1,200)"),
            R("Dividends paid", "(212)", "(198)", "(185)"),
            R("Other financing activities, net", "(378)", "(92)", "—"),
            R("Net cash provided by (used in) financing activities", "310", "(640)", "(1,385)", b=True),
            R("Net increase (decrease) in cash and cash equivalents", "35", "(50)", "(493)", d=True, b=True),
        ],
        title="<p><b>ZEPHYR INDUSTRIES, INC.</b></p>\n<p><b>CONSOLIDATED STATEMENTS OF CASH FLOWS</b></p>\n<p>(In millions)</p>",
        groups=[("Year Ended December 31,", 3)],
        checks=[
            (
                "Net cash provided by operating activities",
                "+Net income",
                "+Depreciation and amortization",
                "+Changes in working capital",
            ),
            (
                "Net cash used in investing activities",
                "+Capital expenditures",
                "+Acquisitions, net of cash acquired",
                "+Other investing activities, net",
            ),
            (
                "Net cash provided by (used in) financing activities",
                "+Proceeds from issuance of long-term debt",
                "+Repurchases of common stock",
                "+Dividends paid",
                "+Other financing activities, net",
            ),
            (
                "Net increase (decrease) in cash and cash equivalents",
                "+Net cash provided by operating activities",
                "+Net cash used in investing activities",
                "+Net cash provided by (used in) financing activities",
            ),
        ],
    )
)
Q(
    s,
    "average",
    ["Capital expenditures|y24", "Capital expenditures|y23", "Capital expenditures|y22"],
    "What were Zephyr's average annual capital expenditures from 2022 through 2024?",
    "Capital expenditures averaged {R} a year over 2022 to 2024 ({c}, {b} and {a}).",
    "slip",
    absvals=True,
)
Q(
    s,
    "sum",
    ["Repurchases of common stock|y24", "Dividends paid|y24"],
    "How much cash did Zephyr return to shareholders in 2024?",
    "Zephyr returned {R} to shareholders in 2024, {a} through share repurchases and {b} in dividends.",
    "operand",
    absvals=True,
    alt=["Repurchases of common stock|y22", "Dividends paid|y24"],
)
Q(
    s,
    "difference",
    ["Net cash provided by operating activities|y23", "Capital expenditures|y23"],
    "What was Zephyr's free cash flow in 2023?",
    "Free cash flow in 2023 was {R}.",
    "operand",
    absvals=True,
    alt=["Net cash provided by operating activities|y23", "Capital expenditures|y24"],
)
Q(
    s,
    "ratio",
    ["Capital expenditures|y24", "Depreciation and amortization|y24"],
    "How did Zephyr's capital expenditures compare with depreciation and amortization in 2024?",
    "Capital expenditures were {R} times depreciation and amortization in 2024.",
    "slip",
    absvals=True,
)
Q(
    s,
    "growth",
    ["Net cash provided by operating activities|y24", "Net cash provided by operating activities|y23"],
    "By how much did Zephyr's operating cash flow change in 2024, in percent?",
    "Operating cash flow {R} in 2024, to {a} from {b}.",
    "sign",
    dirs=("increased", "decreased"),
)
Q(
    s,
    "sum",
    [
        "Acquisitions, net of cash acquired|y24",
        "Acquisitions, net of cash acquired|y23",
        "Acquisitions, net of cash acquired|y22",
    ],
    "How much did Zephyr spend on acquisitions over the three years?",
    "Acquisition spending from 2022 through 2024 totalled {R}.",
    "scale",
    absvals=True,
    scale=D("0.1"),
)

# S12 HTML segment note, duplicated segment names under two sections, in millions
s = add(
    Statement(
        "vertex_segments_2024",
        "train",
        "html",
        "segment_table",
        [
            C("y24", "2024", "Year Ended December 31, 2024", "2024"),
            C("y23", "2023", "Year Ended December 31, 2023", "2023"),
            C("chg", "% Change", "% Change"),
        ],
        [
            R("Revenue:", b=True),
            R("Payments", "6,204", "5,410", "15 %", d=True, key="Revenue: Payments"),
            R("Lending", "2,118", "2,305", "(8)%", key="Revenue: Lending"),
            R("Software", "1,377", "1,102", "25 %", key="Revenue: Software"),
            R("Total revenue", "9,699", "8,817", "10 %", d=True, b=True),
            R("Operating income (loss):", b=True),
            R("Payments", "1,488", "1,190", "25 %", d=True, key="Operating income (loss): Payments"),
            R("Lending", "(212)", "140", "n/m", key="Operating income (loss): Lending"),
            R("Software", "405", "298", "36 %", key="Operating income (loss): Software"),
            R("Corporate", "(380)", "(355)", "(7)%", key="Operating income (loss): Corporate"),
            R("Total operating income", "1,301", "1,273", "2 %", d=True, b=True),
        ],
        title="<p>The following table presents revenue and operating income (loss) by reportable segment (dollars in millions):</p>",
        groups=[("Year Ended December 31,", 2), ("", 1)],
        checks=[
            ("Total revenue", "+Revenue: Payments", "+Revenue: Lending", "+Revenue: Software"),
            (
                "Total operating income",
                "+Operating income (loss): Payments",
                "+Operating income (loss): Lending",
                "+Operating income (loss): Software",
                "+Operating income (loss): Corporate",
            ),
        ],
    )
)
Q(
    s,
    "percentage",
    ["Operating income (loss): Payments|y24", "Revenue: Payments|y24"],
    "What was the Payments segment's operating margin in 2024?",
    "The Payments segment's operating margin was {R} in 2024 ({a} of operating income on {b} of revenue).",
    "operand",
    alt=["Operating income (loss): Payments|y23", "Revenue: Payments|y23"],
)
Q(
    s,
    "growth",
    ["Revenue: Software|y24", "Revenue: Software|y23"],
    "How fast did Software revenue grow in 2024?",
    "Software revenue {R} in 2024.",
    "operation",
    dirs=("grew", "declined"),
)
Q(
    s,
    "difference",
    ["Operating income (loss): Lending|y24", "Operating income (loss): Lending|y23"],
    "How much did the Lending segment's operating result change in 2024?",
    "Lending's operating result {R} in 2024, from income of {b} to a loss of {a}.",
    "operation",
    dirs=("improved by", "declined by"),
)
Q(
    s,
    "pp_change",
    ["Revenue: Lending|y24", "Total revenue|y24", "Revenue: Lending|y23", "Total revenue|y23"],
    "How did Lending's share of total revenue change in 2024?",
    "Lending's share of total revenue {R} in 2024, to {ma} from {mb}.",
    "sign",
    dirs=("rose by", "fell by"),
)
Q(
    s,
    "sum",
    [
        "Operating income (loss): Payments|y24",
        "Operating income (loss): Lending|y24",
        "Operating income (loss): Software|y24",
    ],
    "What was the combined operating income of the three reportable segments in 2024, before corporate costs?",
    "Operating income of the three reportable segments, before corporate costs, totalled {R} in 2024.",
    "operand",
    alt=[
        "Operating income (loss): Payments|y24",
        "Operating income (loss): Lending|y24",
        "Operating income (loss): Software|y24",
        "Operating income (loss): Corporate|y24",
    ],
)
Q(
    s,
    "pp_change",
    ["Total operating income|y24", "Total revenue|y24", "Total operating income|y23", "Total revenue|y23"],
    "How did the company's total operating margin change in 2024?",
    "The total operating margin {R} in 2024, to {ma} from {mb}.",
    "sign",
    dirs=("rose by", "fell by"),
)

# S13 prose MD&A, retailer, in millions
s = add(
    Statement(
        "ridgeline_mdna_fy2024",
        "train",
        "prose",
        "mdna_prose",
        [C("f24", "fiscal 2024", "fiscal 2024", "fiscal 2024"), C("f23", "fiscal 2023", "fiscal 2023", "fiscal 2023")],
        [
            R("Net sales", "2,486.3", "2,291.7"),
            R("Stores", "412", "394", k="c"),
            R("Gross profit", "893.1", "811.2"),
            R("Selling, general and administrative expenses", "641.8", "598.4"),
            R("Operating income", "251.3", "212.8"),
            R("Net income", "181.4", "152.9"),
            R("Diluted weighted-average shares", "52.6", "53.8", k="s"),
        ],
        checks=[("Operating income", "+Gross profit", "-Selling, general and administrative expenses")],
        text="""RIDGELINE OUTFITTERS, INC.
Management's Discussion and Analysis of Financial Condition and Results of Operations (excerpt)

Results of Operations — Fiscal 2024 Compared with Fiscal 2023

Net sales increased to {Net sales|f24} in fiscal 2024 from {Net sales|f23} in fiscal 2023, reflecting 18 net new stores and a 3.4% increase in comparable store sales. We ended fiscal 2024 with {Stores|f24} stores in operation, compared with {Stores|f23} at the end of fiscal 2023.

Gross profit was {Gross profit|f24} in fiscal 2024, compared with {Gross profit|f23} in fiscal 2023, as lower inbound freight costs more than offset higher markdowns in outerwear. Selling, general and administrative expenses were {Selling, general and administrative expenses|f24}, compared with {Selling, general and administrative expenses|f23}, driven by store payroll and pre-opening costs for new stores. Operating income was {Operating income|f24}, compared with {Operating income|f23} in the prior year.

Net income was {Net income|f24}, compared with {Net income|f23} in fiscal 2023. Diluted weighted-average shares outstanding were {Diluted weighted-average shares|f24} in fiscal 2024 and {Diluted weighted-average shares|f23} in fiscal 2023, reflecting repurchases under our share repurchase program.""",
    )
)
Q(
    s,
    "growth",
    ["Net sales|f24", "Net sales|f23"],
    "How much did Ridgeline's net sales grow in fiscal 2024?",
    "Net sales {R} in fiscal 2024.",
    "operation",
    dirs=("grew", "declined"),
)
Q(
    s,
    "per_share",
    ["Net sales|f24", "Stores|f24"],
    "What were Ridgeline's net sales per store in fiscal 2024, based on the year-end store count?",
    "Net sales per store, based on the {b} stores open at year end, were about {R} in fiscal 2024.",
    "operand",
    fmt="money",
    alt=["Net sales|f24", "Stores|f23"],
)
Q(
    s,
    "percentage",
    ["Gross profit|f24", "Net sales|f24"],
    "What was Ridgeline's gross margin in fiscal 2024?",
    "Gross margin was {R} in fiscal 2024 ({a} of gross profit on {b} of net sales).",
    "slip",
)
Q(
    s,
    "per_share",
    ["Net income|f24", "Diluted weighted-average shares|f24"],
    "What were Ridgeline's diluted earnings per share in fiscal 2024?",
    "Diluted earnings per share were {R} in fiscal 2024.",
    "slip",
)
Q(
    s,
    "pp_change",
    [
        "Selling, general and administrative expenses|f24",
        "Net sales|f24",
        "Selling, general and administrative expenses|f23",
        "Net sales|f23",
    ],
    "How did SG&A as a percentage of net sales change in fiscal 2024?",
    "SG&A expenses as a percentage of net sales {R}, to {ma} in fiscal 2024 from {mb} in fiscal 2023.",
    "sign",
    dirs=("rose by", "fell by"),
)
Q(
    s,
    "difference",
    ["Operating income|f24", "Operating income|f23"],
    "By how much did Ridgeline's operating income increase in fiscal 2024?",
    "Operating income {R} in fiscal 2024, to {a}.",
    "scale",
    dirs=("rose by", "fell by"),
    scale=D(10),
)

# S14 prose MD&A, oil and gas producer, in millions; volumes in MBbls / MMcf
s = add(
    Statement(
        "blackmesa_mdna_2024",
        "train",
        "prose",
        "mdna_prose",
        [C("y24", "2024", "2024", "2024"), C("y23", "2023", "2023", "2023")],
        [
            R("Oil revenue", "842.6", "915.3"),
            R("Oil production", "11,240", "11,605", k="u", scale=D(1000), prose="MBbls"),
            R("Natural gas revenue", "118.4", "201.7"),
            R("Natural gas production", "52,310", "49,880", k="u", scale=D(1000), prose="MMcf"),
            R("Lease operating expenses", "156.9", "149.2"),
        ],
        text="""BLACK MESA ENERGY CORP.
Results of Operations — Year Ended December 31, 2024 Compared with 2023

Oil revenue decreased to {Oil revenue|y24} in 2024 from {Oil revenue|y23} in 2023, reflecting lower realized prices and a modest decline in volumes. Oil production was {Oil production|y24} in 2024, compared with {Oil production|y23} in 2023, as natural declines in our Delaware Basin wells outpaced new wells brought online late in the year.

Natural gas revenue was {Natural gas revenue|y24} in 2024, compared with {Natural gas revenue|y23} in 2023, on production of {Natural gas production|y24} and {Natural gas production|y23}, respectively; regional gas prices remained weak through most of the year. Lease operating expenses rose to {Lease operating expenses|y24} from {Lease operating expenses|y23}, primarily due to higher workover activity.

(MBbls: thousand barrels. MMcf: million cubic feet.)""",
    )
)
Q(
    s,
    "per_share",
    ["Oil revenue|y24", "Oil production|y24"],
    "What was Black Mesa's average realized oil price in 2024?",
    "The average realized oil price was {R} per barrel in 2024 ({a} of oil revenue on {b} barrels of production).",
    "operand",
    alt=["Oil revenue|y24", "Oil production|y23"],
)
Q(
    s,
    "per_share",
    ["Natural gas revenue|y23", "Natural gas production|y23"],
    "What was Black Mesa's average realized natural gas price in 2023, per Mcf?",
    "Black Mesa realized an average of {R} per Mcf of natural gas in 2023.",
    "scale",
    scale=D(10),
)
Q(
    s,
    "growth",
    ["Natural gas revenue|y24", "Natural gas revenue|y23"],
    "How did Black Mesa's natural gas revenue change in 2024, in percent?",
    "Natural gas revenue {R} in 2024.",
    "sign",
    dirs=("rose", "declined"),
)
Q(
    s,
    "sum",
    ["Oil revenue|y24", "Natural gas revenue|y24"],
    "What was Black Mesa's combined oil and natural gas revenue in 2024?",
    "Oil and natural gas revenue totalled {R} in 2024 ({a} from oil and {b} from natural gas).",
    "slip",
)
Q(
    s,
    "difference",
    ["Oil revenue|y24", "Oil revenue|y23"],
    "By how much did oil revenue change in 2024?",
    "Oil revenue {R} in 2024.",
    "sign",
    dirs=("rose by", "fell by"),
)
Q(
    s,
    "average",
    ["Oil production|y24", "Oil production|y23"],
    "What was Black Mesa's average annual oil production over 2023 and 2024?",
    "Oil production averaged {R} barrels a year over 2023 and 2024.",
    "operation",
    fmt="qty1",
)

# S15 prose, SaaS quarter, in millions
s = add(
    Statement(
        "northwind_mdna_q2fy2025",
        "train",
        "prose",
        "mdna_prose",
        [
            C("q25", "Q2 FY2025", "Three Months Ended July 31, 2024", "the second quarter of fiscal 2025"),
            C("q24", "Q2 FY2024", "Three Months Ended July 31, 2023", "the second quarter of fiscal 2024"),
        ],
        [
            R("Total revenue", "208.1", "177.2"),
            R("Subscription revenue", "186.4", "152.9"),
            R("Professional services revenue", "21.7", "24.3"),
            R("Customers", "4,812", "4,105", k="c"),
            R("Customers with ARR above $100,000", "612", "498", k="c"),
            R("Net loss", "(12.6)", "(27.9)"),
            R("Weighted-average shares outstanding", "141.3", "135.8", k="s"),
            R("Non-GAAP operating income", "18.9", "3.2"),
        ],
        checks=[("Total revenue", "+Subscription revenue", "+Professional services revenue")],
        text="""NORTHWIND CLOUD, INC.
Second Quarter Fiscal 2025 Overview (three months ended July 31, 2024)

Total revenue for the second quarter of fiscal 2025 was {Total revenue|q25}, compared with {Total revenue|q24} in the second quarter of fiscal 2024. Subscription revenue was {Subscription revenue|q25}, up from {Subscription revenue|q24}, while professional services revenue declined to {Professional services revenue|q25} from {Professional services revenue|q24} as we shifted implementation work to partners.

We ended the quarter with {Customers|q25} customers, compared with {Customers|q24} a year earlier, including {Customers with ARR above $100,000|q25} customers with annual recurring revenue (ARR) above $100,000, up from {Customers with ARR above $100,000|q24}.

Net loss was {Net loss|q25}, compared with a net loss of {Net loss|q24} in the prior-year quarter, on {Weighted-average shares outstanding|q25} weighted-average shares outstanding ({Weighted-average shares outstanding|q24} a year earlier). Non-GAAP operating income was {Non-GAAP operating income|q25}, compared with {Non-GAAP operating income|q24}.""",
    )
)
Q(
    s,
    "percentage",
    ["Subscription revenue|q25", "Total revenue|q25"],
    "What share of Northwind's revenue came from subscriptions in the second quarter of fiscal 2025?",
    "Subscription revenue made up {R} of total revenue in the second quarter of fiscal 2025.",
    "scale",
    scale=D("0.1"),
)
Q(
    s,
    "growth",
    ["Subscription revenue|q25", "Subscription revenue|q24"],
    "How fast did Northwind's subscription revenue grow year over year?",
    "Subscription revenue {R} year over year in the second quarter of fiscal 2025, to {a} from {b}.",
    "operation",
    dirs=("grew", "declined"),
)
Q(
    s,
    "per_share",
    ["Net loss|q25", "Weighted-average shares outstanding|q25"],
    "What was Northwind's net loss per share in the second quarter of fiscal 2025?",
    "The net loss per share for the quarter was {R}.",
    "scale",
    scale=D(10),
)
Q(
    s,
    "per_share",
    ["Total revenue|q25", "Customers|q25"],
    "What was the average revenue per customer in the second quarter of fiscal 2025?",
    "Quarterly revenue per customer averaged about {R} in the second quarter of fiscal 2025 ({a} of revenue across {b} customers).",
    "slip",
    fmt="money",
)
Q(
    s,
    "difference",
    ["Net loss|q25", "Net loss|q24"],
    "How much did Northwind's net loss change from the prior-year quarter?",
    "The net loss {R} from the second quarter of fiscal 2024.",
    "sign",
    dirs=("narrowed by", "widened by"),
)
Q(
    s,
    "growth",
    ["Customers with ARR above $100,000|q25", "Customers with ARR above $100,000|q24"],
    "How fast did the number of customers with ARR above $100,000 grow?",
    "The number of customers with ARR above $100,000 {R} year over year.",
    "sign",
    dirs=("grew", "declined"),
)

# S16 prose, industrial, quarterly sales and liquidity, in millions
s = add(
    Statement(
        "keystone_mdna_2024",
        "train",
        "prose",
        "mdna_prose",
        [
            C("q1", "Q1 2024", "Q1 2024", "the first quarter of 2024"),
            C("q2", "Q2 2024", "Q2 2024", "the second quarter of 2024"),
            C("q3", "Q3 2024", "Q3 2024", "the third quarter of 2024"),
            C("q4", "Q4 2024", "Q4 2024", "the fourth quarter of 2024"),
            C("y24", "2024", "Year 2024 / December 31, 2024", "2024"),
            C("y23", "2023", "Year 2023 / December 31, 2023", "2023"),
        ],
        [
            R("Net sales", "412.8", "437.5", "451.2", "468.9", "", ""),
            R("Adjusted EBITDA", "", "", "", "", "265.3", ""),
            R("Cash provided by operating activities", "", "", "", "", "214.6", "188.3"),
            R("Capital expenditures", "", "", "", "", "72.4", "81.9"),
            R("Cash and cash equivalents", "", "", "", "", "96.5", ""),
            R("Total debt", "", "", "", "", "410.0", "455.0"),
        ],
        text="""KEYSTONE INDUSTRIAL CORP.
Fourth Quarter and Full-Year 2024 — Management Commentary

Net sales were {Net sales|q1} in the first quarter of 2024, {Net sales|q2} in the second quarter, {Net sales|q3} in the third quarter and {Net sales|q4} in the fourth quarter, as pricing actions and a recovery in aerospace orders lifted volumes through the year. Adjusted EBITDA for the full year was {Adjusted EBITDA|y24}.

Liquidity and Capital Resources. Cash provided by operating activities was {Cash provided by operating activities|y24} in 2024, compared with {Cash provided by operating activities|y23} in 2023. Capital expenditures were {Capital expenditures|y24} in 2024 and {Capital expenditures|y23} in 2023, as the Wichita plant expansion was completed in the first half of the year. At December 31, 2024, we had cash and cash equivalents of {Cash and cash equivalents|y24} and total debt of {Total debt|y24}, compared with total debt of {Total debt|y23} at December 31, 2023, reflecting voluntary prepayments on our term loan.""",
    )
)
Q(
    s,
    "sum",
    ["Net sales|q1", "Net sales|q2", "Net sales|q3", "Net sales|q4"],
    "What were Keystone's net sales for the full year 2024?",
    "Net sales for full-year 2024 were {R}, the sum of the four quarters ({a}, {b}, {c} and {d}).",
    "operand",
    alt=["Net sales|q1", "Net sales|q2", "Net sales|q3"],
)
Q(
    s,
    "average",
    ["Net sales|q3", "Net sales|q4"],
    "What were Keystone's average quarterly net sales in the second half of 2024?",
    "Net sales averaged {R} a quarter in the second half of 2024.",
    "slip",
)
Q(
    s,
    "difference",
    ["Cash provided by operating activities|y24", "Capital expenditures|y24"],
    "What was Keystone's free cash flow in 2024?",
    "Free cash flow was {R} in 2024 ({a} of operating cash flow less {b} of capital expenditures).",
    "operand",
    alt=["Cash provided by operating activities|y24", "Capital expenditures|y23"],
)
Q(
    s,
    "ratio",
    ["Total debt|y24", "Adjusted EBITDA|y24"],
    "What was Keystone's leverage, total debt to adjusted EBITDA, at the end of 2024?",
    "Total debt stood at {R} times adjusted EBITDA at the end of 2024.",
    "operation",
)
Q(
    s,
    "difference",
    ["Total debt|y24", "Total debt|y23"],
    "How much did Keystone's total debt change during 2024?",
    "Total debt {R} during 2024, to {a} at December 31, 2024.",
    "scale",
    dirs=("rose by", "fell by"),
    scale=D(10),
)
Q(
    s,
    "growth",
    ["Cash provided by operating activities|y24", "Cash provided by operating activities|y23"],
    "How much did Keystone's operating cash flow grow in 2024?",
    "Cash provided by operating activities {R} in 2024.",
    "sign",
    dirs=("grew", "declined"),
)


# =============================================================================================
# DEV
# =============================================================================================

# S17 docling Markdown, statement of income, 3M and 6M, in thousands, no per-share row
s = add(
    Statement(
        "kestrel_income_q2_2024",
        "dev",
        "md",
        "income_statement",
        [
            C("q24", "2024", "Three Months Ended June 30, 2024", "the second quarter of 2024"),
            C("q23", "2023", "Three Months Ended June 30, 2023", "the second quarter of 2023"),
            C("h24", "2024", "Six Months Ended June 30, 2024", "the first half of 2024"),
            C("h23", "2023", "Six Months Ended June 30, 2023", "the first half of 2023"),
        ],
        [
            R("Net sales", "96,418", "88,207", "187,355", "171,940", d=True),
            R("Cost of sales", "61,905", "58,338", "121,017", "114,562"),
            R("Gross profit", "34,513", "29,869", "66,338", "57,378"),
            R("Selling, general and administrative", "22,760", "21,114", "44,902", "41,877"),
            R("Operating income", "11,753", "8,755", "21,436", "15,501"),
            R("Interest expense", "(1,245)", "(1,402)", "(2,530)", "(2,811)"),
            R("Income before income taxes", "10,508", "7,353", "18,906", "12,690"),
            R("Income tax expense", "2,417", "1,691", "4,348", "2,919"),
            R("Net income", "8,091", "5,662", "14,558", "9,771", d=True),
            R("Weighted-average shares outstanding, diluted", "18,240", "18,105", "18,215", "18,090", k="s"),
        ],
        unit="thousands",
        style="docling",
        title="KESTREL FOODS, INC.\nCONDENSED CONSOLIDATED STATEMENTS OF INCOME\n(In thousands)\n(Unaudited)",
        groups=[("Three Months Ended June 30,", 2), ("Six Months Ended June 30,", 2)],
        checks=[
            ("Gross profit", "+Net sales", "-Cost of sales"),
            ("Operating income", "+Gross profit", "-Selling, general and administrative"),
            ("Income before income taxes", "+Operating income", "+Interest expense"),
            ("Net income", "+Income before income taxes", "-Income tax expense"),
        ],
    )
)
Q(
    s,
    "percentage",
    ["Operating income|q24", "Net sales|q24"],
    "What was Kestrel's operating margin in the second quarter of 2024?",
    "Kestrel's operating margin for the second quarter of 2024 was {R} ({a} of operating income on {b} of net sales).",
    "slip",
)
Q(
    s,
    "growth",
    ["Net sales|h24", "Net sales|h23"],
    "How much did Kestrel's net sales grow in the first half of 2024?",
    "Net sales {R} year over year in the first half of 2024.",
    "sign",
    dirs=("grew", "declined"),
)
Q(
    s,
    "per_share",
    ["Net income|q24", "Weighted-average shares outstanding, diluted|q24"],
    "What were Kestrel's diluted earnings per share in the second quarter of 2024?",
    "Diluted earnings per share for the second quarter of 2024 were {R}.",
    "scale",
    scale=D(10),
)
Q(
    s,
    "pp_change",
    ["Gross profit|q24", "Net sales|q24", "Gross profit|q23", "Net sales|q23"],
    "How did Kestrel's gross margin change in the second quarter of 2024?",
    "Gross margin {R} in the second quarter of 2024, to {ma} from {mb}.",
    "operation",
    dirs=("expanded by", "contracted by"),
)
Q(
    s,
    "conversion",
    ["Net income|h24"],
    "What was Kestrel's net income for the first half of 2024, in millions?",
    "Net income for the first half of 2024 was {R}.",
    "scale",
    scale=D(1000),
)
Q(
    s,
    "difference",
    ["Selling, general and administrative|q24", "Selling, general and administrative|q23"],
    "How much did SG&A expense increase in the second quarter of 2024?",
    "Selling, general and administrative expense {R} in the second quarter of 2024, to {a} from {b}.",
    "sign",
    dirs=("rose by", "fell by"),
)

# S18 Markdown balance sheet, unit in the corner, in millions
s = add(
    Statement(
        "alder_balance_q3_2024",
        "dev",
        "md",
        "balance_sheet",
        [
            C("s24", "September 30, 2024", "September 30, 2024", "September 30, 2024"),
            C("d23", "December 31, 2023", "December 31, 2023", "December 31, 2023"),
        ],
        [
            R("ASSETS", b=True),
            R("Cash and cash equivalents", "1,204.6", "987.3", d=True),
            R("Short-term investments", "310.0", "—"),
            R("Accounts receivable, net", "842.1", "790.5"),
            R("Inventories", "655.8", "701.2"),
            R("Total current assets", "3,012.5", "2,479.0"),
            R("Property and equipment, net", "1,480.3", "1,402.9"),
            R("Goodwill", "2,115.0", "2,115.0"),
            R("Other assets", "510.6", "543.3"),
            R("Total assets", "7,118.4", "6,540.2", d=True),
            R("LIABILITIES AND STOCKHOLDERS' EQUITY", b=True),
            R("Accounts payable", "402.7", "455.9", d=True),
            R("Accrued expenses", "611.4", "585.0"),
            R("Current portion of long-term debt", "125.0", "125.0"),
            R("Total current liabilities", "1,139.1", "1,165.9"),
            R("Long-term debt, net of current portion", "1,745.0", "1,990.0"),
            R("Other long-term liabilities", "804.0", "546.5"),
            R("Total liabilities", "3,688.1", "3,702.4"),
            R("Accumulated deficit", "(512.6)", "(640.8)"),
            R("Total stockholders' equity", "3,430.3", "2,837.8"),
            R("Total liabilities and stockholders' equity", "7,118.4", "6,540.2", d=True),
        ],
        title="ALDER INSTRUMENTS, INC.\nCONDENSED CONSOLIDATED BALANCE SHEETS (UNAUDITED)",
        corner="(in millions)",
        checks=[
            (
                "Total current assets",
                "+Cash and cash equivalents",
                "+Short-term investments",
                "+Accounts receivable, net",
                "+Inventories",
            ),
            ("Total assets", "+Total current assets", "+Property and equipment, net", "+Goodwill", "+Other assets"),
            (
                "Total current liabilities",
                "+Accounts payable",
                "+Accrued expenses",
                "+Current portion of long-term debt",
            ),
            (
                "Total liabilities",
                "+Total current liabilities",
                "+Long-term debt, net of current portion",
                "+Other long-term liabilities",
            ),
            ("Total liabilities and stockholders' equity", "+Total liabilities", "+Total stockholders' equity"),
        ],
    )
)
Q(
    s,
    "ratio",
    ["Total current assets|s24", "Total current liabilities|s24"],
    "What was Alder's current ratio at September 30, 2024?",
    "The current ratio was {R} at September 30, 2024 ({a} of current assets against {b} of current liabilities).",
    "operand",
    alt=["Total current assets|d23", "Total current liabilities|d23"],
)
Q(
    s,
    "sum",
    ["Current portion of long-term debt|s24", "Long-term debt, net of current portion|s24"],
    "What was Alder's total debt at September 30, 2024?",
    "Total debt, including the current portion, was {R} at September 30, 2024.",
    "operand",
    alt=["Current portion of long-term debt|s24", "Long-term debt, net of current portion|d23"],
)
Q(
    s,
    "difference",
    ["Accumulated deficit|s24", "Accumulated deficit|d23"],
    "How did Alder's accumulated deficit change in the first nine months of 2024?",
    "The accumulated deficit {R} in the first nine months of 2024, to {a} from {b}.",
    "sign",
    dirs=("narrowed by", "widened by"),
)
Q(
    s,
    "average",
    ["Total stockholders' equity|s24", "Total stockholders' equity|d23"],
    "What was Alder's average stockholders' equity between December 31, 2023 and September 30, 2024?",
    "Average stockholders' equity was {R} ({b} at December 31, 2023 and {a} at September 30, 2024).",
    "operation",
)
Q(
    s,
    "percentage",
    ["Goodwill|s24", "Total assets|s24"],
    "What share of Alder's total assets was goodwill at September 30, 2024?",
    "Goodwill represented {R} of total assets at September 30, 2024.",
    "slip",
)
Q(
    s,
    "ratio",
    ["Total liabilities|s24", "Total stockholders' equity|s24"],
    "What was Alder's ratio of total liabilities to equity at September 30, 2024?",
    "Total liabilities were {R} times stockholders' equity at September 30, 2024.",
    "operation",
)

# S19 docling Markdown, cash-flow statement, two years, in thousands
s = add(
    Statement(
        "brightwater_cashflow_2024",
        "dev",
        "md",
        "cash_flow",
        [
            C("y24", "2024", "Year Ended December 31, 2024", "2024"),
            C("y23", "2023", "Year Ended December 31, 2023", "2023"),
        ],
        [
            R("Net income", "58,412", "51,907", d=True),
            R("Depreciation and amortization", "41,266", "38,950"),
            R("Deferred income taxes", "6,120", "5,448"),
            R("Changes in working capital", "(4,873)", "2,115"),
            R("Net cash provided by operating activities", "100,925", "98,420"),
            R("Capital expenditures", "(132,480)", "(118,305)"),
            R("Proceeds from sale of assets", "2,310", "940"),
            R("Net cash used in investing activities", "(130,170)", "(117,365)"),
            R("Proceeds from long-term debt", "75,000", "50,000"),
            R("Repayments of long-term debt", "(20,000)", "(15,000)"),
            R("Dividends paid", "(29,806)", "(28,412)"),
            R("Net cash provided by financing activities", "25,194", "6,588"),
            R("Net decrease in cash and cash equivalents", "(4,051)", "(12,357)"),
            R("Cash and cash equivalents at beginning of year", "21,733", "34,090"),
            R("Cash and cash equivalents at end of year", "17,682", "21,733", d=True),
        ],
        unit="thousands",
        style="docling",
        title="BRIGHTWATER UTILITIES CORPORATION\nCONSOLIDATED STATEMENTS OF CASH FLOWS\n(In thousands)",
        groups=[("Year Ended December 31,", 2)],
        checks=[
            (
                "Net cash provided by operating activities",
                "+Net income",
                "+Depreciation and amortization",
                "+Deferred income taxes",
                "+Changes in working capital",
            ),
            ("Net cash used in investing activities", "+Capital expenditures", "+Proceeds from sale of assets"),
            (
                "Net cash provided by financing activities",
                "+Proceeds from long-term debt",
                "+Repayments of long-term debt",
                "+Dividends paid",
            ),
            (
                "Net decrease in cash and cash equivalents",
                "+Net cash provided by operating activities",
                "+Net cash used in investing activities",
                "+Net cash provided by financing activities",
            ),
            (
                "Cash and cash equivalents at end of year",
                "+Cash and cash equivalents at beginning of year",
                "+Net decrease in cash and cash equivalents",
            ),
        ],
    )
)
Q(
    s,
    "difference",
    ["Net cash provided by operating activities|y24", "Capital expenditures|y24"],
    "What was Brightwater's free cash flow in 2024?",
    "Brightwater had negative free cash flow of {R} in 2024 ({a} of operating cash flow less {b} of capital expenditures).",
    "operation",
    absvals=True,
)
Q(
    s,
    "ratio",
    ["Capital expenditures|y24", "Depreciation and amortization|y24"],
    "How did Brightwater's capital expenditures compare with depreciation and amortization in 2024?",
    "Capital expenditures were {R} times depreciation and amortization in 2024.",
    "slip",
    absvals=True,
)
Q(
    s,
    "percentage",
    ["Dividends paid|y24", "Net income|y24"],
    "What share of net income did Brightwater pay out as dividends in 2024?",
    "Dividends paid amounted to {R} of net income in 2024.",
    "operand",
    absvals=True,
    alt=["Dividends paid|y23", "Net income|y24"],
)
Q(
    s,
    "sum",
    ["Dividends paid|y24", "Dividends paid|y23"],
    "How much did Brightwater pay in dividends over 2023 and 2024 combined?",
    "Dividends paid over 2023 and 2024 totalled {R} ({b} in 2023 and {a} in 2024).",
    "scale",
    absvals=True,
    scale=D(1000),
)
Q(
    s,
    "growth",
    ["Net income|y24", "Net income|y23"],
    "How much did Brightwater's net income grow in 2024?",
    "Net income {R} in 2024, to {a} from {b}.",
    "sign",
    dirs=("rose", "fell"),
)
Q(
    s,
    "conversion",
    ["Capital expenditures|y24"],
    "What were Brightwater's capital expenditures in 2024, in millions?",
    "Capital expenditures were {R} in 2024.",
    "operand",
    absvals=True,
    alt=["Capital expenditures|y23"],
)

# S20 Markdown release table, "$" in columns of its own, % Change column, in millions
s = add(
    Statement(
        "ferrum_highlights_q3_2024",
        "dev",
        "md",
        "highlights",
        [
            C("q24", "Q3 2024", "Q3 2024", "Q3 2024"),
            C("q23", "Q3 2023", "Q3 2023", "Q3 2023"),
            C("chg", "% Change", "% Change"),
        ],
        [
            R("Net sales", "2,841", "2,655", "7 %", d=True),
            R("Gross margin", "38.2 %", "36.9 %", "130 bps", k="p"),
            R("Operating income", "412", "365", "13 %"),
            R("Net earnings", "301", "268", "12 %"),
            R("Diluted EPS", "1.84", "1.61", "14 %", d=True, k="e"),
            R("Diluted shares (millions)", "163.6", "166.5", "", k="s", key="Diluted shares"),
            R("Free cash flow", "355", "(42)", "n/m"),
        ],
        title="**Ferrum Brands — Third Quarter 2024 Financial Highlights**",
        corner="(Dollars in millions, except per share amounts)",
        style="dollarcols",
    )
)
Q(
    s,
    "percentage",
    ["Operating income|q24", "Net sales|q24"],
    "What was Ferrum's operating margin in Q3 2024?",
    "Operating margin was {R} in Q3 2024.",
    "operand",
    alt=["Operating income|q23", "Net sales|q23"],
)
Q(
    s,
    "growth",
    ["Operating income|q24", "Operating income|q23"],
    "By how much did Ferrum's operating income grow in Q3 2024, to one decimal?",
    "Operating income {R} year over year in Q3 2024, to {a} from {b}.",
    "sign",
    dirs=("grew", "declined"),
)
Q(
    s,
    "pp_change",
    ["Gross margin|q24", "Gross margin|q23"],
    "How much did Ferrum's gross margin change in Q3 2024?",
    "Gross margin {R} to {a} in Q3 2024.",
    "operation",
    dirs=("expanded by", "contracted by"),
)
Q(
    s,
    "difference",
    ["Free cash flow|q24", "Free cash flow|q23"],
    "How much did free cash flow improve in Q3 2024 compared with Q3 2023?",
    "Free cash flow {R} year over year in Q3 2024, from an outflow of {b} to an inflow of {a}.",
    "operation",
    dirs=("improved by", "declined by"),
)
Q(
    s,
    "per_share",
    ["Free cash flow|q24", "Diluted shares|q24"],
    "What was Ferrum's free cash flow per diluted share in Q3 2024?",
    "Free cash flow per diluted share was {R} in Q3 2024 ({a} of free cash flow over {b} diluted shares).",
    "operand",
    alt=["Net earnings|q24", "Diluted shares|q24"],
)
Q(
    s,
    "conversion",
    ["Net sales|q24"],
    "What were Ferrum's net sales in Q3 2024, in billions?",
    "Ferrum's net sales were {R} in Q3 2024.",
    "scale",
    scale=D(10),
)

# S21 HTML statement of operations, three years, in millions
s = add(
    Statement(
        "solano_ops_2022_2024",
        "dev",
        "html",
        "income_statement",
        [
            C("y24", "2024", "Year Ended December 31, 2024", "2024"),
            C("y23", "2023", "Year Ended December 31, 2023", "2023"),
            C("y22", "2022", "Year Ended December 31, 2022", "2022"),
        ],
        [
            R("Revenue:", b=True),
            R("Product", "2,104.6", "1,938.2", "1,811.5", d=True),
            R("Subscription and services", "1,287.9", "1,104.3", "962.8"),
            R("Total revenue", "3,392.5", "3,042.5", "2,774.3", b=True),
            R("Cost of revenue", "1,478.3", "1,361.8", "1,262.9"),
            R("Gross profit", "1,914.2", "1,680.7", "1,511.4", b=True),
            R("Operating expenses:", b=True),
            R("Research and development", "612.4", "571.9", "530.6"),
            R("Sales and marketing", "688.1", "640.2", "602.7"),
            R("General and administrative", "201.5", "189.4", "176.2"),
            R("Operating income", "412.2", "279.2", "201.9", b=True),
            R("Other income (expense), net", "14.8", "(6.3)", "(11.7)"),
            R("Income before income taxes", "427.0", "272.9", "190.2"),
            R("Provision for income taxes", "89.7", "57.3", "38.0"),
            R("Net income", "337.3", "215.6", "152.2", d=True, b=True),
            R(
                "Weighted-average shares used in computing diluted net income per share",
                "118.4",
                "117.2",
                "116.5",
                k="s",
                key="Diluted weighted-average shares",
            ),
        ],
        title="<p><b>SOLANO NETWORKS, INC.</b><br>CONSOLIDATED STATEMENTS OF OPERATIONS<br>(In millions)</p>",
        groups=[("Year Ended December 31,", 3)],
        checks=[
            ("Total revenue", "+Product", "+Subscription and services"),
            ("Gross profit", "+Total revenue", "-Cost of revenue"),
            (
                "Operating income",
                "+Gross profit",
                "-Research and development",
                "-Sales and marketing",
                "-General and administrative",
            ),
            ("Income before income taxes", "+Operating income", "+Other income (expense), net"),
            ("Net income", "+Income before income taxes", "-Provision for income taxes"),
        ],
    )
)
Q(
    s,
    "average",
    ["Research and development|y24", "Research and development|y23", "Research and development|y22"],
    "What was Solano's average annual R&D expense from 2022 through 2024?",
    "Research and development expense averaged {R} a year from 2022 through 2024.",
    "operation",
)
Q(
    s,
    "percentage",
    ["Subscription and services|y24", "Total revenue|y24"],
    "What share of Solano's 2024 revenue came from subscription and services?",
    "Subscription and services made up {R} of total revenue in 2024 ({a} of {b}).",
    "operand",
    alt=["Subscription and services|y22", "Total revenue|y22"],
)
Q(
    s,
    "per_share",
    ["Net income|y24", "Diluted weighted-average shares|y24"],
    "What were Solano's diluted earnings per share in 2024?",
    "Diluted earnings per share were {R} in 2024 ({a} of net income over {b} diluted shares).",
    "slip",
)
Q(
    s,
    "growth",
    ["Subscription and services|y24", "Subscription and services|y23"],
    "How fast did subscription and services revenue grow in 2024?",
    "Subscription and services revenue {R} in 2024.",
    "scale",
    dirs=("grew", "declined"),
    scale=D("0.1"),
)
Q(
    s,
    "pp_change",
    ["Operating income|y24", "Total revenue|y24", "Operating income|y23", "Total revenue|y23"],
    "How did Solano's operating margin change in 2024?",
    "Operating margin {R} in 2024, to {ma} from {mb}.",
    "sign",
    dirs=("expanded by", "contracted by"),
)
Q(
    s,
    "sum",
    ["Research and development|y24", "Sales and marketing|y24", "General and administrative|y24"],
    "What were Solano's total operating expenses in 2024?",
    "Total operating expenses (research and development, sales and marketing, and general and administrative) were {R} in 2024.",
    "slip",
)

# S22 HTML segment table with a caption, duplicated segment names, in thousands
s = add(
    Statement(
        "tidewater_segments_fy2024",
        "dev",
        "html",
        "segment_table",
        [C("f24", "Fiscal 2024", "Fiscal 2024", "fiscal 2024"), C("f23", "Fiscal 2023", "Fiscal 2023", "fiscal 2023")],
        [
            R("Net revenue:", b=True),
            R("North America Wholesale", "412,605", "398,770", d=True, key="Net revenue: North America Wholesale"),
            R(
                "North America Direct-to-Consumer",
                "287,340",
                "251,118",
                key="Net revenue: North America Direct-to-Consumer",
            ),
            R("International", "164,892", "171,405", key="Net revenue: International"),
            R("Total net revenue", "864,837", "821,293", d=True, b=True),
            R("Operating income (loss):", b=True),
            R(
                "North America Wholesale",
                "61,890",
                "63,802",
                d=True,
                key="Operating income (loss): North America Wholesale",
            ),
            R(
                "North America Direct-to-Consumer",
                "48,848",
                "37,667",
                key="Operating income (loss): North America Direct-to-Consumer",
            ),
            R("International", "(3,412)", "8,570", key="Operating income (loss): International"),
            R(
                "Unallocated corporate expenses",
                "(41,205)",
                "(38,930)",
                key="Operating income (loss): Unallocated corporate expenses",
            ),
            R("Total operating income", "66,121", "71,109", d=True, b=True),
        ],
        unit="thousands",
        style="caption",
        note="Net revenue and operating income (loss) by segment (in thousands)",
        title="<p><b>TIDEWATER APPAREL CO.</b> — Segment information</p>",
        checks=[
            (
                "Total net revenue",
                "+Net revenue: North America Wholesale",
                "+Net revenue: North America Direct-to-Consumer",
                "+Net revenue: International",
            ),
            (
                "Total operating income",
                "+Operating income (loss): North America Wholesale",
                "+Operating income (loss): North America Direct-to-Consumer",
                "+Operating income (loss): International",
                "+Operating income (loss): Unallocated corporate expenses",
            ),
        ],
    )
)
Q(
    s,
    "percentage",
    [
        "Operating income (loss): North America Direct-to-Consumer|f24",
        "Net revenue: North America Direct-to-Consumer|f24",
    ],
    "What operating margin did North America Direct-to-Consumer earn in fiscal 2024?",
    "North America Direct-to-Consumer earned an operating margin of {R} in fiscal 2024 ({a} of operating income on {b} of revenue).",
    "operand",
    alt=["Operating income (loss): North America Wholesale|f24", "Net revenue: North America Wholesale|f24"],
)
Q(
    s,
    "growth",
    ["Net revenue: North America Direct-to-Consumer|f24", "Net revenue: North America Direct-to-Consumer|f23"],
    "How fast did North America Direct-to-Consumer revenue grow in fiscal 2024?",
    "North America Direct-to-Consumer revenue {R} in fiscal 2024.",
    "operation",
    dirs=("grew", "declined"),
)
Q(
    s,
    "growth",
    ["Net revenue: International|f24", "Net revenue: International|f23"],
    "How did International revenue change in fiscal 2024, in percent?",
    "International revenue {R} in fiscal 2024, to {a} from {b}.",
    "sign",
    dirs=("grew", "declined"),
)
Q(
    s,
    "difference",
    ["Net revenue: North America Direct-to-Consumer|f24", "Net revenue: North America Direct-to-Consumer|f23"],
    "By how much did North America Direct-to-Consumer revenue increase in fiscal 2024, in dollars?",
    "North America Direct-to-Consumer revenue {R} in fiscal 2024.",
    "scale",
    dirs=("increased by", "decreased by"),
    scale=D(1000),
)
Q(
    s,
    "sum",
    ["Net revenue: North America Wholesale|f24", "Net revenue: North America Direct-to-Consumer|f24"],
    "What was Tidewater's total North American revenue in fiscal 2024?",
    "North American revenue, wholesale and direct-to-consumer combined, was {R} in fiscal 2024 ({a} and {b}).",
    "operand",
    alt=[
        "Net revenue: North America Wholesale|f24",
        "Net revenue: North America Direct-to-Consumer|f24",
        "Net revenue: International|f24",
    ],
)
Q(
    s,
    "difference",
    ["Operating income (loss): International|f24", "Operating income (loss): International|f23"],
    "How much did the International segment's operating result change in fiscal 2024?",
    "International's operating result {R} in fiscal 2024, swinging from income of {b} to a loss of {a}.",
    "operation",
    dirs=("improved by", "declined by"),
)

# S23 prose, hotel operator, in millions; room nights as counts
s = add(
    Statement(
        "palisade_mdna_2024",
        "dev",
        "prose",
        "mdna_prose",
        [C("y24", "2024", "2024", "2024"), C("y23", "2023", "2023", "2023")],
        [
            R("Rooms revenue", "1,148.2", "1,062.7"),
            R("Available room nights", "7,412,000", "7,305,000", k="c"),
            R("Occupied room nights", "5,588,000", "5,372,000", k="c"),
            R("Food and beverage revenue", "402.6", "371.9"),
            R("Other hotel revenue", "147.7", "135.8"),
            R("Total revenue", "1,698.5", "1,570.4"),
            R("Adjusted EBITDA", "412.4", "371.3"),
        ],
        checks=[("Total revenue", "+Rooms revenue", "+Food and beverage revenue", "+Other hotel revenue")],
        text="""PALISADE HOTELS & RESORTS, INC.
2024 Operating Review

Rooms revenue was {Rooms revenue|y24} in 2024, compared with {Rooms revenue|y23} in 2023, as group business and weekend leisure demand remained strong in our coastal markets. Our hotels offered {Available room nights|y24} available room nights in 2024 ({Available room nights|y23} in 2023), of which {Occupied room nights|y24} were sold ({Occupied room nights|y23} in 2023).

Food and beverage revenue was {Food and beverage revenue|y24}, compared with {Food and beverage revenue|y23}, and other hotel revenue was {Other hotel revenue|y24}, compared with {Other hotel revenue|y23}, bringing total revenue to {Total revenue|y24} ({Total revenue|y23} in 2023). Adjusted EBITDA was {Adjusted EBITDA|y24}, compared with {Adjusted EBITDA|y23} in 2023.""",
    )
)
Q(
    s,
    "per_share",
    ["Rooms revenue|y24", "Available room nights|y24"],
    "What was Palisade's revenue per available room (RevPAR) in 2024?",
    "RevPAR was {R} in 2024 ({a} of rooms revenue over {b} available room nights).",
    "operand",
    fmt="eps",
    alt=["Rooms revenue|y24", "Occupied room nights|y24"],
)
Q(
    s,
    "pp_change",
    ["Occupied room nights|y24", "Available room nights|y24", "Occupied room nights|y23", "Available room nights|y23"],
    "How did Palisade's occupancy change in 2024?",
    "Occupancy {R} in 2024, to {ma} from {mb}.",
    "slip",
    dirs=("improved by", "declined by"),
)
Q(
    s,
    "per_share",
    ["Rooms revenue|y23", "Occupied room nights|y23"],
    "What was Palisade's average daily rate (ADR) in 2023?",
    "The average daily rate was {R} in 2023.",
    "slip",
    fmt="eps",
)
Q(
    s,
    "average",
    ["Adjusted EBITDA|y24", "Adjusted EBITDA|y23"],
    "What was Palisade's average annual adjusted EBITDA over 2023 and 2024?",
    "Adjusted EBITDA averaged {R} a year over 2023 and 2024.",
    "slip",
)
Q(
    s,
    "growth",
    ["Food and beverage revenue|y24", "Food and beverage revenue|y23"],
    "How did food and beverage revenue change in 2024, in percent?",
    "Food and beverage revenue {R} in 2024, to {a} from {b}.",
    "sign",
    dirs=("grew", "declined"),
)
Q(
    s,
    "sum",
    ["Rooms revenue|y24", "Food and beverage revenue|y24"],
    "What were Palisade's rooms and food and beverage revenues combined in 2024?",
    "Rooms and food and beverage revenue together came to {R} in 2024.",
    "scale",
    scale=D(10),
)

# S24 prose, bank quarter, in millions; balances in billions
s = add(
    Statement(
        "cedarvalley_mdna_q4_2024",
        "dev",
        "prose",
        "mdna_prose",
        [
            C("q424", "Q4 2024", "Three Months Ended December 31, 2024", "the fourth quarter of 2024"),
            C("q324", "Q3 2024", "Three Months Ended September 30, 2024", "the third quarter of 2024"),
            C("q423", "Q4 2023", "Three Months Ended December 31, 2023", "the fourth quarter of 2023"),
        ],
        [
            R("Net interest income", "142.8", "139.5", "131.2"),
            R("Noninterest income", "38.4", "36.1", "41.7"),
            R("Noninterest expense", "101.6", "99.8", "104.3"),
            R("Provision for credit losses", "9.5", "7.2", "5.1"),
            R("Net income", "55.3", "54.9", "49.6"),
            R("Total loans", "14,810", "14,520", "13,940", prose="bn"),
            R("Total deposits", "17,230", "16,980", "16,540", prose="bn"),
        ],
        text="""CEDAR VALLEY BANCORP
Fourth Quarter 2024 Earnings Review

Net interest income was {Net interest income|q424} in the fourth quarter of 2024, compared with {Net interest income|q324} in the third quarter of 2024 and {Net interest income|q423} in the fourth quarter of 2023, as loan growth and lower deposit costs supported the net interest margin. Noninterest income was {Noninterest income|q424}, compared with {Noninterest income|q324} and {Noninterest income|q423}, respectively; the year-ago quarter included a gain on the sale of two branches. Noninterest expense was {Noninterest expense|q424}, compared with {Noninterest expense|q324} and {Noninterest expense|q423}.

The provision for credit losses was {Provision for credit losses|q424}, compared with {Provision for credit losses|q324} and {Provision for credit losses|q423}. Net income was {Net income|q424}, compared with {Net income|q324} in the third quarter and {Net income|q423} in the fourth quarter of 2023.

Total loans were {Total loans|q424} at December 31, 2024, compared with {Total loans|q324} at September 30, 2024 and {Total loans|q423} at December 31, 2023. Total deposits were {Total deposits|q424}, {Total deposits|q324} and {Total deposits|q423} at the same dates.""",
    )
)
Q(
    s,
    "percentage",
    ["Noninterest expense|q424", "Net interest income|q424", "Noninterest income|q424"],
    "What was Cedar Valley's efficiency ratio in the fourth quarter of 2024?",
    "The efficiency ratio was {R} in the fourth quarter of 2024 (noninterest expense of {a} against {b} of net interest income plus {c} of noninterest income).",
    "operand",
    fn=lambda a, b, c: a / (b + c) * 100,
    wrong_fn=lambda a, b, c: a / b * 100,
    wrong_operands=["Noninterest expense|q424", "Net interest income|q424"],
)
Q(
    s,
    "percentage",
    ["Total loans|q424", "Total deposits|q424"],
    "What was Cedar Valley's loan-to-deposit ratio at December 31, 2024?",
    "The loan-to-deposit ratio was {R} at December 31, 2024.",
    "operation",
    wrong_fn=lambda a, b: b / a * 100,
)
Q(
    s,
    "difference",
    ["Net interest income|q424", "Net interest income|q324"],
    "How much did net interest income change from the third quarter of 2024?",
    "Net interest income {R} from the third quarter of 2024.",
    "scale",
    dirs=("rose by", "fell by"),
    scale=D(10),
)
Q(
    s,
    "growth",
    ["Noninterest income|q424", "Noninterest income|q423"],
    "How did noninterest income change year over year in the fourth quarter of 2024, in percent?",
    "Noninterest income {R} year over year in the fourth quarter of 2024.",
    "sign",
    dirs=("rose", "declined"),
)
Q(
    s,
    "sum",
    ["Net interest income|q424", "Noninterest income|q424"],
    "What was Cedar Valley's total revenue in the fourth quarter of 2024?",
    "Total revenue (net interest income plus noninterest income) was {R} in the fourth quarter of 2024.",
    "scale",
    scale=D(10),
)
Q(
    s,
    "average",
    ["Total loans|q424", "Total loans|q324"],
    "What was the average of Cedar Valley's period-end loan balances for the third and fourth quarters of 2024?",
    "The average of the September 30 and December 31, 2024 loan balances was {R} ({b} and {a}).",
    "slip",
)


# =============================================================================================
# Answers


def compute(st, op, terms, absvals, fn):
    vals = [st.value(*t.split("|")) for t in terms]
    if absvals:
        vals = [abs(v) for v in vals]
    if fn:
        return fn(*vals), vals
    if op == "sum":
        return sum(vals), vals
    if op == "difference":
        return vals[0] - vals[1], vals
    if op in ("ratio", "per_share"):
        return vals[0] / vals[1], vals
    if op == "percentage":
        return vals[0] / vals[1] * 100, vals
    if op == "pp_change":
        if len(vals) == 2:
            return vals[0] - vals[1], vals
        return (vals[0] / vals[1] - vals[2] / vals[3]) * 100, vals
    if op == "growth":
        return (vals[0] - vals[1]) / abs(vals[1]) * 100, vals
    if op == "average":
        return sum(vals) / len(vals), vals
    if op == "conversion":
        return vals[0], vals
    raise ValueError(op)


def wrong_by_operation(op, vals):
    """The default wrong operation of each operation."""
    if op == "sum":  # the last item subtracted
        return sum(vals[:-1]) - vals[-1]
    if op == "difference":  # added instead of subtracted
        return vals[0] + vals[1]
    if op == "ratio":  # inverted
        return vals[1] / vals[0]
    if op == "percentage":  # the complement (the other part's share)
        return 100 - vals[0] / vals[1] * 100
    if op == "growth":  # the change divided by the new figure, not the old one
        return (vals[0] - vals[1]) / abs(vals[0]) * 100
    if op == "average":  # the total reported as the average
        return sum(vals)
    raise ValueError(f"no default wrong operation for {op}")


def render_result(v, fmt, cur, dirs, flip=False):
    p, n, sfx = FMT[fmt](v, cur)
    word = ""
    if dirs:
        up = v >= 0
        word = (dirs[0] if up != flip else dirs[1]) + " "
    return word, p, n, sfx


def transpose(num: str, seed: int):
    """Swap two adjacent, different digits of a printed number (not making a leading zero)."""
    digits = [i for i, ch in enumerate(num) if ch.isdigit()]
    pairs = []
    for a, b in zip(digits, digits[1:]):  # not the leading digit: a slip in the later digits
        if num[a] != num[b] and a != digits[0]:
            pairs.append((a, b))
    if not pairs:
        return None
    a, b = pairs[seed % len(pairs)]
    chars = list(num)
    chars[a], chars[b] = chars[b], chars[a]
    return "".join(chars)


def source_numbers(text):
    out = []
    for m in re.finditer(r"(?<![\w.])\d[\d,]*(?:\.\d+)?", text):
        t = m.group(0).rstrip(",")
        try:
            out.append(D(t.replace(",", "")))
        except Exception:
            pass
    return out


def value_in_source(st, fmt, printed):
    """Whether the printed wrong figure is a figure of the statement, as printed at that precision
    (a source figure taken as is, or in the statement's unit, or as a share count)."""
    text = re.sub(r"<[^>]*>|&#?\w+;", " ", st.source)  # figures, not HTML tags or entities
    for n in source_numbers(text):
        for scale in {D(1), st.scale, st.share_scale, D(1000)}:
            p, num, sfx = FMT[fmt](n * scale, st.cur)
            if p + num + sfx == printed:
                return True
    return False


def fill(tmpl, ctx, rtext):
    sentinel = "\u0000"
    full = tmpl.format(R=sentinel, **ctx)
    start = full.index(sentinel)
    return full.replace(sentinel, rtext), start


def build_records(st):
    recs = []
    for qi, spec in enumerate(st.questions):
        op, fmt = spec["op"], spec["fmt"]
        v, vals = compute(st, op, spec["terms"], spec["absvals"], spec["fn"])
        if not spec["dirs"] and v < 0:  # a negative result is worded by its template
            assert re.search(r"negative|loss", spec["tmpl"]), (st.id, qi, v)
        # context: operands as printed by an analyst, and the two margins of a pp_change
        ctx = {}
        for name, t in zip("abcd", spec["terms"]):
            key, col = t.split("|")
            ctx[name] = st.fmt_operand(key, col)
        if op == "pp_change":
            if len(vals) == 4:
                ma, mb = vals[0] / vals[1] * 100, vals[2] / vals[3] * 100
            else:
                ma, mb = vals
            ctx["ma"], ctx["mb"] = "".join(f_pct(ma)), "".join(f_pct(mb))
        with_operands = bool(re.search(r"\{(a|b|c|d|ma|mb)\}", spec["tmpl"]))
        word, p, n, sfx = render_result(v, fmt, st.cur, spec["dirs"])
        good_r = word + p + n + sfx
        good_answer, _ = fill(spec["tmpl"], ctx, good_r)
        operands = [st.operand_name(*t.split("|")) for t in spec["terms"]]
        base = dict(dataset=DATASET, task="qa", model="template", question=spec["q"], sources=[st.source])
        recs.append(
            dict(
                id=f"{DATASET}-{st.id}-{2 * qi + 1}",
                **base,
                answer=good_answer,
                hallucinated=False,
                spans=[],
                split=st.split,
                operation=op,
                operands=operands,
                style="with_operands" if with_operands else "result_only",
            )
        )

        # the wrong answer
        err, seed = spec["err"], h(f"{st.id}-{qi}")
        wfmt, flip, wv, wnum = fmt, False, None, None
        extra = {}
        if err == "sign":
            assert spec["dirs"] or spec["wrong_fn"], (st.id, qi)
            if spec["wrong_fn"]:
                wv = spec["wrong_fn"](*vals)
            else:
                wv, flip = v, True
        elif err == "operand":
            alt = spec["alt"] or spec["wrong_operands"]
            if spec["wrong_fn"]:
                wv = spec["wrong_fn"](*vals)
            else:
                wv, _ = compute(st, op, alt, spec["absvals"], spec["fn"])
            extra["wrong_operands"] = [st.operand_name(*t.split("|")) for t in alt]
        elif err == "operation":
            if spec["wrong_fn"]:
                wv = spec["wrong_fn"](*vals)
            elif op == "pp_change":  # percentage points written as percent
                wv, wfmt = v, "pct"
            else:
                wv = wrong_by_operation(op, vals)
        elif err == "scale":
            wv = v * (spec["scale"] or D(10))
        elif err == "slip":
            if seed % 3 == 0:
                t = transpose(n, seed // 3)
                if t is not None and t != n:
                    wnum = t
            if wnum is None:
                pct = D(3 + (seed // 7) % 13) / 100  # 3% to 15%
                wv = v * (1 + pct if (seed // 11) % 2 else 1 - pct)
        if wnum is not None:
            wword, wp, wsfx = word, p, sfx
        else:
            wword, wp, wnum, wsfx = render_result(wv, wfmt, st.cur, spec["dirs"], flip)
        bad_r = wword + wp + wnum + wsfx
        assert bad_r != good_r, (st.id, qi, bad_r)
        if err not in ("sign",) and not (err == "operation" and wfmt != fmt):
            assert wnum != n, (st.id, qi, err, wnum)  # differs at the stated precision
        bad_answer, start = fill(spec["tmpl"], ctx, bad_r)
        span_start = start + len(wword) if err != "sign" and wword == word else start
        span_text = bad_answer[span_start : start + len(bad_r)]
        recs.append(
            dict(
                id=f"{DATASET}-{st.id}-{2 * qi + 2}",
                **base,
                answer=bad_answer,
                hallucinated=True,
                spans=[dict(start=span_start, end=start + len(bad_r), text=span_text, label="wrong_computation")],
                split=st.split,
                operation=op,
                operands=operands,
                style="with_operands" if with_operands else "result_only",
                error=err,
                value_in_source=value_in_source(st, wfmt, wp + wnum + wsfx),
                **extra,
            )
        )
    return recs


def main():
    assert len(STATEMENTS) == 24 and len({s.id for s in STATEMENTS}) == 24
    records = {"train": [], "dev": []}
    for st in STATEMENTS:
        records[st.split].extend(build_records(st))
    for split, recs in records.items():
        path = HERE / f"{DATASET}_{split}.jsonl"
        with path.open("w", encoding="utf-8") as f:
            for r in recs:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")

    # checks
    answers = {}
    for split in records:
        lines = (HERE / f"{DATASET}_{split}.jsonl").read_text(encoding="utf-8").splitlines()
        recs = [json.loads(x) for x in lines]
        assert len(recs) == len(records[split])
        for r in recs:
            for sp in r["spans"]:
                assert r["answer"][sp["start"] : sp["end"]] == sp["text"], r["id"]
            assert r["hallucinated"] == bool(r["spans"]), r["id"]
        answers[split] = {r["answer"] for r in recs}
        assert len(answers[split]) == len(recs), f"duplicate answers in {split}"
        ids = [r["id"] for r in recs]
        assert len(set(ids)) == len(ids)
    assert not answers["train"] & answers["dev"], "an answer is in both splits"

    # counts
    print(f"{'split':6} {'statements':>10} {'records':>8} {'correct':>8} {'wrong':>6}")
    for split, recs in records.items():
        n_st = len({r["id"].rsplit("-", 1)[0] for r in recs})
        n_bad = sum(r["hallucinated"] for r in recs)
        print(f"{split:6} {n_st:>10} {len(recs):>8} {len(recs) - n_bad:>8} {n_bad:>6}")
    fmts = collections.Counter((s.split, s.kind) for s in STATEMENTS)
    print("formats (statements):", {f"{k[0]}/{k[1]}": v for k, v in sorted(fmts.items())})
    types = collections.Counter((s.split, s.stype) for s in STATEMENTS)
    print("statement types:", {f"{k[0]}/{k[1]}": v for k, v in sorted(types.items())})
    print("\nper operation (questions; each has one correct and one wrong answer):")
    print(f"{'operation':12} {'train':>6} {'dev':>5}")
    for op in OPS:
        row = [sum(1 for r in records[sp] if r["operation"] == op and not r["hallucinated"]) for sp in ("train", "dev")]
        print(f"{op:12} {row[0]:>6} {row[1]:>5}")
    print("\nper error kind (wrong answers):")
    print(f"{'error':12} {'train':>6} {'dev':>5}")
    for e in ERRORS:
        row = [sum(1 for r in records[sp] if r.get("error") == e) for sp in ("train", "dev")]
        print(f"{e:12} {row[0]:>6} {row[1]:>5}")
    for sp in ("train", "dev"):
        bad = [r for r in records[sp] if r["hallucinated"]]
        good = [r for r in records[sp] if not r["hallucinated"]]
        print(
            f"\n{sp}: correct answers with operands {sum(r['style'] == 'with_operands' for r in good)} / {len(good)}; "
            f"wrong figure is another figure of the statement {sum(r['value_in_source'] for r in bad)} / {len(bad)}"
        )


if __name__ == "__main__":
    sys.exit(main())
