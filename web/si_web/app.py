"""The UI as a pure state machine: taps in, HTML out, saves through a storage object.

`App` holds the engine `Game`, which screen shows, and the transient choices of the seat
whose device turn it is (selected hand tile, preview, token target...). The controller
(`si_web/controller.py`) turns a click into ``app.handle(act, data, fields)`` -- ``act`` and
``data`` are the tapped element's ``data-act`` and ``data-*`` attributes, ``fields`` the
current values of the form controls -- then sets ``#app``'s innerHTML to ``app.render()``.
Nothing here imports the browser, so the whole flow is unit-tested in CPython.

Privacy: the game screen renders only ``game.view(viewer)``; ``viewer`` is set when the
player to move taps "show my turn" on the pass-the-device screen, and cleared whenever the
seat to move changes (and on every load).
"""

from __future__ import annotations

import json
import math
from typing import Any, Protocol

from small_islands import (
    MISSIONS,
    OBJECTIVES,
    REWARDS,
    STARTING_TILES,
    TILE_BY_ID,
    Action,
    AlexisStep,
    ChooseHouse,
    ChooseObjective,
    ChooseRotation,
    DiscardTile,
    EndReward,
    EndTurn,
    Game,
    IllegalAction,
    KeepDiscovery,
    Land,
    MalformedInput,
    Options,
    PlaceHouse,
    PlacePortToken,
    PlaceResourceToken,
    PlaceTile,
    StartLayout,
    TakeTile,
)
from small_islands.options import BOT_LEVELS, MAX_NAME

from . import explorer, resume, screens
from .board_svg import (
    CELL,
    LAND_TINTS,
    RESOURCE_NAMES,
    BoardHints,
    TileArt,
    board_layers,
    board_layers_svg,
    board_open,
    board_svg,
    content_box,
    fit_viewbox,
    mini_tile_svg,
    rotate_points,
    score_chart_svg,
    view_tiles,
    viewbox_attr,
)
from .markup import escape
from .screens import button, esc, swatch

SAVE_KEY = "small-islands/save"
KINDS = ("human", *BOT_LEVELS)
SPEEDS = {"relaxed": 1600, "normal": 900, "fast": 250, "instant": 0}  # ms between computer steps
BOT_BUDGET_S = 0.25  # Hard's thinking budget per decision (see small_islands.bots)
META_KEY = "small-islands/ui"
# How far (SVG units) the map may be zoomed out beyond the table's width (see zoom_about).
MAP_MARGIN = 1600
BROKEN_KEY = "small-islands/broken-save"
RESOURCES = ("flower", "fruit", "leaf")
PHASE_NAMES = {
    "setup": "Setup",
    "preparation": "Preparation",
    "exploration": "Exploration",
    "reward": "Reward",
    "over": "Game over",
}


class Storage(Protocol):
    """What the app needs from localStorage (a dict-backed fake in tests)."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...


class MemoryStorage:
    """A dict-backed Storage (tests, or when the browser refuses localStorage)."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data = dict(data or {})

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)


def default_form() -> dict[str, Any]:
    return {
        "names": ["Player 1", "Player 2"],
        "colours": ["blue", "red"],
        "kinds": ["human", "human"],
        "mode": "normal",
        "table": "12",
        "solo": False,
        "solo_level": "1",
        "alexis_decides": "me",
        "speed": "normal",
    }


def objective_text(card: str) -> tuple[str, str]:
    """(mission text, reward text) of an Objective card or a Mission/Reward card."""
    if card in OBJECTIVES:
        o = OBJECTIVES[card]
        return MISSIONS[o.mission].text, REWARDS[o.reward].text
    if card in MISSIONS:
        return MISSIONS[card].text, ""
    if card in REWARDS:
        return "", REWARDS[card].text
    return card, ""


