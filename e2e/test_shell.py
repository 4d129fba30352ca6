"""The app shell in real Chromium: boot, hygiene, loading screen, install, offline, update."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import struct
import urllib.request
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import (
    SITE,
    Recorder,
    origin_of,
    wait_controlled,
    wait_ready,
)
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Route

from tools.browser import launch_args
from tools.serve import start_server

MANIFEST_FIELDS = ("name", "short_name", "start_url", "scope", "id", "display", "icons")


@pytest.fixture(scope="module")
def booted(
    module_context: BrowserContext, site_url: str, artifacts: Path
) -> Iterator[tuple[Page, Recorder]]:
    """A cold start of the app in a fresh context, recorded from the first request."""
    recorder = Recorder(origin_of(site_url)).attach(module_context)
    page = module_context.new_page()
    page.goto("./")
    wait_ready(page)
    page.screenshot(path=artifacts / "boot.png")
    yield page, recorder
    page.close()


def test_boots_to_first_screen(booted: tuple[Page, Recorder]) -> None:
    page, _ = booted
    assert page.inner_text("#app").strip()  # Python rendered something into the app root
    assert page.is_hidden("#loading")


def test_no_console_or_page_errors(booted: tuple[Page, Recorder]) -> None:
    _, recorder = booted
    assert recorder.console_errors == []
    assert recorder.page_errors == []


def test_no_csp_violations(booted: tuple[Page, Recorder]) -> None:
    _, recorder = booted
    assert recorder.csp_violations == []


def test_no_off_origin_or_failed_requests(booted: tuple[Page, Recorder]) -> None:
    _, recorder = booted
    assert recorder.off_origin == []
    assert recorder.failed == []


def test_vendored_files_are_exactly_those_requested(booted: tuple[Page, Recorder]) -> None:
    """The build vendors what the page loads: nothing missing (no 404), nothing unused."""
    _, recorder = booted
    requested = {p for p in recorder.paths() if p.startswith("vendor/")}
    vendored = {p.relative_to(SITE).as_posix() for p in (SITE / "vendor").rglob("*") if p.is_file()}
    assert requested == vendored


def test_one_pyodide_started_early(browser: Browser, site_url: str) -> None:
    """pyodide-boot.mjs starts Pyodide while PyScript loads, and PyScript uses that same
    interpreter (its config names the boot module): Pyodide's files are fetched once.
    (Service workers blocked: the page's own requests only; the precache's are below.)"""
    context = browser.new_context(base_url=site_url, service_workers="block")
    recorder = Recorder(origin_of(site_url)).attach(context)
    try:
        page = context.new_page()
        page.goto("./")
        wait_ready(page)
    finally:
        context.close()
    requested = [u.split("?")[0].rsplit("/", 1)[-1] for u in recorder.requests]
    for name in ("pyodide-boot.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert requested.count(name) == 1, (name, requested)
    assert recorder.console_errors == [] and recorder.page_errors == []
    config = json.loads((SITE / "pyscript.json").read_text())
    assert config["interpreter"] == "./pyodide-boot.mjs"


def test_loading_screen_shows_until_python_is_ready(app_page: Page, artifacts: Path) -> None:
    """A first visit: the start screen rendered at build time (inert) under the "getting
    ready" indicator until Python renders its own (e2e/test_first_paint.py: the rest)."""
    held: list[Route] = []
    app_page.route("**/ui.pack.gz", lambda route: held.append(route))  # Python cannot finish
    app_page.goto("./", wait_until="domcontentloaded")
    loading = app_page.locator("#loading")
    assert loading.is_visible()
    assert "Getting the game ready" in loading.inner_text()
    assert app_page.locator("#app[inert] .screen.start").is_visible()
    assert app_page.get_attribute("body", "data-ready") is None
    for _ in range(600):  # the page asks for the UI's code as it starts
        if held:
            break
        app_page.wait_for_timeout(100)
    assert held, "ui.pack.gz was never requested"
    assert loading.is_visible()
    # The service worker waits for Python (no second download of the wasm on a first visit).
    assert app_page.evaluate("navigator.serviceWorker.getRegistration().then((r) => !r)")
    app_page.screenshot(path=artifacts / "loading.png")
    held[0].continue_()
    wait_ready(app_page)
    assert loading.is_hidden()


def test_installable(persistent_context: BrowserContext, site_url: str) -> None:
    page = (
        persistent_context.pages[0] if persistent_context.pages else persistent_context.new_page()
    )
    page.goto("./")
    wait_ready(page)
    cdp = persistent_context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    assert manifest["url"] == site_url + "manifest.json"
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []


def test_works_offline_after_first_visit(
    app_page: Page, context: BrowserContext, recorder: Recorder
) -> None:
    app_page.goto("./")
    wait_ready(app_page)
    wait_controlled(app_page)
    context.set_offline(True)
    response = app_page.reload()
    wait_ready(app_page)
    assert response is not None and response.from_service_worker
    app_page.goto("./index.html?from=offline")  # cache matching ignores the query
    wait_ready(app_page)
    assert app_page.inner_text("#app").strip()
    assert recorder.problems() == {}


