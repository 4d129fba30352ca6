"""Game modes and automata as registered hooks, found by name.

Modes: how objectives are dealt, chosen and read. Normal mode plays with the 12 Objective
cards (``"O3"``); Advanced mode with separate Mission and Reward decks, an objective being a
mission plus a reward (``"M1+R4"``). `Options.mode` names one of `MODES`.

Automata: rules-driven seats (`hooks.Automaton`); `Options.automaton` names one of
`AUTOMATA` (solo mode: ``"alexis"``, `solo.Alexis`).
"""

from __future__ import annotations

from itertools import permutations

from .actions import Action
from .errors import IllegalAction, short
from .hooks import Automaton, Handler
from .objectives import MISSIONS, OBJECTIVES, REWARDS
from .solo import Alexis


class Mode:
    """Hooks shared by the modes; subclasses name their decks and objective notation."""

    name = ""
    decks: tuple[str, ...] = ()

    def deck(self, prefix: str) -> list[str]:
        """All card ids of the deck with this prefix, in order."""
        return [f"{prefix}{i}" for i in range(1, 13)]

    def parts(self, objective: str) -> tuple[str, str]:
        """(mission id, reward id) of an objective."""
        raise NotImplementedError

    def choices(self, held: list[str]) -> list[tuple[str, str]]:
        """Every legal (now, later) pair from the held cards."""
        raise NotImplementedError

    def check_choice(self, held: list[str], now: str, later: str) -> list[str]:
        """Validate a (now, later) choice; return the cards that go back to their decks."""
        raise NotImplementedError

    def cards_of(self, objective: str) -> list[str]:
        """The physical cards making up an objective."""
        raise NotImplementedError


class NormalMode(Mode):
    """Objective cards: a mission and a reward printed together."""

    name = "normal"
    decks = ("O",)

    def parts(self, objective: str) -> tuple[str, str]:
        card = OBJECTIVES[objective]
        return card.mission, card.reward

    def choices(self, held: list[str]) -> list[tuple[str, str]]:
        return list(permutations(sorted(held, key=_card_order), 2))

    def check_choice(self, held: list[str], now: str, later: str) -> list[str]:
        for card in (now, later):
            if card not in held:
                raise IllegalAction("not_held", f"objective card {short(card)} is not in your hand")
        if now == later:
            raise IllegalAction("same_card", f"{short(now)} cannot be kept for this and next round")
        return [c for c in held if c not in (now, later)]

    def cards_of(self, objective: str) -> list[str]:
        return [objective]


class AdvancedMode(Mode):
    """Missions and Rewards drawn separately and combined freely."""

    name = "advanced"
    decks = ("M", "R")

    def parts(self, objective: str) -> tuple[str, str]:
        mission, _, reward = objective.partition("+")
        if mission not in MISSIONS or reward not in REWARDS:
            raise IllegalAction("bad_objective", f"{short(objective)} is not MISSION+REWARD")
        return mission, reward

    def choices(self, held: list[str]) -> list[tuple[str, str]]:
        missions = sorted((c for c in held if c[0] == "M"), key=_card_order)
        rewards = sorted((c for c in held if c[0] == "R"), key=_card_order)
        return [
            (f"{m1}+{r1}", f"{m2}+{r2}")
            for m1, m2 in permutations(missions, 2)
            for r1, r2 in permutations(rewards, 2)
        ]

    def check_choice(self, held: list[str], now: str, later: str) -> list[str]:
        m1, r1 = self.parts(now)
        m2, r2 = self.parts(later)
        for card in (m1, r1, m2, r2):
            if card not in held:
                raise IllegalAction("not_held", f"card {short(card)} is not in your hand")
        if m1 == m2 or r1 == r2:
            raise IllegalAction("same_card", f"{short(now)} and {short(later)} share a card")
        return [c for c in held if c not in (m1, r1, m2, r2)]

    def cards_of(self, objective: str) -> list[str]:
        return list(self.parts(objective))


def _card_order(card: str) -> tuple[str, int]:
    return card[0], int(card[1:])


MODES: dict[str, Mode] = {"normal": NormalMode(), "advanced": AdvancedMode()}

AUTOMATA: dict[str, Automaton] = {"alexis": Alexis()}


def _automaton_handlers() -> dict[tuple[str, type[Action]], Handler]:
    """Every automaton's action handlers in one table (each action type has one owner)."""
    table: dict[tuple[str, type[Action]], Handler] = {}
    for automaton in AUTOMATA.values():
        for key, handler in automaton.handlers.items():
            assert key not in table, f"two automata handle {key}"
            table[key] = handler
    return table


# A game without an automaton refuses an automaton's action with its handler's own words.
AUTOMATON_HANDLERS = _automaton_handlers()
# Columns every row of `Game.scores` has (0 for the players; they count in the total).
SCORE_COLUMNS: tuple[str, ...] = tuple(c for a in AUTOMATA.values() for c in a.score_columns)
