"""Take Away, a tiny game on the game kit alone: two players take 1 to 3 stones in turn from
a heap; whoever takes the last stone wins. It proves the kit (its options, actions, save
envelope and replay: tests/test_game_kit_*.py) and the shell (`registration.py`, the browser
module `browser`: e2e/test_third_game.py).

>>> g = Game(Options(stones=5))
>>> g.play(Take(3)); g.play(Take(2))
>>> g.phase, g.winner
('over', 1)
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any, ClassVar

from game_kit import save
from game_kit.actions import Action
from game_kit.errors import IllegalAction, MalformedInput, short

FORMAT = "take-away/1"
COLOURS = ("blue", "red")


@dataclass(frozen=True)
class Options:
    stones: int = 7
    names: tuple[str, str] = ("Ann", "Bob")

    def to_json(self) -> dict[str, Any]:
        return {"stones": self.stones, "names": list(self.names)}

    @classmethod
    def from_json(cls, obj: Any) -> Options:
        if not isinstance(obj, dict) or set(obj) != {"stones", "names"}:
            raise MalformedInput(f"options must be stones and names, got {short(obj)}")
        stones, names = obj["stones"], obj["names"]
        if type(stones) is not int or not 1 <= stones <= 99:
            raise MalformedInput(f"stones: 1 to 99, got {short(stones)}")
        if not (isinstance(names, list) and len(names) == 2
                and all(isinstance(n, str) for n in names)):
            raise MalformedInput(f"names: two names, got {short(names)}")
        return cls(stones, (names[0], names[1]))


@dataclass(frozen=True, slots=True)
class Move(Action):
    registry: ClassVar[dict[str, type[Action]]] = {}


@dataclass(frozen=True, slots=True)
class Take(Move):
    type: ClassVar[str] = "take"
    n: int

    def validate_types(self) -> None:
        if type(self.n) is not int:
            raise MalformedInput(f"take.n must be a whole number, got {short(self.n)}")


SAVE = save.SaveFormat(FORMAT, "Take Away", "0.1.0", Options.from_json, Move)


class Game:
    def __init__(self, options: Options) -> None:
        self.options = options
        self.heap = options.stones
        self.to_move = 0
        self.actions: list[Move] = []
        self.end_reason: str | None = None
        self.winner: int | None = None

    @property
    def phase(self) -> str:
        return "over" if self.heap == 0 else "play"

    def legal_actions(self) -> list[Move]:
        return [Take(n) for n in (1, 2, 3) if n <= self.heap]

    def play(self, action: Move) -> None:
        if self.phase == "over":
            raise IllegalAction("game_over", "the heap is empty")
        if action not in self.legal_actions():
            raise IllegalAction("not_allowed", f"{action.to_json()} is not allowed now")
        assert isinstance(action, Take)
        self.heap -= action.n
        self.actions.append(action)
        if self.heap == 0:
            self.end_reason, self.winner = "empty", self.to_move
        self.to_move = 1 - self.to_move

    def scores(self) -> list[dict[str, Any]]:
        return [{"seat": i, "total": int(i == self.winner)} for i in (0, 1)]

    def winners(self) -> list[int]:
        return [] if self.winner is None else [self.winner]

    @property
    def names(self) -> tuple[str, str]:
        return self.options.names

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def to_json(self) -> str:
        return SAVE.text(self.options, self.actions)

    def summary(self, at_ms: int) -> dict[str, Any]:
        """What "Your games" keeps of a finished game (`game_shell.kept_games`); its id is
        its content's (the same game imported again is the same game)."""
        text = self.to_json()
        return {"id": f"{zlib.crc32(text.encode()):08x}{len(self.actions):04x}", "at": at_ms,
                "end": "last", "moves": len(self.actions), "seats": [
                    {"name": name, "colour": COLOURS[i], "kind": "human",
                     "total": sum(a.n for k, a in enumerate(self.actions)
                                  if k % 2 == i and isinstance(a, Take)),
                     "rank": 1 if i == self.winner else 2}
                    for i, name in enumerate(self.names)]}

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        options, actions = SAVE.read(text)
        return save.replay(cls(options), actions)
