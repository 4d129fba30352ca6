"""The others' moves since the viewing seat's turn, on the island (issue 28): a badge in the
mover's colour with the colour's shape and the recap line's number (`game_shell.last_moves`)
where each move went -- a rover's bounds (its path drawn from where it stood), lava (and what
it buried), a treasure a clue or a lava flow located, objects placed during setup, amulets
taken, land added during setup, treasures raised, spaces ruled out -- named for screen readers ("Bob moved here"); and
"Since your turn", the recap whose lines show their move on the map. Pure."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from ember_isle.view import View
from game_shell import last_moves
from game_shell.i18n import _
from game_shell.last_moves import Move, Showing, recap_item, shown_line
from game_shell.markup import escape
from game_shell.widgets import swatch

from . import words
from .board import MARK_OF, Hex, S, centre, key
from .mapview import MapView

BADGE = 9.0  # the badge's width in map units (a hex is 2 * S tall)
RISE = S * 0.62  # its centre above the hex's centre: the rover and the cubes stay seen


@dataclass
class Line:
    """One line of the recap: its words, the mover's colour, the moves on the map, the spaces
    to frame when it is tapped and the rover's path (from where it stood)."""

    text: str
    seat: int | None
    colour: str
    moves: list[Move] = field(default_factory=list)
    hexes: list[Hex] = field(default_factory=list)
    path: list[Hex] = field(default_factory=list)
    moved: bool = False  # a rover's bounds in a row (the next bound joins the line)


def colour(view: View, seat: int | None) -> str:
    """A seat's colour as the shell's marks know it (violet is purple)."""
    if seat is None or not 0 <= seat < len(view["seats"]):
        return "grey"
    return last_moves.colour_of(MARK_OF.get(str(view["seats"][seat]["colour"]), "grey"))


def spot(h: Hex) -> tuple[float, float]:
    x, y = centre(h)
    return (round(x, 1), round(y - RISE, 1))


def rover_before(log: list[dict[str, Any]], index: int, seat: int) -> Hex | None:
    """Where `seat`'s rover stood before the log entry `index` (its last bound or placing)."""
    for e in reversed(log[:index]):
        if e.get("seat") == seat and e.get("event") in ("bound", "rover") and "hex" in e:
            return key(e["hex"])
    return None


def lines(view: View) -> list[Line]:
    """"Since your turn" (oldest first): the others' events in words, a rover's bounds in a
    row as one line, with what each did on the map."""
    log = view["log"]
    out: list[Line] = []
    for index, e in last_moves.since_turn(log, view["seat"], limit=40):
        seat = e.get("seat")
        event = e.get("event")
        who = words.seat_name(view, seat)
        c = colour(view, seat)
        if event == "bound" and isinstance(seat, int):
            h = key(e["hex"])
            prev = out[-1] if out else None
            if prev is not None and prev.seat == seat and prev.path and prev.moved:
                prev.path.append(h)
                prev.hexes.append(h)
            else:
                start = rover_before(log, index, seat)
                prev = Line("", seat, c, path=[start, h] if start is not None else [h],
                            hexes=[start, h] if start is not None else [h])
                prev.moved = True
                out.append(prev)
            n = len(prev.path) - 1 if len(prev.path) > 1 else 1
            prev.text = _("{who} moved {spaces}, to {place}.").format(
                who=who, spaces=words.spaces(n), place=words.place(view, h))
            prev.moves = [Move(0, c, who, _("moved here"), spot(h))]
            continue
        text = words.log_line(view, e)
        if event == "object" and not text:  # the log box leaves setup's objects out
            text = _("{who} placed {thing}.").format(who=who, thing=words.a_thing(str(e.get("kind"))))
        if not text:
            continue
        line = Line(text, seat if isinstance(seat, int) else None, c)
        line.moves, line.hexes = _moves(view, e, who, c)
        out.append(line)
    out = out[-12:]
    for n, line in enumerate(out, 1):
        line.moves = [Move(n, m.colour, m.who, m.did, m.at) for m in line.moves]
    return out


