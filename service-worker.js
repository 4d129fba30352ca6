// Small Islands service worker. tools/build.py replaces the two placeholders below with
// a content-hash version and the precache list (every file the app requests).
// Cache-first; a new version waits until the page asks it to take over (never by itself).

const VERSION = "__SI_VERSION__";
const PRECACHE = ["__SI_PRECACHE__"];
const PREFIX = "small-islands-";
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // "reload": fill the cache from the network, never from a stale HTTP cache.
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "reload" })))),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(request, { ignoreSearch: true });
      if (hit) return hit;
      try {
        return await fetch(request);
      } catch (error) {
        // Offline on a page URL we do not know (e.g. "./index.html?x#y" variants): the app.
        const page = request.mode === "navigate" && (await cache.match("./index.html"));
        if (page) return page;
        throw error;
      }
    }),
  );
});
