"""Reading JSON that anyone may have written (a save, a file, a stored record, a worker's
answer): bounded before it is parsed, strict while it is.

`load_json` refuses, with `MalformedInput` naming what was read: text that is not UTF-8, text
over `MAX_TEXT` characters, nesting deeper than `max_depth` (counted without recursion, so a
hostile ``[[[[...`` costs no more than its length), invalid JSON (whole numbers of over 4 300
digits included: Python's own limit), NaN and Infinity, an object with one key twice. Values
are checked where they are used (a seed, a coordinate), so a message names the field.

>>> load_json('{"a": [1, 2]}', "record")
{'a': [1, 2]}
>>> load_json('{"a": 1, "a": 2}', "record")
Traceback (most recent call last):
...
game_kit.errors.MalformedInput: the key 'a' appears twice in one object
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import MalformedInput, short

MAX_DEPTH = 16  # a save nests 5 deep; deeper text is refused before it is parsed
MAX_TEXT = 20_000_000  # characters: far above any save (a long game is ~60 KB)


def load_json(text: object, what: str, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text strictly (see the module doc); `what` names it in the messages."""
    if isinstance(text, bytes | bytearray):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise MalformedInput(f"the {what} is not UTF-8 text: {exc}") from None
    if not isinstance(text, str):
        raise MalformedInput(f"the {what} must be text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise MalformedInput(f"the {what} is too long ({len(text)} characters)")
    if nesting(text) > max_depth:
        raise MalformedInput(f"the {what} is nested more than {max_depth} levels deep")
    try:
        return json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_constant)
    except MalformedInput:
        raise
    except (ValueError, RecursionError) as exc:
        raise MalformedInput(f"the {what} is not valid JSON: {exc}") from None


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def nesting(text: str) -> int:
    """The deepest bracket nesting of JSON text (strings skipped), without recursion.

    >>> nesting('[{"a": "[[["}, [1]]')
    2
    """
    depth = deepest = 0
    for ch in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise MalformedInput(f"the key {short(key)} appears twice in one object")
        out[key] = value
    return out


def _constant(name: str) -> float:
    raise MalformedInput(f"{name} is not a number JSON allows")
