"""Ceremony (issue 28): the title pictures, the end screen's celebration (winner and ties), the
replay's first position and its play-by-itself, and the phone's readable map (CPython)."""

from __future__ import annotations

import random
import re
from typing import Any
from unittest import mock

from kept_helpers import MODES, finished
from test_ember_web import new as new_ember

from ei_web.app import EmberApp
from ember_web_driver import play_out
from game_plugins.ember_isle import PLUGIN as EMBER
from game_shell import cards, celebrate
from game_shell.storage import MemoryStorage
from si_web import first_paint, title, viewport
from si_web.app import SAVE_KEY, App
from si_web.board_svg import BoardHints, view_tiles
from si_web.history import game_id
from si_web.replay import PACES, Replay
from si_web.stages.replay import board_part
from small_islands import Game, Options

PHONE = (390.0, 422.0)


def named_picture(html: str) -> str:
    """The title picture's markup, checked to be named for screen readers."""
    found = re.search(r'<svg class="title-pic[^"]*"[^>]*>.*?</svg>', html, re.S)
    assert found, "no title picture"
    head = found.group(0).split(">", 1)[0]
    assert 'role="img"' in head and re.search(r'aria-label="[^"]{20,}"', head), head
    return found.group(0)


# --- the title pictures ----------------------------------------------------------------------


def test_the_start_screen_has_a_named_title_picture_drawn_inline() -> None:
    app = App(MemoryStorage())
    html = app.render()
    pic = named_picture(html)
    assert html.index("title-pic") < html.index("<h1>Small Islands</h1>")
    assert len(pic) < 5000  # a small inline picture, no image file
    assert "http" not in pic.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert 'style="' not in pic and "<script" not in pic  # the CSP: classes only
    ids = re.findall(r'\bid="([^"]+)"', pic)
    assert ids and all(i.startswith("tp-") for i in ids)  # never a map definition's id
    refs = set(re.findall(r'url\(#([^)]+)\)|href="#([^"]+)"', pic))
    assert {r for pair in refs for r in pair if r} <= set(ids)  # self-contained
    assert 'class="f-blue"' in pic and 'class="f-red"' in pic  # the palette's colour classes


def test_the_prerendered_first_screen_has_the_title_picture() -> None:
    shown = first_paint.public_screen(App(MemoryStorage()))
    assert shown is not None
    kind, html = shown
    assert kind == "start"
    assert named_picture(html) == title.picture()


def test_the_ember_card_and_start_screen_show_its_title_picture() -> None:
    assert EMBER.picture is not None
    pic = named_picture(EMBER.picture())
    assert "volcano" in pic and len(pic) < 4000
    card = cards.card(EMBER, None)
    assert pic in card and card.index(pic) < card.index("<h2>")
    assert pic in App(MemoryStorage()).render()  # the card on the home game's start screen
    html = EmberApp(MemoryStorage()).render()
    assert 'data-screen="ei-start"' in html and pic in html


# --- the end screens -----------------------------------------------------------------------


def over_app(g: Game) -> App:
    app = App(MemoryStorage({SAVE_KEY: g.to_json(), "small-islands/ui": '{"screen": "over"}'}))
    assert app.screen == "over", app.screen
    return app


def celebration_of(html: str) -> str:
    found = re.search(r'<div class="celebrate".*?<p class="winner-words">.*?</p></div>', html, re.S)
    assert found, "no celebration"
    return found.group(0)


def test_the_end_screen_celebrates_the_winner_by_name_and_colour() -> None:
    g = finished(MODES["normal"], seed=2)
    (win,) = [r for r in g.scores() if r["rank"] == 1]
    html = over_app(g).render()
    part = celebration_of(html)
    assert 'data-winners="one"' in part
    assert f'data-colour="{win["colour"]}"' in part and f'class="f-{win["colour"]}"' in part
    said = re.search(r'<p class="winner-words">(.*?)</p>', part)
    assert said and said.group(1) == f"{win['name']} wins with {win['total']} points. Well played!"
    burst = re.search(r'<svg class="burst"[^>]*>', part)
    assert burst and 'aria-hidden="true"' in burst.group(0)  # the words say it, not the confetti
    assert html.index("<h1>") < html.index('class="celebrate"') < html.index('class="scores"')


def test_a_tie_celebrates_every_winner_in_words() -> None:
    g = finished(MODES["normal"], seed=2)
    rows = g.scores()
    tied = [{**r, "rank": 1, "total": 30} for r in rows]
    with mock.patch.object(Game, "scores", lambda self: tied):
        html = over_app(g).render()
    part = celebration_of(html)
    assert 'data-winners="tie"' in part and part.count('class="champ"') == len(rows)
    names = " and ".join(r["name"] for r in rows)
    assert f"A tie: {names} share the win with 30 points each. Well played!" in part
    assert celebrate.winner_words([("A", 3), ("B", 3), ("C", 3)]).startswith("A tie: A, B and C ")


def test_ember_isles_end_screen_celebrates_its_winners() -> None:
    app = new_ember(["human", "medium"])
    play_out(app, random.Random(1))
    assert app.screen == "over" and app.game is not None
    html = app.render()
    part = celebration_of(html)
    winners = [r for r in app.game.scores() if r["rank"] == 1]
    for r in winners:
        assert r["name"] in part
    assert ('data-winners="tie"' in part) == (len(winners) > 1)


# --- the replay ----------------------------------------------------------------------------


