"""The app's start screen (`start_screen`): the home game's title and panel, every other game's
card, and the menu of what the shell keeps for all games ("Your games", "Statistics",
"Settings") around the home game's own entries. A card says "Continue" with its game's one
plain line (``<name>/summary``, written by the game) when it has a game in progress, else
"Play"; it shows its game's title picture (`GamePlugin.picture`) when it has one. Pure; the
code of a game fetched on demand is not needed to show its card.

The home game hosts the screen (its entry module shows it and handles its taps: the acts
below, `OPEN` with ``data-game``)."""

from __future__ import annotations

from collections.abc import Sequence

from .i18n import _
from .registry import GamePlugin
from .storage import Storage
from .widgets import button, esc

OPEN = "open-game"  # the act of a card's button (``data-game``: the game's name)
HISTORY, STATS, SETTINGS = "history", "stats", "settings"  # the shell's screens, for all games


def card(plugin: GamePlugin, summary: str | None) -> str:
    """A game's card: its title picture (`GamePlugin.picture`, trusted markup of its own
    registration), its name, and Play, or Continue with its game's one line."""
    pic = f'<div class="card-pic">{plugin.picture()}</div>' if plugin.picture else ""
    if summary:
        saved = esc(_("Saved game: {title}").format(title=plugin.title))
        return (
            f'<section class="card continue other-game" data-card="{esc(plugin.name)}">'
            f"{pic}<h2>{saved}</h2><p>{esc(summary)}</p>"
            + button(_("Continue {title}").format(title=plugin.title), OPEN, "btn primary",
                     game=plugin.name, resume="1")
            + "</section>"
        )
    another = esc(_("Another game: {title}").format(title=plugin.title))
    return (
        f'<section class="card other-game" data-card="{esc(plugin.name)}">'
        f"{pic}<h2>{another}</h2><p>{esc(_(plugin.blurb))}</p>"
        + button(_("Play {title}").format(title=plugin.title), OPEN, "btn", game=plugin.name)
        + "</section>"
    )


def cards(games: list[GamePlugin], storage: Storage) -> str:
    """The cards of every game but the home one."""
    return "".join(card(p, p.summary_line(storage.get(p.summary_key))) for p in games if not p.home)


def start_screen(title: str, top: str, others: str, panel: str, entries: Sequence[str] = (),
                 foot: str = "", picture: str = "") -> str:
    """The start screen: `title` (with the home game's title `picture` above it, an inline
    SVG named for screen readers, when it has one), then the home game's `top` (a tagline,
    its game in progress), the other games' `cards`, the home game's `panel` (its new game),
    and the menu: the shell's "Your games" and "Statistics", the home game's `entries`
    (buttons), the shell's "Settings"; `foot` last."""
    menu = (button(_("Your games"), HISTORY, "btn") + button(_("Statistics"), STATS, "btn")
            + "".join(entries) + button(_("Settings"), SETTINGS, "btn"))
    menu_name = esc(_("Menu"))
    head = f"<h1>{esc(title)}</h1>"
    if picture:
        head = f'<header class="title-head">{picture}{head}</header>'
    return (
        f'<section class="screen start">{head}{top}{others}{panel}'
        f'<nav class="row" aria-label="{menu_name}">{menu}</nav>{foot}</section>'
    )
