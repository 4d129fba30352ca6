"""Small Islands, the home game: its code ships in the page's own archives and its start
screen is the app's."""

from __future__ import annotations

from collections.abc import Sequence

from game_shell.finished import Finished
from game_shell.i18n import N_
from game_shell.registry import Choice, GamePlugin
from game_shell.storage import Storage


def make_room(storage: Storage) -> int:
    """One older finished game keeps only its summary (or, when none has more, goes)."""
    from si_web.history import History

    return History(storage).make_room(1)


# Its own choices on the shared Settings screen (the device's settings record, under its name).
SETTINGS = (
    Choice("pace", N_("Computer pace"), (("relaxed", N_("Relaxed")), ("normal", N_("Normal")),
                                         ("fast", N_("Fast")), ("instant", N_("Instant"))),
           N_("How long each move of a computer player or of Alexis stays on screen."),
           default="normal"),
    Choice("confirm", N_("Confirm before placing"), (("on", N_("On")), ("off", N_("Off"))),
           N_("On: a tap on the map shows where the piece would go, and a second tap on Place "
              "here (or Land here, Build, Place port token) places it. Off: a tap places it at "
              "once when there is nothing else to choose there.")),
)

def finished(storage: Storage) -> Sequence[Finished]:
    """Its finished games, for the shell's statistics."""
    from si_web import stats

    return stats.finished(storage)


PLUGIN = GamePlugin(
    name="small-islands",
    title="Small Islands",
    order=0,
    entry="si_web.controller",
    packages=("small_islands", "si_web"),
    worker="small_islands.bots.worker:handle",
    first_screen="si_web.app:first_screen",
    blurb=N_("Explore the islands, build houses and fulfil your missions, alone or for 2 to 4."),
    make_room=make_room,
    finished=finished,
    moved={"small-islands/active-game": "games/active-game"},  # the shell's, in older builds
    # the picture of the next start, tied to the build that kept it: the shell keeps its own
    # caches of older builds: the picture of the next start, the Python snapshot's flag (its
    # key names the build, so an older snapshot is never restored: pyodide-boot.mjs)
    dropped=frozenset({"small-islands/first-paint", "small-islands/python-snapshot"}),
    import_where=N_("Menu, “Your games”, then “Import a file”"),
    settings=SETTINGS,
    old_settings=("small-islands/settings", "small-islands-settings/1"),  # the device's, before
)
