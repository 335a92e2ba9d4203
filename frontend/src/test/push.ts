//! A browser's push machinery for tests: Notification (its permission and the prompt's answer),
//! navigator.serviceWorker with a registration whose PushManager subscribes, and PushManager.
import { vi } from 'vitest';

/** A VAPID public key as the server gives it: 65 bytes (0x04 first), base64url. */
export const VAPID_KEY = `BA${'A'.repeat(85)}`;

export interface FakePush {
  requestPermission: ReturnType<typeof vi.fn<() => Promise<NotificationPermission>>>;
  subscribe: ReturnType<typeof vi.fn<(options: PushSubscriptionOptionsInit) => Promise<PushSubscription>>>;
  unsubscribe: ReturnType<typeof vi.fn<() => Promise<boolean>>>;
  /** This browser's current subscription, or null. */
  current: () => PushSubscription | null;
}

function aSubscription(endpoint: string, onUnsubscribe: () => Promise<boolean>): PushSubscription {
  return {
    endpoint,
    unsubscribe: onUnsubscribe,
    toJSON: () => ({ endpoint, keys: { p256dh: 'BP256dh-key', auth: 'auth-secret' } }),
  } as unknown as PushSubscription;
}

/**
 * Installs the fakes: `answer` is what the permission prompt answers; `serviceWorker` false
 * leaves the browser without one (dev mode), `subscribed` starts with a subscription.
 */
export function installPush({
  answer = 'granted',
  permission = 'default',
  serviceWorker = true,
  subscribed = false,
}: {
  answer?: NotificationPermission;
  permission?: NotificationPermission;
  serviceWorker?: boolean;
  subscribed?: boolean;
} = {}): FakePush {
  let current: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  if (subscribed) current = aSubscription('https://push.example.com/send/abc', unsubscribe);
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  const subscribe = vi.fn(async () => {
    current = aSubscription('https://push.example.com/send/abc', unsubscribe);
    return current;
  });
  const registration = { pushManager: { getSubscription: async () => current, subscribe } };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: serviceWorker ? { getRegistration: async () => registration, ready: Promise.resolve(registration) } : undefined,
  });
  if (!serviceWorker) delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  return { requestPermission: notification.requestPermission, subscribe, unsubscribe, current: () => current };
}

/** Takes the fakes away again (vi.unstubAllGlobals() does Notification and PushManager). */
export function removePush(): void {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
}
