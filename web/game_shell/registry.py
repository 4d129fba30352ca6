"""The games of the app, as the shell knows them: each game registers one module in the
``game_plugins`` package, whose ``PLUGIN`` is a `GamePlugin`. The shell finds them there
(`plugins`) and never names a game: the start screen's cards, "Your games" and the
statistics, the save path's giving way, the storage namespaces, the Settings screen (a game's
own choices, `Choice`) and the bot worker all read these records.

The lowest `GamePlugin.order` is the *home* game: its code ships in the page's own archives
and its start screen is the app's (it lists the other games' cards, `cards`); every other
game's code is fetched from its `GamePlugin.archive` when a player first chooses it.

>>> p = GamePlugin(name="take-away", title="Take Away", order=9, entry="take_away.browser",
...                packages=("take_away",), archive="take-away.pack.gz")
>>> p.key("save"), p.summary_key
('take-away/save', 'take-away/summary')
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType

from .finished import Reader
from .i18n import N_
from .storage import Storage

NAME = re.compile(r"[a-z][a-z0-9-]{1,30}")
PLUGINS_PACKAGE = "game_plugins"
SHELL = "games"  # the shell's own storage namespace ("games/active-game", ...)


@dataclass(frozen=True)
class KeptWords:
    """How "Your games" words a game's kept summaries (`game_shell.kept_games`): why a game
    ended, and the swatch each seat colour wears."""

    ends: Mapping[str, str] = field(default_factory=dict)
    marks: Mapping[str, str] = field(default_factory=dict)
    no_replay: str = ""  # said under each summary when the game keeps no replay


@dataclass(frozen=True)
class Choice:
    """One of a game's own settings (`GamePlugin.settings`; the shell's are in
    `game_shell.settings`): its key, its words, its buttons' values and words, a note shown
    under them, and the value when nothing (valid) is stored (`default`, else the first)."""

    key: str
    label: str
    options: tuple[tuple[str, str], ...]
    note: str = ""
    default: str = ""

    @property
    def initial(self) -> str:
        return self.default or self.options[0][0]

    def allows(self, value: object) -> bool:
        """Is `value` one of its buttons' values?"""
        return isinstance(value, str) and any(value == v for v, _ in self.options)


@dataclass(frozen=True)
class GamePlugin:
    """One game of the app as the shell sees it.

    `name` is its id and its storage namespace: every record it keeps is ``<name>/...``
    (`key`); ``<name>/summary`` is the one plain line the start screen shows for its game in
    progress. `entry` is the module that takes the screen (``start(root, storage, back)``,
    ``show(note)``, ``showing()``: `host`); `packages` its Python packages, engine first, as the build
    ships them; `worker` the ``module:function`` that answers its computer players' requests
    in the bot worker (JSON text in, JSON text out). `moved` maps the keys an older build kept
    to where they live now (`game_shell.migrate`); `dropped` are caches an older build kept
    that this one no longer reads (removed at the start: never a player's record); `tab_keys`
    are its records of one browser tab. `styles` are its stylesheets (files of ``web/``):
    the build links them in the page's head, so that a picture of its screen painted before
    Python is ready (`game_shell.first_paint`) is styled. `kept` words its finished games in
    "Your games" when it keeps them as summaries (``<name>/history``,
    `game_shell.kept_games`); `finished` hands its finished games to the shell's statistics
    as plain records (`game_shell.finished`; `finished.from_kept` reads kept summaries);
    `make_room` frees storage when a save is refused (True when it freed some). `settings`
    are its own choices on the shared Settings screen, kept in the device's settings record
    under its name (`game_shell.settings`); `old_settings` the key and format of the flat
    settings record an older build kept for it (moved into the device's record at the
    start)."""

    name: str
    title: str
    order: int
    entry: str
    packages: tuple[str, ...]
    archive: str | None = None
    worker: str | None = None
    first_screen: str | None = None  # "module:function" () -> the start screen's markup on a
    # device that kept nothing (the home game's: the build prerenders it into index.html)
    blurb: str = ""
    # its title picture: () -> a small inline SVG (its card, its start screen), drawn where
    # shown so that its spoken name is in the player's language
    picture: Callable[[], str] | None = None
    import_where: str = N_("its menu, then “Import a file”")  # where its files import (`_` shown)
    moved: Mapping[str, str] = field(default_factory=dict)
    dropped: frozenset[str] = frozenset()  # an older build's caches, removed at the start
    aliases: frozenset[str] = frozenset()  # names an older build gave it (a tab's active game)
    tab_keys: frozenset[str] = frozenset()
    styles: tuple[str, ...] = ()  # its stylesheets, in the page's head (its first paint's)
    kept: KeptWords | None = None
    finished: Reader | None = None
    give_way: Callable[[Storage], bool] | None = None
    make_room: Callable[[Storage], int] | None = None
    settings: tuple[Choice, ...] = ()
    old_settings: tuple[str, str] | None = None
    summary_words: Callable[[str], str] | None = None  # its stored ``summary`` record in the
    # player's language (a record of data, the words made when shown; None: a plain line)

    def __post_init__(self) -> None:
        if not NAME.fullmatch(self.name) or self.name == SHELL:
            raise ValueError(f"a game's name is its storage namespace: {self.name!r} is not one")
        for key in (*self.moved.values(), *self.tab_keys, *self.dropped):
            if not key.startswith((self.name + "/", SHELL + "/")):
                raise ValueError(f"{self.name}: the key {key!r} is outside its namespace")

    def key(self, record: str) -> str:
        """The storage key of one of this game's records."""
        return f"{self.name}/{record}"

    @property
    def summary_key(self) -> str:
        return self.key("summary")

    def summary_line(self, stored: str | None) -> str | None:
        """The start screen's line for its stored ``summary`` record (`summary_words`)."""
        if stored is None or self.summary_words is None:
            return stored
        return self.summary_words(stored)

    @property
    def history_key(self) -> str:
        return self.key("history")

    @property
    def home(self) -> bool:
        """Is its code in the page's own archives (no archive to fetch)?"""
        return self.archive is None