def _get(url: str) -> tuple[str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.headers["Content-Type"], response.read()


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_manifest_is_served_and_complete(site_url: str) -> None:
    content_type, body = _get(site_url + "manifest.json")
    assert content_type.startswith("application/json")
    manifest = json.loads(body)
    for name in MANIFEST_FIELDS:
        assert manifest.get(name), name
    assert manifest["name"] == "Small Islands"
    assert manifest["start_url"] == manifest["scope"] == manifest["id"] == "./"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] and manifest["background_color"]
    found = set()
    for icon in manifest["icons"]:
        icon_type, data = _get(site_url + icon["src"])
        assert icon_type == icon["type"] == "image/png"
        width, height = _png_size(data)
        assert icon["sizes"] == f"{width}x{height}"
        found.add((icon["sizes"], icon.get("purpose", "any")))
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= found


@pytest.mark.parametrize(
    ("path", "mime"),
    [
        ("vendor/pyodide-314.0.7/pyodide.asm.wasm", "application/wasm"),
        ("vendor/pyodide-314.0.7/pyodide.mjs", "text/javascript"),
        ("vendor/pyodide-314.0.7/pyodide-lock.json", "application/json"),
        ("service-worker.js", "text/javascript"),
        ("index.html", "text/html"),
    ],
)
def test_server_mime_types(site_url: str, path: str, mime: str) -> None:
    request = urllib.request.Request(site_url + path, method="HEAD")
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.headers["Content-Type"].split(";")[0] == mime


def _precache(source: str) -> tuple[str, dict[str, str]]:
    """A built service worker's version and precache list ({URL: integrity})."""
    version = re.search(r'const VERSION = "([^"]+)";', source)
    listed = re.search(r"const PRECACHE = (\{.*?\});", source, re.S)
    assert version and listed
    return version.group(1), json.loads(listed.group(1))


def _integrity(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def test_precache_lists_every_site_file_with_its_hash(site_url: str) -> None:
    _, body = _get(site_url + "service-worker.js")
    version, precache = _precache(body.decode())
    assert re.fullmatch(r"[0-9a-f]{16}", version)
    files = {p.relative_to(SITE).as_posix() for p in SITE.rglob("*") if p.is_file()}
    assert set(precache) == {"./", *(f"./{f}" for f in files - {"service-worker.js"})}
    for url, integrity in precache.items():
        name = "index.html" if url == "./" else url.removeprefix("./")
        assert integrity == _integrity((SITE / name).read_bytes()), url


# Before the page loads: wrap the page's service-worker registration so that
# `window.__swSettled` resolves with the state its new worker settles in, "activated"
# (installed, precached) or "redundant" (its install failed). Tracked from the registration
# itself: a worker whose install fails at once is never missed (a registration found later
# may hold no worker any more).
TRACK = """(() => {
  if (!("serviceWorker" in navigator)) return;
  const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
  window.__swSettled = new Promise((resolve) => {
    const track = (worker) => {
      const done = () => worker.state === "activated" || worker.state === "redundant";
      if (done()) resolve(worker.state);
      else worker.addEventListener("statechange", () => { if (done()) resolve(worker.state); });
    };
    navigator.serviceWorker.register = async (...args) => {
      const registration = await register(...args);
      const worker = registration.installing || registration.waiting || registration.active;
      if (worker) track(worker);
      else registration.addEventListener("updatefound", () => track(registration.installing),
                                         { once: true });
      return registration;
    };
  });
})();"""
CACHED = """async () => {
  const names = (await caches.keys()).filter((k) => k.startsWith("small-islands-"));
  const found = {};
  for (const name of names) found[name] = (await (await caches.open(name)).keys()).length;
  return found;
}"""


def _settled(page: Page) -> str:
    """Wait for the page to register its service worker, then for that worker to settle (the
    page must have been opened with `TRACK`)."""
    page.wait_for_function("() => window.__swSettled !== undefined", timeout=120_000)
    return str(page.evaluate("() => window.__swSettled"))


def test_first_visit_precache_reuses_what_the_page_fetched(
    playwright: Playwright, tmp_path: Path
) -> None:
    """A first visit, gzip-served and revalidated on every use (ETag, `no-cache`), in a profile
    on disk as on a phone: the service worker precaches every file, but the bytes the page
    has just downloaded are not sent again (304s), the 9.6 MB wasm above all."""
    server, url = start_server(SITE, compress=True, record=True)
    context = playwright.chromium.launch_persistent_context(tmp_path / "profile", **launch_args())
    try:
        page = context.new_page()
        page.add_init_script(TRACK)
        page.goto(url)
        wait_ready(page)
        assert _settled(page) == "activated"
        cached = page.evaluate(CACHED)
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    _, precache = _precache((SITE / "service-worker.js").read_text())
    assert list(cached.values()) == [len(precache)]
    sent = server.transfers
    assert sent is not None
    bodies = Counter(t.path for t in sent if t.status == 200)
    assert [p for p, n in bodies.items() if n > 1] == []  # no file's bytes sent twice
    wasm = "/vendor/pyodide-314.0.7/pyodide.asm.wasm"
    assert bodies[wasm] == 1 and [t.status for t in sent if t.path == wasm] == [200, 304]
    again = [t for t in sent if t.status == 304]
    assert len(again) >= 20 and sum(t.size for t in again) < 40_000  # headers only
    # Every file once, gzipped (a few small ones are not asked for by the page), and nothing
    # else but the revalidations' headers.
    once = sum(t.size for t in sent if t.status == 200)
    assert once < 5_300_000 and sum(t.size for t in sent) < once + 40_000


def test_precache_refuses_bytes_of_another_build(
    site_copy: tuple[Path, str], context: BrowserContext
) -> None:
    """A file that is not this build's (a half-done deploy; here, altered on the server) fails
    the worker's install: nothing is cached, the worker never activates, the page keeps
    working from the network, and a later visit tries again."""
    copy, url = site_copy
    target = copy / "locale" / "fr" / "messages.mo.gz"  # not fetched by an English page
    original = target.read_bytes()
    target.write_bytes(original + b"\0")
    page = context.new_page()
    page.add_init_script(TRACK)
    page.goto(url)
    wait_ready(page)
    assert _settled(page) == "redundant"
    assert page.evaluate(CACHED) == {}
    assert page.evaluate("navigator.serviceWorker.controller") is None
    assert not page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r?.active)")

    target.write_bytes(original)  # the deploy is complete: the next visit installs the worker
    page.reload()
    wait_ready(page)
    assert _settled(page) == "activated"
    version, precache = _precache((copy / "service-worker.js").read_text())
    assert page.evaluate(CACHED) == {f"small-islands-{version}": len(precache)}


