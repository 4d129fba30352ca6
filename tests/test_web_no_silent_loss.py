"""No point is given up on one tap: "Done with houses" asks once, naming the best house the
player could still build, and never when building would earn nothing."""

from __future__ import annotations

from test_web_resume import game_where, open_at

from si_web.stages.reward import best_house
from small_islands import Game, PlaceHouse
from small_islands.view import SeatView


def scoring_house(g: Game, v: SeatView) -> bool:
    if v["phase"] != "reward" or v.get("pending_discovery") or not v["legal"]:
        return False
    seat = v["seat"]
    for x, y, i, c in v["legal"].get("houses", []):
        trial = g.clone()
        before = trial.seats[seat].pp
        trial.play(PlaceHouse(x, y, i, c), seat=seat)
        if trial.seats[seat].pp > before:
            return True
    return False


def test_done_with_houses_asks_when_a_house_would_still_score() -> None:
    app = open_at(game_where(scoring_house))
    assert app.game is not None
    pp, _ = best_house(app.turn()) or (0, False)
    assert pp > 0
    actions = len(app.game.actions)
    app.handle("end-reward")
    assert len(app.game.actions) == actions  # nothing played yet
    html = app.render()
    assert 'data-dialog="end-reward"' in html and f"a house worth {pp} PP" in html
    assert 'data-act="house"' not in html  # the question is all there is to tap
    app.handle("cancel")  # "Keep building": the rings are back
    assert 'data-dialog="end-reward"' not in app.render()
    assert app.game.phase == "reward" and len(app.game.actions) == actions
    app.handle("end-reward")
    app.handle("end-reward", {"confirmed": "1"})  # "End without building"
    assert len(app.game.actions) == actions + 1
    assert app.game.actions[-1].type == "end_reward"


def test_done_with_houses_ends_at_once_when_nothing_is_given_up() -> None:
    def nothing_to_build(g: Game, v: SeatView) -> bool:
        return (v["phase"] == "reward" and not v.get("pending_discovery")
                and bool(v["legal"]) and not v["legal"].get("houses"))

    app = open_at(game_where(nothing_to_build))
    assert app.game is not None
    actions = len(app.game.actions)
    app.handle("end-reward")
    assert len(app.game.actions) == actions + 1