def _moves(view: View, e: dict[str, Any], who: str, c: str) -> tuple[list[Move], list[Hex]]:
    """What one (not a bound) event did on the map, and the spaces it concerns."""
    event = e.get("event")
    col = words.treasure(str(e.get("column", "")))
    did = {
        "rover": lambda: _("put their rover"),
        "object": lambda: _("placed {thing}").format(thing=words.a_thing(str(e.get("kind")))),
        "amulet_taken": lambda: _("picked up an amulet"),
        "raise": lambda: _("raised the {treasure} treasure").format(treasure=col),
        "cube_removed": lambda: _("ruled out a {treasure} space").format(treasure=col),
        "lava": lambda: (_("let lava flow, burying {thing}").format(
            thing=words.a_thing(str(e.get("destroyed")))) if e.get("destroyed") else _("let lava flow")),
    }.get(str(event), lambda: None)()
    moves: list[Move] = []
    hexes: list[Hex] = []
    if did is not None and isinstance(e.get("hex"), list) and len(e["hex"]) == 2:
        h = key(e["hex"])
        moves.append(Move(0, c, who, did, spot(h)))
        hexes.append(h)
    if event == "triad" and isinstance(e.get("new"), list) and len(e["new"]) == 2:
        land = [key(e[k]) for k in ("match", "lava", "new") if isinstance(e.get(k), list) and len(e[k]) == 2]
        what = _("added {land}").format(land=words.triad(str(e.get("triad"))))
        moves.append(Move(0, c, who, what, spot(key(e["new"]))))
        hexes.extend(land)
    how = (_("located the {treasure} treasure with lava") if event == "lava"
           else _("located the {treasure} treasure with an amulet") if event == "cube_removed"
           else _("located the {treasure} treasure with a clue"))
    for found in e.get("located") or []:
        if isinstance(found, dict) and isinstance(found.get("hex"), list):
            h = key(found["hex"])
            what = how.format(treasure=words.treasure(str(found.get("column", ""))))
            moves.append(Move(0, c, who, what, spot(h)))
            hexes.append(h)
    return moves, hexes


def paths_svg(view: View, recap: list[Line]) -> list[str]:
    """The rovers' paths: a dashed line in the mover's colour from where it stood, a ring there."""
    out = []
    for line in recap:
        if len(line.path) < 2:
            continue
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in (centre(h) for h in line.path))
        x0, y0 = centre(line.path[0])
        out.append(
            f'<g class="last-path-g"><polyline class="last-path s-{line.colour}" points="{pts}" '
            'stroke-width="1.6" stroke-dasharray="2.6 1.8"/>'
            f'<circle class="last-path s-{line.colour}" cx="{x0:.1f}" cy="{y0:.1f}" r="2.4" '
            'stroke-width="1.2"/></g>'
        )
    return out


def svg(view: View, recap: list[Line], fresh: bool = False, shown: int | None = None) -> str:
    """The marks and paths of the recap (see `last_moves.marks_svg`)."""
    marks = last_moves.group([m for line in recap for m in line.moves])
    return last_moves.marks_svg(marks, BADGE, fresh, shown, paths_svg(view, recap))


def recap_key(view: View, game_key: Hashable) -> Hashable:
    """The recap's identity (`last_moves.Showing`): the game, the seat, its last move."""
    return (game_key, view["seat"], last_moves.last_index(view["log"], view["seat"]))


def recap_box(view: View, recap: list[Line], shown: int | None = None) -> str:
    """"Since your turn": the others' moves, numbered as their marks; a line with a move on
    the map is a button that shows it there."""
    if not recap:
        return ""
    items = []
    for n, line in enumerate(recap, 1):
        lead = swatch(line.colour) if line.seat is not None else ""
        if line.hexes:
            items.append(recap_item(n, lead, escape(line.text), "ei-show-move", n == shown))
        else:
            items.append(f'<li class="with-swatch">{lead}{escape(line.text)}</li>')
    head = escape(_("Since your turn"))
    note = escape(_("Marked on the map in each player's colour: tap a line to see it."))
    return (
        f'<section class="card recap ei-recap" data-recap="1"><h2>{head}</h2>'
        f'<p class="small">{note}</p>'
        f"<ol>{''.join(items)}</ol></section>"
    )


def show(view: View, game_key: Hashable, data: dict[str, str], showing: Showing,
         mapview: MapView) -> None:
    """A recap line tapped (``data-line``): the map frames its move, its mark ringed (a
    stale or unknown line: nothing)."""
    recap = lines(view)
    line = shown_line(data, len(recap))
    if line is None or not recap[line - 1].hexes:
        return
    showing.show(recap_key(view, game_key), line)
    mapview.show(view, recap[line - 1].hexes)
