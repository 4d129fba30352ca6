"""Actions as small immutable values, one class per kind of decision, with a JSON form; the
base and the registry every game's actions share.

A game declares its root action class with a ``registry`` of its own; each subclass with a
`type` name registers there, so `from_json` rebuilds any of the game's actions and refuses
anything else, with `MalformedInput` naming what is wrong. A game says how a JSON field
becomes a value (`field_from_json`: lists to tuples, within bounds) and checks the types
(`validate_types`).

>>> from dataclasses import dataclass
>>> from typing import ClassVar
>>> @dataclass(frozen=True, slots=True)
... class Move(Action):
...     registry: ClassVar[dict[str, type[Action]]] = {}
>>> @dataclass(frozen=True, slots=True)
... class Step(Move):
...     type: ClassVar[str] = "step"
...     to: tuple[int, int]
>>> Step((1, 2)).to_json()
{'type': 'step', 'to': [1, 2]}
>>> Move.from_json({"type": "step", "to": [1, 2]})
Step(to=(1, 2))
>>> Move.from_json({"type": "jump"})
Traceback (most recent call last):
...
game_kit.errors.MalformedInput: unknown action type 'jump'
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass, fields
from typing import Any, ClassVar, TypeVar, cast

from .errors import MalformedInput, short


@dataclass(frozen=True, slots=True)
class Action:
    """Base class of every game's actions; `type` is the stable JSON name."""

    type: ClassVar[str] = ""
    # the game's: set on its root action class (`builtins.type`: `type` is the name here)
    registry: ClassVar[dict[str, builtins.type[Action]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # no zero-argument super(): dataclass(slots=True) re-creates the class
        if cls.type:
            cls.registry[cls.type] = cls

    def to_json(self) -> dict[str, Any]:
        """A JSON-safe dict with the `type` name and the fields (tuples as lists)."""
        out: dict[str, Any] = {"type": self.type}
        for name in field_names(type(self)):
            value = getattr(self, name)
            out[name] = _thaw(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_json(cls: builtins.type[A], obj: Any) -> A:
        """Rebuild one of the game's actions from `to_json` output; `MalformedInput` if it is
        not one."""
        if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
            raise MalformedInput(f"not an action: {short(obj)}")
        kind = cls.registry.get(obj["type"])
        if kind is None:
            raise MalformedInput(f"unknown action type {short(obj['type'])}")
        names = field_names(kind)
        extra = set(obj) - set(names) - {"type"}
        if extra:
            raise MalformedInput(
                f"action {short(obj['type'])} has unknown fields {short(sorted(extra))}"
            )
        kwargs = {}
        for name in names:
            if name not in obj:
                raise MalformedInput(f"action {short(obj['type'])} lacks field {short(name)}")
            kwargs[name] = kind.field_from_json(f"{obj['type']}.{name}", obj[name])
        action = kind(**kwargs)
        action.validate_types()
        return cast(A, action)  # one of the game's: its registry holds its classes only

    @classmethod
    def field_from_json(cls, where: str, value: Any) -> Any:
        """A JSON field's value as the action holds it (lists as tuples); a game may bound
        it (`where` names the field in a message)."""
        return tuple(value) if isinstance(value, list) else value

    def validate_types(self) -> None:
        """Raise `MalformedInput` when a field has the wrong type (the game's rules)."""


A = TypeVar("A", bound=Action)
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The field names of an action class (cached: `fields()` is slow)."""
    found = _FIELD_NAMES.get(cls)
    if found is None:
        found = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    return found


def _thaw(value: tuple[Any, ...]) -> list[Any]:
    return [_thaw(v) if isinstance(v, tuple) else v for v in value]
