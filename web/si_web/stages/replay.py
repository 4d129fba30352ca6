"""The replay viewer: a finished game step by step, everything revealed.

It opens on the first position (the starting tiles on the map). Play plays the game by itself
at the chosen pace (slow, normal, fast; the browser layer's timer taps ``replay-tick``), Pause
or any step stops it. Buttons step one action back or forward, to the previous or next round,
to the start or the end; a slider spans the whole game; the keyboard does the same (Space or
K play and pause, arrows, Page Up/Down for rounds, Home/End; `kept_browser.replay_key`). The screen is built in parts (`parts`) so that
the controller replaces only what changed and never the slider under a finger.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game_shell import last_moves
from game_shell.i18n import _, number, pgettext
from game_shell.widgets import button, swatch
from small_islands import Land, PlaceTile
from small_islands.view import SeatView

from .. import marks, words
from ..board_svg import (
    BoardHints,
    board_layers,
    board_layers_svg,
    board_open,
    content_box,
    fit_viewbox,
    glyph_defs_svg,
    mini_tile_svg,
    view_tiles,
)
from ..panels import game_log, log_item, objective_text, phase_name
from ..replay import PACE_LABELS, Replay, revealed
from ..screens import esc
from .base import Data, Screen

if TYPE_CHECKING:
    from ..port import Table

PARTS = ("rp-bar", "rp-board", "rp-panel", "rp-buttons")
STEPS = ("first", "prev-round", "prev", "next", "next-round", "last")


def where_label(r: Replay) -> str:
    """'Move 34 of 120 · Round 2 · Exploration'."""
    m = r.marks[r.step]
    phase = phase_name(m.phase)
    if r.step == 0:
        text = _("Start of the game · Round {round} · {phase}") if m.round else _("Start of the game · {phase}")
    else:
        text = _("Move {n} of {last} · Round {round} · {phase}") if m.round else _("Move {n} of {last} · {phase}")
    return text.format(n=number(r.step), last=number(r.last), round=number(m.round), phase=phase)


def _box(r: Replay) -> tuple[float, float, float, float]:
    """The whole final map, so that the view does not move while tiles are added."""
    if r.box is None:
        board = r.final.view(0)["board"]
        cells = [(t["x"], t["y"]) for t in board["tiles"]]
        r.box = fit_viewbox(content_box(cells, board["width"], board["height"]))
    return r.box


def board_part(r: Replay, v: SeatView, new: list[dict[str, Any]]) -> str:
    if r.step == 0:  # the first position: the starting tiles, not an empty sea
        v = r.opening().view(0)
    tiles = view_tiles(v["board"])
    hints = BoardHints(hit_cells=False)
    action = r.actions[r.step - 1] if r.step else None
    if isinstance(action, PlaceTile | Land):
        hints.selected = (action.x, action.y)
    hints.recent = marks.svg(last_moves.group(marks.moves(new, v)))
    label = _("The map: {where}").format(where=where_label(r))
    # its own id: the game map's pan and zoom gestures (the controller's, on #board) stay off
    opening = board_open(_box(r), label).replace('id="board"', 'id="replay-map"', 1)
    return opening + board_layers_svg(*board_layers(v["board"], tiles, hints), hints.recent)


def scores_part(g: Any) -> str:
    rows = sorted(g.scores(), key=lambda row: (row["rank"], row["seat"]))
    over = g.phase == "over"
    body = "".join(
        f'<tr data-seat="{row["seat"]}"><td>{row["rank"] if over else ""}</td>'
        f'<td>{swatch(row["colour"])} {esc(row["name"])}</td><td>{row["prestige"]}</td>'
        f'<td>{row["discovery"]}</td><td>{row["ship_ports"]}</td>'
        f'<td><b data-total="{row["seat"]}">{row["total"]}</b></td></tr>'
        for row in rows
    )
    title = _("Final scores") if over else _("Scores at this point")
    head = "".join(f"<th>{esc(h)}</th>" for h in (
        "#", _("Player"), _("PP"), _("Discovery"), _("Ship ports"), _("Total")))
    return (
        f'<section class="card"><h2>{esc(title)}</h2><div class="scores-wrap"><table class="scores">'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div></section>"
    )


def secrets_part(g: Any, v: SeatView) -> str:
    """Every seat's hand, objectives, cards and Discovery tokens (all revealed)."""
    items = []
    for info in revealed(g):
        seat = v["seats"][info["seat"]]
        head = f'<h3>{swatch(seat["colour"])} {esc(seat["name"])}</h3>'
        if not info["player"]:
            solo = v.get("solo") or {}
            card = solo.get("card")
            text = words.alexis_card_words(card) if card else _("no card turned over")
            items.append(f'<div class="seat-secrets">{head}<p class="small">'
                         + esc(_("Card: {card}").format(card=text)) + "</p></div>")
            continue
        hand = "".join(
            f'<span class="thumb-tile">{mini_tile_svg(t["points"], t["symbols"], 0, words.tile_words(t["points"], t["symbols"]))}</span>'
            for t in info["hand"]
        ) or '<span class="small">' + esc(_("no tiles")) + "</span>"
        objs = ""
        for key, label in (("objective", _("This round")), ("next_objective", _("Next round"))):
            o = info[key]
            if o:
                objs += '<p class="small">' + _("<b>{when}:</b> {mission}; reward: {reward}").format(
                    when=esc(label), mission=esc(o["mission_text"]), reward=esc(o["reward_text"])) + "</p>"
        held = "; ".join(" / ".join(t for t in objective_text(c) if t) for c in info["held"])
        disc = _(", ").join(number(d) for d in info["discovery"]) or _("none")
        items.append(
            f'<div class="seat-secrets" data-seat="{info["seat"]}">{head}'
            '<div class="tiles small-tiles" aria-label="' + esc(_("Hand tiles")) + f'">{hand}</div>{objs}'
            + ('<p class="small">' + _("<b>Cards held:</b> {cards}").format(cards=esc(held)) + "</p>"
               if held else "")
            + '<p class="small">' + _("<b>Discovery tokens:</b> {tokens}").format(tokens=esc(disc))
            + "</p></div>"
        )
    return ('<section class="card secrets"><h2>' + esc(_("Everything revealed")) + "</h2>"
            + "".join(items) + "</section>")


