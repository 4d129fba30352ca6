"""Take Away, a tiny game that proves the shell: a pile of stones, two players take one to
three in turn, whoever takes the last stone wins. Its rules, its save and its summary for
"Your games" (the shell's `game_shell.kept_games` format).

>>> g = TakeAway(("Ann", "Ben"), pile=5)
>>> g.play(3); g.play(2)
>>> g.over, g.winner
(True, 1)
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field

from game_kit.errors import IllegalAction, MalformedInput
from game_kit.jsonio import load_json

FORMAT = "take-away/1"
COLOURS = ("blue", "red")


@dataclass
class TakeAway:
    names: tuple[str, str]
    pile: int = 15
    moves: list[int] = field(default_factory=list)

    @property
    def left(self) -> int:
        return self.pile - sum(self.moves)

    @property
    def over(self) -> bool:
        return self.left == 0

    @property
    def phase(self) -> str:
        return "over" if self.over else "play"

    @property
    def to_move(self) -> int:
        return len(self.moves) % 2

    @property
    def winner(self) -> int | None:
        return (len(self.moves) - 1) % 2 if self.over else None

    def legal(self) -> list[int]:
        return [n for n in (1, 2, 3) if n <= self.left]

    def play(self, n: int) -> None:
        if n not in self.legal():
            raise IllegalAction("take", f"cannot take {n} of {self.left} stones")
        self.moves.append(n)

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "names": list(self.names), "pile": self.pile,
                           "moves": self.moves}, separators=(",", ":"))

    @staticmethod
    def from_json(text: str) -> TakeAway:
        data = load_json(text, "Take Away save")
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise MalformedInput("this is not a Take Away game")
        names, pile, moves = data.get("names"), data.get("pile"), data.get("moves")
        if not (isinstance(names, list) and len(names) == 2
                and all(isinstance(n, str) and 0 < len(n) <= 40 for n in names)
                and isinstance(pile, int) and 1 <= pile <= 99 and isinstance(moves, list)):
            raise MalformedInput("the Take Away game is damaged")
        game = TakeAway((names[0], names[1]), pile)
        for n in moves:
            try:
                game.play(n)
            except (IllegalAction, TypeError) as exc:
                raise MalformedInput(f"the Take Away game has an illegal move: {exc}") from None
        return game

    def summary(self, at_ms: int) -> dict[str, object]:
        """What "Your games" keeps of a finished game."""
        gid = f"{zlib.crc32(self.to_json().encode()):08x}{len(self.moves):04x}"  # by content
        return {"id": gid, "at": at_ms, "end": "last", "moves": len(self.moves), "seats": [
            {"name": name, "colour": COLOURS[i], "kind": "human",
             "total": sum(m for k, m in enumerate(self.moves) if k % 2 == i),
             "rank": 1 if i == self.winner else 2}
            for i, name in enumerate(self.names)]}
