"""What every game of the app shares, with no game's rules in it (standard library only):

- `errors`: `IllegalAction` (with a stable code) and `MalformedInput`, and `short`, which
  quotes hostile input in a message without ever recursing;
- `jsonio`: `load_json`, JSON read from anyone (a save, a file, a stored record, a worker's
  answer), bounded before it is parsed (size, depth) and strict while it is (duplicate keys,
  numbers no game uses);
- `actions`: the action base and registry (a game's root class holds its `registry`);
- `save`: the save envelope (``format``, ``app``, ``options``, ``actions``, and ``rev`` in
  the app's storage) written and read strictly for any game (`SaveFormat`: a game's format
  name, its options and actions), and `replay`, which names the action that does not replay;
- `names`: `clean_name`, a player's name as shown;
- `stats`: tournament statistics (Wilson interval, mean and standard error, margins paired by
  deal);
- `cli`: the command line's skeleton (``simulate``, ``replay FILE``, random play, the
  simulation's report; the command line only, not shipped to the browser).

No game package imports another; each imports this kit (`tests/test_structure.py`).
"""

from .errors import IllegalAction, MalformedInput, short
from .jsonio import load_json

__all__ = ["IllegalAction", "MalformedInput", "load_json", "short"]
