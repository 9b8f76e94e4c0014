"""From word-piece probabilities to flagged spans (pure functions, used by ``ground_entail``,
``ground_verdict`` and the tagger's training)."""

from __future__ import annotations

from typing import Iterable, List, Optional, Sequence, Tuple

from spacy_ground.text.offsets import Block, project

Piece = Tuple[int, int, float]  # (start, end, probability not supported) in the answer's characters


def token_probabilities(tokens: Sequence[Tuple[int, int]], pieces: Iterable[Piece]) -> List[Optional[float]]:
    """Per token (start, end), the highest probability of the word pieces that overlap it; None
    for a token no piece reached (cut off by the model's length limit). Both in order."""
    pieces = sorted(pieces)
    out: List[Optional[float]] = []
    j = 0
    for start, end in tokens:
        while j < len(pieces) and pieces[j][1] <= start:
            j += 1
        best: Optional[float] = None
        k = j
        while k < len(pieces) and pieces[k][0] < end:
            if pieces[k][1] > start:
                best = pieces[k][2] if best is None else max(best, pieces[k][2])
            k += 1
        out.append(best)
    return out


def mapped_token_probabilities(
    tokens: Sequence[Tuple[int, int]], pieces: Iterable[Piece], blocks: Sequence[Block], base: int
) -> List[Optional[float]]:
    """``token_probabilities`` for word pieces of a rewritten sentence (offsets in the text the
    model read), mapped onto the sentence by ``blocks`` (``text.offsets.char_blocks``); ``base``:
    where the sentence starts in the answer."""
    mapped = []
    for s, e, p in pieces:
        a, b = project(blocks, s, e)
        if b > a:
            mapped.append((a + base, b + base, p))
    return token_probabilities(tokens, mapped)


def token_runs(tokens: Sequence[Tuple[int, int, Optional[float]]], threshold: float) -> List[Tuple[int, int, float]]:
    """Runs of consecutive tokens (start, end, probability) at or above ``threshold``, as
    (start of the first, end of the last, the highest probability in the run). A token without
    a probability ends a run."""
    runs: List[Tuple[int, int, float]] = []
    current: Optional[List[float]] = None
    for start, end, p in tokens:
        if p is not None and p >= threshold:
            if current is None:
                current = [start, end, p]
            else:
                current[1], current[2] = end, max(current[2], p)
        elif current is not None:
            runs.append((int(current[0]), int(current[1]), float(current[2])))
            current = None
    if current is not None:
        runs.append((int(current[0]), int(current[1]), float(current[2])))
    return runs


def char_prf(
    pred: Iterable[Tuple[int, int]], gold: Iterable[Tuple[int, int]], text: Optional[str]
) -> Tuple[int, int, int]:
    """(true positive, false positive, false negative) characters of predicted spans against
    gold spans in ``text``, whitespace not counted (every character counted when ``text`` is
    None)."""

    def chars(spans: Iterable[Tuple[int, int]]) -> set:
        out = set()
        for s, e in spans:
            if text is None:
                out.update(range(s, e))
            else:
                out.update(i for i in range(max(s, 0), min(e, len(text))) if not text[i].isspace())
        return out

    p, g = chars(pred), chars(gold)
    return len(p & g), len(p - g), len(g - p)
