// Small Islands service worker. tools/build.py replaces the two placeholders below with
// a content-hash version and the precache list (every file the app requests, each with the
// SHA-256 of this build's bytes as a Subresource Integrity string).
// Cache-first; a new version waits until the page asks it to take over (never by itself).

const VERSION = "__SI_VERSION__";
const PRECACHE = { "__SI_PRECACHE__": "" };
const PREFIX = "small-islands-";
const CACHE = PREFIX + VERSION;
// The same bytes under two URLs: fetched once, stored under both.
const SAME_AS = { "./index.html": "./" };

/** This build's bytes of `url`. The first visit's page has just downloaded most of them, so
 * they come from the HTTP cache (or a 304) rather than the network again. `integrity` makes a
 * response of any other build (an HTTP cache or a server halfway through a deploy) fail; then
 * once more from the network, bypassing the HTTP cache; if that fails too, so does the
 * install: a worker never caches a mix of two builds (the next visit tries again). */
async function fetchBuilt(url) {
  const integrity = PRECACHE[url];
  try {
    return await fetchChecked(new Request(url, { cache: "default", integrity }));
  } catch {
    return fetchChecked(new Request(url, { cache: "reload", integrity }));
  }
}

async function fetchChecked(request) {
  const response = await fetch(request); // rejects when the bytes do not match `integrity`
  if (!response.ok) throw new Error(`${request.url}: HTTP ${response.status}`);
  return response;
}

async function precache() {
  const urls = Object.keys(PRECACHE).filter((url) => !(url in SAME_AS));
  const responses = await Promise.all(urls.map(fetchBuilt));
  const cache = await caches.open(CACHE);
  await Promise.all(urls.map((url, i) => cache.put(url, responses[i])));
  for (const [url, same] of Object.entries(SAME_AS)) {
    if (PRECACHE[url] !== PRECACHE[same]) throw new Error(`${url}: not the bytes of ${same}`);
    await cache.put(url, (await cache.match(same)).clone());
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    precache().catch(async (error) => {
      await caches.delete(CACHE); // nothing half-filled is left behind
      throw error;
    }),
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
