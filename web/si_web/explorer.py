"""Great Explorer achievements kept on the device (RULES.md section 9): parse, merge, render.

The record lives under its own storage key as JSON::

    {"format": "small-islands-achievements/1",
     "counts": {"normal": {"pp50": 2, ...}, "advanced": {...}},
     "games": ["<seed>-<actions>", ...]}

``counts`` says how many won games ticked each box; ``games`` lists the finished games
already counted (so a reload of the end screen never counts a game twice). Reading back
validates every part: anything else is reported with its reason, and the raw text is kept
(the app moves it aside before it writes a new record, and says so).
"""

from __future__ import annotations

import json
from typing import Any

from game_kit.jsonio import load_json
from game_shell.i18n import N_, _, ngettext, number
from game_shell.markup import escape, percent_encode
from small_islands.achievements import CHECKLISTS

ACH_KEY = "small-islands/achievements"
ACH_BROKEN_KEY = "small-islands/achievements-broken"
FORMAT = "small-islands-achievements/1"
MAX_GAMES = 200
MAX_COUNT = 10**6


# The checklists' boxes as the player reads them (the engine's `CHECKLISTS` texts, marked for
# the catalogue; tests/test_i18n.py checks they are the same).
BOXES = frozenset({
    N_("50 PP or more"), N_("10 PP or more from your ship"), N_("all your Bonus tokens placed"),
    N_("at least 10 islands of 2 tiles or more"), N_("all your Houses placed"),
    N_("your ship placed first"), N_("solo mode won at level 4"), N_("60 PP or more"),
    N_("12 PP or more from your ship"), N_("an island of 13 tiles or more"),
    N_("your ship placed last"), N_("a tie in PP"), N_("solo mode won at level 6"),
    N_("2 Houses of your colour on one island (joined afterwards)"),
})
TITLES = (("normal", N_("Normal game")), ("advanced", N_("Advanced game")))


def empty_record() -> dict[str, Any]:
    """A record with nothing ticked."""
    return {"format": FORMAT, "counts": {m: {} for m in CHECKLISTS}, "games": []}


def parse_record(raw: str | None) -> tuple[dict[str, Any], str | None]:
    """(record, None) from stored text, or (an empty record, the reason it is unreadable)."""
    if raw is None:
        return empty_record(), None
    try:
        data = load_json(raw, "achievements record")
    except (ValueError, RecursionError) as exc:
        return empty_record(), str(exc)
    problem = _problem(data)
    if problem:
        return empty_record(), f"the achievements record is not valid: {problem}"
    record = empty_record()
    for mode, counts in data["counts"].items():
        record["counts"][mode] = dict(counts)
    record["games"] = list(data["games"])
    return record, None


def _problem(data: Any) -> str | None:
    if not isinstance(data, dict):
        return "not an object"
    if data.get("format") != FORMAT:
        return f"unknown format {str(data.get('format'))[:60]!r}"
    if set(data) - {"format", "counts", "games"}:
        return "unknown fields"
    counts, games = data.get("counts"), data.get("games")
    if not isinstance(counts, dict) or set(counts) - set(CHECKLISTS):
        return "counts must be an object per mode (normal, advanced)"
    for mode, per in counts.items():
        if not isinstance(per, dict):
            return f"counts.{mode} must be an object"
        for key, value in per.items():
            if key not in CHECKLISTS[mode]:
                return f"unknown achievement {key[:40]!r} in {mode}"
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_COUNT:
                return f"count of {key} must be a whole number"
    if not isinstance(games, list) or len(games) > MAX_GAMES:
        return "games must be a list"
    if not all(isinstance(g, str) and len(g) <= 80 for g in games):
        return "games must hold short texts"
    return None


def add_game(record: dict[str, Any], game_id: str, mode: str, ticked: list[str]) -> bool:
    """Count one finished game's ticked boxes; False when that game was counted already."""
    if game_id in record["games"]:
        return False
    per = record["counts"].setdefault(mode, {})
    for key in ticked:
        if key in CHECKLISTS[mode]:
            per[key] = per.get(key, 0) + 1
    record["games"] = (record["games"] + [game_id])[-MAX_GAMES:]
    return True


def dump_record(record: dict[str, Any]) -> str:
    return json.dumps(record, separators=(",", ":"), sort_keys=True)


def explorer_screen(record: dict[str, Any], error: str | None, raw: str | None) -> str:
    """Both checklists with their ticks and counts; a report when the record is unreadable."""
    parts = []
    for mode, title in TITLES:
        counts = record["counts"].get(mode, {})
        checklist = CHECKLISTS[mode]
        done = sum(1 for key in checklist if counts.get(key, 0) > 0)
        items = "".join(
            f'<li class="ach{" done" if counts.get(key, 0) else ""}" data-ach="{escape(key)}">'
            f'<span class="box" aria-hidden="true">{"&#10003;" if counts.get(key, 0) else ""}</span>'
            f"<span>{escape(_(text))}</span>"
            f'<span class="count">{"×" + number(counts[key]) if counts.get(key, 0) else ""}</span></li>'
            for key, text in checklist.items()
        )
        tally = ngettext("{done} of {n} ticked", "{done} of {n} ticked", done).format(
            done=number(done), n=number(len(checklist)))
        parts.append(
            f'<section class="card checklist" data-mode="{mode}"><h2>{escape(_(title))}</h2>'
            f'<p class="tally" data-done="{done}">{escape(tally)}</p>'
            f"<ul>{items}</ul></section>"
        )
    report = ""
    if error:
        href = "data:application/json;charset=utf-8," + percent_encode(raw or "")
        report = (
            '<p class="error" role="alert" data-ach-error="1">'
            + escape(_("The achievements record kept on this device cannot be read. It is kept "
                       "on this device; a new record starts when a game ends (the old one is then "
                       "moved aside, not deleted)."))
            + "</p>"
            f'<p><a class="btn" data-act="download" download="small-islands-achievements.json" '
            f'href="{escape(href, quote=True)}">' + escape(_("Download the stored record")) + "</a></p>"
        )
    games = len(record["games"])
    return (
        '<section class="screen explorer" data-screen="explorer"><h1>' + escape(_("Great Explorer"))
        + "</h1><p>"
        + escape(ngettext(
            "Achievements count only in games the player won; they are kept on this device ({n} "
            "finished game counted).",
            "Achievements count only in games the player won; they are kept on this device ({n} "
            "finished games counted).", games).format(n=number(games)))
        + f"</p>{report}{''.join(parts)}"
        '<div class="row"><button type="button" class="btn primary" data-act="back">'
        + escape(_("Back")) + "</button></div></section>"
    )
