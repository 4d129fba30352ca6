"""The host: hands the page to the game a player chooses (`open_game`), and back to the home
game (`back`). Every game, the home one too, has an entry module (`registry.GamePlugin.entry`):
``start(root, storage, back)`` the first time it takes the page, ``show(note)`` the next times,
``showing()`` while it has it. A game leaves the page by calling ``back(note)`` (to the home
game) or by opening another (`open_game`), and leaves it alone until shown again.

A game fetched on demand (`registry.GamePlugin.archive`) has its code unpacked first
(`window.siLoadArchive`, in pyodide-boot.mjs; precached by the service worker, so offline
too), with a loading screen meanwhile -- or, when a reload comes back to a game whose picture
first-paint.js painted, that picture, inert, while the game's code loads. The home game's
`show(note, screen)` shows its start screen, the app's, saying why another game could not be
loaded (`note`), or a shell screen over it (`screen`). The tab's ``games/active-game`` names
the game on screen (each game sets it), so that a reload comes back to it (`boot`); the
picture a reload paints first is that game's (`first_paint_browser`, told which game is on
screen by `on_screen`). The words' language (`i18n`): the one chosen in Settings, else the
device's (``navigator.languages``); its catalogue, when not English, fetched before the first
game takes the page (`fetch_catalogue`), a fetched game's part of it with the game's code
(`load`), and what a language lacks at a switch in Settings, after which the game on screen
draws again (its ``rerender``, else its ``render``) and ``<html lang>`` follows. Browser glue
(PyScript).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any, Protocol

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window

from . import first_paint_browser, i18n, migrate, registry, settings
from .browser_storage import LocalStorage
from .i18n import N_, _
from .markup import escape

state: dict[str, Any] = {"modules": {}, "loading": None, "proxies": [], "storage": None}


class Back(Protocol):
    """How a game hands the page back to the home game: to its start screen, with a note when
    there is something to say (why the game did not load), or to one of the shell's screens
    shown there (`your_games.SCREEN`: "Your games")."""

    def __call__(self, note: str | None = None, screen: str | None = None) -> None: ...


def on_screen() -> str:
    """The game on screen (or loading): another game while it has the page, else the home
    game."""
    if state["loading"] is not None:
        return str(state["loading"])
    shown = [name for name, m in state["modules"].items() if m.showing()]
    return shown[0] if shown else registry.plugins()[0].name


def painted(name: str) -> bool:
    """Does the page still show the picture of `name` that first-paint.js painted (a reload
    that comes back to that game)?"""
    html = document.documentElement
    return html.hasAttribute("data-waiting") and str(
        document.getElementById("app").getAttribute("data-painted-game")) == name


def wanted(storage: Any) -> str | None:
    """The game this tab showed when the page was left, if not the home one."""
    plugin = registry.by_name(registry.plugins(), storage.get(registry.ACTIVE))
    return plugin.name if plugin is not None and not plugin.home else None


def back(note: str | None = None, screen: str | None = None) -> None:
    """A game hands the page back (`Back`): the home game's start screen (saying `note`, if
    any), or the shell's `screen` shown there."""
    home = registry.plugins()[0]
    module: ModuleType | None = state["modules"].get(home.name)
    if module is None:
        module = take(home)
        if note is None and screen is None:
            return
    module.show(note, screen)


def open_game(name: str) -> None:
    """Show the game `name`, loading its code first if this page has not yet."""
    plugin = registry.by_name(registry.plugins(), name)
    if plugin is None:
        back(None)
        return
    module: ModuleType | None = state["modules"].get(plugin.name)
    if module is not None:
        module.show(None)
    elif state["loading"] is None:
        load(plugin)


def take(plugin: registry.GamePlugin) -> ModuleType:
    """Import the game's entry module and hand it the page."""
    module = importlib.import_module(plugin.entry)
    state["modules"][plugin.name] = module
    root = document.getElementById("app")
    root.removeAttribute("inert")  # its first render replaces any picture: live, focusable
    module.start(root, state["storage"], back)
    return module


def load(plugin: registry.GamePlugin) -> None:
    """Unpack a game's archive and fetch its words in the language shown (`i18n.add` of its
    part, at the same time; a loading screen meanwhile), then hand it the page."""
    if plugin.archive is None:
        take(plugin)
        return
    state["loading"] = plugin.name
    # the next start paints no other game's screen before this one (a picture of this game
    # stays: still its last screen); this game keeps its own once it renders
    first_paint_browser.now()
    document.body.dataset.appScreen = "game-loading"
    title = escape(plugin.title)
    root = document.getElementById("app")
    if painted(plugin.name):  # its last screen, painted before Python was ready: it stays, inert
        root.setAttribute("inert", "")
    else:
        loading = _("Loading {game}…").format(game=title)
        root.innerHTML = (
            f'<section class="screen" data-screen="game-loading"><h1>{title}</h1>'
            f'<p role="status">{loading}</p></section>'
        )
    lang = i18n.language()
    i18n.need(plugin.name)
    pending = {"code"} | ({"words"} if i18n.missing(lang) else set())

    def settle(what: str) -> None:
        pending.discard(what)
        if not pending and state["loading"] == plugin.name:
            state["loading"] = None
            take(plugin)

    def words(data: bytes) -> None:
        try:
            i18n.add(lang, data, plugin.name)
        except (KeyError, ValueError) as error:  # its words stay in English
            window.console.warn(f"The {lang} words of {plugin.title} could not be read: {error}")
        settle("words")

    def no_words(error: str) -> None:
        window.console.warn(f"The {lang} words of {plugin.title} could not be fetched: {error}")
        settle("words")

    def done(_: Any = None) -> None:
        settle("code")

    def failed(error: Any = None) -> None:
        state["loading"] = None
        window.console.warn(f"{plugin.title} did not load: {error}")
        state["storage"].remove(registry.ACTIVE)
        back(_("{game} could not be loaded. Check the connection and try again.").format(
            game=plugin.title))

    if "words" in pending:
        fetch_bytes(i18n.catalogue_path(lang, plugin.name), words, no_words)
    proxies = [create_proxy(done), create_proxy(failed)]
    state["proxies"] = [*state["proxies"], *proxies]
    window.siLoadArchive(f"./{plugin.archive}").then(proxies[0], proxies[1])


