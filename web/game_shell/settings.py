"""The device's settings, for every game: the shell's own choices (animations, sound,
vibration, player colours, the action bar's side) and each game's (`GamePlugin.settings`, a
tuple of `Choice`), kept in ONE storage record, ``games/settings``. Pure: no browser imports.

The record, JSON (a game's values under its name, as its Settings buttons name them)::

    {"format": "games-settings/1", "animations": true, "sound": false, "vibration": true,
     "palette": "standard", "hand": "right", "sound_asked": true,
     "games": {"<a game's name>": {"<its choice's key>": "<a value of its buttons>"}}}

Reading never raises: a missing, unreadable or partly wrong record gives the defaults for what
is wrong (each value is checked on its own); a game's section that no registered game reads
is kept as it is. A record that is not the app's JSON is kept under ``games/settings-broken``
before the first write (`storage.put_record`). `body_attrs` are the ``<body>`` attributes the
pages' styles follow (palette, motion, hand). Sound stays off until the player turns it on;
``sound_asked`` records that a game asked once (a change of the sound setting answers it too).

An older build kept one game's flat record (`GamePlugin.old_settings`: its key and format);
`migrate` moves it here at the start (its game's values under the game's name), writing the new
record before it removes the old one; an old record it cannot read is moved aside, not lost.

The Settings screen (`screen`, one section for all games and one per game with choices of its
own) and its taps (`tapped`) are here too, so every game shows the same screen in its page.

>>> s = read(None, [])
>>> s.sound, s.value("palette"), body_attrs(s)["motion"]
(False, 'standard', 'on')
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from game_kit.jsonio import load_json

from . import i18n
from .i18n import N_, _
from .markup import escape
from .migrate import move
from .registry import Choice, GamePlugin, shell_key
from .storage import Storage, StorageFull, put_record, read_json
from .widgets import button

FORMAT = "games-settings/1"
KEY = shell_key("settings")
ON_OFF = (("on", N_("On")), ("off", N_("Off")))


# The shell's own choices, shared by every game, in the order the screen shows them.
CHOICES: tuple[Choice, ...] = (
    # the languages' names are their own (not translated); none stored: the device's
    Choice("language", N_("Language"), i18n.LANGUAGES,
           N_("The words of every game. The first time, the device's language.")),
    Choice("animations", N_("Animations"), ON_OFF,
           N_("Pieces settle, move and score with a short motion. Always off when the device "
              "asks for reduced motion.")),
    Choice("sound", N_("Sound"), ON_OFF,
           N_("Short sounds when pieces are taken, placed or moved, points are scored and the "
              "game ends."), default="off"),
    Choice("vibration", N_("Vibration"), ON_OFF,
           N_("A short buzz on phones that can, when a piece is placed.")),
    Choice("palette", N_("Player colours"), (("standard", N_("Standard")), ("cvd", N_("Colour-vision safe"))),
           N_("Colour-vision safe colours are told apart with deuteranopia and protanopia; every "
              "colour also keeps its own mark.")),
    Choice("hand", N_("Action bar"), (("right", N_("Right-handed")), ("left", N_("Left-handed"))),
           N_("Which side of the screen the step's main button sits on.")),
)
# Words of a choice's buttons shown as they are (the languages' own names).
UNTRANSLATED = frozenset({"language"})
_SHELL = {c.key: c for c in CHOICES}


@dataclass(frozen=True)
class Settings:
    """What the player chose on this device (the defaults when nothing is stored). `games`:
    each game's values by its name (only valid ones; a game's missing value is its default,
    `game_value`)."""

    animations: bool = True
    sound: bool = False
    vibration: bool = True
    palette: str = "standard"
    hand: str = "right"
    language: str = ""  # "en", "fr"; "": none chosen, the device's (`game_shell.i18n.resolve`)
    sound_asked: bool = False  # a game asked once whether to play with sound
    games: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def value(self, key: str) -> str:
        """A shell setting as the Settings screen's buttons name it ("on", "cvd", ...)."""
        v = getattr(self, key)
        return ("on" if v else "off") if isinstance(v, bool) else str(v)

    def game_value(self, game: GamePlugin, key: str) -> str:
        """One of a game's own settings (its default when none is stored)."""
        choice = next((c for c in game.settings if c.key == key), None)
        if choice is None:
            raise KeyError(f"{game.name} declares no setting {key!r}")
        value = self.games.get(game.name, {}).get(key)
        return value if value is not None and choice.allows(value) else choice.initial

    def with_game(self, game: str, key: str, value: str) -> Settings:
        section = {**self.games.get(game, {}), key: value}
        return replace(self, games={**self.games, game: section})


