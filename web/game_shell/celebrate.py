"""The end screen's celebration, for every game: the winner (or the winners of a tie) big,
each as a house in their colour with the colour's mark (never colour alone), a burst of
confetti in the winners' colours that plays once, and one sentence in words that names them
(`winner_words`, read by screen readers: the confetti and the houses are hidden from them).

The motion is CSS only (``.celebrate .cf``, ``.celebrate .rays``; styles.css), off when the
device asks for reduced motion or the player turned the game's motion off
(``body[data-motion="off"]``): the confetti then lies still. Pure.

>>> winner_words([("Ana", 42)])
'Ana wins with 42 points. Well played!'
>>> winner_words([("Ana", 40), ("Bo", 40)])
'A tie: Ana and Bo share the win with 40 points each. Well played!'
>>> winner_words([("You", 1)])
'You win with 1 point. Well played!'
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .i18n import _, ngettext, number
from .markup import escape
from .widgets import MARKS, swatch

PIECES = 36  # confetti pieces around the burst
_SHAPES = ('<rect x="-7" y="-3" width="14" height="6" rx="1.5"/>', '<circle r="4.5"/>',
           '<path d="M-6 5L0-6L6 5Z"/>')


def names(parts: Sequence[str]) -> str:
    """'Ana', 'Ana and Bo', 'Ana, Bo and Cy'."""
    if len(parts) == 1:
        return parts[0]
    return _("{names} and {last}").format(names=", ".join(parts[:-1]), last=parts[-1])


def winner_words(winners: Sequence[tuple[str, int]]) -> str:
    """The winners named in a sentence: (name, points) of each (ties: several)."""
    if not winners:
        return _("The game is over.")
    who = names([n for n, _points in winners])
    points = winners[0][1]
    if len(winners) > 1:
        return ngettext("A tie: {names} share the win with {n} point each. Well played!",
                        "A tie: {names} share the win with {n} points each. Well played!",
                        points).format(names=who, n=number(points))
    if who == "You":
        return ngettext("You win with {n} point. Well played!",
                        "You win with {n} points. Well played!", points).format(n=number(points))
    return ngettext("{name} wins with {n} point. Well played!",
                    "{name} wins with {n} points. Well played!", points).format(
        name=who, n=number(points))


def _confetti(colours: Sequence[str]) -> str:
    """Pieces on two rings about the middle, in the winners' colours and gold (fixed places:
    the same picture at every render)."""
    inks = [f"f-{c}" for c in colours] + ["cf-gold", "cf-sand"]
    out = []
    for i in range(PIECES):
        a = 2 * math.pi * i / PIECES + 0.13 * (i % 3)
        radius = (56, 84, 108)[i % 3]
        x, y = radius * math.cos(a) * 1.4, radius * math.sin(a) * 0.56
        out.append(
            f'<g transform="translate({x:.0f} {y:.0f}) rotate({(i * 47) % 180})">'
            f'<g class="cf cf-{i % 4} {inks[i % len(inks)]}">{_SHAPES[i % 3]}</g></g>'
        )
    return "".join(out)


def celebration(winners: Sequence[tuple[str, str, int]]) -> str:
    """The celebration: (name, colour, points) of each winner."""
    colours = [c if c in MARKS else "grey" for _n, c, _p in winners]
    rays = "".join(
        f"M0 0L{160 * math.cos(2 * math.pi * k / 16):.0f} {70 * math.sin(2 * math.pi * k / 16):.0f}"
        for k in range(16)
    )
    burst = (
        '<svg class="burst" viewBox="-160 -70 320 140" aria-hidden="true" focusable="false">'
        f'<path class="rays" d="{rays}"/>{_confetti(colours)}</svg>'
    )
    champs = "".join(
        f'<span class="champ" data-colour="{escape(c)}">{swatch(c)}'
        f'<span class="champ-name" aria-hidden="true">{escape(n)}</span></span>'
        for (n, _c, _p), c in zip(winners, colours, strict=True)
    )
    said = winner_words([(n, p) for n, _c, p in winners])
    tie = "tie" if len(winners) > 1 else "one"
    return (
        f'<div class="celebrate" data-winners="{tie}">{burst}'
        f'<div class="champs">{champs}</div><p class="winner-words">{escape(said)}</p></div>'
    )
