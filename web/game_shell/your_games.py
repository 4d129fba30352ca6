"""The frame of "Your games", the screen of every game's finished games kept on this device:
its title; Statistics (``stats``), the import button (a file chooser, ``data-file="import"``)
and Back or Menu (``menu``); the messages of the last tap; then one section per game, in
registry order. A game that renders its own section (the home game: its filters, replay,
export…) gives it as an `Own`; the others' kept summaries are listed by `kept_rows`. When no
game keeps a finished game the screen says so once; when only the others do, the game with a
section of its own says it keeps none. Pure.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from . import kept_rows
from .i18n import _
from .kept_games import KeptGames
from .markup import escape
from .registry import GamePlugin
from .widgets import button

SCREEN = "history"  # the home app's name of this screen (a game's `host.Back` may open it)


@dataclass(frozen=True)
class Own:
    """A game's own section of "Your games", rendered by its code: `kept` is how many
    finished games it keeps; `render` gives the section, with the line to show where its
    games would be when it keeps none (empty otherwise)."""

    kept: int
    render: Callable[[str], str]


def empty_line(title: str | None = None) -> str:
    """No finished game is kept (of the game `title`, when others keep some)."""
    text = (_("No finished {game} game is kept yet: every game you finish on this device appears "
              "here.").format(game=title) if title else
            _("No finished game is kept yet: every game you finish on this device appears here."))
    return f'<p class="empty">{escape(text)}</p>'


def import_picker() -> str:
    """The file chooser, as a button-sized label (the input covers it: taps and the keyboard
    reach the input itself)."""
    return (
        '<label class="btn file-pick">' + escape(_("Import a file")) +
        '<input type="file" accept=".json,application/json,text/plain" data-file="import">'
        "</label>"
    )


def sections(games: Sequence[GamePlugin], own: Mapping[str, Own], kept: Mapping[str, KeptGames],
             when: Callable[[int], str]) -> str:
    """Each game's section, in registry order (see the module doc)."""
    counts = [own[p.name].kept if p.name in own else len(kept[p.name].games) if p.name in kept else 0
              for p in games]
    total = sum(counts)
    out = ""
    for plugin in games:
        if plugin.name in own:
            mine = own[plugin.name]
            out += mine.render("" if mine.kept else empty_line(plugin.title if total else None))
        elif plugin.name in kept:
            out += kept_rows.section(plugin, kept[plugin.name], when)
    if not total and not own:
        out += empty_line()
    return out


def page(games: Sequence[GamePlugin], own: Mapping[str, Own], kept: Mapping[str, KeptGames],
         when: Callable[[int], str], *, back: str | None = None, messages: str = "",
         dialog: str = "") -> str:
    """The whole screen: `back` labels the button that leaves it, `messages` are the last
    tap's (None: "Menu"), `dialog` the question open over the list (if any)."""
    return (
        f'<section class="screen history" data-screen="{SCREEN}">'
        "<h1>" + escape(_("Your games")) + "</h1>"
        '<div class="row">'
        + button(_("Statistics"), "stats", "btn")
        + import_picker()
        + button(_("Menu") if back is None else back, "menu", "btn")
        + "</div>"
        + messages
        + sections(games, own, kept, when)
        + dialog
        + "</section>"
    )
