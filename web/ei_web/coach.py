"""Ember Isle's first-game coach, on the shell's framework (`game_shell.coach`): its tips,
their moments, and the coach row of the game's table (`row`).

Tips show while the device's setting "First-game tips" is on (the shell's Settings screen,
`game_plugins.ember_isle`; on at first): over the first game begun on the device, and over
the next ones until every tip was seen or the tips were turned off. Each explains one
decision when the device seat first meets it (`TIPS`, in the order a game meets them, with
their moments, `WHEN`), one at a time and at most one per decision (`decision`: each action
played, and the choice of a clue card, is one); "Got it" or doing what it says ends it, and
a tip seen never returns (the shell's record, ``ember-isle/coach``). "Skip the tips" turns
the setting off. A tip sits in the table's coach row, its own row above the map: never over
the map's targets, the tray or the action bar. Each links to its section of the rules
(`rules.SECTIONS`), which opens there; Back returns to the game.

>>> from game_shell.storage import MemoryStorage
>>> guide = Guide(MemoryStorage())
>>> guide.tip(7, Moment("triads"), 0).id
'triads'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game_shell import registry
from game_shell import settings as shell_settings
from game_shell.coach import Coach, Tip, Tips, tip_html
from game_shell.i18n import N_, _
from game_shell.storage import Storage

from . import pictures
from .rules import KEYS_OF, amulet, rose

if TYPE_CHECKING:
    from ember_isle import Action, Game
    from ember_isle.view import View

    from .steps import Sel

NAME = "ember-isle"
SETTING = "tips"  # its choice on the Settings screen (`game_plugins.ember_isle.SETTINGS`)
Data = dict[str, str]


@dataclass(frozen=True)
class Moment:
    """What the coach looks at: the device seat's decision (its turn only)."""

    stage: str  # the engine's stage (triads, objects, rovers, seed, turn, move, ...)
    main_done: bool = False  # the turn's main action is done
    card: bool = False  # a clue card is chosen (its columns say what each would leave)
    powers: bool = False  # an amulet power can be bought now
    lava_bound: bool = False  # a bound onto lava is among the rover's moves
    located: bool = False  # a treasure is found (its clues leave one space)
    can_raise: bool = False  # the rover stands on a found treasure


def _tip(tip_id: str, title: str, text: str, target: str, section: str, picture: str = "") -> Tip:
    return Tip(tip_id, title, text, target, picture, "inline", section)


