"""Where each player's points came from: per round and per island, Discovery, ship ports.

`breakdown(game)` replays a finished game's actions from its options (the save is the game:
options + actions) and, after each action, sees what it changed: a house placed (on which
island, of how many tiles, by whom, for how many PP or which Discovery draws), a Discovery
token kept, any other PP (solo: Alexis's tiles that fit nowhere). The end adds each seat's
Discovery tokens, the ports around its own ship (solo: Alexis's grey ships) and Alexis's
level bonus, from `Game.scores()`, so that every seat's lines add up to its total (tested
over many games). Nothing is added to the engine's log: the replay is the record.

Pure (no browser imports). `rows_html` is the end screen's part.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game_shell.markup import escape
from game_shell.widgets import button, swatch
from small_islands import MISSIONS, REWARDS, Game, PlaceHouse
from small_islands.view import SeatView

from . import words

Cell = tuple[int, int]
Spot = tuple[int, int, int]


@dataclass
class HouseLine:
    """One house and what it earned."""

    round: int
    spot: Spot
    cells: frozenset[Cell]  # its island when it was built
    complete: bool
    pp: int
    mission: str | None
    reward: str | None
    choice: str | None = None
    draws: int = 0  # Discovery tokens drawn (the reward that draws them)
    kept: int | None = None  # the value of the Discovery token kept


@dataclass
class SeatLines:
    """Every line of one seat's score."""

    seat: int
    name: str
    colour: str
    houses: list[HouseLine] = field(default_factory=list)
    other: list[tuple[int, int, str]] = field(default_factory=list)  # (round, PP, why)
    discovery: list[int] = field(default_factory=list)
    ship_ports: int = 0
    ships: list[Cell] = field(default_factory=list)  # the ships whose ports count for it
    bonus: int = 0  # solo: Alexis's level bonus (with 1 per house)
    total: int = 0
    rank: int = 0

    def prestige(self) -> int:
        """PP earned during the game (houses and other)."""
        return sum(h.pp for h in self.houses) + sum(pp for _, pp, _ in self.other)

    def added(self) -> int:
        """The sum of every line (equals `total`)."""
        return self.prestige() + sum(self.discovery) + self.ship_ports + self.bonus


_CACHE: list[tuple[int, int, list[SeatLines]]] = []


def breakdown(game: Game) -> list[SeatLines]:
    """Every seat's lines for a game (finished or not: the end's lines need it finished)."""
    key = (id(game), len(game.actions))
    for k0, k1, out in _CACHE:
        if (k0, k1) == key:
            return out
    out = _replay(game)
    _CACHE[:] = [(key[0], key[1], out)]
    return out


def _replay(game: Game) -> list[SeatLines]:
    g = Game.new(game.options)
    lines = [SeatLines(i, s.name, s.colour) for i, s in enumerate(g.seats)]
    by_colour = {s.colour: i for i, s in enumerate(g.seats)}
    last_draw: dict[int, HouseLine] = {}
    for action in game.actions:
        seat, rnd = g.to_move, g.round
        pp = [s.pp for s in g.seats]
        kept = [len(s.discovery) for s in g.seats]
        houses = dict(g.board.houses)
        parts = g.objective_parts(seat) if seat is not None and g.is_player(seat) else None
        g.play_unchecked(action)
        new = [(spot, c) for spot, c in g.board.houses.items() if spot not in houses]
        for spot, colour in new:
            owner = by_colour.get(colour, seat if seat is not None else 0)
            island = g.board.island_at(spot[0], spot[1])
            line = HouseLine(rnd, spot, island.cells, island.is_complete, 0, None, None)
            if isinstance(action, PlaceHouse) and owner == seat and parts is not None:
                line.mission, line.reward, line.choice = parts[0], parts[1], action.choice
                line.pp = g.seats[owner].pp - pp[owner]
                line.draws = len(g.pending_discovery)
                if line.draws:
                    last_draw[owner] = line
            lines[owner].houses.append(line)
        for i, s in enumerate(g.seats):
            if len(s.discovery) > kept[i] and i in last_draw:
                last_draw.pop(i).kept = s.discovery[-1]
            if not (isinstance(action, PlaceHouse) and i == seat) and s.pp != pp[i]:
                lines[i].other.append((rnd, s.pp - pp[i], "a tile that fitted nowhere"))
    _finish(g, lines)
    return lines


def _finish(g: Game, lines: list[SeatLines]) -> None:
    """The end's lines: Discovery tokens, ship ports, the automaton's bonus, the totals."""
    if g.phase != "over":
        return
    board = g.board
    for row in g.scores():
        line = lines[row["seat"]]
        line.discovery = list(g.seats[line.seat].discovery)
        line.ship_ports = row["ship_ports"]
        line.bonus = row.get("alexis_bonus", 0)
        line.total, line.rank = row["total"], row["rank"]
        own = g.seats[line.seat].ship_cell
        if g.is_player(line.seat):
            line.ships = [own] if own is not None else []
        else:  # the automaton scores the ports around the grey ships
            line.ships = [c for c in board.ship_cells() if board.tiles[c].owner == "grey"]


