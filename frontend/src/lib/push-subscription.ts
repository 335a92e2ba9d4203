//! Web Push for this browser (issue 21, docs/notifications-contract.md): asks for the browser's
//! permission, subscribes through the service worker's PushManager with the server's VAPID key,
//! and tells the server the subscription; turning it off unsubscribes and tells the server to
//! forget it. Without a service worker or PushManager (dev mode, old browsers) push is simply
//! not available: callers keep the account's setting usable and say so.
import type { components } from '@/types/api.gen';
import { apiRequest } from './api-client';

type Schemas = components['schemas'];

/** GET /api/push/vapid-public-key → the key, base64url (an uncompressed P-256 point, 65 bytes). */
export async function getVapidPublicKey(): Promise<string> {
  const res = await apiRequest('GET', '/api/push/vapid-public-key');
  return ((await res.json()) as Schemas['VapidPublicKey']).publicKey;
}

/** POST /api/push/subscriptions → 201 (200 when the endpoint is known). */
export async function saveSubscription(body: Schemas['NewPushSubscription']): Promise<void> {
  await apiRequest('POST', '/api/push/subscriptions', body);
}

/** DELETE /api/push/subscriptions {endpoint} → 204. */
export async function deleteSubscription(endpoint: string): Promise<void> {
  const body: Schemas['PushEndpoint'] = { endpoint };
  await apiRequest('DELETE', '/api/push/subscriptions', body);
}

/** base64url (padded or not) → bytes, for `applicationServerKey`. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether this browser can take pushes at all: notifications, a service worker, PushManager. */
export function pushSupported(): boolean {
  return typeof Notification !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined';
}

/** The browser's answer so far: 'denied' means blocked in its settings (asking again does nothing). */
export function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** How long to wait for a registered service worker to become active. */
export const SERVICE_WORKER_WAIT_MS = 10_000;

/** The active service worker's registration, or null when none is registered (dev mode) or none activates in time. */
async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!(await navigator.serviceWorker.getRegistration())) return null;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), SERVICE_WORKER_WAIT_MS)),
  ]);
}

/**
 * 'subscribed': the server has this browser's subscription; 'denied': notifications are blocked
 * for the site; 'dismissed': the prompt was closed without an answer; 'unsupported': no service
 * worker or PushManager here.
 */
export type SubscribeResult = 'subscribed' | 'denied' | 'dismissed' | 'unsupported';

/**
 * Asks for permission (call it from the user's tap: browsers ignore a prompt without one), then
 * subscribes with the server's VAPID key (or reuses this browser's subscription) and sends it to
 * the server. A failed request rejects.
 */
export async function subscribeToPush(): Promise<SubscribeResult> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  const registration = await activeRegistration();
  if (!registration) return 'unsupported';
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(await getVapidPublicKey()),
    }));
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('The browser gave a push subscription without its keys');
  await saveSubscription({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });
  return 'subscribed';
}

/** Unsubscribes this browser (when it is subscribed) and tells the server to forget the endpoint. */
export async function unsubscribeFromPush(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  await deleteSubscription(endpoint);
}
