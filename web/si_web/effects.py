"""What is new since the last render: the marks that motion, sound and vibration follow.

Pure (no browser imports). Each render of a screen with the map asks `Effects.update` with
the view it shows and a key (the game held, its number of actions, the screen and the seat
shown). For a new key it compares the view with the one shown before and returns an `Fx`:
the map's marks (`board_svg.MapFx`: new tiles, houses, tokens, merged islands, animated by
CSS), the tile taken from the display (the controller makes it travel to the hand or to
the taker's score), the PP earned per seat (they fly to the score), and the sounds to play.
For the same key it returns the same `Fx`, so a re-render that changes nothing in the game
(a tap that selects or previews) keeps the map's HTML as it was and nothing replays.

Nothing is marked after a load or a new game (nothing is "new" then), after Undo (the
game goes back: `App.serial` changes), or when the screen changes without a move.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from small_islands.view import SeatView

from .board_svg import MapFx

Key = tuple[int, int, str, int]
SOUNDS = ("take", "place", "build", "score", "land", "end")


@dataclass(frozen=True)
class Snapshot:
    """The public parts of a view that effects compare (plus the shown seat's hand)."""

    tiles: dict[tuple[int, int], str | None]  # cell -> ship colour (None: a landscape tile)
    houses: frozenset[tuple[int, int, int]]
    tokens: frozenset[tuple[int, int, int]]  # resource tokens; ports as index -1, -2
    islands: tuple[frozenset[tuple[int, int]], ...]
    pp: tuple[int, ...]
    display: tuple[str | None, ...]
    hand: tuple[str, ...]
    to_move: int | None
    seat: int


@dataclass
class Fx:
    """What changed between two renders (empty: nothing to animate or play)."""

    gen: int = 0  # counts the changes: the controller runs each one's effects once
    map: MapFx = field(default_factory=MapFx)
    taken: list[tuple[str, int]] = field(default_factory=list)  # (tile id, seat that took it)
    pp: dict[int, int] = field(default_factory=dict)  # seat -> PP earned
    sounds: list[str] = field(default_factory=list)

    def empty(self) -> bool:
        """Nothing to show or play."""
        m = self.map
        return not (m.tiles or m.houses or m.tokens or m.merged or self.taken or self.pp)


def snapshot(v: SeatView) -> Snapshot:
    """The parts of a seat's view that effects compare."""
    b = v["board"]
    tokens = {(t["x"], t["y"], t["index"]) for t in b.get("resource_tokens", [])}
    ports: dict[tuple[int, int], int] = {}
    for t in b.get("port_tokens", []):
        n = ports[(t["x"], t["y"])] = ports.get((t["x"], t["y"]), 0) + 1
        tokens.add((t["x"], t["y"], -n))
    return Snapshot(
        tiles={(t["x"], t["y"]): t.get("ship") for t in b.get("tiles", [])},
        houses=frozenset((h["x"], h["y"], h["index"]) for h in b.get("houses", [])),
        tokens=frozenset(tokens),
        islands=tuple(
            frozenset((c[0], c[1]) for c in i["cells"]) for i in b.get("islands", [])
        ),
        pp=tuple(s["pp"] for s in v["seats"]),
        display=tuple(t["id"] if t else None for t in v.get("display", [])),
        hand=tuple(t["id"] for t in v.get("hand", [])),
        to_move=v.get("to_move"),
        seat=v["seat"],
    )


def diff(before: Snapshot, after: Snapshot) -> Fx:
    """What `after` shows that `before` did not."""
    fx = Fx()
    for cell, ship in after.tiles.items():
        if cell not in before.tiles:
            fx.map.tiles[cell] = "place" if ship is None else "land"
    fx.map.houses = set(after.houses - before.houses)
    fx.map.tokens = set(after.tokens - before.tokens)
    for island in after.islands:
        parts = sum(1 for old in before.islands if old & island)
        if parts >= 2:
            fx.map.merged |= island
    gone = [t for t in before.display if t is not None and t not in after.display]
    if gone and before.to_move is not None:
        fx.taken = [(t, before.to_move) for t in gone]
    if len(before.pp) == len(after.pp):
        pairs = enumerate(zip(before.pp, after.pp, strict=True))
        fx.pp = {s: b - a for s, (a, b) in pairs if b > a}
    fx.sounds = sounds(fx)
    return fx


def sounds(fx: Fx) -> list[str]:
    """The sounds of a change, in the order they play."""
    out = []
    if fx.taken:
        out.append("take")
    if "land" in fx.map.tiles.values():
        out.append("land")
    elif fx.map.tiles or fx.map.tokens:
        out.append("place")
    if fx.map.houses:
        out.append("build")
    if fx.pp:
        out.append("score")
    return out


class Effects:
    """The last view shown and what changed with it (one per App)."""

    def __init__(self) -> None:
        self.key: Key | None = None
        self.last: Snapshot | None = None
        self.fx = Fx()
        self.gen = 0

    def update(self, v: SeatView, key: Key) -> Fx:
        """The change shown by this render (the same `Fx` again for the same key)."""
        if key == self.key:
            return self.fx
        now = snapshot(v)
        before, old_key = self.last, self.key
        self.key, self.last = key, now
        fx = Fx()
        moved_on = old_key is not None and old_key[0] == key[0] and key[1] > old_key[1]
        if before is not None and moved_on:  # the same game, further on
            fx = diff(before, now)
        if not fx.empty():
            self.gen += 1
            fx.gen = self.gen
        self.fx = fx
        return fx

    def forget(self) -> None:
        """Nothing shown any more (a screen without the map): the next one starts afresh."""
        self.key, self.last, self.fx = None, None, Fx()
