"""A tiny HTML reader + game driver for the UI tests (CPython, no browser)."""

from __future__ import annotations

import random
from html.parser import HTMLParser
from typing import Any


class Tappable(HTMLParser):
    """Collects every element with data-act: (tag, attrs dict)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.items: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: (v or "") for k, v in attrs}
        if "data-act" in a:
            a["_tag"] = tag
            self.items.append(a)


def tappables(html: str) -> list[dict[str, str]]:
    p = Tappable()
    p.feed(html)
    return [a for a in p.items if "disabled" not in a]


def data_of(item: dict[str, str]) -> dict[str, str]:
    return {k[5:]: v for k, v in item.items() if k.startswith("data-") and k != "data-act"}


def choose(items: list[dict[str, str]], rng: random.Random) -> dict[str, str] | None:
    """The next tap a simple player makes, from what the screen offers."""
    acts: dict[str, list[dict[str, str]]] = {}
    for it in items:
        acts.setdefault(it["data-act"], []).append(it)

    def first(act: str) -> dict[str, str] | None:
        return acts[act][0] if act in acts else None

    def any_of(act: str) -> dict[str, str] | None:
        return rng.choice(acts[act]) if act in acts else None

    if "alexis-rot-confirm" in acts:  # solo: sometimes look at another rotation first
        if "alexis-rot" in acts and rng.random() < 0.3:
            return any_of("alexis-rot")
        return first("alexis-rot-confirm")
    if "alexis-house" in acts:
        return any_of("alexis-house")
    for act in (
        "unlock",
        "keep",
        "layout-accept",
        "confirm-place",
        "confirm-land",
        "port-confirm",
        "res-pick",
        "house-build",
        "discard",
    ):
        if act in acts:
            return any_of(act) if act in ("keep", "res-pick") else first(act)
    if "obj" in acts:
        objs = acts["obj"]
        on = {(o["data-card"], o["data-slot"]) for o in objs if "on" in o.get("class", "")}
        kinds = sorted({o["data-card"][0] for o in objs})
        for kind in kinds:
            cards = sorted({o["data-card"] for o in objs if o["data-card"][0] == kind})
            for slot, card in (("now", cards[0]), ("later", cards[1])):
                if (card, slot) not in on:
                    return next(
                        o for o in objs if o["data-card"] == card and o["data-slot"] == slot
                    )
        return first("obj-confirm")
    if "house" in acts:
        return any_of("house")
    focus = [t for t in acts.get("focus", []) if "data-x" in t]  # zoom to an island's spots
    if focus and rng.random() < 0.7:
        return rng.choice(focus)
    if "end-reward" in acts:
        return first("end-reward")
    if "take" in acts or "land-mode" in acts:
        if "land-mode" in acts and ("take" not in acts or rng.random() < 0.5):
            targets = [t for t in acts.get("cell", []) if "target" in t.get("class", "")]
            return rng.choice(targets) if targets else first("land-mode")
        return any_of("take")
    targets = [t for t in acts.get("cell", []) if "target" in t.get("class", "")]
    if "end-turn" in acts:
        if "res" in acts:
            return any_of("res")
        if focus:
            return rng.choice(focus)
        if targets:
            return rng.choice(targets)
        r = rng.random()
        if r < 0.1 and "res-mode" in acts:
            return first("res-mode")
        if r < 0.2 and "port-mode" in acts:
            return first("port-mode")
        return first("end-turn")
    if targets:
        return rng.choice(targets)
    return first("play-again")


def run_until_watch(app: Any, seed: int = 4) -> None:
    """Tap as a simple player until a computer's turn shows (the watch screen): the app's
    requests for the computers stay unanswered."""
    rng = random.Random(seed)
    for _ in range(500):
        if app.screen == "watch":
            return
        item = choose(tappables(app.render()), rng)
        assert item is not None
        app.handle(item["data-act"], data_of(item), {})
    raise AssertionError("no computer turn")


def play_through_ui(app: Any, seed: int, until: Any = None, limit: int = 6000) -> None:
    """Tap as a simple player (and let the computer seats and Alexis move) until `until(app)`
    or the end of the game."""
    rng = random.Random(seed)
    for _ in range(limit):
        g = app.game
        if until is not None and until(app) or g is not None and g.phase == "over":
            return
        req = app.auto.request()
        if req is not None:
            if req["kind"] == "alexis":
                app.auto.alexis_step(req["token"])
            else:
                app.auto.fallback(req["token"])
            continue
        item = choose(tappables(app.render()), rng)
        assert item is not None, app.screen
        app.handle(item["data-act"], data_of(item), {})
    raise AssertionError("the game did not end")
