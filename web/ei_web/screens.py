"""Ember Isle's HTML: the start form, the pass-the-device screen, the game screen (header,
map, panel, action bar), the end screen. Builders only: the app decides what shows."""

from __future__ import annotations

import math
from typing import Any

from ember_isle import Action, PlaceTriad, SeedColumn
from ember_isle.content import COLOURS
from ember_isle.view import View, count_after
from game_plugins.ember_isle import PLUGIN
from game_shell import table, widgets
from game_shell.celebrate import celebration
from game_shell.markup import escape
from game_shell.widgets import attrs, button, swatch
from game_shell.wording import count

from . import form as form_mod
from . import pictures, words
from .board import COLUMN_FILL, MARK_OF, board_svg, corners
from .steps import (
    TRIAD_ASK,
    Sel,
    clue_options,
    cube_columns,
    facing_towards,
    facings,
    next_field,
    own_seat,
    playable_cards,
    powers,
)

EDITION = "Component content of this edition is original."


def seat_swatch(colour: str) -> str:
    return swatch(MARK_OF.get(colour, "grey"))


def _options(options: tuple[tuple[str, str], ...], current: str) -> str:
    return "".join(
        f'<option value="{escape(v)}"{" selected" if v == current else ""}>{escape(t)}</option>'
        for v, t in options
    )


def _select(field: str, label: str, options: tuple[tuple[str, str], ...], current: str,
            group: tuple[str, tuple[tuple[str, str], ...]] | None = None) -> str:
    opts = _options(options, current)
    if group is not None:  # a further list of choices under its own heading
        opts += f'<optgroup label="{escape(group[0])}">{_options(group[1], current)}</optgroup>'
    return f'<label>{escape(label)} <select data-field="{field}">{opts}</select></label>'


def first_label(seat: int, name: str) -> str:
    """A seat in "Who goes first": "Player 2 (Bob)" (the browser module renames it as the
    player types in the name field: `ei_web.browser.on_change`)."""
    name = name.strip()
    return f"Player {seat + 1}" + (f" ({name})" if name else "")


def island_options(form: dict[str, Any]) -> str:
    """The island, its objects, the volcano and who goes first (docs/EMBER.md 4.3, 5, 10)."""
    first = ((v, first_label(int(v), form["names"][int(v)]) if v.isdigit() else t)
             for v, t in form_mod.FIRST if not v.isdigit() or int(v) < len(form["names"]))
    return (
        '<div class="ei-options-form">'
        + _select("ei-map", "Island", form_mod.MAPS, form["map"],
                  ("An island of your choice: its three pieces", form_mod.PIECES))
        + _select("ei-objects", "Huts, palm trees and statues", form_mod.OBJECTS, form["objects"])
        + _select("ei-volcano", "Volcano", form_mod.VOLCANO, form["volcano"])
        + _select("ei-first", "Who goes first", tuple(first), form["first"])
        + seed_field(form)
        + "</div>"
    )


def seed_field(form: dict[str, Any]) -> str:
    """The game's number (its seed, optional): the same number and settings give the same
    game again (checked when the game starts: `form.seed_of`)."""
    return (
        '<label class="ei-seed-field">Game number (optional) <input data-field="ei-seed-number" '
        f'value="{escape(str(form.get("seed", "")))}" inputmode="numeric" '
        f'maxlength="{form_mod.SEED_TEXT}" autocomplete="off" aria-describedby="ei-seed-help"></label>'
        '<p class="small" id="ei-seed-help">The same number with the same settings gives the same '
        "game. Leave it empty for a new game each time.</p>"
    )


def import_picker() -> str:
    """The file chooser, as a button-sized label (its input covers it: taps and the keyboard
    reach the input itself). ``data-ei-file``: Small Islands' own chooser handler skips it."""
    return (
        '<label class="btn file-pick">Import a file'
        '<input type="file" accept=".json,application/json,text/plain" data-ei-file="import">'
        "</label>"
    )


