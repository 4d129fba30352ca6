"""Ember Isle's HTML: the start form, the pass-the-device screen, the game screen (header,
map, panel, action bar), the end screen. Builders only: the app decides what shows."""

from __future__ import annotations

import math
from typing import Any

from ember_isle import Action, PlaceTriad, SeedColumn
from ember_isle.content import COLOURS
from ember_isle.view import View, count_after
from game_plugins.ember_isle import PLUGIN, title_picture
from game_shell import table, widgets
from game_shell.celebrate import celebration
from game_shell.i18n import N_, _, ngettext, number
from game_shell.markup import escape
from game_shell.widgets import attrs, button, swatch

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

EDITION = N_("Component content of this edition is original.")


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
    if name:
        return _("Player {n} ({name})").format(n=number(seat + 1), name=name)
    return _("Player {n}").format(n=number(seat + 1))


def island_options(form: dict[str, Any]) -> str:
    """The island, its objects, the volcano and who goes first (docs/EMBER.md 4.3, 5, 10)."""
    first = ((v, first_label(int(v), form["names"][int(v)]) if v.isdigit() else _(t))
             for v, t in form_mod.FIRST if not v.isdigit() or int(v) < len(form["names"]))
    return (
        '<div class="ei-options-form">'
        + _select("ei-map", _("Island"), form_mod.shown(form_mod.MAPS), form["map"],
                  (_("An island of your choice: its three pieces"), form_mod.pieces()))
        + _select("ei-objects", _("Huts, palm trees and statues"), form_mod.shown(form_mod.OBJECTS),
                  form["objects"])
        + _select("ei-volcano", _("Volcano"), form_mod.shown(form_mod.VOLCANO),
                  form["volcano"])
        + _select("ei-first", _("Who goes first"), tuple(first), form["first"])
        + seed_field(form)
        + "</div>"
    )


def seed_field(form: dict[str, Any]) -> str:
    """The game's number (its seed, optional): the same number and settings give the same
    game again (checked when the game starts: `form.seed_of`)."""
    label = escape(_("Game number (optional)"))
    helps = escape(_("The same number with the same settings gives the same game. Leave it "
                     "empty for a new game each time."))
    return (
        f'<label class="ei-seed-field">{label} <input data-field="ei-seed-number" '
        f'value="{escape(str(form.get("seed", "")))}" inputmode="numeric" '
        f'maxlength="{form_mod.SEED_TEXT}" autocomplete="off" aria-describedby="ei-seed-help"></label>'
        f'<p class="small" id="ei-seed-help">{helps}</p>'
    )


def import_picker() -> str:
    """The file chooser, as a button-sized label (its input covers it: taps and the keyboard
    reach the input itself). ``data-ei-file``: Small Islands' own chooser handler skips it."""
    return (
        '<label class="btn file-pick">' + escape(_("Import a file")) + ''
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
        f'<label>' + escape(_("Player {n}").format(n=number(i + 1))) + f' '
        f'<input data-field="ei-name-{i}" value="{escape(n)}" maxlength="40" autocomplete="off"></label>'
        + _select(f"ei-kind-{i}", _("Player {n} plays as").format(n=number(i + 1)), form_mod.shown(form_mod.KINDS),
                  form["kinds"][i])
        + "</div>"
        for i, n in enumerate(form["names"])
    )
    cont = ""
    summary = PLUGIN.summary_line(summary)  # the stored record in words
    if summary:
        cont = (
            '<section class="card continue"><h2>' + escape(_("Saved game: {title}").format(title=PLUGIN.title)) + f'</h2>'
            f"<p>{escape(summary)}</p>"
            + '<div class="row">'
            + button(_("Continue {title}").format(title=PLUGIN.title), "ei-continue", "btn primary")
            + button(_("Export this game"), "ei-export", "btn")
            + "</div></section>"
        )
    if broken:
        cont += f'<p class="error" role="alert">{escape(words.save_problem())}</p>'
    err = f'<p class="error" role="alert">{escape(error)}</p>' if error else ""
    n = len(form["names"])
    return (
        '<section class="screen start ei" data-screen="ei-start">'
        f'<header class="title-head">{title_picture()}<h1>Ember Isle</h1></header>'
        f"{feedback}"
        + '<p class="tagline">' + escape(_(
            "Hunt four treasures beneath a volcano: play clues to narrow where they lie, race "
            "your rover there, share the loot — and mind the Curses.")) + "</p>"
        f"{cont}"
        f'<section class="card new-game"><h2>' + escape(_("New game")) + f'</h2>'
        f'<div class="seats">{rows}</div><div class="row">'
        + button(_("Add a player"), "ei-add-seat", "btn", disabled=n >= 4)
        + button(_("Remove a player"), "ei-remove-seat", "btn", disabled=n <= 2)
        + "</div>"
        + island_options(form)
        + err
        + button(_("Start {title}").format(title=PLUGIN.title), "ei-new", "btn primary")
        + f"</section>{refusal}<div class=\"row\">"
        + button(_("Rules of {title}").format(title=PLUGIN.title), "ei-rules", "btn")
        + button(_("Settings"), "ei-settings", "btn")
        + import_picker()
        + button(_("Your games"), "ei-history", "btn")
        + button(_("Back to {title}").format(title="Small Islands"), "ei-leave", "btn")
        + '</div><p class="edition">' + escape(_(EDITION)) + '</p></section>'
    )


