"""The shell's statistics (`game_shell.stats`) over every game's finished games, handed over
by each registration (`GamePlugin.finished`, `game_shell.finished`), and the frame of "Your
games" (`game_shell.your_games`): a mix of games, shared first places, computer seats, names
compared without case or spaces, hostile records skipped (never raised), Ember Isle's and a
third game's finished games counted through their registrations alone."""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from kept_helpers import HOSTILE_NAME, T0, finished
from test_ember_kept import finished_game

from game_shell import registry, stats, your_games
from game_shell.finished import Finished, Group, Seat, from_kept, record_of, valid
from game_shell.kept_games import KeptGames, index_format
from game_shell.storage import MemoryStorage, Storage
from si_web.app import App
from si_web.history import History
from small_islands import Options
from take_away import Game as TakeAwayGame
from take_away import Options as TakeAwayOptions
from take_away import Take

ROOT = Path(__file__).resolve().parents[1]


def plugin(name: str, order: int, reader: Any = None) -> registry.GamePlugin:
    return registry.GamePlugin(name=name, title=name.title(), order=order, entry=f"{name}.ui",
                               packages=(name,), archive=f"{name}.zip", finished=reader)


def person(name: str, rank: int, score: int) -> Seat:
    return Seat(name, True, rank, score)


def computer(level: str, rank: int, score: int, order: int = 0, name: str = "Bot") -> Seat:
    return Seat(name, False, rank, score, level=level, level_order=order)


def game(at: int, *seats: Seat, groups: Sequence[Group] = ()) -> Finished:
    return Finished(at, tuple(seats), tuple(groups))


def test_a_mix_of_games_per_name_overall_per_game_and_per_grouping() -> None:
    cards = plugin("cards", 1)
    dice = plugin("dice", 2)
    games = [
        (cards, [
            game(1, person("Ann", 1, 30), computer("Computer: hard", 2, 20, 2),
                 groups=[Group("mode", "Long", 1)]),
            game(3, person(" ann ", 2, 10), person("Bob", 1, 40),
                 groups=[Group("mode", "Short", 0)]),
            game(5, person("ANN", 1, 50), computer("Computer: easy", 2, 5, 0),
                 groups=[Group("mode", "Long", 1)]),
        ]),
        (dice, [game(2, person("Ann", 2, 3), person("Cy", 1, 6),
                     computer("Computer: easy", 3, 1))]),
    ]
    # the name as last written, most games first; compared without case or spaces
    assert stats.names(games) == [("ANN", 4), ("Bob", 1), ("Cy", 1)]
    p = stats.player_stats(games, "  aNN")
    assert (p.all.games, p.all.wins, p.best) == (4, 2, 50)
    assert list(p.games) == ["cards", "dice"]  # registry order
    c = p.games["cards"]
    assert (c.all.games, c.all.wins, c.all.best, c.all.average) == (3, 2, 50, 30.0)
    assert {k: (t.games, t.wins) for k, t in c.against.items()} == {
        "Computer: hard": (1, 1), "Other people": (1, 0), "Computer: easy": (1, 1)}
    assert {k: t.scores for k, t in c.groups["mode"].items()} == {"Long": [30, 50], "Short": [10]}
    d = p.games["dice"]
    assert {k: (t.games, t.wins) for k, t in d.against.items()} == {
        "Other people": (1, 0), "Computer: easy": (1, 0)}
    html = stats.stats_html(p)
    # over every game first (no score across games), then each game in registry order
    assert "Win rate by game" in html and "2 of 3 won (67%)" in html and "0 of 1 won (0%)" in html
    assert html.index("Cards") < html.index("Dice")
    # a game's charts: against, people first then the game's levels in its order; its groupings
    cards_html = html[html.index('data-stats-game="cards"'):html.index('data-stats-game="dice"')]
    assert (cards_html.index("Other people") < cards_html.index("Computer: easy")
            < cards_html.index("Computer: hard"))
    assert "Average score by mode" in cards_html
    assert cards_html.index(">Short<") < cards_html.index(">Long<")  # the groups' own order
    assert "40.0 over 2 games" in cards_html and "10.0 over 1 game<" in cards_html
    assert 'width="25.0"' in cards_html  # Short's average is a quarter of Long's


def test_a_shared_first_place_is_a_win_for_each_and_computers_are_no_players() -> None:
    toy = plugin("toy", 1)
    games = [(toy, [
        game(1, person("Ann", 1, 9), person("Bob", 1, 9),
             computer("Computer: easy", 3, 2, name="Ann")),
        game(2, person("Ann", 2, 4), computer("Computer: easy", 1, 8, name="Cy")),
    ])]
    # the computers named Ann and Cy are no players
    assert stats.names(games) == [("Ann", 2), ("Bob", 1)]
    ann, bob = stats.player_stats(games, "ann"), stats.player_stats(games, "bob")
    assert (ann.all.games, ann.all.wins, bob.all.wins) == (2, 1, 1)
    assert ann.games["toy"].against["Computer: easy"].games == 2
    assert stats.player_stats(games, "Cy").all.games == 0
    assert "No finished game of Cy" in stats.stats_html(stats.player_stats(games, "Cy"))


