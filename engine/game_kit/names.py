"""Players' names as every game shows them."""

from __future__ import annotations

import unicodedata


def clean_name(name: object) -> object:
    """A player's name as it is shown: NFC, without control, format or lone-surrogate
    characters (bidirectional overrides that display it reversed, zero-width spaces and
    joiners that make two names look alike), outer spaces trimmed. Names are cleaned on entry
    and when a save or a file is loaded; anything but text is left for the checks to refuse.

    >>> clean_name("\u202eAnn\u200b ")
    'Ann'
    """
    if not isinstance(name, str):
        return name
    text = unicodedata.normalize("NFC", name)
    return "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cf", "Cs")).strip()
