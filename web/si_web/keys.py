"""Small Islands' keyboard shortcuts in words, for the `?` list (`game_shell.shortcuts`) and the
rules screen: what `controller.on_keydown` really does, and nothing more. Pure."""

from __future__ import annotations

from game_shell.i18n import N_
from game_shell.shortcuts import Keys

KEYS: Keys = [
    (N_("Arrow keys"), N_("On the map: go to the nearest spot in that direction. Elsewhere: go to the map")),
    (N_("Enter, Space"), N_("On a spot of the map: choose it; on the spot previewed: place the tile there")),
    (N_("R"), N_("Turn the tile you are placing (or Alexis's tile, when you choose how it is turned)")),
    (N_("Escape"), N_("Cancel: the tile's spot, the landing, or a question (you keep playing); "
     "or close the players' details")),
    (N_("Left arrow, Right arrow"), N_("In a replay: one move back or forward")),
    (N_("Page Up, Page Down"), N_("In a replay: one round back or forward")),
    (N_("Home, End"), N_("In a replay: the start or the end")),
]