def start(form: dict[str, Any], summary: str | None, error: str | None, broken: str | None,
          feedback: str = "", refusal: str = "") -> str:
    """The start screen: the saved game (Continue, Export), a new game's form, the rules, a
    game from a file, and the way back to Small Islands. `feedback`: what the last export or
    import did (at the top); `refusal`: why a chosen file was refused (beside the chooser)."""
    rows = "".join(
        f'<div class="seat-row">{seat_swatch(COLOURS[i])}'
        f'<label>Player {i + 1} <input data-field="ei-name-{i}" value="{escape(n)}" '
        f'maxlength="40" autocomplete="off"></label>'
        + _select(f"ei-kind-{i}", f"Player {i + 1} plays as", form_mod.KINDS, form["kinds"][i])
        + "</div>"
        for i, n in enumerate(form["names"])
    )
    cont = ""
    if summary:
        cont = (
            '<section class="card continue"><h2>Saved game: Ember Isle</h2>'
            f"<p>{escape(summary)}</p>"
            + '<div class="row">'
            + button("Continue Ember Isle", "ei-continue", "btn primary")
            + button("Export this game", "ei-export", "btn")
            + "</div></section>"
        )
    if broken:
        cont += f'<p class="error" role="alert">{escape(words.save_problem())}</p>'
    err = f'<p class="error" role="alert">{escape(error)}</p>' if error else ""
    n = len(form["names"])
    return (
        '<section class="screen start ei" data-screen="ei-start">'
        f'<header class="title-head">{PLUGIN.picture}<h1>Ember Isle</h1></header>'
        f"{feedback}"
        '<p class="tagline">Hunt four treasures beneath a volcano: play clues to narrow where '
        "they lie, race your rover there, share the loot — and mind the Curses.</p>"
        f"{cont}"
        '<section class="card new-game"><h2>New game</h2>'
        f'<div class="seats">{rows}</div><div class="row">'
        + button("Add a player", "ei-add-seat", "btn", disabled=n >= 4)
        + button("Remove a player", "ei-remove-seat", "btn", disabled=n <= 2)
        + "</div>"
        + island_options(form)
        + err
        + button("Start Ember Isle", "ei-new", "btn primary")
        + f"</section>{refusal}<div class=\"row\">"
        + button("Rules of Ember Isle", "ei-rules", "btn")
        + button("Settings", "ei-settings", "btn")
        + import_picker()
        + button("Your games", "ei-history", "btn")
        + button("Back to Small Islands", "ei-leave", "btn")
        + f'</div><p class="edition">{EDITION}</p></section>'
    )


def confirm_new() -> str:
    return (
        '<div class="confirm" role="alertdialog" data-confirm="ei-new"><p><b>An Ember Isle game '
        "is in progress.</b> Starting a new one replaces it.</p><div class=\"row\">"
        + button("Start the new game", "ei-new", "btn danger", confirmed="1")
        + button("Keep the saved game", "ei-new-cancel", "btn primary")
        + "</div></div>"
    )


def pass_screen(name: str, colour: str, why: str) -> str:
    """The shell's pass-the-device screen, with Ember Isle's acts and the seat's mark."""
    return widgets.pass_screen(name, MARK_OF.get(colour, "grey"), why, prefix="ei-")


CARD_ICON = (
    '<svg class="ico-svg" viewBox="0 0 10 14" aria-hidden="true" focusable="false">'
    '<rect x="0.8" y="0.8" width="8.4" height="12.4" rx="1.5" fill="#f2d492" stroke="#5a4a2a" '
    'stroke-width="1.2"/></svg>'
)


def header(view: View, can_undo: bool) -> str:
    """The table's compact bar: each seat's chip (name, treasure cards; in words for screen
    readers), Undo, Rules, Menu."""
    chips = []
    for s in view["seats"]:
        turn = s["seat"] == view["to_move"]
        full = (f"{s['name']}{' (computer)' if s['bot'] else ''}: {count(s['roses'], 'rose')}, "
                f"{count(s['amulets'], 'amulet')}, {count(s['treasure_count'], 'treasure card')}"
                + (", to move" if turn else ""))
        figures = f'<span class="ico keep">{CARD_ICON}<b>{s["treasure_count"]}</b></span>'
        chips.append(table.chip(s["seat"], turn, full, seat_swatch(s["colour"]), s["name"], figures))
    return (
        f'<header class="bar t-bar ei-bar"><ul class="chips" data-n="{len(view["seats"])}" '
        f'aria-label="Players">{"".join(chips)}</ul><div class="bar-buttons">'
        + button("Undo", "ei-undo", "btn small", disabled=not can_undo)
        + button("?", "ei-rules", "btn small", name="Rules")
        + button("Menu", "ei-menu", "btn small")
        + "</div></header>"
    )


