"""The keyboard shortcut list, the same in every game: `?` (Shift+/) opens it as a dialog over
the screen, Escape or its Close button closes it and the focus goes back where it was
(`shortcuts_browser`). Each game gives its own keys (`Keys`: the keys in words, what they do,
only what its key handling really does); the shell adds the keys every game shares (`SHARED`).
The same list is printed on each game's rules screen (`section`), which touch screens hide.
Pure markup."""

from __future__ import annotations

from .markup import escape

Keys = list[tuple[str, str]]  # (the keys, in words; what they do)

OPEN_KEY = "?"
DIALOG_ID = "shortcuts"
TITLE = "Keyboard shortcuts"

SHARED: Keys = [
    ("Tab, Shift+Tab", "Go to the next or the previous button"),
    ("Enter, Space", "Press the focused button"),
    ("?", "Open this list of keys (Escape closes it)"),
]


def listing(keys: Keys) -> str:
    """The keys as a description list (each key set in a <kbd>)."""
    rows = "".join(
        "<div><dt>"
        + " or ".join(f"<kbd>{escape(k.strip())}</kbd>" for k in ks.split(","))
        + f"</dt><dd>{escape(what)}</dd></div>"
        for ks, what in keys
    )
    return f'<dl class="keys">{rows}</dl>'


def dialog(game_title: str, keys: Keys) -> str:
    """The dialog: its title, the game's keys then the shared ones, a Close button (focused
    when it opens)."""
    return (
        f'<div class="dialog-back shortcuts-back" id="{DIALOG_ID}" data-shortcuts="back">'
        '<div class="dialog shortcuts" role="dialog" aria-modal="true" aria-labelledby="shortcuts-title">'
        f'<h2 id="shortcuts-title">{escape(TITLE)}</h2>'
        f'<p class="small">{escape(game_title)}. Escape closes this list.</p>'
        + listing(keys + SHARED)
        + '<div class="row"><button type="button" class="btn primary" data-shortcuts="close">'
        "Close</button></div></div></div>"
    )


def section(keys: Keys) -> str:
    """The list on a rules screen (hidden on touch screens, which have no keys)."""
    return (
        f'<section class="keys-section" aria-labelledby="keys-title"><h2 id="keys-title">{escape(TITLE)}</h2>'
        f"<p>Press <kbd>?</kbd> in a game to see this list.</p>{listing(keys + SHARED)}</section>"
    )


def wants_open(key: str, typing: bool, modifier: bool) -> bool:
    """Does this key press open the list? (`?`, not while typing in a field, not with Ctrl,
    Alt or Meta: Shift is how most keyboards type it.)"""
    return key == OPEN_KEY and not typing and not modifier
