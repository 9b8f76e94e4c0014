"""Training, evaluation, benchmarks and project tooling (``spacy project run ...``). The
runtime never imports this subpackage."""
