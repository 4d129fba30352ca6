"""The bookkeeping of the page's one bot worker, shared by every game (pure; the browser glue
is `worker_host`): each request gets an id of the page's, the answer goes back to the game
that asked, and when the worker fails every game is told, with the requests it was owed.

>>> route = Route()
>>> a, b = route.submit("one-game"), route.submit("other-game")
>>> route.answered(b), route.answered(b)
('other-game', None)
>>> route.fail("no answer within 120 s")
{'one-game': [1]}
>>> route.fail("again") is None
True
"""

from __future__ import annotations


class Route:
    """Which game each request the worker still owes came from (see the module doc)."""

    def __init__(self) -> None:
        self.next_id = 0
        self.owners: dict[int, str] = {}
        self.failed: str | None = None

    def submit(self, game: str) -> int:
        """A new request of `game`: its id, sent to the worker with it."""
        self.next_id += 1
        self.owners[self.next_id] = game
        return self.next_id

    def owes(self, job_id: int) -> bool:
        return job_id in self.owners

    def answered(self, job_id: object) -> str | None:
        """The game an answer is for (None for an unknown or already answered id)."""
        return self.owners.pop(job_id, None) if isinstance(job_id, int) else None

    def fail(self, reason: str) -> dict[str, list[int]] | None:
        """Stop using the worker: per game, the ids it still owes (None: it had failed)."""
        if self.failed is not None:
            return None
        self.failed = reason
        owed: dict[str, list[int]] = {}
        for job_id, game in sorted(self.owners.items()):
            owed.setdefault(game, []).append(job_id)
        self.owners.clear()
        return owed
