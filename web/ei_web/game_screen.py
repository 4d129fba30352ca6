"""The Ember Isle game screen, laid out as the shell's table (`game_shell.table`): the bar,
the island, the tray (what to do now, the clue cards and the step's choices), the sheets (the
clue columns, the suggestion, the players and what happened) and the action bar."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ember_isle import PlaceLava, PlaceTriad
from ember_isle.view import View
from game_shell import i18n, table
from game_shell.i18n import N_, _, number
from game_shell.markup import escape
from game_shell.widgets import button

from . import deduction, handoff, map_table, marks, screens, steps, words
from .board import Hex, board_layers
from .mapview import Box

if TYPE_CHECKING:
    from ember_isle import Action, Game
    from game_shell.last_moves import Showing

    from .autopilot import Autopilot
    from .coach import Guide
    from .mapview import MapView
    from .steps import Sel


class Shown(Protocol):
    """What the game screen reads of the app (`EmberApp`)."""

    @property
    def game(self) -> Game | None: ...
    @property
    def sel(self) -> Sel: ...
    @property
    def message(self) -> str | None: ...
    @property
    def map(self) -> MapView: ...
    @property
    def auto(self) -> Autopilot: ...
    @property
    def guide(self) -> Guide: ...
    @property
    def sheet(self) -> str | None: ...
    @property
    def last_moves(self) -> Showing: ...
    @property
    def shade(self) -> str | None: ...
    def view(self) -> View: ...
    def legal(self) -> list[Action]: ...
    def mine(self) -> bool: ...
    def my_turn(self) -> bool: ...

ASK = {
    "triads": N_("Add a piece of land to the island."),
    "rovers": N_("Tap a highlighted space to put your rover on the island."),
    "objects": N_("Tap a highlighted space to place the object."),
    "seed": N_("Start a clue column with the card you drew."),
    "start": N_("An amulet lies under your rover: take it (lava will flow) or leave it."),
    "move": N_("Keep moving: tap a highlighted space, or stop here."),
    "amulet": N_("Your rover found an amulet: take it (lava will flow) or leave it."),
    "lava": N_("Tap where the lava flows: beside the volcano or beside other lava."),
    "extra_clue": N_("Play your extra clue: choose a card, then a column."),
    "offer": N_("Take the revealed card, or let it pass to the next rose."),
    "ward": N_("A Curse! Spend an amulet or give up your best treasure card."),
}


def ask(app: Shown, v: View) -> str:
    g = app.game
    assert g is not None
    stage = g.stage
    if not app.my_turn():
        name = g.seats[g.to_move].name if g.to_move is not None else ""
        if g.to_move is not None and g.seats[g.to_move].bot:
            return _("{name} (computer) is thinking…").format(name=name)
        return _("Waiting for {name}.").format(name=name)
    if stage == "turn":
        ts = v["turn_state"]
        if ts is not None and ts["main_done"]:
            return _("Use an amulet, raise a treasure under your rover, or end your turn.")
        return _("Your turn: play a clue (choose a card), move (tap a highlighted space), "
                 "or swap your clues.")
    if stage == "objects":
        kind = steps.next_object(app.legal())
        if kind == "statue":
            return _("Place a statue: tap a highlighted space, then choose which way it faces "
                     "(where its amulets will land).")
        return {"hut": _("Place a hut: tap a highlighted space."),
                "tree": _("Place a palm tree: tap a highlighted space.")}.get(
            kind or "", _("Place an object: tap a highlighted space."))
    said = ASK.get(stage)
    return _(said) if said is not None else _("Your move.")


def tray(app: Shown, v: View, legal: list[Action]) -> str:
    """What the seat holds and is choosing: the step's choices (a piece of land, a statue's
    facing, the column to seed, the share-out), the clue cards with their columns, the
    amulet powers."""
    g = app.game
    assert g is not None
    stage = g.stage
    mine = app.mine()
    out = []
    if stage == "triads" and app.my_turn():
        out.append(screens.triad_box(v, legal, app.sel))
    if stage == "objects" and app.my_turn():
        out.append(screens.facing_box(v, legal, app.sel, stage))
    if stage == "seed" and app.my_turn():
        out.append(screens.seed_box(v, legal))
    if g.phase == "distribution":
        out.append(screens.distribution_box(v, mine))
        if app.my_turn() and not mine:  # a public offer between people: its cards on request
            out.append('<div class="row">' + button(_("Show my secret cards"), "ei-show-mine", "btn")
                       + "</div>")
    if g.phase == "play" or (g.phase == "distribution" and mine):
        out.append(screens.hand_box(v, legal, app.sel, mine))
    if app.my_turn() and g.phase == "play":
        out.append(screens.powers_box(v, legal, app.sel))
    if g.phase in ("play", "distribution"):  # where each treasure may be, on the map
        out.append(deduction.chips(v, app.shade) + deduction.shade_note(v, app.shade))
    return "".join(out)


def sheets(app: Shown, v: View, recap: str, n_recap: int) -> list[table.Sheet]:
    """The table's sheets: what the others did since your turn (`recap`, its `n_recap`
    lines), the clue columns, the suggestion, the players and what happened."""
    focus = app.sel.option[0] if app.sel.option else None
    if app.auto.hint_text:
        head = escape(_("Suggestion"))
        hint = f'<section class="card hint"><h2>{head}</h2><p>{escape(app.auto.hint_text)}</p></section>'
    elif app.auto.hint_wanted:
        hint = '<section class="card hint"><p>' + escape(_("Thinking of a suggestion…")) + "</p></section>"
    elif handoff.may_hint(app.game, app.my_turn(), app.mine()):
        hint = '<section class="card hint">' + button(_("Suggest a move"), "ei-hint", "btn") + "</section>"
    else:
        hint = ""
    d = v["decks"]
    left = escape(_("Turn\u00a0{n}. Cards left: treasure\u00a0{treasure}, clue\u00a0{clues}.").format(
        n=number(max(v["turn"], 1)), treasure=number(d["treasure"]), clues=number(d["clues"])))
    decks = f'<p class="small">{left}</p>'
    return [
        table.Sheet("recap", _("Since your turn"), recap, str(n_recap) if n_recap else ""),
        table.Sheet("columns", _("Clue columns"), screens.columns_box(v, focus, app.shade)),
        table.Sheet("discard", _("Discards"), screens.discard_box(v), str(len(v["clue_discard"]) or "")),
        table.Sheet("hint", _("Suggest"), hint, act="" if app.auto.hint_text else "ei-hint"),
        table.Sheet("players", _("Players"), screens.seats_strip(v) + decks + screens.log_box(v)),
    ]


def action_bar(app: Shown, v: View, legal: list[Action]) -> str:
    g = app.game
    assert g is not None
    if not app.my_turn():
        return ""
    parts = []
    if app.auto.hint is not None:
        parts.append(button(_("Do the suggestion"), "ei-play-hint", "btn"))
    for i, a in enumerate(legal):
        label = steps.simple_label(a, v)
        if label is not None:
            parts.append(button(label, "ei-do", "btn", i=i))
    sel = app.sel
    if sel.card or sel.triad or sel.hex or sel.cube or sel.fixed:
        parts.append(button(_("Cancel"), "ei-cancel", "btn"))
    action = steps.chosen(v, g.stage, legal, sel)
    if action is not None:
        confirm = steps.CONFIRM.get(action.type)
        label = (_("Play the clue") if action.type in ("play_clue", "play_lava_tile")
                 else _(confirm) if confirm is not None else _("Confirm"))
        note = ""
        preview = steps.preview(v, sel)
        cost = steps.lava_cost(v, action)
        seen = choice_preview(v, action)
        if preview is not None:
            leaves = escape(_("This clue leaves {spaces}").format(spaces=words.spaces(len(preview[1]))))
            note = f'<span class="ei-preview" role="status">{leaves}</span>'
        elif seen is not None:  # lava or new land: what it does to the map, before it is made
            note = f'<span class="ei-preview ei-map-preview" role="status">{escape(seen[1])}</span>'
        elif cost is not None:  # the only move that gives something up: said before it is made
            label = _("Cross the lava and pay")
            costs = escape(_("Crossing onto lava here costs {cost}.").format(cost=cost))
            note = f'<span class="ei-preview ei-cost" role="status">{costs}</span>'
        parts.append(note + button(label, "ei-confirm", "btn primary"))
    named = escape(_("Actions"))
    return f'<div class="actions-row" role="group" aria-label="{named}">{"".join(parts)}</div>'


def game_screen(app: Shown) -> str:
    return game_table(app).html()


def game_table(app: Shown) -> table.Screen:
    """The game screen as the shell's table (the browser replaces its changed parts only)."""
    g = app.game
    assert g is not None
    v = app.view()
    legal = app.legal()
    stage = g.stage
    recap = marks.lines(v)
    targets, chosen, box = map_state(app, v, legal, recap)
    key = marks.recap_key(v, g.options.seed)
    shown = app.last_moves.shown(key)
    fresh = app.last_moves.first(key)  # the motion: never with motion off (styles.css)
    action = steps.chosen(v, stage, legal, app.sel) if app.my_turn() else None
    seen = choice_preview(v, action)
    found = deduction.ruled_out(v)
    overlay = (seen[0] if seen else "") + (
        deduction.ruled_svg(found) if found and deduction.fresh_clue(v) else "")
    island = board_layers(v, deduction.name_targets(v, targets, app.shade), chosen,
                          steps.preview(v, app.sel), box=box, facing=app.sel.facing,
                          recent=marks.svg(v, recap, fresh, shown), overlay=overlay,
                          under=deduction.shade_svg(v, app.shade))
    board = table.Layers(island.segments + (  # the map, its table for screen readers, the zoom
        ("", map_table.GRID_OPEN), ("ei-map-grid", map_table.grid_table(v)),
        ("", "</div>" + map_controls())), island.sets)
    can_undo = app.my_turn() and g.can_undo()
    msg = f'<div class="toast" role="alert">{escape(app.message)}</div>' if app.message else ""
    all_sheets = sheets(app, v, marks.recap_box(v, recap, shown), len(recap))
    return table.Screen(
        "ei",
        f'data-screen="ei-game" data-stage="{stage}" data-mine="{1 if app.my_turn() else 0}" '
        + table.sheet_attr(app.sheet),
        table.Frame(
            bar=screens.header(v, can_undo),
            coach=app.guide.row(app),
            board=board,
            say=say(app, v),
            tray=tray(app, v, legal),
            pills=table.pills("ei", all_sheets, app.sheet, "ei-sheet"),
            sheets=table.sheet_layers("ei", all_sheets, app.sheet, "ei-sheet"),
            actions=action_bar(app, v, legal),
            toasts=f'<div class="toasts">{msg}</div>',
        ),
        board_id="ei-board-wrap",
        board_cls="ei-map",
        cls="ei-game",
    )