_BOOLS = {f.name for f in fields(Settings) if f.type in ("bool", bool)}


def parse(raw: str | None, games: Sequence[GamePlugin]) -> Settings:
    """The settings of a stored record: each valid value taken, anything else the default
    (never raises)."""
    data = _record(raw)
    return Settings() if data is None else _from(data, games)


def _record(raw: str | None) -> dict[str, Any] | None:
    if raw is None:
        return None
    try:
        data = load_json(raw, "settings")
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) and data.get("format") == FORMAT else None


def _from(data: Mapping[str, Any], games: Sequence[GamePlugin]) -> Settings:
    good: dict[str, Any] = {}
    for name in (*_SHELL, "sound_asked"):
        value = data.get(name)
        if name in _BOOLS:
            if isinstance(value, bool):
                good[name] = value
        elif _SHELL[name].allows(value):
            good[name] = value
    sections = data.get("games")
    kept: dict[str, dict[str, str]] = {}
    for name, section in (sections.items() if isinstance(sections, dict) else ()):
        if not isinstance(section, dict):
            continue
        game = next((g for g in games if g.name == name), None)
        if game is None:  # a game this build does not have: kept as it was (strings only)
            values = {k: v for k, v in section.items() if isinstance(v, str)}
        else:
            values = {c.key: section[c.key] for c in game.settings if c.allows(section.get(c.key))}
        if values:
            kept[name] = values
    return Settings(**good, games=kept)


def read(storage: Storage | None, games: Sequence[GamePlugin]) -> Settings:
    """The device's settings (defaults when there is no storage or no readable record)."""
    return parse(None if storage is None else storage.get(KEY), games)


def dump(settings: Settings) -> str:
    """The stored record of these settings."""
    record: dict[str, Any] = {"format": FORMAT}
    for f in fields(Settings):
        value = getattr(settings, f.name)
        record[f.name] = {k: dict(v) for k, v in value.items()} if f.name == "games" else value
    return json.dumps(record, sort_keys=True)


def changed(settings: Settings, games: Sequence[GamePlugin], key: str, value: str,
            game: str | None = None) -> Settings | None:
    """The settings with `key` (a shell setting, or `game`'s own) set to `value` as the
    Settings screen names values; None when the screen offers no such key or value. A change
    of the sound setting answers the game's question about it (``sound_asked``)."""
    if game:
        plugin = next((g for g in games if g.name == game), None)
        choice = next((c for c in plugin.settings if c.key == key), None) if plugin else None
        if choice is None or not choice.allows(value):
            return None
        return settings.with_game(game, key, value)
    if key not in _SHELL or not _SHELL[key].allows(value):
        return None
    if key == "language":  # the words switch now (or once the catalogue is fetched)
        i18n.choose(value)
    new: Any = value == "on" if key in _BOOLS else value
    out = replace(settings, **{key: new})
    return replace(out, sound_asked=True) if key == "sound" else out


def body_attrs(settings: Settings) -> dict[str, str]:
    """The ``<body>`` data attributes the pages' styles follow."""
    return {
        "motion": "on" if settings.animations else "off",
        "palette": settings.palette,
        "hand": settings.hand,
    }


# ----------------------------------------------------------------------- the old records
def migrate(storage: Storage, games: Sequence[GamePlugin]) -> list[str]:
    """Move each game's older flat settings record (`GamePlugin.old_settings`) into the
    device's record: the shell's values and the game's own (under its name); the new record
    is written before the old one goes. An old record that is not readable is moved aside
    (``games/settings-broken``), as is one written again by an older window after the move
    (``games/settings-older``). Returns the old keys left where they were (storage full)."""
    left: list[str] = []
    for game in games:
        if game.old_settings is None:
            continue
        old_key, old_format = game.old_settings
        if not move(storage, old_key + "-broken", KEY + "-broken"):
            left.append(old_key + "-broken")
        raw = storage.get(old_key)
        if raw is None:
            continue
        data = read_json(raw)
        if not isinstance(data, dict) or data.get("format") != old_format:
            ok = move(storage, old_key, KEY + "-broken")
        elif storage.get(KEY) is not None:
            ok = move(storage, old_key, KEY + "-older")
        else:
            ok = _write_old(storage, game, data, old_key)
        if not ok:
            left.append(old_key)
    return left


