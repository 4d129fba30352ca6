"""The device's settings: motion, sound, vibration, the computers' pace, confirming
placements, the colour palette, the action bar's side (pure: no browser imports).

Kept in their own storage record (``small-islands/settings``, read and written by
`session.Session`), JSON::

    {"format": "small-islands-settings/1", "animations": true, "sound": false, ...}

Reading never raises: a missing, unreadable or partly wrong record gives the defaults for
what is wrong (each value is checked on its own). A change is saved and applied at once:
the controller reads `body_attrs` after every render (the palette, the motion and the
action bar's side are attributes of ``<body>`` that styles.css follows, so nothing is
re-rendered for them) and the app reads the rest where it needs it.

Sound stays off until the player turns it on: the first game on a device asks once
(`ask_about_sound`), and the header's toggle is always one tap away.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from typing import TYPE_CHECKING, Any, Protocol

from game_kit.jsonio import load_json

from .form import SPEEDS as PACES

if TYPE_CHECKING:
    from small_islands import Game

    from .form import FormValues

FORMAT = "small-islands-settings/1"

# (key, label, [(value, label)], note) in the order the Settings screen shows them.
CHOICES: tuple[tuple[str, str, tuple[tuple[str, str], ...], str], ...] = (
    ("animations", "Animations", (("on", "On"), ("off", "Off")),
     "Tiles settle, houses drop, points fly to the score. Always off when the device asks "
     "for reduced motion."),
    ("sound", "Sound", (("on", "On"), ("off", "Off")),
     "Short sounds when a tile is taken or placed, a house is built, points are scored, a "
     "ship lands and the game ends."),
    ("vibration", "Vibration", (("on", "On"), ("off", "Off")),
     "A short buzz on phones that can, when a piece is placed."),
    ("pace", "Computer pace", (("relaxed", "Relaxed"), ("normal", "Normal"), ("fast", "Fast"),
                               ("instant", "Instant")),
     "How long each move of a computer player or of Alexis stays on screen."),
    ("confirm", "Confirm before placing", (("on", "On"), ("off", "Off")),
     "On: a tap on the map shows where the piece would go, and a second tap on Place here "
     "(or Land here, Build, Place port token) places it. Off: a tap places it at once when "
     "there is nothing else to choose there."),
    ("palette", "Player colours", (("standard", "Standard"), ("cvd", "Colour-vision safe")),
     "Colour-vision safe colours are told apart with deuteranopia and protanopia; every "
     "colour also keeps its own mark."),
    ("hand", "Action bar", (("right", "Right-handed"), ("left", "Left-handed")),
     "Which side of the screen the step's main button sits on."),
)


@dataclass(frozen=True)
class Settings:
    """What the player chose on this device (the defaults when nothing is stored)."""

    animations: bool = True
    sound: bool = False
    vibration: bool = True
    pace: str = "normal"
    confirm: bool = True
    palette: str = "standard"
    hand: str = "right"
    sound_asked: bool = False  # the first game asked whether to play with sound

    def value(self, key: str) -> str:
        """A setting as the Settings screen's buttons name it ("on", "fast", ...)."""
        v = getattr(self, key)
        return ("on" if v else "off") if isinstance(v, bool) else str(v)


_BOOLS = {f.name for f in fields(Settings) if f.type in ("bool", bool)}
_ALLOWED = {key: {v for v, _ in options} for key, _, options, _ in CHOICES}


def parse(raw: str | None) -> Settings:
    """The settings of a stored record: each valid value taken, anything else the default
    (never raises)."""
    if raw is None:
        return Settings()
    try:
        data = load_json(raw, "settings")
    except (ValueError, RecursionError):
        return Settings()
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return Settings()
    good: dict[str, Any] = {}
    for f in fields(Settings):
        value = data.get(f.name)
        if f.name in _BOOLS:
            if isinstance(value, bool):
                good[f.name] = value
        elif isinstance(value, str) and value in _ALLOWED.get(f.name, ()):
            good[f.name] = value
    return Settings(**good)


def dump(settings: Settings) -> str:
    """The stored record of these settings."""
    return json.dumps({"format": FORMAT, **asdict(settings)}, sort_keys=True)