def map_state(
    app: Shown, v: View, legal: list[Action], recap: list[marks.Line] | None = None
) -> tuple[dict[Hex, str], Hex | None, Box]:
    """The map's tap targets (hex -> name), the chosen space and the part of the island shown
    (framing the others' moves since the seat's turn too, `recap`, where that fit allows)."""
    g = app.game
    assert g is not None
    # a clue being previewed: the map shows what it leaves, not where the rover could go
    mapped = app.my_turn() and app.sel.option is None
    targets = steps.targets(v, g.stage, legal, app.sel) if mapped else {}
    fixed = app.sel.fixed
    chosen = app.sel.hex or (fixed.get("new") if fixed else None)
    recent = [h for line in (marks.lines(v) if recap is None else recap) for h in line.hexes]
    return targets, chosen, app.map.box(v, g.stage, targets, chosen, recent)


def choice_preview(v: View, action: Action | None) -> tuple[str, str] | None:
    """A chosen lava flow or piece of land, before it is confirmed: (its picture on the map,
    its words for the action bar); None for other choices."""
    if isinstance(action, PlaceLava):
        p = deduction.lava_preview(v, (action.hex[0], action.hex[1]))
        return deduction.lava_svg(p), deduction.lava_words(p)
    if isinstance(action, PlaceTriad):
        t = deduction.triad_preview(v, action)
        return deduction.triad_svg(t), deduction.triad_words(v, t)
    return None