def test_hostile_records_and_a_failing_reader_are_skipped_not_raised() -> None:
    good = game(1, person("Ann", 1, 3), person("Bob", 2, 1))
    bad: list[Any] = [
        "not a record", None, {"at": 1},
        game(-1, person("Ann", 1, 3)),
        game(2**60, person("Ann", 1, 3)),
        game(1),  # no seats
        game(1, person("x" * 41, 1, 3)),
        game(1, person("   ", 1, 3)),
        game(1, person("Ann", 0, 3)),
        game(1, Seat("Ann", True, 1, True)),  # a score that is a bool
        game(1, Seat("Ann", True, 1, 10**9)),
        game(1, Seat("Ann", 1, 1, 3)),  # type: ignore[arg-type]
        game(1, computer("", 1, 3)),  # a computer without its level
        game(1, person("Ann", 1, 3), groups=[Group("mode", "")]),
        game(1, person("Ann", 1, 3), groups=[Group("mode", "x", -1)]),
        Finished(1, [person("Ann", 1, 3)]),  # type: ignore[arg-type]
        Finished("1", (person("Ann", 1, 3),)),  # type: ignore[arg-type]
    ]
    assert valid(good) and not any(valid(r) for r in bad)

    def broken(storage: Storage) -> list[Finished]:
        raise RecursionError("deeply nested")

    games = [plugin("good", 1, lambda s: [good, *bad]), plugin("failing", 2, broken),
             plugin("none", 3)]
    collected = stats.collect(games, MemoryStorage())
    assert [(p.name, records) for p, records in collected] == [("good", [good])]


def test_kept_summaries_are_read_as_records_and_a_hostile_index_gives_none() -> None:
    storage = MemoryStorage()
    kept = KeptGames(storage, "toy", "Toy")
    summary = {"id": "a1", "at": 5, "end": "last", "moves": 9, "seats": [
        {"name": "Ann", "colour": "blue", "kind": "human", "total": 7, "rank": 1},
        {"name": "Bot", "colour": "red", "kind": "hard", "total": 7, "rank": 1},
        {"name": "Bot", "colour": "red", "kind": "easy", "total": 2, "rank": 3}]}
    assert kept.add(summary)
    read = from_kept("toy", "Toy", levels=("easy", "hard"),
                     groups=lambda s: [Group("size", f"{len(s['seats'])} seats")])
    assert read(storage) == [record_of(summary, ("easy", "hard"),
                                       lambda s: [Group("size", "3 seats")])]
    (r,) = read(storage)
    assert [(s.person, s.level, s.level_order) for s in r.seats] == [
        (True, "", 0), (False, "Computer: hard", 1), (False, "Computer: easy", 0)]
    for hostile in ("{", "[" * 5000, json.dumps({"format": index_format("toy"), "games": [
            {**summary, "seats": [{**summary["seats"][0], "name": HOSTILE_NAME * 9}] * 2}],
            "forgotten": []})):
        storage.set("toy/history", hostile)
        assert read(storage) == []


def ember_app_storage() -> MemoryStorage:
    """A device where Ann finished a Small Islands game and an Ember Isle game."""
    storage = MemoryStorage()
    assert History(storage).add(finished(Options(seats=("Ann", "Bob"), seed=3), 1), T0).kept
    finished_game(storage)  # Ember Isle: Ann (a person) against an easy computer
    return storage


def test_ember_isles_finished_games_count_in_the_statistics() -> None:
    app = App(ember_app_storage())
    app.handle("history")
    app.handle("stats")
    html = app.render()
    assert "Ann · 2 games" in html and "Bob · 1 game" in html
    assert "Win rate by game" in html
    ember = html[html.index('data-stats-game="ember-isle"'):]
    assert "<h2 class=\"stats-game\">Ember Isle</h2>" in ember and "<dd>1</dd>" in ember
    assert "Computer: easy" in ember and "Average score by number of players" in ember
    assert "2 players" in ember
    app.handle("player", {"player": "BOB "})  # Bob played Small Islands only
    html = app.render()
    assert 'data-stats-game="small-islands"' in html and 'data-stats-game="ember-isle"' not in html
    assert "Win rate by game" not in html and "Average score by mode" in html


def take_away_summary(names: tuple[str, str], takes: Sequence[int], at: int) -> dict[str, Any]:
    g = TakeAwayGame(TakeAwayOptions(stones=sum(takes), names=names))
    for n in takes:
        g.play(Take(n))
    assert g.over
    return g.summary(at)


