"""Statistics per player name, from the summaries of the games kept on this device.

A player is a name at a human seat (compared without case or surrounding spaces). A win is
rank 1 (a shared first place counts for each). "Against" a computer level or an Alexis level
counts the games where some other seat was played at that level. Charts are bars drawn here
(SVG with presentation attributes; the numbers are also text, so colour and length are never
the only cue).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game_shell.markup import escape
from small_islands.options import BOT_LEVELS

Summary = dict[str, Any]
MODE_LABELS = {
    "normal": "Normal",
    "advanced": "Advanced",
    "normal-solo": "Normal, solo",
    "advanced-solo": "Advanced, solo",
}


def key_of(name: str) -> str:
    """How names are compared: case and surrounding spaces do not count."""
    return " ".join(name.split()).casefold()


@dataclass
class Tally:
    """Games and wins."""

    games: int = 0
    wins: int = 0

    def add(self, won: bool) -> None:
        self.games += 1
        self.wins += int(won)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class PlayerStats:
    """Everything the statistics screen shows for one name."""

    name: str
    all: Tally = field(default_factory=Tally)
    scores: list[int] = field(default_factory=list)
    by_mode: dict[str, list[int]] = field(default_factory=dict)
    against: dict[str, Tally] = field(default_factory=dict)
    imported: int = 0

    @property
    def best(self) -> int | None:
        return max(self.scores) if self.scores else None

    @property
    def average(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0


def mode_key(s: Summary) -> str:
    """'normal', 'advanced', 'normal-solo' or 'advanced-solo'."""
    return str(s["mode"]) + ("-solo" if s["solo"] else "")


def names(games: list[Summary]) -> list[tuple[str, int]]:
    """(name as last written, games) of every human player, most games first."""
    count: dict[str, int] = {}
    shown: dict[str, tuple[int, str]] = {}
    for s in games:
        for seat in s["seats"]:
            if seat["kind"] != "human":
                continue
            k = key_of(seat["name"])
            count[k] = count.get(k, 0) + 1
            if k not in shown or s["at"] >= shown[k][0]:
                shown[k] = (s["at"], seat["name"].strip())
    return sorted(((shown[k][1], n) for k, n in count.items()), key=lambda t: (-t[1], key_of(t[0])))


def player_stats(games: list[Summary], name: str) -> PlayerStats:
    """The statistics of one name over the kept games."""
    k = key_of(name)
    out = PlayerStats(name)
    for s in games:
        mine = [i for i, seat in enumerate(s["seats"]) if seat["kind"] == "human" and key_of(seat["name"]) == k]
        if not mine:
            continue
        me = s["seats"][mine[0]]
        won = me["rank"] == 1
        out.all.add(won)
        out.scores.append(me["total"])
        out.by_mode.setdefault(mode_key(s), []).append(me["total"])
        out.imported += int(s["imported"])
        others = {seat["kind"] for i, seat in enumerate(s["seats"]) if i not in mine}
        for kind in sorted(others):
            key = f"alexis-{s['solo']}" if kind == "alexis" else ("people" if kind == "human" else kind)
            out.against.setdefault(key, Tally()).add(won)
    return out


def against_label(key: str) -> str:
    """'Computer: hard', 'Alexis, level 3', 'Other people'."""
    if key.startswith("alexis-"):
        return f"Alexis, level {key.split('-')[1]}"
    return "Other people" if key == "people" else f"Computer: {key}"


def against_order(key: str) -> tuple[int, str]:
    if key == "people":
        return (0, "")
    if key in BOT_LEVELS:
        return (1, str(BOT_LEVELS.index(key)))
    return (2, key)


def percent(x: float) -> str:
    return f"{round(100 * x)}%"


def bars(title: str, rows: list[tuple[str, float, str]]) -> str:
    """A chart: one bar per row (label, fraction 0-1 of the full width, value as text)."""
    items = []
    for label, frac, value in rows:
        w = max(0.0, min(1.0, frac)) * 100
        items.append(
            f'<li class="bar-row"><span class="bar-label">{escape(label)}</span>'
            '<svg class="meter" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">'
            '<rect class="bar-bg" width="100" height="10"/>'
            f'<rect class="bar-fill" width="{w:.1f}" height="10"/></svg>'
            f'<span class="bar-value">{escape(value)}</span></li>'
        )
    return f'<section class="card chart-card"><h2>{escape(title)}</h2><ul class="bars">{"".join(items)}</ul></section>'


def stats_html(p: PlayerStats) -> str:
    """The statistics of one player: the figures, then the charts."""
    if not p.all.games:
        return f'<p>No finished game of {escape(p.name)} is kept on this device.</p>'
    avg = f"{p.average:.1f}"
    figures = (
        '<dl class="figures">'
        f"<div><dt>Games</dt><dd>{p.all.games}</dd></div>"
        f"<div><dt>Wins</dt><dd>{p.all.wins}</dd></div>"
        f"<div><dt>Win rate</dt><dd>{percent(p.all.rate)}</dd></div>"
        f"<div><dt>Best score</dt><dd>{p.best}</dd></div>"
        f"<div><dt>Average score</dt><dd>{avg}</dd></div>"
        "</dl>"
    )
    against = [
        (against_label(k), t.rate, f"{t.wins} of {t.games} won ({percent(t.rate)})")
        for k, t in sorted(p.against.items(), key=lambda kv: against_order(kv[0]))
    ]
    top = max([sum(v) / len(v) for v in p.by_mode.values()] + [1])
    modes = [
        (MODE_LABELS.get(k, k), (sum(v) / len(v)) / top, f"{sum(v) / len(v):.1f} over {len(v)} game{'s' if len(v) != 1 else ''}")
        for k, v in sorted(p.by_mode.items(), key=lambda kv: list(MODE_LABELS).index(kv[0]))
    ]
    note = (
        f'<p class="small">{p.imported} of these games came from imported files.</p>'
        if p.imported
        else ""
    )
    return (
        figures
        + note
        + (bars("Win rate against", against) if against else "")
        + bars("Average score by mode", modes)
    )
