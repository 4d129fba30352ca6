"""HTML for the screens that do not depend on a game in progress, plus small shared pieces.

Pure string builders: every value that may come from a user or from storage goes through
`html.escape`. Buttons carry ``data-act`` (what the tap means) and optional ``data-*``
arguments; form controls carry ``data-field`` (read by the controller on every tap).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game_shell import cards
from game_shell.files import slug
from game_shell.i18n import N_, _, pgettext
from game_shell.markup import escape, percent_encode
from game_shell.widgets import button, swatch
from small_islands.options import MAX_NAME

from . import title, words

COLOURS = ("blue", "red", "yellow", "purple")
TABLE_SIZES = (8, 10, 12, 14, 16, 20, 24)
EDITION_NOTE = N_("Component content of this edition is original; rules follow the published rulebook.")
COLOUR_NAMES = {"blue": N_("Blue"), "red": N_("Red"), "yellow": N_("Yellow"), "purple": N_("Purple")}


KIND_LABELS = (
    ("human", N_("Human")),
    ("easy", N_("Computer: easy")),
    ("medium", N_("Computer: medium")),
    ("hard", N_("Computer: hard")),
    ("master", N_("Computer: master")),
)  # what the form offers (`form.KINDS`: no Expert, which is no stronger than Hard)
SPEED_LABELS = (
    ("relaxed", N_("Relaxed")),
    ("normal", N_("Normal")),
    ("fast", N_("Fast")),
    ("instant", N_("Instant")),
)


def _select(field: str, label: str, options: tuple[tuple[str, str], ...], current: str) -> str:
    """A labelled <select> (`label` and the options' words already in the player's language)."""
    opts = "".join(
        f'<option value="{escape(v)}"{" selected" if v == current else ""}>{escape(t)}</option>'
        for v, t in options
    )
    return f'<label>{escape(label)} <select data-field="{escape(field)}">{opts}</select></label>'


def _seat_row(i: int, name: str, colour: str, kind: str | None) -> str:
    options = "".join(
        f'<option value="{c}"{" selected" if c == colour else ""}>{escape(_(COLOUR_NAMES[c]))}</option>'
        for c in COLOURS
    )
    kind_html = ""
    if kind is not None:
        kinds = "".join(
            f'<option value="{v}"{" selected" if v == kind else ""}>{escape(_(t))}</option>'
            for v, t in KIND_LABELS
        )
        who = escape(_("Player {n} is").format(n=i + 1))
        kind_html = (
            f'<label><span class="sr">{who}</span>'
            f'<select data-field="kind-{i}" aria-label="{who}">{kinds}</select></label>'
        )
    named = escape(_("Name of player {n}").format(n=i + 1))
    coloured = escape(_("Colour of player {n}").format(n=i + 1))
    return (
        '<div class="seat-row">'
        f"{swatch(colour)}"
        f'<label class="seat-name"><span class="sr">{named}</span>'
        f'<input type="text" maxlength="{MAX_NAME}" autocomplete="off" data-field="name-{i}" '
        f'value="{escape(name, quote=True)}" aria-label="{named}"></label>'
        f'<label><span class="sr">{coloured}</span>'
        f'<select data-field="colour-{i}" aria-label="{coloured}">{options}</select></label>'
        f"{kind_html}</div>"
    )


def start_screen(
    form: Mapping[str, Any],
    has_save: bool,
    save_summary: str,
    error: str | None,
    confirm_new: bool = False,
    offer: str = "",
    others: str = "",
) -> str:
    """New game form (players or solo against Alexis), continue, rules, Great Explorer;
    `offer`: the guided first game's offer (first launch); `others`: the other games'
    cards (`game_shell.cards`)."""
    names: list[str] = form["names"]
    colours: list[str] = form["colours"]
    kinds: list[str] = form.get("kinds") or ["human"] * len(names)
    solo = bool(form.get("solo"))
    tabs = (
        '<div class="row tabs" role="group" aria-label="' + escape(_("Kind of game")) + '">'
        + button(_("With other players"), "form-solo", "btn" + ("" if solo else " on"), solo="0")
        + button(_("Solo against Alexis"), "form-solo", "btn" + (" on" if solo else ""), solo="1")
        + "</div>"
    )
    if solo:
        seats = (
            _seat_row(0, names[0], colours[0], None)
            + '<div class="row">'
            + _select(
                "solo-level",
                _("Level"),
                tuple((str(n), str(n)) for n in range(1, 7)),
                str(form.get("solo_level", "1")),
            )
            + _select(
                "alexis-decides",
                _("Alexis's tile rotations and house spots"),
                (("me", _("I choose them")), ("alexis", _("Let Alexis decide"))),
                str(form.get("alexis_decides", "me")),
            )
            + "</div>"
            '<p class="small">'
            + escape(_("Alexis (purple) plays by his cards; you win only with a strictly "
                       "higher score than his, bonus included."))
            + "</p>"
        )
        seat_buttons = ""
    else:
        seats = "".join(_seat_row(i, n, colours[i], kinds[i]) for i, n in enumerate(names))
        seat_buttons = (
            '<div class="row">'
            + button(_("Add a player"), "add-seat", "btn", disabled=len(names) >= 4)
            + button(_("Remove a player"), "remove-seat", "btn", disabled=len(names) <= 2)
            + "</div>"
        )
    mode_opts = "".join(
        f'<option value="{m}"{" selected" if form["mode"] == m else ""}>{escape(label)}</option>'
        for m, label in (("normal", _("Normal")), ("advanced", _("Advanced")))
    )
    table_opts = "".join(
        f'<option value="{n}"{" selected" if int(form["table"]) == n else ""}>{n} × {n}</option>'
        for n in TABLE_SIZES
    )
    err = f'<p class="error" role="alert">{escape(error)}</p>' if error else ""
    cont = ""
    if has_save:
        cont = (
            '<section class="card continue"><h2>'
            + escape(_("Saved game: {title}").format(title="Small Islands"))
            + f"</h2><p>{escape(save_summary)}</p>"
            + button(_("Continue {title}").format(title="Small Islands"), "continue", "btn primary")
            + "</section>"
        )
    if confirm_new:
        start = (
            '<div class="confirm" role="alertdialog" data-confirm="new">'
            "<p><b>" + escape(_("A game is in progress.")) + "</b> "
            + escape(_("Starting a new game replaces it (it cannot be continued afterwards)."))
            + '</p><div class="row">'
            + button(_("Start the new game"), "new", "btn danger", confirmed="1")
            + button(_("Keep the saved game"), "new-cancel", "btn primary")
            + "</div></div>"
        )
    else:
        start = button(_("Start the game"), "new", "btn primary")
    return cards.start_screen(
        "Small Islands",
        '<p class="tagline">'
        + escape(_("Explore, build islands, place houses. Pass-and-play on one device, "
                   "against computer players, or solo against Alexis."))
        + "</p>" + offer + cont,
        others,
        '<section class="card new-game"><h2>' + escape(_("New game")) + "</h2>"
        f"{tabs}"
        f'<div class="seats">{seats}</div>'
        f"{seat_buttons}"
        '<div class="row">'
        "<label>" + escape(_("Mode")) + f' <select data-field="mode">{mode_opts}</select></label>'
        "<label>" + escape(_("Table")) + f' <select data-field="table">{table_opts}</select></label>'
        + _select("speed", _("Computer pace"), tuple((v, _(t)) for v, t in SPEED_LABELS),
                  str(form.get("speed", "normal")))
        + "</div>"
        f"{err}{start}</section>",
        (button(_("Rules"), "rules", "btn"), button(_("Great Explorer"), "explorer", "btn"),
         button(_("Guided first game"), "coach-start", "btn")),
        '<p class="edition">' + escape(_(EDITION_NOTE)) + "</p>",
        title.picture(),
    )


def save_file_name() -> str:
    """The unreadable save's download name, in the player's words ("small-islands-save.json")."""
    return "small-islands-" + (slug(pgettext("file name", "save")) or "save") + ".json"


def broken_screen(reason: str, raw: str) -> str:
    """The saved data could not be loaded: say why, offer it for download, keep it."""
    href = "data:application/json;charset=utf-8," + percent_encode(raw)
    return (
        '<section class="screen broken" data-screen="broken">'
        "<h1>" + escape(_("The saved game cannot be loaded")) + "</h1>"
        f'<p class="error" role="alert">{escape(words.save_problem(reason))}</p>'
        "<p>" + escape(_("The saved data is kept on this device. Download it to keep a copy, "
                         "or start a new game (the old data is then moved aside, not "
                         "deleted).")) + "</p>"
        f'<p><a class="btn" data-act="download" download="{escape(save_file_name(), quote=True)}" '
        f'href="{escape(href, quote=True)}">' + escape(_("Download the saved data")) + "</a></p>"
        '<div class="row">'
        + button(_("Start fresh"), "fresh", "btn primary")
        + button(_("Menu"), "back", "btn")
        + "</div></section>"
    )


def esc(text: object) -> str:
    """Escape any value for HTML text or attributes."""
    return escape(str(text), quote=True)
