"""The first-game coach, for every game: a guided first game with short tips over it, each
explaining one step when it first matters, remembered on the device. Pure (no browser).

A tip never blocks anything: it is a sheet (`tip_html`) docked where it covers neither what it
points at nor the game's actions, with "Got it" and "Skip the tips"; the thing it points at is
highlighted by the game's stylesheet (``.coach[data-target=...]``). A tip counts as seen when
the player taps "Got it", or does what it explains (its moment passes). The record
``<game>/coach`` keeps whether the guided game was offered and taken or dismissed, which game
is the guided one, the tips seen and the one showing, and whether the tips were skipped.

How a game adds a coach:

1. Its *moment*: any value (a frozen dataclass, say) of what its tips look at: the screen,
   the step of the game, what the player has done so far.
2. Its tips in the order a game meets them, each with the condition that makes it relevant
   (the moment and the tips already seen): ``TIPS = Tips((Tip(...), ...), {"take": lambda
   m, seen: ..., ...})``. A `Tip` has an id, a title, one or two sentences, its target (what
   the stylesheet highlights), a small picture (markup) and its dock (a class the game's
   stylesheet places; ``inline`` puts it in the screen's flow).
3. One `Coach` per page: ``Coach(storage, "<game name>", TIPS)``. On its start screen, while
   `Coach.offer_open`, the offer (`offer_html`, with its title and what the guided game is);
   its ``coach-start`` starts the guided game and calls `Coach.started` with that game's id
   (a number the game keeps, e.g. its seed). On each render of that game,
   ``Coach.tip(game_id, moment, decision)`` is the tip to show (None: none) and `tip_html`
   its sheet. The taps ``coach-ok``, ``coach-skip`` and ``coach-dismiss`` go to `Coach.handle`.

Tips come one at a time: never two at once, and never two on the same *decision* (a number the
game passes, e.g. how many moves were played): a tip that ended (Got it, or its moment passed)
leaves that decision quiet, the next one waits for the next decision. A tip showing stays
until it ends. Anything else the game asks over a guided game (a question such as "Play with
sound?") takes its turn the same way: only when `Coach.free` at that decision, and once
answered it leaves the decision quiet (`Coach.quiet`).

>>> from game_shell.storage import MemoryStorage
>>> tips = Tips((Tip("hello", "Hello", "Tap a stone.", "pile"),
...              Tip("bye", "The end", "Well played.", "scores")),
...             {"hello": lambda over, seen: not over, "bye": lambda over, seen: over})
>>> coach = Coach(MemoryStorage(), "pebbles", tips)
>>> coach.started(7)
>>> coach.tip(7, False).id, coach.tip(8, False)
('hello', None)
>>> coach.tip(7, True).id, coach.record["seen"]  # "hello" passed: the player did it
('bye', ['hello'])

One tip per decision:

>>> coach.started(7)
>>> coach.tip(7, False, decision=0).id
'hello'
>>> coach.tip(7, True, decision=0) is None  # "hello" passed, "bye" waits for the next decision
True
>>> coach.tip(7, True, decision=1).id
'bye'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, NotRequired, TypedDict, TypeVar

from .i18n import _
from .storage import Storage, put_record, read_json
from .widgets import button, esc

M = TypeVar("M")
OFFERS = ("open", "taken", "dismissed")
ACTS = frozenset({"coach-ok", "coach-skip", "coach-dismiss"})


@dataclass(frozen=True)
class Tip:
    """One tip: a title, one or two sentences, what it points at (`target`: the game's
    stylesheet highlights it), a small picture (markup, hidden from screen readers: the words
    say it), where its sheet docks (a class of the game's stylesheet) and the section of the
    game's rules that says more (`rules`: its sheet links there; the game opens its rules at
    that section on the tap ``rules`` with ``data-section``, and Back returns to the game)."""

    id: str
    title: str
    text: str
    target: str
    picture: str = ""
    dock: str = "low"
    rules: str = ""  # the section of the game's rules it links to (act ``rules``, ``data-section``)


When = Callable[[M, Collection[str]], bool]


@dataclass(frozen=True)
class Tips(Generic[M]):
    """A game's tips in the order its games meet them, and the moment of each (`when`: is it
    relevant at this moment, given the tips seen?). A tip without a moment never shows."""

    order: tuple[Tip, ...]
    when: Mapping[str, When[M]]
    by_id: Mapping[str, Tip] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_id = {t.id: t for t in self.order}
        if len(by_id) != len(self.order):
            raise ValueError("two tips share an id")
        object.__setattr__(self, "by_id", by_id)

    def holds(self, tip_id: str, m: M, seen: Collection[str]) -> bool:
        """Is it (still) the moment of this tip?"""
        when = self.when.get(tip_id)
        return when is not None and when(m, seen)

    def next(self, m: M, seen: Collection[str]) -> Tip | None:
        """The first tip (game order) whose moment has come and that was not seen yet."""
        for tip in self.order:
            if tip.id not in seen and self.holds(tip.id, m, seen):
                return tip
        return None


class Record(TypedDict):
    """The coach's record of one game on the device (``<game>/coach``, JSON)."""

    offer: str  # open | taken | dismissed: the guided game on the start screen
    game: int | None  # the guided game's id (tips show over that game only)
    seen: list[str]  # the tips seen, in the order they were
    on: bool  # False once the tips were skipped
    showing: str | None  # the tip showing now
    # (absent until a game passes its decisions, so an older build's record reads the same)
    at: NotRequired[int]  # the decision the tip showing showed at
    quiet: NotRequired[int]  # the decision on which the last tip (or question) ended