def confirm_new() -> str:
    said = _("<b>An Ember Isle game is in progress.</b> Starting a new one replaces it.")
    return (
        f'<div class="confirm" role="alertdialog" data-confirm="ei-new"><p>{said}</p><div class="row">'
        + button(_("Start the new game"), "ei-new", "btn danger", confirmed="1")
        + button(_("Keep the saved game"), "ei-new-cancel", "btn primary")
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
        who = _("{name} (computer)").format(name=s["name"]) if s["bot"] else s["name"]
        if turn:
            full = _("{who}: {counts}, to move").format(who=who, counts=seat_counts(s))
        else:
            full = _("{who}: {counts}").format(who=who, counts=seat_counts(s))
        figures = f'<span class="ico keep">{CARD_ICON}<b>{s["treasure_count"]}</b></span>'
        chips.append(table.chip(s["seat"], turn, full, seat_swatch(s["colour"]), s["name"], figures))
    return (
        f'<header class="bar t-bar ei-bar"><ul class="chips" data-n="{len(view["seats"])}" '
        f'aria-label="' + escape(_("Players")) + f'">{"".join(chips)}</ul><div class="bar-buttons">'
        + button(_("Undo"), "ei-undo", "btn small", disabled=not can_undo)
        + button("?", "ei-rules", "btn small", name=_("Rules"))
        + button(_("Menu"), "ei-menu", "btn small")
        + "</div></header>"
    )


def seat_counts(s: Any) -> str:
    """A seat's public counts in words: "2 roses, 1 amulet, 0 treasure cards"."""
    return _("{roses}, {amulets}, {cards}").format(
        roses=ngettext("{n} rose", "{n} roses", s["roses"]).format(n=number(s["roses"])),
        amulets=ngettext("{n} amulet", "{n} amulets", s["amulets"]).format(n=number(s["amulets"])),
        cards=ngettext("{n} treasure card", "{n} treasure cards", s["treasure_count"]).format(
            n=number(s["treasure_count"])))


def seats_strip(view: View) -> str:
    cells = []
    for s in view["seats"]:
        turn = " turn" if s["seat"] == view["to_move"] else ""
        name = f"<b>{escape(s['name'])}</b>"
        who = _("{name} (computer)").format(name=name) if s["bot"] else name
        said = _("{who}: {counts}").format(who=who, counts=escape(seat_counts(s)))
        cells.append(f'<li class="ei-seat{turn}">{seat_swatch(s["colour"])}{said}</li>')
    return '<ul class="ei-seats" aria-label="' + escape(_("Players")) + f'">{"".join(cells)}</ul>'


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
        ) or '<li>' + escape(_("No clue yet: the treasure may be anywhere.")) + '</li>'
        if col["located"]:
            state = escape(_("Found: {place} — a rover there can raise it.").format(
                place=words.place(view, col["located"])))
        elif col["cubes"]:
            state = escape(ngettext("{n} space possible (cubes on the map)",
                                    "{n} spaces possible (cubes on the map)", col["count"])
                           .format(n=number(col["count"])))
        else:
            state = escape(ngettext("{n} space possible", "{n} spaces possible", col["count"])
                           .format(n=number(col["count"])))
        on = " on" if name == focus else ""
        shown = shade == name
        show = button(_("Hide its spaces") if shown else _("Show its spaces on the map"), "ei-shade",
                      "btn small" + (" on" if shown else ""), col=name) if tappable else ""
        out.append(
            f'<section class="ei-col{on}" data-col="{name}"><h3>{pictures.cube(name)}'
            f'{words.treasure(name)}</h3><ol>{clues}</ol><p class="small">{state}</p>{show}</section>'
        )
    return '<div class="ei-cols" aria-label="' + escape(_("Clue columns")) + f'">{"".join(out)}</div>'


