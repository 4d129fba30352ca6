"""The Ember Isle new-game form: 2-4 seats, names, human or computer (easy, medium, hard) per
seat, the island (default, random, or any of the 48 arrangements of its three pieces, named by
the pieces' titles), who places the huts, palm trees and statues (their usual places, random,
or the players), the basic island without the volcano, who goes first, and the game's number
(its seed: the same number and settings give the same game; empty, a new game each time)
(docs/EMBER.md sections 4.3, 5 and 10)."""

from __future__ import annotations

import re
from typing import Any

from ember_isle import Options
from ember_isle.content import ARRANGEMENTS, COLOURS, DEFAULT_MAP, FACE_TITLES
from game_shell.i18n import N_, _

KINDS = (("human", N_("Human")), ("easy", N_("Computer: easy")), ("medium", N_("Computer: medium")),
         ("hard", N_("Computer: hard")))  # (hard: 68.5 % against Medium, bench/RESULTS.md)
MAPS = (("default", N_("The default island")), ("random", N_("A random island")))
# the pieces' titles (the engine's, English), for the catalogue
PIECE_TITLES = {"A1": N_("Jungle lake"), "A2": N_("Great jungle"), "B1": N_("Grass bay"),
                "B2": N_("River plains"), "C1": N_("Ridge"), "C2": N_("Crater lakes")}
PIECES = tuple(
    (m, ", ".join(FACE_TITLES[m[i:i + 2]] for i in (0, 2, 4)))
    for m in ARRANGEMENTS if m != DEFAULT_MAP
)  # every other arrangement, named by its pieces (right, left, top)
OBJECTS = (
    ("usual", N_("Usual (random on other islands)")),
    ("random", N_("Random places")),
    ("players", N_("The players place them")),
)
VOLCANO = (("yes", N_("With the volcano and its lava")),
           ("no", N_("Basic island: no volcano, no lava")))
FIRST = (("random", N_("Chosen at random")),) + tuple((str(i), f"Player {i + 1}") for i in range(4))
DEFAULT_NAMES = ("Ann", "Bob", "Cleo", "Dev")
SEED_DIGITS = 15  # the engine's seeds (`ember_isle.options.MAX_SEED`)
SEED_TEXT = 24  # the most of the field kept with the settings


def shown(options: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """A list of choices in the current language (their values unchanged)."""
    return tuple((v, _(t)) for v, t in options)


def pieces() -> tuple[tuple[str, str], ...]:
    """`PIECES` in the current language: each arrangement named by its pieces' titles."""
    return tuple(
        (m, _("{right}, {left}, {top}").format(
            **{k: _(PIECE_TITLES.get(m[i:i + 2], FACE_TITLES[m[i:i + 2]]))
               for k, i in (("right", 0), ("left", 2), ("top", 4))}))
        for m, _title in PIECES
    )


def default() -> dict[str, Any]:
    return {"names": ["You", "Bob"], "kinds": ["human", "medium"], "map": "default",
            "objects": "usual", "volcano": "yes", "first": "random", "seed": ""}


def _choice(value: object, options: tuple[tuple[str, str], ...], fallback: str) -> str:
    return value if isinstance(value, str) and value in dict(options) else fallback


def valid(form: Any) -> dict[str, Any]:
    """A stored form if it has the right shape, else the default."""
    if not isinstance(form, dict):
        return default()
    names, kinds = form.get("names"), form.get("kinds")
    if not (isinstance(names, list) and isinstance(kinds, list) and 2 <= len(names) <= 4
            and len(names) == len(kinds) and all(isinstance(n, str) for n in names)
            and all(k in dict(KINDS) for k in kinds)):
        return default()
    return {"names": names, "kinds": kinds, "map": _choice(form.get("map"), MAPS + PIECES, "default"),
            "objects": _choice(form.get("objects"), OBJECTS, "usual"),
            "volcano": _choice(form.get("volcano"), VOLCANO, "yes"),
            "first": _choice(form.get("first"), FIRST, "random"),
            "seed": _seed_text(form.get("seed"))}


def _seed_text(value: object) -> str:
    return value if isinstance(value, str) and len(value) <= SEED_TEXT else ""


def read(form: dict[str, Any], fields: dict[str, str]) -> None:
    """Take the controls' values into the form."""
    for i in range(len(form["names"])):
        if f"ei-name-{i}" in fields:
            form["names"][i] = fields[f"ei-name-{i}"][:40]
        kind = fields.get(f"ei-kind-{i}")
        if kind in dict(KINDS):
            form["kinds"][i] = kind
    for name, options in (("map", MAPS + PIECES), ("objects", OBJECTS), ("volcano", VOLCANO),
                          ("first", FIRST)):
        if fields.get(f"ei-{name}") in dict(options):
            form[name] = fields[f"ei-{name}"]
    if "ei-seed-number" in fields:
        form["seed"] = fields["ei-seed-number"].strip()[:SEED_TEXT]


def seed_of(form: dict[str, Any]) -> int | None:
    """The game's number typed in the form (None: empty, a new game each time); ValueError
    in words for anything but a whole number of at most 15 digits."""
    text = str(form.get("seed", "")).strip().replace(" ", "")
    if not text:
        return None
    if not re.fullmatch(rf"\d{{1,{SEED_DIGITS}}}", text):
        raise ValueError(f"game number: {SEED_DIGITS} digits at most, nothing else")
    return int(text)


def add_seat(form: dict[str, Any]) -> None:
    n = len(form["names"])
    if n < 4:
        form["names"].append(DEFAULT_NAMES[n])
        form["kinds"].append("medium")


def remove_seat(form: dict[str, Any]) -> None:
    if len(form["names"]) > 2:
        form["names"].pop()
        form["kinds"].pop()


def to_options(form: dict[str, Any]) -> Options:
    """The engine's options (MalformedInput for bad names, ValueError for a bad number); the
    form's game number, else a fresh seed each game."""
    names = tuple(n.strip() for n in form["names"])
    bots = {i: k for i, k in enumerate(form["kinds"]) if k != "human"}
    first = form.get("first", "random")
    return Options(
        seats=names, map=form["map"], bots=bots, colours=COLOURS[: len(names)],
        objects=None if form.get("objects", "usual") == "usual" else form["objects"],
        volcano=form.get("volcano", "yes") != "no",
        first_player=int(first) if first.isdigit() and int(first) < len(names) else None,
        seed=seed_of(form),
    ).with_seed()
