"""New-game options: seats, seed, map, objects, first player, volcano, computer players, and
the seat compensation of four-player games (`balance`)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from game_kit.names import clean_name

from .balance import BALANCES, SEATS, default_for
from .content import ARRANGEMENTS, COLOURS, DEFAULT_MAP
from .errors import MalformedInput, short

BOT_LEVELS = ("easy", "medium", "hard")
MAX_NAME = 40
MAX_SEED = 10**15  # a seed must survive a save (JSON, and the int-to-text digit limit)
MAPS = ("default", "random")
OBJECTS = ("default", "random", "players")


@dataclass(frozen=True)
class Options:
    """Everything that defines a game together with its actions.

    `seats` are 2-4 player names (seat order is clockwise). `map` is ``"default"``,
    ``"random"`` or an arrangement such as ``"A1B2C1"``; `objects` is ``"default"`` (the
    default map only), ``"random"`` or ``"players"``; None picks ``"default"`` on the default
    map and ``"random"`` elsewhere. `first_player` None draws one. `volcano=False` is the
    basic island. `seed` None picks one (kept, so saves replay). `balance` is the seat
    compensation (`balance.BALANCES`); None picks the default rule of the table size (see
    `balance.default_for`); only four-player games may have one other than ``"none"``.

    >>> Options(seats=("Ann", "Bob"), seed=1).objects
    'default'
    """

    seats: tuple[str, ...] = ("Player 1", "Player 2")
    seed: int | None = None
    map: str = "default"
    objects: str | None = None
    first_player: int | None = None
    volcano: bool = True
    bots: dict[int, str] = field(default_factory=dict)
    colours: tuple[str, ...] | None = None
    balance: str | None = None

    def __post_init__(self) -> None:
        for name in ("seats", "colours"):
            if isinstance(getattr(self, name), list):
                object.__setattr__(self, name, tuple(getattr(self, name)))
        if isinstance(self.seats, tuple):  # names as shown: see `clean_name`
            object.__setattr__(self, "seats", tuple(clean_name(n) for n in self.seats))
        if not isinstance(self.seats, tuple) or not 2 <= len(self.seats) <= 4:
            raise MalformedInput(f"seats must be 2-4 names, got {short(self.seats)}")
        for name in self.seats:
            if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
                raise MalformedInput(f"seat name must be 1-{MAX_NAME} characters, got "
                    f"{short(name)}")
        seed = self.seed
        if seed is not None and (
            not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) >= MAX_SEED
        ):
            raise MalformedInput(
                f"seed must be a whole number of at most 15 digits, got {short(self.seed)}"
            )
        if self.map not in MAPS and self.map not in ARRANGEMENTS:
            raise MalformedInput(f"map must be default, random or an arrangement, got "
                f"{short(self.map)}")
        self._check_objects()
        if not isinstance(self.volcano, bool):
            raise MalformedInput(f"volcano must be true or false, got {short(self.volcano)}")
        fp = self.first_player
        if fp is not None and not (
            isinstance(fp, int) and not isinstance(fp, bool) and 0 <= fp < len(self.seats)
        ):
            raise MalformedInput(f"first_player must be a seat index, got {short(fp)}")
        self._check_bots()
        self._check_colours()
        self._check_balance()

    def _check_objects(self) -> None:
        on_default = self.map in ("default", DEFAULT_MAP)
        if self.objects is None:
            object.__setattr__(self, "objects", "default" if on_default else "random")
        if self.objects not in OBJECTS:
            raise MalformedInput(f"objects must be one of {OBJECTS}, got {short(self.objects)}")
        if self.objects == "default" and not on_default:
            raise MalformedInput("the default objects belong to the default map")

    def _check_bots(self) -> None:
        if not isinstance(self.bots, dict):
            raise MalformedInput("bots must map seat indexes to levels")
        bots = {
            int(k) if isinstance(k, str) and k.isdigit() else k: v for k, v in self.bots.items()
        }
        for seat, level in bots.items():
            if not isinstance(seat, int) or not 0 <= seat < len(self.seats):
                raise MalformedInput(f"bots: {short(seat)} is not a seat index")
            if level not in BOT_LEVELS:
                raise MalformedInput(f"bots: level must be one of {BOT_LEVELS}, got {short(level)}")
        object.__setattr__(self, "bots", bots)

    def _check_colours(self) -> None:
        if self.colours is None:
            object.__setattr__(self, "colours", COLOURS[: len(self.seats)])
            return
        n = len(self.seats)
        if (
            not isinstance(self.colours, tuple)
            or len(set(self.colours)) != n
            or len(self.colours) != n
            or any(c not in COLOURS for c in self.colours)
        ):
            raise MalformedInput(f"colours must be {n} different colours of {COLOURS}")

    def _check_balance(self) -> None:
        if self.balance is None:
            object.__setattr__(self, "balance", default_for(len(self.seats)))
        if self.balance not in BALANCES:
            raise MalformedInput(f"balance must be one of {BALANCES}, got {short(self.balance)}")
        if self.balance != "none" and len(self.seats) != SEATS:
            raise MalformedInput(f"balance {self.balance} is a rule of four-player games only")

    @property
    def hand_size(self) -> int:
        """Clue cards dealt to each player."""
        return 6 if len(self.seats) == 2 else 4

    def with_seed(self) -> Options:
        """These options with a concrete seed (drawn at random when none was given)."""
        if self.seed is not None:
            return self
        return replace(self, seed=random.SystemRandom().randrange(2**31))

    def to_json(self) -> dict[str, Any]:
        """A JSON-safe dict (``balance`` only when there is one: older saves have none)."""
        out: dict[str, Any] = {
            "seats": list(self.seats),
            "seed": self.seed,
            "map": self.map,
            "objects": self.objects,
            "first_player": self.first_player,
            "volcano": self.volcano,
            "bots": {str(k): v for k, v in sorted(self.bots.items())},
            "colours": list(self.colours or ()),
        }
        if self.balance != "none":
            out["balance"] = self.balance
        return out

    @classmethod
    def from_json(cls, obj: Any) -> Options:
        """Rebuild from `to_json` output; `MalformedInput` when it is not valid. A save
        without ``balance`` was made before the option existed, or under no compensation:
        it replays under ``"none"``."""
        if not isinstance(obj, dict):
            raise MalformedInput(f"options must be an object, got {type(obj).__name__}")
        known = {
            "seats", "seed", "map", "objects", "first_player", "volcano", "bots", "colours",
            "balance",
        }
        unknown = set(obj) - known
        if unknown:
            raise MalformedInput(f"unknown option(s) {sorted(unknown)}")
        try:
            return cls(**{"balance": "none", **obj})
        except (TypeError, AttributeError) as exc:
            raise MalformedInput(f"bad options: {exc}") from exc
