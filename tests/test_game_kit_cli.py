"""The game kit's command line (`game_kit.cli`): the parser with the shared subcommands, random
play, the simulation and its report, the replay of a saved file. Played on a tiny game of the
tests' own (`tests/take_away`); both engines' command lines stand on it (their own tests:
tests/test_save.py, tests/ember/test_ember_save.py)."""

from __future__ import annotations

import argparse
import builtins
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game_kit import cli
from take_away import Game, Options


def random_game(seed: int) -> Game:
    return cli.play_randomly(Game(Options(5 + seed % 7)), seed)


def test_random_play_ends_the_game_and_repeats_by_seed() -> None:
    g = random_game(3)
    assert g.phase == "over" and g.winners()
    assert random_game(3).actions == g.actions
    assert {tuple(random_game(s).actions) for s in range(20)} != {tuple(g.actions)}


def test_the_simulation_counts_every_game() -> None:
    seen: list[int] = []
    sim = cli.simulate(6, 10, 2, random_game, lambda g: seen.append(len(g.actions)))
    assert sim.games == 6 and sim.seeds == "10..15" and len(sim.times) == 6
    assert sim.lengths == seen == [len(random_game(s).actions) for s in range(10, 16)]
    assert sim.totals == [t for s in range(10, 16) for t in (r["total"] for r in
                                                            random_game(s).scores())]
    assert sim.ends == {"empty": 6} and sum(sim.wins) == 6


def test_a_shared_first_place_is_split_and_an_unknown_end_counted() -> None:
    class Tied:
        actions = [1, 2]
        end_reason = None

        def scores(self) -> list[dict[str, int]]:
            return [{"total": 3}, {"total": 3}, {"total": 1}]

        def winners(self) -> list[int]:
            return [0, 1]

    sim = cli.Simulation(2, 0, [0.0, 0.0, 0.0])
    sim.add(Tied(), 0.5)
    sim.add(Tied(), 0.25)
    assert sim.wins == [1.0, 1.0, 0.0] and sim.ends == {"?": 2}
    lines = sim.report("games: 2", length_note="; note", extra=["last"]).splitlines()
    assert lines == [
        "games: 2",
        "speed: 2.7 games/s  (median 375.00 ms/game)",
        "average score: 2.33  (max 3)",
        "average length: 2.0 actions; note",
        "end conditions: ? 2",
        "win rate by seat: seat 1 50.0%, seat 2 50.0%, seat 3 0.0%",
        "last",
    ]
    assert sim.speed(ms_digits=1, per_action=True) == (
        "speed: 2.7 games/s  (median 375.0 ms/game, 187500 us/action)"
    )


def test_replay_file_describes_a_saved_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(random_game(1).to_json(), encoding="utf-8")

    def describe(g: Game) -> Iterator[str]:
        yield f"phase: {g.phase}"
        yield f"winner: {g.winners()}"

    assert cli.replay_file(str(path), Game.from_json, describe) == (
        f"phase: over\nwinner: {random_game(1).winners()}"
    )
    with pytest.raises(OSError):
        cli.replay_file(str(tmp_path / "missing.json"), Game.from_json, describe)
    path.write_text("{}", encoding="utf-8")
    with pytest.raises(ValueError, match="not a Take Away save"):
        cli.replay_file(str(path), Game.from_json, describe)


def _simulate_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=0)


def _simulate(args: argparse.Namespace) -> Iterator[str]:
    sim = cli.simulate(args.games, args.seed, 2, random_game)
    yield sim.report(f"games: {args.games}  seeds: {sim.seeds}")


def _describe(path: str) -> str:
    return cli.replay_file(path, Game.from_json, lambda g: [f"phase: {g.phase}"])


def toy_main(argv: list[str], log: list[str] | None = None) -> int:
    def blocks(args: argparse.Namespace) -> Iterator[str]:
        for i in range(args.times):
            if log is not None:
                log.append(f"made {i}")
            yield f"block {i}"

    return cli.main(
        "python -m take_away",
        argv,
        simulate=cli.Command("random legal play, with statistics", _simulate_arguments,
                             _simulate),
        replay=_describe,
        commands={
            "echo": cli.Command("print blocks", lambda p: p.add_argument("--times", type=int,
                                                                          default=2), blocks),
        },
    )


def test_main_runs_simulate_with_the_shared_and_the_games_flags(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert toy_main(["simulate", "--games", "3", "--seed", "4"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "games: 3  seeds: 4..6" and out[1].startswith("speed: ")
    assert toy_main(["simulate"]) == 0
    assert capsys.readouterr().out.startswith("games: 100  seeds: 0..99\n")


def test_main_replays_a_file_or_says_why_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(random_game(2).to_json(), encoding="utf-8")
    assert toy_main(["replay", str(path)]) == 0
    assert capsys.readouterr() == ("phase: over\n", "")
    path.write_text("[]", encoding="utf-8")
    assert toy_main(["replay", str(path)]) == 1
    assert capsys.readouterr() == (
        "", "error: this is not a Take Away save (no format field)\n"
    )
    assert toy_main(["replay", str(tmp_path / "missing.json")]) == 1
    err = capsys.readouterr().err  # (Errno 2 here, 44 under Pyodide)
    assert err.startswith("error: [Errno ") and "No such file or directory" in err


def test_main_prints_each_block_of_a_games_command_as_it_comes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    log: list[str] = []
    real_print = builtins.print

    def spy(*args: Any, **kwargs: Any) -> None:
        log.append("printed")
        real_print(*args, **kwargs)

    monkeypatch.setattr(builtins, "print", spy)
    assert toy_main(["echo", "--times", "2"], log) == 0
    monkeypatch.undo()
    assert log == ["made 0", "printed", "made 1", "printed"]
    assert capsys.readouterr().out == "block 0\nblock 1\n"


def test_main_parser_lists_the_subcommands_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        toy_main(["--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: python -m take_away [-h] {simulate,replay,echo} ...")
    assert "random legal play, with statistics" in out and "print the scores of a saved game" in out
    with pytest.raises(SystemExit) as e:
        toy_main([])
    assert e.value.code == 2
    assert "the following arguments are required: command" in capsys.readouterr().err
