"""Issue 30, the pseudo-language check: with every translated string wrapped in ⟦ ⟧ (and ~30 %
longer: `game_shell.i18n.Pseudo`), whole games of Small Islands are played through the UI code
(as tests/test_web_words.py plays them) and every screen they show is read as a player reads
it (text nodes, aria-label, title, alt, placeholder). What is left once the marked strings are
taken out must be numbers, punctuation or a name in `ALLOWED`: anything else is a word the
catalogue does not have.

`TRANSLATED` lists Small Islands' screens, each of which must show only marked words (every
screen the games show is in it); Ember Isle's whole games are read the same way, every screen
they show listed in `EMBER_TRANSLATED`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator

import pytest
from i18n_helpers import language
from scale import DEEP
from test_web_words import Visible
from web_driver import choose, data_of, tappables

import ember_isle as ei
from ei_web.app import EmberApp
from ember_web_driver import play_action, tap
from game_shell.i18n import CLOSE, OPEN
from game_shell.storage import MemoryStorage
from si_web.app import App
from si_web.form import COMPUTER_NAMES

# Proper names and what is the same in every language: the players' names the games use (and
# "You", a newcomer's name in the form: data, kept as typed in the save), the games' titles, the
# languages' own names (Settings), Alexis (solo mode's opponent).
ALLOWED = frozenset({"Ann", "Bob", "Cy", "Di", "Cleo", "Dev", "You", "Small Islands", "Ember Isle",
                     "English", "Français", "Alexis", *COMPUTER_NAMES})
_MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
_PLAIN = re.compile(r"[\s\d☠.,:;!?%+\-−–—×≤≥±·/()\[\]#•…'’\"“”«»→←↑↓★☆✓✔✕✗⟲⟳↺↻▲▼◀▶]*")

# Screens whose words are all marked (name: the app's screen; the game screen by its phase).
TRANSLATED = frozenset({"settings", "start", "pass", "rules", "stats", "history", "explorer",
                        "import", "game:setup", "game:preparation", "game:exploration",
                        "game:reward", "watch", "over", "replay"})


INLINE = frozenset({"span", "b", "strong", "i", "em", "small", "abbr", "kbd"})


class Shown(Visible):
    """What a player reads (`Visible`), without the values of <option>s (never shown); a
    sentence with inline markup in it (a name in a <span>) read as one, and so is a sentence
    with a picture in it (a tile's thumbnail in a log line: a ``<span role="img">``, its name
    read apart)."""

    joining = False
    picture: int | None = None  # in a picture: the index of the sentence around it

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.picture is None and tag == "span" and ("role", "img") in attrs:
            self.picture = len(self.out) - 1 if self.joining and self.out else -1
        before = len(self.out)
        super().handle_starttag(tag, [(k, v) for k, v in attrs if tag != "option" or k != "value"])
        self.joining = self.joining and tag in INLINE and len(self.out) == before

    def handle_endtag(self, tag: str) -> None:
        super().handle_endtag(tag)
        if self.picture is not None and tag == "span":
            held, self.picture = self.picture, None
            if held >= 0:  # the sentence goes on after the picture: its chunk last again
                self.out.append(self.out.pop(held))
                self.joining = True
                return
        self.joining = self.joining and tag in INLINE

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        if self.joining and self.out:
            self.out[-1] += data
        else:
            self.out.append(data)
        self.joining = True


def unmarked(html: str) -> list[str]:
    """What a player reads on `html` that is not a marked string, a number or an allowed name."""
    shown = Shown()
    shown.feed(html)
    left = []
    for chunk in shown.out:
        text = chunk
        while _MARKED.search(text):  # innermost first: a marked string inside another
            text = _MARKED.sub(" ", text)
        for name in ALLOWED:
            text = text.replace(name, " ")
        if not _PLAIN.fullmatch(text):
            left.append(chunk.strip())
    return left


def screen_of(app: App) -> str:
    return f"game:{app.game.phase}" if app.screen == "game" and app.game else app.screen


def new_game(names: tuple[str, ...], solo: bool = False, **fields: str) -> App:
    app = App(MemoryStorage())
    if solo:  # the form's solo switch, then its level
        app.handle("form-solo", {"solo": "1"}, {})
        app.handle("new", {}, {"name-0": names[0], "solo-level": "3", **fields})
        assert app.game is not None and app.game.options.solo, "not a solo game"
        return app
    for _ in range(len(names) - 2):
        app.handle("add-seat")
    app.handle("new", {}, {**{f"name-{i}": n for i, n in enumerate(names)},
                           **{f"kind-{i}": "human" for i in range(len(names))}, **fields})
    return app


def screens(seed: int) -> Iterator[tuple[str, str]]:
    """(screen, its HTML) of the start screen, the menus' screens and every screen of whole
    games played by random taps: two players in advanced mode, solo against Alexis, and
    (`make test-deep`) four players; after each, the screens of its kept game
    (`kept_screens`)."""
    fresh = App(MemoryStorage())
    yield screen_of(fresh), fresh.render()
    for act in ("settings", "rules", "stats", "history"):
        fresh.go("start")
        fresh.handle(act)
        yield screen_of(fresh), fresh.render()
    rng = random.Random(seed)
    games = [new_game(("Ann", "Bob"), mode="advanced"),
             new_game(("Ann",), solo=True, **{"alexis-decides": "alexis"}),
             new_game(("Ann",), solo=True, **{"alexis-decides": "me"})]  # Alexis's choices too
    if DEEP:
        games.append(new_game(("Ann", "Bob", "Cy", "Di")))
    for app in games:
        for step in range(6000):
            html = app.render()
            yield screen_of(app), html
            if step == 40 and app.screen == "game":  # the menu over a game in progress
                app.handle("menu")
                yield screen_of(app), app.render()
                app.handle("continue")
            g = app.game
            if g is not None and g.phase == "over":
                break
            req = app.auto.request()
            if req is not None:
                if req["kind"] == "alexis":
                    app.auto.alexis_step(req["token"])
                else:
                    app.auto.fallback(req["token"])
                continue
            item = choose(tappables(html), rng)
            assert item is not None, app.screen
            app.handle(item["data-act"], data_of(item), {})
        yield from kept_screens(app)


def kept_screens(app: App) -> Iterator[tuple[str, str]]:
    """After a finished game: Your games with it kept (its export and delete questions, a
    refused file), Statistics, Great Explorer, its replay (start, a step, the end) and its
    file imported again (the import screen)."""
    gid = app.kept.history.games[-1]["id"]
    text = app.kept.history.save_text(gid)
    assert text is not None
    visits: list[tuple[str, dict[str, str]]] = [
        ("menu", {}), ("history", {}), ("export", {"id": gid}), ("export-cancel", {}),
        ("delete", {"id": gid}), ("delete-cancel", {}), ("stats", {}), ("menu", {}),
        ("explorer", {}), ("back", {}), ("history", {}), ("replay", {"id": gid}),
        ("step", {"to": "next"}), ("step", {"to": "last"}), ("close", {}),
    ]
    for act, data in visits:
        app.handle(act, data, {})
        yield screen_of(app), app.render()
    app.handle("import-file", {"name": "broken.json", "size": "5", "text": "{oops"}, {})
    yield screen_of(app), app.render()
    app.handle("import-file", {"name": "game.json", "size": str(len(text)), "text": text}, {})
    yield screen_of(app), app.render()
    app.handle("import-cancel", {}, {})


def inventory(seed: int = 3) -> dict[str, set[str]]:
    """{screen: its unmarked words} over `screens` in the pseudo language."""
    found: dict[str, set[str]] = {}
    with language("qps"):
        for name, html in screens(seed):
            found.setdefault(name, set()).update(unmarked(html))
    return found


@pytest.fixture(scope="module")
def seen() -> dict[str, set[str]]:
    return inventory()


def test_the_check_finds_unmarked_words() -> None:
    assert unmarked(f"<p>{OPEN}Ann places{CLOSE} 3</p><p>Ann</p>") == []
    assert unmarked(f'<p aria-label="Close">{OPEN}x{CLOSE}</p>') == ["Close"]
    assert unmarked(f"<p>{OPEN}Round {OPEN}two{CLOSE}{CLOSE} of four</p>") == [
        f"{OPEN}Round {OPEN}two{CLOSE}{CLOSE} of four"]
    assert unmarked(f'<h1>{OPEN}Pass to <span class="n">Ann</span>{CLOSE}</h1><p>Hi</p>') == ["Hi"]
    thumb = '<span class="thumb" role="img" aria-label="{}"><svg><path d=""/></svg></span>'
    assert unmarked(f"<li><b>Ann</b> {OPEN}took {thumb.format(OPEN + 'a tile' + CLOSE)} "
                    f"from the river{CLOSE}</li>") == []
    assert unmarked(f"<li>{OPEN}took {thumb.format('a tile')} here{CLOSE}</li>") == ["a tile"]


@pytest.mark.parametrize("name", sorted(TRANSLATED))
def test_a_translated_screen_shows_only_marked_words(seen: dict[str, set[str]], name: str) -> None:
    assert name in seen, f"the games never showed {name}"
    assert not seen[name], f"{name}: words not in the catalogue: {sorted(seen[name])[:20]}"


def test_every_screen_of_small_islands_is_translated(seen: dict[str, set[str]]) -> None:
    """Every screen the games showed is in `TRANSLATED` (a new screen joins the check)."""
    assert set(seen) <= TRANSLATED, sorted(set(seen) - TRANSLATED)


# ------------------------------------------------------------------ Ember Isle
# Whole games of Ember Isle played through `EmberApp` by the taps a person makes (the Ember UI
# tests' driver), every screen read as above. Its screens by name: "start", "rules", "settings",
# "pass", "over" and the game table by its stage ("game:triads", "game:turn", "game:offer"...).

EMBER_TRANSLATED = frozenset({"start", "rules", "settings", "pass", "over", "game:triads",
                              "game:objects", "game:seed", "game:turn", "game:move", "game:amulet",
                              "game:lava", "game:offer", "game:ward"})


def ember_screen(app: EmberApp) -> str:
    if app.screen == "game" and app.game is not None:
        return f"game:{app.game.stage}"
    return app.screen


def ember_games(seed: int) -> Iterator[tuple[str, str]]:
    """(screen, its HTML) of Ember Isle's menus and of whole games: two people passing the
    device on an island where the players place the objects (the coach on), one person against
    two computers; every screen each tap draws, the menu and the rules opened mid-game."""
    rng = random.Random(seed)
    fresh = EmberApp(MemoryStorage())
    yield ember_screen(fresh), fresh.render()
    for act in ("ei-rules", "ei-settings"):
        fresh.handle(act, {}, {})
        yield ember_screen(fresh), fresh.render()
        fresh.go("start")
    for kinds, objects in ((["human", "human"], "players"), (["human", "easy", "medium"], "usual")):
        app = EmberApp(MemoryStorage())
        shown: list[tuple[str, str]] = []
        draw = app.render

        def recorded(app: EmberApp = app, draw: Callable[[], str] = draw,
                     shown: list[tuple[str, str]] = shown) -> str:
            html = draw()
            shown.append((ember_screen(app), html))
            return html

        app.render = recorded  # type: ignore[method-assign]
        while len(app.form["names"]) < len(kinds):
            app.handle("ei-add-seat", {}, {})
        fields = {f"ei-kind-{i}": k for i, k in enumerate(kinds)}
        app.handle("ei-new", {}, {**fields, "ei-objects": objects, "ei-seed-number": str(seed)})
        assert app.game is not None, app.form_error
        app.handle("ei-new", {}, {})  # a game in progress: the question before a new one
        app.render()
        app.handle("ei-new-cancel", {}, {})
        ember_play(app, rng)
        app.render()  # the end screen
        for act in ("ei-menu", "ei-rules"):
            app.handle(act, {}, {})
            app.render()
        yield from shown


def ember_play(app: EmberApp, rng: random.Random, limit: int = 3000) -> None:
    """`ember_web_driver.play_out`, with a hint asked for and the menu opened now and then."""
    assert app.game is not None
    for step in range(limit):
        if app.game.phase == "over":
            return
        if app.screen == "pass":
            tap(app, "ei-unlock")
            continue
        if app.auto.bot_seat() is not None:
            assert app.auto.local(app.auto.token)
            continue
        if step % 37 == 5 and app.game.stage == "turn":
            app.handle("ei-hint", {}, {})
            app.auto.hint_locally(app.auto.token)
            app.render()
            app.handle("ei-cancel", {}, {})  # the suggestion's choices let go of
            app.handle("ei-sheet", {"sheet": "hint"}, {})  # its sheet closed
        legal = app.legal()
        assert legal, app.game.stage
        clues = [a for a in legal if isinstance(a, ei.PlayClue)]
        claims = [a for a in legal if a.type == "claim"]
        play_action(app, rng.choice(claims or (clues if rng.random() < 0.6 else []) or legal))
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def ember_seen() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    with language("qps"):
        for name, html in ember_games(3):
            found.setdefault(name, set()).update(unmarked(html))
    return found


@pytest.mark.parametrize("name", sorted(EMBER_TRANSLATED))
def test_an_ember_isle_translated_screen_shows_only_marked_words(
        ember_seen: dict[str, set[str]], name: str) -> None:
    assert name in ember_seen, f"the games never showed {name}"
    left = sorted(ember_seen[name])[:20]
    assert not ember_seen[name], f"{name}: words not in the catalogue: {left}"


UNREADABLE_SAVES = ("{oops", '{"format": "small-islands/7", "options": {}, "actions": []}',
                    '{"something": "else"}',
                    '{"format": "small-islands/1", "options": {"seats": ["A", "B"], "seed": 1},'
                    ' "actions": [{"type": "start_layout", "placements": [[{"a": 1}, 5, 5, 0]]}]}')


@pytest.mark.parametrize("raw", UNREADABLE_SAVES, ids=range(len(UNREADABLE_SAVES)))
def test_the_unreadable_save_screen_is_translated(raw: str) -> None:
    """Small Islands' "cannot be loaded" screen (every reason), and its download's name."""
    from si_web.app import SAVE_KEY
    with language("qps"):
        app = App(MemoryStorage({SAVE_KEY: raw}))
        assert app.screen == "broken"
        html = app.render()
        assert not unmarked(html), unmarked(html)
    with language("fr"):
        html = App(MemoryStorage({SAVE_KEY: raw})).render()
        assert "Download" not in html and "Start fresh" not in html
        assert 'download="small-islands-' in html and "save.json" not in html


def test_the_new_game_forms_problems_are_translated() -> None:
    from si_web import words
    with language("qps"):
        for names in ((" ", "B"), ("x" * 41, "B"), ("A", "B")):
            problem = words.form_problem(ValueError("two seats share colours"), names)
            assert not unmarked(f"<p>{problem}</p>"), problem
