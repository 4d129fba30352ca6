"""Ember Isle, a treasure hunt beneath a volcano: its code (engine and UI) is fetched from its
own archive when a player first chooses it."""

from __future__ import annotations

from collections.abc import Sequence

from game_shell.finished import Group, from_kept
from game_shell.kept_games import Summary
from game_shell.registry import GamePlugin, KeptWords

OLD = "small-islands/ember-"  # where the build before the per-game namespaces kept its records


def players(s: Summary) -> Sequence[Group]:
    """The statistics' grouping of a finished game: how many played."""
    n = len(s["seats"])
    return (Group("number of players", f"{n} players", n),)


PLUGIN = GamePlugin(
    name="ember-isle",
    title="Ember Isle",
    order=1,
    entry="ei_web.browser",
    packages=("ember_isle", "ei_web"),
    archive="ember.zip.gz",
    worker="ei_web.worker:handle",
    blurb="A treasure hunt beneath a volcano: clues, rovers, lava and Curses, for 2 to 4.",
    moved={OLD + record: "ember-isle/" + record
           for record in ("save", "summary", "settings", "history", "screen")},
    aliases=frozenset({"ember"}),  # the tab's active game, before the namespaces
    tab_keys=frozenset({"ember-isle/screen"}),
    styles=("ember.css",),  # linked by the page (its first paint is styled before its code)
    kept=KeptWords(
        ends={"deck": "the treasure deck ran out", "stall": "40 turns without a clue or a raise"},
        marks={"violet": "purple"},  # the violet rover wears the purple mark
        no_replay="Summary only: Ember Isle games have no replay.",
    ),
    finished=from_kept("ember-isle", "Ember Isle", levels=("easy", "medium"), groups=players),
)
