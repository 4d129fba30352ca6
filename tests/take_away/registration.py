"""Take Away's registration: what the shell knows of it. The build (``tools/build.py
--extra-game tests/take_away``) ships it as ``game_plugins/take_away.py`` beside the app's own
games, and the game's package in its own archive; nothing of the shell changes."""

from __future__ import annotations

from game_shell.finished import from_kept
from game_shell.registry import GamePlugin, KeptWords

PLUGIN = GamePlugin(
    name="take-away",
    title="Take Away",
    order=9,
    entry="take_away.browser",
    packages=("take_away",),
    archive="take-away.pack.gz",
    blurb="Fifteen stones, two players, take one to three: whoever takes the last one wins.",
    tab_keys=frozenset({"take-away/screen"}),
    kept=KeptWords(ends={"last": "the last stone was taken"},
                   no_replay="Summary only: Take Away games have no replay."),
    finished=from_kept("take-away", "Take Away"),  # its kept games count in the statistics
)
