"""Small Islands' side of the device's settings (pure: no browser imports): the settings as
the app reads them (`Settings`: the shell's choices, animations, sound, vibration, palette,
action bar side, with Small Islands' own, the computers' pace and confirming placements), the
sound question of the first game, and the header's sound toggle.

The device keeps them in the shell's one record (``games/settings``, `game_shell.settings`),
Small Islands' own choices under its name there (declared by its registration,
`game_plugins.small_islands.SETTINGS`); `of_device` and `to_device` go between the two. A
change is saved and applied at once: the controller reads `body_attrs` after every render
(the palette, the motion and the action bar's side are attributes of ``<body>`` that
styles.css follows, so nothing is re-rendered for them) and the app reads the rest where it
needs it. The new-game form's values are not settings: they stay in Small Islands' own
``small-islands/ui`` record (`session`), its pace field being the same setting as the
computers' pace (`take_form_pace`).

Sound stays off until the player turns it on: the first game on a device asks once
(`ask_about_sound`), and the header's toggle is always one tap away.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from game_shell import registry
from game_shell import settings as shell
from game_shell.i18n import _
from game_shell.markup import escape
from game_shell.settings import body_attrs as shell_body_attrs

from .form import SPEEDS as PACES

if TYPE_CHECKING:
    from small_islands import Game

    from .form import FormValues

NAME = "small-islands"  # its registration's name (game_plugins.small_islands, found by name:
# the registration imports parts of si_web, so si_web does not import it back)


def plugin() -> registry.GamePlugin:
    """Small Islands' registration."""
    found = registry.by_name(registry.plugins(), NAME)
    assert found is not None, "Small Islands is registered"
    return found


PLUGIN = plugin()
OWN = frozenset(c.key for c in PLUGIN.settings)  # Small Islands' own choices: pace, confirm
# (key, label, [(value, label)], note): the shell's choices, then Small Islands' own.
CHOICES: tuple[tuple[str, str, tuple[tuple[str, str], ...], str], ...] = tuple(
    (c.key, c.label, c.options, c.note) for c in (*shell.CHOICES, *PLUGIN.settings)
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
    sound_asked: bool = False  # a game asked whether to play with sound

    def value(self, key: str) -> str:
        """A setting as the Settings screen's buttons name it ("on", "fast", ...)."""
        v = getattr(self, key)
        return ("on" if v else "off") if isinstance(v, bool) else str(v)


def of_device(device: shell.Settings) -> Settings:
    """The device's settings as Small Islands reads them."""
    return Settings(
        animations=device.animations, sound=device.sound, vibration=device.vibration,
        pace=device.game_value(PLUGIN, "pace"), confirm=device.game_value(PLUGIN, "confirm") == "on",
        palette=device.palette, hand=device.hand, sound_asked=device.sound_asked,
    )


def to_device(settings: Settings, device: shell.Settings) -> shell.Settings:
    """`device` (the stored record: other games' values kept) with these settings."""
    new = replace(device, animations=settings.animations, sound=settings.sound,
                  vibration=settings.vibration, palette=settings.palette, hand=settings.hand,
                  sound_asked=settings.sound_asked)
    return new.with_game(PLUGIN.name, "pace", settings.pace).with_game(
        PLUGIN.name, "confirm", "on" if settings.confirm else "off")


def body_attrs(settings: Settings) -> dict[str, str]:
    """The ``<body>`` data attributes styles.css follows (set by the controller)."""
    return shell_body_attrs(to_device(settings, shell.Settings()))


# ----------------------------------------------------------------------- the app's side
class Asking(Protocol):
    """What the first game's sound question reads of the app (`App`)."""

    @property
    def game(self) -> Game | None: ...
    @property
    def sound_question(self) -> bool: ...
    @property
    def guide(self) -> Turns: ...


class Turns(Protocol):
    """Whose turn it is over the guided game (`guide.Guide`): the question's, or a tip's."""

    @property
    def sound_turn(self) -> bool: ...


class Keeping(Protocol):
    """Where the device's settings are kept (`session.Session`)."""

    def device_settings(self) -> tuple[bool, Settings]: ...
    def device(self) -> shell.Settings: ...
    def save_device(self, device: shell.Settings) -> None: ...


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


def reread(app: Configured) -> None:
    """The device's settings read again (another game's page may have changed them)."""
    app.use_settings(app.session.device_settings()[1])
    app.form["speed"] = app.settings.pace


def change(app: Configured, key: str, value: str, game: str | None = None) -> bool:
    """Set one setting (a shell setting, Small Islands' own, or `game`'s), save it, apply it
    (False when refused: nothing changes)."""
    device = to_device(app.settings, app.session.device())
    game = game or (PLUGIN.name if key in OWN else None)
    new = shell.changed(device, registry.plugins(), key, value, game)
    if new is None:
        return False
    if key == "sound":
        app.ask_sound(False)
    app.use_settings(of_device(new))
    app.form["speed"] = app.settings.pace
    app.session.save_device(new)
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
        app.session.save_device(to_device(app.settings, app.session.device()))


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
    name = escape(_("Sound"))
    return (
        f'<button type="button" class="btn sound{" on" if on else ""}" data-act="sound" '
        f'data-value="{"off" if on else "on"}" aria-pressed="{"true" if on else "false"}" '
        f'aria-label="{name}">{_SPEAKER.format(_WAVES if on else _MUTED)}</button>'
    )


def sound_question(app: Asking) -> str:
    """The first game's question (asked once on a device): play with sound? Shown until
    answered or until the first round's exploration is over (the header's toggle stays); over
    the guided game only when no tip is showing or just ended (`guide.Guide.game_tip`)."""
    g = app.game
    if not app.sound_question or not app.guide.sound_turn or g is None or g.round > 1 or g.phase in ("reward", "over"):
        return ""
    return (
        '<section class="card ask-sound" data-ask="sound"><h2>' + escape(_("Play with sound?"))
        + "</h2>"
        "<p>" + escape(_("Short sounds when you take and place tiles, build, score and land. The "
                         "speaker button at the top turns them on or off at any time."))
        + "</p><div class=\"row\">"
        '<button type="button" class="btn primary" data-act="sound" data-value="on">'
        + escape(_("Sound on")) + "</button>"
        '<button type="button" class="btn" data-act="sound" data-value="off">'
        + escape(_("No sound")) + "</button></div></section>"

    )
