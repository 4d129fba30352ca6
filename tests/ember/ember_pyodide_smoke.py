"""Run under Pyodide by test_ember_pyodide.py: the Ember Isle engine on the browser's Python."""

import json
import random
import sys
import time

from ember_isle import Game, Options
from ember_isle.bots import choose_action
from ember_isle.view import board_from_view, count_after

assert sys.version_info >= (3, 14), sys.version
games, actions, start = 0, 0, time.perf_counter()
for seed in range(8):
    opts = Options(
        seats=tuple("ABCD"[: 2 + seed % 3]), seed=seed, map="random", volcano=seed % 4 != 3
    )
    g = Game.new(opts)
    rng = random.Random(seed)
    while g.phase != "over":
        if actions % 25 == 0:
            for s in range(len(g.seats)):
                json.dumps(g.view(s))
        g.play(rng.choice(g.legal_actions()))
        actions += 1
    assert Game.from_json(g.to_json()).state() == g.state()
    games += 1
elapsed = time.perf_counter() - start
g = Game.new(Options(seats=("A", "B"), seed=1, bots={0: "medium", 1: "easy"}))
bot_times = []
while g.phase != "over":
    seat = g.to_move
    t = time.perf_counter()
    g.play(choose_action(g.view(seat), g.legal_actions(), g.seats[seat].bot, seed))
    bot_times.append(time.perf_counter() - t)
v = Game.new(Options(seats=("A", "B"), seed=3)).view(0)
assert count_after(v, "in:lake", "pearl", board_from_view(v)) == 7
bot_times.sort()
print("pyodide", sys.version.split()[0], "ember games ok:", games)
print(f"random play: {1e6 * elapsed / actions:.0f} us/action over {actions} actions")
print(
    f"bot decisions: median {1000 * bot_times[len(bot_times) // 2]:.1f} ms,"
    f" max {1000 * bot_times[-1]:.0f} ms over {len(bot_times)}"
)
