"""The stages of the app, found by name (screens) or by the seat's decision (game stages).

Adding a decision screen: write a `GameStage` subclass in its own module and return it from
`game_stage`; the app routes taps, panels, map hints, suggestions and saved choices to it.
"""

from __future__ import annotations

from small_islands.view import SeatView

from .alexis_house import AlexisHouse
from .alexis_rotation import AlexisRotation
from .base import GameStage, Screen, Stage
from .bonus import Bonus
from .broken import Broken
from .elsewhere import Elsewhere
from .great_explorer import GreatExplorer
from .history import HistoryScreen
from .import_file import ImportScreen
from .land import Landing
from .objectives import Objectives
from .over import GameOver
from .pass_device import PassDevice
from .place import Place
from .replay import ReplayScreen
from .reward import Reward
from .rules import Rules
from .settings import SettingsScreen
from .setup import Setup
from .start import Start
from .stats import StatsScreen
from .take import Take
from .watch import Watch

SCREENS: dict[str, Screen] = {
    s.name: s
    for s in (
        Start(), Rules(), GreatExplorer(), Broken(), PassDevice(), Watch(), GameOver(),
        SettingsScreen(),
    )
}
SCREENS.update(  # your games (issue 15)
    {s.name: s for s in (HistoryScreen(), StatsScreen(), ReplayScreen(), ImportScreen(), Elsewhere())}
)
IDLE = GameStage()  # no decision of the device seat (never shown in normal play)
_BY_STEP: dict[str, GameStage] = {
    "alexis_rotation": AlexisRotation(),
    "alexis_house": AlexisHouse(),
    "setup": Setup(),
    "preparation": Objectives(),
    "take": Take(),
    "land": Landing(),
    "place": Place(),
    "bonus": Bonus(),
    "reward": Reward(),
}


def game_stage(v: SeatView, mode: str | None) -> GameStage:
    """The stage of the seat whose view is `v` (`mode`: the take step's landing mode)."""
    stage, phase = v["stage"], v["phase"]
    if stage in ("alexis_rotation", "alexis_house"):
        return _BY_STEP[stage]
    if phase == "exploration":
        step = "land" if stage == "take" and mode == "land" else stage
        return _BY_STEP.get(step, IDLE) if step is not None else IDLE
    return _BY_STEP.get(phase, IDLE)


__all__ = ["SCREENS", "GameStage", "Screen", "Stage", "game_stage"]