def column_button(col: str, rest: str, act: str, on: bool = False, tile: str | None = None) -> str:
    """A clue column to choose, as its picture (its treasure's cube, and the lava tile's
    clue when one goes with it) and its words (`rest`: "Pearl: leaves 3 spaces", said whole)."""
    pressed = f' aria-pressed="{"true" if on else "false"}"' if act == "ei-option" else ""
    tile_pic = pictures.clue_icon(tile) if tile else ""
    return (
        f'<button type="button" class="btn ei-colpick{" ei-option" if act == "ei-option" else ""}{" on" if on else ""}" '
        f'data-act="{act}" data-col="{escape(col)}"'
        + (f' data-tile="{escape(tile or "")}"' if act == "ei-option" else "")
        + f"{pressed}>{pictures.cube(col)}{tile_pic}<span>{escape(rest)}</span></button>"
    )


def hand_box(view: View, legal: list[Action], sel: Sel, mine: bool) -> str:
    seat = own_seat(view)
    if not mine or seat["hand"] is None:
        hidden = escape(_("The players' clue cards are hidden."))
        return f'<section class="card"><p>{hidden}</p></section>'
    ok = playable_cards(legal)
    cards = "".join(
        f'<button type="button" class="btn ei-card{" on" if sel.card == c else ""}"'
        f'{attrs(data_act="ei-card", data_card=c, aria_pressed="true" if sel.card == c else "false")}'
        f'{"" if c in ok else " disabled"}>{pictures.clue_icon(c)}<span>{escape(words.clue(c))}</span></button>'
        for c in seat["hand"]
    )
    treasure = seat.get("treasure") or []
    loot = " + ".join(number(v) for v in treasure) if treasure else _("none yet")
    opts = ""
    if sel.card is not None:
        choices = clue_options(view, legal, sel.card)
        opts = "".join(
            column_button(
                col,
                (_("{treasure} with the lava tile “{clue}”: leaves {spaces}").format(
                    treasure=words.treasure(col), clue=words.clue(tile), spaces=words.spaces(n))
                 if tile else _("{treasure}: leaves {spaces}").format(
                    treasure=words.treasure(col), spaces=words.spaces(n))),
                "ei-option",
                sel.option == (col, tile),
                tile,
            )
            for col, tile, n in choices
        )
        put = escape(_("Put “{clue}” on:").format(clue=words.clue(sel.card)))
        opts = ('<div class="ei-options" role="group" aria-label="' + escape(_("Where the clue goes")) + f'">'
                f'<p>{put}</p>{opts}</div>')
    return (
        '<section class="card ei-hand"><h2>' + escape(_("Your clues")) + f'</h2>'
        # a card chosen: where it goes first (in the tray's view), the cards under it
        f'{opts}<div class="ei-cards">{cards}</div>'
        f'<p class="small">' + escape(_("Your treasure cards: {cards}").format(cards=loot)) + '</p></section>'
    )


