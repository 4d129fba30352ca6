"""A tiny game on the game kit alone, for the kit's own tests: take-away. Two players take
1 to 3 stones in turn from a heap; whoever takes the last stone wins."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from game_kit import save
from game_kit.actions import Action
from game_kit.errors import IllegalAction, MalformedInput, short

FORMAT = "take-away/1"


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

    def to_json(self) -> str:
        return SAVE.text(self.options, self.actions)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        options, actions = SAVE.read(text)
        return save.replay(cls(options), actions)
