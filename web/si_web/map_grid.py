"""The map's tiles for screen readers: a table that mirrors the map row by row (north to south,
west to east), one cell per square of the tiles' area, each named in plain words by what is on
it ("Land tile: a leaf and a house spot. Ann's house on the leaf."), the empty ones "Sea".

The map's SVG targets are named for placing; this names what is already there. It is a real
HTML table (a screen reader walks it with its table keys, announcing the row and the column),
visually hidden next to the map (`board_svg.board_open`'s group). Pure: a seat's or the
public view in, markup out; `tests/test_web_map_grid.py` checks the words from seeded games."""

from __future__ import annotations

from game_shell import i18n
from game_shell.i18n import N_, _, ngettext, number, pgettext
from game_shell.markup import escape
from small_islands.view import SeatView

from . import words

RESOURCE = {"flower": N_("flower"), "fruit": N_("fruit"), "leaf": N_("leaf")}
# where a house or a token stands on its tile ("on the leaf"), translated where shown
ON_SYMBOL = {"flower": N_("on the flower"), "fruit": N_("on the fruit"), "leaf": N_("on the leaf"),
             "temple": N_("on the temple"), "port": N_("on the port"),
             "house": N_("on the house spot")}


def _seat_names(view: SeatView) -> dict[str, str]:
    names = {s["colour"]: s["name"] for s in view["seats"]}
    names.setdefault("purple", "Alexis")  # the solo automaton's houses
    return names


def _on(symbols: list[str], index: int) -> str:
    """'on the leaf' (the symbol at `index` of the tile), 'on the tile' else."""
    if 0 <= index < len(symbols) and symbols[index] in ON_SYMBOL:
        return _(ON_SYMBOL[symbols[index]])
    if 0 <= index < len(symbols):
        return _("on the {symbol}").format(symbol=symbols[index])
    return _("on the tile")


def house_colour(colour: str) -> str:
    """A house's colour (French: "bleue", a Maison's)."""
    if colour == "blue":
        return pgettext("house", "blue")
    if colour == "red":
        return pgettext("house", "red")
    if colour == "yellow":
        return pgettext("house", "yellow")
    if colour == "purple":
        return pgettext("house", "purple")
    return colour


def cell_words(view: SeatView, x: int, y: int) -> str:
    """What is on the square (x, y) in words: its tile, houses, tokens; "Sea" when empty."""
    b = view["board"]
    tile = words.index(view).tiles.get((x, y))
    if tile is None:
        return _("Sea")
    names = _seat_names(view)
    text = words.tile_words(tile["points"], tile["symbols"], tile.get("ship"))
    parts = [text[:1].upper() + text[1:] + "."]
    symbols = tile["symbols"]
    for h in b["houses"]:
        if (h["x"], h["y"]) == (x, y):
            who = names.get(h["colour"], h["colour"])
            parts.append(_("{name}'s house ({colour}) {on}.").format(
                name=who, colour=house_colour(h["colour"]), on=_on(symbols, h["index"])))
    for r in b["resource_tokens"]:
        if (r["x"], r["y"]) == (x, y):
            res = r["resource"]
            parts.append(_("{name}'s {resource} token {on}.").format(
                name=names.get(r["colour"], r["colour"]),
                resource=_(RESOURCE[res]) if res in RESOURCE else res,
                on=_on(symbols, r["index"])))
    covered = sum(1 for c in b["covered_tokens"] if (c["x"], c["y"]) == (x, y))
    if covered:
        parts.append(ngettext("One token under the tile.", "{n} tokens under the tile.",
                              covered).format(n=number(covered)))
    for p in b["port_tokens"]:
        if (p["x"], p["y"]) == (x, y):
            parts.append(_("{name}'s port token.").format(name=names.get(p["colour"], p["colour"])))
    island = words.island_of(view, x, y)
    if island is not None and island["size"] > 1:
        parts.append(words.island_words(island)[:1].upper() + words.island_words(island)[1:] + ".")
    return " ".join(parts)


_LAST: dict[str, object] = {"key": None, "html": ""}


def grid(view: SeatView) -> str:
    """The table (nothing while the map has no tile). The last one made is reused while the
    map, the seats' names and the language are the same (an Undo or a reload makes a new view
    of the same map)."""
    key = (view["board"], [(s["colour"], s["name"]) for s in view["seats"]], i18n.language())
    if _LAST["key"] != key:
        _LAST["key"], _LAST["html"] = key, _grid(view)
    return str(_LAST["html"])


def _grid(view: SeatView) -> str:
    tiles = view["board"]["tiles"]
    if not tiles:
        return ""
    xs = [t["x"] for t in tiles]
    ys = [t["y"] for t in tiles]
    cols = range(min(xs), max(xs) + 1)
    head = "".join('<th scope="col">' + escape(_("Column {n}").format(n=number(i))) + "</th>"
                   for i, _x in enumerate(cols, start=1))
    rows = "".join(
        '<tr><th scope="row">' + escape(_("Row {n}").format(n=number(n))) + "</th>"
        + "".join(f"<td>{escape(cell_words(view, x, y))}</td>" for x in cols)
        + "</tr>"
        for n, y in enumerate(range(min(ys), max(ys) + 1), start=1)
    )
    return (
        '<div class="sr map-grid" id="map-grid"><table>'
        "<caption>"
        + escape(_("The map's tiles, row by row from north to south, each row from west to east"))
        + f"</caption><thead><tr><td></td>{head}</tr></thead><tbody>{rows}</tbody></table></div>"
    )