def fresh() -> Record:
    return {"offer": "open", "game": None, "seen": [], "on": False, "showing": None}


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def parse_record(raw: str | None, ids: Collection[str]) -> Record:
    """The record from its stored text; never raises. Missing or not a JSON object (so not
    this app's): a fresh record (the text is kept aside as ``-broken`` when the record is
    next written, `storage.put_record`). Each field that is not what this app writes (or a
    tip not among `ids`) gets its default."""
    rec = read_json(raw)
    if not isinstance(rec, dict):
        return fresh()
    offer, game, seen, showing = (rec.get(k) for k in ("offer", "game", "seen", "showing"))
    out: Record = {
        "offer": offer if isinstance(offer, str) and offer in OFFERS else "open",
        "game": _int(game),
        "seen": [s for s in seen if isinstance(s, str) and s in ids]
        if isinstance(seen, list) else [],
        "on": rec.get("on") is True,
        "showing": showing if isinstance(showing, str) and showing in ids else None,
    }
    for key in ("at", "quiet"):
        number = _int(rec.get(key))
        if number is not None:
            out[key] = number
    return out


class Coach(Generic[M]):
    """One game's coach on this device: its record (``<game>/coach``, written when it changes;
    a write refused because storage is full is lost, never raised) and its tips."""

    def __init__(self, storage: Storage, game: str, tips: Tips[M]) -> None:
        self.storage = storage
        self.tips = tips
        self.key = f"{game}/coach"
        self.record = parse_record(storage.get(self.key), tips.by_id)

    def save(self) -> bool:
        """Write the record: False when storage refused it (then it lives on in memory)."""
        return put_record(self.storage, self.key, json.dumps(self.record))

    # ------------------------------------------------------------------ the offer
    def offer_open(self) -> bool:
        """Is the guided game still offered (neither taken nor dismissed)?"""
        return self.record["offer"] == "open"

    def dismiss_offer(self) -> None:
        """"No, thanks": the offer does not show again."""
        self.record["offer"] = "dismissed"
        self.save()

    def started(self, game_id: int) -> None:
        """The game `game_id` is the guided one: every tip from the start."""
        rec = self.record
        rec["offer"], rec["game"], rec["seen"], rec["on"], rec["showing"] = (
            "taken", game_id, [], True, None)
        rec.pop("at", None)
        rec.pop("quiet", None)
        self.save()

    # ------------------------------------------------------------------ the tips
    def active(self, game_id: int | None) -> bool:
        """Are tips shown over this game (the guided one, tips not skipped)?"""
        rec = self.record
        return game_id is not None and rec["on"] and rec["game"] == game_id

    def showing(self, game_id: int | None) -> Tip | None:
        """The tip showing over this game (as last decided by `tip`)."""
        shown = self.record["showing"] if self.active(game_id) else None
        return self.tips.by_id.get(shown) if shown is not None else None

    def got_it(self, tip_id: str | None = None) -> None:
        """"Got it": that tip (by default the one showing) is seen."""
        tip_id = tip_id or self.record["showing"]
        if tip_id is not None and tip_id in self.tips.by_id and tip_id not in self.record["seen"]:
            self.record["seen"].append(tip_id)
            at = self.record.get("at")
            if self.record["showing"] == tip_id and at is not None:
                self.record["quiet"] = at  # no other tip on this decision
            self.record["showing"] = None
            self.save()

    def skip(self) -> None:
        """"Skip the tips": none for the rest of this game (nor over any other)."""
        self.record["on"], self.record["showing"] = False, None
        self.save()

    def tip(self, game_id: int | None, m: M, decision: int | None = None) -> Tip | None:
        """The tip to show over game `game_id` at moment `m` of `decision` (None: tips are not
        spaced out). A tip that was showing and whose moment has passed (the player did what
        it explained) is seen from now on, and leaves the decision it showed on quiet (the
        player may have moved on since: then the next tip shows at once); a tip showing whose
        moment holds stays; a quiet decision has none."""
        if not self.active(game_id):
            return None
        rec = self.record
        seen = rec["seen"]
        before = (len(seen), rec["showing"], rec.get("at"), rec.get("quiet"))
        showing = rec["showing"] if rec["showing"] not in seen else None
        tip: Tip | None = None
        if showing is not None and self.tips.holds(showing, m, seen):
            tip = self.tips.by_id[showing]
        else:
            if showing is not None:  # its moment passed: quiet is the decision it showed on
                seen.append(showing)
                _put(rec, "quiet", rec.get("at"))
            if decision is None or decision != rec.get("quiet"):
                tip = self.tips.next(m, seen)
            _put(rec, "at", decision if tip is not None else None)
        rec["showing"] = tip.id if tip else None
        if (len(seen), rec["showing"], rec.get("at"), rec.get("quiet")) != before:
            self.save()
        return tip

    def free(self, game_id: int | None, decision: int) -> bool:
        """May the game ask something else over `decision` (no tip showing, none ended on
        it)? Always, over a game without tips."""
        rec = self.record
        return not self.active(game_id) or rec["showing"] is None and rec.get("quiet") != decision

    def quiet(self, game_id: int | None, decision: int) -> None:
        """The game's own question was answered on `decision`: no tip on it any more."""
        if self.active(game_id) and self.record.get("quiet") != decision:
            self.record["quiet"] = decision
            self.save()

    def handle(self, act: str, data: Mapping[str, Any]) -> bool:
        """The coach's own taps (`ACTS`): "Got it" (``data["tip"]``), "Skip the tips", the
        offer's "No, thanks". False for any other tap."""
        if act == "coach-ok":
            tip = data.get("tip")
            self.got_it(tip if isinstance(tip, str) else None)
        elif act == "coach-skip":
            self.skip()
        elif act == "coach-dismiss":
            self.dismiss_offer()
        else:
            return False
        return True