class App:
    """Screens, the game, the device seat and its transient choices."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._game: Game | None = None
        self._game_serial = 0  # counts the games this App has held (see auto_token)
        self.viewer: int | None = None
        self.screen = "start"
        self.form = default_form()
        self.form_error: str | None = None
        self.message: str | None = None  # the reason of the last illegal tap
        self.notice: str | None = None  # feedback such as "+5 PP"
        self.broken: tuple[str, str] | None = None  # (reason, raw text)
        self.ui: dict[str, Any] = {}
        self.user_viewbox: tuple[float, float, float, float] | None = None
        self._view_cache: tuple[int, int, Game, dict[str, Any]] | None = None
        self.holder: int | None = None  # the human seat that last held the device
        self.skipping = False  # "skip": computer steps without pauses until a human's turn
        self.events: list[str] = []  # app notes for the log (e.g. the bot worker failed)
        self.auto_note: list[dict[str, Any]] = []  # log entries of the computer steps so far
        self.auto_new = 0  # how many of them the last step added
        self.hint_wanted = False
        self.confirm_new = False
        self.status_open = False  # phones: the players + log drawer under the status strip
        self.ticks: list[tuple[str, list[str]]] = []  # (name, texts) this finished game ticked
        self._ui_saved: str | None = None  # the UI record last written (see resume.py)
        self._ui_pending: dict[str, Any] | None = None  # restored after the pass screen
        raw_record = self.storage.get(explorer.ACH_KEY)
        self.record, self.record_error = explorer.parse_record(raw_record)
        self.record_raw = raw_record if self.record_error else None
        self.load()

    # ------------------------------------------------------------------ storage
    def load(self) -> None:
        """Resume from storage: the pass-device screen of the seat to move, or the start."""
        raw = self.storage.get(SAVE_KEY)
        meta = self._meta()
        if isinstance(meta.get("form"), dict):
            self._restore_settings(meta["form"])
        if raw is None:
            self.screen = "start"
            return
        try:
            self.game = Game.from_json(raw)
        except Exception as exc:  # any unreadable save: report it, keep it
            self.game = None
            self.broken = (str(exc) or exc.__class__.__name__, raw)
            self.screen = "broken"
            return
        if isinstance(meta.get("form"), dict):
            self._restore_form(meta["form"])
        self._restore_view(meta.get("view"))
        self.holder = None
        self.skipping = False
        if meta.get("screen") in ("start", "rules"):
            self.screen = "start"
        else:
            self._to_device_screen(force_pass=True)
            raw_ui = self.storage.get(resume.UI_KEY)
            self._ui_saved = raw_ui
            if self.screen == "game":
                self._restore_ui(resume.parse(raw_ui))
            elif self.screen == "pass":  # the seat's choices come back after its tap
                self._ui_pending = resume.parse(raw_ui)

    def _restore_ui(self, record: dict[str, Any] | None) -> None:
        """Bring back the device seat's saved choices that still hold (never raises)."""
        self._ui_pending = None
        if record is None:
            return
        try:
            if resume.matches(record, self):
                self.ui = resume.validated(self, record["ui"])
        except Exception:  # hostile or stale storage: start the turn without choices
            self.ui = {}

    def _restore_view(self, saved: object) -> None:
        """The map's pan/zoom saved for this game, if it is one the map can show."""
        g = self.game
        if not isinstance(saved, dict) or g is None or saved.get("seed") != g.options.seed:
            return
        box = saved.get("box")
        if not isinstance(box, list) or len(box) != 4:
            return
        if not all(type(v) in (int, float) and math.isfinite(v) for v in box):
            return
        x, y, w, h = (float(v) for v in box)
        limit = g.board.width * CELL + MAP_MARGIN
        if abs(x) <= limit and abs(y) <= limit and 0 < w <= limit and 0 < h <= limit:
            self.user_viewbox = (x, y, w, h)

    def remember_view(self) -> None:
        """Save the map's pan/zoom (the controller calls this when a gesture ends)."""
        self._save_meta()

    def persist_ui(self) -> None:
        """Save the device seat's transient choices when they changed (after every tap)."""
        text = resume.dump(self)
        if text is not None and text != self._ui_saved:
            self.storage.set(resume.UI_KEY, text)
            self._ui_saved = text

    def _meta(self) -> dict[str, Any]:
        try:
            meta = json.loads(self.storage.get(META_KEY) or "{}")
        except (ValueError, RecursionError):
            return {}
        return meta if isinstance(meta, dict) else {}

    def _restore_form(self, form: dict[str, Any]) -> None:
        names = form.get("names")
        colours = form.get("colours")
        if (
            isinstance(names, list)
            and isinstance(colours, list)
            and 2 <= len(names) == len(colours) <= 4
            and all(isinstance(n, str) for n in names)
            and all(c in screens.COLOURS for c in colours)
        ):
            self.form["names"] = [n[:MAX_NAME] for n in names]
            self.form["colours"] = list(colours)
            kinds = form.get("kinds")
            if (
                isinstance(kinds, list)
                and len(kinds) == len(names)
                and all(k in KINDS for k in kinds)
            ):
                self.form["kinds"] = list(kinds)
            else:
                self.form["kinds"] = ["human"] * len(names)

    def _restore_settings(self, form: dict[str, Any]) -> None:
        """The new-game settings that do not depend on the seats (validated)."""
        if isinstance(form.get("solo"), bool):
            self.form["solo"] = form["solo"]
        if form.get("solo_level") in ("1", "2", "3", "4", "5", "6"):
            self.form["solo_level"] = form["solo_level"]
        if form.get("alexis_decides") in ("me", "alexis"):
            self.form["alexis_decides"] = form["alexis_decides"]
        if form.get("speed") in SPEEDS:
            self.form["speed"] = form["speed"]

    def _save_meta(self) -> None:
        screen = "start" if self.screen in ("start", "rules") else "game"
        self.storage.set(
            META_KEY,
            json.dumps(
                {
                    "screen": screen,
                    "form": {
                        k: self.form[k]
                        for k in (
                            "names",
                            "colours",
                            "kinds",
                            "solo",
                            "solo_level",
                            "alexis_decides",
                            "speed",
                        )
                    },
                    **self._view_record(),
                }
            ),
        )

    def _view_record(self) -> dict[str, Any]:
        """The map's pan/zoom for the meta record, tagged with the game it belongs to."""
        if self.game is None or self.user_viewbox is None:
            return {}
        box = [round(v, 1) for v in self.user_viewbox]
        return {"view": {"seed": self.game.options.seed, "box": box}}

    def _save(self) -> None:
        if self.game is not None:
            self.storage.set(SAVE_KEY, self.game.to_json())
        self._save_meta()

    # ------------------------------------------------------------------ helpers
    def view(self) -> dict[str, Any]:
        """The device seat's view (cached until the game changes)."""
        assert self.game is not None and self.viewer is not None
        n, seat, c = len(self.game.actions), self.viewer, self._view_cache
        # the game object itself, not its id(): a new game may reuse a freed game's id
        if c is None or c[0] != n or c[1] != seat or c[2] is not self.game:
            c = self._view_cache = (n, seat, self.game, self.game.view(seat))
        return c[3]

    def _to_device_screen(self, force_pass: bool = False) -> None:
        """The screen after a change: the end, a computer's turn ("watch"), the pass screen
        (only between human seats), or the game screen of the human to move."""
        g = self.game
        assert g is not None
        self.ui = {}
        self._ui_pending = None
        self.hint_wanted = False
        if g.phase == "over":
            self.viewer = None
            self.skipping = False
            self.screen = "over"
            self._record_achievements()
            return
        seat = g.to_move
        assert seat is not None
        if self.is_auto(seat):
            self.viewer = None
            self.screen = "watch"
            return
        self.skipping = False
        if len(self.human_seats()) == 1 or (not force_pass and self.holder == seat):
            self.viewer = self.holder = seat
            self.screen = "game"
        else:
            self.viewer = None
            self.screen = "pass"

    # ------------------------------------------------------------ computer seats
    def is_auto(self, seat: int) -> bool:
        """Is this seat played by the app (a computer player, or solo's Alexis)?"""
        assert self.game is not None
        s = self.game.seats[seat]
        return bool(s.bot) or s.alexis

    def human_seats(self) -> list[int]:
        assert self.game is not None
        return [i for i in range(len(self.game.seats)) if not self.is_auto(i)]

    def has_bots(self) -> bool:
        """Does the current game have a computer-player seat (the worker is worth starting)?"""
        return self.game is not None and any(s.bot for s in self.game.seats)

    def pace_ms(self) -> int:
        """Pause before the next computer step (0 while skipping)."""
        return 0 if self.skipping else SPEEDS.get(self.form["speed"], 900)

    @property
    def game(self) -> Game | None:
        """The game on this device (None on the start screen or after a broken save)."""
        return self._game

    @game.setter
    def game(self, game: Game | None) -> None:
        self._game = game
        self._game_serial += 1

    def auto_token(self) -> str:
        """Identifies the game position a computer request was made for: which game object
        this App holds (a serial number bumped on every assignment, so an undo, a reload or a
        new game never matches an old token -- an id() could be reused by a new object) and
        its action count. (A token naming the position by content -- seed, action count, last
        action -- made e2e/test_game_solo.py fail every time: Alexis's paced steps stopped
        showing on his turn screen; the cause was not found.)"""
        g = self.game
        return "" if g is None else f"{self._game_serial}:{len(g.actions)}"

    def auto_request(self) -> dict[str, Any] | None:
        """What the controller must do for the computer seat to move, or None.

        ``{"kind": "alexis"}``: call `alexis_step`. ``{"kind": "bot", ...}``: ask a bot
        (``request`` is the JSON text for the worker: the seat's view, the legal actions as
        JSON, level, seed, budget) and give the answer to `apply_auto`.
        """
        g = self.game
        if self.screen != "watch" or g is None or g.phase == "over" or g.to_move is None:
            return None
        seat = g.to_move
        if not self.is_auto(seat):
            return None
        token = self.auto_token()
        if g.seats[seat].alexis:
            return {"kind": "alexis", "token": token}
        level = g.seats[seat].bot or "medium"
        seed = ((g.options.seed or 0) * 1_000_003 + len(g.actions) * 7919 + seat) % 2**31
        request = {
            "kind": "bot",
            "view": g.view(seat),
            "legal": [a.to_json() for a in g.legal_actions()],
            "level": level,
            "seed": seed,
            "budget": BOT_BUDGET_S,
        }
        return {
            "kind": "bot",
            "token": token,
            "seat": seat,
            "level": level,
            "n_legal": len(request["legal"]),
            "request": json.dumps(request, separators=(",", ":")),
        }

    def _play_auto(self, action: Action) -> None:
        g = self.game
        assert g is not None and g.to_move is not None
        seat = g.to_move
        start = len(g.log)
        g.play(action, seat=seat)
        new = g.log[start:]
        self.auto_note = (self.auto_note + new)[-12:]
        self.auto_new = len(new)
        self._save()
        self._to_device_screen()

    def alexis_step(self, token: str | None = None) -> bool:
        """Play Alexis's next step (False when it is not his step any more)."""
        g = self.game
        if g is None or (token is not None and token != self.auto_token()):
            return False
        if g.to_move is None or not g.seats[g.to_move].alexis:
            return False
        self._play_auto(AlexisStep())
        return True

    def apply_auto(self, answer: str, token: str, source: str = "worker") -> bool:
        """Play a bot's answer (JSON ``{"action": {...}}``) if it is still wanted and legal.

        An answer for an older position is ignored; an unreadable or illegal one is noted in
        the log and replaced by the main thread's Medium move.
        """
        g = self.game
        if g is None or token != self.auto_token() or self.screen != "watch":
            return False
        try:
            action = Action.from_json(json.loads(answer)["action"])
        except (ValueError, KeyError, TypeError) as exc:
            self.events.append(
                f"A computer player's answer was unreadable ({exc}); Medium played instead."
            )
            return self.fallback_move(token)
        if action not in g.legal_actions():
            self.events.append(
                f"A computer player proposed an illegal move ({action.type}); Medium played instead."
            )
            return self.fallback_move(token)
        self._play_auto(action)
        return True

    def fallback_move(self, token: str) -> bool:
        """The bot to move plays Medium, computed here (when the worker is unavailable)."""
        from small_islands.bots import choose_action

        g = self.game
        if g is None or token != self.auto_token() or g.to_move is None:
            return False
        seat = g.to_move
        if not g.seats[seat].bot:
            return False
        seed = ((g.options.seed or 0) * 1_000_003 + len(g.actions) * 7919 + seat) % 2**31
        action = choose_action(g.view(seat), g.legal_actions(), "medium", seed)
        self._play_auto(action)
        return True

    def note_worker_failed(self, reason: str) -> None:
        """Say in the log that computer players now think on the main thread."""
        self.events.append(
            f"The background worker for computer players failed ({reason}): they now play at "
            "Medium level on the main thread."
        )

    def _on_skip(self, data: dict[str, str]) -> None:
        self.skipping = True

    # ------------------------------------------------------------------ hints
    def _on_hint(self, data: dict[str, str]) -> None:
        self.hint_wanted = True
        self.ui.pop("hint", None)

    def hint_request(self) -> dict[str, Any] | None:
        """The suggestion the human to move asked for (JSON for the worker), or None."""
        g = self.game
        if not self.hint_wanted or g is None or self.screen != "game" or self.viewer is None:
            return None
        request = {
            "kind": "suggest",
            "view": g.view(self.viewer),
            "legal": [a.to_json() for a in g.legal_actions()],
        }
        return {"token": self.auto_token(), "request": json.dumps(request, separators=(",", ":"))}

    def hint_locally(self, token: str) -> bool:
        """Compute the suggestion here (when the worker is unavailable)."""
        from small_islands.bots import suggest

        g = self.game
        if g is None or token != self.auto_token() or self.viewer is None:
            return False
        action, reason = suggest(g.view(self.viewer), g.legal_actions())
        return self.apply_hint(json.dumps({"action": action.to_json(), "reason": reason}), token)

    def apply_hint(self, answer: str, token: str) -> bool:
        """Show a suggestion (validated against the legal actions) as a highlight + reason."""
        g = self.game
        if g is None or token != self.auto_token() or not self.hint_wanted:
            return False
        self.hint_wanted = False
        try:
            data = json.loads(answer)
            action = Action.from_json(data["action"])
            reason = str(data.get("reason", ""))[:300]
        except (ValueError, KeyError, TypeError):
            self.message = "No suggestion could be made."
            return False
        if action not in g.legal_actions():
            self.message = "No suggestion could be made."
            return False
        self.ui["hint"] = {"action": action.to_json(), "reason": reason}
        self._preselect(action)
        self.persist_ui()
        return True

    def _preselect(self, action: Action) -> None:
        """Put the suggested move in the UI's transient choices (the player still confirms)."""
        u = self.ui
        if isinstance(action, PlaceTile):
            u["tile"], u["preview"] = action.tile, (action.x, action.y, action.rotation)
        elif isinstance(action, Land):
            u["mode"], u["ship"], u["land_at"] = "land", action.ship, (action.x, action.y)
        elif isinstance(action, PlaceHouse):
            u["house_at"] = (action.x, action.y, action.index)
        elif isinstance(action, PlacePortToken):
            u["mode"], u["port_at"] = "port", (action.x, action.y)
        elif isinstance(action, PlaceResourceToken):
            u["mode"], u["res_at"] = "resource", (action.x, action.y, action.index)
        elif isinstance(action, StartLayout):
            u["draft"] = [list(p) for p in action.placements]
        elif isinstance(action, ChooseRotation):
            u["alexis_rot"] = action.rotation
        elif isinstance(action, ChooseObjective):
            for slot, card in (("now", action.now), ("later", action.later)):
                for part in card.split("+"):
                    u[f"{slot}_{part[0]}"] = part

    def hinted(self, act: str, **data: object) -> str:
        """' hinted' when the suggestion is this button's move (for its class)."""
        hint = self.ui.get("hint")
        if not hint:
            return ""
        a = hint["action"]
        match = {
            "take": a["type"] == "take_tile" and a.get("slot") == data.get("slot"),
            "end-turn": a["type"] == "end_turn",
            "end-reward": a["type"] == "end_reward",
            "keep": a["type"] == "keep_discovery" and a.get("index") == data.get("index"),
            "discard": a["type"] == "discard_tile" and a.get("tile") == data.get("tile"),
            "alexis-house": a["type"] == "choose_house"
            and [a.get("x"), a.get("y"), a.get("index")] == data.get("at"),
        }
        return " hinted" if match.get(act) else ""

    # ------------------------------------------------------------ achievements
    def _record_achievements(self) -> None:
        """Count this finished game's ticks for its human winners, once, on this device."""
        g = self.game
        assert g is not None and g.phase == "over"
        v = g.view(0)
        self.ticks = []
        ticked: list[str] = []
        for seat, items in enumerate(v.get("achievements") or []):
            if self.is_auto(seat) or not items:
                continue
            self.ticks.append((g.seats[seat].name, [i["text"] for i in items]))
            ticked += [i["id"] for i in items]
        game_id = f"{g.options.seed}-{len(g.actions)}"
        if game_id in self.record["games"]:
            return
        if self.record_error is not None and self.record_raw is not None:
            self.storage.set(explorer.ACH_BROKEN_KEY, self.record_raw)
            self.events.append(
                "The unreadable achievements record was moved aside "
                f"(storage key {explorer.ACH_BROKEN_KEY}); a new record starts with this game."
            )
            self.record_error = None
            self.record_raw = None
        explorer.add_game(self.record, game_id, g.options.mode, ticked)
        self.storage.set(explorer.ACH_KEY, explorer.dump_record(self.record))

    def _play(self, action: Action) -> bool:
        """Play for the device seat; on IllegalAction keep the state and show the reason."""
        g = self.game
        assert g is not None
        seat = self.viewer
        before = g.seats[seat].pp if seat is not None else 0
        try:
            g.play(action, seat=seat)
        except IllegalAction as exc:
            self.message = exc.message
            return False
        gained = g.seats[seat].pp - before if seat is not None else 0
        if gained:
            self.notice = f"+{gained} PP for {g.seats[seat].name}"
        self.auto_note, self.auto_new = [], 0
        self._save()
        self.ui = {}
        self._to_device_screen()
        return True

    def _why_not(self, action: Action) -> None:
        """Show the engine's reason why `action` is illegal (never changes the game)."""
        assert self.game is not None
        trial = self.game.clone()
        try:
            trial.play(action, seat=self.viewer)
        except (IllegalAction, MalformedInput) as exc:
            self.message = getattr(exc, "message", str(exc))
        else:
            self.message = "That is not possible here."

    # ------------------------------------------------------------------ input
    def handle(
        self, act: str, data: dict[str, str] | None = None, fields: dict[str, str] | None = None
    ) -> None:
        """Apply one tap (act + data-* values), with the form's current field values."""
        data = data or {}
        if fields:
            self._read_fields(fields)
        self.message = None
        if act not in ("rotate",):
            self.notice = None if act not in ("noop",) else self.notice
        handler = getattr(self, "_on_" + act.replace("-", "_"), None)
        if handler is None:
            return
        try:
            handler(data)
        except (ValueError, KeyError, IndexError) as exc:  # bad data-* values: never crash
            self.message = f"Cannot do that: {exc}"
        self.persist_ui()

    def _read_fields(self, fields: dict[str, str]) -> None:
        for i in range(len(self.form["names"])):
            if f"name-{i}" in fields:
                self.form["names"][i] = fields[f"name-{i}"][:MAX_NAME]
            if fields.get(f"colour-{i}") in screens.COLOURS:
                self.form["colours"][i] = fields[f"colour-{i}"]
            if fields.get(f"kind-{i}") in KINDS:
                self.form["kinds"][i] = fields[f"kind-{i}"]
        if fields.get("solo-level") in ("1", "2", "3", "4", "5", "6"):
            self.form["solo_level"] = fields["solo-level"]
        if fields.get("alexis-decides") in ("me", "alexis"):
            self.form["alexis_decides"] = fields["alexis-decides"]
        if fields.get("speed") in SPEEDS:
            self.form["speed"] = fields["speed"]
        if fields.get("mode") in ("normal", "advanced"):
            self.form["mode"] = fields["mode"]
        if fields.get("table", "").isdigit():
            self.form["table"] = fields["table"]

    # start screen
    def _on_add_seat(self, data: dict[str, str]) -> None:
        names, colours = self.form["names"], self.form["colours"]
        if len(names) < 4:
            names.append(f"Player {len(names) + 1}")
            colours.append(next(c for c in screens.COLOURS if c not in colours))
            self.form["kinds"].append("human")

    def _on_remove_seat(self, data: dict[str, str]) -> None:
        if len(self.form["names"]) > 2:
            self.form["names"].pop()
            self.form["colours"].pop()
            self.form["kinds"].pop()

    def _on_form_solo(self, data: dict[str, str]) -> None:
        self.form["solo"] = data.get("solo") == "1"
        self._save_meta()

    def _new_options(self) -> Options:
        """The Options of the new-game form (MalformedInput / ValueError when invalid)."""
        table = int(self.form["table"])
        names = [n.strip() for n in self.form["names"]]
        if self.form["solo"]:
            mine = self.form["colours"][0]
            alexis = "purple" if mine != "purple" else "red"
            return Options(
                seats=(names[0],),
                mode=self.form["mode"],
                table=(table, table),
                colours=(mine, alexis),
                solo_level=int(self.form["solo_level"]),
                alexis_decides=self.form["alexis_decides"] == "alexis",
            )
        bots = {i: k for i, k in enumerate(self.form["kinds"]) if k != "human"}
        return Options(
            seats=tuple(names),
            mode=self.form["mode"],
            table=(table, table),
            colours=tuple(self.form["colours"]),
            bots=bots,
        )

    def has_game_in_progress(self) -> bool:
        """A saved game that loads and is not over (starting another one would lose it)."""
        if self.storage.get(SAVE_KEY) is None or self.broken is not None:
            return False
        g = self.game
        if g is None:
            try:
                g = Game.from_json(self.storage.get(SAVE_KEY) or "")
            except Exception:
                return False
        return g.phase != "over"

    def _on_new(self, data: dict[str, str]) -> None:
        try:
            game = Game.new(self._new_options())
        except (MalformedInput, ValueError) as exc:
            self.form_error = str(exc)
            return
        self.form_error = None
        if self.has_game_in_progress() and data.get("confirmed") != "1":
            self.confirm_new = True
            return
        self.confirm_new = False
        if self.storage.get(SAVE_KEY) is not None and self.broken is not None:
            self.storage.set(BROKEN_KEY, self.broken[1])
        self.broken = None
        self.game = game
        self.user_viewbox = None
        self.viewer = None
        self.holder = None
        self.skipping = False
        self.auto_note = []
        self.ticks = []
        self._save()
        self._to_device_screen(force_pass=True)
        self._save_meta()

    def _on_continue(self, data: dict[str, str]) -> None:
        self.load_game_screen()

    def load_game_screen(self) -> None:
        raw = self.storage.get(SAVE_KEY)
        if raw is None:
            return
        self.storage.set(META_KEY, json.dumps({"screen": "game"}))
        self.load()

    def _on_new_cancel(self, data: dict[str, str]) -> None:
        self.confirm_new = False

    def _on_rules(self, data: dict[str, str]) -> None:
        self.screen = "rules"

    def _on_explorer(self, data: dict[str, str]) -> None:
        self.screen = "explorer"

    def _on_back(self, data: dict[str, str]) -> None:
        self.screen = "start"

    def _on_menu(self, data: dict[str, str]) -> None:
        self.viewer = None
        self.ui = {}
        self.screen = "start"
        self._save_meta()

    def _on_fresh(self, data: dict[str, str]) -> None:
        if self.broken is not None:
            self.storage.set(BROKEN_KEY, self.broken[1])
        self.storage.remove(SAVE_KEY)
        self.broken = None
        self.game = None
        self.screen = "start"
        self._save_meta()

    def _on_play_again(self, data: dict[str, str]) -> None:
        g = self.game
        if g is not None:
            humans = [s for s in g.seats if not s.alexis]
            self.form["solo"] = g.options.solo
            if g.options.solo:
                self.form["solo_level"] = str(g.options.solo_level)
                self.form["alexis_decides"] = "alexis" if g.options.alexis_decides else "me"
            if len(humans) >= 2:
                self.form["names"] = [s.name for s in humans]
                self.form["colours"] = [s.colour for s in humans]
                self.form["kinds"] = [s.bot or "human" for s in humans]
            else:
                self.form["names"][0] = humans[0].name
                self.form["colours"][0] = humans[0].colour
                if self.form["colours"][1] == humans[0].colour:
                    self.form["colours"][1] = next(
                        c for c in screens.COLOURS if c not in self.form["colours"]
                    )
            self.form["mode"] = g.options.mode
        self.storage.remove(SAVE_KEY)
        self.game = None
        self.screen = "start"
        self._save_meta()

    def _on_unlock(self, data: dict[str, str]) -> None:
        if self.game is not None and self.screen == "pass" and self.game.to_move is not None:
            self.viewer = self.game.to_move
            self.holder = self.viewer
            self.screen = "game"
            self.ui = {}
            self._restore_ui(self._ui_pending)
            self._save_meta()

    def _on_undo(self, data: dict[str, str]) -> None:
        g = self.game
        if g is None or self.viewer is None:
            return
        try:
            self.game = g.undo()
        except IllegalAction as exc:
            self.message = exc.message
            return
        self._save()
        self.ui = {}
        self._to_device_screen()

    def _on_status(self, data: dict[str, str]) -> None:
        self.status_open = not self.status_open

    def _on_fit(self, data: dict[str, str]) -> None:
        self.user_viewbox = None
        self._save_meta()

    # setup
    def _draft(self) -> list[list[Any]]:
        if "draft" not in self.ui:
            self.ui["draft"] = [list(p) for p in self.view()["legal"]["layouts"][0]]
        return self.ui["draft"]

    def _on_layout(self, data: dict[str, str]) -> None:
        layouts = self.view()["legal"]["layouts"]
        self.ui["draft"] = [list(p) for p in layouts[int(data["n"])]]
        self.ui.pop("draft_sel", None)

    def _on_draft_flip(self, data: dict[str, str]) -> None:
        sel = self.ui.get("draft_sel")
        if sel is None:
            self.message = "Tap a starting tile first."
            return
        p = self._draft()[sel]
        for front, back in STARTING_TILES:
            if p[0] == front.id:
                p[0] = back.id
                break
            if p[0] == back.id:
                p[0] = front.id
                break

    def _on_draft_rotate(self, data: dict[str, str]) -> None:
        sel = self.ui.get("draft_sel")
        if sel is None:
            self.message = "Tap a starting tile first."
            return
        p = self._draft()[sel]
        p[3] = (p[3] + 1) % 4

    def _on_layout_accept(self, data: dict[str, str]) -> None:
        draft = self._draft()
        self._play(StartLayout(tuple((p[0], p[1], p[2], p[3]) for p in draft)))

    def layout_problem(self) -> str | None:
        """Why the draft starting layout is not legal (None when it is)."""
        assert self.game is not None
        draft = self._draft()
        try:
            self.game.check_layout(StartLayout(tuple((p[0], p[1], p[2], p[3]) for p in draft)))
        except IllegalAction as exc:
            return exc.message
        return None

    def _setup_cell(self, x: int, y: int) -> None:
        draft = self._draft()
        here = next((i for i, p in enumerate(draft) if (p[1], p[2]) == (x, y)), None)
        sel = self.ui.get("draft_sel")
        if sel is None or sel == here:
            if here is None:
                self.message = "Tap one of the starting tiles to select it."
            self.ui["draft_sel"] = None if sel == here else here
            return
        x0, y0, x1, y1 = self.game.middle() if self.game else (0, 0, 0, 0)
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            self.message = f"The starting tiles go in the middle of the table ({x1 - x0 + 1} × {y1 - y0 + 1} cells)."
            return
        if here is not None:  # swap
            draft[here][1], draft[here][2] = draft[sel][1], draft[sel][2]
        draft[sel][1], draft[sel][2] = x, y
        self.ui["draft_sel"] = None

    # preparation
    def _on_obj(self, data: dict[str, str]) -> None:
        card, slot = data["card"], data["slot"]
        kind = card[0]  # O, M or R
        key = f"{slot}_{kind}"
        other = f"{'later' if slot == 'now' else 'now'}_{kind}"
        self.ui[key] = card
        if self.ui.get(other) == card:
            self.ui.pop(other)

    def chosen_objectives(self) -> tuple[str, str] | None:
        """The (now, later) pair the player has picked, or None while incomplete."""
        mode = self.game.options.mode if self.game else "normal"
        u = self.ui
        if mode == "normal":
            if u.get("now_O") and u.get("later_O"):
                return u["now_O"], u["later_O"]
            return None
        need = ("now_M", "now_R", "later_M", "later_R")
        if all(u.get(k) for k in need):
            return f"{u['now_M']}+{u['now_R']}", f"{u['later_M']}+{u['later_R']}"
        return None

    def _on_obj_confirm(self, data: dict[str, str]) -> None:
        pair = self.chosen_objectives()
        if pair is None:
            self.message = "Choose one objective for this round and one for the next."
            return
        self._play(ChooseObjective(*pair))

    # exploration
    def _on_take(self, data: dict[str, str]) -> None:
        self._play(TakeTile(int(data["slot"])))

    def _on_hand(self, data: dict[str, str]) -> None:
        tile = data["tile"]
        self.ui["tile"] = tile
        self.ui.pop("preview", None)
        v = self.view()
        place = (v["legal"] or {}).get("place", {})
        if v["stage"] == "place" and place and not place.get(tile):
            self.message = f"Tile {tile} fits nowhere on the map now; choose another."

    def selected_tile(self) -> str | None:
        """The hand tile being placed (default: the first one that fits)."""
        v = self.view()
        hand = [t["id"] for t in v["hand"]]
        place = (v["legal"] or {}).get("place", {})
        tile = self.ui.get("tile")
        if tile in hand:
            return tile
        for t in reversed(hand):  # the tile just taken is last: offer it first
            if place.get(t):
                return t
        return hand[0] if hand else None

    def _legal_rotations(self, tile: str, x: int, y: int) -> list[int]:
        place = (self.view()["legal"] or {}).get("place", {})
        return [r for px, py, r in place.get(tile, []) if (px, py) == (x, y)]

    def _on_cell(self, data: dict[str, str]) -> None:
        x, y = int(data["x"]), int(data["y"])
        g = self.game
        if g is None or self.viewer is None:
            return
        v = self.view()
        legal = v["legal"] or {}
        if g.phase == "setup":
            self._setup_cell(x, y)
            return
        if g.phase == "exploration" and v["stage"] == "place":
            tile = self.selected_tile()
            if tile is None:
                return
            rotations = self._legal_rotations(tile, x, y)
            if not rotations:
                self._why_not(PlaceTile(tile, x, y, 0))
                return
            prev = self.ui.get("preview")
            if prev and (prev[0], prev[1]) == (x, y):
                self._rotate()
            else:
                self.ui["preview"] = (x, y, rotations[0])
            return
        if g.phase == "exploration" and v["stage"] == "take" and self.ui.get("mode") == "land":
            ship = self.current_ship()
            cells = [tuple(c) for c in legal.get("land", {}).get(ship, [])]
            if (x, y) in cells:
                self.ui["land_at"] = (x, y)
            else:
                self._why_not(Land(ship or "grey", x, y))
            return
        if g.phase == "exploration" and v["stage"] == "bonus" and self.ui.get("mode") == "port":
            if [x, y] in legal.get("port_tokens", []):
                self.ui["port_at"] = (x, y)
            else:
                self._why_not(PlacePortToken(x, y))
            return
        # any other tap on the map: the engine says why nothing happens
        if g.phase == "reward":
            self._why_not(PlaceHouse(x, y, 0, None))
        elif g.phase == "preparation":
            self.message = "First choose your objectives (below the map)."
        elif v["stage"] == "take":
            self.message = "First take a tile from the display (or land a ship)."
        elif v["stage"] == "bonus":
            self.message = "Place a bonus token (choose its side first) or end your turn."
        else:
            self._why_not(PlaceTile(self.selected_tile() or "", x, y, 0))

    def _rotate(self) -> None:
        prev = self.ui.get("preview")
        tile = self.selected_tile()
        if not prev or tile is None:
            return
        rotations = self._legal_rotations(tile, prev[0], prev[1])
        if not rotations:
            return
        i = rotations.index(prev[2]) if prev[2] in rotations else -1
        self.ui["preview"] = (prev[0], prev[1], rotations[(i + 1) % len(rotations)])

    def _on_rotate(self, data: dict[str, str]) -> None:
        self._rotate()

    def _on_confirm_place(self, data: dict[str, str]) -> None:
        prev = self.ui.get("preview")
        tile = self.selected_tile()
        if not prev or tile is None:
            self.message = "Tap a highlighted cell first."
            return
        self._play(PlaceTile(tile, prev[0], prev[1], prev[2]))

    def _on_cancel(self, data: dict[str, str]) -> None:
        for key in ("preview", "mode", "land_at", "port_at", "res_at", "house_at"):
            self.ui.pop(key, None)

    def _on_discard(self, data: dict[str, str]) -> None:
        self._play(DiscardTile(data["tile"]))

    def current_ship(self) -> str | None:
        land = (self.view()["legal"] or {}).get("land", {})
        ship = self.ui.get("ship")
        if ship in land:
            return ship
        return next(iter(land), None)

    def _on_land_mode(self, data: dict[str, str]) -> None:
        self.ui["mode"] = None if self.ui.get("mode") == "land" else "land"
        self.ui.pop("land_at", None)

    def _on_ship(self, data: dict[str, str]) -> None:
        self.ui["ship"] = data["ship"]
        self.ui.pop("land_at", None)

    def _on_confirm_land(self, data: dict[str, str]) -> None:
        at = self.ui.get("land_at")
        ship = self.current_ship()
        if not at or ship is None:
            self.message = "Tap a highlighted cell for the ship first."
            return
        self._play(Land(ship, at[0], at[1]))

    def _on_res_mode(self, data: dict[str, str]) -> None:
        self.ui["mode"] = "resource"
        self.ui.pop("res_at", None)

    def _on_port_mode(self, data: dict[str, str]) -> None:
        self.ui["mode"] = "port"
        self.ui.pop("port_at", None)

    def _on_res(self, data: dict[str, str]) -> None:
        self.ui["res_at"] = (int(data["x"]), int(data["y"]), int(data["index"]))

    def _on_res_pick(self, data: dict[str, str]) -> None:
        at = self.ui.get("res_at")
        if not at:
            self.message = "Tap a highlighted resource symbol first."
            return
        self._play(PlaceResourceToken(at[0], at[1], at[2], data["resource"]))

    def _on_port_confirm(self, data: dict[str, str]) -> None:
        at = self.ui.get("port_at")
        if not at:
            self.message = "Tap a highlighted tile first."
            return
        self._play(PlacePortToken(at[0], at[1]))

    def _on_end_turn(self, data: dict[str, str]) -> None:
        self._play(EndTurn())

    # reward
    def _on_house(self, data: dict[str, str]) -> None:
        self.ui["house_at"] = (int(data["x"]), int(data["y"]), int(data["index"]))

    def house_gains(self) -> list[tuple[str | None, int]]:
        """(choice, PP) for each way to build on the selected house location."""
        at = self.ui.get("house_at")
        if not at or self.game is None:
            return []
        legal = (self.view()["legal"] or {}).get("houses", [])
        out = []
        for x, y, index, choice in legal:
            if (x, y, index) == at:
                trial = self.game.clone()
                seat = trial.to_move
                before = trial.seats[seat].pp
                trial.play(PlaceHouse(x, y, index, choice))
                out.append((choice, trial.seats[seat].pp - before))
        return out

    def _on_house_build(self, data: dict[str, str]) -> None:
        at = self.ui.get("house_at")
        if not at:
            self.message = "Tap a highlighted house location first."
            return
        choice = data.get("choice") or None
        self._play(PlaceHouse(at[0], at[1], at[2], choice))

    def _on_keep(self, data: dict[str, str]) -> None:
        self._play(KeepDiscovery(int(data["index"])))

    def _on_end_reward(self, data: dict[str, str]) -> None:
        self._play(EndReward())

    # ------------------------------------------------------------------ output
    def render(self) -> str:
        """The whole #app content for the current screen."""
        if self.screen == "rules":
            return screens.rules_screen()
        if self.screen == "explorer":
            return explorer.explorer_screen(self.record, self.record_error, self.record_raw)
        if self.screen == "watch" and self.game is not None and self.game.to_move is not None:
            return self._watch_screen()
        if self.screen == "broken" and self.broken is not None:
            return screens.broken_screen(*self.broken)
        if self.screen == "pass" and self.game is not None and self.game.to_move is not None:
            seat = self.game.seats[self.game.to_move]
            return screens.pass_screen(seat.name, seat.colour, self._pass_reason()) + self._toasts()
        if self.screen == "over" and self.game is not None:
            return self._over_screen()
        if self.screen == "game" and self.game is not None and self.viewer is not None:
            return self._game_screen()
        summary = self._save_summary()
        return screens.start_screen(
            self.form, summary is not None, summary or "", self.form_error, self.confirm_new
        )

    def _save_summary(self) -> str | None:
        if self.storage.get(SAVE_KEY) is None:
            return None
        g = self.game
        if g is None:
            try:
                g = Game.from_json(self.storage.get(SAVE_KEY) or "")
            except Exception:  # any unreadable save: the start screen still shows
                return "A saved game (it may not load)."
            self.game = g
        names = ", ".join(s.name + (f" ({s.bot})" if s.bot else "") for s in g.seats)
        if g.options.solo:
            names += f" — solo, level {g.options.solo_level}"
        if g.phase == "over":
            return "A finished game: " + names + "."
        return f"{names} — round {g.round}, {PHASE_NAMES.get(g.phase, g.phase).lower()}"

    def _pass_reason(self) -> str:
        g = self.game
        assert g is not None
        return {
            "setup": "They arrange the starting tiles.",
            "preparation": "They choose their objectives in secret.",
            "exploration": "It is their turn to explore.",
            "reward": "It is their reward phase.",
        }.get(g.phase, "")

    def _toasts(self) -> str:
        parts = []
        if self.message:
            parts.append(
                f'<p class="toast error" role="alert" data-msg="error">{esc(self.message)}</p>'
            )
        if self.notice:
            parts.append(
                f'<p class="toast notice" role="status" data-msg="notice">{esc(self.notice)}</p>'
            )
        return '<div class="toasts">' + "".join(parts) + "</div>" if parts else ""

    # the game screen
    def render_parts(self) -> dict[str, str] | None:
        """On the game screen: its parts by container id, so the controller can replace
        only those that changed (same HTML as `render`); None on other screens.

        ``board-wrap`` is the whole map; ``board-map``, ``board-marks`` and ``board-vb`` are its
        layers and viewBox, so that a tap which only changes the marks (select, preview,
        rotate) replaces the marks group alone."""
        if not (self.screen == "game" and self.game is not None and self.viewer is not None):
            return None
        v = self.view()
        hints, tiles = self._board_hints(v)
        viewbox = self.viewbox(v, tiles, hints)
        map_layer, marks_layer = board_layers(v["board"], tiles, hints)
        svg = board_open(viewbox) + board_layers_svg(map_layer, marks_layer)
        return {
            "board-map": map_layer,
            "board-marks": marks_layer,
            "board-vb": viewbox_attr(viewbox),
            "game": f'data-phase="{v["phase"]}" data-stage="{v["stage"] or ""}" data-seat="{v["seat"]}"',
            "phase": v["phase"],
            "stage": v["stage"] or "",
            "seat": str(v["seat"]),
            "si-bar": self._status_bar(v),
            "board-wrap": svg + button("Fit", "fit", "btn fit"),
            "si-panel": self._panel(v) + self._players(v) + self._log(v),
            "si-toasts": self._toasts(),
        }

    def _game_screen(self) -> str:
        parts = self.render_parts()
        assert parts is not None
        return (
            f'<div class="game" data-screen="game" {parts["game"]}>'
            f'<div id="si-bar" class="bar-wrap">{parts["si-bar"]}</div>'
            f'<div class="board-wrap" id="board-wrap">{parts["board-wrap"]}</div>'
            f'<aside class="panel" id="si-panel">{parts["si-panel"]}</aside>'
            f'<div id="si-toasts">{parts["si-toasts"]}</div></div>'
        )

    def viewbox(
        self, v: dict[str, Any], tiles: list[TileArt], hints: BoardHints
    ) -> tuple[float, float, float, float]:
        """The user's pan/zoom, else a fit of the map and its targets."""
        if self.user_viewbox is not None:
            return self.user_viewbox
        cells = {(t.x, t.y) for t in tiles} | hints.cell_targets
        if hints.middle:
            cells |= {(hints.middle[0], hints.middle[1]), (hints.middle[2], hints.middle[3])}
        b = v["board"]
        return fit_viewbox(content_box(cells, b["width"], b["height"]))

    def _board_hints(self, v: dict[str, Any]) -> tuple[BoardHints, list[TileArt]]:
        legal = v["legal"] or {}
        tiles = view_tiles(v["board"])
        hints = BoardHints()
        phase, stage = v["phase"], v["stage"]
        if stage == "alexis_rotation":
            solo = v["solo"]
            r = self.alexis_rotation()
            if solo["pending_tile"] and solo["pending_cell"] and r is not None:
                t = TILE_BY_ID[solo["pending_tile"]["id"]]
                x, y = solo["pending_cell"]
                hints.preview = TileArt(x, y, rotate_points(t.points, r), t.symbols, r)
                hints.cell_act = "alexis-rot"
        elif stage == "alexis_house":
            spots = [(x, y, i, "alexis-house") for x, y, i in legal.get("alexis_houses", [])]
            hints.symbol_targets = spots
            cells = {(x, y) for x, y, _, _ in spots}
            for island in v["board"]["islands"]:
                if any(tuple(c) in cells for c in island["cells"]):
                    hints.island_cells |= {tuple(c) for c in island["cells"]}  # type: ignore[misc]
        elif phase == "setup":
            hints.middle = tuple(v["middle"])  # type: ignore[assignment]
            for n, (tid, x, y, r) in enumerate(self._draft()):
                t = TILE_BY_ID[tid]
                tiles.append(
                    TileArt(x, y, rotate_points(t.points, r), t.symbols, r, None, LAND_TINTS[n % 2])
                )
            sel = self.ui.get("draft_sel")
            if sel is not None:
                p = self._draft()[sel]
                hints.selected = (p[1], p[2])
        elif phase == "exploration" and stage == "place":
            tile = self.selected_tile()
            if tile:
                hints.cell_targets = {(x, y) for x, y, _ in legal.get("place", {}).get(tile, [])}
                prev = self.ui.get("preview")
                if prev:
                    t = TILE_BY_ID[tile]
                    hints.preview = TileArt(
                        prev[0], prev[1], rotate_points(t.points, prev[2]), t.symbols, prev[2]
                    )
        elif phase == "exploration" and stage == "take" and self.ui.get("mode") == "land":
            ship = self.current_ship()
            hints.cell_targets = {tuple(c) for c in legal.get("land", {}).get(ship, [])}  # type: ignore[misc]
            at = self.ui.get("land_at")
            if at:
                hints.preview = TileArt(at[0], at[1], "SSSSSSSS", ("ship",), 0, ship)
        elif phase == "exploration" and stage == "bonus":
            if self.ui.get("mode") == "resource":
                seen = set()
                for x, y, index, _ in legal.get("resource_tokens", []):
                    if (x, y, index) not in seen:
                        seen.add((x, y, index))
                        hints.symbol_targets.append((x, y, index, "res"))
                at = self.ui.get("res_at")
                if at:
                    hints.selected = (at[0], at[1])
            elif self.ui.get("mode") == "port":
                hints.cell_targets = {(x, y) for x, y in legal.get("port_tokens", [])}
                at = self.ui.get("port_at")
                if at:
                    hints.selected = at
        elif phase == "reward" and not v.get("pending_discovery"):
            seen = set()
            spots = []
            for x, y, index, _ in legal.get("houses", []):
                if (x, y, index) not in seen:
                    seen.add((x, y, index))
                    spots.append((x, y, index, "house"))
            hints.symbol_targets = spots
            cells = {(x, y) for x, y, _, _ in spots}
            for island in v["board"]["islands"]:
                if any(tuple(c) in cells for c in island["cells"]):
                    hints.island_cells |= {tuple(c) for c in island["cells"]}  # type: ignore[misc]
            at = self.ui.get("house_at")
            if at:
                hints.selected = (at[0], at[1])
        return hints, tiles

    def _status_bar(self, v: dict[str, Any]) -> str:
        me = v["seats"][v["seat"]]
        display_left = sum(1 for t in v["display"] if t is not None)
        undo = button("Undo", "undo", "btn") if v["can_undo"] else ""
        if not (v["stage"] or "").startswith("alexis"):
            undo = button("Suggest a move", "hint", "btn", disabled=self.hint_wanted) + undo
        round_html = f'<span class="stat">Round {v["round"]}</span>' if v["round"] else ""
        return (
            '<header class="bar">'
            f'<span class="who">{swatch(me["colour"])}<b>{esc(me["name"])}</b></span>'
            f"{round_html}"
            f'<span class="stat">{PHASE_NAMES.get(v["phase"], v["phase"])}</span>'
            f'<span class="stat" title="Navigation stack / reserve / face-up">Nav {v["navigation_count"]} · '
            f"Reserve {v['reserve_count']} · Face-up {display_left}</span>"
            f'<span class="bar-buttons">{self._strip_toggle()}{undo}{button("Menu", "menu", "btn")}</span>'
            "</header>" + self._strip(v)
        )

    def _strip(self, v: dict[str, Any]) -> str:
        """Phones: each seat's essentials in short form, always on screen, and a toggle for
        the full players panel + log (a drawer over the map; hidden by CSS on wide screens)."""
        chips = []
        for s in v["seats"]:
            turn = s["seat"] == v["to_move"]
            full = (
                f"{s['name']}: {s['pp']} PP, houses {s['stock']} in stock and {s['reserve']} "
                f"in reserve, {s['bonus']} bonus tokens" + (", to move" if turn else "")
            )
            chips.append(
                f'<li class="chip{" turn" if turn else ""}" data-seat="{s["seat"]}"'
                + (' aria-current="true"' if turn else "")
                + f'><span class="sr">{esc(full)}</span><span class="short" aria-hidden="true">'
                f'{swatch(s["colour"])}<span class="nm">{esc(s["name"])}</span>'
                f"<b>{s['pp']}</b>&#8239;PP<span>H{s['stock']}+{s['reserve']}</span><span>T{s['bonus']}</span></span></li>"
            )
        drawer = (
            '<div id="si-drawer" class="drawer">'
            + self._players(v)
            + self._log(v, expanded=True)
            + button("Close", "status", "btn")
            + "</div>"
            if self.status_open
            else '<div id="si-drawer" class="drawer" hidden></div>'
        )
        return f'<ul class="strip" aria-label="Scores">{"".join(chips)}</ul>{drawer}'

    def _strip_toggle(self) -> str:
        """The button that opens/closes the drawer of `_strip` (phones only, by CSS)."""
        return (
            f'<button type="button" class="btn strip-toggle{" on" if self.status_open else ""}" data-act="status" '
            f'aria-expanded="{"true" if self.status_open else "false"}" aria-controls="si-drawer">'
            "Players</button>"
        )

    def _panel(self, v: dict[str, Any]) -> str:
        return self._hint_box() + self._since_box() + self._phase_panel(v)

    def _hint_box(self) -> str:
        if self.hint_wanted:
            return '<section class="card hint" data-hint="wait"><p>Thinking of a suggestion…</p></section>'
        hint = self.ui.get("hint")
        if not hint:
            return ""
        return (
            '<section class="card hint" data-hint="ready"><h2>Suggestion</h2>'
            f'<p data-hint-type="{esc(hint["action"]["type"])}">{esc(hint["reason"])}</p>'
            '<p class="small">Highlighted below or on the map; you still confirm the move.</p></section>'
        )

    def _since_box(self) -> str:
        """What the computer seats did since this human's last move."""
        if not self.auto_note:
            return ""
        return (
            '<details class="card since"><summary>While you waited</summary><ol>'
            + "".join(self._log_item(e) for e in self.auto_note)
            + "</ol></details>"
        )

    @staticmethod
    def _log_item(e: dict[str, Any], cls: str = "") -> str:
        who = ("<b>" + esc(e["name"]) + "</b> ") if e.get("name") else ""
        attr = f' class="{cls}"' if cls else ""
        return f"<li{attr}>{who}{esc(e['text'])}</li>"

    def _phase_panel(self, v: dict[str, Any]) -> str:
        phase = v["phase"]
        if v["stage"] == "alexis_rotation":
            return self._panel_alexis_rotation(v)
        if v["stage"] == "alexis_house":
            return self._panel_alexis_house(v)
        if phase == "setup":
            return self._panel_setup(v)
        if phase == "preparation":
            return self._panel_preparation(v)
        if phase == "exploration":
            return self._panel_exploration(v) + self._objectives_box(v)
        if phase == "reward":
            return self._panel_reward(v)
        return ""

    def alexis_rotation(self) -> int | None:
        """The rotation previewed for Alexis's tile (default: the first legal one)."""
        rots = (self.view()["legal"] or {}).get("alexis_rotations", [])
        r = self.ui.get("alexis_rot")
        return r if r in rots else (rots[0] if rots else None)

    def _on_alexis_rot(self, data: dict[str, str]) -> None:
        rots = (self.view()["legal"] or {}).get("alexis_rotations", [])
        cur = self.alexis_rotation()
        if "rotation" in data:
            self.ui["alexis_rot"] = int(data["rotation"])
        elif rots and cur is not None:
            self.ui["alexis_rot"] = rots[(rots.index(cur) + 1) % len(rots)]

    def _on_alexis_rot_confirm(self, data: dict[str, str]) -> None:
        r = self.alexis_rotation()
        if r is None:
            self.message = "No rotation to choose."
            return
        self._play(ChooseRotation(r))

    def _on_alexis_house(self, data: dict[str, str]) -> None:
        self._play(ChooseHouse(int(data["x"]), int(data["y"]), int(data["index"])))

    def _panel_alexis_rotation(self, v: dict[str, Any]) -> str:
        solo = v["solo"]
        tile = solo["pending_tile"] or {}
        cell = solo["pending_cell"] or ["?", "?"]
        rots = (v["legal"] or {}).get("alexis_rotations", [])
        cur = self.alexis_rotation()
        card = solo.get("card") or {}
        buttons = "".join(
            f'<button type="button" class="tile-btn{" on" if r == cur else ""}" data-act="alexis-rot" '
            f'data-rotation="{r}" aria-label="Rotation {r}">'
            f"{mini_tile_svg(tile.get('points', 'SSSSSSSS'), tile.get('symbols', []), r, f'Rotation {r}')}</button>"
            for r in rots
        )
        return (
            '<section class="card alexis"><h2>Choose the rotation of Alexis\'s tile</h2>'
            + (f'<p class="alexis-card">Card {esc(card.get("text", ""))}</p>' if card else "")
            + f"<p>Alexis places {esc(tile.get('id', ''))} at ({esc(cell[0])}, {esc(cell[1])}). "
            "Pick one of the legal rotations (previewed on the map).</p>"
            f'<div class="tiles">{buttons}</div><div class="row">'
            + button("Confirm rotation", "alexis-rot-confirm", "btn primary")
            + "</div></section>"
        )

    def _panel_alexis_house(self, v: dict[str, Any]) -> str:
        spots = (v["legal"] or {}).get("alexis_houses", [])
        return (
            '<section class="card alexis"><h2>Where does Alexis build?</h2>'
            "<p>Alexis places a house on this island: tap one of the ringed house locations.</p>"
            '<div class="row">'
            + "".join(
                button(
                    f"({x}, {y}) location {i + 1}",
                    "alexis-house",
                    "btn" + self.hinted("alexis-house", at=[x, y, i]),
                    x=x,
                    y=y,
                    index=i,
                )
                for x, y, i in spots
            )
            + "</div></section>"
        )

    # the computer's turns
    def watch_view(self) -> tuple[dict[str, Any], bool]:
        """(the view shown while a computer seat moves, whether its secrets may show).

        With one human the device is theirs: their view, hand and objectives included.
        Otherwise only the public parts of a view are rendered."""
        g = self.game
        assert g is not None and g.to_move is not None
        humans = self.human_seats()
        seat = humans[0] if humans else g.to_move
        return g.view(seat), len(humans) == 1

    def _watch_screen(self) -> str:
        g = self.game
        assert g is not None and g.to_move is not None
        v, mine = self.watch_view()
        seat = g.to_move
        s = g.seats[seat]
        who = "Alexis" if s.alexis else f"{s.name} (computer, {s.bot})"
        kind = "alexis" if s.alexis else "bot"
        tiles = view_tiles(v["board"])
        hints = BoardHints(hit_cells=False)
        if v["board"]["tiles"]:
            last = v["board"]["tiles"][-1]
            hints.selected = (last["x"], last["y"])
        svg = board_svg(v["board"], tiles, hints, self.viewbox(v, tiles, hints))
        n = len(self.auto_note)
        steps = "".join(
            self._log_item(e, "new" if i >= n - self.auto_new else "")
            for i, e in enumerate(self.auto_note)
        )
        solo = v.get("solo")
        card = (solo or {}).get("card")
        alexis_info = ""
        if solo:
            alexis_info = (
                f'<p class="alexis-info">Alexis: level {solo["level"]}, {solo["stack_count"]} cards in his stack'
                + (f"; carrying out {esc(card['text'])}" if card else "")
                + "</p>"
            )
        status = "Thinking…" if kind == "bot" else "Playing his cards…"
        mine_html = self._hand_box(v, selectable=False) + self._objectives_box(v) if mine else ""
        round_html = f'<span class="stat">Round {v["round"]}</span>' if v["round"] else ""
        return (
            f'<div class="game watch" data-screen="watch" data-kind="{kind}" data-seat="{seat}" '
            f'data-phase="{v["phase"]}" data-stage="{esc(v["stage"] or "")}" data-step="{len(g.actions)}">'
            '<div class="bar-wrap"><header class="bar">'
            f'<span class="who">{swatch(s.colour)}<b>{esc(who)}</b></span>{round_html}'
            f'<span class="stat">{PHASE_NAMES.get(v["phase"], v["phase"])}</span>'
            f'<span class="stat thinking" role="status">{status}</span>'
            '<span class="bar-buttons">'
            + self._strip_toggle()
            + button("Skip", "skip", "btn primary", disabled=self.skipping)
            + button("Menu", "menu", "btn")
            + "</span></header>"
            + self._strip(v)
            + "</div>"
            f'<div class="board-wrap">{svg}</div>'
            '<aside class="panel"><section class="card steps"><h2>'
            + esc("Alexis's turn" if s.alexis else f"{s.name}'s turn")
            + f"</h2>{alexis_info}<ol>{steps}</ol></section>"
            '<section class="card"><h3>Face-up</h3>'
            + self._display_box(v, False)
            + "</section>"
            + mine_html
            + self._players(v)
            + self._log(v)
            + "</aside>"
            + self._toasts()
            + "</div>"
        )

    def _panel_setup(self, v: dict[str, Any]) -> str:
        layouts = v["legal"]["layouts"]
        problem = self.layout_problem()
        status = (
            f'<p class="error" data-layout="bad">{esc(problem)}</p>'
            if problem
            else '<p class="ok" data-layout="ok">This arrangement is legal.</p>'
        )
        sel = self.ui.get("draft_sel")
        return (
            '<section class="card"><h2>Arrange the starting tiles</h2>'
            "<p>Accept the ready arrangement, pick another, or tap a starting tile to flip it, "
            "turn it, or move it (then tap a cell of the dashed middle area).</p>"
            '<div class="row">'
            + "".join(
                button(f"Ready layout {n + 1}", "layout", "btn", n=n) for n in range(len(layouts))
            )
            + "</div>"
            '<div class="row">'
            + button("Flip side", "draft-flip", "btn", disabled=sel is None)
            + button("Rotate", "draft-rotate", "btn", disabled=sel is None)
            + "</div>"
            f"{status}"
            + button(
                "Start with this arrangement",
                "layout-accept",
                "btn primary",
                disabled=problem is not None,
            )
            + "</section>"
        )

    def _card_html(self, card: str, slots: tuple[str, ...]) -> str:
        mission, reward = objective_text(card)
        chosen = [s for s in slots if self.ui.get(f"{s}_{card[0]}") == card]
        cls = "objective" + (" chosen-" + chosen[0] if chosen else "")
        label = {"now": "This round", "later": "Next round"}
        return (
            f'<div class="{cls}" data-card="{esc(card)}"><b class="card-id">{esc(card)}</b>'
            + (f'<span class="mission">Mission: {esc(mission)}</span>' if mission else "")
            + (f'<span class="reward">Reward: {esc(reward)}</span>' if reward else "")
            + '<span class="row">'
            + "".join(
                button(
                    label[s], "obj", "btn small" + (" on" if s in chosen else ""), card=card, slot=s
                )
                for s in slots
            )
            + "</span></div>"
        )

    def _panel_preparation(self, v: dict[str, Any]) -> str:
        held = v["held"]
        pair = self.chosen_objectives()
        if v["mode"] == "normal":
            cards = "".join(self._card_html(c, ("now", "later")) for c in held)
            hint = "Keep one objective for this round and one for the next; the third goes back."
        else:
            cards = (
                "<h3>Missions</h3>"
                + "".join(self._card_html(c, ("now", "later")) for c in held if c[0] == "M")
                + "<h3>Rewards</h3>"
                + "".join(self._card_html(c, ("now", "later")) for c in held if c[0] == "R")
            )
            hint = "Build this round's objective from a mission and a reward, and keep one of each for next round."
        return (
            '<section class="card"><h2>Choose your objectives</h2>'
            f"<p>{hint}</p>{cards}"
            + button("Confirm objectives", "obj-confirm", "btn primary", disabled=pair is None)
            + "</section>"
            + self._hand_box(v, selectable=False)
        )

    def _objectives_box(self, v: dict[str, Any]) -> str:
        parts = []
        for key, label in (("objective", "This round"), ("next_objective", "Next round")):
            o = v.get(key)
            if o:
                parts.append(
                    f'<div class="objective small" data-secret="objective"><b>{label}: {esc(o["id"])}</b>'
                    f"<span>Mission: {esc(o['mission_text'])}</span>"
                    f"<span>Reward: {esc(o['reward_text'])}</span></div>"
                )
        return '<section class="card objectives">' + "".join(parts) + "</section>" if parts else ""

    def _hand_box(self, v: dict[str, Any], selectable: bool) -> str:
        legal = v["legal"] or {}
        place = legal.get("place", {})
        sel = self.selected_tile() if selectable else None
        items = []
        for t in v["hand"]:
            svg = mini_tile_svg(t["points"], t["symbols"], 0, f"Tile {t['id']}")
            if selectable:
                cls = (
                    "tile-btn"
                    + (" on" if t["id"] == sel else "")
                    + ("" if place.get(t["id"]) else " nofit")
                )
                items.append(
                    f'<button type="button" class="{cls}" data-act="hand" data-tile="{esc(t["id"])}" '
                    f'data-secret="hand" aria-label="Hand tile {esc(t["id"])}">{svg}</button>'
                )
            else:
                items.append(
                    f'<span class="tile-btn static" data-secret="hand" data-tile="{esc(t["id"])}">{svg}</span>'
                )
        return (
            '<section class="card hand"><h2>Your hand</h2>'
            f'<div class="tiles">{"".join(items)}</div></section>'
        )

    def _display_box(self, v: dict[str, Any], takeable: bool) -> str:
        take = set((v["legal"] or {}).get("take", []))
        items = []
        for slot, t in enumerate(v["display"]):
            if t is None:
                items.append('<span class="tile-btn empty">empty</span>')
                continue
            svg = mini_tile_svg(t["points"], t["symbols"], 0, f"Face-up tile {t['id']}")
            if takeable and slot in take:
                items.append(
                    f'<button type="button" class="tile-btn{self.hinted("take", slot=slot)}" data-act="take" data-slot="{slot}" '
                    f'aria-label="Take face-up tile {slot + 1}">{svg}</button>'
                )
            else:
                items.append(f'<span class="tile-btn static">{svg}</span>')
        return f'<div class="tiles display">{"".join(items)}</div>'

    def _panel_exploration(self, v: dict[str, Any]) -> str:
        legal = v["legal"] or {}
        stage = v["stage"]
        if stage == "take":
            land = legal.get("land", {})
            land_part = ""
            if land:
                ships = ""
                if self.ui.get("mode") == "land":
                    cur = self.current_ship()
                    if len(land) > 1:
                        ships = (
                            '<div class="row">'
                            + "".join(
                                button(
                                    f"{s.title()} ship",
                                    "ship",
                                    "btn" + (" on" if s == cur else ""),
                                    ship=s,
                                )
                                for s in land
                            )
                            + "</div>"
                        )
                    at = self.ui.get("land_at")
                    ships += (
                        "<p>Tap a highlighted cell for the ship.</p>"
                        + '<div class="row">'
                        + button("Land here", "confirm-land", "btn primary", disabled=not at)
                        + button("Cancel", "cancel", "btn")
                        + "</div>"
                    )
                land_part = (
                    "<p>The navigation stack is empty: you may land a ship instead (this ends the exploration).</p>"
                    + button(
                        "Land a ship",
                        "land-mode",
                        "btn" + (" on" if self.ui.get("mode") == "land" else ""),
                    )
                    + ships
                )
            return (
                '<section class="card"><h2>Explore: take a face-up tile</h2>'
                + self._display_box(v, True)
                + land_part
                + "</section>"
                + self._hand_box(v, selectable=False)
            )
        if stage == "place":
            if legal.get("discard"):
                buttons = "".join(
                    button(
                        f"Return {t} to the box",
                        "discard",
                        "btn" + self.hinted("discard", tile=t),
                        tile=t,
                    )
                    for t in legal["discard"]
                )
                return (
                    '<section class="card"><h2>No tile fits</h2><p>None of your tiles can be placed '
                    f'anywhere. Return one to the box and draw another.</p><div class="row">{buttons}</div></section>'
                    + self._hand_box(v, selectable=False)
                )
            prev = self.ui.get("preview")
            tile = self.selected_tile()
            n_rot = len(self._legal_rotations(tile, prev[0], prev[1])) if prev and tile else 0
            controls = (
                '<div class="row">'
                + button("Rotate", "rotate", "btn", disabled=n_rot < 2)
                + button("Confirm", "confirm-place", "btn primary", disabled=not prev)
                + button("Cancel", "cancel", "btn", disabled=not prev)
                + "</div>"
            )
            return (
                '<section class="card"><h2>Explore: place a tile</h2>'
                "<p>Pick a hand tile, tap a highlighted cell, rotate, confirm.</p>"
                + controls
                + "</section>"
                + self._hand_box(v, selectable=True)
                + '<section class="card"><h3>Face-up</h3>'
                + self._display_box(v, False)
                + "</section>"
            )
        # bonus
        me = v["seats"][v["seat"]]
        mode = self.ui.get("mode")
        extra = ""
        if mode == "resource":
            at = self.ui.get("res_at")
            if at:
                options = [
                    r for x, y, i, r in legal.get("resource_tokens", []) if (x, y, i) == tuple(at)
                ]
                extra = (
                    '<p>Show which resource?</p><div class="row">'
                    + "".join(
                        button(RESOURCE_NAMES[r], "res-pick", "btn primary", resource=r)
                        for r in options
                    )
                    + "</div>"
                )
            else:
                extra = "<p>Tap a highlighted resource symbol on the map.</p>"
            extra += button("Cancel", "cancel", "btn")
        elif mode == "port":
            at = self.ui.get("port_at")
            extra = (
                (
                    "<p>Put a port token on this tile?</p>"
                    if at
                    else "<p>Tap a highlighted coastal tile.</p>"
                )
                + '<div class="row">'
                + button("Place port token", "port-confirm", "btn primary", disabled=not at)
                + button("Cancel", "cancel", "btn")
                + "</div>"
            )
        can_res = bool(legal.get("resource_tokens"))
        can_port = bool(legal.get("port_tokens"))
        return (
            f'<section class="card"><h2>Bonus token ({me["bonus"]} left)</h2>'
            "<p>Optionally place one bonus token, then your turn ends.</p>"
            '<div class="row">'
            + button(
                "Resource side",
                "res-mode",
                "btn" + (" on" if mode == "resource" else ""),
                disabled=not can_res,
            )
            + button(
                "Port side",
                "port-mode",
                "btn" + (" on" if mode == "port" else ""),
                disabled=not can_port,
            )
            + button("End turn", "end-turn", "btn primary" + self.hinted("end-turn"))
            + "</div>"
            f"{extra}</section>" + self._hand_box(v, selectable=False)
        )

    def _panel_reward(self, v: dict[str, Any]) -> str:
        legal = v["legal"] or {}
        o = v.get("objective")
        head = '<section class="card"><h2>Reward phase</h2>' + (
            f'<div class="objective small" data-secret="objective"><b>Your objective {esc(o["id"])}</b>'
            f"<span>Mission: {esc(o['mission_text'])}</span><span>Reward: {esc(o['reward_text'])}</span></div>"
            if o
            else "<p>You have no objective this round.</p>"
        )
        pending = v.get("pending_discovery")
        if pending:
            return (
                head
                + '<h3>Discovery: keep one token</h3><div class="row">'
                + "".join(
                    button(
                        f"Keep {value}",
                        "keep",
                        "btn primary disc" + self.hinted("keep", index=i),
                        index=i,
                    )
                    for i, value in enumerate(pending)
                )
                + "</div></section>"
            )
        me = v["seats"][v["seat"]]
        at = self.ui.get("house_at")
        body = ""
        if legal.get("houses"):
            body += f"<p>Qualifying islands are outlined. Tap a ringed house location ({me['stock']} houses in stock).</p>"
        else:
            body += "<p>No island qualifies for a house now.</p>"
        if at:
            gains = self.house_gains()
            body += (
                '<div class="row">'
                + "".join(
                    button(
                        (f"{RESOURCE_NAMES[c]}: " if c else "Build here: ")
                        + (f"+{pp} PP" if pp or not self._is_discovery(v) else "draw Discovery"),
                        "house-build",
                        "btn primary",
                        choice=c or "",
                    )
                    for c, pp in gains
                )
                + button("Cancel", "cancel", "btn")
                + "</div>"
            )
        body += button(
            "Done with houses",
            "end-reward",
            "btn" + ("" if at else " primary") + self.hinted("end-reward"),
        )
        return head + body + "</section>"

    @staticmethod
    def _is_discovery(v: dict[str, Any]) -> bool:
        o = v.get("objective")
        return bool(o and o["reward"] == "R10")

    def _players(self, v: dict[str, Any]) -> str:
        rows = []
        for s in v["seats"]:
            turn = " turn" if s["seat"] == v["to_move"] else ""
            ship = "ship landed" if s["ship"] else "ship at sea"
            obj = s.get("objective")
            obj_txt = (
                f'<span class="obj">Objective {esc(obj["id"])}: {esc(obj["mission_text"])}</span>'
                if obj
                else ""
            )
            kind = f" (computer, {s['bot']})" if s.get("bot") else ""
            if v.get("solo") and s["seat"] == 1:
                kind = f" (level {v['solo']['level']})"
            rows.append(
                f'<li class="player{turn}" data-seat="{s["seat"]}">{swatch(s["colour"])}'
                f"<b>{esc(s['name'])}</b>{esc(kind)}"
                f"<span>{s['pp']} PP</span><span>houses {s['stock']}+{s['reserve']}</span>"
                f"<span>tokens {s['bonus']}</span><span>{ship}</span>{obj_txt}</li>"
            )
        return f'<section class="card players"><h2>Players</h2><ul>{"".join(rows)}</ul></section>'

    def _log(self, v: dict[str, Any], expanded: bool = False) -> str:
        items = "".join(f'<li class="app-note">{esc(t)}</li>' for t in reversed(self.events[-5:]))
        items += "".join(self._log_item(e) for e in reversed(v["log"][-40:]))
        opened = " open" if expanded else ""
        return f'<details{opened} class="card log"><summary>Game log</summary><ol>{items}</ol></details>'

    # the end
    def _over_screen(self) -> str:
        g = self.game
        assert g is not None
        rows = g.scores()
        v = g.view(0)
        v_board = v["board"]
        tiles = view_tiles(v_board)
        hints = BoardHints(hit_cells=False)
        solo = g.options.solo
        table = "".join(
            f'<tr data-seat="{r["seat"]}"><td>{r["rank"]}</td><td>{swatch(r["colour"])} {esc(r["name"])}</td>'
            f"<td>{r['prestige']}</td><td>{r['discovery']}</td><td>{r['ship_ports']}</td>"
            + (f'<td class="alexis-bonus">{r["alexis_bonus"]}</td>' if solo else "")
            + f"<td><b>{r['total']}</b></td><td>{r['houses_placed']}</td></tr>"
            for r in sorted(rows, key=lambda r: (r["rank"], r["seat"]))
        )
        bonus_head = "<th>Alexis bonus</th>" if solo else ""
        if self.ticks:
            ticks = "".join(
                f"<li><b>{esc(name)}</b>: {esc('; '.join(texts))}</li>"
                for name, texts in self.ticks
            )
            ach = (
                '<section class="card ticks" data-ticks="1"><h2>Great Explorer: ticked this game</h2>'
                f"<ul>{ticks}</ul></section>"
            )
        else:
            ach = (
                '<section class="card ticks" data-ticks="0"><h2>Great Explorer</h2><p>No achievement '
                "ticked this game (they count only for a player who wins).</p></section>"
            )
        notes = "".join(f'<p class="app-note">{esc(t)}</p>' for t in self.events[-3:])
        solo_note = (
            f"<p>Solo, level {g.options.solo_level}: you win only with a strictly higher score than Alexis.</p>"
            if solo
            else ""
        )
        winners = [r["name"] for r in rows if r["rank"] == 1]
        reason = {
            "ships": "All four ships have landed.",
            "reserve": "The reserve could not fill the navigation stack.",
            "display": "No face-up tile was left and no ship could land.",
        }.get(g.end_reason or "", "")
        return (
            '<section class="screen over" data-screen="over">'
            f"<h1>{esc(' and '.join(winners))} win{'s' if len(winners) == 1 else ''}!</h1>"
            f"<p>{esc(reason)}</p>{solo_note}"
            '<div class="scores-wrap"><table class="scores"><thead><tr><th>#</th><th>Player</th><th>PP</th><th>Discovery</th>'
            f"<th>Ship ports</th>{bonus_head}<th>Total</th><th>Houses</th></tr></thead>"
            f"<tbody>{table}</tbody></table></div>"
            f"{ach}{notes}"
            f"{score_chart_svg(rows)}"
            '<p class="tiebreak">Ties are broken by most houses placed, then most ports around the own ship, '
            "then the player who placed a tile last.</p>"
            '<div class="row">'
            + button("Play again", "play-again", "btn primary big")
            + button("Great Explorer", "explorer", "btn")
            + button("Menu", "menu", "btn")
            + "</div>"
            f'<div class="board-wrap final">{board_svg(v_board, tiles, hints, fit_viewbox(content_box([(t.x, t.y) for t in tiles], v_board["width"], v_board["height"])))}</div>'
            "</section>"
        )


def escape_text(text: str) -> str:
    """html.escape with quotes (re-exported for the controller)."""
    return escape(text, quote=True)
