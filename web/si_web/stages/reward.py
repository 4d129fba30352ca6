"""Reward: reveal the objective, build houses on qualifying islands (with per-island choices),
keep a Discovery token when one was drawn, then end the reward turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game_shell.i18n import N_, _, ngettext, number
from game_shell.widgets import button, question
from small_islands import Action, EndReward, KeepDiscovery, PlaceHouse
from small_islands.view import SeatView

from .. import pictures, words
from ..board_svg import BoardHints, TileArt
from ..choices import Choices
from ..panels import hinted
from ..screens import esc
from ..turn import house_spots
from .base import Data, GameStage, ints, saved_ints
from .spots import on_focus, spot_hints

if TYPE_CHECKING:
    from ..port import Table
    from ..turn import Turn


# the resource a house scores (its build button), translated where shown
BUILD_AS = {"flower": N_("Flower"), "fruit": N_("Fruit"), "leaf": N_("Leaf")}

def house_gains(turn: Turn, choices: Choices) -> list[tuple[str | None, int]]:
    """(choice, PP) for each way to build on the picked house location."""
    at = choices.house_at
    if not at:
        return []
    return [
        (choice, turn.gain_of(PlaceHouse(x, y, index, choice)))
        for x, y, index, choice in house_spots(turn.legal())
        if (x, y, index) == at
    ]


def best_house(turn: Turn) -> tuple[int, bool] | None:
    """What ending the reward phase now gives up: the most PP one more house would score, and
    whether it would draw a Discovery token instead (the Discovery reward); None when no
    house would earn anything (ending then loses nothing)."""
    v = turn.view()
    o = v.get("objective")
    discovery = bool(o and o["reward"] == "R10")
    spots = house_spots(v["legal"] or {})
    if not spots:
        return None
    best = max(turn.gain_of(PlaceHouse(x, y, index, choice)) for x, y, index, choice in spots)
    return (best, discovery) if best > 0 or discovery else None


def build_words(choice: str | None, pp: int, discovery: bool) -> str:
    """A build button's words: 'Build here: +3 PP', 'Flower: +4 PP', 'Build here: draw
    Discovery'."""
    if not pp and discovery:
        if choice in BUILD_AS:
            return _("{resource}: draw Discovery").format(resource=_(BUILD_AS[choice]))
        return _("Build here: draw Discovery")
    if choice in BUILD_AS:
        return _("{resource}: +{pp} PP").format(resource=_(BUILD_AS[choice]), pp=number(pp))
    return _("Build here: +{pp} PP").format(pp=number(pp))


def end_question(at_stake: tuple[int, bool]) -> str:
    """Ask once before a tap gives up a house that would score (`best_house`)."""
    pp, discovery = at_stake
    if pp and discovery:
        text = _("You can still build a house worth {pp} PP and draw a Discovery token. End the "
                 "reward phase without building it?")
    elif pp:
        text = _("You can still build a house worth {pp} PP. End the reward phase without "
                 "building it?")
    elif discovery:
        text = _("You can still build a house and draw a Discovery token. End the reward phase "
                 "without building it?")
    else:
        text = _("You can still build a house. End the reward phase without building it?")
    return question(
        "end-reward", _("End the reward phase?"), text.format(pp=number(pp)),
        button(_("Keep building"), "cancel", "btn primary", autofocus="1")
        + button(_("End without building"), "end-reward", "btn danger", confirmed="1"),
    )


