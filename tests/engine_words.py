"""What a player must never read: engine words, ids, coordinates, codes, Python reprs, plural
mistakes, and "Spot N" without the matching number on the map (issue 28, item 8).

`problems(html)` lists what one rendered screen shows that it should not; the visible text is
the text nodes and the accessible names (aria-label, alt, title, placeholder, value), not the
markup's data-* attributes, classes or ids. Used by tests/test_engine_words.py over every
screen of whole games of both games.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

# the counted nouns of both games, singular -> plural (a count before them must agree)
NOUNS = {
    "amulet": "amulets", "treasure card": "treasure cards", "treasure": "treasures",
    "card": "cards", "clue card": "clue cards", "tile": "tiles", "house": "houses",
    "rose": "roses", "space": "spaces", "island": "islands", "token": "tokens",
    "bonus token": "bonus tokens", "point": "points", "player": "players", "flower": "flowers",
    "fruit": "fruits", "leaf": "leaves", "port": "ports", "temple": "temples", "turn": "turns",
    "ship": "ships", "round": "rounds", "move": "moves", "game": "games",
    "house spot": "house spots", "spot": "spots",
    "draw": "draws", "column": "columns",
}
_SINGULAR = "|".join(sorted((re.escape(k) for k in NOUNS), key=len, reverse=True))
_PLURAL = "|".join(sorted((re.escape(v) for v in NOUNS.values()), key=len, reverse=True))
NUMBER_WORDS = r"(?:\d+|one|two|three|four|five|six)"

RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("navigation stack", re.compile(r"\bnavigation stack\b", re.I)),
    # the tiles' reserve (the houses' "in reserve" is a word of the rules)
    ("reserve", re.compile(r"(?<!in )\breserve\b", re.I)),
    ("cell", re.compile(r"\bcells?\b", re.I)),
    ("slot", re.compile(r"\bslots?\b", re.I)),
    ("rotation", re.compile(r"\brotation\b", re.I)),
    ("an id", re.compile(r"\b[TMORE]\d{1,2}\b|\bL\d{1,2}\b|\bV[1-4]\b")),
    ("a coordinate", re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)|\b-?\d+,-?\d+\b")),
    ("an engine code", re.compile(r"\b[a-z]+_[a-z_]+\b|\b(?:not_)?(?:in|beside|near):[a-z]+\b")),
    ("a Python repr", re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|\[|\{'|\]|\bnan\b")),
    # "mission 'at least 2 Ports', at least 2 Ports": one text said twice in a row
    ("a phrase said twice", re.compile(r"(\b\w[\w ]{6,}\w)\W{1,4}\1\b")),
    ("one with a plural", re.compile(rf"(?<![\d.,])\b(?:1|one) (?:{_PLURAL})\b", re.I)),
    ("a count with a singular",
     re.compile(rf"(?<![\d.,])\b(?:[02-9]|\d\d+|two|three|four|five|six) (?:{_SINGULAR})\b"
                rf"(?!-| (?:{_PLURAL}|{_SINGULAR})\b)", re.I)),  # (not "4 ship tiles")
)
SPOT = re.compile(r"\bSpot (\d+)\b")


class Visible(HTMLParser):
    """The text a player can see or hear (text nodes outside <defs>/<style>/<script>, and the
    accessible names); data-* values are not shown."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.skip = 0
        self.marks: set[str] = set()  # the numbers drawn beside rings on the map
        self._mark = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("defs", "style", "script"):
            self.skip += 1
        a = {k: v or "" for k, v in attrs}
        self._mark = tag == "text" and "spot-num" in a.get("class", "").split()
        for k in ("aria-label", "alt", "title", "placeholder", "value"):
            if a.get(k):
                self.out.append(a[k])

    def handle_endtag(self, tag: str) -> None:
        self._mark = False
        if tag in ("defs", "style", "script") and self.skip:
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if self._mark:
            self.marks.add(data.strip())
        if not self.skip:
            self.out.append(data)


def visible(html: str) -> tuple[list[str], set[str]]:
    """The visible texts of a screen, and the spot numbers on its map."""
    p = Visible()
    p.feed(html)
    p.close()
    return p.out, p.marks


def problems(html: str) -> list[str]:
    """What `html` shows a player that it should not: "<rule>: <the text around it>"."""
    texts, marks = visible(html)
    out = []
    for text in texts:
        for rule, pattern in RULES:
            for m in pattern.finditer(text):
                out.append(f"{rule}: …{text[max(0, m.start() - 40):m.end() + 40]}…")
        for m in SPOT.finditer(text):
            if m.group(1) not in marks:
                out.append(f"Spot {m.group(1)} with no mark {m.group(1)} on the map: {text[:80]}")
    return out
