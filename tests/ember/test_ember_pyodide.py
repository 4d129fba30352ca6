"""The Ember Isle engine (and its bots) run unchanged on Pyodide's Python 3.14 in Node.

`make test-deep` only: `make test` plays seeded games of both engines under Pyodide as shipped
(tests/test_build.py, GUARD)."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.deep
@pytest.mark.skipif(
    not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists() or not shutil.which("node"),
    reason="needs node and `npm ci` (make test does both)",
)
def test_ember_games_under_pyodide():
    out = subprocess.run(
        [
            "node",
            str(ROOT / "tools" / "pyodide_check.mjs"),
            str(Path(__file__).with_name("ember_pyodide_smoke.py")),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    assert "ember games ok: 8" in out.stdout
    print(out.stdout)
