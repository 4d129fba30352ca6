"""Small Islands' first-game coach, on the shell's framework (`game_shell.coach`): its tips,
their moments, their pictures and the guided game.

A guided game is a normal game -- you against one computer player at Easy, Normal mode, you
first -- with short tips over it. Two seats teach every rule a player meets in a game with
others (objectives, the reward phase in turn, ports around one's own ship) without solo's
extra rules (Alexis's cards, choosing his rotations and house spots); the Easy computer (with a
plain name, `form.computer_name`) plays quickly and leaves room to learn. You go first, so you
take the first tile; the starting tiles are dealt for you (`stages.start.deal`): a newcomer
has no arranging step.

Each tip explains one step *when it first matters* (`TIPS`, in the order a game meets them,
each with the condition `WHEN` that makes it relevant, looking at a `Moment`). `next_tip`
gives the first tip whose moment has come and that was not seen; a tip counts as seen when
the player taps "Got it", or does what it explains (its moment passes: `game_shell.coach.Coach`,
kept by `guide.Guide`). A tip never blocks anything: it is a sheet docked where it covers
neither what it points at nor the action bar ("low": over the panel, "high": over the map),
and the thing it points at is highlighted (`target`, see the CSS; the islands also on the
map: `guide.Guide.map_marks`). Pure: `tests/test_web_coach.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, replace

from game_shell import coach as shell
from game_shell.coach import Tip, Tips
from game_shell.i18n import N_, _
from small_islands import TILE_BY_ID, Options
from small_islands.view import SeatView

from . import pictures as pic
from .board_svg import mini_tile_svg
from .form import computer_name

NAME, TITLE = "small-islands", "Small Islands"  # the game's registration (its record's key)
COACH_KEY = f"{NAME}/coach"
GUIDED = N_("a guided first game against an easy computer player")  # the offer's words
# A tip's target (what it highlights: the CSS, .coach[data-target=...]): map, islands, display,
# rotate, bonus, land, keep, actions, reward (house spots and the action bar's main button),
# panel, tracker, recap, scores. On the table every tip has a row of its own (never over its
# target); "high"/"low" dock it on screens without the table (the replay viewer).
HIGH = ("panel", "tracker", "recap")


@dataclass(frozen=True)
class Moment:
    """What the coach looks at: the screen and the device seat's step."""

    screen: str  # game | watch | over | (anything else: no tip)
    stage: str = ""  # the game stage's name (setup, objectives, take, place, ...)
    round: int = 0
    preview: bool = False  # a tile previewed on the map
    placed: int = 0  # tiles this seat placed in exploration so far
    can_land: bool = False
    discovery: bool = False  # Discovery tokens wait to be kept
    recap: bool = False  # the others placed tiles since the seat's turn (the recap lists them)
    objective: bool = False
    stuck: bool = False  # no hand tile fits: one goes back to the box


def _tile(tile_id: str) -> str:
    t = TILE_BY_ID.get(tile_id)
    return f'<span class="pic-tile">{mini_tile_svg(t.points, t.symbols)}</span>' if t else ""


def picture(key: str) -> str:
    """A tip's small picture (hidden from screen readers: the words say it)."""
    if key == "objective":
        return pic.objective("O1")
    if key == "take":
        return _tile("T05")
    if key == "place":
        return _tile("T18") + _tile("T05")
    if key == "rotate":
        return pic.svg(
            36, 32, '<path class="pic-arrow" d="M8 18a10 10 0 1 0 4-10"/><path class="pic-arrow" d="M6 4l6 4l-6 4"/>'
        )
    if key == "bonus":
        return pic.token("resource", "flower") + pic.token("port")
    if key == "islands":
        return pic.svg(
            32, 32, '<circle class="pic-badge" cx="16" cy="16" r="11"/>' + pic.label(16, 21, "4", "pic-t mid")
        )
    if key == "tracker":
        return pic.glyph_row(["flower", "flower"], "→ PP")
    if key == "ship":
        return pic.ship("blue")
    if key == "house":
        return pic.colour_houses()
    if key == "discovery":
        return pic.discovery()
    return ""


# The rules' section (`rules_page.PARTS`) each tip links to ("More in the rules").
RULES = {
    "objectives": "objectives", "take": "round", "place": "placing", "rotate": "placing",
    "bonus": "round", "recap": "round", "islands": "placing", "tracker": "missions",
    "landing": "round", "reward": "rewards", "discovery": "end", "round": "round",
}


def _tip(tip_id: str, title: str, text: str, target: str, art: str = "") -> Tip:
    """A tip with its picture (`picture`'s key `art`), docked away from its target, linked to
    its section of the rules (`RULES`)."""
    dock = "high" if target in HIGH else "low"
    return Tip(tip_id, title, text, target, picture(art), dock, RULES.get(tip_id, ""))


