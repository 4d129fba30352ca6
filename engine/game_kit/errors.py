"""The errors every game raises, both `ValueError`s.

* `IllegalAction`: well-formed input that the rules do not allow now. It carries a stable
  `code` (tests, the UI and bots rely on it) and a message naming the input; the game state
  is left unchanged.
* `MalformedInput`: input that is not even well-formed (an unknown id, bad JSON, an unknown
  save format, an action list that does not replay).

>>> IllegalAction("not_your_turn", "Bob is to move")
IllegalAction('not_your_turn', 'Bob is to move')
>>> short([[[[[[1]]]]]])
'[[[[[...]]]]]'
"""

from __future__ import annotations

from collections.abc import Iterable


class IllegalAction(ValueError):
    """An action the rules forbid here; the game state is left unchanged."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"


class MalformedInput(ValueError):
    """Input that cannot be understood at all (bad notation, bad JSON, unknown format)."""


def short(value: object, limit: int = 60) -> str:
    """`repr(value)` cut to `limit` characters, for messages about hostile input. Bounded:
    containers are quoted four levels deep at most and only as far as the limit, so a value
    nested 20 000 deep or a huge one costs no more than a short one (never `RecursionError`,
    never the int-to-text digit limit)."""
    text = _brief(value, limit + 1, 4)
    return text if len(text) <= limit else text[: limit - 3] + "..."


_BIG = 10**40


def _brief(value: object, room: int, depth: int) -> str:
    """At most about `room` characters of `repr(value)`; containers `depth` levels deep."""
    if isinstance(value, str):
        return repr(value[:room])
    if isinstance(value, int) and not isinstance(value, bool) and not -_BIG < value < _BIG:
        return "<a number with over 40 digits>"
    if isinstance(value, dict):
        pairs = ((_brief(k, room, depth - 1), v) for k, v in value.items())
        return _items("{", "}", pairs, room, depth)
    if isinstance(value, list | tuple | set | frozenset):
        first, last = {list: ("[", "]"), tuple: ("(", ")")}.get(type(value), ("{", "}"))
        if isinstance(value, tuple) and len(value) == 1:
            last = ",)"
        return _items(first, last, ((None, v) for v in value), room, depth)
    try:
        return repr(value)[:room]
    except Exception:  # a message must never fail, whatever the value
        return f"<{type(value).__name__}>"


def _items(first: str, last: str, items: Iterable[tuple[str | None, object]], room: int,
           depth: int) -> str:
    """A container's items (``key: value`` where a key is given) until `room` is used up."""
    if depth == 0:
        return first + "..." + last
    parts: list[str] = []
    used = 2
    for key, item in items:
        if used >= room:
            parts.append("...")
            break
        part = _brief(item, room - used, depth - 1)
        parts.append(part if key is None else f"{key}: {part}")
        used += len(parts[-1]) + 2
    return first + ", ".join(parts) + last
