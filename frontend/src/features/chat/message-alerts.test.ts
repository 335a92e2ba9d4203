import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '@/lib/settings';
import { fakeAudioContext } from '@/test/audio';
import { alertNewMessage, notificationAllowed } from './message-alerts';
import type { Message } from './types';

let contexts = 0;
const FakeAudioContext = fakeAudioContext(() => (contexts += 1));

class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static shown: string[] = [];
  onclick: (() => void) | null = null;
  close = vi.fn();
  constructor(title: string, options: NotificationOptions) {
    FakeNotification.shown.push(`${title}: ${options.body}`);
  }
}

function aMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: 9,
    conversationId: 3,
    content: 'Hello there',
    messageType: 'text',
    sender: { id: 2, username: 'leo', displayName: 'Leo Park', profileImage: null },
    createdAt: '2026-01-01T00:00:00Z',
    duration: null,
    voiceUrl: null,
    replyTo: null,
    replyToId: null,
    reactions: [],
    callOutcome: null,
    sharedPost: null,
    sharedReel: null,
    ...overrides,
  } as Message;
}

let hidden = true;
beforeEach(() => {
  contexts = 0;
  hidden = true;
  FakeNotification.shown = [];
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('Notification', FakeNotification);
  vi.spyOn(document, 'hidden', 'get').mockImplementation(() => hidden);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a new message from someone else', () => {
  it('chimes and, in a hidden tab, notifies with the default settings', () => {
    alertNewMessage(aMessage(), 1, DEFAULT_SETTINGS);
    expect(contexts).toBe(1);
    expect(FakeNotification.shown).toEqual(['Leo Park: Hello there']);
  });

  it("is silent with 'Sound Effects' off", () => {
    alertNewMessage(aMessage(), 1, { ...DEFAULT_SETTINGS, soundEffects: false });
    expect(contexts).toBe(0);
  });

  it('does not notify while the tab is visible, nor for my own message', () => {
    hidden = false;
    alertNewMessage(aMessage(), 1, DEFAULT_SETTINGS);
    hidden = true;
    alertNewMessage(aMessage({ sender: { id: 1, username: 'maya', displayName: 'Maya Chen', profileImage: null } }), 1, DEFAULT_SETTINGS);
    expect(FakeNotification.shown).toEqual([]);
  });

  it('follows push (all) and the switch of its kind', () => {
    const voice = aMessage({ messageType: 'voice', content: '' });
    expect(notificationAllowed({ ...DEFAULT_SETTINGS, pushNotifications: false }, aMessage())).toBe(false);
    expect(notificationAllowed({ ...DEFAULT_SETTINGS, chatMessageNotifications: false }, aMessage())).toBe(false);
    expect(notificationAllowed({ ...DEFAULT_SETTINGS, chatMessageNotifications: false }, voice)).toBe(true);
    expect(notificationAllowed({ ...DEFAULT_SETTINGS, voiceMessageNotifications: false }, voice)).toBe(false);
    alertNewMessage(voice, 1, DEFAULT_SETTINGS);
    expect(FakeNotification.shown).toEqual(['Leo Park: Voice message']);
  });
});
