"""`game_shell.page.listen`: each page event on its target, one proxy per handler, the wheel
not passive, an unknown event refused."""

from __future__ import annotations

from typing import Any

import pytest

from game_shell import page


class Target:
    def __init__(self) -> None:
        self.added: list[tuple[str, Any, Any]] = []

    def addEventListener(self, event: str, fn: Any, options: Any = None) -> None:  # noqa: N802
        self.added.append((event, fn, options))


def proxy(fn: Any) -> tuple[str, Any]:
    return ("proxy", fn)


def test_every_event_on_its_target_and_one_proxy_per_handler() -> None:
    root, window, document = Target(), Target(), Target()

    def click(e: Any) -> None: ...
    def up(e: Any) -> None: ...
    def key(e: Any) -> None: ...
    def wheel(e: Any) -> None: ...

    made = page.listen(
        root, window, document,
        {"click": click, "pointerup": up, "pointercancel": up, "keydown": key, "wheel": wheel},
        proxy, lambda d: dict(d),
    )
    assert [e for e, _, _ in root.added] == ["click", "wheel"]
    assert [e for e, _, _ in window.added] == ["pointerup", "pointercancel"]
    assert [e for e, _, _ in document.added] == ["keydown"]
    assert window.added[0][1] is window.added[1][1]  # one proxy for the two events
    assert root.added[1][2] == {"passive": False} and root.added[0][2] is None
    assert len(made) == 4


def test_an_event_without_a_place_is_refused() -> None:
    with pytest.raises(ValueError, match="no place"):
        page.listen(Target(), Target(), Target(), {"scroll": print}, proxy)
