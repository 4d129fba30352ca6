"""The Ember Isle new-game form: 2-4 seats, names, human or computer (easy, medium) per
seat, the map (default or random)."""

from __future__ import annotations

from typing import Any

from ember_isle import Options
from ember_isle.content import COLOURS

KINDS = (("human", "Human"), ("easy", "Computer: easy"), ("medium", "Computer: medium"))
MAPS = (("default", "The default island"), ("random", "A random island"))
DEFAULT_NAMES = ("Ann", "Bob", "Cleo", "Dev")


def default() -> dict[str, Any]:
    return {"names": ["You", "Bob"], "kinds": ["human", "medium"], "map": "default"}


def valid(form: Any) -> dict[str, Any]:
    """A stored form if it has the right shape, else the default."""
    if not isinstance(form, dict):
        return default()
    names, kinds = form.get("names"), form.get("kinds")
    if not (isinstance(names, list) and isinstance(kinds, list) and 2 <= len(names) <= 4
            and len(names) == len(kinds) and all(isinstance(n, str) for n in names)
            and all(k in dict(KINDS) for k in kinds)):
        return default()
    return {"names": names, "kinds": kinds,
            "map": form.get("map") if form.get("map") in dict(MAPS) else "default"}


def read(form: dict[str, Any], fields: dict[str, str]) -> None:
    """Take the controls' values into the form."""
    for i in range(len(form["names"])):
        if f"ei-name-{i}" in fields:
            form["names"][i] = fields[f"ei-name-{i}"][:40]
        kind = fields.get(f"ei-kind-{i}")
        if kind in dict(KINDS):
            form["kinds"][i] = kind
    if fields.get("ei-map") in dict(MAPS):
        form["map"] = fields["ei-map"]


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
    return Options(seats=names, map=form["map"], bots=bots,
                   colours=COLOURS[: len(names)]).with_seed()