@pytest.fixture
def with_take_away(tmp_path: Path) -> Iterator[str]:
    """A registrations package as the build makes it with the third game beside the app's
    own (``tools/build.py --extra-game tests/take_away``)."""
    package = tmp_path / "plugins_with_take_away"
    shutil.copytree(ROOT / "web" / "game_plugins", package)
    shutil.copy(ROOT / "tests" / "take_away" / "registration.py", package / "take_away.py")
    sys.path.insert(0, str(tmp_path))
    try:
        yield package.name
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m.startswith(package.name)]:
            del sys.modules[name]


def test_a_third_game_counts_in_the_statistics_through_its_registration_alone(
    with_take_away: str,
) -> None:
    games = registry.plugins(with_take_away)
    assert [p.name for p in games] == ["small-islands", "ember-isle", "take-away"]
    storage = ember_app_storage()
    kept = KeptGames(storage, "take-away", "Take Away")
    assert kept.add(take_away_summary(("Ann", "Ben"), (3, 2, 1), T0 + 5))  # Ann takes the last
    assert kept.add(take_away_summary((" ann", "Ben"), (1, 1), 2 * T0))  # Ben does; the last game
    collected = stats.collect(games, storage)
    assert [p.name for p, _ in collected] == ["small-islands", "ember-isle", "take-away"]
    assert stats.names(collected)[0] == ("ann", 4)  # as last written, in any game
    p = stats.player_stats(collected, "Ann")
    assert list(p.games) == ["small-islands", "ember-isle", "take-away"]
    t = p.games["take-away"]
    assert (t.all.games, t.all.wins, t.against["Other people"].games) == (2, 1, 2)
    html = stats.page(collected, "ann")
    assert "<h2 class=\"stats-game\">Take Away</h2>" in html and "1 of 2 won (50%)" in html


def test_statistics_escape_names_and_labels() -> None:
    toy = plugin("toy", 1)
    games = [(toy, [game(1, person(HOSTILE_NAME, 1, 3), computer(HOSTILE_NAME, 2, 1),
                         groups=[Group(HOSTILE_NAME, HOSTILE_NAME)])])]
    html = stats.page(games, None)
    assert HOSTILE_NAME not in html and "&lt;img src=x onerror=alert(1)&gt;" in html


# --- "Your games": the frame -------------------------------------------------------------


def test_your_games_frames_one_section_per_game_in_registry_order() -> None:
    home, cards, dice = plugin("home", 0), plugin("cards", 1), plugin("dice", 2)
    storage = MemoryStorage()
    kept = {p.name: KeptGames(storage, p.name, p.title) for p in (cards, dice)}
    said: list[str] = []

    def own(empty: str) -> str:
        said.append(empty)
        return f'<section data-own="home">{empty}</section>'

    def page(n_home: int) -> str:
        return your_games.page([home, cards, dice], {"home": your_games.Own(n_home, own)}, kept,
                               str, back="Back", messages="<p>hi</p>", dialog="<div>q</div>")

    html = page(0)  # nothing kept anywhere: the home section says so, once
    assert html.count("No finished") == 1 and "No finished game is kept yet" in said[-1]
    assert html.index("Statistics") < html.index("Import a file") < html.index(">Back<")
    assert html.index("<p>hi</p>") < html.index('data-own="home"') < html.index("<div>q</div>")
    assert 'data-kept="' not in html
    dice_game = {"id": "d1", "at": T0, "end": "last", "moves": 3, "seats": [
        {"name": "Ann", "colour": "blue", "kind": "human", "total": 3, "rank": 1},
        {"name": "Bob", "colour": "red", "kind": "easy", "total": 1, "rank": 2}]}
    assert kept["dice"].add(dice_game)
    html = page(0)  # only another game keeps one: the home game says it keeps none of its own
    assert "No finished Home game is kept yet" in said[-1]
    assert html.index('data-own="home"') < html.index('data-kept="dice"')
    assert kept["cards"].add({**dice_game, "id": "c1"})
    html = page(3)
    assert said[-1] == "" and html.index('data-kept="cards"') < html.index('data-kept="dice"')
    # no game with a section of its own: the frame says when nothing is kept
    assert "No finished game is kept yet" in your_games.page([cards], {}, {}, str)


def test_the_history_screen_is_the_shells_frame_around_small_islands_own_section() -> None:
    app = App(ember_app_storage())
    app.handle("history")
    html = app.render()
    assert html.startswith('<section class="screen history" data-screen="history"><h1>Your games')
    assert html.index('class="card filters"') < html.index('data-kept="ember-isle"')


def test_ember_isles_start_screen_opens_your_games() -> None:
    """Its "Your games" button hands the page back to the home game, asking for the shell's
    screen (the browser module passes `leave_to` to `host.Back`)."""
    storage = MemoryStorage()
    app = finished_game(storage)
    app.handle("ei-menu", {}, {})
    assert 'data-act="ei-history"' in app.render()
    app.handle("ei-history", {}, {})
    assert app.leave and app.leave_to == your_games.SCREEN
    assert storage.get(registry.ACTIVE) is None  # a reload shows the home game, not Ember Isle
    app.left()
    assert not app.leave and app.leave_to is None