TIPS: tuple[Tip, ...] = (
    _tip("triads", N_("Add a piece of land"),
         N_("Choose a piece in the tray, then tap the map where its parts go: one on the same "
         "ground, its lava on the island, the last over the sea. Your rover starts on that new land."),
         "tray", "setup"),
    _tip("place", N_("Place it on the island"),
         N_("Tap a highlighted space. Clues speak of huts, palm trees and statues; a statue's "
         "facing is where its amulets will land."),
         "map", "setup", '<svg class="ei-sym" viewBox="-12 -12 24 24"><use href="#e-hut" '
         'transform="scale(1.6)"/></svg>'),
    _tip("seed", N_("Start a clue column"),
         N_("Each treasure has a column of clues. Put the card you drew on an empty column: the "
         "treasure can then lie only where the clue holds."),
         "tray", "clues", pictures.clue_icon("beside:sea")),
    _tip("clue", N_("One main action a turn"),
         N_("Play a clue, move your rover, or swap your hand. To play a clue, choose one of your "
         "cards below."),
         "tray", "turn", pictures.clue_icon("in:jungle")),
    _tip("leaves", N_("What a clue leaves"),
         N_("“Leaves 5 spaces” means the treasure could then lie on only 5 spaces. A clue must "
         "leave fewer than before, never none. Your rose goes on that column: a share of its treasure."),
         "tray", "clues", rose()),
    _tip("move", N_("Moving: up to three bounds"),
         N_("A bound glides anywhere in the ground you stand in, or steps onto a neighbouring space "
         "of another ground. Tap a highlighted space; stop when you like."),
         "map", "move"),
    _tip("cross", N_("Crossing lava costs"),
         N_("Stepping onto lava costs an amulet, or your best treasure card if you have none. Your "
         "rover may glide along it but never stop on it."),
         "map", "lava"),
    _tip("amulet", N_("An amulet"),
         N_("Take it to buy a power later, ward off a Curse or cross lava. Taking it makes lava "
         "flow from the volcano."),
         "actions", "amulets", amulet()),
    _tip("lava", N_("Lava flows"),
         N_("Tap where it goes: beside the volcano or other lava. It burns huts and palm trees "
         "there, and the clues count again."),
         "map", "lava"),
    _tip("powers", N_("Amulet powers"),
         N_("Spend an amulet for one more clue, one more move, one more swap, or to take a cube "
         "off the map."),
         "tray", "amulets", amulet()),
    _tip("located", N_("A treasure is found"),
         N_("Its clues leave just one space, starred on the map. The first rover there may raise it."),
         "map", "raise"),
    _tip("raise", N_("Raise the treasure"),
         N_("Your rover stands on it: raise it. Each rose in its column gets a share of the loot."),
         "actions", "raise"),
    _tip("share", N_("Claim or pass"),
         N_("Claim the card and you give back your lowest rose here; pass and it is offered to the "
         "next rose. The card you saw in secret helps you judge."),
         "actions", "share", pictures.treasure_card(4)),
    _tip("curse", N_("A Curse!"),
         N_("Everyone still waiting in this column loses something: spend an amulet or give up "
         "your best treasure card."),
         "actions", "curse", pictures.treasure_card(0)),
    _tip("swap", N_("Swap your hand"),
         N_("No useful clue? Swapping throws away your whole hand and draws as many new cards: it "
         "is your main action."),
         "actions", "turn"),
)

_TURN = ("turn",)
WHEN: dict[str, Callable[[Moment, Collection[str]], bool]] = {
    "triads": lambda m, seen: m.stage == "triads",
    "place": lambda m, seen: m.stage in ("objects", "rovers"),
    "seed": lambda m, seen: m.stage == "seed",
    "clue": lambda m, seen: m.stage == "turn" and not m.main_done and not m.card,
    "leaves": lambda m, seen: m.stage == "turn" and not m.main_done and m.card,
    "move": lambda m, seen: (m.stage == "move" or m.stage == "turn" and not m.main_done
                             and not m.card and "leaves" in seen),
    "cross": lambda m, seen: m.stage in ("turn", "move") and m.lava_bound and not m.card,
    "amulet": lambda m, seen: m.stage in ("start", "amulet"),
    "lava": lambda m, seen: m.stage == "lava",
    "powers": lambda m, seen: m.stage == "turn" and m.powers and not m.card,
    "located": lambda m, seen: m.stage in ("turn", "move") and m.located and not m.can_raise,
    "raise": lambda m, seen: m.can_raise,
    "share": lambda m, seen: m.stage == "offer",
    "curse": lambda m, seen: m.stage == "ward",
    "swap": lambda m, seen: (m.stage == "turn" and not m.main_done and not m.card
                             and "move" in seen),
}
COACH: Tips[Moment] = Tips(TIPS, WHEN)


def moment(v: View, stage: str, legal: list[Action], sel: Sel) -> Moment:
    """The coach's view of the device seat's decision."""
    t = v["targets"]
    ts = v["turn_state"]
    types = {a.type for a in legal}
    return Moment(
        stage,
        bool(ts and ts["main_done"]),
        sel.card is not None,
        "buy_power" in types,
        t is not None and any(b["lava"] for b in t["bounds"]),
        any(c["located"] is not None for c in v["columns"]),
        "raise" in types,
    )


def decision(g: Game, sel: Sel) -> int:
    """The decision the seat is at, for one tip per decision: each action played so far, and
    the choice of a clue card (its columns' counts are a decision of their own)."""
    return 2 * len(g.actions) + (1 if sel.card is not None else 0)