def triad_box(view: View, legal: list[Action], sel: Sel) -> str:
    triads = sorted({a.triad for a in legal if isinstance(a, PlaceTriad)})
    buttons = "".join(
        button(_("Add {land} with lava").format(land=words.triad(t)), "ei-triad",
               "btn" + (" on" if sel.triad == t else ""), triad=t)
        for t in triads
    )
    f = next_field(sel) if sel.triad else None
    ask = _(TRIAD_ASK[f]) if f else (_("Choose a piece of land.") if sel.triad is None
                                     else _("Add it, or tap Cancel."))
    said = escape(_("Each player adds a piece of new land: one space joins the same ground, one "
                    "is new land on the sea, one is lava. Your rover starts on the new land."))
    return (
        '<section class="card"><h2>' + escape(_("Shape the island")) + f'</h2><p>{said}</p>'
        f'<div class="row">{buttons}</div><p><b>{escape(ask)}</b></p></section>'
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
            "<span>" + escape(_("Face {direction}, towards {target}").format(
                direction=words.direction(f), target=facing_towards(view, sel.hex, f))) + "</span>"
            "</button>"
        )
    said = escape(_("Its amulets land along that line, on the farthest space before the sea; it "
                    "turns one step clockwise after each raised treasure."))
    return ('<section class="ei-facings" aria-label="' + escape(_("Which way the statue faces")) + '">'
            '<h3>' + escape(_("Which way does the statue face?")) + f'</h3><p>{said}</p>'
            f'<div class="ei-facing-list">{"".join(items)}</div></section>')


def seed_box(view: View, legal: list[Action]) -> str:
    card = view.get("seed_card")
    cols = [a.column for a in legal if isinstance(a, SeedColumn)]
    opts = "".join(
        column_button(c, _("{treasure}: leaves {spaces}").format(
            treasure=words.treasure(c), spaces=words.spaces(count_after(view, card, c))), "ei-seed")
        for c in cols
    ) if card else ""
    drew = _("You drew {card}. Choose the treasure it describes.").format(
        card=f'<b>“{escape(words.clue(card or ""))}”</b>')
    return (  # the card's picture before its sentence (said whole)
        '<section class="card"><h2>' + escape(_("Start a clue column")) + '</h2>'
        f'<p>{pictures.clue_icon(card or "")}{drew}</p><div class="row">{opts}</div></section>'
    )


def powers_box(view: View, legal: list[Action], sel: Sel) -> str:
    ps = powers(legal)
    cubes = cube_columns(legal)
    if not ps and not cubes:
        return ""
    parts = "".join(button(words.power(p.power), "ei-power", "btn", power=p.power) for p in ps)
    parts += "".join(
        button(_("Rule out a {treasure} space").format(treasure=words.treasure(c)), "ei-cube",
               "btn" + (" on" if sel.cube == c else ""), col=c)
        for c in cubes
    )
    cost = escape(_("Each costs one amulet (you have {n}).").format(n=number(own_seat(view)["amulets"])))
    return ('<section class="card"><h2>' + escape(_("Amulet powers")) + f'</h2><p class="small">{cost}</p>'
            f'<div class="row">{parts}</div></section>')