# --------------------------------------------------------------------------- words


def island_text(v: SeatView, h: HouseLine) -> str:
    """'an island of 5 tiles in the north-west of the map' (its size when built)."""
    size = len(h.cells)
    x, y = min(h.cells, key=lambda c: (c[1], c[0]))
    what = f"an island of {words.count(size, 'tile')}" + (", complete" if h.complete else "")
    return f"{what} {words.area_words(v, x, y)}"


def earned_text(h: HouseLine) -> str:
    """'7 PP (1 PP per Flower, +2)' / 'a Discovery token worth 4' / 'no PP'."""
    reward = REWARDS[h.reward].text if h.reward in REWARDS else ""
    if h.draws:
        worth = f" worth {h.kept}" if h.kept is not None else ""
        return f"a Discovery token{worth} (best of {words.plural(h.draws, 'one', 'drawn')})"
    if h.reward is None:
        return "no PP (each of his houses adds 1 to his bonus)"
    pick = f", counting {words.SYMBOL_NAMES[h.choice][1]}" if h.choice else ""
    return f"{h.pp} PP ({reward}{pick})"


def other_text(why: str, pps: list[int]) -> str:
    """'2 tiles that fitted nowhere: +2 PP'."""
    n = len(pps)
    what = why if n == 1 else why.replace("a tile that", f"{n} tiles that", 1)
    return f"{what[:1].upper()}{what[1:]}: +{sum(pps)} PP"


def rows_html(
    v: SeatView, lines: list[SeatLines], picked: tuple[int, int | None] | None
) -> str:
    """Each seat's card: its houses per round (each a button that shows it on the map), its
    other PP, Discovery tokens, ship ports, bonus and the total."""
    out = []
    for s in sorted(lines, key=lambda s: (s.rank, s.seat)):
        on_seat = picked is not None and picked[0] == s.seat and picked[1] is None
        items = []
        rounds = sorted({h.round for h in s.houses} | {r for r, _, _ in s.other})
        for rnd in rounds:
            here = [(n, h) for n, h in enumerate(s.houses) if h.round == rnd]
            subtotal = sum(h.pp for _, h in here) + sum(p for r, p, _ in s.other if r == rnd)
            rows = "".join(
                '<li>'
                + button(
                    f"House on {island_text(v, h)}: {earned_text(h)}",
                    "over-house",
                    "btn line" + (" on" if picked == (s.seat, n) else ""),
                    seat=s.seat,
                    n=n,
                )
                + "</li>"
                for n, h in here
            )
            others: dict[str, list[int]] = {}
            for r, pp, why in s.other:
                if r == rnd:
                    others.setdefault(why, []).append(pp)
            rows += "".join(
                f'<li class="plain">{escape(other_text(why, pps))}</li>' for why, pps in others.items()
            )
            mission = next((MISSIONS[h.mission].text for _, h in here if h.mission in MISSIONS), "")
            goal = f' <span class="small">(mission: {escape(mission)})</span>' if mission else ""
            items.append(
                f'<li class="round" data-pp="{subtotal}"><b>Round {rnd}</b>: {subtotal} PP{goal}'
                f"<ul>{rows}</ul></li>"
            )
        if not s.houses and not s.other:
            items.append('<li class="plain">No house placed.</li>')
        disc = (
            f"{' + '.join(str(d) for d in s.discovery)} = {sum(s.discovery)}"
            if s.discovery
            else "none"
        )
        ships = "the grey ships" if s.bonus else "their ship"
        tail = (
            f'<li class="plain" data-pp="{sum(s.discovery)}">Discovery tokens: {disc}</li>'
            f'<li class="plain" data-pp="{s.ship_ports}">Ports around {ships}: {s.ship_ports}</li>'
            + (
                f'<li class="plain" data-pp="{s.bonus}">Level bonus (with 1 per house): {s.bonus}</li>'
                if s.bonus
                else ""
            )
        )
        out.append(
            f'<section class="card bd" data-seat="{s.seat}" data-total="{s.total}">'
            f'<h3>{swatch(s.colour)} {escape(s.name)}: {s.total} in all</h3>'
            + button(
                "Show on the map",
                "over-seat",
                "btn small" + (" on" if on_seat else ""),
                name=f"Show the houses of {s.name} on the map",
                seat=s.seat,
            )
            + f'<ul class="bd-lines">{"".join(items)}{tail}</ul></section>'
        )
    return "".join(out)
