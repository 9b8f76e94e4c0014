"""The neural parts: the cross-encoder that judges entailment, the sentence encoder that
aligns, and the threads they run on."""
