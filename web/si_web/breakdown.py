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

from game_shell.i18n import _, ngettext, number
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
    area = words.area_words(v, x, y)
    if h.complete:
        text = ngettext("an island of {n} tile, complete {area}",
                        "an island of {n} tiles, complete {area}", size)
    else:
        text = ngettext("an island of {n} tile {area}", "an island of {n} tiles {area}", size)
    return text.format(n=number(size), area=area)


def earned_text(h: HouseLine) -> str:
    """'7 PP (1 PP per Flower, +2)' / 'a Discovery token worth 4' / 'no PP'."""
    reward = words.card_text(REWARDS[h.reward].text) if h.reward in REWARDS else ""
    if h.draws:
        n = h.draws
        if h.kept is not None:
            return ngettext("a Discovery token worth {value} (best of one)",
                            "a Discovery token worth {value} (best of {n} drawn)", n).format(
                                value=number(h.kept), n=number(n))
        return ngettext("a Discovery token (best of one)",
                        "a Discovery token (best of {n} drawn)", n).format(n=number(n))
    if h.reward is None:
        return _("no PP (each of his houses adds 1 to his bonus)")
    if h.choice:
        return _("{pp} PP ({reward}, counting {resources})").format(
            pp=number(h.pp), reward=reward, resources=words.symbols_of(h.choice))
    return _("{pp} PP ({reward})").format(pp=number(h.pp), reward=reward)


def other_text(why: str, pps: list[int]) -> str:
    """'2 tiles that fitted nowhere: +2 PP'."""
    n = len(pps)
    if why == "a tile that fitted nowhere":
        text = ngettext("A tile that fitted nowhere: +{pp} PP",
                        "{n} tiles that fitted nowhere: +{pp} PP", n)
    else:
        text = why[:1].upper() + why[1:] + ": +{pp} PP"
    return text.format(n=number(n), pp=number(sum(pps)))


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
                    _("House on {island}: {earned}").format(island=island_text(v, h),
                                                            earned=earned_text(h)),
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
            mission = next((words.card_text(MISSIONS[h.mission].text)
                            for _n, h in here if h.mission in MISSIONS), "")
            goal = (' <span class="small">'
                    + escape(_("(mission: {text})").format(text=mission)) + "</span>"
                    if mission else "")
            head = escape(_("{round}: {pp} PP")).format(
                round="<b>" + escape(_("Round {n}").format(n=number(rnd))) + "</b>",
                pp=number(subtotal))
            items.append(
                f'<li class="round" data-pp="{subtotal}">{head}{goal}'
                f"<ul>{rows}</ul></li>"
            )
        if not s.houses and not s.other:
            items.append('<li class="plain">' + escape(_("No house placed.")) + "</li>")
        disc = (
            f"{' + '.join(number(d) for d in s.discovery)} = {number(sum(s.discovery))}"
            if s.discovery
            else _("none")
        )
        if s.bonus:
            ports = _("Ports around the grey ships: {n}").format(n=number(s.ship_ports))
        else:
            ports = _("Ports around their ship: {n}").format(n=number(s.ship_ports))
        discovery = escape(_("Discovery tokens: {tokens}").format(tokens=disc))
        level = escape(_("Level bonus (with 1 per house): {n}").format(n=number(s.bonus)))
        tail = (
            f'<li class="plain" data-pp="{sum(s.discovery)}">{discovery}</li>'
            f'<li class="plain" data-pp="{s.ship_ports}">{escape(ports)}</li>'
            + (
                f'<li class="plain" data-pp="{s.bonus}">{level}</li>'
                if s.bonus
                else ""
            )
        )
        in_all = escape(_("{name}: {n} in all").format(name=s.name, n=number(s.total)))
        out.append(
            f'<section class="card bd" data-seat="{s.seat}" data-total="{s.total}">'
            f'<h3>{swatch(s.colour)} {in_all}</h3>'
            + button(
                _("Show on the map"),
                "over-seat",
                "btn small" + (" on" if on_seat else ""),
                name=_("Show the houses of {name} on the map").format(name=s.name),

                seat=s.seat,
            )
            + f'<ul class="bd-lines">{"".join(items)}{tail}</ul></section>'
        )
    return "".join(out)
