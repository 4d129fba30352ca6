"""One rule: `play` accepts exactly what `legal_actions()` lists, and refuses all else.

Seeded random games in every mode and seat count (solo with both `alexis_decides`
values). At every step, arbitrary actions of every type with random fields are offered:
each one that is not in the legal list must raise `IllegalAction` and leave the save and
every seat's view byte-identical. In setup, where any legal arrangement of the starting
tiles is accepted (too many to list), "legal" means: `check_layout` accepts it.
"""

from __future__ import annotations

import json
import random
from dataclasses import fields
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from scale import scaled

from small_islands import (
    Action,
    Game,
    IllegalAction,
    Options,
    StartLayout,
)
from small_islands.actions import ACTION_TYPES
from small_islands.content import STARTING_TILES, TILES

CONFIGS = [
    dict(seats=2, mode="normal"),
    dict(seats=3, mode="normal"),
    dict(seats=4, mode="normal"),
    dict(seats=2, mode="advanced"),
    dict(seats=3, mode="advanced"),
    dict(seats=4, mode="advanced"),
    dict(seats=1, mode="normal", alexis_decides=True),
    dict(seats=1, mode="normal", alexis_decides=False),
    dict(seats=1, mode="advanced", alexis_decides=True),
    dict(seats=1, mode="advanced", alexis_decides=False),
]
# x 10 configurations = 1 500 games at SI_TEST_SCALE=1 (make test-deep), 150 in make test
GAMES_PER_CONFIG = scaled(150)
OFFERS_PER_STEP = 2  # arbitrary actions offered at each step, from a pool drawn per game
POOL = 24
VIEW_EVERY = 8  # the byte-identical save + views check, every 8th step (state() at every one)

TILE_IDS = [t.id for t in TILES] + [t.id for pair in STARTING_TILES for t in pair]
CARD_IDS = [f"{p}{i}" for p in "OMR" for i in range(1, 13)]
WORDS = ["flower", "fruit", "leaf", "gold", "grey", "blue", "red", "yellow", "purple", ""]
STRINGS = TILE_IDS + CARD_IDS + ["M1+R1", "M3+R12", "O1+O2", "T99", "S"] + WORDS


def int_field() -> st.SearchStrategy[Any]:
    """Mostly plausible coordinates and indexes; sometimes wild or of the wrong type."""
    return st.one_of(
        st.integers(-2, 13),
        st.integers(),
        st.sampled_from([True, False, 1.0, 0.0, None, "1"]),
    )


def str_field() -> st.SearchStrategy[Any]:
    return st.one_of(st.sampled_from(STRINGS), st.text(max_size=6), st.sampled_from([1, None]))


def layout_field() -> st.SearchStrategy[Any]:
    placement = st.tuples(
        st.sampled_from(TILE_IDS[-8:] + ["T01"]), *[st.integers(3, 8)] * 2, st.integers(-1, 4)
    )
    return st.one_of(st.tuples(*[placement] * 4), st.lists(placement, max_size=5).map(tuple))


FIELD = {
    "x": int_field,
    "y": int_field,
    "rotation": int_field,
    "slot": int_field,
    "index": int_field,
    "tile": str_field,
    "now": str_field,
    "later": str_field,
    "resource": str_field,
    "ship": str_field,
    "placements": layout_field,
    "choice": lambda: st.one_of(st.none(), str_field()),
}


def action_strategy() -> st.SearchStrategy[Action]:
    """Any action type, each field random (see FIELD)."""
    kinds = []
    for cls in ACTION_TYPES.values():
        names = [f.name for f in fields(cls)]
        kinds.append(st.builds(cls, **{n: FIELD[n]() for n in names}))
    return st.one_of(kinds)


def key(a: Action) -> tuple[Any, ...]:
    """Equality that also tells 1 from 1.0 and True."""
    return (type(a), tuple((type(getattr(a, f.name)), getattr(a, f.name)) for f in fields(a)))


def near_misses(legal: list[Action], rng: random.Random) -> list[Action]:
    """Legal actions with one field nudged: the illegal actions most likely to slip through."""
    out = []
    for a in rng.sample(legal, min(3, len(legal))):
        fs = [f.name for f in fields(a)]
        if not fs:
            continue
        name = rng.choice(fs)
        value = getattr(a, name)
        if isinstance(value, int) and not isinstance(value, bool):
            new: Any = value + rng.choice([-1, 1, 4])
        elif isinstance(value, str):
            new = rng.choice(STRINGS)
        else:
            continue
        out.append(type(a)(**{**{f: getattr(a, f) for f in fs}, name: new}))
    return out


def snapshot(g: Game) -> tuple[str, list[str]]:
    return g.to_json(), [json.dumps(g.view(s), sort_keys=True) for s in range(len(g.seats))]


def legal_now(g: Game, a: Action, legal_keys: set[tuple[Any, ...]]) -> bool:
    if g.phase == "setup":
        if not isinstance(a, StartLayout):
            return False
        try:
            a.validate_types()
            g.check_layout(a)
        except ValueError:
            return False
        return True
    return key(a) in legal_keys


def check_offers(g: Game, offers: list[Action], views: bool) -> None:
    """Each refused offer leaves `state()` (everything, secrets and generator included) equal;
    with `views`, the save and every seat's view are also compared as bytes."""
    legal_keys = {key(a) for a in g.legal_actions()}
    state = g.state()
    seen = snapshot(g) if views else None
    for a in offers:
        assert g.is_legal(a) == legal_now(g, a, legal_keys), a
        if legal_now(g, a, legal_keys):
            continue
        with pytest.raises(IllegalAction):
            g.play(a)
        assert g.state() == state, f"{a} changed the state"
    if seen is not None:
        assert snapshot(g) == seen


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(map(str, c.values())))
@settings(
    max_examples=GAMES_PER_CONFIG,
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate],  # shrinking a whole game takes many minutes
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)
@given(seed=st.integers(0, 2**31), pool=st.lists(action_strategy(), min_size=POOL, max_size=POOL))
def test_play_accepts_exactly_the_legal_actions(
    config: dict[str, Any], seed: int, pool: list[Action]
) -> None:
    seats = tuple("ABCD"[: config["seats"]])
    g = Game.new(
        Options(
            seats=seats,
            mode=config["mode"],
            seed=seed,
            alexis_decides=config.get("alexis_decides", True),
        )
    )
    rng = random.Random(seed)
    steps = 0
    while g.phase != "over":
        legal = g.legal_actions()
        offers = near_misses(legal, rng) + rng.sample(pool, OFFERS_PER_STEP)
        check_offers(g, offers, views=steps % VIEW_EVERY == 0)
        g.play(rng.choice(legal))
        steps += 1
        assert steps < 1000
    check_offers(g, pool, views=True)


def test_every_legal_action_is_accepted() -> None:
    """The other half of the rule: nothing `legal_actions()` lists is refused."""
    for seed in range(40):
        config = CONFIGS[seed % len(CONFIGS)]
        g = Game.new(
            Options(
                seats=tuple("ABCD"[: config["seats"]]),
                mode=config["mode"],
                seed=seed,
                alexis_decides=config.get("alexis_decides", True),
            )
        )
        rng = random.Random(seed)
        while g.phase != "over":
            legal = g.legal_actions()
            for a in rng.sample(legal, min(5, len(legal))):
                g.clone().play(a)
            g.play(rng.choice(legal))
