"""Counts in words, for every game: one place where a number meets its noun.

Every count a player reads goes through `count` ("1 amulet", "3 amulets", "0 amulets") or
`plural` ("a flower", "2 flowers": the one-form said whole), so that "1 amulets" and "2 tile"
cannot be written. (A later translation replaces these two functions, not every sentence.)

>>> count(1, "amulet"), count(0, "amulet"), count(2, "treasure card")
('1 amulet', '0 amulets', '2 treasure cards')
>>> count(3, "leaf", "leaves"), plural(1, "a leaf", "leaves"), plural(4, "one tile", "tiles")
('3 leaves', 'a leaf', '4 tiles')
"""

from __future__ import annotations


def plural(n: int, one: str, many: str) -> str:
    """`one` as it is for 1 ('a flower', 'one tile'), else 'n `many`' ('2 flowers')."""
    return one if n == 1 else f"{n} {many}"


def count(n: int, noun: str, nouns: str | None = None) -> str:
    """'1 amulet' / 'n amulets' (`nouns`: the plural when it is not `noun` + 's')."""
    return f"{n} {noun}" if n == 1 else f"{n} {nouns or noun + 's'}"