def _put(rec: Record, key: str, number: int | None) -> None:
    """Set or clear (None) the record's decision field `key` ("at" or "quiet")."""
    if number is None:
        rec.pop(key, None)  # type: ignore[misc]
    else:
        rec[key] = number  # type: ignore[literal-required]


# --------------------------------------------------------------------------- markup


def tip_html(tip: Tip, inline: bool = False) -> str:
    """The tip's sheet: title, words, picture, Got it, Skip the tips and (when the tip has a
    section of the rules) "More in the rules". Not a dialog: the game stays usable under and
    around it. `inline`: in the screen's flow, not docked."""
    where = "inline" if inline else tip.dock
    more = (button(_("More in the rules"), "rules", "btn small link", section=tip.rules,
                   name=_("More in the rules: {title}").format(title=tip.title)) if tip.rules else "")
    named = esc(_("Tip: {title}").format(title=tip.title))
    return (
        f'<section class="coach {esc(where)}" data-tip="{esc(tip.id)}" '
        f'data-target="{esc(tip.target)}" aria-label="{named}">'
        + (f'<div class="coach-pic" aria-hidden="true">{tip.picture}</div>' if tip.picture else "")
        + f'<div class="coach-words"><h2>{esc(tip.title)}</h2><p>{esc(tip.text)}</p>'
        '<div class="row">'
        + button(_("Got it"), "coach-ok", "btn primary small", tip=tip.id)
        + button(_("Skip the tips"), "coach-skip", "btn small")
        + more
        + "</div></div></section>"
    )


def offer_html(title: str, guided: str) -> str:
    """The start screen's offer of a guided first game (while `Coach.offer_open`): `title`
    is the game's, `guided` what the guided game is ("a guided first game against ...",
    translated)."""
    new = esc(_("New to {title}?").format(title=title))
    play = esc(_("Play {guided}: short tips explain each step when it first matters. You can "
                 "skip them at any time.").format(guided=guided))
    return (
        f'<section class="card coach-offer" data-offer="coach"><h2>{new}</h2><p>{play}</p>'
        '<div class="row">'
        + button(_("Start a guided game"), "coach-start", "btn primary")
        + button(_("No, thanks"), "coach-dismiss", "btn")
        + "</div></section>"
    )
