// Small Islands page-side glue (a module file: the CSP forbids inline scripts).
//  - loading screen: reports the stage while Python starts;
//  - service worker: registered only once Python has rendered (body[data-ready="1"]),
//    so the first visit does not download the 9.6 MB wasm twice;
//  - updates: a new worker waits; the page is told ("si:update-available" on window,
//    window.smallIslands.updateAvailable) and applies it only when the user asks.

const loading = document.getElementById("loading");
const loadingText = loading && loading.querySelector(".loading-text");

// PyScript dispatches "py:ready" on its <script> once the interpreter is up.
document.addEventListener(
  "py:ready",
  () => {
    if (loading) loading.dataset.stage = "python";
    // (unless it says why a tap did nothing: first-paint.js)
    if (loadingText && !loading.dataset.wait) loadingText.textContent = "Starting the game…";
  },
  { capture: true, once: true },
);

/** Run `callback` once Python has set body[data-ready="1"]. */
function whenReady(callback) {
  if (document.body.dataset.ready === "1") {
    callback();
    return;
  }
  const observer = new MutationObserver(() => {
    if (document.body.dataset.ready === "1") {
      observer.disconnect();
      callback();
    }
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
}

const state = { registration: null, updateAvailable: false, reloading: false };

/** Activate the waiting worker, then reload once it controls the page. */
function applyUpdate() {
  const waiting = state.registration && state.registration.waiting;
  if (!waiting) return false;
  state.reloading = true;
  waiting.postMessage({ type: "SKIP_WAITING" });
  return true;
}

function announceUpdate() {
  if (state.updateAvailable) return;
  state.updateAvailable = true;
  // The app may render its own notice: listen for this event and call preventDefault().
  const event = new CustomEvent("si:update-available", { cancelable: true, detail: { applyUpdate } });
  if (!window.dispatchEvent(event)) return;
  const banner = document.getElementById("update");
  if (!banner) return;
  banner.hidden = false;
  document.body.dataset.update = "1"; // the page makes room for it (styles.css)
  const button = document.getElementById("update-reload");
  if (button) button.addEventListener("click", applyUpdate, { once: true });
}

function watch(registration) {
  state.registration = registration;
  if (registration.waiting && navigator.serviceWorker.controller) announceUpdate();
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      // "installed" while another worker controls the page = an update is waiting.
      if (worker.state === "installed" && navigator.serviceWorker.controller) announceUpdate();
    });
  });
  // Installed apps stay open for days: look for a new version when shown again.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") registration.update().catch(() => {});
  });
}

navigator.serviceWorker?.addEventListener("controllerchange", () => {
  if (state.reloading) window.location.reload();
});

window.smallIslands = {
  get updateAvailable() {
    return state.updateAvailable;
  },
  applyUpdate,
};

if ("serviceWorker" in navigator) {
  whenReady(() => {
    navigator.serviceWorker
      .register("./service-worker.js", { scope: "./" })
      .then(watch)
      .catch((error) => console.warn("Service worker not registered:", error));
  });
}
