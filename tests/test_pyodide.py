"""The engine runs unchanged on Pyodide's Python 3.14 (Node + the pinned npm package).

`make test-deep` only: `make test` plays seeded games of both engines under Pyodide as shipped
(tests/test_build.py, GUARD)."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.deep
@pytest.mark.skipif(
    not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").exists() or not shutil.which("node"),
    reason="needs node and `npm ci` (make test does both)",
)
def test_engine_games_under_pyodide():
    out = subprocess.run(
        [
            "node",
            str(ROOT / "tools" / "pyodide_check.mjs"),
            str(ROOT / "tests" / "pyodide_smoke.py"),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    assert "games ok: 24" in out.stdout
