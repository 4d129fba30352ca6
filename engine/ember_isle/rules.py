"""The rule tables: which actions each stage offers, how each action applies, why one is refused.

`Game.play` accepts exactly the actions of `LEGAL[stage]` (the one place that enforces
legality); `explain` only names the reason for a refusal, layer by layer: the phase, the
step of the turn, then the action's own rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game_kit.actions import field_names

from . import actions as act
from . import distribution, setup, turn
from .actions import Action
from .content import CLUE_CARDS, COLUMNS, LAVA_TILES, OBJECT_KINDS, POWERS, TRIADS
from .errors import IllegalAction, MalformedInput, short
from .state import PHASE_OF, GameState

LEGAL: dict[str, Callable[[GameState], list[Action]]] = {
    "objects": setup.legal_objects,
    "triads": setup.legal_triads,
    "rovers": setup.legal_rovers,
    "seed": setup.legal_seed,
    "start": turn.legal_amulet,
    "amulet": turn.legal_amulet,
    "lava": turn.legal_lava,
    "turn": turn.legal_turn,
    "move": turn.legal_move,
    "extra_clue": turn.clue_plays,
    "offer": distribution.legal_offer,
    "ward": distribution.legal_ward,
}


def _whole(g: GameState, cls: type[Action], only: Action | None = None) -> list[Action]:
    return [a for a in LEGAL[g.stage](g) if type(a) is cls]


#: Per stage: the legal actions of one class (`only`, when given, may narrow the list to
#: that one action where checking it alone is cheaper); always a subset of `LEGAL[stage]`
#: holding every legal action of that class (or `only`, if legal).
PARTS: dict[str, Callable[[GameState, type[Action], Action | None], list[Action]]] = {
    "turn": lambda g, cls, only: turn.turn_part(g, cls),
    "move": lambda g, cls, only: turn.move_part(g, cls),
    "lava": turn.lava_part,
    "triads": setup.triad_part,
}


def legal_of(g: GameState, cls: type[Action], only: Action | None = None) -> list[Action]:
    """The legal actions of class `cls` now (see `PARTS`)."""
    if g.stage not in RULES[cls][0]:
        return []
    return PARTS.get(g.stage, _whole)(g, cls, only)


#: Action type -> (stages where it may be played, its apply function, its checker).
RULES: dict[
    type[Action], tuple[frozenset[str], Callable[[GameState, Any], None], Callable[..., None]]
]
RULES = {
    act.PlaceObject: (frozenset({"objects"}), setup.apply_object, setup.check_object),
    act.PlaceTriad: (frozenset({"triads"}), setup.apply_triad, setup.check_triad),
    act.PlaceRover: (frozenset({"triads", "rovers"}), setup.apply_rover, setup.check_rover),
    act.SeedColumn: (frozenset({"seed"}), setup.apply_seed, setup.check_seed),
    act.TakeAmulet: (frozenset({"start", "amulet"}), turn.apply_take, lambda g, a: None),
    act.LeaveAmulet: (frozenset({"start", "amulet"}), turn.apply_leave, lambda g, a: None),
    act.PlaceLava: (frozenset({"lava"}), turn.apply_place_lava, turn.check_place_lava),
    act.PlayClue: (frozenset({"turn", "extra_clue"}), turn.apply_play_clue, turn.check_play_clue),
    act.PlayLavaTile: (
        frozenset({"turn", "extra_clue"}), turn.apply_lava_tile, turn.check_lava_tile
    ),
    act.Bound: (frozenset({"turn", "move"}), turn.apply_bound, turn.check_bound),
    act.StopMove: (frozenset({"move"}), turn.apply_stop, turn.check_stop),
    act.Pass: (frozenset({"turn"}), turn.apply_pass, turn.check_pass),
    act.Swap: (frozenset({"turn"}), turn.apply_swap, turn.check_swap),
    act.Raise: (frozenset({"turn", "move"}), turn.apply_raise, turn.check_raise),
    act.BuyPower: (frozenset({"turn"}), turn.apply_buy, turn.check_buy),
    act.RemoveCube: (frozenset({"turn"}), turn.apply_remove, turn.check_remove),
    act.EndTurn: (frozenset({"turn"}), turn.apply_end_turn, turn.check_end_turn),
    act.Claim: (frozenset({"offer"}), distribution.apply_claim, lambda g, a: None),
    act.Decline: (frozenset({"offer"}), distribution.apply_decline, lambda g, a: None),
    act.WardCurse: (frozenset({"ward"}), distribution.apply_ward, distribution.check_ward),
}
APPLY: dict[type[Action], Callable[[GameState, Any], None]] = {k: v[1] for k, v in RULES.items()}

_VOCABULARY: dict[str, frozenset[str]] = {
    "kind": frozenset(OBJECT_KINDS),
    "triad": frozenset(TRIADS),
    "column": frozenset(COLUMNS),
    "card": frozenset(CLUE_CARDS),
    "tile": frozenset(LAVA_TILES),
    "power": frozenset(POWERS),
    "choice": frozenset({"amulet", "discard"}),
}


def check_form(action: Any) -> None:
    """`MalformedInput` unless `action` is an action of this game with known names."""
    if not isinstance(action, Action) or type(action) not in RULES:
        raise MalformedInput(f"not an Ember Isle action: {short(action)}")
    action.validate_types()
    for name in field_names(type(action)):
        words = _VOCABULARY.get(name)
        if words is not None and getattr(action, name) not in words:
            raise MalformedInput(f"{action.type}: unknown {name} {short(getattr(action, name))}")


def explain(g: GameState, action: Action) -> None:
    """Raise the `IllegalAction` that says why `action` is not legal now."""
    stages, _, check = RULES[type(action)]
    if g.stage not in stages:
        phases = {PHASE_OF[s] for s in stages}
        if g.phase not in phases:
            raise IllegalAction(
                "wrong_phase", f"{action.type} is not possible in the {g.phase} phase"
            )
        raise IllegalAction(
            "wrong_step", f"{action.type} is not possible now (turn step: {g.stage})"
        )
    check(g, action)


def settle(g: GameState) -> None:
    """After an action: end the turn by itself when nothing but EndTurn is left."""
    turn.settle(g)
