"""Run under Pyodide by tests/test_pyodide.py: the engine on the browser's Python."""

import json
import random
import sys
import time

from small_islands import Game, Options
from small_islands.__main__ import simulate

assert sys.version_info >= (3, 14), sys.version
times = []
for seed in range(24):
    seats = 1 + seed % 4
    opts = Options(
        seats=tuple("ABCD"[:seats]),
        mode=("normal", "advanced")[seed % 2],
        seed=seed,
        solo_level=1 + seed % 6,
    )
    start = time.perf_counter()
    g = Game.new(opts)
    rng = random.Random(seed)
    while g.phase != "over":
        for s in range(len(g.seats)):
            json.dumps(g.view(s))
        g.play(rng.choice(g.legal_actions()))
    times.append(time.perf_counter() - start)
    assert Game.from_json(g.to_json()).state() == g.state()
print("pyodide", sys.version.split()[0], "games ok:", len(times))
print(simulate(20, 4, "normal", 0).splitlines()[1])
