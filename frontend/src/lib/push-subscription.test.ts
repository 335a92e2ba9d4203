import { afterEach, describe, expect, it, vi } from 'vitest';
import { installPush, removePush, VAPID_KEY } from '@/test/push';
import { json } from '@/test/render';
import { serveApi } from '@/test/shop';
import { base64UrlToBytes, subscribeToPush, unsubscribeFromPush } from './push-subscription';

afterEach(() => {
  vi.unstubAllGlobals();
  removePush();
});

function servePush() {
  return serveApi({
    'GET /api/push/vapid-public-key': () => json({ publicKey: VAPID_KEY }),
    'POST /api/push/subscriptions': () => new Response(null, { status: 201 }),
    'DELETE /api/push/subscriptions': () => new Response(null, { status: 204 }),
  });
}

describe('push subscription', () => {
  it('decodes base64url with or without padding', () => {
    expect([...base64UrlToBytes('-_8')]).toEqual([0xfb, 0xff]);
    expect([...base64UrlToBytes('AQID')]).toEqual([1, 2, 3]);
    expect(base64UrlToBytes(VAPID_KEY)).toHaveLength(65);
  });

  it('asks, subscribes with the server key and sends the subscription', async () => {
    const push = installPush({ answer: 'granted' });
    const api = servePush();

    expect(await subscribeToPush()).toBe('subscribed');

    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    const options = push.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toEqual(base64UrlToBytes(VAPID_KEY));
    expect(api.calls('POST /api/push/subscriptions').map((c) => c.body)).toEqual([
      { endpoint: 'https://push.example.com/send/abc', keys: { p256dh: 'BP256dh-key', auth: 'auth-secret' } },
    ]);
  });

  it('stops at a refused or dismissed prompt, sending nothing', async () => {
    installPush({ answer: 'denied' });
    const api = servePush();
    expect(await subscribeToPush()).toBe('denied');
    installPush({ answer: 'default' });
    expect(await subscribeToPush()).toBe('dismissed');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('says push is not available without a service worker or PushManager', async () => {
    const push = installPush({ serviceWorker: false });
    const api = servePush();
    expect(await subscribeToPush()).toBe('unsupported');
    expect(push.requestPermission).not.toHaveBeenCalled();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('unsubscribes and tells the server to forget the endpoint', async () => {
    const push = installPush({ subscribed: true, permission: 'granted' });
    const api = servePush();
    await unsubscribeFromPush();
    expect(push.unsubscribe).toHaveBeenCalledTimes(1);
    expect(api.calls('DELETE /api/push/subscriptions').map((c) => c.body)).toEqual([{ endpoint: 'https://push.example.com/send/abc' }]);
  });

  it('rejects when the server refuses the subscription', async () => {
    installPush();
    serveApi({
      'GET /api/push/vapid-public-key': () => json({ publicKey: VAPID_KEY }),
      'POST /api/push/subscriptions': () => json({ message: 'Invalid push endpoint', code: 'invalid' }, { status: 400 }),
    });
    await expect(subscribeToPush()).rejects.toThrow(/^400: /);
  });
});
