"""Ember Isle's keyboard shortcuts in words, for the `?` list (`game_shell.shortcuts`) and the
rules screen: what `browser.on_keydown` really does, and nothing more. Pure."""

from __future__ import annotations

from game_shell.i18n import N_
from game_shell.shortcuts import Keys

KEYS: Keys = [
    (N_("Arrow keys"), N_("On the map: go to the next or the previous space you can choose")),
    (N_("Enter, Space"), N_("On a space of the map: choose it")),
    (N_("Escape"), N_("Cancel the choice being made (a clue, a move, a space)")),
]
