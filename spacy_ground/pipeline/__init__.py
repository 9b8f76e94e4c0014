"""The spaCy components, one a module (``ground_claims``, ``ground_align``, ``ground_entail``,
``ground_numeric``, ``ground_verdict``), the Doc and Span extensions they write, the verdict record
(``doc._.grounding``) and the scorers ``nlp.evaluate`` calls."""
