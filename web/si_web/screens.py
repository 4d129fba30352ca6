"""HTML for the screens that do not depend on a game in progress, plus small shared pieces.

Pure string builders: every value that may come from a user or from storage goes through
`html.escape`. Buttons carry ``data-act`` (what the tap means) and optional ``data-*``
arguments; form controls carry ``data-field`` (read by the controller on every tap).
"""

from __future__ import annotations

from html import escape
from urllib.parse import quote

from small_islands.options import MAX_NAME

from .board_svg import COLOUR_HEX, attrs

COLOURS = ("blue", "red", "yellow", "purple")
TABLE_SIZES = (8, 10, 12, 14, 16, 20, 24)
EDITION_NOTE = "Component content of this edition is original; rules follow the published rulebook."


def button(label: str, act: str, cls: str = "btn", disabled: bool = False, **data: object) -> str:
    """A <button> with data-act and data-* arguments (label is escaped)."""
    extra = attrs(**{f"data_{k}": v for k, v in data.items()})
    dis = " disabled" if disabled else ""
    return f'<button type="button" class="{cls}" data-act="{escape(act)}"{extra}{dis}>{escape(label)}</button>'


def swatch(colour: str) -> str:
    """A small house in a player colour (shape + colour)."""
    fill = COLOUR_HEX.get(colour, "#999")
    return (
        '<svg class="swatch" viewBox="-10 -10 20 20" aria-hidden="true">'
        f'<path d="M-8 8V-1L0-8L8-1V8Z" fill="{fill}" stroke="#111" stroke-width="1.5"/></svg>'
    )


def start_screen(form: dict, has_save: bool, save_summary: str, error: str | None) -> str:
    """New game form, continue, rules."""
    names: list[str] = form["names"]
    colours: list[str] = form["colours"]
    rows = []
    for i, name in enumerate(names):
        options = "".join(
            f'<option value="{c}"{" selected" if c == colours[i] else ""}>{c.title()}</option>'
            for c in COLOURS
        )
        rows.append(
            '<div class="seat-row">'
            f"{swatch(colours[i])}"
            f'<label class="seat-name"><span class="sr">Name of player {i + 1}</span>'
            f'<input type="text" maxlength="{MAX_NAME}" autocomplete="off" data-field="name-{i}" '
            f'value="{escape(name, quote=True)}" aria-label="Name of player {i + 1}"></label>'
            f'<label><span class="sr">Colour of player {i + 1}</span>'
            f'<select data-field="colour-{i}" aria-label="Colour of player {i + 1}">{options}</select></label>'
            '<label><span class="sr">Player type</span>'
            '<select data-field="kind-' + str(i) + '" aria-label="Player type">'
            '<option value="human" selected>Human</option>'
            '<option value="computer" disabled>Computer (coming later)</option></select></label>'
            "</div>"
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
            f"<h2>Saved game</h2><p>{escape(save_summary)}</p>"
            f"{button('Continue the saved game', 'continue', 'btn primary')}</section>"
        )
    return (
        '<section class="screen start">'
        "<h1>Small Islands</h1>"
        '<p class="tagline">Explore, build islands, place houses. Pass-and-play on one device.</p>'
        f"{cont}"
        '<section class="card new-game"><h2>New game</h2>'
        f'<div class="seats">{"".join(rows)}</div>'
        '<div class="row">'
        + button("Add a player", "add-seat", "btn", disabled=len(names) >= 4)
        + button("Remove a player", "remove-seat", "btn", disabled=len(names) <= 2)
        + "</div>"
        '<div class="row">'
        f'<label>Mode <select data-field="mode">{mode_opts}</select></label>'
        f'<label>Table <select data-field="table">{table_opts}</select></label>'
        "</div>"
        '<p class="later">Solo against Alexis and computer players: coming in a later version.</p>'
        f"{err}" + button("Start the game", "new", "btn primary") + "</section>"
        '<div class="row">' + button("Rules", "rules", "btn") + "</div>"
        f'<p class="edition">{EDITION_NOTE}</p>'
        "</section>"
    )


