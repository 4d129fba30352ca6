"""Every test deals the same games on every run.

The app draws a new game's seed from the system's randomness (`random.SystemRandom`), so a
test that starts games through the UI would meet different deals on each run, and a check that
depends on the deal (was the player ever asked to turn Alexis's tile?) would pass or fail by
chance. Here each test gets its own seeded source instead, named after the test: successive
new games within a test still differ, and a failure reproduces.

Also the run's scale (SI_TEST_SCALE, tests/scale.py): the tests marked `deep` are left out
below scale 1 (`make test`) and run at scale 1 (`make test-deep`). And each test is a page of
its own for the first-paint record (`_a_new_page`).
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterator

import pytest
from scale import DEEP, describe


@pytest.fixture(autouse=True)
def _repeatable_new_game_seeds(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = random.Random(zlib.crc32(request.node.nodeid.encode()))
    monkeypatch.setattr(random, "SystemRandom", lambda: source)


@pytest.fixture(autouse=True)
def _a_new_page() -> None:
    """Each test is a page of its own: storage found full on another test's page does not
    stop this one's first-paint record (`game_shell.first_paint.PAGE`)."""
    from game_shell import first_paint

    first_paint.PAGE.full = False


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    """A test that switched the language (a Settings tap in French) leaves English behind: the
    next test on the same worker reads the words it expects, whatever ran before it."""
    yield
    from game_shell import i18n

    if i18n.language() != i18n.DEFAULT:
        i18n.install(i18n.DEFAULT)
    i18n._needed.clear()  # no game's code on the page (`i18n.need`) in the next test


# --- scale: SI_TEST_SCALE (tests/scale.py) -------------------------------------------------


def pytest_report_header(config: pytest.Config) -> str:
    return describe()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked `deep` run only at SI_TEST_SCALE >= 1 (`make test-deep`)."""
    if DEEP:
        return
    deep = [item for item in items if item.get_closest_marker("deep")]
    if deep:
        config.hook.pytest_deselected(items=deep)
        items[:] = [item for item in items if not item.get_closest_marker("deep")]
