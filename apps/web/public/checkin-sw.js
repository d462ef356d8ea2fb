/**
 * Service worker of the gate scanner (/checkin, issue 11 §3): lets the installed scanner open
 * without the network. The page tells it which files it loaded (hashed, so they never change)
 * and it keeps them; the scanner page itself is fetched from the network first and from the
 * cache when that fails. API calls are never cached: the scanner keeps its data in IndexedDB.
 *
 * Registered by the scanner page only (public visitors never get it), with the site's root as
 * its scope: the QR decoder's worker script (/assets/…) is fetched as a worker of its own, and
 * a worker's script and its requests go through a service worker only if their own URL is in
 * its scope, which /checkin's was not. Other pages' navigations are left to the network.
 */
/* global self, caches */
const CACHE = 'checkin-v1';
const SCANNER = '/checkin';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/**
 * The page's files to keep: same-origin http(s) URLs but the API's, each once. `addAll` would
 * refuse the whole list for one duplicate (the decoder's files are also among the page's loaded
 * resources) or one failed file, so each file is added on its own.
 */
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'cache' || !Array.isArray(event.data.urls)) return;
  const urls = new Set();
  for (const url of event.data.urls) {
    const parsed = new URL(url, self.location.origin);
    parsed.hash = '';
    if (
      parsed.origin === self.location.origin &&
      /^https?:$/.test(parsed.protocol) &&
      !parsed.pathname.startsWith('/api/')
    )
      urls.add(parsed.href);
  }
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => Promise.all([...urls].map((url) => cache.add(url).catch(() => undefined)))),
  );
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (
    event.request.method !== 'GET' ||
    url.origin !== self.location.origin ||
    url.pathname.startsWith('/api/')
  )
    return;
  if (event.request.mode === 'navigate') {
    if (url.pathname !== SCANNER && !url.pathname.startsWith(`${SCANNER}/`)) return;
    event.respondWith(
      fetch(event.request).catch(() => caches.match(SCANNER).then((cached) => cached ?? Response.error())),
    );
    return;
  }
  event.respondWith(caches.match(event.request).then((cached) => cached ?? fetch(event.request)));
});
