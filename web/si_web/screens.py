"""HTML for the screens that do not depend on a game in progress, plus small shared pieces.

Pure string builders: every value that may come from a user or from storage goes through
`html.escape`. Buttons carry ``data-act`` (what the tap means) and optional ``data-*``
arguments; form controls carry ``data-field`` (read by the controller on every tap).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from small_islands.options import MAX_NAME

from . import words
from .board_svg import MARKS, attrs
from .markup import escape, percent_encode

COLOURS = ("blue", "red", "yellow", "purple")
TABLE_SIZES = (8, 10, 12, 14, 16, 20, 24)
EDITION_NOTE = "Component content of this edition is original; rules follow the published rulebook."


def button(
    label: str,
    act: str,
    cls: str = "btn",
    disabled: bool = False,
    shortcut: str | None = None,
    name: str | None = None,
    **data: object,
) -> str:
    """A <button> with data-act and data-* arguments (label is escaped); `shortcut` its
    aria-keyshortcuts, `name` an accessible name fuller than the label."""
    extra = attrs(**{f"data_{k}": v for k, v in data.items()})
    extra += attrs(aria_keyshortcuts=shortcut, aria_label=name)
    dis = " disabled" if disabled else ""
    return f'<button type="button" class="{cls}" data-act="{escape(act)}"{extra}{dis}>{escape(label)}</button>'


def swatch(colour: str) -> str:
    """A small house in a player colour with the colour's own mark (never colour alone)."""
    c = colour if colour in MARKS else "grey"
    return (
        '<svg class="swatch" viewBox="-12 -12 24 24" aria-hidden="true">'
        f'<path class="f-{c}" d="M-11 11V-1L0-11L11-1V11Z" stroke="#111" stroke-width="1.5"/>'
        f'<g class="k-{c}">{MARKS[c]}</g></svg>'
    )


KIND_LABELS = (
    ("human", "Human"),
    ("easy", "Computer: easy"),
    ("medium", "Computer: medium"),
    ("hard", "Computer: hard"),
)  # what the form offers (`form.KINDS`: no Expert until it is measurably stronger than Hard)
SPEED_LABELS = (
    ("relaxed", "Relaxed"),
    ("normal", "Normal"),
    ("fast", "Fast"),
    ("instant", "Instant"),
)


def _select(field: str, label: str, options: tuple[tuple[str, str], ...], current: str) -> str:
    opts = "".join(
        f'<option value="{escape(v)}"{" selected" if v == current else ""}>{escape(t)}</option>'
        for v, t in options
    )
    return f'<label>{escape(label)} <select data-field="{escape(field)}">{opts}</select></label>'


def _seat_row(i: int, name: str, colour: str, kind: str | None) -> str:
    options = "".join(
        f'<option value="{c}"{" selected" if c == colour else ""}>{c.title()}</option>'
        for c in COLOURS
    )
    kind_html = ""
    if kind is not None:
        kinds = "".join(
            f'<option value="{v}"{" selected" if v == kind else ""}>{t}</option>'
            for v, t in KIND_LABELS
        )
        kind_html = (
            f'<label><span class="sr">Player {i + 1} is</span>'
            f'<select data-field="kind-{i}" aria-label="Player {i + 1} is">{kinds}</select></label>'
        )
    return (
        '<div class="seat-row">'
        f"{swatch(colour)}"
        f'<label class="seat-name"><span class="sr">Name of player {i + 1}</span>'
        f'<input type="text" maxlength="{MAX_NAME}" autocomplete="off" data-field="name-{i}" '
        f'value="{escape(name, quote=True)}" aria-label="Name of player {i + 1}"></label>'
        f'<label><span class="sr">Colour of player {i + 1}</span>'
        f'<select data-field="colour-{i}" aria-label="Colour of player {i + 1}">{options}</select></label>'
        f"{kind_html}</div>"
    )