def shell_key(record: str) -> str:
    """A storage key of the shell's own (which game a tab shows, ...)."""
    return f"{SHELL}/{record}"


ACTIVE = shell_key("active-game")  # the game this tab shows (a reload comes back to it)
SHELL_TAB_KEYS = frozenset({ACTIVE})


def plugins(package: str = PLUGINS_PACKAGE) -> list[GamePlugin]:
    """Every registered game, home first (then by `GamePlugin.order`, then name); found once
    a page (the registrations do not change while it lives)."""
    return list(_plugins(package))


@functools.cache
def _plugins(package: str) -> tuple[GamePlugin, ...]:
    found = [_plugin_of(importlib.import_module(f"{package}.{info.name}"))
             for info in pkgutil.iter_modules(importlib.import_module(package).__path__)]
    names = [p.name for p in found]
    if len(set(names)) != len(names):
        raise ValueError(f"two games registered one name: {sorted(names)}")
    return tuple(sorted(found, key=lambda p: (p.order, p.name)))


def _plugin_of(module: ModuleType) -> GamePlugin:
    plugin = getattr(module, "PLUGIN", None)
    if not isinstance(plugin, GamePlugin):
        raise TypeError(f"{module.__name__} registers no game (no PLUGIN = GamePlugin(...))")
    return plugin


def by_name(games: list[GamePlugin], name: str | None) -> GamePlugin | None:
    """The game of that name (or of a name an older build gave it)."""
    return next((p for p in games if p.name == name or name in p.aliases), None)


def tab_keys(games: list[GamePlugin]) -> frozenset[str]:
    """The records of one browser tab (sessionStorage): the shell's and every game's, under
    their names now and in older builds."""
    keys = set(SHELL_TAB_KEYS)
    for p in games:
        tab = p.tab_keys | SHELL_TAB_KEYS
        keys |= p.tab_keys | {old for old, new in p.moved.items() if new in tab}
    return frozenset(keys)


def moves(games: list[GamePlugin]) -> dict[str, str]:
    """Every key an older build kept, and where it lives now."""
    out: dict[str, str] = {}
    for p in games:
        out.update(p.moved)
    return out


def dropped(games: list[GamePlugin]) -> frozenset[str]:
    """Every cache an older build kept that this one no longer reads."""
    return frozenset(key for p in games for key in p.dropped)
