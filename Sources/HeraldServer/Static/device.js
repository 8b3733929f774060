// The settings page's "On this device" (DeviceSection): shows whether this browser can get
// Herald's reminders and, on the tap of its button (iOS asks for permission only on a tap),
// asks for permission, registers the service worker, subscribes with the server's key and
// stores the subscription through the page's own session (the form token of #device-form).
'use strict';

(function () {
  const section = document.getElementById('device');
  if (!section) return;
  const state = document.getElementById('device-state');
  const button = document.getElementById('device-subscribe');
  const tester = document.getElementById('device-test');
  const form = document.getElementById('device-form');
  const text = (name) => section.getAttribute('data-text-' + name) || '';
  // This device's subscription once it has one: what a test push is sent to.
  let current = null;
  const show = (name, detail) => {
    state.textContent = detail ? text(name) + ' ' + detail : text(name);
    section.setAttribute('data-state', name);
    // Subscribed, the button has nothing left to do.
    button.hidden = current !== null || name === 'unsupported' || name === 'home-screen';
    tester.hidden = current === null;
  };

  const supported = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  // iOS Safari has push only in a web app opened from the Home Screen (navigator.standalone).
  const isIOS = /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  const installed = navigator.standalone === true || window.matchMedia('(display-mode: standalone)').matches;

  // The key the server signs with, as the bytes applicationServerKey takes.
  async function serverKey() {
    const response = await fetch('/settings/push-key', { credentials: 'same-origin' });
    if (!response.ok) throw new Error('push key: HTTP ' + response.status);
    const text = (await response.json()).publicKey;
    const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  }

  // Stores `subscription` on the server (the same endpoint again is the same subscription).
  async function store(subscription) {
    const body = new URLSearchParams();
    body.set('_form', form.elements['_form'].value);
    body.set('subscription', JSON.stringify(subscription.toJSON()));
    const response = await fetch('/settings/push-subscriptions', {
      method: 'POST', credentials: 'same-origin', body,
    });
    if (!response.ok) {
      let problem = 'HTTP ' + response.status;
      try { problem = (await response.json()).problem || problem; } catch (error) { /* not JSON */ }
      throw new Error(problem);
    }
    section.setAttribute('data-subscription', (await response.json()).id);
    current = subscription;
  }

  // Asks the server to push a test to this device; its answer says what the push service did.
  async function test() {
    show('working');
    const body = new URLSearchParams();
    body.set('_form', form.elements['_form'].value);
    body.set('endpoint', current.endpoint);
    const response = await fetch('/settings/push-test', { method: 'POST', credentials: 'same-origin', body });
    let answer = {};
    try { answer = await response.json(); } catch (error) { /* not JSON */ }
    if (!response.ok) throw new Error(answer.problem || 'HTTP ' + response.status);
    show('sent');
  }

  async function subscribe() {
    show('working');
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') return show(permission === 'denied' ? 'denied' : 'ask');
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
    const subscription = (await registration.pushManager.getSubscription()) ||
      await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: await serverKey() });
    await store(subscription);
    show('subscribed');
  }

  // What the device's state is when the page opens; a subscription found is posted again, so the
  // one a push service replaced (sw.js, pushsubscriptionchange) is stored on the next visit.
  async function look() {
    if (!supported) return show(isIOS && !installed ? 'home-screen' : 'unsupported');
    if (Notification.permission === 'denied') return show('denied');
    const registration = await navigator.serviceWorker.getRegistration('/');
    const subscription = registration && await registration.pushManager.getSubscription();
    if (Notification.permission === 'granted' && subscription) {
      await store(subscription);
      return show('subscribed');
    }
    show('ask');
  }

  button.addEventListener('click', () => {
    subscribe().catch((error) => show('failed', error.message));
  });
  tester.addEventListener('click', () => {
    test().catch((error) => show('failed', error.message));
  });
  look().catch((error) => show('failed', error.message));
})();
