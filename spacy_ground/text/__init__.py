"""Pure functions over text: numbers, money, percents, dates and units read into values, and
the comparison of two values."""
