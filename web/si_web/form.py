"""The new-game form: its values, reading the controls, restoring them, making `Options`.

The form is a plain dict (`FormValues`) so that it saves as JSON as it is. Every value read
from the page or from storage is checked here, once; `to_options` turns a valid form into
the engine's `Options` (which validates again and raises `MalformedInput` with the reason).
"""

from __future__ import annotations

from typing import Any, TypedDict

from small_islands import Game, Options
from small_islands.options import BOT_LEVELS, MAX_NAME

from .screens import COLOURS

# The seat kinds the form offers. A level's name is a promise: Expert is level with Hard head
# to head (bench/RESULTS.md, "Expert"), so it is not offered until it is measurably stronger;
# the engine still plays it (saved games with an Expert seat load and play, the command line).
# Master, the learned player, is offered: its official margin over Hard is above 2 standard
# errors (bench/RESULTS.md, issue 31, "Official runs").
KINDS = ("human", *(level for level in BOT_LEVELS if level != "expert"))


def offered(kind: str) -> str:
    """A seat kind as the form can show it (an Expert seat of an older game: Hard)."""
    return "hard" if kind == "expert" else kind
SPEEDS = {"relaxed": 1600, "normal": 900, "fast": 250, "instant": 0}  # ms between computer steps
LEVELS = ("1", "2", "3", "4", "5", "6")
SAVED_KEYS = ("names", "colours", "kinds", "solo", "solo_level", "alexis_decides", "speed")
# The names a computer seat gets (never "Player 2"; distinct from every other name at the
# table; Alexis, the solo opponent, keeps his own).
COMPUTER_NAMES = ("Ben", "Mia", "Leo", "Zoe")
NEWCOMER_LEVEL = "medium"  # a newcomer's opponent by default


def computer_name(names: list[str], seat: int) -> str:
    """A plain name for the computer at `seat`: the first of `COMPUTER_NAMES` no other seat
    has (ignoring case)."""
    taken = {n.strip().casefold() for i, n in enumerate(names) if i != seat}
    return next((n for n in COMPUTER_NAMES if n.casefold() not in taken), f"Computer {seat + 1}")


def placeholder(name: str, seat: int) -> bool:
    """Is `name` the form's own name for the seat ("Player 2", or nothing), not a chosen one?"""
    return name.strip() in ("", f"Player {seat + 1}")


class FormValues(TypedDict):
    """What the new-game form holds."""

    names: list[str]
    colours: list[str]
    kinds: list[str]
    mode: str
    table: str
    solo: bool
    solo_level: str
    alexis_decides: str  # "me" | "alexis"
    speed: str


def default_form() -> FormValues:
    """Two human players, Normal mode, a 12 x 12 table (`newcomer_form`: a newcomer's)."""
    return {
        "names": ["Player 1", "Player 2"],
        "colours": ["blue", "red"],
        "kinds": ["human", "human"],
        "mode": "normal",
        "table": "12",
        "solo": False,
        "solo_level": "1",
        "alexis_decides": "me",
        "speed": "normal",
    }


def newcomer_form() -> FormValues:
    """A newcomer's form (no game played or kept on this device): you against one computer
    player at Medium; the form still offers everything else."""
    f = default_form()
    f["names"] = ["You", COMPUTER_NAMES[0]]
    f["kinds"] = ["human", NEWCOMER_LEVEL]
    return f


def read_fields(form: FormValues, fields: dict[str, str]) -> None:
    """Take the page's control values (each checked; anything unknown is ignored)."""
    for i in range(len(form["names"])):
        if f"name-{i}" in fields:
            form["names"][i] = fields[f"name-{i}"][:MAX_NAME]
        if fields.get(f"colour-{i}") in COLOURS:
            form["colours"][i] = fields[f"colour-{i}"]
        if fields.get(f"kind-{i}") in KINDS:
            set_kind(form, i, fields[f"kind-{i}"])
    if fields.get("solo-level") in LEVELS:
        form["solo_level"] = fields["solo-level"]
    if fields.get("alexis-decides") in ("me", "alexis"):
        form["alexis_decides"] = fields["alexis-decides"]
    if fields.get("speed") in SPEEDS:
        form["speed"] = fields["speed"]
    if fields.get("mode") in ("normal", "advanced"):
        form["mode"] = fields["mode"]
    if fields.get("table", "").isdigit():
        form["table"] = fields["table"]


