"""The live objective tracker: the islands that meet the seat's mission now, and their score.

During exploration the device seat sees its objective for this round with the islands where
it could put a house if a ship landed now, what each would score, and the total of the best
choices; a previewed placement (a tile at a cell with a rotation, or a ship) shows how that
total would change ("+3 if you place here").

Everything is computed by the engine's own rules on the view's public map: the map is rebuilt
as an engine `Board` (`board_from_json`), the islands that may take a house are the mission's
own `Mission.islands` (2 tiles or more, no house of the seat's colour yet, a free house
location, the mission met), and each is scored by `Reward.score` with the best resource
choice. A house on one island changes no other island's mission or reward, so the best
reward phase puts the seat's houses in stock on the best-scoring islands: the total is the
sum of the `stock` best. Discovery (a reward that draws tokens) counts the tokens the seat
would keep: one per house on an island with a temple, while the bag lasts.

Pure (no browser imports); `tests/test_web_tracker.py` checks the numbers against the
engine's reward phase played out in full.
"""

from __future__ import annotations

from dataclasses import dataclass

from game_shell.i18n import _, ngettext, number
from game_shell.markup import escape
from small_islands import MISSIONS, REWARDS, SHIP_TILE, TILE_BY_ID, Board
from small_islands.tiles import RESOURCES
from small_islands.view import SeatView, board_from_json

from . import pictures, words

Cell = tuple[int, int]


@dataclass(frozen=True)
class IslandScore:
    """One island where a house may go now, and what a house there would earn."""

    key: Cell  # the island's top-left-most cell (the engine's `Island.key`)
    cells: frozenset[Cell]
    size: int
    gain: int  # PP; with a Discovery reward, the tokens drawn
    choice: str | None  # the best resource to name, for rewards that ask for one


@dataclass(frozen=True)
class Track:
    """The seat's objective on a map: the islands that qualify and the best total."""

    mission: str
    reward: str
    islands: tuple[IslandScore, ...]  # best first
    stock: int
    discovery: bool  # the reward draws Discovery tokens instead of PP
    total: int  # PP of the best choices (Discovery: tokens kept)

    def used(self) -> tuple[IslandScore, ...]:
        """The islands the best choices build on (at most `stock`)."""
        best = [i for i in self.islands if i.gain > 0] if self.discovery else list(self.islands)
        return tuple(best[: self.stock])


def track_board(
    board: Board, mission: str, reward: str, colour: str, stock: int, bag: int = 12
) -> Track:
    """The tracker on an engine board for a seat of `colour` with `stock` houses (`bag`:
    Discovery tokens left)."""
    m, r = MISSIONS[mission], REWARDS[reward]
    found = []
    for island in m.islands(board, colour):
        if r.needs_choice:
            gain, choice = max((r.score(island, board, c), c) for c in RESOURCES)
            best: str | None = choice
        else:
            gain, best = r.score(island, board), None
        found.append(IslandScore(island.key(), island.cells, island.size, gain, best))
    found.sort(key=lambda i: (-i.gain, i.key[1], i.key[0]))
    t = Track(mission, reward, tuple(found), stock, r.is_discovery, 0)
    total = min(len(t.used()), bag) if r.is_discovery else sum(i.gain for i in t.used())
    return Track(mission, reward, t.islands, stock, t.discovery, total)


_BOARDS: list[tuple[SeatView, Board]] = []


def view_board(v: SeatView) -> Board:
    """The engine board of a view's map (kept for the last few views: every tap asks)."""
    for seen, board in _BOARDS:
        if seen is v or seen["board"] == v["board"]:  # (the same map: an Undo's new view)
            return board
    board = board_from_json(v["board"])
    _BOARDS.insert(0, (v, board))
    del _BOARDS[3:]
    return board


def track(v: SeatView, board: Board | None = None) -> Track | None:
    """The tracker of the view's own seat on its map (or on `board`, a changed copy); None
    when the seat has no objective this round."""
    o = v.get("objective")
    if not o:
        return None
    if board is None and _TRACKS and _TRACKS[0][0] is v:
        return _TRACKS[0][1]
    me = v["seats"][v["seat"]]
    t = track_board(
        board if board is not None else view_board(v),
        o["mission"],
        o["reward"],
        me["colour"],
        me["stock"],
        v.get("discovery_left", 12),
    )
    if board is None:
        _TRACKS[:] = [(v, t)]
    return t


_TRACKS: list[tuple[SeatView, Track]] = []


def track_if_placed(v: SeatView, tile: str, x: int, y: int, rotation: int) -> Track | None:
    """The tracker as it would be with the hand tile `tile` placed on (x, y) at `rotation`
    (the placement is the engine's own `Board.put`, on a copy)."""
    board = view_board(v).copy()
    board.put(TILE_BY_ID[tile], x, y, rotation)
    return track(v, board)