def panel_part(r: Replay, g: Any, v: SeatView, new: list[dict[str, Any]]) -> str:
    if r.step == 0:
        now = "<p>" + esc(_(
            "The game is set up: the starting tiles lie in the middle of the map. Press "
            "Play to watch the game by itself, or step forward one move at a time.")) + "</p>"
    else:
        now = "<ol>" + "".join(log_item(e, v) for e in new) + "</ol>" if new else ""
    return (
        f'<section class="card steps"><h2>{esc(where_label(r))}</h2>{now}</section>'
        + scores_part(g)
        + secrets_part(g, v)
        + game_log(v, [], limit=40)
        + '<section class="card keys"><h2>' + esc(_("Keys")) + '</h2><p class="small">'
        + esc(_("Space or K: play or pause. Left and right arrows: one move back or forward. Page "
                "Up and Page Down: a round back or forward. Home and End: the start or the end."))
        + "</p></section>"
    )


def buttons_part(r: Replay) -> str:
    at_start, at_end = r.step == 0, r.step == r.last
    paces = "".join(
        f'<option value="{v}"{" selected" if v == r.pace else ""}>{esc(_(t))}</option>'
        for v, t in PACE_LABELS
    )
    play = (
        button(_("Pause"), "replay-play", "btn primary play-btn", shortcut="Space",
               name=_("Pause the replay"))
        if r.playing
        else button(pgettext("replay", "Play"), "replay-play", "btn primary play-btn", disabled=r.last == 0,
                    shortcut="Space", name=_("Play the replay by itself"))
    )
    return (
        '<div class="actions-row replay-play" role="group" aria-label="'
        + esc(_("Play by itself")) + '">'
        + play
        + '<label class="pace">' + esc(_("Pace")) + ' <select data-change="replay-pace">'
        + paces
        + "</select></label></div>"
        '<div class="actions-row replay-buttons" role="group" aria-label="'
        + esc(_("Replay controls")) + '">'
        + button(pgettext("replay", "Start"), "step", "btn", disabled=at_start, shortcut="Home",
                 name=_("To the start"), to="first")
        + button(pgettext("replay", "Round −"), "step", "btn", disabled=at_start, shortcut="PageUp",
                 name=_("Previous round"), to="prev-round")
        + button(pgettext("replay", "Back"), "step", "btn", disabled=at_start, shortcut="ArrowLeft",
                 name=_("One move back"), to="prev")
        + button(pgettext("replay", "Forward"), "step", "btn primary", disabled=at_end, shortcut="ArrowRight",
                 name=_("One move forward"), to="next")
        + button(pgettext("replay", "Round +"), "step", "btn", disabled=at_end, shortcut="PageDown",
                 name=_("Next round"), to="next-round")
        + button(pgettext("replay", "End"), "step", "btn", disabled=at_end, shortcut="End", name=_("To the end"),
                 to="last")
        + "</div>"
    )


