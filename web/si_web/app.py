"""The UI as a pure state machine: taps in, HTML out, saves through a storage object.

`App` holds the engine `Game`, which screen shows, and the transient choices of the seat
whose device turn it is (selected hand tile, preview, token target...). The controller
(`web/main.py`) turns a click into ``app.handle(act, data, fields)`` -- ``act`` and
``data`` are the tapped element's ``data-act`` and ``data-*`` attributes, ``fields`` the
current values of the form controls -- then sets ``#app``'s innerHTML to ``app.render()``.
Nothing here imports the browser, so the whole flow is unit-tested in CPython.

Privacy: the game screen renders only ``game.view(viewer)``; ``viewer`` is set when the
player to move taps "show my turn" on the pass-the-device screen, and cleared whenever the
seat to move changes (and on every load).
"""

from __future__ import annotations

import json
from html import escape
from typing import Any, Protocol

from small_islands import (
    MISSIONS,
    OBJECTIVES,
    REWARDS,
    STARTING_TILES,
    TILE_BY_ID,
    Action,
    ChooseObjective,
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
from small_islands.options import MAX_NAME

from . import screens
from .board_svg import (
    LAND_TINTS,
    RESOURCE_NAMES,
    BoardHints,
    TileArt,
    board_svg,
    content_box,
    fit_viewbox,
    mini_tile_svg,
    rotate_points,
    score_chart_svg,
    view_tiles,
)
from .screens import button, esc, swatch

SAVE_KEY = "small-islands/save"
META_KEY = "small-islands/ui"
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
        "mode": "normal",
        "table": "12",
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
        self.game: Game | None = None
        self.viewer: int | None = None
        self.screen = "start"
        self.form = default_form()
        self.form_error: str | None = None
        self.message: str | None = None  # the reason of the last illegal tap
        self.notice: str | None = None  # feedback such as "+5 PP"
        self.broken: tuple[str, str] | None = None  # (reason, raw text)
        self.ui: dict[str, Any] = {}
        self.user_viewbox: tuple[float, float, float, float] | None = None
        self._view_cache: tuple[int, int, dict[str, Any]] | None = None
        self.load()

    # ------------------------------------------------------------------ storage
    def load(self) -> None:
        """Resume from storage: the pass-device screen of the seat to move, or the start."""
        raw = self.storage.get(SAVE_KEY)
        meta = self._meta()
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
        if meta.get("screen") in ("start", "rules"):
            self.screen = "start"
        else:
            self._to_device_screen(force_pass=True)

    def _meta(self) -> dict[str, Any]:
        try:
            meta = json.loads(self.storage.get(META_KEY) or "{}")
        except ValueError:
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

    def _save_meta(self) -> None:
        screen = "start" if self.screen in ("start", "rules") else "game"
        self.storage.set(
            META_KEY,
            json.dumps(
                {
                    "screen": screen,
                    "form": {"names": self.form["names"], "colours": self.form["colours"]},
                }
            ),
        )

    def _save(self) -> None:
        if self.game is not None:
            self.storage.set(SAVE_KEY, self.game.to_json())
        self._save_meta()

    # ------------------------------------------------------------------ helpers
    def view(self) -> dict[str, Any]:
        """The device seat's view (cached until the game changes)."""
        assert self.game is not None and self.viewer is not None
        key = (len(self.game.actions), self.viewer)
        if (
            self._view_cache is None
            or self._view_cache[:2] != key
            or self._view_cache[2].get("_game") != id(self.game)
        ):
            v = self.game.view(self.viewer)
            v["_game"] = id(self.game)
            self._view_cache = (key[0], key[1], v)
        return self._view_cache[2]

    def _to_device_screen(self, force_pass: bool = False) -> None:
        g = self.game
        assert g is not None
        self.ui = {}
        if g.phase == "over":
            self.viewer = None
            self.screen = "over"
        elif force_pass or self.viewer != g.to_move:
            self.viewer = None
            self.screen = "pass"
        else:
            self.screen = "game"

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

    def _read_fields(self, fields: dict[str, str]) -> None:
        for i in range(len(self.form["names"])):
            if f"name-{i}" in fields:
                self.form["names"][i] = fields[f"name-{i}"][:MAX_NAME]
            if fields.get(f"colour-{i}") in screens.COLOURS:
                self.form["colours"][i] = fields[f"colour-{i}"]
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

    def _on_remove_seat(self, data: dict[str, str]) -> None:
        if len(self.form["names"]) > 2:
            self.form["names"].pop()
            self.form["colours"].pop()

    def _on_new(self, data: dict[str, str]) -> None:
        names = [n.strip() for n in self.form["names"]]
        table = int(self.form["table"])
        try:
            options = Options(
                seats=tuple(names),
                mode=self.form["mode"],
                table=(table, table),
                colours=tuple(self.form["colours"]),
            )
            game = Game.new(options)
        except (MalformedInput, ValueError) as exc:
            self.form_error = str(exc)
            return
        self.form_error = None
        if self.storage.get(SAVE_KEY) is not None and self.broken is not None:
            self.storage.set(BROKEN_KEY, self.broken[1])
        self.broken = None
        self.game = game
        self.user_viewbox = None
        self.viewer = None
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

    def _on_rules(self, data: dict[str, str]) -> None:
        self.screen = "rules"

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
        if self.game is not None:
            self.form["names"] = [s.name for s in self.game.seats]
            self.form["colours"] = [s.colour for s in self.game.seats]
            self.form["mode"] = self.game.options.mode
        self.storage.remove(SAVE_KEY)
        self.game = None
        self.screen = "start"
        self._save_meta()

    def _on_unlock(self, data: dict[str, str]) -> None:
        if self.game is not None and self.screen == "pass" and self.game.to_move is not None:
            self.viewer = self.game.to_move
            self.screen = "game"
            self.ui = {}
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

    def _on_fit(self, data: dict[str, str]) -> None:
        self.user_viewbox = None

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
        return screens.start_screen(self.form, summary is not None, summary or "", self.form_error)

    def _save_summary(self) -> str | None:
        if self.storage.get(SAVE_KEY) is None:
            return None
        g = self.game
        if g is None:
            try:
                g = Game.from_json(self.storage.get(SAVE_KEY) or "")
            except (MalformedInput, ValueError):
                return "A saved game (it may not load)."
            self.game = g
        if g.phase == "over":
            return "A finished game: " + ", ".join(s.name for s in g.seats) + "."
        return (
            f"{', '.join(s.name for s in g.seats)} — round {g.round}, "
            f"{PHASE_NAMES.get(g.phase, g.phase).lower()}"
        )

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
        only those that changed (same HTML as `render`); None on other screens."""
        if not (self.screen == "game" and self.game is not None and self.viewer is not None):
            return None
        v = self.view()
        hints, tiles = self._board_hints(v)
        svg = board_svg(v["board"], tiles, hints, self.viewbox(v, tiles, hints))
        return {
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
        if phase == "setup":
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
        round_html = f'<span class="stat">Round {v["round"]}</span>' if v["round"] else ""
        return (
            '<header class="bar">'
            f'<span class="who">{swatch(me["colour"])}<b>{esc(me["name"])}</b></span>'
            f"{round_html}"
            f'<span class="stat">{PHASE_NAMES.get(v["phase"], v["phase"])}</span>'
            f'<span class="stat" title="Navigation stack / reserve / face-up">Nav {v["navigation_count"]} · '
            f"Reserve {v['reserve_count']} · Face-up {display_left}</span>"
            f'<span class="bar-buttons">{undo}{button("Menu", "menu", "btn")}</span>'
            "</header>"
        )

    def _panel(self, v: dict[str, Any]) -> str:
        phase = v["phase"]
        if phase == "setup":
            return self._panel_setup(v)
        if phase == "preparation":
            return self._panel_preparation(v)
        if phase == "exploration":
            return self._panel_exploration(v) + self._objectives_box(v)
        if phase == "reward":
            return self._panel_reward(v)
        return ""

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
                    f'<button type="button" class="tile-btn" data-act="take" data-slot="{slot}" '
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
                    button(f"Return {t} to the box", "discard", "btn", tile=t)
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
            + button("End turn", "end-turn", "btn primary")
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
                    button(f"Keep {value}", "keep", "btn primary disc", index=i)
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
        body += button("Done with houses", "end-reward", "btn" + ("" if at else " primary"))
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
            rows.append(
                f'<li class="player{turn}" data-seat="{s["seat"]}">{swatch(s["colour"])}'
                f"<b>{esc(s['name'])}</b>"
                f"<span>{s['pp']} PP</span><span>houses {s['stock']}+{s['reserve']}</span>"
                f"<span>tokens {s['bonus']}</span><span>{ship}</span>{obj_txt}</li>"
            )
        return f'<section class="card players"><h2>Players</h2><ul>{"".join(rows)}</ul></section>'

    def _log(self, v: dict[str, Any]) -> str:
        items = "".join(
            f"<li>{('<b>' + esc(e['name']) + '</b> ') if e.get('name') else ''}{esc(e['text'])}</li>"
            for e in reversed(v["log"][-40:])
        )
        return f'<details class="card log"><summary>Game log</summary><ol>{items}</ol></details>'

    # the end
    def _over_screen(self) -> str:
        g = self.game
        assert g is not None
        rows = g.scores()
        v = g.view(0)
        v_board = v["board"]
        tiles = view_tiles(v_board)
        hints = BoardHints(hit_cells=False)
        table = "".join(
            f'<tr data-seat="{r["seat"]}"><td>{r["rank"]}</td><td>{swatch(r["colour"])} {esc(r["name"])}</td>'
            f"<td>{r['prestige']}</td><td>{r['discovery']}</td><td>{r['ship_ports']}</td>"
            f"<td><b>{r['total']}</b></td><td>{r['houses_placed']}</td></tr>"
            for r in sorted(rows, key=lambda r: (r["rank"], r["seat"]))
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
            f"<p>{esc(reason)}</p>"
            '<div class="scores-wrap"><table class="scores"><thead><tr><th>#</th><th>Player</th><th>PP</th><th>Discovery</th>'
            "<th>Ship ports</th><th>Total</th><th>Houses</th></tr></thead>"
            f"<tbody>{table}</tbody></table></div>"
            f"{score_chart_svg(rows)}"
            '<p class="tiebreak">Ties are broken by most houses placed, then most ports around the own ship, '
            "then the player who placed a tile last.</p>"
            '<div class="row">'
            + button("Play again", "play-again", "btn primary big")
            + button("Menu", "menu", "btn")
            + "</div>"
            f'<div class="board-wrap final">{board_svg(v_board, tiles, hints, fit_viewbox(content_box([(t.x, t.y) for t in tiles], v_board["width"], v_board["height"])))}</div>'
            "</section>"
        )


def escape_text(text: str) -> str:
    """html.escape with quotes (re-exported for the controller)."""
    return escape(text, quote=True)
