"""The verdict model: a logistic regression over ``features.FEATURES`` per shape of sources
(text / record, or passages / document / snippet / record), stored as JSON
(``models/verdict.json`` ships in the package)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Union

import numpy

from spacy_ground.sources.readers import source_kind

MODEL_FILE = "verdict.json"


EMBEDDED_MODEL = Path(__file__).parent.parent / "models" / MODEL_FILE


_STRATUM_L2 = 0.1


class LogisticModel:
    """Standardised features, L2-regularised logistic regression (Newton's method). Features
    are clipped to the range they spanned in the answers the model was fit on (``low`` /
    ``high``), so an input unlike any of them (a two-field record under a long answer) is
    not extrapolated to a confident score; clipping leaves those answers' scores as they were."""

    def __init__(self, features: Sequence[str], mean, std, coef, intercept: float, low=None, high=None):
        self.features = list(features)
        self.mean = numpy.asarray(mean, dtype="float64")
        self.std = numpy.asarray(std, dtype="float64")
        self.coef = numpy.asarray(coef, dtype="float64")
        self.intercept = float(intercept)
        self.low = numpy.full(len(self.features), -numpy.inf) if low is None else numpy.asarray(low, dtype="float64")
        self.high = numpy.full(len(self.features), numpy.inf) if high is None else numpy.asarray(high, dtype="float64")
        self.offsets: Dict[str, float] = {}  # other strata's intercepts against this one (``fit`` with strata)
        if not (
            len(self.mean) == len(self.std) == len(self.coef) == len(self.low) == len(self.high) == len(self.features)
        ):
            raise ValueError(
                f"LogisticModel: {len(self.features)} features need as many means, SDs, coefficients and bounds"
            )
        if (self.low > self.high).any():
            raise ValueError("LogisticModel: a feature's low bound is above its high bound")

    @classmethod
    def fit(
        cls,
        X: numpy.ndarray,
        y: numpy.ndarray,
        features: Sequence[str],
        l2: float = 1.0,
        iterations: int = 50,
        signs: Optional[Dict[str, int]] = None,
        strata: Optional[Sequence[str]] = None,
        reference: Optional[str] = None,
    ) -> "LogisticModel":
        """Fit on ``X`` (answers x ``features``) and labels ``y``. ``signs`` (feature -> +1 / -1)
        bounds coefficients to that sign (an active-set method: a coefficient with the wrong
        sign is held at 0, and released when the loss would fall by moving it the allowed way).
        ``strata`` (each answer's data set) gives every stratum an intercept of its own while
        the coefficients are shared (fixed effects); the model keeps ``reference``'s intercept
        and records the others' in ``offsets`` (log-odds against it)."""
        mean, std = X.mean(0), X.std(0)
        std[std == 0] = 1.0
        others: List[str] = []
        if strata is not None:
            if len(strata) != len(X):
                raise ValueError(f"LogisticModel.fit: {len(strata)} strata for {len(X)} answers")
            if reference not in set(strata):
                raise ValueError(f"LogisticModel.fit: the reference stratum {reference!r} has no answers")
            others = sorted(set(strata) - {reference})
        D = numpy.array([[s == o for o in others] for s in strata or []], dtype="float64").reshape(len(X), len(others))
        Z = numpy.hstack([(X - mean) / std, D, numpy.ones((len(X), 1))])
        sign = numpy.array([float((signs or {}).get(f, 0)) for f in features] + [0.0] * (len(others) + 1))
        reg = numpy.full(Z.shape[1], l2)
        reg[len(features) :] = _STRATUM_L2  # a stratum all of one label keeps a finite intercept
        reg[-1] = 0.0
        held = numpy.zeros(Z.shape[1], dtype=bool)
        w = numpy.zeros(Z.shape[1])
        for _ in range(4 * Z.shape[1]):
            w = _newton(Z, y, reg, ~held, iterations)
            wrong = (sign * w < -1e-10) & ~held
            if wrong.any():
                held |= wrong
                continue
            p = 1 / (1 + numpy.exp(-Z @ w))
            grad = Z.T @ (p - y) + reg * w
            # a held coefficient whose allowed direction lowers the loss goes free again
            pull = numpy.where(held, -sign * grad, 0.0)
            if pull.max() <= 1e-8:
                break
            held[int(numpy.argmax(pull))] = False
        n = len(features)
        model = cls(features, mean, std, w[:n], w[-1], low=X.min(0), high=X.max(0))
        model.offsets = {o: float(v) for o, v in zip(others, w[n:-1])}
        return model

    def clip(self, X: numpy.ndarray) -> numpy.ndarray:
        """``X`` (answers x features, or one answer's features) held to the fitted range."""
        return numpy.clip(X, self.low, self.high)

    def predict(self, X: numpy.ndarray) -> numpy.ndarray:
        z = ((self.clip(X) - self.mean) / self.std) @ self.coef + self.intercept
        return 1 / (1 + numpy.exp(-z))

    def contributions(self, x: numpy.ndarray) -> Dict[str, float]:
        """Each feature's share of the log-odds for one answer (for the reasons)."""
        return {f: float(c) for f, c in zip(self.features, ((self.clip(x) - self.mean) / self.std) * self.coef)}

    def with_logit(self, scale: float, shift: float) -> "LogisticModel":
        """The same model with its log-odds multiplied by ``scale`` and moved by ``shift`` (every
        stratum's alike: the ``offsets`` are scaled)."""
        model = LogisticModel(
            self.features, self.mean, self.std, self.coef * scale, self.intercept * scale + shift, self.low, self.high
        )
        model.offsets = {k: v * scale for k, v in self.offsets.items()}
        return model

    def to_dict(self) -> Dict[str, Any]:
        out = {
            "features": self.features,
            "mean": self.mean.tolist(),
            "std": self.std.tolist(),
            "coef": self.coef.tolist(),
            "intercept": self.intercept,
        }
        if numpy.isfinite(self.low).all() and numpy.isfinite(self.high).all():
            out.update(low=self.low.tolist(), high=self.high.tolist())
        if self.offsets:
            out["offsets"] = dict(self.offsets)
        return out

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "LogisticModel":
        """A model as ``to_dict`` wrote it (one stored without ``low`` / ``high`` is not clipped)."""
        model = cls(d["features"], d["mean"], d["std"], d["coef"], d["intercept"], d.get("low"), d.get("high"))
        model.offsets = {str(k): float(v) for k, v in (d.get("offsets") or {}).items()}
        return model


def _newton(
    Z: numpy.ndarray, y: numpy.ndarray, reg: numpy.ndarray, free: numpy.ndarray, iterations: int
) -> numpy.ndarray:
    """L2-regularised logistic regression by Newton's method over the ``free`` columns of
    ``Z`` (the others held at 0)."""
    w = numpy.zeros(Z.shape[1])
    Zf, rf = Z[:, free], reg[free]
    wf = numpy.zeros(Zf.shape[1])
    for _ in range(iterations):
        p = 1 / (1 + numpy.exp(-Zf @ wf))
        grad = Zf.T @ (p - y) + rf * wf
        hess = (Zf * (p * (1 - p))[:, None]).T @ Zf + numpy.diag(rf)
        step = numpy.linalg.solve(hess, grad)
        wf -= step
        if numpy.abs(step).max() < 1e-8:
            break
    w[free] = wf
    return w


SHAPES = ("text", "record")  # the shapes of a model fit without ``snippet_chars``
SNIPPET_SHAPES = ("passages", "document", "snippet", "record")  # a model fit with ``snippet_chars``


def source_shape(sources: Optional[Sequence[Any]]) -> str:
    """'record' when a source is a JSON record, else 'text' (derived from the input alone)."""
    return shape_of_kind(source_kind(sources))


def shape_of_kind(kind: str) -> str:
    """The two-way shape for a kind of sources (``sources.source_kind``): passages and a
    document are both 'text'."""
    return "record" if kind == "record" else "text"


def snippet_shape(kind: str, source_chars: int, snippet_chars: int) -> str:
    """The four-way shape: the kind of sources ('passages', 'document', 'record'), a document
    shorter than ``snippet_chars`` characters (as read) being a 'snippet'."""
    return "snippet" if kind == "document" and source_chars < snippet_chars else kind


class VerdictModel:
    """A logistic regression per shape of sources: the same features weigh differently
    against a record than against prose, and against a snippet of two sentences than against
    a news article. With ``snippet_chars`` (``evaluate fit --snippet-chars``) the shapes are
    ``SNIPPET_SHAPES``, else 'text' and 'record' (the shipped model); a shape with no model of
    its own is scored by the 'text' model (not a record), else the one for all ('*')."""

    def __init__(self, models: Dict[str, LogisticModel], snippet_chars: Optional[int] = None):
        if not models:
            raise ValueError("VerdictModel needs at least one model")
        if snippet_chars is not None and (isinstance(snippet_chars, bool) or not isinstance(snippet_chars, int)):
            raise ValueError(f"VerdictModel: snippet_chars must be an integer or None, not {snippet_chars!r}")
        self.models = dict(models)
        self.snippet_chars = snippet_chars

    def reads_length(self, kind: str) -> bool:
        """Whether the shape of sources of ``kind`` depends on their length (only a document's,
        and only with ``snippet_chars``): else ``shape`` may be given any length."""
        return self.snippet_chars is not None and kind == "document"

    def shape(self, kind: str, source_chars: int) -> str:
        """The key of the model that scores an answer whose sources are of ``kind``
        (``sources.source_kind``) and ``source_chars`` long as read."""
        if self.snippet_chars is None:
            return shape_of_kind(kind)
        return snippet_shape(kind, source_chars, self.snippet_chars)

    def model_for(self, shape: str) -> LogisticModel:
        model = self.models.get(shape)
        if model is None and shape != "record":
            model = self.models.get("text")
        return model or self.models.get("*") or next(iter(self.models.values()))

    def score(self, features: Dict[str, float], shape: str) -> float:
        """Probability that the answer is hallucinated, from its features and source shape."""
        model = self.model_for(shape)
        return float(model.predict(numpy.array([[features[f] for f in model.features]]))[0])

    def to_dict(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"shapes": {k: m.to_dict() for k, m in self.models.items()}}
        if self.snippet_chars is not None:
            out["snippet_chars"] = self.snippet_chars
        return out

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "VerdictModel":
        if "shapes" in d:
            return cls({k: LogisticModel.from_dict(m) for k, m in d["shapes"].items()}, d.get("snippet_chars"))
        return cls({"*": LogisticModel.from_dict(d)})


def save_model(
    model: Union[LogisticModel, VerdictModel], path: Union[str, Path], meta: Optional[Dict[str, Any]] = None
) -> None:
    data = model.to_dict()
    if meta:
        data["meta"] = meta
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(data, indent=1), encoding="utf8")