def test_the_replay_opens_on_the_starting_tiles() -> None:
    g = finished(MODES["advanced"], seed=1)
    r = Replay.of(g)
    assert r.step == 0 and r.game().actions == []
    assert r.game().view(0)["board"]["tiles"] == []  # the rules' start: nothing laid yet
    html = board_part(r, r.game().view(0), [])
    laid = r.opening().view(0)["board"]["tiles"]
    assert len(laid) == 4 and html.count('class="tile"') == len(laid)  # but the map shows them
    for t in laid:
        assert f'translate({t["x"] * 100},{t["y"] * 100})' in html


def test_the_replay_plays_itself_pauses_and_stops_at_the_end() -> None:
    g = finished(MODES["normal"], seed=3)
    r = Replay.of(g)
    assert not r.playing and r.pace == "normal" and set(PACES) == {"slow", "normal", "fast"}
    r.toggle()
    assert r.playing
    r.tick()
    r.tick()
    assert r.step == 2 and r.playing
    r.toggle()
    r.tick()  # a tick that was pending when Pause was pressed does nothing
    assert r.step == 2 and not r.playing
    r.set_pace("fast")
    r.set_pace("warp")
    assert r.pace == "fast"
    r.go(r.last - 1)
    r.toggle()
    r.tick()
    assert r.step == r.last and not r.playing  # the end pauses
    r.toggle()  # Play at the end starts again
    assert r.step == 0 and r.playing


def test_the_replay_screen_offers_play_and_pace_and_a_step_pauses() -> None:
    g = finished(MODES["normal"], seed=3)
    app = over_app(g)
    app.handle("over-replay")
    assert app.screen == "replay" and app.kept.replay is not None
    html = app.render()
    assert 'data-act="replay-play"' in html and 'aria-keyshortcuts="Space"' in html
    assert 'data-change="replay-pace"' in html and "Space or K: play or pause" in html
    assert 'class="tile"' in html  # the first position's map
    app.handle("replay-play")
    assert app.kept.replay.playing and ">Pause</button>" in app.render()
    app.handle("replay-tick")
    assert app.kept.replay.step == 1
    app.handle("replay-pace", {"value": "slow"})
    assert app.kept.replay.pace == "slow" and '<option value="slow" selected>' in app.render()
    app.handle("step", {"to": "next"})
    assert app.kept.replay.step == 2 and not app.kept.replay.playing
    assert game_id(g)


# --- the phone's readable map ------------------------------------------------------------------


def late_game(seed: int = 5) -> Game:
    """A four-seat Advanced game near its end (a large map)."""
    g = Game.new(Options(seats=("Ann", "Bob", "Cy", "Dee"), mode="advanced", seed=seed))
    rng = random.Random(seed)
    before: Game | None = None
    while g.phase != "over":
        before = g.clone()
        g.play(rng.choice(g.legal_actions()))
    assert before is not None
    # back to the last exploration turn of a human seat before the end
    return Game.replay(g.options, g.actions[: len(g.actions) - 12])


def game_app(g: Game, px: tuple[float, float]) -> App:
    app = App(MemoryStorage({SAVE_KEY: g.to_json(), "small-islands/ui": '{"screen": "game"}'}))
    app.set_map_px(px)
    if app.screen == "pass":
        app.handle("unlock")
    return app


def shown_box(app: App) -> tuple[float, ...]:
    parts = app.render_parts()
    assert parts is not None
    return tuple(float(x) for x in parts["board-vb"].split())


def test_a_phone_frames_its_own_area_readably_and_fit_shows_everything() -> None:
    g = late_game()
    app = game_app(g, PHONE)
    v: Any = app.view()
    tiles = view_tiles(v["board"])
    whole = viewport.fitted(v, tiles, BoardHints())
    assert viewport.scale(whole, PHONE) < viewport.READABLE_SCALE  # the whole map is small
    box = shown_box(app)
    parts = app.render_parts()
    assert parts is not None
    assert app.stage().name == "take" and box != whole  # taking a tile: no target on the map
    assert viewport.scale(box, PHONE) * 100 >= viewport.READABLE_TILE_PX - 0.01  # tile >= 56 px
    own = viewport.own_cells(v)
    assert own and any(viewport.cell_inside(x, y, box) for x, y in own)
    assert 'data-act="fit"' in parts["board-wrap"]  # "Fit" shows the whole map
    app.handle("fit")
    assert shown_box(app) == whole and 'data-act="fit"' not in app.render()


def test_the_readable_rule() -> None:
    g = late_game()
    v: Any = g.view(0)
    tiles = view_tiles(v["board"])
    fit = viewport.fitted(v, tiles, BoardHints())
    desk = (1100.0, 700.0)
    assert viewport.readable(v, fit, BoardHints(), desk) == fit  # a desktop: unchanged
    assert viewport.readable(v, fit, BoardHints(), None) == fit
    box = viewport.readable(v, fit, BoardHints(), PHONE)
    assert viewport.READABLE_SCALE <= viewport.scale(box, PHONE) <= viewport.CLOSEST_SCALE + 1e-9
    own = viewport.own_cells(v)
    cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
    xs = [x for x, _ in own]
    ys = [y for _, y in own]
    assert min(xs) * 100 <= cx <= (max(xs) + 1) * 100 and min(ys) * 100 <= cy <= (max(ys) + 1) * 100
    targets = BoardHints(cell_targets={(0, 0)})
    assert viewport.readable(v, fit, targets, PHONE) == fit  # where one acts: the stage frames
    early = Game.replay(g.options, g.actions[:1]).view(0)
    early_fit = viewport.fitted(early, view_tiles(early["board"]), BoardHints())
    assert viewport.readable(early, early_fit, BoardHints(), PHONE) == early_fit  # readable
