"""New-game options: seats, mode, table size, seed, computer players."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from game_kit.names import clean_name

from .errors import MalformedInput, short

COLOURS = ("blue", "red", "yellow", "purple")
MODES = ("normal", "advanced")
BOT_LEVELS = ("easy", "medium", "hard", "expert", "master")
MAX_NAME = 40
MIN_TABLE, MAX_TABLE = 6, 24


MAX_SEED = 10**15  # a seed must survive a save (JSON, and the int-to-text digit limit)


@dataclass(frozen=True)
class Options:
    """Everything that defines a game together with its actions.

    `seats` are player names (1-4; one seat means solo against Alexis). `bots` maps seat
    index to a computer-player strength. `seed` fixes every shuffle; `None` picks one (and
    the chosen seed is kept, so saves replay).
    """

    seats: tuple[str, ...] = ("Player 1", "Player 2")
    mode: str = "normal"
    solo_level: int = 1
    table: tuple[int, int] = (12, 12)
    seed: int | None = None
    bots: dict[int, str] = field(default_factory=dict)
    colours: tuple[str, ...] | None = None
    first_player: int | None = None
    alexis_decides: bool = True

    def __post_init__(self) -> None:
        if isinstance(self.seats, list):
            object.__setattr__(self, "seats", tuple(self.seats))
        if isinstance(self.table, list):
            object.__setattr__(self, "table", tuple(self.table))
        if isinstance(self.colours, list):
            object.__setattr__(self, "colours", tuple(self.colours))
        if isinstance(self.seats, tuple):  # names as shown: see `clean_name`
            object.__setattr__(self, "seats", tuple(clean_name(n) for n in self.seats))
        self._check_types()
        if not isinstance(self.seats, tuple) or not 1 <= len(self.seats) <= 4:
            raise MalformedInput(f"seats must be 1-4 names, got {short(self.seats)}")
        for name in self.seats:
            if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
                raise MalformedInput(
                    f"seat name must be 1-{MAX_NAME} characters, got {short(name)}"
                )
        if self.mode not in MODES:
            raise MalformedInput(f"mode must be one of {MODES}, got {short(self.mode)}")
        if not isinstance(self.solo_level, int) or not 1 <= self.solo_level <= 6:
            raise MalformedInput(f"solo_level must be 1-6, got {short(self.solo_level)}")
        w, h = self.table if len(self.table) == 2 else (0, 0)
        if not all(isinstance(v, int) and MIN_TABLE <= v <= MAX_TABLE for v in (w, h)):
            raise MalformedInput(
                f"table must be two sizes {MIN_TABLE}-{MAX_TABLE}, got {short(self.table)}"
            )
        self._check_bots()
        self._check_colours()
        fp = self.first_player
        if fp is not None and not (isinstance(fp, int) and 0 <= fp < len(self.seats)):
            raise MalformedInput(f"first_player must be a seat index, got {short(fp)}")

    def _check_types(self) -> None:
        """Each field has its JSON type (a bool is never a number, a number never a bool)."""

        def integer(v: object) -> bool:
            return isinstance(v, int) and not isinstance(v, bool)

        checks: tuple[tuple[str, bool, str], ...] = (
            ("mode", isinstance(self.mode, str), "a name"),
            ("solo_level", integer(self.solo_level), "a whole number"),
            (
                "table",
                isinstance(self.table, tuple) and all(integer(v) for v in self.table),
                "two whole numbers",
            ),
            (
                "seed",
                self.seed is None or (integer(self.seed) and abs(self.seed) < MAX_SEED),
                "a whole number of at most 15 digits, or null",
            ),
            ("bots", isinstance(self.bots, dict), "an object"),
            (
                "colours",
                self.colours is None
                or (
                    isinstance(self.colours, tuple)
                    and all(isinstance(c, str) for c in self.colours)
                ),
                "a list of colour names",
            ),
            (
                "first_player",
                self.first_player is None or integer(self.first_player),
                "a seat number",
            ),
            ("alexis_decides", isinstance(self.alexis_decides, bool), "true or false"),
        )
        for name, ok, what in checks:
            if not ok:
                raise MalformedInput(f"{name} must be {what}, got {short(getattr(self, name))}")

    def _check_bots(self) -> None:
        bots = {
            int(k) if isinstance(k, str) and k.isdigit() and len(k) < 4 else k: v
            for k, v in self.bots.items()
        }
        for seat, level in bots.items():
            if not (isinstance(seat, int) and not isinstance(seat, bool)) or not (
                0 <= seat < len(self.seats)
            ):
                raise MalformedInput(f"bots: {short(seat)} is not a seat index")
            if not isinstance(level, str) or level not in BOT_LEVELS:
                raise MalformedInput(f"bots: level must be one of {BOT_LEVELS}, got {short(level)}")
        object.__setattr__(self, "bots", bots)

    def _check_colours(self) -> None:
        if self.colours is None:
            default = COLOURS[: len(self.seats)]
            if self.solo:
                default = ("blue", "purple")
            object.__setattr__(self, "colours", default)
            return
        wanted = len(self.seats) + (1 if self.solo else 0)
        if len(self.colours) != wanted or len(set(self.colours)) != wanted:
            raise MalformedInput(
                f"colours must be {wanted} different colours: {short(self.colours)}"
            )
        if any(c not in COLOURS for c in self.colours):
            raise MalformedInput(f"colours must come from {COLOURS}: {short(self.colours)}")

    @property
    def solo(self) -> bool:
        """One human against Alexis."""
        return len(self.seats) == 1

    @property
    def automaton(self) -> str | None:
        """The automaton playing beside the seats, by its name in `modes.AUTOMATA`."""
        return "alexis" if self.solo else None

    def with_seed(self) -> Options:
        """These options with a concrete seed (drawn at random when none was given)."""
        if self.seed is not None:
            return self
        return replace(self, seed=random.SystemRandom().randrange(2**31))

    def to_json(self) -> dict[str, Any]:
        """A JSON-safe dict."""
        return {
            "seats": list(self.seats),
            "mode": self.mode,
            "solo_level": self.solo_level,
            "table": list(self.table),
            "seed": self.seed,
            "bots": {str(k): v for k, v in sorted(self.bots.items())},
            "colours": list(self.colours or ()),
            "first_player": self.first_player,
            "alexis_decides": self.alexis_decides,
        }

    @classmethod
    def from_json(cls, obj: Any) -> Options:
        """Rebuild from `to_json` output; `MalformedInput` when it is not valid."""
        if not isinstance(obj, dict):
            raise MalformedInput(f"options must be an object, got {type(obj).__name__}")
        known = {
            "seats",
            "mode",
            "solo_level",
            "table",
            "seed",
            "bots",
            "colours",
            "first_player",
            "alexis_decides",
        }
        unknown = set(obj) - known
        if unknown:
            raise MalformedInput(f"unknown option(s) {sorted(unknown)}")
        kwargs = dict(obj)
        if "bots" in kwargs and not isinstance(kwargs["bots"], dict):
            raise MalformedInput("options.bots must be an object")
        try:
            return cls(**kwargs)
        except TypeError as exc:  # wrong types that dataclass init rejects
            raise MalformedInput(f"bad options: {exc}") from exc
