"""Preparation: each player secretly keeps an objective for this round and one for the next."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game_shell.i18n import _
from game_shell.widgets import button
from small_islands import Action, ChooseObjective
from small_islands.view import SeatView

from ..choices import Choices
from ..panels import hand_box, objective_card
from ..screens import esc
from .base import Data, GameStage, saved_name

if TYPE_CHECKING:
    from ..port import Table
    from ..turn import Turn

SLOTS = {"normal": ("now_O", "later_O"), "advanced": ("now_M", "now_R", "later_M", "later_R")}


def chosen(mode: str, picks: dict[str, str]) -> tuple[str, str] | None:
    """The (now, later) pair picked, or None while incomplete."""
    if mode == "normal":
        if picks.get("now_O") and picks.get("later_O"):
            return picks["now_O"], picks["later_O"]
        return None
    if all(picks.get(k) for k in SLOTS["advanced"]):
        return (
            f"{picks['now_M']}+{picks['now_R']}",
            f"{picks['later_M']}+{picks['later_R']}",
        )
    return None


class Objectives(GameStage):
    """Choose this round's objective and the next round's."""

    name = "objectives"
    acts = frozenset({"obj", "obj-confirm"})

    def on_obj(self, app: Table, data: Data) -> None:
        card, slot = data["card"], data["slot"]
        kind = card[0]  # O, M or R
        other = f"{'later' if slot == 'now' else 'now'}_{kind}"
        app.choices.picks[f"{slot}_{kind}"] = card
        if app.choices.picks.get(other) == card:
            app.choices.picks.pop(other)

    def on_obj_confirm(self, app: Table, data: Data) -> None:
        pair = chosen(app.turn().game.options.mode, app.choices.picks)
        if pair is None:
            app.say(_("Choose one objective for this round and one for the next."))
            return
        app.play(ChooseObjective(*pair))

    def cell(self, app: Table, x: int, y: int) -> None:
        app.say(_("First choose your objectives (below the map)."))

    def panel(self, app: Table, v: SeatView) -> str:
        held = v["held"]
        c = app.choices
        if v["mode"] == "normal":
            cards = "".join(objective_card(card, ("now", "later"), c) for card in held)
        else:
            cards = (
                "<h3>" + esc(_("Missions")) + "</h3>"
                + "".join(objective_card(k, ("now", "later"), c) for k in held if k[0] == "M")
                + "<h3>" + esc(_("Rewards")) + "</h3>"
                + "".join(objective_card(k, ("now", "later"), c) for k in held if k[0] == "R")
            )
        return f'<section class="card">{cards}</section>' + hand_box(v, None, selectable=False)

    def say(self, app: Table, v: SeatView) -> tuple[str, str]:
        if v["mode"] == "normal":
            return _("Choose your objectives"), _(
                "Keep one objective for this round and one for the next; the third goes back."
            )
        return _("Choose your objectives"), _(
            "Build this round's objective from a mission and a reward, and keep one of each "
            "for next round."
        )

    def actions(self, app: Table, v: SeatView) -> str:
        pair = chosen(v["mode"], app.choices.picks)
        return button(_("Confirm objectives"), "obj-confirm", "btn primary", disabled=pair is None)

    def preselect(self, choices: Choices, action: Action) -> None:
        if isinstance(action, ChooseObjective):
            for slot, card in (("now", action.now), ("later", action.later)):
                for part in card.split("+"):
                    choices.picks[f"{slot}_{part[0]}"] = part

    def restore(self, turn: Turn, saved: dict[str, Any], choices: Choices) -> None:
        v = turn.view()
        held = v.get("held") or []
        picked: dict[str, str] = {}
        for key in SLOTS.get(v["mode"], ()):
            card = saved_name(saved.get(key))
            if card is not None and card in held and card[0] == key[-1]:
                picked[key] = card
        for key, card in picked.items():  # one card cannot be kept for both rounds
            other = ("later" if key.startswith("now") else "now") + key[key.index("_") :]
            if picked.get(other) != card:
                choices.picks[key] = card
