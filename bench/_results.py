"""bench/RESULTS.md: replace one '## ' section (or append it), keeping every other section."""

from __future__ import annotations

from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"


def record_section(heading: str, text: str, path: Path = RESULTS) -> None:
    """Put `text` (which starts with `heading`) in place of the section `heading`."""
    old = path.read_text() if path.exists() else "# Benchmark results\n"
    start = old.find(heading)
    if start < 0:
        new = old.rstrip("\n") + "\n\n" + text
    else:
        end = old.find("\n## ", start + len(heading))
        new = old[:start] + text.rstrip("\n") + "\n" + ("" if end < 0 else old[end:])
    path.write_text(new.rstrip("\n") + "\n")
