"""The keyboard shortcut list, the same in every game: `?` (Shift+/) opens it as a dialog over
the screen, Escape or its Close button closes it and the focus goes back where it was
(`shortcuts_browser`). Each game gives its own keys (`Keys`: the keys in words, what they do,
only what its key handling really does); the shell adds the keys every game shares (`SHARED`).
The same list is printed on each game's rules screen (`section`), which touch screens hide.
Pure markup."""

from __future__ import annotations

from .i18n import N_, _
from .markup import escape

Keys = list[tuple[str, str]]  # (the keys, in words; what they do): English, marked with `N_`

OPEN_KEY = "?"
DIALOG_ID = "shortcuts"
TITLE = N_("Keyboard shortcuts")

SHARED: Keys = [
    (N_("Tab, Shift+Tab"), N_("Go to the next or the previous button")),
    (N_("Enter, Space"), N_("Press the focused button")),
    ("?", N_("Open this list of keys (Escape closes it)")),
]


def listing(keys: Keys) -> str:
    """The keys as a description list (each key set in a <kbd>; the keys' names and what
    they do in the player's language)."""
    rows = "".join(
        "<div><dt>" + either([f"<kbd>{escape(k.strip())}</kbd>" for k in _(ks).split(",")])
        + f"</dt><dd>{escape(_(what))}</dd></div>"
        for ks, what in keys
    )
    return f'<dl class="keys">{rows}</dl>'


def either(keys: list[str]) -> str:
    """'A or B' (one key alone as it is)."""
    out = keys[0]
    for key in keys[1:]:
        out = _("{first} or {second}").format(first=out, second=key)
    return out


def dialog(game_title: str, keys: Keys) -> str:
    """The dialog: its title, the game's keys then the shared ones, a Close button (focused
    when it opens)."""
    return (
        f'<div class="dialog-back shortcuts-back" id="{DIALOG_ID}" data-shortcuts="back">'
        '<div class="dialog shortcuts" role="dialog" aria-modal="true" aria-labelledby="shortcuts-title">'
        f'<h2 id="shortcuts-title">{escape(_(TITLE))}</h2>'
        '<p class="small">' + escape(_("{game}. Escape closes this list.").format(game=game_title)) + "</p>"
        + listing(keys + SHARED)
        + '<div class="row"><button type="button" class="btn primary" data-shortcuts="close">'
        + escape(_("Close")) + "</button></div></div></div>"
    )


def section(keys: Keys) -> str:
    """The list on a rules screen (hidden on touch screens, which have no keys)."""
    return (
        f'<section class="keys-section" aria-labelledby="keys-title"><h2 id="keys-title">{escape(_(TITLE))}</h2>'
        "<p>" + _("Press <kbd>?</kbd> in a game to see this list.") + f"</p>{listing(keys + SHARED)}</section>"
    )


def wants_open(key: str, typing: bool, modifier: bool) -> bool:
    """Does this key press open the list? (`?`, not while typing in a field, not with Ctrl,
    Alt or Meta: Shift is how most keyboards type it.)"""
    return key == OPEN_KEY and not typing and not modifier
