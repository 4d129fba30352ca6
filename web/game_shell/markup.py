"""Escaping for HTML and data: URLs, without the standard library modules that do it.

`html.escape` and `urllib.parse.quote` give the same results, but importing `html` also
loads `html.entities` (a 2 000-entry table compiled from source under Pyodide: ~0.25 s of
every start) and `urllib.parse` costs ~0.1 s more. tests/test_web_markup.py checks that
these functions agree with the standard library's.
"""

from __future__ import annotations

_QUOTED = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})
_UNQUOTED = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_UNRESERVED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~")


def escape(text: str, quote: bool = True) -> str:
    """`html.escape`: &, < and > always; with `quote`, also " and '."""
    return text.translate(_QUOTED if quote else _UNQUOTED)


def well_formed(text: str) -> str:
    """`text` with every lone UTF-16 surrogate (which JavaScript strings, and so stored
    records, may hold but UTF-8 cannot) replaced by U+FFFD, as JavaScript's
    ``String.prototype.toWellFormed``."""
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def percent_encode(text: str) -> str:
    """`urllib.parse.quote(text, safe="")`: UTF-8, every byte but A-Z a-z 0-9 _ . - ~
    as %XX (lone surrogates as U+FFFD: `well_formed`)."""
    data = well_formed(text).encode("utf-8")
    return "".join(chr(b) if b in _UNRESERVED else f"%{b:02X}" for b in data)
