"""The browser tests' request recorder (`conftest.Recorder`): a request the page's own reload
cut short is the browser's doing and kept apart; any other failed request is a problem."""

from __future__ import annotations

from typing import Any

from conftest import Recorder, origin_of
from playwright.sync_api import Browser, Route


def test_a_reload_that_cuts_a_request_short_is_not_a_failure(browser: Browser,
                                                              site_url: str) -> None:
    context = browser.new_context(base_url=site_url)
    recorder = Recorder(origin_of(site_url)).attach(context)
    held: list[Route] = []
    context.route("**/e2e-page", lambda r: r.fulfill(body="<p>page</p>", content_type="text/html"))
    context.route("**/e2e-held", lambda r: held.append(r))  # never answered: a reload cuts it
    context.route("**/e2e-refused", lambda r: r.abort())
    page = context.new_page()
    page.goto("./e2e-page")
    fetch = "(name) => { fetch('./' + name).catch(() => {}); }"
    with page.expect_request("**/e2e-held"):
        page.evaluate(fetch, "e2e-held")
    with context.expect_event("requestfailed") as cut:
        page.reload()
    assert cut.value.url.endswith("/e2e-held")
    with context.expect_event("requestfailed"):
        page.evaluate(fetch, "e2e-refused")
    found: dict[str, Any] = recorder.problems()
    assert recorder.cut_by_navigation == [f"{site_url}e2e-held net::ERR_ABORTED"]
    assert found == {"failed": [f"{site_url}e2e-refused net::ERR_FAILED"]}
    context.close()
