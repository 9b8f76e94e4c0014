"""spacy_ground: spaCy components that check whether an answer is grounded in its sources.

>>> import spacy_ground
>>> nlp = spacy_ground.load()
>>> doc = spacy_ground.check(nlp, "Revenue was $2.85 billion.", sources=["Revenue: $2,847 million."])
>>> doc.spans["ground_claims"][0]._.ground_numeric["status"]
'grounded'

The layers, each a subpackage: ``pipeline`` (the spaCy components), ``sources`` (reading and
indexing the sources), ``text`` (pure functions: numbers, dates, units, comparison),
``checks`` (record facts, hours, changes), ``fusion`` (verdict features and model), ``nn``
(the cross-encoder and sentence encoder) and ``lexicon`` (word lists). ``training`` holds
training, evaluation and project tooling, which the runtime never imports.
"""

from spacy_ground.api import CLAIMS_ONLY, DEFAULT_CONFIG, check, check_many, load, make_doc
from spacy_ground.pipeline import align as _align  # noqa: F401  (registers the factories)
from spacy_ground.pipeline import claims as _claims  # noqa: F401
from spacy_ground.pipeline import entail as _entail  # noqa: F401
from spacy_ground.pipeline import numeric as _numeric  # noqa: F401
from spacy_ground.pipeline import verdict as _verdict  # noqa: F401
from spacy_ground.render import render
from spacy_ground.text.values import ClaimValue

__version__ = "0.1.0"
__all__ = [
    "load",
    "check",
    "check_many",
    "make_doc",
    "render",
    "ClaimValue",
    "DEFAULT_CONFIG",
    "CLAIMS_ONLY",
    "__version__",
]