def changed(settings: Settings, key: str, value: str) -> Settings | None:
    """The settings with `key` set to `value` (as the Settings screen names values), or
    None when the key or the value is not one the screen offers."""
    if value not in _ALLOWED.get(key, ()):
        return None
    new: Any = value == "on" if key in _BOOLS else value
    return replace(settings, **{key: new})


def body_attrs(settings: Settings) -> dict[str, str]:
    """The ``<body>`` data attributes styles.css follows (set by the controller)."""
    return {
        "motion": "on" if settings.animations else "off",
        "palette": settings.palette,
        "hand": settings.hand,
    }


# ----------------------------------------------------------------------- the app's side
class Asking(Protocol):
    """What the first game's sound question reads of the app (`App`)."""

    @property
    def game(self) -> Game | None: ...
    @property
    def sound_question(self) -> bool: ...


class Keeping(Protocol):
    """Where the device's settings are kept (`session.Session`)."""

    def device_settings(self) -> tuple[bool, Settings]: ...
    def save_device_settings(self, settings: Settings) -> None: ...


class Configured(Asking, Protocol):
    """What the settings read and change of the app (`App`)."""

    @property
    def settings(self) -> Settings: ...
    @property
    def form(self) -> FormValues: ...
    @property
    def session(self) -> Keeping: ...
    def use_settings(self, settings: Settings) -> None: ...
    def ask_sound(self, asked: bool) -> None: ...


def load(app: Configured) -> None:
    """Read the device's settings into the app (the new-game form shows their pace; an old
    device without a settings record keeps the pace its form had)."""
    stored, device = app.session.device_settings()
    if not stored and app.form["speed"] in PACES:
        device = replace(device, pace=app.form["speed"])
    app.use_settings(device)
    app.form["speed"] = app.settings.pace


def change(app: Configured, key: str, value: str) -> bool:
    """Set one setting, save it, apply it (False when refused: nothing changes)."""
    new = changed(app.settings, key, value)
    if new is None:
        return False
    if key == "sound":
        app.ask_sound(False)
        new = replace(new, sound_asked=True)
    app.use_settings(new)
    app.form["speed"] = new.pace
    app.session.save_device_settings(new)
    return True


def take_form_pace(app: Configured) -> None:
    """The new-game form's pace field is the same setting: keep them one."""
    if app.form["speed"] != app.settings.pace:
        change(app, "pace", app.form["speed"])


def ask_about_sound(app: Configured) -> None:
    """A new game: the first one on this device asks (once) whether to play with sound."""
    if not app.settings.sound_asked:
        app.ask_sound(True)
        app.use_settings(replace(app.settings, sound_asked=True))
        app.session.save_device_settings(app.settings)


# ----------------------------------------------------------------------- HTML
_SPEAKER = (
    '<svg class="ico-sound" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
    '<path d="M3 9h4l5-4v14l-5-4H3Z" fill="currentColor"/>{}</svg>'
)
_WAVES = '<path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'
_MUTED = '<path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'


def sound_button(settings: Settings) -> str:
    """The header's sound toggle (always one tap away): a speaker, pressed when on."""
    on = settings.sound
    return (
        f'<button type="button" class="btn sound{" on" if on else ""}" data-act="sound" '
        f'data-value="{"off" if on else "on"}" aria-pressed="{"true" if on else "false"}" '
        f'aria-label="Sound">{_SPEAKER.format(_WAVES if on else _MUTED)}</button>'
    )


def sound_question(app: Asking) -> str:
    """The first game's question (asked once on a device): play with sound? Shown until
    answered or until the first round's exploration is over (the header's toggle stays)."""
    g = app.game
    if not app.sound_question or g is None or g.round > 1 or g.phase in ("reward", "over"):
        return ""
    return (
        '<section class="card ask-sound" data-ask="sound"><h2>Play with sound?</h2>'
        "<p>Short sounds when you take and place tiles, build, score and land. The speaker "
        "button at the top turns them on or off at any time.</p><div class=\"row\">"
        '<button type="button" class="btn primary" data-act="sound" data-value="on">Sound on</button>'
        '<button type="button" class="btn" data-act="sound" data-value="off">No sound</button>'
        "</div></section>"
    )
