"""A game as data: the event-sourced save every game writes and reads, and its replay.

A save is an envelope ``{"format", "app", "options", "actions"}`` around a game's options and
the actions played, plus, in the app's storage, ``rev``: the number of times the game was
written (the app compares it between windows; a save without it is revision 0). A game
declares its `SaveFormat` (its format name such as ``"small-islands/1"``, its name for the
messages, the app version it writes, how its options and actions are read back); the kit
writes the envelope as compact JSON and reads it strictly: bounded (`load_json`: depth,
size, duplicate keys), no unknown field, no format of another game or of a newer version.
Every problem is a `MalformedInput` that names where the save is wrong: ``options: ...``,
``action 12: ...``, and, when an action does not replay, ``action 12 (...) does not replay:
...``.

>>> from dataclasses import dataclass
>>> class Move(Action):  # a game's root action class, with its registry
...     registry = {}
>>> @dataclass(frozen=True)
... class Take(Move):
...     type = "take"
...     n: int
>>> @dataclass(frozen=True)
... class Start:  # a game's options
...     stones: int
...     def to_json(self):
...         return {"stones": self.stones}
>>> def start(obj):
...     if not isinstance(obj, dict) or type(obj.get("stones")) is not int:
...         raise MalformedInput("the options need a number of stones")
...     return Start(obj["stones"])
>>> SAVE = SaveFormat("take-away/1", "Take Away", "0.1.0", start, Move)
>>> text = SAVE.text(Start(7), [Take(2), Take(1)])
>>> text[:61]
'{"format":"take-away/1","app":"0.1.0","options":{"stones":7},'
>>> SAVE.read(text)
(Start(stones=7), [Take(n=2), Take(n=1)])
>>> SAVE.read('{"format": "take-away/1", "options": {}, "actions": []}')
Traceback (most recent call last):
...
game_kit.errors.MalformedInput: options: the options need a number of stones
>>> SAVE.read('{"format": "take-away/2", "options": {}, "actions": []}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
game_kit.errors.MalformedInput: unsupported save format 'take-away/2': made by a newer ...
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from .actions import Action
from .errors import IllegalAction, MalformedInput, short
from .jsonio import load_json

FIELDS = frozenset({"format", "app", "options", "actions", "rev"})
MAX_REV = 2**53  # a revision is a whole number JavaScript holds exactly


class JsonOptions(Protocol):
    """A game's options: they write themselves as JSON-safe data."""

    def to_json(self) -> dict[str, Any]: ...


Opts = TypeVar("Opts", bound=JsonOptions)
A = TypeVar("A", bound=Action)
A_contra = TypeVar("A_contra", bound=Action, contravariant=True)


@dataclass(frozen=True)
class Envelope:
    """A save's envelope read strictly; `options` and `actions` still as JSON."""

    format: str
    app: object
    options: object
    actions: list[Any]
    rev: int


@dataclass(frozen=True)
class SaveFormat(Generic[Opts, A]):
    """One game's save: its format name (``"<game>/<version>"``), its name as the messages
    say it, the app version it writes, how its options are read (`MalformedInput` when they
    are not valid) and its root action class (its registry reads the actions)."""

    name: str
    game: str
    app: str
    options: Callable[[Any], Opts]
    actions: type[A]

    def text(self, options: Opts, actions: Iterable[A]) -> str:
        """The save of a game: its options plus every action played, as compact JSON."""
        return save_text(self.name, self.app, options.to_json(), actions)

    def check_format(self, value: object) -> None:
        """Refuse a save of another kind or of a newer version, saying which."""
        check_format(value, self.name)

    def envelope(self, text: str | bytes) -> Envelope:
        """The envelope of a save (`read_envelope`)."""
        return read_envelope(text, self.name, self.game)

    def read(self, text: str | bytes) -> tuple[Opts, list[A]]:
        """The options and actions of a save this format wrote (`MalformedInput` otherwise)."""
        return self.parse(self.envelope(text))

    def parse(self, envelope: Envelope) -> tuple[Opts, list[A]]:
        """The options and actions of an envelope, each problem named by where it is."""
        try:
            options = self.options(envelope.options)
        except MalformedInput as exc:
            raise MalformedInput(f"options: {exc}") from None
        parsed = []
        for i, obj in enumerate(envelope.actions):
            try:
                parsed.append(self.actions.from_json(obj))
            except MalformedInput as exc:
                raise MalformedInput(f"action {i}: {exc}") from None
        return options, parsed


