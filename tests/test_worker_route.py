"""The page's one bot worker, shared by both games (`game_shell.worker_route`, the bookkeeping
of `game_shell.worker_host`): ids are the page's, answers go back to the game that asked, a
failure is told to every game with the requests it was owed, once."""

from __future__ import annotations

from game_shell.worker_route import Route
from si_web.computers import WorkerJobs


def test_answers_go_to_the_game_that_asked_and_a_failure_to_every_game() -> None:
    route = Route()
    ids = [route.submit(g) for g in ("small-islands", "ember", "small-islands", "ember")]
    assert ids == [1, 2, 3, 4]
    assert route.answered(2) == "ember" and route.answered(2) is None
    assert route.answered("3") is None and route.owes(3)
    assert route.fail("no answer within 120 s") == {"small-islands": [1, 3], "ember": [4]}
    assert not route.owes(3) and route.failed == "no answer within 120 s"
    assert route.fail("twice") is None


def test_small_islands_jobs_take_the_pages_ids() -> None:
    jobs = WorkerJobs()
    assert jobs.submit("bot", "t1", {"level": "hard"}, job_id=7) == 7
    assert jobs.submit("hint", "t2") == 1  # its own, without the page's
    job = jobs.answered(7)
    assert job is not None and job.token == "t1" and job.extra == {"level": "hard"}
