/**
 * Service worker of the gate scanner (/checkin, issue 11 §3): lets the installed scanner open
 * without the network. The page tells it which files it loaded (hashed, so they never change)
 * and it keeps them; the scanner page itself is fetched from the network first and from the
 * cache when that fails. API calls are never cached: the scanner keeps its data in IndexedDB.
 */
/* global self, caches */
const CACHE = 'checkin-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  if (event.data?.type !== 'cache' || !Array.isArray(event.data.urls)) return;
  const sameOrigin = event.data.urls.filter((url) => {
    const parsed = new URL(url, self.location.origin);
    return parsed.origin === self.location.origin && !parsed.pathname.startsWith('/api/');
  });
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(sameOrigin))
      .catch(() => undefined),
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
    event.respondWith(
      fetch(event.request).catch(() => caches.match('/checkin').then((cached) => cached ?? Response.error())),
    );
    return;
  }
  event.respondWith(caches.match(event.request).then((cached) => cached ?? fetch(event.request)));
});
