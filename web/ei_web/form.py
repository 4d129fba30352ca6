"""The Ember Isle new-game form: 2-4 seats, names, human or computer (easy, medium) per
seat, the island (default, random, or any of the 48 arrangements of its three pieces, named by
the pieces' titles), who places the huts, palm trees and statues (their usual places, random,
or the players), the basic island without the volcano, and who goes first (docs/EMBER.md
sections 4.3, 5 and 10)."""

from __future__ import annotations

from typing import Any

from ember_isle import Options
from ember_isle.content import ARRANGEMENTS, COLOURS, DEFAULT_MAP, FACE_TITLES

KINDS = (("human", "Human"), ("easy", "Computer: easy"), ("medium", "Computer: medium"))
MAPS = (("default", "The default island"), ("random", "A random island"))
PIECES = tuple(
    (m, ", ".join(FACE_TITLES[m[i:i + 2]] for i in (0, 2, 4)))
    for m in ARRANGEMENTS if m != DEFAULT_MAP
)  # every other arrangement, named by its pieces (right, left, top)
OBJECTS = (
    ("usual", "Usual (random on other islands)"),
    ("random", "Random places"),
    ("players", "The players place them"),
)
VOLCANO = (("yes", "With the volcano and its lava"), ("no", "Basic island: no volcano, no lava"))
FIRST = (("random", "Chosen at random"),) + tuple((str(i), f"Player {i + 1}") for i in range(4))
DEFAULT_NAMES = ("Ann", "Bob", "Cleo", "Dev")


def default() -> dict[str, Any]:
    return {"names": ["You", "Bob"], "kinds": ["human", "medium"], "map": "default",
            "objects": "usual", "volcano": "yes", "first": "random"}


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
            "first": _choice(form.get("first"), FIRST, "random")}


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
    """The engine's options (MalformedInput for bad names); a fresh seed each game."""
    names = tuple(n.strip() for n in form["names"])
    bots = {i: k for i, k in enumerate(form["kinds"]) if k != "human"}
    first = form.get("first", "random")
    return Options(
        seats=names, map=form["map"], bots=bots, colours=COLOURS[: len(names)],
        objects=None if form.get("objects", "usual") == "usual" else form["objects"],
        volcano=form.get("volcano", "yes") != "no",
        first_player=int(first) if first.isdigit() and int(first) < len(names) else None,
    ).with_seed()
