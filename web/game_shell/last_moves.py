"""The last moves on the map, for every game: what the other seats did since a seat's own
turn (`since_turn`, over any game's public log of entries with a ``"seat"``), their marks on
the map (`group`, `marks_svg`: a badge in the mover's colour with the colour's own shape,
never a piece, named for screen readers), the recap's lines as buttons that show a move
(`recap_item`), and when the marks first appear, once (`Showing`). Pure.

A game says where each move is (`Move.at`, a point of its map in its own units) and in what
words (`Move.did`); the badge is drawn at that point, `size` units wide. Fresh marks (their
group's class ``fresh``) pop in once, one after the other, when they first appear, never when
the device's motion setting is off (``body[data-motion="off"]``) or the system asks for
reduced motion (both in styles.css).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .i18n import _
from .markup import escape
from .widgets import MARKS

Entry = dict[str, Any]


def since_turn(log: Sequence[Entry], seat: int | None, limit: int = 12) -> list[tuple[int, Entry]]:
    """(index in `log`, entry): what the others did since `seat`'s previous turn, oldest
    first -- the entries after that seat's last ones, skipping its own current turn. Before
    the seat ever played: the others' entries so far. At most `limit` (the latest)."""
    if seat is None:
        return []
    i = len(log)
    while i > 0 and log[i - 1].get("seat") == seat:
        i -= 1
    j = i
    while j > 0 and log[j - 1].get("seat") != seat:
        j -= 1
    if j == 0 and not any(e.get("seat") == seat for e in log):
        return [(k, log[k]) for k in range(i) if log[k].get("seat") is not None][-limit:]
    return [(k, log[k]) for k in range(j, i)][-limit:]


@dataclass(frozen=True)
class Move:
    """One move of another seat at one place of the map: `line`, the recap line it comes
    from (its number, 1 for the oldest); `colour`, the mover's colour (a key of `MARKS`, else
    grey); `who` and `did` ("Bob", "placed a tile"); `at`, the point of the map it marks."""

    line: int
    colour: str
    who: str
    did: str
    at: tuple[float, float]


@dataclass
class Mark:
    """The moves made at one point: one badge, named by all of them."""

    at: tuple[float, float]
    colour: str
    lines: list[int] = field(default_factory=list)
    said: list[tuple[str, list[str]]] = field(default_factory=list)  # (who, what they did)

    @property
    def name(self) -> str:
        """The mark's accessible name: "Bob placed a tile and built a house here"."""
        return "; ".join(_("{who} {did} here").format(who=who, did=and_list(did))
                         for who, did in self.said)


