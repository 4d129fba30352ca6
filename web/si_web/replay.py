"""A finished game, step by step: the position after any number of its actions.

`Replay` plays the save once when it is opened (every action checked by the rules, as a
load does), keeping a copy of the game every `CHECKPOINT` actions and where each round
starts; a step anywhere then costs at most `CHECKPOINT` actions played on a copy. Stepping
one forward from the position shown plays one action on a copy of it.

The replay opens on the first position: at step 0 the map already shows the starting tiles as
the first player arranges them (`opening`). It can play itself (`playing`, one move every
`PACES[pace]` milliseconds: the browser layer's timer taps ``replay-tick``).

Everything is revealed, as at the end of the game: `revealed` gathers every seat's hand,
objectives and Discovery tokens from each seat's own view (the one function that knows
secrets stays the engine's `view`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game_shell.i18n import N_
from small_islands import Action, Game, Options, StartLayout

CHECKPOINT = 12
PACES = {"slow": 1600, "normal": 800, "fast": 300}  # ms between two moves when playing
PACE_LABELS = (("slow", N_("Slow")), ("normal", N_("Normal")), ("fast", N_("Fast")))  # `_` where shown


@dataclass(frozen=True)
class Mark:
    """Where the game stands after some actions: round and phase."""

    round: int
    phase: str


class Replay:
    """The positions of one game (see the module doc)."""

    def __init__(self, options: Options, actions: list[Action], title: str = "") -> None:
        self.options = options
        self.actions = list(actions)
        self.title = title
        g = Game(options)
        self._checkpoints: dict[int, Game] = {0: g.clone()}
        self.marks = [Mark(g.round, g.phase)]
        self.log_len = [len(g.log)]
        self._opening: Game | None = None
        for i, action in enumerate(self.actions, 1):
            g.play(action)
            if i == 1 and isinstance(action, StartLayout):
                self._opening = g.clone()
            self.marks.append(Mark(g.round, g.phase))
            self.log_len.append(len(g.log))
            if i % CHECKPOINT == 0:
                self._checkpoints[i] = g.clone()
        self.final = g
        self.box: tuple[float, float, float, float] | None = None  # the viewer's map frame
        self.step = 0
        self.playing = False  # playing itself (see the module doc)
        self.pace = "normal"
        self._shown: tuple[int, Game] = (0, self._checkpoints[0].clone())

    @classmethod
    def of(cls, game: Game, title: str = "") -> Replay:
        """The replay of a game (its options and actions)."""
        return cls(game.options, game.actions, title)

    @property
    def last(self) -> int:
        """The number of actions in the game (the last step)."""
        return len(self.actions)

    def game(self) -> Game:
        """The position at `step` (never change it: it is the replay's own copy)."""
        k = self.step
        at, g = self._shown
        if at == k:
            return g
        if at + 1 == k:
            g = g.clone()
            g.play(self.actions[at])
        else:
            base = max(i for i in self._checkpoints if i <= k)
            g = self._checkpoints[base].clone()
            for action in self.actions[base:k]:
                g.play(action)
        self._shown = (k, g)
        return g

    def opening(self) -> Game:
        """The position whose map step 0 shows: the starting tiles laid (the first move's
        layout) when the game begins with one, else the start itself."""
        return self._opening if self._opening is not None else self._checkpoints[0]

    def toggle(self) -> None:
        """Play or pause; Play at the end starts again from the beginning."""
        if not self.playing and self.step >= self.last:
            self.go(0)
        self.playing = not self.playing and self.last > 0

    def tick(self) -> None:
        """One move forward while playing; the end pauses."""
        if self.playing:
            self.go(self.step + 1)
        if self.step >= self.last:
            self.playing = False

    def set_pace(self, pace: str) -> None:
        if pace in PACES:
            self.pace = pace

    def go(self, step: int) -> None:
        """Show the position after `step` actions (clamped to the game)."""
        self.step = max(0, min(self.last, step))

    def rounds(self) -> list[tuple[int, int]]:
        """(round, first step) of every round, in order."""
        out: list[tuple[int, int]] = []
        for k, m in enumerate(self.marks):
            if not out or m.round != out[-1][0]:
                out.append((m.round, k))
        return out

    def round_start(self, direction: int) -> int:
        """The step where the next (+1) or the current or previous (-1) round starts."""
        starts = [k for _, k in self.rounds()]
        if direction > 0:
            return next((k for k in starts if k > self.step), self.last)
        before = [k for k in starts if k < self.step]
        return before[-1] if before else 0

    def new_log(self) -> int:
        """How many log entries the action of this step added (0 at the start)."""
        k = self.step
        return self.log_len[k] - self.log_len[k - 1] if k else 0


def revealed(game: Game) -> list[dict[str, Any]]:
    """Every seat's secrets at this position (hand, objectives, held cards, Discovery
    tokens), from each player seat's own view; automaton seats have none."""
    out: list[dict[str, Any]] = []
    for i in range(len(game.seats)):
        if not game.is_player(i):
            out.append({"seat": i, "player": False})
            continue
        v = game.view(i)
        out.append(
            {
                "seat": i,
                "player": True,
                "hand": v["hand"],
                "objective": v["objective"],
                "next_objective": v["next_objective"],
                "held": v["held"],
                "discovery": v["discovery"],
            }
        )
    return out