class Shown(Protocol):
    """What the coach row reads of the app (`EmberApp`)."""

    @property
    def game(self) -> Game | None: ...
    @property
    def sel(self) -> Sel: ...
    def view(self) -> View: ...
    def legal(self) -> list[Action]: ...
    def my_turn(self) -> bool: ...


class Guide:
    """The coach on this device, the tips' setting, and where the rules page opens."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.coach = Coach(storage, NAME, COACH)
        self.rules_at: str | None = None  # the rules' section to bring into view ("top")
        self.jump = 0  # counts those requests (the same section may be asked again)
        self.at: tuple[int, int] | None = None  # the game and decision of the last row drawn

    # ------------------------------------------------------------------ the setting
    def _settings(self) -> shell_settings.Settings:
        return shell_settings.read(self.storage, registry.plugins())

    def enabled(self) -> bool:
        """Is "First-game tips" on (the shell's Settings)?"""
        plugin = registry.by_name(registry.plugins(), NAME)
        if plugin is None or not any(c.key == SETTING for c in plugin.settings):
            return True
        return self._settings().game_value(plugin, SETTING) == "on"

    def turn_off(self) -> None:
        """"Skip the tips": the setting goes off (Settings turns it on again)."""
        shell_settings.save(self.storage, self._settings().with_game(NAME, SETTING, "off"))

    def follow(self, game_id: int) -> None:
        """Tips over game `game_id` while the setting is on: the tips not seen yet (a tip
        seen never returns; the record keeps them)."""
        rec = self.coach.record
        if rec["game"] != game_id or not rec["on"]:
            rec["offer"], rec["game"], rec["on"], rec["showing"] = "taken", game_id, True, None
            rec.pop("at", None)
            rec.pop("quiet", None)
            self.coach.save()

    # ------------------------------------------------------------------ the tips
    def tip(self, game_id: int, m: Moment, at: int) -> Tip | None:
        """The tip over game `game_id` at moment `m` of decision `at` (None: none)."""
        if not self.enabled():
            return None
        self.follow(game_id)
        self.at = (game_id, at)
        return self.coach.tip(game_id, m, at)

    def row(self, app: Shown) -> str:
        """The table's coach row: the tip for the device seat's decision, or "" (its turn
        only: a computer's turn or another player's hand-off shows none)."""
        g = app.game
        if g is None or not app.my_turn():
            return ""
        m = moment(app.view(), g.stage, app.legal(), app.sel)
        tip = self.tip(g.options.seed or 0, m, decision(g, app.sel))
        return "" if tip is None else markup(tip)

    def on_coach_ok(self, data: Data, fields: Data) -> None:
        """"Got it": that tip is seen (it never returns on this device), and the decision it
        was tapped on has no other tip."""
        self.coach.got_it(data.get("tip") or None)
        if self.at is not None:  # a tip that stayed over several decisions: none more on this one
            self.coach.quiet(*self.at)

    def on_coach_skip(self, data: Data, fields: Data) -> None:
        """"Skip the tips": none any more (until turned on again in Settings)."""
        self.coach.skip()
        self.turn_off()

    # ------------------------------------------------------------------ the rules
    def open_rules(self, section: str | None) -> None:
        """The rules open at `section` (a tip's link, the contents' "top"), else at the top."""
        if section in KEYS_OF or section == "top":
            self.rules_at, self.jump = section, self.jump + 1
        else:
            self.rules_at = None

    def on_rules_at(self, data: Data, fields: Data) -> None:
        """A line of the contents, or "Back to the contents"."""
        self.open_rules(data.get("section"))


def markup(tip: Tip) -> str:
    """The tip's sheet in the coach row (the shell's, with Ember Isle's acts)."""
    html = tip_html(dataclasses.replace(tip, title=_(tip.title), text=_(tip.text)), inline=True)
    for shell_act, act in (("coach-ok", "ei-coach-ok"), ("coach-skip", "ei-coach-skip"),
                           ("rules", "ei-rules")):
        html = html.replace(f'data-act="{shell_act}"', f'data-act="{act}"')
    return html