def track_if_landed(v: SeatView, ship: str, x: int, y: int) -> Track | None:
    """The tracker as it would be with a ship landed on (x, y)."""
    board = view_board(v).copy()
    board.put(SHIP_TILE, x, y, 0, owner=ship)
    return track(v, board)


# --------------------------------------------------------------------------- words


def amount(t: Track, n: int) -> str:
    """'5 PP' / 'a Discovery token' / '2 Discovery tokens'."""
    if t.discovery:
        if not n:
            return _("nothing")
        return ngettext("a Discovery token", "{n} Discovery tokens", n).format(n=number(n))
    return _("{n} PP").format(n=number(n))


def change_words(before: Track | None, after: Track | None, what: str) -> str:
    """'+3 PP for your objective if you place here' (or that it changes nothing)."""
    if before is None or after is None:
        return ""
    d = after.total - before.total
    land = what == "land here"
    if d == 0:
        return (_("No change for your objective if you land here.") if land
                else _("No change for your objective if you place here."))
    n = abs(d)
    if before.discovery:
        unit = ngettext("{n} Discovery token", "{n} Discovery tokens", n).format(n=number(n))
    else:
        unit = _("{n} PP").format(n=number(n))
    if land:
        text = _("{sign}{amount} for your objective if you land here.")
    else:
        text = _("{sign}{amount} for your objective if you place here.")
    return text.format(sign="+" if d > 0 else "−", amount=unit)


def gain_words(t: Track, i: IslandScore) -> str:
    """What one island's house would earn."""
    if t.discovery:
        if not i.gain:
            return _("no temple: nothing")
        return ngettext("draw 1 token", "{n} draws", i.gain).format(n=number(i.gain))
    if i.choice:
        return _("{n} PP (counting {resources})").format(n=number(i.gain),
                                                         resources=words.symbols_of(i.choice))
    return _("{n} PP").format(n=number(i.gain))


def box(v: SeatView, picked: Cell | None, change: str) -> str:
    """The tracker card: this round's objective, the islands meeting it now (each a button
    that outlines it on the map), the total, the previewed change; then next round's."""
    t = track(v)
    nxt = v.get("next_objective")
    later = (
        '<p class="small next-obj" data-secret="objective"><b>' + escape(_("Next round:")) + "</b>"
        + pictures.parts(nxt["mission"], nxt["reward"], "pic-card small")
        + "<span>" + escape(_("{mission}; {reward}").format(
            mission=words.card_text(nxt["mission_text"]),
            reward=words.card_text(nxt["reward_text"]))) + "</span></p>"
        if nxt
        else ""
    )
    o = v.get("objective")
    if t is None or not o:
        return f'<section class="card tracker">{later}</section>' if later else ""
    used = {i.key for i in t.used()}
    rows = []
    for i in t.islands:
        where = words.where(v, i.key[0], i.key[1])
        on = picked == i.key
        rows.append(
            f'<li><button type="button" class="btn isle{" on" if on else ""}{"" if i.key in used else " spare"}" '
            f'data-act="track" data-x="{i.key[0]}" data-y="{i.key[1]}" '
            f'aria-pressed="{"true" if on else "false"}">'
            f"<span>{escape(where[:1].upper() + where[1:])}</span>"
            f'<b class="gain">{escape(gain_words(t, i))}</b></button></li>'
        )
    if t.islands:
        more = len(t.islands) - len(t.used())
        spare = (
            " " + ngettext("You have one house in stock.", "You have {n} houses in stock.",
                           t.stock).format(n=number(t.stock))
            if more > 0 and t.stock
            else ""
        )
        if not t.stock:
            spare = " " + _("You have no house in stock.")
        landed = escape(_("If a ship landed now: {amount}.")).format(
            amount="<b>" + escape(amount(t, t.total)) + "</b>")
        total = (
            f'<p class="track-total" data-track-total="{t.total}">{landed}{escape(spare)}</p>'
        )
        listing = f'<ul class="isles">{"".join(rows)}</ul>'
    else:
        total = (
            '<p class="track-total" data-track-total="0">'
            + escape(_("No island meets your mission yet (houses need islands of 2 or more tiles "
                       "with a free house spot)."))
            + "</p>"
        )
        listing = ""
    delta = f'<p class="track-change" role="status">{escape(change)}</p>' if change else ""
    title = escape(_("Your objective this round"))
    mission = escape(_("Mission: {text}").format(text=words.card_text(o["mission_text"])))
    reward = escape(_("Reward: {text}").format(text=words.card_text(o["reward_text"])))
    return (
        f'<section class="card tracker" aria-label="{title}">'
        f'<h2>{title}</h2>'
        f'<div class="objective small kept-card" data-secret="objective">'
        f'{pictures.parts(o["mission"], o["reward"], "pic-card small")}<span class="obj-words">'
        f'<span>{mission}</span>'
        f'<span>{reward}</span></span></div>'
        f"{total}{delta}{listing}{later}</section>"
    )
