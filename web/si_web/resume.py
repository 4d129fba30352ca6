"""The device seat's transient choices, kept across reloads (pure: no browser imports).

`App.ui` (picked hand tile, previewed cell and rotation, land/token mode, house spot, objective
picks, setup draft, suggestion...) is written after every tap as a small versioned record under
`UI_KEY`, tagged with the game position it belongs to. On load the record is read as hostile
input: it is applied only to the same position (action count, last action, seat, phase), and
each choice only if the seat's view still allows it; anything else is dropped, never an error.
"""

from __future__ import annotations

import json
import zlib
from typing import TYPE_CHECKING, Any

from small_islands import STARTING_TILES, Action

if TYPE_CHECKING:
    from small_islands import Game

    from .app import App

UI_KEY = "small-islands/ui-state"
VERSION = 1
MAX_RAW = 20_000  # a real record is well under 2 KB
SLOTS = {"normal": ("now_O", "later_O"), "advanced": ("now_M", "now_R", "later_M", "later_R")}
PAIR_OF = {t.id: n for n, pair in enumerate(STARTING_TILES) for t in pair}


def position(game: Game) -> list[Any]:
    """Identifies a game position: seed, action count, checksum of the last action."""
    last = json.dumps(game.actions[-1].to_json(), sort_keys=True) if game.actions else ""
    return [game.options.seed, len(game.actions), zlib.crc32(last.encode())]


def dump(app: App) -> str | None:
    """The record for the current game screen (None elsewhere: nothing to keep)."""
    g = app.game
    if app.screen != "game" or g is None or app.viewer is None:
        return None
    record = {"v": VERSION, "at": position(g), "seat": app.viewer, "phase": g.phase, "ui": app.ui}
    return json.dumps(record, separators=(",", ":"))


def parse(raw: object) -> dict[str, Any] | None:
    """A stored record, or None when it is missing, unreadable or of another version."""
    if not isinstance(raw, str) or len(raw) > MAX_RAW:
        return None
    try:
        record = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    if (
        not isinstance(record, dict)
        or record.get("v") != VERSION
        or not isinstance(record.get("ui"), dict)
    ):
        return None
    return record


def matches(record: dict[str, Any], app: App) -> bool:
    """Was the record written for this position, seat and phase?"""
    g = app.game
    return (
        g is not None
        and app.viewer is not None
        and record.get("at") == position(g)
        and type(record.get("seat")) is int
        and record["seat"] == app.viewer
        and record.get("phase") == g.phase
    )


def _ints(value: object, n: int) -> tuple[int, ...] | None:
    if isinstance(value, list) and len(value) == n and all(type(x) is int for x in value):
        return tuple(value)
    return None


def _card(value: object) -> str | None:
    return value if isinstance(value, str) and 0 < len(value) < 40 else None


def validated(app: App, saved: dict[str, Any]) -> dict[str, Any]:
    """The saved choices the device seat's current view still allows (app.ui is rebuilt)."""
    g = app.game
    assert g is not None
    ui: dict[str, Any] = {}
    app.ui = ui
    v = app.view()
    legal = v["legal"] or {}
    phase, stage = v["phase"], v["stage"]
    hint = saved.get("hint")
    if isinstance(hint, dict) and isinstance(hint.get("action"), dict):
        try:
            action = Action.from_json(hint["action"])
        except Exception:  # any malformed action: drop the suggestion
            action = None
        if action is not None and action in g.legal_actions():
            reason = hint.get("reason")
            ui["hint"] = {
                "action": action.to_json(),
                "reason": reason[:300] if isinstance(reason, str) else "",
            }
    if stage == "alexis_rotation":
        rot = saved.get("alexis_rot")
        if type(rot) is int and rot in legal.get("alexis_rotations", []):
            ui["alexis_rot"] = rot
    elif phase == "setup":
        draft = _draft(saved.get("draft"), v)
        if draft is not None:
            ui["draft"] = draft
            sel = saved.get("draft_sel")
            if type(sel) is int and 0 <= sel < len(draft):
                ui["draft_sel"] = sel
    elif phase == "preparation":
        held = v.get("held") or []
        picked: dict[str, str] = {}
        for key in SLOTS.get(v["mode"], ()):
            card = _card(saved.get(key))
            if card is not None and card in held and card[0] == key[-1]:
                picked[key] = card
        for key, card in picked.items():  # one card cannot be kept for both rounds
            other = ("later" if key.startswith("now") else "now") + key[key.index("_") :]
            if picked.get(other) != card:
                ui[key] = card
    elif phase == "exploration" and stage == "place":
        hand = [t["id"] for t in v["hand"]]
        tile = _card(saved.get("tile"))
        if tile in hand:
            ui["tile"] = tile
        prev = _ints(saved.get("preview"), 3)
        sel = app.selected_tile()
        if prev and sel and list(prev) in legal.get("place", {}).get(sel, []):
            ui["preview"] = prev
    elif phase == "exploration" and stage == "take":
        land = legal.get("land", {})
        if saved.get("mode") == "land" and land:
            ui["mode"] = "land"
            ship = _card(saved.get("ship"))
            if ship in land:
                ui["ship"] = ship
            at = _ints(saved.get("land_at"), 2)
            if at and list(at) in land.get(app.current_ship(), []):
                ui["land_at"] = at
    elif phase == "exploration" and stage == "bonus":
        mode = saved.get("mode")
        if mode == "resource" and legal.get("resource_tokens"):
            ui["mode"] = mode
            res = _ints(saved.get("res_at"), 3)
            if res and any(tuple(t[:3]) == res for t in legal["resource_tokens"]):
                ui["res_at"] = res
        elif mode == "port" and legal.get("port_tokens"):
            ui["mode"] = mode
            at = _ints(saved.get("port_at"), 2)
            if at and list(at) in legal["port_tokens"]:
                ui["port_at"] = at
    elif phase == "reward" and not v.get("pending_discovery"):
        at = _ints(saved.get("house_at"), 3)
        if at and any(tuple(h[:3]) == at for h in legal.get("houses", [])):
            ui["house_at"] = at
    return ui


def _draft(value: object, v: dict[str, Any]) -> list[list[Any]] | None:
    """A setup draft: the same starting tiles as the ready layouts, on distinct middle cells."""
    layouts = (v["legal"] or {}).get("layouts") or []
    if not layouts or not isinstance(value, list) or len(value) != len(layouts[0]):
        return None
    x0, y0, x1, y1 = v["middle"]
    draft, cells, pairs = [], set(), []
    for p in value:
        if not (isinstance(p, list) and len(p) == 4 and isinstance(p[0], str)):
            return None
        xyr = _ints(p[1:], 3)
        if xyr is None or p[0] not in PAIR_OF or not 0 <= xyr[2] <= 3:
            return None
        x, y, r = xyr
        if not (x0 <= x <= x1 and y0 <= y <= y1) or (x, y) in cells:
            return None
        cells.add((x, y))
        pairs.append(PAIR_OF[p[0]])
        draft.append([p[0], x, y, r])
    if sorted(pairs) != sorted(PAIR_OF.get(p[0], -1) for p in layouts[0]):
        return None
    return draft
