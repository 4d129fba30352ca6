"""bench/RESULTS.md: replace one '## ' section (or append it), keeping every other section."""

from __future__ import annotations

from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"


def find_section(heading: str, old: str) -> int:
    """Where the section `heading` (a whole line) starts in `old`, or -1."""
    if old.startswith(heading + "\n"):
        return 0
    found = old.find("\n" + heading + "\n")
    return found + 1 if found >= 0 else -1


def notes_after_table(heading: str, path: Path = RESULTS) -> str:
    """The text of section `heading` after its first table (its notes), or ""."""
    old = path.read_text() if path.exists() else ""
    start = find_section(heading, old)
    if start < 0:
        return ""
    end = old.find("\n## ", start + len(heading))
    lines = old[start:None if end < 0 else end].split("\n")
    rows = [i for i, line in enumerate(lines) if line.startswith("|")]
    if not rows:
        return ""
    last = rows[0]
    while last + 1 < len(lines) and lines[last + 1].startswith("|"):
        last += 1
    return "\n".join(lines[last + 1:]).strip("\n")


def record_section(heading: str, text: str, path: Path = RESULTS) -> None:
    """Put `text` (which starts with `heading`) in place of the section `heading`."""
    old = path.read_text() if path.exists() else "# Benchmark results\n"
    start = find_section(heading, old)  # a whole line: "## App bytes", not "## App bytes, cut"
    if start < 0:
        new = old.rstrip("\n") + "\n\n" + text
    else:
        end = old.find("\n## ", start + len(heading))
        new = old[:start] + text.rstrip("\n") + "\n" + ("" if end < 0 else old[end:])
    path.write_text(new.rstrip("\n") + "\n")
