"""Small Islands' keyboard shortcuts in words, for the `?` list (`game_shell.shortcuts`) and the
rules screen: what `controller.on_keydown` really does, and nothing more. Pure."""

from __future__ import annotations

from game_shell.shortcuts import Keys

KEYS: Keys = [
    ("Arrow keys", "On the map: go to the nearest spot in that direction. Elsewhere: go to the map"),
    ("Enter, Space", "On a spot of the map: choose it; on the spot previewed: place the tile there"),
    ("R", "Turn the tile you are placing (or Alexis's tile, when you choose how it is turned)"),
    ("Escape", "Cancel: the tile's spot, the landing, or a question (you keep playing); "
     "or close the players' details"),
    ("Left arrow, Right arrow", "In a replay: one move back or forward"),
    ("Page Up, Page Down", "In a replay: one round back or forward"),
    ("Home, End", "In a replay: the start or the end"),
]