def fetch_bytes(path: str, got: Callable[[bytes], None], failed: Callable[[str], None]) -> None:
    """Fetch a file of the site (`path`, relative to the page): `got(its bytes)`, or
    `failed(why)` when it cannot be fetched."""

    def body(response: Any) -> Any:
        if not response.ok:
            return window.Promise.reject(f"HTTP {response.status}")
        return response.arrayBuffer()

    proxies = [create_proxy(body), create_proxy(lambda b: got(bytes(b.to_bytes()))),
               create_proxy(lambda e: failed(str(e)))]
    state["proxies"] = [*state["proxies"], *proxies]
    window.fetch(f"./{path}").then(proxies[0]).then(proxies[1], proxies[2])


def fetch_catalogue(lang: str, then: Any = None) -> None:
    """Fetch what `lang` lacks (`i18n.missing`: its catalogue, its parts for the games on the
    page), one file after the other, and switch to it; then call `then`. The words stay as
    they were if its catalogue cannot be fetched or read (a game's part that cannot: that
    game's words stay in English)."""
    wanted = i18n.missing(lang)

    def finish(switch: bool) -> None:
        if switch:
            i18n.install(lang)
        if then is not None:
            then()

    def step() -> None:
        if not wanted:
            finish(True)
            return
        game = wanted.pop(0)

        def got(data: bytes) -> None:
            try:
                i18n.add(lang, data, game)
            except (KeyError, ValueError) as error:
                window.console.warn(f"The {lang} words could not be read: {error}")
                if game is None:
                    finish(False)
                    return
            step()

        def failed(error: str) -> None:
            window.console.warn(f"The {lang} words could not be fetched: {error}")
            if game is None:
                finish(False)
            else:
                step()

        fetch_bytes(i18n.catalogue_path(lang, game), got, failed)

    step()


# The page's own words outside any game (index.html writes them in English): the update
# banner (sw-register.js shows it).
PAGE_WORDS = (("#update > span", N_("Update available")), ("#update-reload", N_("Reload")))


def page_words() -> None:
    """The page's own words (`PAGE_WORDS`) in the current language."""
    for selector, words in PAGE_WORDS:
        node = document.querySelector(selector)
        if node is not None:
            node.textContent = i18n._(words)


def language_changed(lang: str) -> None:
    """The words switched: ``<html lang>``, the page's own words, and the game on screen draws
    again (soon: not in the middle of the tap that chose it)."""
    document.documentElement.lang = "en" if lang == i18n.PSEUDO else lang
    page_words()
    module: ModuleType | None = state["modules"].get(on_screen())
    if module is None:
        return
    again = getattr(module, "rerender", None) or getattr(module, "render", None)
    if again is not None:
        window.setTimeout(create_once_callable(again), 0)


def device_languages() -> list[str]:
    """``navigator.languages`` (best first; ``navigator.language`` when there is no list)."""
    nav = window.navigator
    found = getattr(nav, "languages", None)
    if found is not None and found.length:
        return [str(tag) for tag in found]
    one = getattr(nav, "language", None)
    return [str(one)] if one else []


def boot() -> None:
    """The page starts: records an older build kept move to where this one keeps them, and
    its caches that this one no longer reads go (`migrate`, and `settings.migrate` for a
    game's older settings record); then the game this tab showed takes the page (`wanted`;
    else the home game), and the page is live (first-paint.js lets the picture go once
    Python's screen replaced it)."""
    window.performance.mark("shell-boot")  # bench/startup.py reads these marks
    games = registry.plugins()
    storage = LocalStorage()
    state["storage"] = storage
    left = migrate.migrate(storage, registry.moves(games))
    left += settings.migrate(storage, games)  # a game's older settings record, into the device's
    migrate.drop(storage, registry.dropped(games))
    if left:
        window.console.warn(f"Storage is full: {len(left)} older records stay where they were")
    window.performance.mark("shell-migrated")
    i18n.set_fetcher(fetch_catalogue)
    i18n.on_change(language_changed)
    lang = i18n.resolve(settings.read(storage, games).language, device_languages())
    if i18n.has(lang):
        start(games, storage)
    else:
        fetch_catalogue(lang, lambda: start(games, storage))


def start(games: list[registry.GamePlugin], storage: Any) -> None:
    """The game this tab showed takes the page, in the chosen language (`boot`)."""
    page_words()
    first_paint_browser.watch(on_screen)
    first = registry.by_name(games, wanted(storage)) or games[0]
    if first.home:
        take(first)
    else:
        load(first)
    window.performance.mark("home-started")
    document.body.dataset.ready = "1"
