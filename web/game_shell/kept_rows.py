"""How "Your games" shows the finished games of the games that keep summaries
(`kept_games.KeptGames`, worded by `registry.KeptWords`): one section per game, its rows,
each with Delete (they have no replay). The frame of "Your games" (`your_games`) places each
game's section in registry order. Pure."""

from __future__ import annotations

from collections.abc import Callable

from .kept_games import KeptGames, Summary
from .registry import GamePlugin, KeptWords
from .widgets import button, esc, swatch


def row(plugin: GamePlugin, s: Summary, when: Callable[[int], str]) -> str:
    """One kept game: marked with its game, who won, when, why it ended, seats (a person or
    a computer's level), scores; Delete."""
    words = plugin.kept or KeptWords()
    winners = [seat["name"] for seat in s["seats"] if seat["rank"] == 1]
    head = " and ".join(winners) + (" win" if len(winners) > 1 else " won")
    end = words.ends.get(s["end"], "")
    meta = f"{plugin.title} · {when(s['at'])}" + (f" · {end}" if end else "")
    items = "".join(
        f'<li>{swatch(words.marks.get(seat["colour"], seat["colour"]))} {esc(seat["name"])}'
        + (f' <span class="small">(computer, {esc(seat["kind"])})</span>' if seat["kind"] != "human" else "")
        + f' <span class="pts">{seat["total"]} points</span>'
        + (' <b class="won">winner</b>' if seat["rank"] == 1 else "") + "</li>"
        for seat in sorted(s["seats"], key=lambda seat: seat["rank"])
    )
    note = f'<span class="small">{esc(words.no_replay)}</span>' if words.no_replay else ""
    return (
        f'<li class="card game-row" data-game="{esc(s["id"])}" data-kind="{esc(plugin.name)}">'
        f'<h2>{esc(head)}</h2><p class="small">{esc(meta)}</p><ul class="seats-line">{items}</ul>'
        f'<div class="row">{note}'
        + button("Delete", "delete", "btn", id=s["id"], game=plugin.name)
        + "</div></li>"
    )


def section(plugin: GamePlugin, index: KeptGames, when: Callable[[int], str]) -> str:
    """The finished games of one game (nothing when none is kept and the index reads)."""
    games = index.newest_first()
    broken = (
        f'<p class="error" role="alert">The {esc(plugin.title)} games kept on this device cannot '
        "be read; they are kept as they are, and moved aside when the next game is added.</p>"
        if index.error else ""
    )
    if not games and not broken:
        return ""
    rows = "".join(row(plugin, s, when) for s in games)
    title = esc(plugin.title)
    return (
        f'<section class="card kept-games" data-kept="{esc(plugin.name)}"><h2>{title} games'
        f' <span class="small">({len(games)} kept)</span></h2>{broken}</section>'
        + (f'<ol class="games" aria-label="{title} games">{rows}</ol>' if rows else "")
    )
