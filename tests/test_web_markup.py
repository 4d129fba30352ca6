"""game_shell.markup agrees with the standard library functions it replaces."""

from __future__ import annotations

import html
import random
import sys
from urllib.parse import quote

import pytest

from game_shell.markup import escape, percent_encode

SAMPLES = [
    "",
    "plain",
    "<img src=x onerror=alert(1)>",
    "Tom & Jerry's \"big\" <day>",
    "&amp; already escaped",
    "naïve café — 島 🏝️",
    "a b/c?d=e&f#g%h+i~j_k.l-m",
    "\x00\x1f\x7f",
]


def _random_text(rng: random.Random) -> str:
    alphabet = "&<>\"'% /?#=+~_.-aZ09é島🏝\n\t\x00"
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 30)))


@pytest.mark.parametrize("quote_marks", [True, False])
def test_escape_is_html_escape(quote_marks: bool) -> None:
    rng = random.Random(7)
    for text in SAMPLES + [_random_text(rng) for _ in range(500)]:
        assert escape(text, quote_marks) == html.escape(text, quote=quote_marks)
    assert escape("\"'") == html.escape("\"'")  # the default escapes quotes too


def test_percent_encode_is_quote_with_nothing_safe() -> None:
    rng = random.Random(11)
    for text in SAMPLES + [_random_text(rng) for _ in range(500)]:
        assert percent_encode(text) == quote(text, safe="")


def test_the_ui_does_not_import_html_or_urllib() -> None:
    """Importing the UI must not pull in `html` (html.entities: ~0.25 s of every start
    under Pyodide) or `urllib.parse`."""
    import subprocess

    code = (
        "import sys; import si_web.app, si_web.explorer, si_web.resume; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('html', 'urllib')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True,
        env={"PYTHONPATH": ":".join(p for p in sys.path if p), "PATH": "/usr/bin:/bin"},
    )
    assert out.stdout.strip() == "[]"