def seats_strip(view: View) -> str:
    cells = []
    for s in view["seats"]:
        turn = " turn" if s["seat"] == view["to_move"] else ""
        cells.append(
            f'<li class="ei-seat{turn}">{seat_swatch(s["colour"])}<b>{escape(s["name"])}</b>'
            f'{" (computer)" if s["bot"] else ""}: {count(s["roses"], "rose")}, '
            f'{count(s["amulets"], "amulet")}, {count(s["treasure_count"], "treasure card")}</li>'
        )
    return f'<ul class="ei-seats" aria-label="Players">{"".join(cells)}</ul>'


def columns_box(view: View, focus: str | None = None, shade: str | None = None,
                tappable: bool = True) -> str:
    """The four clue columns: their clues in words, rose owners, spaces left, and a button
    that shows the column's spaces on the map (`shade`: the column shown now; none when not
    `tappable`: the picture painted before Python is ready has nothing to tap)."""
    names = {s["seat"]: s["name"] for s in view["seats"]}
    out = []
    for col in view["columns"]:
        name = col["name"]
        clues = "".join(
            f'<li>{pictures.clue_icon(c["tile"] or c["card"])}{escape(words.clue(c["tile"] or c["card"]))}'
            + (f' <span class="small">({escape(names.get(c["rose"], ""))})</span>' if c["rose"] is not None else "")
            + "</li>"
            for c in col["clues"]
        ) or "<li>No clue yet: the treasure may be anywhere.</li>"
        if col["located"]:
            state = f'Found: {escape(words.place(view, col["located"]))} — a rover there can raise it.'
        else:
            state = f'{words.spaces(col["count"])} possible' + (" (cubes on the map)" if col["cubes"] else "")
        on = " on" if name == focus else ""
        shown = shade == name
        show = button("Hide its spaces" if shown else "Show its spaces on the map", "ei-shade",
                      "btn small" + (" on" if shown else ""), col=name) if tappable else ""
        out.append(
            f'<section class="ei-col{on}" data-col="{name}"><h3>{pictures.cube(name)}'
            f'{words.treasure(name)}</h3><ol>{clues}</ol><p class="small">{state}</p>{show}</section>'
        )
    return f'<div class="ei-cols" aria-label="Clue columns">{"".join(out)}</div>'


def column_button(col: str, rest: str, act: str, on: bool = False, tile: str | None = None) -> str:
    """A clue column to choose, as its picture (its treasure's cube, and the lava tile's
    clue when one goes with it) and its words ("Pearl: leaves 3 spaces")."""
    pressed = f' aria-pressed="{"true" if on else "false"}"' if act == "ei-option" else ""
    tile_pic = pictures.clue_icon(tile) if tile else ""
    return (
        f'<button type="button" class="btn ei-colpick{" ei-option" if act == "ei-option" else ""}{" on" if on else ""}" '
        f'data-act="{act}" data-col="{escape(col)}"'
        + (f' data-tile="{escape(tile or "")}"' if act == "ei-option" else "")
        + f"{pressed}>{pictures.cube(col)}{tile_pic}<span>{escape(words.treasure(col) + rest)}</span></button>"
    )


def hand_box(view: View, legal: list[Action], sel: Sel, mine: bool) -> str:
    seat = own_seat(view)
    if not mine or seat["hand"] is None:
        return '<section class="card"><p>The players\' clue cards are hidden.</p></section>'
    ok = playable_cards(legal)
    cards = "".join(
        f'<button type="button" class="btn ei-card{" on" if sel.card == c else ""}"'
        f'{attrs(data_act="ei-card", data_card=c, aria_pressed="true" if sel.card == c else "false")}'
        f'{"" if c in ok else " disabled"}>{pictures.clue_icon(c)}<span>{escape(words.clue(c))}</span></button>'
        for c in seat["hand"]
    )
    treasure = seat.get("treasure") or []
    loot = " + ".join(str(v) for v in treasure) if treasure else "none yet"
    opts = ""
    if sel.card is not None:
        choices = clue_options(view, legal, sel.card)
        opts = "".join(
            column_button(
                col,
                (f" with the lava tile “{words.clue(tile)}”" if tile else "")
                + f": leaves {words.spaces(n)}",
                "ei-option",
                sel.option == (col, tile),
                tile,
            )
            for col, tile, n in choices
        )
        opts = (f'<div class="ei-options" role="group" aria-label="Where the clue goes">'
                f'<p>Put “{escape(words.clue(sel.card))}” on:</p>{opts}</div>')
    return (
        '<section class="card ei-hand"><h2>Your clues</h2>'
        # a card chosen: where it goes first (in the tray's view), the cards under it
        f'{opts}<div class="ei-cards">{cards}</div>'
        f'<p class="small">Your treasure cards: {escape(loot)}</p></section>'
    )


