"""Reading the sources an answer is checked against (texts, passages, JSON records, HTML,
Markdown and laid-out tables) and indexing them once for every component."""
