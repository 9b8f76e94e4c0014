"""Checks of an answer's claims against the sources beyond one number: facts of JSON records,
opening hours, and changes checked against the statement rows they name."""
