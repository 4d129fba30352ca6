"""Tuning runs of Ember Isle's Hard: ``python bench/ei_hard_tune.py KEY=VALUE ... -- ARGS``.

The KEY=VALUE pairs override `ember_isle.bots.search.Settings` fields; ARGS are the
tournament's (``--a hard --b medium --games S --seats N --seed X``). Used for the tuning
table of bench/RESULTS.md, "Ember Isle Hard" (seeds >= 100000 only).
"""

from __future__ import annotations

import dataclasses
import sys

from ember_isle.__main__ import main
from ember_isle.bots import search

if __name__ == "__main__":
    args = sys.argv[1:]
    cut = args.index("--") if "--" in args else len(args)
    overrides = {}
    for pair in args[:cut]:
        key, val = pair.split("=")
        kind = type(getattr(search.SETTINGS, key))
        overrides[key] = kind(val)
    search.SETTINGS = dataclasses.replace(search.SETTINGS, **overrides)
    print("settings:", search.SETTINGS, flush=True)
    sys.exit(main(["tournament", *args[cut + 1 :]]))