def _write_old(storage: Storage, game: GamePlugin, data: dict[str, Any], old_key: str) -> bool:
    new = _from({**data, "format": FORMAT}, [])
    own = (c.key for c in game.settings)
    for key in own:
        value = data.get(key)
        value = ("on" if value else "off") if isinstance(value, bool) else value
        choice = next(c for c in game.settings if c.key == key)
        if choice.allows(value):
            new = new.with_game(game.name, key, str(value))
    try:
        storage.set(KEY, dump(new))
    except StorageFull:
        return False
    storage.remove(old_key)
    return True


# ----------------------------------------------------------------------- the screen
def screen(
    current: Settings, games: Sequence[GamePlugin], *, act: str = "set", back: str = "back",
    back_label: str | None = None, extra: Mapping[str, str] | None = None, screen_name: str = "settings",
) -> str:
    """The Settings screen: the choices of all games, then each game's own, as rows of
    pressed/unpressed buttons (a tap, `act` with ``data-key``, ``data-value`` and for a game's
    choice ``data-game``, applies and saves). `extra`: markup shown under a shell choice's
    buttons (by key: the player colours' swatches, say)."""
    rows = [_row(c, current.value(c.key) or i18n.language(), act, "", (extra or {}).get(c.key, ""))
            for c in CHOICES]
    parts = ['<section class="card-group" data-settings="all">'
             '<h2 class="group">' + escape(_("All games")) + "</h2>" + "".join(rows) + "</section>"]
    for game in games:
        if not game.settings:
            continue
        own = "".join(_row(c, current.game_value(game, c.key), act, game.name, "")
                      for c in game.settings)
        parts.append(f'<section class="card-group" data-settings="{escape(game.name)}">'
                     f'<h2 class="group">{escape(game.title)}</h2>{own}</section>')
    return (
        f'<section class="screen settings" data-screen="{escape(screen_name)}"><h1>'
        + escape(_("Settings")) + "</h1><p>"
        + escape(_("Kept on this device for every game; each change applies at once.")) + "</p>"
        + "".join(parts)
        + '<div class="row">' + button(_("Back") if back_label is None else back_label, back, "btn primary") + "</div></section>"
    )


def _row(choice: Choice, value: str, act: str, game: str, extra: str) -> str:
    ident = f"set-{game + '-' if game else ''}{choice.key}"
    where = f' data-game="{escape(game)}"' if game else ""
    buttons = "".join(
        f'<button type="button" class="btn{" on" if v == value else ""}" data-act="{escape(act)}"'
        f'{where} data-key="{escape(choice.key)}" data-value="{escape(v)}" '
        f'aria-pressed="{"true" if v == value else "false"}"{_lang(v) if choice.key == "language" else ""}>'
        f'{escape(text if choice.key in UNTRANSLATED else _(text))}</button>'
        for v, text in choice.options
    )
    return (
        f'<section class="card setting" data-setting="{escape(choice.key)}">'
        f'<h3 id="{escape(ident)}">{escape(_(choice.label))}</h3>'
        f'<div class="row seg" role="group" aria-labelledby="{escape(ident)}">{buttons}</div>'
        f'{extra}<p class="small">{escape(_(choice.note)) if choice.note else ""}</p></section>'
    )


def _lang(code: str) -> str:
    """A language's button is in that language (screen readers say its name as it is)."""
    return f' lang="{escape(code)}"'


def tapped(current: Settings, games: Sequence[GamePlugin], data: Mapping[str, str]) -> Settings | None:
    """The settings after a tap on the screen's button (`screen`), or None when the tap
    names nothing the screen offers (nothing changes)."""
    return changed(current, games, data.get("key", ""), data.get("value", ""),
                   data.get("game") or None)


def save(storage: Storage, settings: Settings) -> bool:
    """Write the device's settings (lost, like the other small records, when storage is full:
    a game's save matters more). False when the browser refused."""
    return put_record(storage, KEY, dump(settings))