def save_text(fmt: str, app: str, options: dict[str, Any], actions: Iterable[Action]) -> str:
    """The envelope as compact JSON: format, app version, options, then the actions."""
    return json.dumps(
        {
            "format": fmt,
            "app": app,
            "options": options,
            "actions": [a.to_json() for a in actions],
        },
        separators=(",", ":"),
    )


def with_revision(text: str, rev: int) -> str:
    """A save made by `save_text` with its storage revision `rev` added (first field).

    >>> with_revision('{"format":"take-away/1"}', 3)
    '{"rev":3,"format":"take-away/1"}'
    """
    if not text.startswith('{"format":'):
        raise ValueError("not a save made by save_text")
    return f'{{"rev":{int(rev)},' + text[1:]


def check_format(value: object, fmt: str) -> None:
    """Refuse `value` unless it is the format `fmt`, saying whether it is a newer version
    of the same game's (``"<game>/<version>"``) or something else.

    >>> check_format("take-away/1", "take-away/1")
    >>> check_format("chess/1", "take-away/1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    game_kit.errors.MalformedInput: unsupported save format 'chess/1' (this version reads ...)
    """
    if value == fmt:
        return
    family, _, current = fmt.rpartition("/")
    version = value.removeprefix(family + "/") if isinstance(value, str) else ""
    if version.isdigit() and len(version) < 10 and int(version) > int(current):
        raise MalformedInput(
            f"unsupported save format {short(value)}: made by a newer version of the app "
            f"(this version reads {fmt!r})"
        )
    raise MalformedInput(f"unsupported save format {short(value)} (this version reads {fmt!r})")


def read_envelope(text: str | bytes, fmt: str, game: str) -> Envelope:
    """A save's envelope, read strictly (see the module doc): `fmt` is the one format read,
    `game` the game's name in the messages."""
    data = load_json(text, "save")
    if not isinstance(data, dict) or "format" not in data:
        raise MalformedInput(f"this is not {article(game)} {game} save (no format field)")
    check_format(data["format"], fmt)
    unknown = sorted(set(data) - FIELDS)
    if unknown:
        raise MalformedInput(f"the save has unknown field(s) {unknown}")
    rev = data.get("rev", 0)
    if not isinstance(rev, int) or isinstance(rev, bool) or not 0 <= rev < MAX_REV:
        raise MalformedInput(f"rev: the revision must be a whole number, got {short(rev)}")
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise MalformedInput("actions: the save has no action list")
    return Envelope(fmt, data.get("app"), data.get("options"), actions, rev)


def article(name: str) -> str:
    """'an' before a name that starts with a vowel, else 'a' ("an Ember Isle save")."""
    return "an" if name[:1].lower() in "aeiou" else "a"


class Playable(Protocol[A_contra]):
    """A game the replay drives: `play` applies an action or raises `IllegalAction`."""

    def play(self, action: A_contra, /) -> None: ...


G = TypeVar("G", bound=Playable[Any])


def replay(game: G, actions: Sequence[Action]) -> G:
    """`game` after playing `actions` one by one; an action its rules refuse is a
    `MalformedInput` naming the action's index and JSON form."""
    for i, action in enumerate(actions):
        try:
            game.play(action)
        except IllegalAction as exc:
            raise MalformedInput(
                f"action {i} ({action.to_json()}) does not replay: {exc}"
            ) from exc
    return game
