"""The UI's pure parts on their own: worker bookkeeping, pan/zoom, choices, form, storage."""

from __future__ import annotations

import json
import math

import pytest

from game_shell.storage import MemoryStorage
from si_web import form, viewport
from si_web.choices import Choices, Hint
from si_web.computers import WorkerJobs, parse_hint, parse_move
from si_web.session import Session
from small_islands import Game, MalformedInput, Options


def test_worker_jobs_owe_each_answer_once_and_fail_once() -> None:
    jobs = WorkerJobs()
    a = jobs.submit("bot", "1:5", {"t0": 1.0, "level": "hard", "n_legal": 3})
    b = jobs.submit("hint", "1:5")
    assert a != b and set(jobs.pending) == {a, b}
    job = jobs.answered(a)
    assert job is not None and job.kind == "bot" and job.token == "1:5"
    assert jobs.answered(a) is None and jobs.answered("junk") is None
    jobs.timed(job, 9.0, 12.5)
    assert jobs.think == [{"t0": 1.0, "t1": 9.0, "level": "hard", "n_legal": 3, "ms": 12.5}]
    owed = jobs.fail("it crashed")
    assert owed is not None and [j.kind for j in owed] == ["hint"] and not jobs.pending
    assert jobs.fail("again") is None and jobs.failed == "it crashed"
    assert json.loads(jobs.stats())["failed"] == "it crashed"


def test_answers_are_validated_against_the_position() -> None:
    g = Game.new(Options(seats=("A", "B"), seed=3))
    ok = json.dumps({"action": g.legal_actions()[0].to_json(), "reason": "x" * 999})
    assert parse_move(ok, g) == g.legal_actions()[0]
    for bad in ("", "[", "{}", '{"action": {"type": "take_tile", "slot": 0}}', "[" * 9999):
        assert isinstance(parse_move(bad, g), str)
        assert parse_hint(bad, g) is None
    hint = parse_hint(ok, g)
    assert hint is not None and len(hint[1]) == 300


def test_viewport_arithmetic() -> None:
    vb = (0.0, 0.0, 1000.0, 800.0)
    z = viewport.zoom_about(vb, 500, 400, 0.5, table_width=12)
    assert z == (250.0, 200.0, 500.0, 400.0)  # about its centre, half the size
    assert viewport.zoom_about(vb, 0, 0, 0.01, 12)[2] == viewport.MIN_WIDTH
    assert viewport.zoom_about(vb, 0, 0, 99, 12)[2] == 12 * 100 + viewport.MAP_MARGIN
    assert viewport.panned(vb, 10, -20, 2.0) == (-20.0, 40.0, 1000.0, 800.0)
    assert viewport.units_per_pixel(vb, 500, 0) == 800.0
    assert math.isclose(viewport.wheel_factor(100, False) * viewport.wheel_factor(-100, False), 1)
    assert viewport.wheel_factor(1e9, False) == math.exp(0.5)
    saved = viewport.record(z, 7)["view"]
    assert viewport.restored(saved, 7, 12) == z
    for bad in (
        None,
        [],
        {"seed": 8, "box": saved["box"]},
        {"seed": 7, "box": [0, 0, -1, 1]},
        {"seed": 7, "box": [0, 0, float("nan"), 1]},
        {"seed": 7, "box": [1e9, 0, 1, 1]},
        {"seed": 7, "box": ["0", 0, 1, 1]},
    ):
        assert viewport.restored(bad, 7, 12) is None
    assert viewport.record(None, 7) == {}


def test_choices_json_uses_the_saved_record_keys() -> None:
    c = Choices(
        tile="T01", preview=(1, 2, 3), picks={"now_O": "O1"}, hint=Hint({"type": "end_turn"}, "r")
    )
    assert c.to_json() == {
        "tile": "T01",
        "preview": [1, 2, 3],
        "hint": {"action": {"type": "end_turn"}, "reason": "r"},
        "now_O": "O1",
    }
    c.mode, c.house_at = "land", (1, 1, 0)
    c.clear_targets()
    assert c.mode is None and c.house_at is None and c.preview is None and c.tile == "T01"
    assert Choices().is_empty() and not c.is_empty()


