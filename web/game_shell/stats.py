"""Statistics per player name over every game's finished games, and the Statistics screen.

Each game hands its finished games over as plain records (`finished.Finished`, through its
registration's ``finished``); `collect` reads them all, in registry order, skipping what is
not a valid record and a game whose reader fails (the screen shows the rest). A player is a
name at a person's seat, compared without case or surrounding spaces (`key_of`); a win is
place 1 (a shared first place counts for each). For each name the shell counts games, wins,
win rate, best and average score: over every game, per game, against each kind of opponent
("Other people", or a computer's level as the game words it; a game where some other seat
was played that way), and per group of the game's own groupings (a mode, a number of
players). Charts are bars drawn here (SVG with presentation attributes; the numbers are also
text, so colour and length are never the only cue). Pure.

>>> from game_shell.finished import Finished, Seat
>>> toy = GamePlugin(name="toy", title="Toy", order=5, entry="toy.browser", packages=("toy",))
>>> def game(at, ann, bob): return Finished(at, (Seat("Ann", True, ann, 10), Seat("Bob", True, bob, 5)))
>>> p = player_stats([(toy, [game(1, 1, 2), game(2, 1, 1), game(3, 2, 1)])], " ANN")
>>> p.all.games, p.all.wins, percent(p.all.rate), p.games["toy"].against["Other people"].wins
(3, 2, '67%', 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .finished import Finished, valid
from .i18n import N_, _, fixed, ngettext, number
from .markup import escape
from .registry import GamePlugin
from .storage import Storage
from .widgets import button

PEOPLE = N_("Other people")  # English, as every label a record holds: `_` where shown
Games = Sequence[tuple[GamePlugin, Sequence[Finished]]]  # each game's finished games


def key_of(name: str) -> str:
    """How names are compared: case and surrounding spaces do not count."""
    return " ".join(name.split()).casefold()


def collect(games: Sequence[GamePlugin], storage: Storage) -> list[tuple[GamePlugin, list[Finished]]]:
    """Every game's finished games (registry order; the games that hand over none are left
    out). A record that is not valid is skipped, and so is a game whose reader fails: the
    statistics of the others still show."""
    out: list[tuple[GamePlugin, list[Finished]]] = []
    for plugin in games:
        if plugin.finished is None:
            continue
        try:
            records = [r for r in plugin.finished(storage) if valid(r)]
        except Exception:  # noqa: BLE001 - one game's unreadable records never stop the screen
            continue
        if records:
            out.append((plugin, records))
    return out


@dataclass
class Tally:
    """Games, wins and the player's scores."""

    games: int = 0
    wins: int = 0
    scores: list[int] = field(default_factory=list)

    def add(self, won: bool, score: int) -> None:
        self.games += 1
        self.wins += int(won)
        self.scores.append(score)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def best(self) -> int | None:
        return max(self.scores) if self.scores else None

    @property
    def average(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0


@dataclass
class GameStats:
    """One name's statistics in one game: overall, against each kind of opponent, per group
    of each of the game's groupings (kind, then label)."""

    title: str
    all: Tally = field(default_factory=Tally)
    against: dict[str, Tally] = field(default_factory=dict)
    groups: dict[str, dict[str, Tally]] = field(default_factory=dict)
    imported: int = 0
    order: dict[str, tuple[int, int]] = field(default_factory=dict)  # how labels sort


@dataclass
class PlayerStats:
    """Everything the Statistics screen shows for one name: over every game, and per game
    (registry order)."""

    name: str
    all: Tally = field(default_factory=Tally)
    games: dict[str, GameStats] = field(default_factory=dict)

    @property
    def best(self) -> int | None:
        return self.all.best

    @property
    def average(self) -> float:
        return self.all.average


def _in_order(games: Games) -> list[tuple[GamePlugin, Finished]]:
    """Every finished game, oldest first (a stable order: registry order breaks ties)."""
    found = [(plugin, r) for plugin, records in games for r in records]
    return sorted(found, key=lambda pr: pr[1].at)


def names(games: Games) -> list[tuple[str, int]]:
    """(name as last written, games) of every player, most games first."""
    count: dict[str, int] = {}
    shown: dict[str, str] = {}
    for _plugin, r in _in_order(games):
        mine = {key_of(seat.name): seat.name.strip() for seat in r.seats if seat.person}
        for k, written in mine.items():
            count[k] = count.get(k, 0) + 1
            shown[k] = written
    return sorted(((shown[k], n) for k, n in count.items()), key=lambda t: (-t[1], key_of(t[0])))


def player_stats(games: Games, name: str) -> PlayerStats:
    """The statistics of one name over every game's finished games."""
    k = key_of(name)
    out = PlayerStats(name)
    for plugin, r in _in_order(games):
        mine = [i for i, seat in enumerate(r.seats) if seat.person and key_of(seat.name) == k]
        if not mine:
            continue
        me = r.seats[mine[0]]
        won = me.rank == 1
        out.all.add(won, me.score)
        g = out.games.setdefault(plugin.name, GameStats(plugin.title))
        g.all.add(won, me.score)
        g.imported += int(r.imported)
        others = {(PEOPLE, (0, 0)) if seat.person else (seat.level, (1, seat.level_order))
                  for i, seat in enumerate(r.seats) if i not in mine}
        for label, order in sorted(others):
            g.against.setdefault(label, Tally()).add(won, me.score)
            g.order[label] = order
        for group in r.groups:
            g.groups.setdefault(group.kind, {}).setdefault(group.label, Tally()).add(won, me.score)
            g.order[f"{group.kind}\n{group.label}"] = (0, group.order)
    # registry order, as "Your games" lists the games
    rank = {plugin.name: i for i, (plugin, _) in enumerate(games)}
    out.games = dict(sorted(out.games.items(), key=lambda kv: rank[kv[0]]))
    return out


# --- the screen ---------------------------------------------------------------------------


def percent(x: float) -> str:
    """A share as the player's language writes it ("67%", French "67 %")."""
    return _("{n}%").format(n=number(round(100 * x)))


def one_decimal(x: float) -> str:
    """A number with one decimal, as the player's language writes it ("12.0", French "12,0")."""
    return fixed(x, 1)


def games_count(n: int) -> str:
    return ngettext("{n} game", "{n} games", n).format(n=number(n))


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


def won_of(t: Tally) -> str:
    return ngettext("{wins} of {n} won ({rate})", "{wins} of {n} won ({rate})", t.wins).format(
        wins=number(t.wins), n=number(t.games), rate=percent(t.rate))


def figures(t: Tally, scores: bool = True) -> str:
    """Games, wins, win rate (and best and average score: within one game only)."""
    rows = [(_("Games"), number(t.games)), (_("Wins"), number(t.wins)), (_("Win rate"), percent(t.rate))]
    if scores:
        rows += [(_("Best score"), "" if t.best is None else number(t.best)),
                 (_("Average score"), one_decimal(t.average))]
    return ('<dl class="figures">'
            + "".join(f"<div><dt>{escape(dt)}</dt><dd>{escape(dd)}</dd></div>" for dt, dd in rows)
            + "</dl>")


def game_html(g: GameStats) -> str:
    """One name in one game: the figures, then the charts (win rate against each kind of
    opponent, average score per group of each grouping)."""
    note = ('<p class="small">' + escape(ngettext(
        "{n} of these games came from an imported file.",
        "{n} of these games came from imported files.", g.imported).format(n=number(g.imported)))
        + "</p>" if g.imported else "")
    against = [(_(label), t.rate, won_of(t))
               for label, t in sorted(g.against.items(), key=lambda kv: (g.order[kv[0]], kv[0]))]
    charts = bars(_("Win rate against"), against) if against else ""
    for kind, groups in g.groups.items():
        top = max([t.average for t in groups.values()] + [1])
        ordered = sorted(groups.items(), key=lambda kv: (g.order[f"{kind}\n{kv[0]}"], kv[0]))
        charts += bars(_("Average score by {grouping}").format(grouping=_(kind)), [
            (_(label), t.average / top, ngettext(
                "{average} over {n} game", "{average} over {n} games", t.games).format(
                    average=one_decimal(t.average), n=number(t.games)))
            for label, t in ordered
        ])
    return figures(g.all) + note + charts


def stats_html(p: PlayerStats) -> str:
    """The statistics of one player: over every game when there are several (with a chart
    of the win rate in each), then each game's figures and charts."""
    if not p.all.games:
        return "<p>" + escape(_("No finished game of {name} is kept on this device.").format(
            name=p.name)) + "</p>"
    out = ""
    if len(p.games) > 1:
        out = figures(p.all, scores=False) + bars(
            _("Win rate by game"), [(g.title, g.all.rate, won_of(g.all)) for g in p.games.values()])
    for name, g in p.games.items():
        out += (f'<section class="game-stats" data-stats-game="{escape(name)}">'
                f'<h2 class="stats-game">{escape(g.title)}</h2>{game_html(g)}</section>')
    return out


def chosen_name(people: list[tuple[str, int]], chosen: str | None) -> str | None:
    """The name the screen shows: the one chosen if it still plays, else the most frequent."""
    if chosen is not None and key_of(chosen) in {key_of(n) for n, _ in people}:
        return chosen
    return people[0][0] if people else None


def page(games: Games, chosen: str | None) -> str:
    """The Statistics screen: a button per player name (``player``), the chosen one's
    statistics, then "Your games" (``history``) and Menu (``menu``)."""
    people = names(games)
    chosen = chosen_name(people, chosen)
    pick = "".join(
        button(
            _("{name} · {games}").format(name=name, games=games_count(n)),
            "player",
            "btn" + (" on" if chosen is not None and key_of(name) == key_of(chosen) else ""),
            player=name,
        )
        for name, n in people
    )
    if chosen is None:
        body = '<p class="empty">' + escape(_("No finished game is kept on this device yet.")) + "</p>"
    else:
        body = (f'<h2 class="stats-name">{escape(chosen)}</h2>'
                + stats_html(player_stats(games, chosen)))
    return (
        '<section class="screen stats" data-screen="stats">'
        "<h1>" + escape(_("Statistics")) + "</h1>"
        '<p class="small">'
        + escape(_("From the finished games kept on this device, per player name.")) + "</p>"
        + ('<div class="row players-pick" role="group" aria-label="'
           + escape(_("Player"), quote=True) + f'">{pick}</div>' if pick else "")
        + f'<div class="stats-body">{body}</div>'
        '<div class="row">'
        + button(_("Your games"), "history", "btn")
        + button(_("Menu"), "menu", "btn")
        + "</div></section>"
    )
