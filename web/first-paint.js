// The first paint, before Python is ready (a classic script right after <main id="app"> and the
// loading indicator: the parser runs it before the page is first drawn, so a returning visit
// never flashes another screen first). It names no game: what it knows of them, the build wrote on
// <html data-games> (tools/build.py games_attr: each game's name, older names, save key;
// the home game first).
//
// #app holds the home game's start screen, rendered by Python at build time (tools/build.py),
// inert. On a returning visit the picture the shell kept after the last render
// (game_shell/first_paint.py: the public part of the screen a reload shows first, as the game
// on screen painted it -- a map with the seats' counters and whose turn, a pass-the-device
// screen, a start screen) replaces it, if the record names this build (<html data-build>),
// names the game this tab will show (its games/active-game, in sessionStorage, else the home
// game: game_shell/host.py wanted) and is within the size cap: it is data from storage, checked
// and painted inert (no handler runs on it; the CSP forbids inline scripts and handlers
// anyway). Without a fitting record, the loading screen shows instead of a start screen that
// would be the wrong one: when the tab shows another game than the home one, or the home
// game is saved (a new deploy).
// Until Python has replaced the picture (body[data-ready="1"], and the picture gone: a reload
// that comes back to a game fetched on demand keeps its picture while its code loads) a tap
// or a key press does nothing but make the "getting ready" indicator say so
// (#loading[data-wait] counts them; <html data-waiting> keeps the indicator up).
// <html data-first-paint> = "stored" | "prerendered" | "none" (tests, bench/startup.py);
// #app[data-painted] is the stored picture's kind, #app[data-painted-game] its game.
//
// The language: the one chosen in Settings (games/settings "language"), else the device's
// (navigator.languages: the first that is French or English), as game_shell/i18n.py resolve.
// In a language other than English, the prerendered start screen is that language's (a
// <template data-start lang> the build wrote beside #app), and so are the loading words and
// <html lang>. <html data-first-paint-lang> says which (tests).

(() => {
  const KEY = "games/first-paint"; // game_shell/first_paint.py KEY
  const FORMAT = "paint/1";
  const MAX_CHARS = 200000; // game_shell/first_paint.py MAX_CHARS
  const HEAD_CHARS = 200;
  const ACTIVE = "games/active-game"; // game_shell/registry.py ACTIVE (a record of the tab)
  const SETTINGS = "games/settings"; // game_shell/settings.py KEY
  const SETTINGS_FORMAT = "games-settings/1"; // game_shell/settings.py FORMAT
  let WAIT = "Just a moment — getting the game ready";
  const html = document.documentElement;
  const app = document.getElementById("app");

  function read(area, key) {
    try {
      return window[area].getItem(key);
    } catch {
      return null; // storage disabled: nothing stored
    }
  }

  /** The registered games, home first: [{name, aliases, save}]. */
  function games() {
    try {
      const found = JSON.parse(html.dataset.games || "[]");
      return Array.isArray(found) ? found.filter((g) => g && typeof g.name === "string") : [];
    } catch {
      return [];
    }
  }

  /** The game Python will show: the tab's, else the home game (null: no game known). */
  function shown(list) {
    const active = read("sessionStorage", ACTIVE);
    const tab = list.find((g) => g.name === active || (g.aliases || []).includes(active));
    return tab || list[0] || null;
  }

  /** {kind, markup} of the stored record when it is this build's, this game's, within the cap. */
  function stored(game) {
    const text = read("localStorage", KEY);
    const build = html.dataset.build;
    if (typeof text !== "string" || !build || !game) return null;
    const end = text.indexOf("\n");
    if (end < 0 || end > HEAD_CHARS || text.length - end - 1 > MAX_CHARS) return null;
    const fields = text.slice(0, end).split(" ");
    const [format, tag, name, kind] = fields;
    if (fields.length !== 4 || format !== FORMAT || tag !== build || name !== game.name
        || !/^[a-z]{1,12}$/.test(kind)) {
      return null;
    }
    return { kind, markup: text.slice(end + 1) };
  }

  /** The language Python will show (game_shell/i18n.py resolve): chosen, else the device's. */
  function language(known) {
    try {
      const record = JSON.parse(read("localStorage", SETTINGS) || "{}");
      const chosen = record && record.format === SETTINGS_FORMAT ? record.language : "";
      if (chosen === "en" || known.includes(chosen)) return chosen;
    } catch {
      // an unreadable settings record: the device's language, as Python does
    }
    const device = navigator.languages && navigator.languages.length
      ? navigator.languages : [navigator.language || ""];
    for (const tag of device) {
      const code = String(tag).toLowerCase().split(/[-_]/)[0];
      if (code === "en") return "en";
      if (known.includes(code)) return code;
    }
    return "en";
  }

  /** Another language's words for the page: its start screen (a template), its loading words. */
  function words(lang) {
    const template = document.querySelector(`template[data-start][lang="${lang}"]`);
    if (!template) return null;
    html.lang = lang;
    const text = document.querySelector("#loading .loading-text");
    if (text && template.dataset.loading) text.textContent = template.dataset.loading;
    if (template.dataset.waiting) WAIT = template.dataset.waiting;
    return template;
  }

  if (!app) return;
  const known = Array.from(document.querySelectorAll("template[data-start]"), (t) => t.lang);
  const lang = language(known);
  html.dataset.firstPaintLang = lang;
  const template = lang === "en" ? null : words(lang);
  const list = games();
  const game = shown(list);
  let how = "prerendered";
  const found = stored(game);
  if (found) {
    app.innerHTML = found.markup;
    app.dataset.painted = found.kind;
    app.dataset.paintedGame = game.name;
    how = "stored";
  } else if (game && (game !== list[0] || read("localStorage", game.save) !== null)) {
    app.replaceChildren();
    how = "none";
  } else if (template) {
    app.replaceChildren(template.content.cloneNode(true));
  }
  html.dataset.firstPaint = how;
  performance.mark("first-paint-inserted"); // bench/startup.py
  const picture = Array.from(app.childNodes); // what Python's first render replaces

  function ready() {
    return document.body.dataset.ready === "1";
  }

  /** Python is ready and the picture is gone: the page is live. */
  function done() {
    return ready() && !picture.some((node) => node.isConnected);
  }

  /** A tap or key press before the page is live: nothing happens, and the indicator says so. */
  function acknowledge(event) {
    if (done()) return;
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
    delete html.dataset.waiting;
  }

  html.dataset.waiting = "1";
  for (const type of ["pointerdown", "keydown"]) {
    document.addEventListener(type, acknowledge, true);
  }
  const observer = new MutationObserver(() => {
    if (!done()) return;
    observer.disconnect();
    live();
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  observer.observe(app, { childList: true });
})();
