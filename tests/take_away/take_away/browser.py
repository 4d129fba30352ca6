"""Take Away in the page: what the shell's host calls (`start`, `show`, `showing`), events,
its records (``take-away/save``, ``take-away/summary``, its kept games, its coach's) and
files. Browser glue (PyScript); it stands on the shell alone."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document

from game_kit.errors import IllegalAction, MalformedInput
from game_shell import files_browser, registry
from game_shell.coach import ACTS
from game_shell.files import Outgoing, Rejected, file_name, read_game_file
from game_shell.kept_games import KeptGames
from game_shell.storage import StorageFull

from . import Game, Options, Take, screens
from . import coach as tips

NAME, TITLE = "take-away", "Take Away"
SAVE, SUMMARY = f"{NAME}/save", f"{NAME}/summary"
state: dict[str, Any] = {"root": None, "storage": None, "back": None, "game": None,
                         "showing": False, "message": None, "proxies": [], "coach": None}


def new_game() -> Game:
    return Game(Options(stones=15, names=("Ann", "Ben")))


def showing() -> bool:
    return bool(state["showing"])


def start(root: Any, storage: Any, back: Callable[[str | None], None]) -> None:
    state.update(root=root, storage=storage, back=back, coach=tips.coach(storage))
    state["proxies"] = [create_proxy(on_click), create_proxy(on_change)]
    root.addEventListener("click", state["proxies"][0])
    root.addEventListener("change", state["proxies"][1])
    show()


def show(note: str | None = None) -> None:
    """Chosen again (`note` is for the home game's start screen only)."""
    storage = state["storage"]
    raw = storage.get(SAVE)
    try:
        state["game"] = Game.from_json(raw) if raw else new_game()
    except MalformedInput:
        state["game"] = new_game()
        state["message"] = "The saved game could not be read: a new one starts."
    state["showing"] = True
    storage.set(registry.ACTIVE, NAME)
    render()


def render() -> None:
    game: Game = state["game"]
    part = tips.part(state["coach"], game)
    state["root"].innerHTML = screens.render(game, state["message"], part)
    document.body.dataset.appScreen = "ta-over" if game.over else "ta-game"


def save() -> None:
    game: Game = state["game"]
    storage = state["storage"]
    try:
        storage.set(SAVE, game.to_json())
        if game.over:
            storage.remove(SUMMARY)
            KeptGames(storage, NAME, TITLE).add(game.summary(int(time.time() * 1000)))
        else:
            storage.set(SUMMARY, f"{game.names[0]} and {game.names[1]}: {game.heap} stones left")
    except StorageFull:
        state["message"] = "This device's storage is full: the move could not be saved."


def new(guided: bool) -> None:
    """A new game on the table: the guided one, or any other (then no more tips)."""
    coach = state["coach"]
    if guided:
        coach.started(tips.GUIDED)
    elif coach.active(tips.GUIDED):
        coach.skip()
    state["game"] = new_game()
    save()


def tap(act: str, data: dict[str, str]) -> None:
    if not state["showing"]:
        return
    state["message"] = None
    game: Game = state["game"]
    if act == "ta-take":
        try:
            game.play(Take(int(data.get("n", "0"))))
        except (IllegalAction, ValueError):
            state["message"] = "That many stones cannot be taken."
        save()
    elif act == "ta-new":
        new(guided=False)
    elif act == "coach-start":
        new(guided=True)
    elif act in ACTS:  # Got it, Skip the tips, No thanks
        state["coach"].handle(act, data)
    elif act == "ta-export":
        files_browser.send(Outgoing(file_name(NAME, list(game.names), game.over,
                                              int(time.time() * 1000)), game.to_json()))
    elif act == "ta-import-file":
        state["message"] = imported(data)
    elif act == "ta-menu":
        state["showing"] = False
        state["storage"].remove(registry.ACTIVE)
        state["back"](None)
        return
    render()


def imported(data: dict[str, str]) -> str:
    """A chosen file, checked as hostile input: a finished game goes to "Your games"."""
    text = data.get("text", "")
    f = read_game_file(data.get("name", ""), int(data.get("size", "0")), text, TITLE)
    if isinstance(f, Rejected):
        return f.message
    other = f.other_game(registry.plugins())
    if other is not None:
        return other.message
    try:
        game = Game.from_json(text)
    except MalformedInput as exc:
        return f"This file is not a readable Take Away game ({exc})."
    if not game.over:
        if state["coach"].active(tips.GUIDED):  # another game on the table: no more tips
            state["coach"].skip()
        state["game"] = game
        save()
        return "The game was imported: play on."
    now = int(time.time() * 1000)  # the file keeps no date: the import's
    kept = KeptGames(state["storage"], NAME, TITLE).add(game.summary(now), again=True)
    if not kept:
        return "This game is already in your games."
    return "The game was imported into your games."


def on_click(event: Any) -> None:
    el = event.target.closest("[data-act]")
    if files_browser.missing(el) or not state["showing"]:
        return
    act = str(el.getAttribute("data-act"))
    tap(act, {key: str(el.getAttribute(f"data-{key}") or "") for key in ("n", "tip")})


def on_change(event: Any) -> None:
    el = event.target
    chosen = str(el.getAttribute("data-change") or "") == "ta-import" and el.files.length
    if state["showing"] and chosen:
        files_browser.read_file(el.files.item(0), tap, act="ta-import-file")