def start_screen(
    form: Mapping[str, Any],
    has_save: bool,
    save_summary: str,
    error: str | None,
    confirm_new: bool = False,
    offer: str = "",
    ember: str | None = None,
) -> str:
    """New game form (players or solo against Alexis), continue, rules, Great Explorer;
    `offer`: the guided first game's offer (first launch); `ember`: the saved Ember Isle
    game's summary line (the second game, loaded only when chosen)."""
    names: list[str] = form["names"]
    colours: list[str] = form["colours"]
    kinds: list[str] = form.get("kinds") or ["human"] * len(names)
    solo = bool(form.get("solo"))
    tabs = (
        '<div class="row tabs" role="group" aria-label="Kind of game">'
        + button("With other players", "form-solo", "btn" + ("" if solo else " on"), solo="0")
        + button("Solo against Alexis", "form-solo", "btn" + (" on" if solo else ""), solo="1")
        + "</div>"
    )
    if solo:
        seats = (
            _seat_row(0, names[0], colours[0], None)
            + '<div class="row">'
            + _select(
                "solo-level",
                "Level",
                tuple((str(n), str(n)) for n in range(1, 7)),
                str(form.get("solo_level", "1")),
            )
            + _select(
                "alexis-decides",
                "Alexis's tile rotations and house spots",
                (("me", "I choose them"), ("alexis", "Let Alexis decide")),
                str(form.get("alexis_decides", "me")),
            )
            + "</div>"
            '<p class="small">Alexis (purple) plays by his cards; you win only with a strictly '
            "higher score than his, bonus included.</p>"
        )
        seat_buttons = ""
    else:
        seats = "".join(_seat_row(i, n, colours[i], kinds[i]) for i, n in enumerate(names))
        seat_buttons = (
            '<div class="row">'
            + button("Add a player", "add-seat", "btn", disabled=len(names) >= 4)
            + button("Remove a player", "remove-seat", "btn", disabled=len(names) <= 2)
            + "</div>"
        )
    mode_opts = "".join(
        f'<option value="{m}"{" selected" if form["mode"] == m else ""}>{label}</option>'
        for m, label in (("normal", "Normal"), ("advanced", "Advanced"))
    )
    table_opts = "".join(
        f'<option value="{n}"{" selected" if int(form["table"]) == n else ""}>{n} × {n}</option>'
        for n in TABLE_SIZES
    )
    err = f'<p class="error" role="alert">{escape(error)}</p>' if error else ""
    cont = ""
    if has_save:
        cont = (
            '<section class="card continue">'
            f"<h2>Saved game: Small Islands</h2><p>{escape(save_summary)}</p>"
            f"{button('Continue Small Islands', 'continue', 'btn primary')}</section>"
        )
    if confirm_new:
        start = (
            '<div class="confirm" role="alertdialog" data-confirm="new">'
            "<p><b>A game is in progress.</b> Starting a new game replaces it (it cannot be "
            'continued afterwards).</p><div class="row">'
            + button("Start the new game", "new", "btn danger", confirmed="1")
            + button("Keep the saved game", "new-cancel", "btn primary")
            + "</div></div>"
        )
    else:
        start = button("Start the game", "new", "btn primary")
    return (
        '<section class="screen start">'
        "<h1>Small Islands</h1>"
        '<p class="tagline">Explore, build islands, place houses. Pass-and-play on one device, '
        "against computer players, or solo against Alexis.</p>"
        f"{offer}{cont}{other_game(ember)}"
        '<section class="card new-game"><h2>New game</h2>'
        f"{tabs}"
        f'<div class="seats">{seats}</div>'
        f"{seat_buttons}"
        '<div class="row">'
        f'<label>Mode <select data-field="mode">{mode_opts}</select></label>'
        f'<label>Table <select data-field="table">{table_opts}</select></label>'
        + _select("speed", "Computer pace", SPEED_LABELS, str(form.get("speed", "normal")))
        + "</div>"
        f"{err}{start}</section>"
        '<div class="row">'
        + button("Your games", "history", "btn")
        + button("Statistics", "stats", "btn")
        + button("Rules", "rules", "btn")
        + button("Great Explorer", "explorer", "btn")
        + button("Guided first game", "coach-start", "btn")
        + button("Settings", "settings", "btn")
        + "</div>"
        f'<p class="edition">{EDITION_NOTE}</p>'
        "</section>"
    )


def other_game(summary: str | None) -> str:
    """The second game: Ember Isle (its code is fetched only when chosen)."""
    if summary:
        return (
            '<section class="card continue other-game"><h2>Saved game: Ember Isle</h2>'
            f"<p>{escape(summary)}</p>"
            + button("Continue Ember Isle", "ember", "btn primary", resume="1")
            + "</section>"
        )
    return (
        '<section class="card other-game"><h2>Another game: Ember Isle</h2>'
        "<p>A treasure hunt beneath a volcano: clues, rovers, lava and Curses, for 2 to 4.</p>"
        + button("Play Ember Isle", "ember", "btn")
        + "</section>"
    )


def pass_screen(name: str, colour: str, what: str, prefix: str = "") -> str:
    """'Pass the device to <name>': nothing secret on this screen. `prefix` names the game
    whose screen it is (Ember Isle's acts and screen name start with "ei-")."""
    return (
        f'<section class="screen pass" data-screen="{prefix}pass">'
        f'<div class="pass-who">{swatch(colour)}</div>'
        f'<h1>Pass the device to <span class="name">{escape(name)}</span></h1>'
        f"<p>{escape(what)}</p>"
        + button(f"I am {name}: show my turn", f"{prefix}unlock", "btn primary big")
        + '<div class="row">'
        + button("Menu", f"{prefix}menu", "btn")
        + "</div></section>"
    )


def elsewhere_screen(game: str, prefix: str = "") -> str:
    """Another window saved this game since: this one stopped (both games; `prefix` names
    the game whose screen it is, "ei-" for Ember Isle)."""
    return (
        f'<section class="screen elsewhere" data-screen="{prefix}elsewhere">'
        '<div class="dialog" role="alertdialog" aria-labelledby="elsewhere-title" '
        'aria-describedby="elsewhere-text">'
        '<h1 id="elsewhere-title">This game continued in another window</h1>'
        f'<p id="elsewhere-text">Another window or tab of {escape(game)} on this device saved '
        "the game since this one did. So as not to write over those moves, this window "
        "stopped. Continue here to load the latest position (the other window stops as soon "
        "as you play here), or close this window.</p>"
        + button("Continue here", f"{prefix}continue-here", "btn primary big", autofocus="1")
        + "</div></section>"
    )


def broken_screen(reason: str, raw: str) -> str:
    """The saved data could not be loaded: say why, offer it for download, keep it."""
    href = "data:application/json;charset=utf-8," + percent_encode(raw)
    return (
        '<section class="screen broken" data-screen="broken">'
        "<h1>The saved game cannot be loaded</h1>"
        f'<p class="error" role="alert">{escape(words.save_problem(reason))}</p>'
        "<p>The saved data is kept on this device. Download it to keep a copy, or start a new "
        "game (the old data is then moved aside, not deleted).</p>"
        f'<p><a class="btn" data-act="download" download="small-islands-save.json" '
        f'href="{escape(href, quote=True)}">Download the saved data</a></p>'
        '<div class="row">'
        + button("Start fresh", "fresh", "btn primary")
        + button("Menu", "back", "btn")
        + "</div></section>"
    )


def esc(text: object) -> str:
    """Escape any value for HTML text or attributes."""
    return escape(str(text), quote=True)
