"""Quick A/B of Hard variants against Medium: ``python bench/ei_hard2.py VARIANT -- ARGS``.

VARIANT names a knob set of `ember_isle.bots.strong` (see KNOBS there); ARGS are the
tournament's. Prints the tournament report.
"""

from __future__ import annotations

import sys

from ember_isle.__main__ import main
from ember_isle.bots import POLICIES, strong

if __name__ == "__main__":
    args = sys.argv[1:]
    cut = args.index("--") if "--" in args else len(args)
    for pair in args[:cut]:
        key, val = pair.split("=")
        cur = getattr(strong.KNOBS, key)
        setattr(strong.KNOBS, key, type(cur)(val))
    print("knobs:", strong.KNOBS, flush=True)
    POLICIES["hard"] = strong.hard
    sys.exit(main(["tournament", *args[cut + 1 :]]))
