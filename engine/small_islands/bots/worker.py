"""What the bot worker runs for Small Islands (``PLUGIN.worker`` of its registration): one
request in, one answer out, both JSON text. The bot sees only what the request holds: its
seat's view and the legal actions.

Request: ``{"kind": "bot", "view": {...}, "legal": [action JSON, ...], "level": "hard",
"seed": 123, "budget": 0.25}`` or ``{"kind": "suggest", "view": {...}, "legal": [...]}``;
answer ``{"action": {...}}`` (and, for a suggestion, ``"why"``: its reason as a structured
`hint.Why`, and ``"reason"``: the same in English).
"""

from __future__ import annotations

import json

from game_kit.jsonio import load_json

from ..actions import Action
from . import choose_action, english, suggest_why


def handle(text: str) -> str:
    req = load_json(text, "bot request", max_depth=64)
    legal = [Action.from_json(a) for a in req["legal"]]
    if req["kind"] == "suggest":
        action, why = suggest_why(req["view"], legal)
        return json.dumps({"action": action.to_json(), "why": why, "reason": english(why)})
    action = choose_action(req["view"], legal, req["level"], int(req["seed"]),
                           float(req.get("budget", 0.25)))
    return json.dumps({"action": action.to_json()})
