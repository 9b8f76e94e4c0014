"""spacy_ground: spaCy components that check whether an answer is grounded in its sources.

>>> import spacy_ground
>>> nlp = spacy_ground.load()
>>> doc = spacy_ground.check(nlp, "Revenue was $2.85 billion.", sources=["Revenue: $2,847 million."])
>>> doc.spans["ground_claims"][0]._.ground_numeric["status"]
'grounded'
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, Optional, Sequence, Union

from spacy.language import Language
from spacy.tokens import Doc

from .extensions import register_extensions
from .values import ClaimValue
from . import claims as _claims  # noqa: F401  (registers the factories)
from . import numeric as _numeric  # noqa: F401
from . import align as _align  # noqa: F401
from . import entail as _entail  # noqa: F401
from . import verdict as _verdict  # noqa: F401
from .render import render

__version__ = "0.1.0"
DEFAULT_CONFIG = Path(__file__).parent / "default.cfg"
__all__ = ["load", "check", "render", "ClaimValue", "DEFAULT_CONFIG", "CLAIMS_ONLY", "__version__"]

register_extensions()


CLAIMS_ONLY = ("ground_align", "ground_entail", "ground_verdict")  # load(exclude=CLAIMS_ONLY): rules only


def load(config: Union[str, Path, None] = None, overrides: Optional[Dict[str, Any]] = None,
         exclude: Sequence[str] = ()) -> Language:
    """Build the default pipeline (or the one in ``config``), offline.

    ``overrides`` are dotted config keys, e.g. ``{"components.ground_numeric.top_k": 5}``;
    ``exclude`` leaves components out (``CLAIMS_ONLY`` keeps the claim and numeric checks).
    """
    from spacy import util

    cfg = util.load_config(config or DEFAULT_CONFIG, overrides=overrides or {}, interpolate=False)
    names = list(cfg["nlp"]["pipeline"])
    exclude = [name for name in exclude if name in names]
    return util.load_model_from_config(cfg, auto_fill=True, validate=True, exclude=exclude)


def check(nlp: Language, answer: str, sources: Union[str, Sequence[Any], None] = None,
          question: Optional[str] = None) -> Doc:
    """Run ``nlp`` on ``answer`` with its ``sources`` (texts or JSON records) and ``question``."""
    if not isinstance(answer, str):
        raise TypeError(f"answer must be a string, not {type(answer).__name__}")
    if question is not None and not isinstance(question, str):
        raise TypeError(f"question must be a string or None, not {type(question).__name__}")
    if isinstance(sources, (str, dict)):
        sources = [sources]
    elif sources is not None:
        sources = list(sources)
    doc = nlp.make_doc(answer)
    doc._.ground_sources = sources
    doc._.ground_question = question
    for _, proc in nlp.pipeline:
        doc = proc(doc)
    return doc
