"""Browser-test fixtures: the built site/ served from a thread, real Chromium, recorders.

`make test` builds site/ first; nothing here builds. Chromium: see tools/browser.py.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Playwright,
    Request,
    Response,
)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.scale import DEEP, describe  # noqa: E402
from tools.browser import launch_args  # noqa: E402
from tools.serve import start_server  # noqa: E402

# E2E_SITE: test another build (e.g. one made with `tools/build.py --out DIR`).
SITE = Path(os.environ.get("E2E_SITE", ROOT / "site")).resolve()
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"

# Pyodide cold start is ~3-5 s here; CI machines can be much slower.
READY_TIMEOUT_MS = int(os.environ.get("E2E_READY_TIMEOUT_MS", "120000"))
READY_SELECTOR = 'body[data-ready="1"]'

CSP_LISTENER = """
document.addEventListener("securitypolicyviolation", (e) => {
  window.__siReportCsp && window.__siReportCsp(JSON.stringify({
    directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile,
    line: e.lineNumber, sample: e.sample,
  }));
});
"""


def pytest_configure(config: pytest.Config) -> None:
    # pytest-playwright's own base_url fixture trips a pytest 9 deprecation: not ours to fix.
    config.addinivalue_line(
        "filterwarnings",
        "ignore:Session-scoped fixtures defined as instance methods"
        ":pytest.PytestRemovedIn10Warning",
    )
    # pytest-playwright artifacts (failure screenshots) go next to ours, git-ignored.
    if config.getoption("--output", default=None) == "test-results":
        config.option.output = str(ARTIFACTS / "playwright")
    if config.getoption("--screenshot", default=None) == "off":
        config.option.screenshot = "only-on-failure"


def pytest_report_header(config: pytest.Config) -> str:
    return describe()


def is_deep(item: pytest.Item) -> bool:
    """Marked `deep`; with `deep(except_device="phone")`, all but that device's run."""
    marker = item.get_closest_marker("deep")
    if marker is None:
        return False
    kept = marker.kwargs.get("except_device")
    callspec = getattr(item, "callspec", None)
    return kept is None or callspec is None or callspec.params.get("device") != kept


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked `deep` (a second whole game where one per game and size is the point, a
    behaviour the same at every size run at one) run only at SI_TEST_SCALE >= 1
    (`make test-deep`; tests/scale.py)."""
    if DEEP:
        return
    deep = [item for item in items if is_deep(item)]
    if deep:
        config.hook.pytest_deselected(items=deep)
        items[:] = [item for item in items if not is_deep(item)]


# --- server --------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """Base URL (ending in /) of site/ served on 127.0.0.1, a free port, in a thread."""
    if not (SITE / "index.html").is_file():
        pytest.exit("site/ is not built: run `make build` (or `make test`)", returncode=2)
    server, url = start_server(SITE)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


# --- browser (overrides of pytest-playwright's fixtures) -----------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **launch_args(browser_type_launch_args.get("headless", True)),
        **browser_type_launch_args,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any], site_url: str) -> dict[str, Any]:
    return {
        "viewport": {"width": 1280, "height": 720},
        **browser_context_args,
        "base_url": site_url,
    }


# An init script that puts records in a fresh origin's storage once (a test's device).
SEED_ONCE = """
(data) => {
  if (location.protocol !== 'http:') return;  // about:blank has no storage
  if (localStorage.getItem('e2e/seeded')) return;
  for (const [k, v] of Object.entries(data)) localStorage.setItem(k, v);
  localStorage.setItem('e2e/seeded', '1');
}
"""


# --- recording -----------------------------------------------------------------------------


@dataclass
class Recorder:
    """Everything a context did that a clean app must not do, plus every request made."""

    origin: str
    requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    csp_violations: list[dict[str, Any]] = field(default_factory=list)
    off_origin: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    # Requests a navigation cut short (a reload while the bot worker was fetching Python):
    # the browser's doing, not the app's, so kept apart from `failed`.
    cut_by_navigation: list[str] = field(default_factory=list)
    _navigations: int = 0
    _started: dict[Request, int] = field(default_factory=dict)  # request -> navigations then

    def attach(self, context: BrowserContext) -> Recorder:
        context.expose_function(
            "__siReportCsp", lambda text: self.csp_violations.append(json.loads(text))
        )
        context.add_init_script(CSP_LISTENER)
        context.on("console", self._on_console)
        context.on("weberror", lambda error: self.page_errors.append(str(error.error)))
        context.on("request", self._on_request)
        context.on("requestfailed", self._on_failed)
        context.on("response", self._on_response)
        return self

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append(f"{message.text} @ {message.location}")

    def _on_request(self, request: Request) -> None:
        if request.is_navigation_request() and request.frame.parent_frame is None:
            self._navigations += 1  # (announced before the old document's requests stop)
        self._started[request] = self._navigations
        self.requests.append(request.url)
        url = request.url.removeprefix("blob:")
        if url.startswith("data:"):
            return
        parts = urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}" != self.origin:
            self.off_origin.append(request.url)

    def _on_failed(self, request: Request) -> None:
        text = f"{request.url} {request.failure}"
        started = self._started.get(request, self._navigations)
        if request.failure == "net::ERR_ABORTED" and started < self._navigations:
            self.cut_by_navigation.append(text)
        else:
            self.failed.append(text)

    def _on_response(self, response: Response) -> None:
        if response.status >= 400:
            self.failed.append(f"{response.url} HTTP {response.status}")

    def paths(self) -> set[str]:
        """Same-origin request paths, relative to the site root, without query."""
        base = self.origin + "/"
        return {u.split("?")[0].removeprefix(base) for u in self.requests if u.startswith(base)}

    def problems(self) -> dict[str, list[Any]]:
        """Non-empty problem lists by name (empty dict = clean)."""
        found: dict[str, list[Any]] = {
            "console_errors": self.console_errors,
            "page_errors": self.page_errors,
            "csp_violations": self.csp_violations,
            "off_origin": self.off_origin,
            "failed": self.failed,
        }
        return {name: items for name, items in found.items() if items}


# The ids a map's <use href="#..."> and fill/stroke/clip-path url(#...) name that the page
# lacks (drawn as nothing, or as bare outlines).
UNDEFINED_ART = """
(sel) => {
  const names = new Set();
  for (const el of document.querySelectorAll(sel + ' *')) {
    for (const a of ['href', 'fill', 'stroke', 'clip-path']) {
      const m = /^(?:#|url\\(["']?#)([\\w-]+)/.exec(el.getAttribute(a) || '');
      if (m) names.add(m[1]);
    }
  }
  return [...names].filter((n) => !document.getElementById(n));
}
"""


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@pytest.fixture
def recorder(context: BrowserContext, site_url: str) -> Recorder:
    """A recorder attached to pytest-playwright's `context` (so also to `page`)."""
    return Recorder(origin_of(site_url)).attach(context)


@pytest.fixture
def app_page(recorder: Recorder, page: Page) -> Page:
    """pytest-playwright's page, with the recorder attached before it loads anything."""
    return page


def wait_ready(page: Page, timeout: float = READY_TIMEOUT_MS) -> None:
    """Wait until Python has rendered its first screen (body[data-ready="1"])."""
    page.wait_for_selector(READY_SELECTOR, state="attached", timeout=timeout)


def wait_controlled(page: Page, timeout: float = 60_000) -> None:
    """Wait until a service worker controls the page."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=timeout)


@pytest.fixture
def persistent_context(
    playwright: Playwright, tmp_path: Path, site_url: str
) -> Iterator[BrowserContext]:
    """A Chromium profile on disk (installability is only reported outside incognito)."""
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile",
        **launch_args(),
        base_url=site_url,
        viewport={"width": 1280, "height": 720},
    )
    yield context
    context.close()


@pytest.fixture
def site_copy(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A private copy of site/ on its own server, free to be changed by the test."""
    copy = tmp_path / "site"
    shutil.copytree(SITE, copy)
    server, url = start_server(copy)
    yield copy, url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def module_context(browser: Browser, site_url: str) -> Iterator[BrowserContext]:
    """One fresh context shared by a module's tests (one cold boot, many assertions)."""
    context = browser.new_context(base_url=site_url, viewport={"width": 1280, "height": 720})
    yield context
    context.close()


@pytest.fixture(scope="module")
def session(module_context: BrowserContext, site_url: str) -> Iterator[tuple[Page, Recorder]]:
    """One page of a module's shared context, booted, with a recorder attached first."""
    recorder = Recorder(origin_of(site_url)).attach(module_context)
    page = module_context.new_page()
    page.goto("./")
    wait_ready(page)
    yield page, recorder
    page.close()