def set_kind(form: FormValues, seat: int, kind: str) -> None:
    """A seat becomes human or a computer: a computer on the form's own name ("Player 2") gets
    a plain name (`computer_name`)."""
    names, kinds = form["names"], form["kinds"]
    kinds[seat] = kind
    if kind != "human" and placeholder(names[seat], seat):
        names[seat] = computer_name(names, seat)


def add_seat(form: FormValues) -> None:
    """One more player (up to 4), in a free colour."""
    names, colours = form["names"], form["colours"]
    if len(names) < 4:
        names.append(f"Player {len(names) + 1}")
        colours.append(next(c for c in COLOURS if c not in colours))
        form["kinds"].append("human")


def remove_seat(form: FormValues) -> None:
    """One player fewer (at least 2)."""
    if len(form["names"]) > 2:
        form["names"].pop()
        form["colours"].pop()
        form["kinds"].pop()


def to_options(form: FormValues) -> Options:
    """The Options of the form (MalformedInput / ValueError when invalid)."""
    table = int(form["table"])
    names = [n.strip() for n in form["names"]]
    if form["solo"]:
        mine = form["colours"][0]
        alexis = "purple" if mine != "purple" else "red"
        return Options(
            seats=(names[0],),
            mode=form["mode"],
            table=(table, table),
            colours=(mine, alexis),
            solo_level=int(form["solo_level"]),
            alexis_decides=form["alexis_decides"] == "alexis",
        )
    bots = {i: k for i, k in enumerate(form["kinds"]) if k != "human"}
    for i in bots:  # (a form kept by an older build: its computers may be "Player 2")
        if placeholder(names[i], i):
            names[i] = computer_name(names, i)
    return Options(
        seats=tuple(names),
        mode=form["mode"],
        table=(table, table),
        colours=tuple(form["colours"]),
        bots=bots,
    )


def saved(form: FormValues) -> dict[str, Any]:
    """The part of the form kept between visits."""
    return {k: form[k] for k in SAVED_KEYS}  # type: ignore[literal-required]


def restore_seats(form: FormValues, stored: dict[str, Any]) -> None:
    """The players of a stored form, if they make a valid list."""
    names = stored.get("names")
    colours = stored.get("colours")
    if not (
        isinstance(names, list)
        and isinstance(colours, list)
        and 2 <= len(names) == len(colours) <= 4
        and all(isinstance(n, str) for n in names)
        and all(c in COLOURS for c in colours)
    ):
        return
    form["names"] = [n[:MAX_NAME] for n in names]
    form["colours"] = list(colours)
    kinds = stored.get("kinds")
    if isinstance(kinds, list) and len(kinds) == len(names) and all(
        isinstance(k, str) and offered(k) in KINDS for k in kinds
    ):
        form["kinds"] = [offered(k) for k in kinds]
    else:
        form["kinds"] = ["human"] * len(names)


def restore_settings(form: FormValues, stored: dict[str, Any]) -> None:
    """The stored settings that do not depend on the seats (each checked)."""
    if isinstance(stored.get("solo"), bool):
        form["solo"] = stored["solo"]
    if stored.get("solo_level") in LEVELS:
        form["solo_level"] = stored["solo_level"]
    if stored.get("alexis_decides") in ("me", "alexis"):
        form["alexis_decides"] = stored["alexis_decides"]
    if stored.get("speed") in SPEEDS:
        form["speed"] = stored["speed"]


def from_game(form: FormValues, game: Game) -> None:
    """"Play again": the finished game's players and settings."""
    humans = [s for s in game.seats if not s.alexis]
    form["solo"] = game.options.solo
    if game.options.solo:
        form["solo_level"] = str(game.options.solo_level)
        form["alexis_decides"] = "alexis" if game.options.alexis_decides else "me"
    if len(humans) >= 2:
        form["names"] = [s.name for s in humans]
        form["colours"] = [s.colour for s in humans]
        form["kinds"] = [offered(s.bot or "human") for s in humans]
    else:
        form["names"][0] = humans[0].name
        form["colours"][0] = humans[0].colour
        if form["colours"][1] == humans[0].colour:
            form["colours"][1] = next(c for c in COLOURS if c not in form["colours"])
    form["mode"] = game.options.mode
