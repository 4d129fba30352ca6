"""The island's spaces for screen readers: a table that mirrors the map row by row (north to
south, each row west to east), one cell per space of land, named in plain words by what is on
it ("Jungle inland, north-west: a hut, Ann's rover, possibly the Pearl or the Jade treasure.").

The map's SVG targets are named for the step's choice; this names what is already there. A
real HTML table, visually hidden next to the map (a screen reader walks it with its table keys).
The sea is left out (nothing stands on it). Pure: a view in, markup out."""

from __future__ import annotations

from ember_isle.view import View
from game_shell import i18n
from game_shell.i18n import _
from game_shell.markup import escape

from . import words

Hex = tuple[int, int]
RADIUS = 7  # the map draws the spaces closer than this to the volcano (`board.board_svg`)


def _things(view: View) -> dict[Hex, list[str]]:
    """What stands on each space, in words, in the map's drawing order."""
    out: dict[Hex, list[str]] = {}

    def add(h: list[int], text: str) -> None:
        out.setdefault((h[0], h[1]), []).append(text)

    for o in view["board"]["objects"]:
        facing = o.get("facing")
        if o["kind"] == "statue" and facing is not None:
            add(o["hex"], _("a statue facing {direction}").format(
                direction=words.direction(int(facing))))
        else:
            add(o["hex"], words.a_thing(o["kind"]))
    for h in view["amulets"]:
        add(h, _("an amulet"))
    for s in view["seats"]:
        if s["rover"] is not None:
            add(s["rover"], _("{name}'s rover").format(name=s["name"]))
    maybe: dict[Hex, list[str]] = {}
    for col in view["columns"]:
        name = words.treasure(col["name"])
        if col.get("located"):
            add(col["located"], _("the {treasure} treasure lies here").format(  # type: ignore[arg-type]
                treasure=name))
            continue
        for h in col["candidates"]:  # at any size of set (cubes stand only at 16 or fewer)
            maybe.setdefault((h[0], h[1]), []).append(name)
    for spot, names in maybe.items():
        said = names[0]
        for n in names[1:]:
            said = _("{treasures} or the {treasure}").format(treasures=said, treasure=n)
        out.setdefault(spot, []).append(_("possibly the {treasures} treasure").format(treasures=said))
    return out


def cell_words(view: View, h: Hex, things: dict[Hex, list[str]]) -> str:
    """One space: its ground and place, then what stands on it."""
    place = words.place(view, h)
    on = things.get(h, [])
    place = place[:1].upper() + place[1:]
    if on:
        return _("{place}: {things}.").format(place=place, things=", ".join(on))
    return _("{place}.").format(place=place)


_LAST: dict[str, str] = {"key": "", "html": ""}


GRID_OPEN = '<div class="sr map-grid" id="ei-map-grid">'


def grid(view: View) -> str:
    """The table in its container (nothing before the island has land)."""
    table = grid_table(view)
    return f"{GRID_OPEN}{table}</div>" if table else ""


def grid_table(view: View) -> str:
    """The table itself ("" before the island has land). The last one made is reused while
    what it names is unchanged (most taps change nothing on the island)."""
    b = view["board"]
    key = repr((b["terrain"], b["lava"], b["objects"], view["amulets"],
                [(s["name"], s["rover"]) for s in view["seats"]],
                [(c["name"], c.get("located"), c["candidates"]) for c in view["columns"]],
                i18n.language()))
    if _LAST["key"] != key:
        _LAST["key"], _LAST["html"] = key, _grid(view)
    return _LAST["html"]


def _grid(view: View) -> str:
    b = view["board"]
    land: dict[int, list[Hex]] = {}
    for k, letter in b["terrain"].items():
        q, r = (int(v) for v in k.split(","))
        if letter == "S" or (abs(q) + abs(r) + abs(q + r)) // 2 >= RADIUS:
            continue
        land.setdefault(r, []).append((q, r))
    if not land:
        return ""
    things = _things(view)
    rows = "".join(
        '<tr><th scope="row">' + escape(_("Row {n}").format(n=i18n.number(n))) + "</th>"
        + "".join(f"<td>{escape(cell_words(view, h, things))}</td>" for h in sorted(land[r]))
        + "</tr>"
        for n, r in enumerate(sorted(land), start=1)
    )
    caption = escape(_("The island's spaces of land, row by row from north to south, each row "
                       "from west to east"))
    return f"<table><caption>{caption}</caption><tbody>{rows}</tbody></table>"
