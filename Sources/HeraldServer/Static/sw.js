// Herald's service worker (served as /sw.js, so its scope is the whole site). It shows a pushed
// reminder where the browser does not read the declarative payload itself (everywhere but
// Safari 18.4+), and answers a tap: "done" and "snooze" are posted to their signed links (the
// link is the authorization: no login, no page needed), a tap on the notification or on "map"
// opens its link. The payload's form is docs/contracts/push.md's.
'use strict';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// The options for showNotification: the contract's fields, and the links kept in `data` so the
// tap's handler finds them (a notification's actions carry only a name and a title).
function notificationOptions(notification) {
  const actions = Array.isArray(notification.actions) ? notification.actions : [];
  const links = {};
  for (const action of actions) links[action.action] = action.navigate;
  return {
    body: notification.body,
    tag: notification.tag,
    lang: notification.lang,
    silent: notification.silent === true,
    icon: '/static/icon-192.png',
    actions: actions.map((action) => ({ action: action.action, title: action.title })),
    data: { navigate: notification.navigate, actions: links },
  };
}

self.addEventListener('push', (event) => {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch (error) {
    message = null;
  }
  const notification = message && message.notification;
  if (!notification || typeof notification.title !== 'string') return;
  event.waitUntil(self.registration.showNotification(notification.title, notificationOptions(notification)));
});

// Opens `link` in a window of this app: one already open is navigated, else a new one.
async function open(link) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) {
    if ('navigate' in client) {
      await client.focus();
      return client.navigate(link);
    }
  }
  return self.clients.openWindow(link);
}

// What a tap does: `action` is the button's name, or '' for the notification itself. Answers
// whether the server took it (a 2xx), for the tests and the log.
async function answer(data, action) {
  const link = action ? data && data.actions && data.actions[action] : data && data.navigate;
  if (!link) return false;
  if (action === 'done' || action === 'snooze') {
    const response = await fetch(link, { method: 'POST', credentials: 'omit', redirect: 'manual' });
    return response.ok;
  }
  await open(link);
  return true;
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(answer(event.notification.data, event.action));
});

// A page asks to press a button of a notification shown (by its tag) as a tap would: the same
// path as `notificationclick`, for a browser that cannot tap (the browser test) and for a page
// listing the notifications on screen. The reply goes to the asking page's port.
self.addEventListener('message', (event) => {
  const request = event.data;
  if (!request || request.type !== 'herald-answer') return;
  const port = event.ports && event.ports[0];
  event.waitUntil(
    (async () => {
      const shown = await self.registration.getNotifications({ tag: request.tag });
      const notification = shown[0];
      const taken = notification ? await answer(notification.data, request.action) : false;
      if (taken && notification) notification.close();
      if (port) port.postMessage({ taken });
    })(),
  );
});

// The push service replaced the subscription: subscribe again with the same key. Storing the
// new one needs the page's form token, which a worker has not: the settings page posts it the
// next time it is opened (device.js sends the subscription it finds on every visit).
self.addEventListener('pushsubscriptionchange', (event) => {
  const old = event.oldSubscription;
  const key = old && old.options && old.options.applicationServerKey;
  if (!key) return;
  event.waitUntil(self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
});
