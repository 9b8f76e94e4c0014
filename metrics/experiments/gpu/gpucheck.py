"""On the lent GPU: the default pipeline after spacy.require_gpu(), against the same pipeline
on that machine's CPU (float32 and int8), on 20 RAGTruth dev answers; then to_disk / spacy.load."""
import json, os, sys, time, traceback, warnings

sys.path[:0] = ["/tmp/s/site312", ".gpuv/pk", "."]
OUT = os.environ.get("OUT", "/tmp/out")
res = {"steps": []}


def save():
    json.dump(res, open(os.path.join(OUT, "gpucheck.json"), "w"), indent=1)


def step(name, fn):
    t = time.time()
    try:
        value = fn()
        res["steps"].append({"name": name, "ok": True, "seconds": round(time.time() - t, 2)})
        print(f"[ok] {name} ({time.time() - t:.1f} s)", flush=True)
        return value
    except Exception:
        res["steps"].append({"name": name, "ok": False, "error": traceback.format_exc()[-3000:]})
        print(f"[FAILED] {name}\n{traceback.format_exc()[-3000:]}", flush=True)
        return None
    finally:
        save()


import torch, numpy  # noqa: E402
import spacy, thinc, transformers  # noqa: E402
res["versions"] = {"torch": torch.__version__, "spacy": spacy.__version__, "thinc": thinc.__version__,
                   "transformers": transformers.__version__, "numpy": numpy.__version__,
                   "gpu": torch.cuda.get_device_name(0) if torch.cuda.is_available() else None, "python": sys.version.split()[0]}
print(res["versions"], flush=True)
import spacy_ground  # noqa: E402
from spacy_ground.entail_model import module_device  # noqa: E402

recs = [json.loads(line) for line in open(".gpuv/dev20.jsonl")]


def run(nlp, rows=recs):
    out = []
    for r in rows:
        doc = spacy_ground.check(nlp, r["answer"], r["sources"], r.get("question"))
        g = doc._.grounding
        out.append({"id": r["id"], "score": g.score, "action": g.action,
                    "sent": [[s["entailment"][k] for k in ("supported", "unsupported", "contradicted")]
                             if s.get("entailment") else None for s in g.sentences],
                    "spans": [[s.start_char, s.end_char] for s in doc.spans["ground_unsupported"]]})
    return out


def compare(a, b):
    d_sent = max((abs(x - y) for ra, rb in zip(a, b) for sa, sb in zip(ra["sent"], rb["sent"]) if sa and sb
                  for x, y in zip(sa, sb)), default=0.0)
    d_score = max((abs(ra["score"] - rb["score"]) for ra, rb in zip(a, b) if ra["score"] is not None), default=0.0)
    return {"max_sentence_prob_diff": d_sent, "max_score_diff": d_score,
            "same_actions": sum(ra["action"] == rb["action"] for ra, rb in zip(a, b)),
            "same_spans": sum(ra["spans"] == rb["spans"] for ra, rb in zip(a, b)), "answers": len(a)}


cpu32 = step("cpu float32", lambda: run(spacy_ground.load(overrides={"components.ground_entail.model.quantize": False})))
cpu8 = step("cpu int8", lambda: run(spacy_ground.load()))
if cpu32 and cpu8:
    res["cpu int8 vs cpu float32"] = compare(cpu8, cpu32)
res["require_gpu"] = step("spacy.require_gpu()", lambda: bool(spacy.require_gpu()))


def load_gpu():
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        nlp = spacy_ground.load()
    res["load_warnings"] = sorted({str(x.message)[:300] for x in w})
    ent = nlp.get_pipe("ground_entail")
    res["entail_module_device"] = str(module_device(ent.model.shims[0]._model))
    res["entail_quantize_attr"] = ent.model.attrs.get("quantize")
    res["default_ops"] = type(thinc.api.get_current_ops()).__name__
    return nlp


nlp = step("load the default pipeline on the GPU", load_gpu)
if nlp is not None:
    gpu = step("gpu run (20 answers)", lambda: run(nlp))
    if gpu:
        t = time.time()
        run(nlp)
        res["gpu_seconds_per_answer_warm"] = (time.time() - t) / len(recs)
        if cpu32:
            res["gpu vs cpu float32"] = compare(gpu, cpu32)
        res["gpu_sample"] = gpu[:2]
    step("to_disk", lambda: nlp.to_disk("/tmp/p"))

    def reload():
        nlp2 = spacy.load("/tmp/p")
        res["reloaded_entail_module_device"] = str(module_device(nlp2.get_pipe("ground_entail").model.shims[0]._model))
        again = run(nlp2, recs[:6])
        if gpu:
            res["reloaded vs gpu"] = compare(again, gpu[:6])
    step("spacy.load on the GPU", reload)
save()
print(json.dumps({k: v for k, v in res.items() if k not in ("steps", "gpu_sample")}, indent=1))
