"""The map's art (art.py, board_svg.py): every reference defined, per-tile art a few
elements, stable per tile and cell, no inline style, motion marks, the acting zoom; and the
sounds (game_shell.synth): the bytes the app shipped as files, made in a few ms each."""

from __future__ import annotations

import hashlib
import io
import re
import sys
import wave
from pathlib import Path

import pytest
from test_web_effects import bonus_position, loaded

from si_web import viewport
from si_web.art import DEFS, LAND_VARIANTS, SYMBOL_UNITS, variant_of
from si_web.board_svg import (
    CELL,
    BoardHints,
    MapFx,
    TileArt,
    board_layers,
    board_svg,
    tile_svg,
    view_tiles,
)
from small_islands import TILES, Game

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game_shell import synth  # noqa: E402


def defined_ids() -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', DEFS))


def referenced(svg: str) -> set[str]:
    return set(re.findall(r'href="#([^"]+)"', svg)) | set(re.findall(r"url\(#([^)]+)\)", svg))


def mid_game() -> Game:
    g = bonus_position()
    return g


def test_every_reference_of_a_whole_map_is_defined_once() -> None:
    ids = re.findall(r'\bid="([^"]+)"', DEFS)
    assert len(ids) == len(set(ids))
    g = mid_game()
    v = g.view(0)
    tiles = view_tiles(v["board"])
    svg = board_svg(v["board"], tiles, BoardHints(), (0, 0, 1200, 1200))
    assert referenced(svg) <= defined_ids(), referenced(svg) - defined_ids()
    assert "style=" not in svg and "style=" not in DEFS  # CSP: no inline styles


def test_a_tile_is_a_few_elements_stable_per_tile_and_cell() -> None:
    for t in TILES:
        art = TileArt(3, 4, t.points, t.symbols)
        svg = tile_svg(art, card=False)
        elements = svg.count("<")  - svg.count("</")
        assert elements <= 4 + len(t.symbols), (t.id, svg)  # group, shallows, land, plants, symbols
        assert svg == tile_svg(TileArt(3, 4, t.points, t.symbols), card=False)
        assert svg.count('class="sym"') == len(t.symbols)
    variants = {variant_of(x, y, "LLLLSSSL", ("flower",)) for x in range(6) for y in range(6)}
    assert len(variants) == LAND_VARIANTS  # neighbours differ: every kind of land is used
    assert all(0 <= v < LAND_VARIANTS for v in variants)


def test_settled_cards_share_two_paths_and_new_things_carry_motion_marks() -> None:
    g = mid_game()
    v = g.view(0)
    tiles = view_tiles(v["board"])
    house = {"x": tiles[0].x, "y": tiles[0].y, "index": 0, "colour": "red"}
    board = {**v["board"], "houses": [*v["board"]["houses"], house]}
    plain, _ = board_layers(board, tiles, BoardHints())
    assert plain.count('class="card-shadow"') == 1 and plain.count('class="tile-card"') == 1
    assert "data-fx" not in plain
    new = tiles[-1]
    fx = MapFx(tiles={(new.x, new.y): "place"}, houses={(house["x"], house["y"], 0)},
               merged={(new.x, new.y)})
    marked, _ = board_layers(board, tiles, BoardHints(fx=fx))
    at = f'translate({new.x * CELL},{new.y * CELL})">'
    assert at + '<g class="fx" data-fx="place"><use href="#card"/>' in marked
    assert marked.count('data-fx="drop"') == 1 and 'class="fx-merge" data-fx="merge"' in marked
    cards = re.search(r'class="tile-card" d="([^"]+)"', marked)
    assert cards and f"M{new.x * CELL},{new.y * CELL}h" not in cards.group(1)  # its own card


def test_houses_ships_and_tokens_are_pieces_with_their_colours_mark() -> None:
    board = {
        "width": 4, "height": 4,
        "tiles": [
            {"x": 1, "y": 1, "points": "LLLLLLLL", "symbols": ["flower", "house"], "rotation": 0},
            {"x": 2, "y": 1, "points": "SSSSSSSS", "symbols": [], "rotation": 0, "ship": "yellow"},
        ],
        "houses": [{"x": 1, "y": 1, "index": 1, "colour": "purple"}],
        "resource_tokens": [{"x": 1, "y": 1, "index": 0, "resource": "fruit", "colour": "blue"}],
        "port_tokens": [], "islands": [],
    }
    svg = board_svg(board, view_tiles(board), BoardHints(), (0, 0, 400, 400))
    assert 'class="house" href="#g-home-purple"' in svg and 'class="k-purple"' in DEFS
    assert '<use href="#g-disc" class="s-blue"' in svg  # the token's rim in its owner's colour
    assert 'href="#g-ship-yellow"' in svg and 'class="k-yellow"' in DEFS
    assert referenced(svg) <= defined_ids()


def test_the_map_zooms_about_a_previewed_tile_so_that_symbols_are_legible() -> None:
    g = mid_game()
    app = loaded(g)
    app.set_map_px((390.0, 422.0))  # a phone's map
    slot = next(i for i, t in enumerate(app.view()["display"]) if t)
    app.handle("take", {"slot": str(slot)})
    parts = app.render_parts()
    assert parts is not None
    overview = tuple(float(x) for x in parts["board-vb"].split())
    assert viewport.scale(overview, app.map_px) < viewport.SYMBOL_SCALE  # the fit is small
    target = re.search(
        r'class="target" data-act="cell" data-x="(\d+)" data-y="(\d+)"', parts["board-marks"]
    )
    assert target
    app.handle("cell", {"x": target.group(1), "y": target.group(2)})
    parts = app.render_parts()
    assert parts is not None and 'class="tile preview"' in parts["board-marks"]
    box = tuple(float(x) for x in parts["board-vb"].split())
    assert viewport.scale(box, app.map_px) * SYMBOL_UNITS >= 20  # symbols >= 20 px
    cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
    assert abs(cx - (int(target.group(1)) + 0.5) * CELL) < 1
    assert abs(cy - (int(target.group(2)) + 0.5) * CELL) < 1


#: SHA-256 of the sounds as the app shipped them, files in web/sounds/ (until 2026-12-02)
SHIPPED = {
    "build": "6447d3958675c35cd619f31c987ee6af22c594f8451308fb9b3c1cadbe987b12",
    "end": "7787a5098b1829ab3b9d3ccd87ca738754034205584cb1e2d371ea7f3202c134",
    "land": "f9e90d2753aefda06d9fa2926053e1be92b915e186765538c462373b1cea6eb2",
    "place": "3553337fd9c632c05c789604f5bb747879a51e68f22b5eba571cf165c126dc63",
    "score": "6a3251020c579076887978a2c21b0737b5ebbd2aeec630cb98132a19133998d1",
    "take": "2b54913b3c1049a9db7fdb25b478b3457e3aa31b5f3860231972e65c43626c51",
}


def test_sounds_made_in_the_page_are_the_files_it_downloaded_before() -> None:
    assert set(synth.RECIPES) == set(SHIPPED)
    for name, digest in SHIPPED.items():
        data = synth.wav(name)
        with wave.open(io.BytesIO(data)) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 1, synth.RATE)
            frames = w.readframes(w.getnframes())
            assert 0.1 <= w.getnframes() / w.getframerate() <= 0.7
        assert max(frames) - min(frames) > 100, f"{name} is nearly silent"
        if sys.platform != "emscripten":  # another libm may round a sample the other way
            assert hashlib.sha256(data).hexdigest() == digest, name
    with pytest.raises(KeyError):
        synth.wav("bell")