def triad_box(view: View, legal: list[Action], sel: Sel) -> str:
    triads = sorted({a.triad for a in legal if isinstance(a, PlaceTriad)})
    buttons = "".join(
        button(f"Add {words.TRIADS.get(t, t)} with lava", "ei-triad",
               "btn" + (" on" if sel.triad == t else ""), triad=t)
        for t in triads
    )
    f = next_field(sel) if sel.triad else None
    ask = TRIAD_ASK[f] if f else ("Choose a piece of land." if sel.triad is None else "Add it, or tap Cancel.")
    return (
        '<section class="card"><h2>Shape the island</h2><p>Each player adds a piece of new land: '
        "one space joins the same ground, one is new land on the sea, one is lava. Your rover "
        f'starts on the new land.</p><div class="row">{buttons}</div><p><b>{escape(ask)}</b></p></section>'
    )


def facing_picture(facing: int) -> str:
    """A statue on its space with an arrow the way it faces (for the facing buttons)."""
    a = math.radians(60 * facing)
    x, y = 8.5 * math.cos(a), 8.5 * math.sin(a)
    hx, hy = 5 * math.cos(a - 2.6), 5 * math.sin(a - 2.6)
    kx, ky = 5 * math.cos(a + 2.6), 5 * math.sin(a + 2.6)
    return (
        '<svg class="ei-facing-pic" viewBox="-12 -12 24 24" aria-hidden="true" focusable="false">'
        f'<polygon points="{corners((0, 0), 11.5)}" fill="#a9d46f" stroke="#0e4d64" stroke-width="0.8"/>'
        '<use href="#e-statue" transform="scale(0.8)"/>'
        f'<path d="M0 0L{x:.1f} {y:.1f}M{x + hx:.1f} {y + hy:.1f}L{x:.1f} {y:.1f}L{x + kx:.1f} {y + ky:.1f}" '
        'stroke="#7d1d16" stroke-width="2" fill="none" stroke-linecap="round"/></svg>'
    )


def facing_box(view: View, legal: list[Action], sel: Sel, stage: str) -> str:
    """Which way a statue faces: one button per facing, in words with a picture."""
    choices = facings(stage, legal, sel)
    if not choices or sel.hex is None:
        return ""
    items = []
    for f in choices:
        on = sel.facing == f
        items.append(
            f'<button type="button" class="btn ei-facing{" on" if on else ""}" data-act="ei-facing" '
            f'data-facing="{f}" aria-pressed="{"true" if on else "false"}">{facing_picture(f)}'
            f"<span>Face {words.DIRECTIONS[f]}, towards {escape(facing_towards(view, sel.hex, f))}</span>"
            "</button>"
        )
    return ('<section class="ei-facings" aria-label="Which way the statue faces">'
            "<h3>Which way does the statue face?</h3><p>Its amulets land along that line, on the "
            "farthest space before the sea; it turns one step clockwise after each raised treasure.</p>"
            f'<div class="ei-facing-list">{"".join(items)}</div></section>')


def seed_box(view: View, legal: list[Action]) -> str:
    card = view.get("seed_card")
    cols = [a.column for a in legal if isinstance(a, SeedColumn)]
    opts = "".join(
        column_button(c, f": leaves {words.spaces(count_after(view, card, c))}", "ei-seed")
        for c in cols
    ) if card else ""
    return (
        '<section class="card"><h2>Start a clue column</h2>'
        f'<p>You drew {pictures.clue_icon(card or "")}<b>“{escape(words.clue(card or ""))}”</b>. '
        f'Choose the treasure it describes.</p><div class="row">{opts}</div></section>'
    )


def powers_box(view: View, legal: list[Action], sel: Sel) -> str:
    ps = powers(legal)
    cubes = cube_columns(legal)
    if not ps and not cubes:
        return ""
    parts = "".join(button(words.POWERS[p.power], "ei-power", "btn", power=p.power) for p in ps)
    parts += "".join(
        button(f"Rule out a {words.treasure(c)} space", "ei-cube", "btn" + (" on" if sel.cube == c else ""), col=c)
        for c in cubes
    )
    return (f'<section class="card"><h2>Amulet powers</h2><p class="small">Each costs one amulet '
            f'(you have {own_seat(view)["amulets"]}).</p><div class="row">{parts}</div></section>')