RULES_HTML = """
<h2>Goal</h2>
<p>Build islands from landscape tiles, then place Houses on islands that meet your
objective to earn Prestige Points (PP). The most PP after at most 4 rounds wins.</p>
<h2>Placing tiles</h2>
<p>A tile goes on an empty cell of the table next to at least one tile (sharing a side).
Every border point it shares with tiles already on the map must match: land on land, sea on
sea — along sides and at corners, diagonal neighbours included. Tiles may be rotated.</p>
<p>Islands are tiles joined by sides whose middle point is land. A complete island can never
grow.</p>
<h2>A round</h2>
<ol>
<li><b>Preparation.</b> Six tiles form the Navigation stack. Each player secretly holds 3
objectives, keeps 1 for this round and 1 for the next.</li>
<li><b>Exploration.</b> In turn, <b>Explore</b>: take a face-up tile, place one of your 3 hand
tiles, optionally place one Bonus token (resource side on a resource symbol, showing another
resource; or port side on a coastal tile, at most 2 ports per tile). Or, once the Navigation
stack is empty, <b>Land</b>: place a ship tile (yours or a grey one). Landing ends the
exploration.</li>
<li><b>Reward.</b> From the player who landed, each reveals the objective and may place Houses
(one per island, islands of 2+ tiles meeting the mission, free House location, never where
that player already has a House), scoring the reward per island.</li>
</ol>
<h2>End</h2>
<p>The game ends when all 4 ships are placed, when the Reserve cannot fill the Navigation
stack, or when a player finds no face-up tile and cannot land (after a last reward phase).
Score = PP + Discovery tokens + 1 PP per Port on the 8 tiles around your own ship. Ties: most
Houses, most Ports around the ship, the player who placed a tile last.</p>
<h2>Symbols</h2>
<p>Flower (pink petals), Fruit (round, orange), Leaf (pointed, green), Temple (pediment),
Port (anchor), House location (dashed square). Houses show the player's colour.</p>
"""


def rules_screen() -> str:
    """The rules summary and the edition note."""
    return (
        '<section class="screen rules"><h1>Rules summary</h1>'
        f'<p class="edition">{EDITION_NOTE}</p>{RULES_HTML}'
        + button("Back", "back", "btn primary")
        + "</section>"
    )


def pass_screen(name: str, colour: str, what: str) -> str:
    """'Pass the device to <name>': nothing secret on this screen."""
    return (
        '<section class="screen pass" data-screen="pass">'
        f'<div class="pass-who">{swatch(colour)}</div>'
        f'<h1>Pass the device to <span class="name">{escape(name)}</span></h1>'
        f"<p>{escape(what)}</p>"
        + button(f"I am {name}: show my turn", "unlock", "btn primary big")
        + '<div class="row">'
        + button("Menu", "menu", "btn")
        + "</div></section>"
    )


def broken_screen(reason: str, raw: str) -> str:
    """The saved data could not be loaded: say why, offer it for download, keep it."""
    href = "data:application/json;charset=utf-8," + quote(raw, safe="")
    return (
        '<section class="screen broken" data-screen="broken">'
        "<h1>The saved game cannot be loaded</h1>"
        f'<p class="error" role="alert">{escape(reason)}</p>'
        "<p>The saved data is kept on this device. Download it to keep a copy, or start a new "
        "game (the old data is then moved aside, not deleted).</p>"
        f'<p><a class="btn" data-act="download" download="small-islands-save.json" '
        f'href="{escape(href, quote=True)}">Download the saved data</a></p>'
        '<div class="row">' + button("Start fresh", "fresh", "btn primary") + "</div></section>"
    )


def esc(text: object) -> str:
    """Escape any value for HTML text or attributes."""
    return escape(str(text), quote=True)