def bar_part(r: Replay) -> str:
    return (
        '<header class="bar"><span class="who"><span class="who-text"><b>'
        + esc(pgettext("the viewer's title", "Replay"))
        + f'</b><span class="phase">{esc(r.title)}</span></span></span>'
        f'<span class="stat" data-where="1">{esc(where_label(r))}</span>'
        '<span class="bar-buttons">' + button(_("Close"), "close", "btn") + "</span></header>"
    )


def slider(r: Replay) -> str:
    return (
        '<label class="slider"><span class="sr">' + esc(pgettext("replay", "Move")) + "</span>"
        f'<input type="range" id="rp-slider" min="0" max="{r.last}" step="1" value="{r.step}" '
        f'data-input="seek" aria-valuetext="{esc(where_label(r))}"></label>'
    )


class ReplayScreen(Screen):
    """A finished game, step by step (see the module doc)."""

    name = "replay"
    acts = frozenset({"step", "seek", "close", "replay-play", "replay-tick", "replay-pace"})

    def parts(self, app: Table) -> dict[str, str]:
        """The screen's parts by container id, plus the slider's value and its words."""
        r = app.kept.replay
        assert r is not None
        g = r.game()
        v = g.view(0)
        new = g.log[len(g.log) - r.new_log():] if r.new_log() else []
        return {
            "rp-bar": bar_part(r),
            "rp-board": board_part(r, v, new),
            "rp-panel": panel_part(r, g, v, new),
            "rp-buttons": buttons_part(r),
            "step": str(r.step),
            "where": where_label(r),
        }

    def render(self, app: Table) -> str:
        if app.kept.replay is None:
            return ('<section class="screen"><p>' + esc(_("Nothing to replay.")) + "</p>"
                    + button(_("Close"), "close", "btn") + "</section>")
        p = self.parts(app)
        r = app.kept.replay
        return (
            f'<div class="game replay" data-screen="replay" data-last="{r.last}">'
            f'<div class="bar-wrap" id="rp-bar">{p["rp-bar"]}</div>'
            f'<div class="board-wrap" id="rp-board">{p["rp-board"]}</div>'
            '<aside class="panel" id="rp-panel" aria-label="' + esc(_("This move")) + f'">{p["rp-panel"]}</aside>'
            f'<div class="actions replay-controls">{slider(r)}<div id="rp-buttons">{p["rp-buttons"]}</div></div>'
            f"{glyph_defs_svg()}</div>"  # the tiles' land, sea and symbols (outside the parts)
        )

    def on_replay_play(self, app: Table, data: Data) -> None:
        if app.kept.replay is not None:
            app.kept.replay.toggle()

    def on_replay_tick(self, app: Table, data: Data) -> None:
        """The browser's timer, while playing: one move forward."""
        if app.kept.replay is not None:
            app.kept.replay.tick()

    def on_replay_pace(self, app: Table, data: Data) -> None:
        if app.kept.replay is not None:
            app.kept.replay.set_pace(data.get("value", ""))

    def on_step(self, app: Table, data: Data) -> None:
        r = app.kept.replay
        if r is None:
            return
        r.playing = False  # a step of one's own pauses
        to = data.get("to")
        targets = {
            "first": 0,
            "last": r.last,
            "prev": r.step - 1,
            "next": r.step + 1,
        }
        if to in ("prev-round", "next-round"):
            r.go(r.round_start(-1 if to == "prev-round" else 1))
        elif to in targets:
            r.go(targets[to])

    def on_seek(self, app: Table, data: Data) -> None:
        r = app.kept.replay
        if r is not None:
            r.playing = False
            r.go(int(data["value"]))

    def back_act(self, app: Table) -> str | None:
        return "close"  # to the screen the replay was opened from

    def on_close(self, app: Table, data: Data) -> None:
        kept = app.kept
        back = kept.replay_back if kept.replay_back != "import" or kept.incoming else "history"
        kept.replay = None
        app.go(back)