def test_precache_replaces_stale_http_cache_bytes(
    browser: Browser, tmp_path: Path
) -> None:
    """The HTTP cache holds another build's copy of a file, still fresh (`max-age`, as GitHub
    Pages sends): the worker's first fetch of it fails its integrity check, the second goes to
    the network and gets this build's bytes."""
    copy = tmp_path / "site"
    shutil.copytree(SITE, copy)
    server, url = start_server(copy, max_age=600, record=True)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.add_init_script(TRACK)
        page.goto(url + "manifest.json")  # same origin; no page that registers the worker
        target = copy / "locale" / "fr" / "messages.mo.gz"  # not fetched by an English page
        original = target.read_bytes()
        target.write_bytes(original[:-1] + bytes([original[-1] ^ 1]))  # another build's
        assert page.evaluate("fetch('./locale/fr/messages.mo.gz').then((r) => r.arrayBuffer())"
                             ".then((b) => b.byteLength)") == len(original)
        target.write_bytes(original)
        page.goto(url)
        wait_ready(page)
        assert _settled(page) == "activated"
        kept = page.evaluate("""async () => {
          const name = (await caches.keys()).find((k) => k.startsWith("small-islands-"));
          const response = await (await caches.open(name)).match("./locale/fr/messages.mo.gz");
          const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
          return btoa(String.fromCharCode(...new Uint8Array(digest)));
        }""")
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    assert "sha256-" + kept == _integrity(original)
    assert server.transfers is not None
    sent = [t.status for t in server.transfers if t.path == "/locale/fr/messages.mo.gz"]
    assert sent == [200, 200]


def test_new_version_waits_until_the_user_reloads(
    site_copy: tuple[Path, str], context: BrowserContext, recorder: Recorder
) -> None:
    copy, url = site_copy
    recorder.origin = origin_of(url)
    page = context.new_page()
    page.goto(url)
    wait_ready(page)
    wait_controlled(page)
    old_version, _ = _precache((copy / "service-worker.js").read_text())
    assert page.evaluate("caches.keys()") == [f"small-islands-{old_version}"]

    worker = copy / "service-worker.js"  # a new deploy: another version, same files
    worker.write_text(worker.read_text().replace(old_version, "0123456789abcdef"))
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    page.wait_for_function("() => window.smallIslands.updateAvailable", timeout=60_000)
    banner = page.locator("#update")
    assert banner.is_visible()
    # The old worker still serves the page until the user asks for the new version.
    assert page.evaluate("navigator.serviceWorker.controller.state") == "activated"
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => !!r.waiting)")

    with page.expect_navigation():
        page.click("#update-reload")
    wait_ready(page)
    assert page.evaluate("caches.keys()") == ["small-islands-0123456789abcdef"]
    assert page.is_hidden("#update")
    assert recorder.problems() == {}


def test_a_new_screen_opens_at_its_top(module_context: BrowserContext) -> None:
    """A menu entry tapped at the bottom of the start screen (a phone's height) opens its
    screen from the top, and Back to the menu does too."""
    page = module_context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("./")
    wait_ready(page)
    for act, screen in (("rules", "rules"), ("settings", "settings")):
        page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        assert page.evaluate("() => scrollY") > 0
        page.click(f'.screen.start [data-act="{act}"]')
        page.wait_for_function(f"() => document.body.dataset.appScreen === '{screen}'")
        assert page.evaluate("() => scrollY") == 0
        page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        page.go_back()
        page.wait_for_function("() => document.body.dataset.appScreen === 'start'")
        assert page.evaluate("() => scrollY") == 0
    page.close()