def map_controls() -> str:
    """Zoom in, zoom out and fit the island: by touch and by keyboard (pinch, drag and the
    wheel do the same on the map)."""
    named = escape(_("Map view"))
    return (
        f'<div class="ei-zoom" role="group" aria-label="{named}">'
        + button("+", "ei-zoom", "btn", name=_("Zoom in"), how="in")
        + button("−", "ei-zoom", "btn", name=_("Zoom out"), how="out")
        + button(_("Fit the island"), "ei-zoom", "btn", how="fit")
        + "</div>"
    )


def say(app: Shown, v: View) -> str:
    """What to do now in the tray: the lead, then the ask's head as the title and the rest as
    its line ("Your turn" / "play a clue (choose a card), move ..., or swap your clues.")."""
    text = ask(app, v)
    head, sep, rest = text.partition(": ")
    if not sep or len(head) > 40 or i18n.language() == i18n.PSEUDO:  # (a check: kept whole)
        return table.say(ask_lead(app, v), escape(text), "")
    return table.say(ask_lead(app, v), escape(head.rstrip()), escape(rest[:1].upper() + rest[1:]))


def ask_lead(app: Shown, v: View) -> str:
    """The tray's lead: whose turn (their colour), the turn's number."""
    g = app.game
    assert g is not None
    mark = ""
    if g.to_move is not None:
        mark = screens.seat_swatch(g.seats[g.to_move].colour)
    turn = escape(_("Turn\u00a0{n}").format(n=number(max(v["turn"], 1))))
    return f"{mark}<b>{escape(ask_who(app, v))}</b> · {turn}"


def ask_who(app: Shown, v: View) -> str:
    g = app.game
    assert g is not None
    if g.to_move is None:
        return "Ember Isle"
    s = g.seats[g.to_move]
    d = v.get("distribution") if g.phase == "distribution" else None
    if d:  # the raiser's turn: the seat to move only answers the share-out
        raiser = g.seats[d["raiser"]].name if 0 <= d["raiser"] < len(g.seats) else ""
        if s.bot:
            said = _("Sharing {raiser}'s {treasure} treasure: {name} to answer (computer)")
        else:
            said = _("Sharing {raiser}'s {treasure} treasure: {name} to answer")
        return said.format(raiser=raiser, treasure=words.treasure(d["column"]), name=s.name)
    if app.my_turn():
        return _("{name}, your turn").format(name=s.name)
    if s.bot:
        return _("{name}'s turn (computer)").format(name=s.name)
    return _("{name}'s turn").format(name=s.name)