TIPS: tuple[Tip, ...] = (
    _tip(
        "objectives",
        N_("Your objectives"),
        N_("You hold 3 objective cards: keep one for this round and one for the next. At the end of "
        "the round, houses go on islands that meet this round's mission."),
        "panel",
        "objective",
    ),
    _tip(
        "take",
        N_("Take a tile"),
        N_("Each turn, take one of the face-up tiles at the bottom: it joins your hand of 3."),
        "display",
        "take",
    ),
    _tip(
        "place",
        N_("Place a tile"),
        N_("Tap a highlighted spot to put one of your tiles there. Land must meet land and sea meet "
        "sea, corners included."),
        "map",
        "place",
    ),
    _tip(
        "rotate",
        N_("Turn it, then confirm"),
        N_("Tap the tile again (or Rotate) to turn it; Place here when it fits the way you want."),
        "rotate",
        "rotate",
    ),
    _tip(
        "bonus",
        N_("Bonus tokens"),
        N_("You may place one bonus token: on a flower, fruit or leaf to show another resource, or as "
        "a port on a coast. Or just end your turn."),
        "bonus",
        "bonus",
    ),
    _tip(
        "recap",
        N_("While you waited"),
        N_("The computer's moves since your last turn are listed here and marked on the map in its "
        "colour: tap a line to see it."),
        "recap",
    ),
    _tip(
        "islands",
        N_("Islands"),
        N_("Tiles joined by land make an island; the number is its size. Houses go only on islands "
        "of 2 or more tiles."),
        "islands",
        "islands",
    ),
    _tip(
        "tracker",
        N_("Your objective, live"),
        N_("Here are the islands that meet your mission now and what houses there would score if a "
        "ship landed now. Tap one to see it on the map."),
        "tracker",
        "tracker",
    ),
    _tip(
        "landing",
        N_("Ships may land"),
        N_("No tiles are left to explore this round: instead of taking a tile you may land a ship. "
        "Landing ends the exploration and everyone builds houses."),
        "land",
        "ship",
    ),
    _tip(
        "reward",
        N_("Reward phase"),
        N_("Put houses on the outlined islands that meet your mission (one per island): each earns "
        "your reward. Tap a ringed house spot, or Done with houses."),
        "reward",
        "house",
    ),
    _tip(
        "discovery",
        N_("Discovery tokens"),
        N_("Keep one of the drawn tokens: its value counts at the end. The others go back."),
        "keep",
        "discovery",
    ),
    _tip(
        "round",
        N_("A new round"),
        N_("With the card you kept, you hold 3 objectives again: choose for this round and the next."),
        "panel",
    ),
    _tip(
        "end",
        N_("The end"),
        N_("Tap a player to see their houses on the final map; each line shows where the points came "
        "from."),
        "scores",
    ),
)

WHEN: dict[str, Callable[[Moment, Collection[str]], bool]] = {
    "objectives": lambda m, seen: m.stage == "objectives" and m.round <= 1,
    "take": lambda m, seen: m.stage == "take",
    "place": lambda m, seen: m.stage == "place" and not m.preview and not m.stuck,
    "rotate": lambda m, seen: m.stage == "place" and m.preview and not m.stuck,
    "bonus": lambda m, seen: m.stage == "bonus",
    "recap": lambda m, seen: m.stage == "take" and m.recap,
    "islands": lambda m, seen: m.stage in ("take", "land") and m.placed >= 1,
    # (tips docked over the map come only at steps without map targets: take, objectives)
    "tracker": lambda m, seen: m.stage == "take" and m.objective and "islands" in seen,
    "landing": lambda m, seen: m.stage in ("take", "land") and m.can_land,
    "reward": lambda m, seen: m.stage == "reward" and not m.discovery,
    "discovery": lambda m, seen: m.stage == "reward" and m.discovery,
    "round": lambda m, seen: m.stage == "objectives" and m.round >= 2,
    "end": lambda m, seen: m.screen == "over",
}


def _on_table(when: Callable[[Moment, Collection[str]], bool]) -> shell.When[Moment]:
    return lambda m, seen: m.screen in ("game", "over") and when(m, seen)


COACH: Tips[Moment] = Tips(TIPS, {tip_id: _on_table(when) for tip_id, when in WHEN.items()})
TIP_BY_ID = COACH.by_id


def holds(tip_id: str, m: Moment, seen: Collection[str]) -> bool:
    """Is it still the moment of this tip?"""
    return COACH.holds(tip_id, m, seen)


def next_tip(m: Moment, seen: Collection[str]) -> Tip | None:
    """The first tip (game order) whose moment has come and that was not seen yet."""
    return COACH.next(m, seen)


def moment(screen: str, stage: str, v: SeatView | None, preview: bool, recap: bool) -> Moment:
    """The coach's view of a screen (and of the device seat's view `v`, on a game screen)."""
    if v is None:
        return Moment(screen, stage)
    seat = v["seat"]
    placed = sum(
        1 for e in v["log"] if e.get("seat") == seat and str(e.get("text", "")).startswith("placed")
    )
    legal = v.get("legal") or {}
    return Moment(
        screen,
        stage,
        v["round"],
        preview,
        placed,
        bool(legal.get("land")),
        bool(v.get("pending_discovery")),
        recap,
        bool(v.get("objective")),
        bool(legal.get("discard")),
    )


def options(name: str, colour: str) -> Options:
    """The guided game: you (first player) against a computer player at Easy (named:
    `form.computer_name`), Normal mode. (Its starting tiles are dealt: `start.deal`.)"""
    name = name.strip()
    if not name or name.startswith("Player "):
        name = "You"
    other = "red" if colour != "red" else "blue"
    return Options(
        seats=(name, computer_name([name, ""], 1)),
        mode="normal",
        colours=(colour, other),
        bots={1: "easy"},
        first_player=0,
    )


def tip_html(tip: Tip, inline: bool = False) -> str:
    """The tip's sheet (`game_shell.coach.tip_html`), its words in the player's language."""
    return shell.tip_html(replace(tip, title=_(tip.title), text=_(tip.text)), inline)


def offer_html() -> str:
    """The start screen's offer of a guided first game (until taken or dismissed)."""
    return shell.offer_html(TITLE, _(GUIDED))
