import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
  static instances: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  close = vi.fn();
  constructor(
    public title: string,
    public options: NotificationOptions,
  ) {
    FakeNotification.instances.push(this);
  }
}

/** A fresh copy of the module: it asks for permission once per page load. */
const load = async () => {
  vi.resetModules();
  return import('./notifications');
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeNotification.instances = [];
  FakeNotification.permission = 'granted';
  FakeNotification.requestPermission.mockClear();
  vi.stubGlobal('Notification', FakeNotification);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the incoming call notification', () => {
  it('is raised with the caller and closes after 30 s', async () => {
    const { notifyIncomingCall } = await load();
    notifyIncomingCall('Leo Park');
    const [notification] = FakeNotification.instances;
    expect(notification.title).toBe('Incoming voice call');
    expect(notification.options.body).toBe('Leo Park is calling you');
    vi.advanceTimersByTime(29_999);
    expect(notification.close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(notification.close).toHaveBeenCalled();
  });

  it('closes as soon as the ringing stops', async () => {
    const { notifyIncomingCall } = await load();
    notifyIncomingCall('Leo Park')();
    expect(FakeNotification.instances[0].close).toHaveBeenCalled();
  });

  it('is not raised without permission', async () => {
    FakeNotification.permission = 'denied';
    const { notifyIncomingCall } = await load();
    notifyIncomingCall('Leo Park')();
    expect(FakeNotification.instances).toHaveLength(0);
  });
});

describe('the notification permission', () => {
  it('is asked once when undecided, and a yes is reported', async () => {
    FakeNotification.permission = 'default';
    const { requestNotificationPermission } = await load();
    const granted = vi.fn();
    requestNotificationPermission(granted);
    requestNotificationPermission(granted);
    await Promise.resolve();
    await Promise.resolve();
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(granted).toHaveBeenCalledTimes(1);
  });

  it('is not asked again once decided', async () => {
    const { requestNotificationPermission } = await load();
    requestNotificationPermission(() => {});
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
  });
});
