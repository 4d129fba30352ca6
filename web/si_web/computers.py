"""Computer seats and suggestions: the requests, the answers, and the worker's bookkeeping.

Pure (no browser imports). A bot or a suggestion is asked with a JSON request holding only
the seat's view and its legal actions (what the worker's Python needs, nothing secret of
another seat); the answer is validated against the legal actions before anything is played.
`WorkerJobs` keeps track of what was sent to the worker, so that a failed worker's owed
answers are computed on the main thread instead, once each.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from game_kit.jsonio import load_json
from small_islands import Action, Game

BOT_BUDGET_S = 0.25  # Hard's thinking budget per decision (see small_islands.bots)
FALLBACK_LEVEL = "medium"  # what bots play on the main thread when the worker fails
# The levels whose code the engine's archive does not hold: the worker unpacks this archive
# (tools/build.py LEARNED_ARCHIVE) before their first decision.
LEVEL_ARCHIVES = {"master": "learned.pack.gz"}


def bot_seed(game: Game, seat: int) -> int:
    """The seed of a bot's decision: fixed by the game, the position and the seat."""
    return ((game.options.seed or 0) * 1_000_003 + len(game.actions) * 7919 + seat) % 2**31


def bot_request(game: Game, seat: int) -> dict[str, Any]:
    """The worker request for the bot at `seat` (its view, the legal actions, level, seed)."""
    level = game.seats[seat].bot or "medium"
    legal = [a.to_json() for a in game.legal_actions()]
    request = {
        "kind": "bot",
        "view": game.view(seat),
        "legal": legal,
        "level": level,
        "seed": bot_seed(game, seat),
        "budget": BOT_BUDGET_S,
    }
    return {
        "kind": "bot",
        "seat": seat,
        "level": level,
        "n_legal": len(legal),
        "request": json.dumps(request, separators=(",", ":")),
        "archive": LEVEL_ARCHIVES.get(level),
    }


def suggest_request(game: Game, seat: int) -> str:
    """The worker request for a suggestion to the human at `seat`."""
    request = {
        "kind": "suggest",
        "view": game.view(seat),
        "legal": [a.to_json() for a in game.legal_actions()],
    }
    return json.dumps(request, separators=(",", ":"))


def parse_move(answer: str, game: Game) -> Action | str:
    """The bot's action if the answer is readable and legal now, else why not (for the log)."""
    try:
        action = Action.from_json(load_json(answer, "computer's answer")["action"])
    except (ValueError, KeyError, TypeError, RecursionError) as exc:
        return f"A computer player's answer was unreadable ({exc}); Medium played instead."
    if not game.is_legal(action):
        return f"A computer player proposed an illegal move ({action.type}); Medium played instead."
    return action


def parse_hint(answer: str, game: Game) -> tuple[Action, str, dict[str, Any] | None] | None:
    """(the suggested action, its reason in English, its structured reason) if the answer is
    readable and legal now."""
    try:
        data = load_json(answer, "computer's answer")
        action = Action.from_json(data["action"])
        reason = str(data.get("reason", ""))[:300]
    except (ValueError, KeyError, TypeError, RecursionError):
        return None
    return (action, reason, why_of(data.get("why"))) if game.is_legal(action) else None


MAX_WHY = 2000  # characters of a structured reason, as JSON


def why_of(value: object) -> dict[str, Any] | None:
    """A structured reason as kept: a dict with a text key, small (None otherwise). Its values
    are checked where it is worded (`hint_words`)."""
    if not isinstance(value, dict) or not isinstance(value.get("key"), str):
        return None
    try:
        size = len(json.dumps(value))
    except (TypeError, ValueError, RecursionError):
        return None
    return value if size <= MAX_WHY else None


def fallback_move(game: Game, seat: int) -> Action:
    """The bot at `seat` decides here, at the fallback level (the worker is unavailable)."""
    from small_islands.bots import choose_action

    return choose_action(
        game.view(seat), game.legal_actions(), FALLBACK_LEVEL, bot_seed(game, seat)
    )


def local_hint(game: Game, seat: int) -> str:
    """A suggestion computed here, as the worker would answer it."""
    from small_islands.bots import english, suggest_why

    action, why = suggest_why(game.view(seat), game.legal_actions())
    return json.dumps({"action": action.to_json(), "why": why, "reason": english(why)})


@dataclass
class Job:
    """A request sent to the worker: a bot move or a suggestion, for a position (`token`)."""

    kind: str  # "bot" | "hint"
    token: str
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class WorkerJobs:
    """What the worker owes, whether it is usable, and the bot timings for tests and benches."""

    failed: str | None = None
    ready: bool = False
    next_id: int = 0
    pending: dict[int, Job] = field(default_factory=dict)
    busy: bool = False  # a bot move is being computed
    hint_busy: str | None = None  # the token of the suggestion being computed
    think: list[dict[str, Any]] = field(default_factory=list)
    boot_ms: float | None = None

    def submit(self, kind: str, token: str, extra: dict[str, Any] | None = None,
               job_id: int | None = None) -> int:
        """Register a request; its id (the worker host's `job_id`, else the next of ours)
        goes to the worker with it."""
        if job_id is None:
            self.next_id += 1
            job_id = self.next_id
        self.pending[job_id] = Job(kind, token, dict(extra or {}))
        return job_id

    def answered(self, job_id: object) -> Job | None:
        """The job an answer is for (None for an unknown or already answered id)."""
        return self.pending.pop(job_id, None) if isinstance(job_id, int) else None

    def fail(self, reason: str) -> list[Job] | None:
        """Stop using the worker: the jobs it still owes (None when it had already failed)."""
        if self.failed:
            return None
        self.failed = reason
        owed = list(self.pending.values())
        self.pending.clear()
        return owed

    def timed(self, job: Job, t1: float, ms: object) -> None:
        """Keep a bot decision's interval (main-thread clock) and the worker's own time."""
        self.think.append(
            {
                "t0": job.extra.get("t0"),
                "t1": t1,
                "level": job.extra.get("level"),
                "n_legal": job.extra.get("n_legal"),
                "ms": ms,
            }
        )

    def stats(self) -> str:
        """The JSON the page publishes as ``window.siBotStats``."""
        return json.dumps({"think": self.think, "boot_ms": self.boot_ms, "failed": self.failed})