def test_form_fields_and_options() -> None:
    f = form.default_form()
    form.read_fields(
        f,
        {
            "name-0": "A" * 99,
            "colour-1": "purple",
            "kind-1": "hard",
            "mode": "advanced",
            "table": "16",
            "speed": "warp",
            "colour-0": "pink",
        },
    )
    assert len(f["names"][0]) == 40 and f["colours"] == ["blue", "purple"]
    assert f["kinds"] == ["human", "hard"] and f["mode"] == "advanced" and f["speed"] == "normal"
    opts = form.to_options(f)
    assert opts.bots == {1: "hard"} and opts.table == (16, 16)
    form.add_seat(f), form.add_seat(f), form.add_seat(f)
    assert len(f["names"]) == 4 and len(set(f["colours"])) == 4
    f["names"][2] = "   "
    with pytest.raises(MalformedInput):
        form.to_options(f)
    f["solo"] = True
    assert form.to_options(f).solo and form.to_options(f).colours == ("blue", "purple")


def test_session_reads_never_raise() -> None:
    for raw in ("", "[" * 50_000, "null", '{"screen": 5}', "\\ud800"):
        s = Session(
            MemoryStorage(
                {
                    "small-islands/ui": raw,
                    "small-islands/save": raw,
                    "small-islands/achievements": raw,
                }
            )
        )
        assert isinstance(s.meta(), dict)
        loaded = s.load_game()
        assert isinstance(loaded, tuple) and loaded[1] == raw
        assert s.record_error is not None or raw == ""



def test_the_start_form_offers_every_computer_level_in_words() -> None:
    """Every level the form offers, in words; not Expert, level with Hard head to head (a
    level's name is a promise), which the engine still plays; Master, which is stronger."""
    from si_web.app import App
    from si_web.form import KINDS
    from si_web.screens import KIND_LABELS
    from small_islands.options import BOT_LEVELS

    assert [v for v, _ in KIND_LABELS] == list(KINDS) == ["human", *BOT_LEVELS[:3], "master"]
    assert BOT_LEVELS[3:] == ("expert", "master")
    html = App(MemoryStorage()).render()
    for value, words in KIND_LABELS:
        assert f'value="{value}"' in html and words in html


def test_a_zoomed_map_frames_the_most_targets_not_the_middle_sea() -> None:
    """Targets at both ends of a wide table, none in the middle: the box at the minimum scale
    holds the larger group whole (a centred crop showed only sea, issue 28's phone test)."""
    px = (360.0, 300.0)
    fit = (0.0, 0.0, 2000.0, 1200.0)  # 20 x 12 cells: targets would be 18 px
    targets = {(0, 0), (1, 0), (0, 1), (19, 11)}
    box = viewport.most_targets(fit, targets, px, viewport.MIN_TARGET_SCALE)
    assert math.isclose(viewport.scale(box, px), viewport.MIN_TARGET_SCALE)
    inside = {t for t in targets if viewport.cell_inside(*t, box)}
    assert inside == {(0, 0), (1, 0), (0, 1)}
    assert fit[0] <= box[0] and box[0] + box[2] <= fit[0] + fit[2]  # within the fit
    centred = viewport.at_least(fit, px, viewport.MIN_TARGET_SCALE)
    assert not any(viewport.cell_inside(*t, centred) for t in targets)  # what it replaces
    assert viewport.most_targets(fit, set(), px, viewport.MIN_TARGET_SCALE) == centred
    wide = (0.0, 0.0, 300.0, 250.0)  # already big enough: unchanged
    assert viewport.most_targets(wide, targets, px, viewport.MIN_TARGET_SCALE) == wide