class Reward(GameStage):
    """Tap a ringed house location, pick how it scores, build; or be done with houses."""

    name = "reward"
    acts = frozenset({"house", "house-build", "keep", "end-reward", "cancel", "focus"})

    def on_focus(self, app: Table, data: Data) -> None:
        x, y = ints(data, "x", "y")
        on_focus(app, x, y)

    def on_house(self, app: Table, data: Data) -> None:
        x, y, index = ints(data, "x", "y", "index")
        app.choices.house_at = (x, y, index)
        gains = house_gains(app.turn(), app.choices)
        if len(gains) == 1 and not app.settings.confirm:  # one way to score: build it
            self.on_house_build(app, {"choice": gains[0][0] or ""})

    def on_house_build(self, app: Table, data: Data) -> None:
        at = app.choices.house_at
        if not at:
            app.say(_("Tap a highlighted house location first."))
            return
        app.play(PlaceHouse(at[0], at[1], at[2], data.get("choice") or None))

    def on_keep(self, app: Table, data: Data) -> None:
        app.play(KeepDiscovery(int(data["index"])))

    def on_end_reward(self, app: Table, data: Data) -> None:
        if data.get("confirmed") != "1" and best_house(app.turn()) is not None:
            app.choices.clear_targets()
            app.choices.ask_end = True  # no point is given up on one tap
            return
        app.play(EndReward())

    def on_cancel(self, app: Table, data: Data) -> None:
        app.choices.clear_targets()

    def cell(self, app: Table, x: int, y: int) -> None:
        app.why_not(PlaceHouse(x, y, 0, None))

    def hints(self, app: Table, v: SeatView, hints: BoardHints, tiles: list[TileArt]) -> None:
        if v.get("pending_discovery") or app.choices.ask_end:
            return
        seen = set()
        spots = []
        for x, y, index, _kind in house_spots(v["legal"] or {}):
            if (x, y, index) not in seen:
                seen.add((x, y, index))
                spots.append((x, y, index, "house"))
        spot_hints(app, v, hints, spots)
        at = app.choices.house_at
        if at:
            hints.selected = (at[0], at[1])

    def say(self, app: Table, v: SeatView) -> tuple[str, str]:
        legal = v["legal"] or {}
        me = v["seats"][v["seat"]]
        if v.get("pending_discovery"):
            body = _("Discovery: keep one of the drawn tokens (the buttons below).")
        elif app.choices.house_at:
            body = _("Build on the framed house spot: choose below how it scores.")
        elif legal.get("houses"):
            n = me["stock"]
            body = ngettext(
                "Islands that meet your mission are outlined. Tap one of their ringed house "
                "spots (one house in stock); when the rings are small, tap the island first: the "
                "map zooms to it.",
                "Islands that meet your mission are outlined. Tap one of their ringed house "
                "spots ({n} houses in stock); when the rings are small, tap the island first: the "
                "map zooms to it.", n).format(n=number(n))
        else:
            body = _("No island meets your mission for a house now.")
        return _("Reward phase"), body

    def panel(self, app: Table, v: SeatView) -> str:
        o = v.get("objective")
        return '<section class="card">' + (
            '<div class="objective small kept-card" data-secret="objective"><b>'
            + esc(_("Your objective")) + "</b>"
            + pictures.parts(o["mission"], o["reward"], "pic-card small")
            + '<span class="obj-words"><span>'
            + esc(_("Mission: {text}").format(text=words.card_text(o["mission_text"])))
            + "</span><span>"
            + esc(_("Reward: {text}").format(text=words.card_text(o["reward_text"])))
            + "</span></span></div>"
            if o
            else "<p>" + esc(_("You have no objective this round.")) + "</p>"
        ) + "</section>"

    def actions(self, app: Table, v: SeatView) -> str:
        hint = app.choices.hint
        pending = v.get("pending_discovery")
        if pending:
            return "".join(
                button(
                    _("Keep {value}").format(value=number(value)),
                    "keep",
                    "btn primary disc" + hinted(hint, "keep", index=i),
                    index=i,
                    name=_("Keep the Discovery token worth {value}").format(value=number(value)),
                )
                for i, value in enumerate(pending)
            )
        at = app.choices.house_at
        o = v.get("objective")
        at_stake = best_house(app.turn()) if app.choices.ask_end else None
        if at_stake is not None:
            return end_question(at_stake)
        if at:
            discovery = bool(o and o["reward"] == "R10")
            return button(_("Cancel"), "cancel", "btn", shortcut="Escape") + "".join(
                button(
                    build_words(c, pp, discovery),
                    "house-build",
                    "btn primary",
                    choice=c or "",
                )
                for c, pp in house_gains(app.turn(), app.choices)
            )
        return button(
            _("Done with houses"), "end-reward", "btn primary" + hinted(hint, "end-reward")
        )

    def preselect(self, choices: Choices, action: Action) -> None:
        if isinstance(action, PlaceHouse):
            choices.house_at = (action.x, action.y, action.index)

    def restore(self, turn: Turn, saved: dict[str, Any], choices: Choices) -> None:
        v = turn.view()
        if v.get("pending_discovery"):
            return
        at = saved_ints(saved.get("house_at"), 3)
        if at and any(tuple(h[:3]) == at for h in (v["legal"] or {}).get("houses", [])):
            choices.house_at = (at[0], at[1], at[2])