def and_list(items: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def group(moves: Sequence[Move]) -> list[Mark]:
    """One mark per point, in the order the moves were made (the latest mover's colour)."""
    marks: dict[tuple[float, float], Mark] = {}
    for m in moves:
        mark = marks.setdefault(m.at, Mark(m.at, colour_of(m.colour)))
        mark.colour = colour_of(m.colour)
        if m.line not in mark.lines:
            mark.lines.append(m.line)
        if mark.said and mark.said[-1][0] == m.who:
            if m.did not in mark.said[-1][1]:
                mark.said[-1][1].append(m.did)
        else:
            mark.said.append((m.who, [m.did]))
    return list(marks.values())


def colour_of(colour: str | None) -> str:
    """The colour a mark is drawn in: one with its own shape, else grey."""
    return colour if colour in MARKS else "grey"


def badge(mark: Mark, size: float, order: int = 0, shown: bool = False) -> str:
    """One mark: a round badge `size` units wide centred on its point, in the mover's colour
    with the colour's shape (no piece's outline), a white ring, and the recap line's number;
    `order`: its place in the playback (class ``n0``, ``n1``...: the motion's delay);
    `shown`: the move a recap line asked to show (a wide ring about it)."""
    c = colour_of(mark.colour)
    x, y = mark.at
    k = size / 24  # the shapes are drawn about (0, 3) for a 24-unit badge
    lines = " ".join(str(n) for n in mark.lines)
    number = str(mark.lines[-1]) if mark.lines else ""
    ring = f'<circle class="last-shown" r="{19 * k:g}" stroke-width="{3 * k:g}"/>' if shown else ""
    num = (
        f'<g class="last-num"><circle cx="{11 * k:g}" cy="{-11 * k:g}" r="{6.5 * k:g}" '
        f'stroke-width="{1.2 * k:g}"/><text x="{11 * k:g}" y="{-7.6 * k:g}" '
        f'font-size="{9.5 * k:g}">{number}</text></g>'
        if number else ""
    )
    return (
        f'<g class="last-mark{" shown" if shown else ""}" role="img" '
        f'aria-label="{escape(mark.name)}" data-lines="{lines}" '
        f'transform="translate({x:.1f} {y:.1f})"><g class="last-pop n{min(order, 7)}">{ring}'
        f'<circle class="last-badge f-{c}" r="{12 * k:g}" stroke-width="{2.4 * k:g}"/>'
        f'<g class="k-{c}" transform="scale({k:g}) translate(0 -3)">{MARKS[c]}</g>'
        f"{num}</g></g>"
    )


def marks_svg(
    marks: Sequence[Mark], size: float, fresh: bool = False, shown: int | None = None,
    paths: Sequence[str] = (),
) -> str:
    """Every mark as one SVG group (under the step's targets, never catching a tap);
    `fresh`: they appear now (the motion, once); `shown`: the recap line asked to show;
    `paths`: the game's own lines under the badges (a rover's path)."""
    if not marks and not paths:
        return ""
    fresh_cls = " fresh" if fresh else ""
    body = "".join(paths) + "".join(
        badge(m, size, i, shown is not None and shown in m.lines) for i, m in enumerate(marks)
    )
    named = escape(_("Since your turn"))
    return f'<g class="last-marks{fresh_cls}" aria-label="{named}" role="group">{body}</g>'


def recap_item(line: int, lead: str, text_html: str, act: str, shown: bool = False) -> str:
    """A recap line as a button that shows its move on the map (`act`, with ``data-line``):
    `lead` (the mover's swatch) and the line's words, numbered as its mark."""
    on = ' aria-current="true"' if shown else ""
    return (
        f'<li class="with-swatch recap-line"><button type="button" class="recap-show" '
        f'data-act="{escape(act)}" data-line="{line}"{on}>'
        f'<span class="recap-num" aria-hidden="true">{line}</span>{lead}'
        f'<span class="recap-words">{text_html}</span>'
        '<span class="sr"> ' + escape(_("(show on the map)")) + "</span></button></li>"
    )


class Showing:
    """The marks on one device: their motion plays once per set of moves (`first`), not at
    every tap that draws the map again; and the recap line a tap asked to show (`show`),
    until the moves change. A set of moves is known by a key: the game, the seat and the
    index of the last move (`last_index`)."""

    def __init__(self) -> None:
        self.seen: Hashable | None = None
        self.at: Hashable | None = None
        self.fresh = False  # were the moves fresh in the last drawing?
        self.key: Hashable | None = None
        self.line: int | None = None

    def first(self, key: Hashable, at: Hashable = None) -> bool:
        """True the first time the moves `key` are drawn; and, given `at` (the position:
        the game's length), at every drawing of that same position (a page that draws a
        screen twice, or redraws the map's layer of its marks), never after a move."""
        if key != self.seen:
            self.seen, self.at, self.fresh = key, at, True
        else:
            self.fresh = at is not None and at == self.at
        return self.fresh

    def redraw(self) -> None:
        """The screen just drawn is drawn again at once (the page measured the map): moves
        that were fresh in it stay fresh."""
        if self.fresh:
            self.seen = None

    def show(self, key: Hashable, line: int | None) -> None:
        """Show the recap line `line` of the moves `key` (None: none)."""
        self.key, self.line = key, line

    def shown(self, key: Hashable) -> int | None:
        """The recap line shown for the moves `key`, if any."""
        return self.line if key == self.key else None


def last_index(log: Sequence[Entry], seat: int | None) -> int:
    """The moves' identity in a log (with the game and the seat): the index after the last
    of them (-1: none), so that the seat's own moves after them keep the same key."""
    found = since_turn(log, seat)
    return found[-1][0] + 1 if found else -1


def shown_line(data: dict[str, Any], count: int) -> int | None:
    """The recap line a tap asked to show (``data-line``), if it is one of `count` lines."""
    try:
        n = int(str(data.get("line", "")))
    except ValueError:
        return None
    return n if 1 <= n <= count else None

