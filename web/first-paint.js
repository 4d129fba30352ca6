// The first paint, before Python is ready (a classic script right after <main id="app">:
// the parser runs it before the page is first drawn, so a returning visit never flashes
// another screen first).
//
// #app holds the start screen, rendered by Python at build time (tools/build.py), inert. On a
// returning visit the markup Python kept after its last render (si_web/first_paint.py: the
// public part of the screen a reload shows first -- the map, the seats' strip, whose turn;
// or the pass-the-device screen; or the start screen) replaces it, if the record names this
// build (<html data-build>) and is within the size cap: it is data from storage, checked and
// painted inert (no handler runs on it; the CSP forbids inline scripts and handlers anyway).
// When a game is saved but no fitting record is there (a new deploy), the loading screen
// shows instead of a start screen that would be the wrong one.
// Until Python is ready (body[data-ready="1"]) a tap or a key press does nothing but make the
// "getting ready" indicator say so (#loading[data-wait] counts them); Python's first render
// replaces #app and the inert attribute goes.
// <html data-first-paint> = "stored" | "prerendered" | "none" (tests, bench/startup.py).

(() => {
  const KEY = "small-islands/first-paint";
  const FORMAT = "si-paint/1";
  const MAX_CHARS = 200000; // si_web/first_paint.py MAX_CHARS
  const SAVE = "small-islands/save";
  const WAIT = "Just a moment — getting the game ready";
  const html = document.documentElement;
  const app = document.getElementById("app");

  function read(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null; // storage disabled: nothing stored
    }
  }

  /** {kind, markup} of the stored record when it is this build's and within the cap. */
  function stored() {
    const text = read(KEY);
    const build = html.dataset.build;
    if (typeof text !== "string" || !build) return null;
    const end = text.indexOf("\n");
    if (end < 0 || end > 200 || text.length - end - 1 > MAX_CHARS) return null;
    const [format, tag, kind, extra] = text.slice(0, end).split(" ");
    if (format !== FORMAT || tag !== build || !/^[a-z]{1,12}$/.test(kind || "") || extra) {
      return null;
    }
    return { kind, markup: text.slice(end + 1) };
  }

  function ready() {
    return document.body.dataset.ready === "1";
  }

  /** A tap or key press before Python is ready: nothing happens, and the indicator says so. */
  function acknowledge(event) {
    if (ready()) return;
    if (event.type === "keydown" && ["Tab", "Shift", "Control", "Alt", "Meta"].includes(event.key)) {
      return;
    }
    const box = document.getElementById("loading");
    if (!box) return;
    box.dataset.wait = String((Number(box.dataset.wait) || 0) + 1);
    const text = box.querySelector(".loading-text");
    if (text) text.textContent = WAIT;
    box.classList.remove("nudge");
    void box.offsetWidth; // restart the animation
    box.classList.add("nudge");
  }

  function live() {
    for (const type of ["pointerdown", "keydown"]) {
      document.removeEventListener(type, acknowledge, true);
    }
    app.removeAttribute("inert");
  }

  if (!app) return;
  let how = "prerendered";
  const found = stored();
  if (found) {
    app.innerHTML = found.markup;
    app.dataset.painted = found.kind;
    how = "stored";
  } else if (read(SAVE) !== null) {
    app.replaceChildren();
    how = "none";
  }
  html.dataset.firstPaint = how;
  performance.mark("first-paint-inserted"); // bench/startup.py
  for (const type of ["pointerdown", "keydown"]) {
    document.addEventListener(type, acknowledge, true);
  }
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect();
    live();
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
})();