def distribution_box(view: View, mine: bool) -> str:
    d = view.get("distribution")
    if not d:
        return ""
    names = {s["seat"]: s["name"] for s in view["seats"]}
    roses = ", ".join(escape(names.get(r, "")) for r in d["roses"]) or escape(_("none left"))
    card = d.get("card")
    shown = ""
    if card is not None:
        shown = (f'<div class="ei-reveal">{pictures.treasure_card(int(card))}'
                 "<p>" + _("Revealed: {card}").format(card=f"<b>{escape(words.card_value(int(card)))}</b>")
                 + "</p></div>")
    inspected = ""
    if mine and d.get("inspected"):
        looked = ", ".join(words.card_value(int(v)) for v in d["inspected"])
        inspected = "<p>" + _("You looked at: {cards} (secret).").format(
            cards=f"<b>{escape(looked)}</b>") + "</p>"
    head = escape(_("Sharing the {treasure} treasure").format(treasure=words.treasure(d["column"])))
    pool = escape(_("Cards left in the pool: {n}. Roses still waiting, lowest first: {roses}.")
                  .format(n=number(d["pool_size"]), roses="{roses}")).format(roses=roses)
    return f'<section class="card ei-dist"><h2>{head}</h2>{shown}<p>{pool}</p>{inspected}</section>'


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
            else '<p>' + escape(_("No clue card has been discarded yet.")) + '</p>')
    said = escape(ngettext(
        "Face up, for everyone to see: {n} card, oldest first. When the clue deck runs out, "
        "they are shuffled into a new one.",
        "Face up, for everyone to see: {n} cards, oldest first. When the clue deck runs out, "
        "they are shuffled into a new one.", len(cards)).format(n=number(len(cards))))
    return (
        '<section class="card ei-discard"><h2>' + escape(_("Discarded clue cards")) + f'</h2>'
        f'<p class="small">{said}</p>{body}</section>'
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
    return '<section class="card ei-log"><h2>' + escape(_("What happened")) + f'</h2><ul>{items}</ul></section>'


PLACES = {
    1: N_("{name} wins with {points} ({cards}); {amulets}, {raised}."),
    2: N_("{name} comes second with {points} ({cards}); {amulets}, {raised}."),
    3: N_("{name} comes third with {points} ({cards}); {amulets}, {raised}."),
    4: N_("{name} comes fourth with {points} ({cards}); {amulets}, {raised}."),
}
NEXT = N_("{name} comes next with {points} ({cards}); {amulets}, {raised}.")


def score_row(r: Any) -> str:
    """A seat's line on the end screen, said whole (its name and points in bold)."""
    cards = " + ".join(number(c) for c in r["cards"]) or _("no cards")
    points = ngettext("{n} point", "{n} points", r["total"]).format(n=number(r["total"]))
    return _(PLACES.get(r["rank"], NEXT)).format(
        name=f"<b>{escape(r['name'])}</b>", points=f"<b>{escape(points)}</b>", cards=escape(cards),
        amulets=escape(ngettext("{n} amulet", "{n} amulets", r["amulets"]).format(n=number(r["amulets"]))),
        raised=escape(ngettext("{n} treasure raised", "{n} treasures raised", r["raises"])
                      .format(n=number(r["raises"]))))


def over(view: View, feedback: str = "", seed: int | None = None) -> str:
    """The end screen; with `seed`, the game's number (hidden until the end: it would tell
    the deal), to play the same game again from the new-game form."""
    scores = view["scores"]
    assert scores is not None, "the game is not over"
    rows = [f'<li>{seat_swatch(r["colour"])}{score_row(r)}</li>'
            for r in sorted(scores, key=lambda r: r["rank"])]
    return (
        '<section class="screen ei-over" data-screen="ei-over"><h1>' + escape(_("The hunt is over")) + '</h1>'
        + celebration([(r["name"], MARK_OF.get(r["colour"], "grey"), r["total"])
                       for r in sorted(scores, key=lambda r: r["seat"]) if r["rank"] == 1])
        + f"{feedback}"
        f'<p>{escape(words.end_reason(view.get("end_reason")))}</p>'
        f'<ol class="ei-scores">{"".join(rows)}</ol>'
        f'<div class="board-wrap final ei-map">' + board_svg(view, label=_("The island at the end")) + '</div>'
        + ("" if seed is None else '<p class="small" data-seed>' + escape(_(
            "Game number {n}: the same number and settings on the new-game form give this game "
            "again.").format(n=seed)) + "</p>")
        + '<div class="row">'
        + button(_("New Ember Isle game"), "ei-menu", "btn primary")
        + button(_("Export this game"), "ei-export", "btn")
        + button(_("Back to {title}").format(title="Small Islands"), "ei-leave", "btn")
        + "</div></section>"
    )


def colour_attr(column: str) -> str:
    return COLUMN_FILL[column]
