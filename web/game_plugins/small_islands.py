"""Small Islands, the home game: its code ships in the page's own archives and its start
screen is the app's."""

from __future__ import annotations

from game_shell.registry import GamePlugin
from game_shell.storage import Storage


def make_room(storage: Storage) -> int:
    """One older finished game keeps only its summary (or, when none has more, goes)."""
    from si_web.history import History

    return History(storage).make_room(1)


PLUGIN = GamePlugin(
    name="small-islands",
    title="Small Islands",
    order=0,
    entry="si_web.controller",
    packages=("small_islands", "si_web"),
    worker="small_islands.bots.worker:handle",
    blurb="Explore the islands, build houses and fulfil your missions, alone or for 2 to 4.",
    make_room=make_room,
    moved={"small-islands/active-game": "games/active-game"},  # the shell's, in older builds
    # the picture of the next start, tied to the build that kept it: the shell keeps its own
    dropped=frozenset({"small-islands/first-paint"}),
    import_where="Menu, “Your games”, then “Import a file”",
)