def distribution_box(view: View, mine: bool) -> str:
    d = view.get("distribution")
    if not d:
        return ""
    names = {s["seat"]: s["name"] for s in view["seats"]}
    roses = ", ".join(escape(names.get(r, "")) for r in d["roses"]) or "none left"
    card = d.get("card")
    shown = ""
    if card is not None:
        shown = (f'<div class="ei-reveal">{pictures.treasure_card(int(card))}'
                 f'<p>Revealed: <b>{escape(words.card_value(int(card)))}</b></p></div>')
    inspected = ""
    if mine and d.get("inspected"):
        inspected = ('<p>You looked at: <b>' + escape(", ".join(words.card_value(int(v)) for v in d["inspected"]))
                     + "</b> (secret).</p>")
    return (
        f'<section class="card ei-dist"><h2>Sharing the {words.treasure(d["column"])} treasure</h2>'
        f"{shown}<p>Cards left in the pool: {d['pool_size']}. Roses still waiting, lowest first: "
        f"{roses}.</p>{inspected}</section>"
    )


def discard_box(view: View) -> str:
    """The clue discard, face up and public (docs/EMBER.md section 11): each card with its
    picture, oldest first (the engine's order); the deck is made of them again when it runs
    out."""
    cards = view["clue_discard"]
    items = "".join(
        f'<li data-clue="{escape(c)}">{pictures.clue_icon(c)}<span>{escape(words.clue(c))}</span></li>'
        for c in cards
    )
    body = (f'<ol class="ei-discard-list">{items}</ol>' if cards
            else "<p>No clue card has been discarded yet.</p>")
    return (
        '<section class="card ei-discard"><h2>Discarded clue cards</h2>'
        f'<p class="small">Face up, for everyone to see: {count(len(cards), "card")}, oldest '
        "first. When the clue deck runs out, they are shuffled into a new one.</p>"
        f"{body}</section>"
    )


def log_box(view: View, limit: int = 8) -> str:
    lines: list[str] = []  # the newest first, `limit` of them (only those are put in words)
    for e in reversed(view["log"]):
        if len(lines) >= limit:
            break
        t = words.log_line(view, e)
        if t:
            lines.append(t)
    items = "".join(f"<li>{escape(t)}</li>" for t in lines)
    return f'<section class="card ei-log"><h2>What happened</h2><ul>{items}</ul></section>'


PLACES = {1: "wins", 2: "comes second", 3: "comes third", 4: "comes fourth"}


def over(view: View, feedback: str = "") -> str:
    rows = []
    scores = view["scores"]
    assert scores is not None, "the game is not over"
    for r in sorted(scores, key=lambda r: r["rank"]):
        cards = " + ".join(str(c) for c in r["cards"]) or "no cards"
        place = PLACES.get(r["rank"], "comes next")
        amulets = count(r["amulets"], "amulet")
        raised = count(r["raises"], "treasure")
        rows.append(
            f'<li>{seat_swatch(r["colour"])}<b>{escape(r["name"])}</b> {place} with '
            f'<b>{count(r["total"], "point")}</b> ({escape(cards)}); {amulets}, {raised} raised.</li>'
        )
    return (
        '<section class="screen ei-over" data-screen="ei-over"><h1>The hunt is over</h1>'
        + celebration([(r["name"], MARK_OF.get(r["colour"], "grey"), r["total"])
                       for r in sorted(scores, key=lambda r: r["seat"]) if r["rank"] == 1])
        + f"{feedback}"
        f'<p>{escape(words.end_reason(view.get("end_reason")))}</p>'
        f'<ol class="ei-scores">{"".join(rows)}</ol>'
        f'<div class="board-wrap final ei-map">{board_svg(view, label="The island at the end")}</div>'
        '<div class="row">'
        + button("New Ember Isle game", "ei-menu", "btn primary")
        + button("Export this game", "ei-export", "btn")
        + button("Back to Small Islands", "ei-leave", "btn")
        + "</div></section>"
    )


def colour_attr(column: str) -> str:
    return COLUMN_FILL[column]
