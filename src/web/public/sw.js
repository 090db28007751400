// The school area's service worker (docs/decisions/0081-push-and-live.md), registered only by the
// school area's code: it keeps the app's shell (the built, hashed assets and the last school page)
// so that the installed app opens without a network, and it shows the school's push notifications.
// It never answers /api or /uploads from a cache: what a signed-in user reads is always asked for.

const SHELL_CACHE = 'schoolyard-shell-v1';
/** The last school page the network gave, kept as the shell the router renders any path with. */
const SHELL_PAGE = '/dashboard';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name !== SHELL_CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

/** Hashed assets never change: from the cache when there, else from the network and kept. */
async function asset(request) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** Pages from the network; the school's dashboard kept as the shell for when there is none. */
async function page(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && new URL(request.url).pathname === SHELL_PAGE) {
      await cache.put(SHELL_PAGE, response.clone());
    }
    return response;
  } catch (error) {
    const shell = await cache.match(SHELL_PAGE);
    if (shell) return shell;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/uploads/')) return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(asset(request));
    return;
  }
  if (request.mode === 'navigate') event.respondWith(page(request));
});

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : undefined;
  } catch {
    message = undefined;
  }
  if (!message || typeof message.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === 'string' ? message.body : '',
      icon: '/app-icons/192.png',
      badge: '/app-icons/192.png',
      tag: typeof message.kind === 'string' ? message.kind : undefined,
      data: {
        path: typeof message.path === 'string' && message.path.startsWith('/') ? message.path : '/dashboard',
      },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data?.path ?? '/dashboard';
  event.waitUntil(
    (async () => {
      const target = new URL(path, self.location.origin).href;
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && 'focus' in client) {
          await client.focus();
          if ('navigate' in client) await client.navigate(target);
          return;
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});
