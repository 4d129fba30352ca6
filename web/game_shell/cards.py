"""The other games on the home game's start screen: one card each, "Continue" with its one
plain line (``<name>/summary``, written by the game) when it has a game in progress, else
"Play". Pure; the code of a game fetched on demand is not needed to show its card."""

from __future__ import annotations

from .registry import GamePlugin
from .storage import Storage
from .widgets import button, esc

OPEN = "open-game"  # the act of a card's button (``data-game``: the game's name)


def card(plugin: GamePlugin, summary: str | None) -> str:
    title = esc(plugin.title)
    if summary:
        return (
            f'<section class="card continue other-game" data-card="{esc(plugin.name)}">'
            f"<h2>Saved game: {title}</h2><p>{esc(summary)}</p>"
            + button(f"Continue {plugin.title}", OPEN, "btn primary", game=plugin.name, resume="1")
            + "</section>"
        )
    return (
        f'<section class="card other-game" data-card="{esc(plugin.name)}">'
        f"<h2>Another game: {title}</h2><p>{esc(plugin.blurb)}</p>"
        + button(f"Play {plugin.title}", OPEN, "btn", game=plugin.name)
        + "</section>"
    )


def cards(games: list[GamePlugin], storage: Storage) -> str:
    """The cards of every game but the home one."""
    return "".join(card(p, storage.get(p.summary_key)) for p in games if not p.home)
