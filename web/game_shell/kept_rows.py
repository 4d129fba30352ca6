"""How "Your games" shows the finished games of the games that keep summaries
(`kept_games.KeptGames`, worded by `registry.KeptWords`): one section per game, its rows,
each with Delete (they have no replay). The frame of "Your games" (`your_games`) places each
game's section in registry order. Pure."""

from __future__ import annotations

from collections.abc import Callable

from .i18n import _, and_list, ngettext, number
from .kept_games import KeptGames, Summary
from .registry import GamePlugin, KeptWords
from .widgets import button, esc, swatch


def row(plugin: GamePlugin, s: Summary, when: Callable[[int], str]) -> str:
    """One kept game: marked with its game, who won, when, why it ended, seats (a person or
    a computer's level), scores; Delete. (A game's words for why it ended and its note are
    English, marked with `N_` where it registers them: translated here.)"""
    words = plugin.kept or KeptWords()
    winners = [seat["name"] for seat in s["seats"] if seat["rank"] == 1]
    head = ngettext("{names} won", "{names} win", len(winners)).format(names=and_list(winners))
    end = _(words.ends[s["end"]]) if s["end"] in words.ends else ""
    meta = (_("{game} · {when} · {end}") if end else _("{game} · {when}")).format(
        game=plugin.title, when=when(s["at"]), end=end)
    items = "".join(
        f'<li>{swatch(words.marks.get(seat["colour"], seat["colour"]))} {esc(seat["name"])}'
        + (' <span class="small">' + esc(_("(computer, {level})").format(level=_(seat["kind"])))
           + "</span>" if seat["kind"] != "human" else "")
        + ' <span class="pts">'
        + esc(ngettext("{n} point", "{n} points", seat["total"]).format(n=number(seat["total"])))
        + "</span>"
        + (' <b class="won">' + esc(_("winner")) + "</b>" if seat["rank"] == 1 else "") + "</li>"
        for seat in sorted(s["seats"], key=lambda seat: seat["rank"])
    )
    note = f'<span class="small">{esc(_(words.no_replay))}</span>' if words.no_replay else ""
    return (
        f'<li class="card game-row" data-game="{esc(s["id"])}" data-kind="{esc(plugin.name)}">'
        f'<h2>{esc(head)}</h2><p class="small">{esc(meta)}</p><ul class="seats-line">{items}</ul>'
        f'<div class="row">{note}'
        + button(_("Delete"), "delete", "btn", id=s["id"], game=plugin.name)
        + "</div></li>"
    )


def section(plugin: GamePlugin, index: KeptGames, when: Callable[[int], str]) -> str:
    """The finished games of one game (nothing when none is kept and the index reads)."""
    games = index.newest_first()
    broken = (
        '<p class="error" role="alert">'
        + esc(_("The {game} games kept on this device cannot be read; they are kept as they are, "
                "and moved aside when the next game is added.").format(game=plugin.title))
        + "</p>" if index.error else ""
    )
    if not games and not broken:
        return ""
    rows = "".join(row(plugin, s, when) for s in games)
    title = esc(_("{game} games").format(game=plugin.title))
    kept = esc(ngettext("({n} kept)", "({n} kept)", len(games)).format(n=number(len(games))))
    return (
        f'<section class="card kept-games" data-kept="{esc(plugin.name)}"><h2>{title}'
        f' <span class="small">{kept}</span></h2>{broken}</section>'
        + (f'<ol class="games" aria-label="{title}">{rows}</ol>' if rows else "")
    )
