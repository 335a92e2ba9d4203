//! What a new message from someone else does beyond the list (issue 10): a short chime when
//! sound effects are on, and a browser notification when the tab is hidden, notifications are
//! allowed (the browser's permission, asked on load by the calls feature), push notifications are
//! on and the switch for its kind (voice messages or chat messages) is on.
import type { Settings } from '@/lib/settings';
import { messagePreview } from './conversation';
import type { Message } from './types';

const CHIME_HZ = [880, 1320];
const CHIME_NOTE_S = 0.09;
const VOLUME = 0.08;

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | null {
  if (typeof window === 'undefined') return null;
  const w = window as typeof window & { webkitAudioContext?: AudioContextClass };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

/** Two quick notes drawn with Web Audio; silent where the browser will not play. */
export function playMessageChime(): void {
  const Context = audioContextClass();
  if (!Context) return;
  try {
    const context = new Context();
    void context.resume().catch(() => {});
    const at = context.currentTime;
    const gain = context.createGain();
    gain.gain.setValueAtTime(VOLUME, at);
    gain.connect(context.destination);
    CHIME_HZ.forEach((frequency, i) => {
      const tone = context.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(at + i * CHIME_NOTE_S);
      tone.stop(at + (i + 1) * CHIME_NOTE_S);
    });
    setTimeout(() => void context.close().catch(() => {}), 500);
  } catch {
    // No sound is better than a broken socket handler.
  }
}

/** Whether the settings allow a browser notification for this kind of message. */
export function notificationAllowed(settings: Settings, message: Pick<Message, 'messageType'>): boolean {
  if (!settings.pushNotifications) return false;
  return message.messageType === 'voice' ? settings.voiceMessageNotifications : settings.chatMessageNotifications;
}

function showNotification(message: Message): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  if (typeof document === 'undefined' || !document.hidden) return;
  try {
    const notification = new Notification(message.sender.displayName, {
      body: messagePreview(message),
      tag: `atelier-message-${message.conversationId}`,
    });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  } catch {
    // Some mobile browsers only show notifications from a service worker.
  }
}

/** The chime and the notification of a message that just arrived, as the settings allow. */
export function alertNewMessage(message: Message, myId: number | undefined, settings: Settings): void {
  if (message.sender.id === myId || message.messageType === 'call' || message.messageType === 'system') return;
  if (settings.soundEffects) playMessageChime();
  if (notificationAllowed(settings, message)) showNotification(message);
}
