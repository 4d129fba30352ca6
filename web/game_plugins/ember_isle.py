"""Ember Isle, a treasure hunt beneath a volcano: its code (engine and UI) is fetched from its
own archive when a player first chooses it."""

from __future__ import annotations

import math
from collections.abc import Sequence

from game_kit.errors import MalformedInput
from game_kit.jsonio import load_json
from game_shell.finished import Group, from_kept
from game_shell.i18n import N_, _, number
from game_shell.kept_games import Summary
from game_shell.markup import escape
from game_shell.registry import Choice, GamePlugin, KeptWords

OLD = "small-islands/ember-"  # where the build before the per-game namespaces kept its records


# The title picture (its card on the home game's start screen, its own start screen): a hex
# island in the island's own colours (`ei_web.board.FILL`), the volcano smoking in the middle,
# lava running down one side. Computed once here: the card needs none of the game's code.
_HEX = 17.0
_RINGS = ("", "JGMJGJ", "BBLBBGBBJBBM")  # ring 0 is the volcano; ring 2 the beaches
_GROUND = {"B": "#f1dc9a", "J": "#3f8f3a", "G": "#a9d46f", "M": "#9b8b7a", "L": "#5fb3d9"}
_DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _ring(n: int) -> list[tuple[int, int]]:
    if n == 0:
        return [(0, 0)]
    q, r = -n, n  # start south-west, walk the six sides
    out = []
    for dq, dr in _DIRS:
        for _step in range(n):
            out.append((q, r))
            q, r = q + dq, r + dr
    return out


def _hex(q: int, r: int, fill: str) -> str:
    x, y = 120 + _HEX * math.sqrt(3) * (q + r / 2), 92 + _HEX * 1.5 * r
    pts = " ".join(f"{x + _HEX * math.cos(math.radians(60 * i - 30)):.1f},"
                   f"{y + _HEX * math.sin(math.radians(60 * i - 30)):.1f}" for i in range(6))
    return f'<polygon points="{pts}" fill="{fill}"/>'


def title_picture() -> str:
    """Ember Isle's title picture (an inline SVG, named for screen readers)."""
    ground = "".join(_hex(q, r, _GROUND[letter]) for n in (1, 2)
                     for (q, r), letter in zip(_ring(n), _RINGS[n], strict=True))
    return (
        '<svg class="title-pic ei-title" viewBox="0 0 240 170" role="img" aria-label="'
        + escape(_("Ember Isle: a hex island with a smoking volcano in its middle"), quote=True)
        + '">'
        '<rect width="240" height="170" rx="14" fill="#1f6f8b"/>'
        '<path d="M14 30q7-4 14 0M200 24q7-4 14 0M18 140q7-4 14 0M206 150q7-4 14 0" fill="none" '
        'stroke="#bff0f5" stroke-width="2" stroke-opacity="0.6" stroke-linecap="round"/>'
        f'<g stroke="#0e4d64" stroke-width="1.2">{ground}{_hex(0, 0, "#5a2c1e")}</g>'
        '<path d="M136 100q8 10 4 22q-2 10 10 20" fill="none" stroke="#e0531f" stroke-width="5" '
        'stroke-linecap="round"/><path d="M138 104q6 8 3 18" fill="none" stroke="#ffd24a" '
        'stroke-width="1.6" stroke-linecap="round"/>'
        '<path d="M98 104L112 78H128L142 104Z" fill="#3b1a10"/>'
        '<path d="M112 78Q120 84 128 78L124 72H116Z" fill="#ff7a2f"/>'
        '<g fill="#d8d2c0" fill-opacity="0.85"><circle cx="118" cy="62" r="7"/>'
        '<circle cx="128" cy="50" r="9"/><circle cx="141" cy="36" r="11"/></g></svg>'
    )


# The statistics' grouping (its words in English, as a record holds them: `_` where shown)
PLAYERS = N_("number of players")  # "Average score by number of players"
TABLES = {2: N_("2 players"), 3: N_("3 players"), 4: N_("4 players")}


def players(s: Summary) -> Sequence[Group]:
    """The statistics' grouping of a finished game: how many played."""
    n = len(s["seats"])
    return (Group(PLAYERS, TABLES.get(n, f"{n} players"), n),)


def summary_words(stored: str) -> str:
    """The start screen's line for a game in progress, from its ``summary`` record
    (`ei_web.session.summary`: the seats' names and kinds, the turn, whether it is over) in
    the player's language; an older build's record, a plain English line, as it is."""
    try:
        record = load_json(stored, "Ember Isle summary")
        seats = [(str(s["name"]), bool(s["bot"])) for s in record["seats"]]
        turn, over = int(record["turn"]), bool(record["over"])
    except (MalformedInput, ValueError, TypeError, KeyError):
        return stored
    names = ", ".join(_("{name} (computer)").format(name=n) if bot else n for n, bot in seats)
    if over:
        return _("Ember Isle, finished: {names}").format(names=names)
    return _("Ember Isle: {names} — turn {n}").format(names=names, n=number(turn))


# Its own choice on the shared Settings screen (`ei_web.coach`: the first-game tips).
SETTINGS = (
    Choice("tips", N_("First-game tips"), (("on", N_("On")), ("off", N_("Off"))),
           N_("Short tips explain each step of a game the first time you meet it, one at a time, "
              "each with a link to its rules. A tip you have seen does not come back.")),
)

PLUGIN = GamePlugin(
    name="ember-isle",
    title="Ember Isle",
    order=1,
    entry="ei_web.browser",
    packages=("ember_isle", "ei_web"),
    archive="ember.pack.gz",
    worker="ei_web.worker:handle",
    blurb=N_("A treasure hunt beneath a volcano: clues, rovers, lava and Curses, for 2 to 4."),
    picture=title_picture,
    settings=SETTINGS,
    moved={OLD + record: "ember-isle/" + record
           for record in ("save", "summary", "settings", "history", "screen")},
    aliases=frozenset({"ember"}),  # the tab's active game, before the namespaces
    tab_keys=frozenset({"ember-isle/screen"}),
    styles=("ember.css",),  # linked by the page (its first paint is styled before its code)
    kept=KeptWords(
        ends={"deck": N_("the treasure deck ran out"),
              "stall": N_("40 turns without a clue or a raise")},
        marks={"violet": N_("purple")},  # the violet rover wears the purple mark
        no_replay=N_("Summary only: Ember Isle games have no replay."),
    ),
    summary_words=summary_words,
    finished=from_kept("ember-isle", "Ember Isle", levels=("easy", "medium", "hard"),
                       groups=players),
)
