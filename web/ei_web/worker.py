"""What the bot worker runs for Ember Isle (bot-worker.js imports it once Ember Isle's
archive is installed there): one request in, one answer out, both JSON text.

Request: ``{"kind": "bot" | "suggest", "view": ..., "legal": [...], "level": "easy" |
"medium" | "hard", "seed": int}``; answer ``{"action": {...}}``. The bot sees only the view and the
legal actions. A suggestion is Medium's move.
"""

from __future__ import annotations

import json

from ember_isle import Action
from ember_isle.bots import choose_action
from game_kit.jsonio import load_json


def handle(text: str) -> str:
    req = load_json(text, "bot request")
    legal = [Action.from_json(a) for a in req["legal"]]
    level = "medium" if req["kind"] == "suggest" else str(req["level"])
    action = choose_action(req["view"], legal, level, int(req["seed"]))
    return json.dumps({"action": action.to_json()})
