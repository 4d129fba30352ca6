"""Issue 31's expert iteration: self-play games of a hidden learned level, repeatable given
their seed, and the default plan's games unchanged."""

import gzip
import json
import os

import pytest

from tools.learn import generate

DATA = os.path.join(os.path.dirname(__file__), "..", "tools", "learn", "data")
LEARNED_SEED = 7_600_000  # two seats under the default plan's draws: a learned game of ~3 s


def committed(first, count):
    """The first `count` records of a committed chunk, as written."""
    with gzip.open(os.path.join(DATA, f"games_{first}.jsonl.gz"), "rt", encoding="utf-8") as f:
        return [next(f) for _ in range(count)]


def test_the_default_plan_still_writes_the_committed_games():
    # byte for byte, but for the CPU time: Medium-Medium, Medium-Hard and four seats with Hard
    for line in committed(5_000_000, 3):
        old = json.loads(line)
        new = generate.play(old["seed"])
        assert "plan" not in new and "model" not in new
        old["cpu_s"] = new["cpu_s"] = 0
        assert json.dumps(new, separators=(",", ":")) == json.dumps(old, separators=(",", ":"))


def test_a_learned_plan_game_repeats_for_its_seed(tmp_path):
    levels, eps = generate.game_plan(LEARNED_SEED)
    assert generate.game_plan(LEARNED_SEED, "learned") == (["learned"] * len(levels), eps)
    assert len(levels) == 2
    a = generate.play(LEARNED_SEED, "learned")
    assert generate.run_chunk(str(tmp_path), LEARNED_SEED, 1, "learned") > 0
    (b,) = generate.read_chunks(str(tmp_path))
    assert a["plan"] == b["plan"] == "learned"
    assert a["model"] == "mlp32_v3.json"
    assert a["levels"] == ["learned", "learned"]
    assert a.pop("cpu_s") >= 0 and b.pop("cpu_s") >= 0
    assert a == b
    assert a["decisions"] and len(a["round_pp"]) == 4


def test_an_unknown_plan_is_refused():
    with pytest.raises(ValueError):
        generate.game_plan(5_000_000, "expert")
