//! The browser notification of an incoming call: raised while the call rings,
//! closed after 30 s or as soon as the ringing stops. Permission is asked once per
//! page load when the user has not decided yet.

/** docs/decisions.md: the incoming-call notification closes after 30 s. */
export const INCOMING_NOTIFICATION_MS = 30_000;

/** Shows the notification when allowed; returns what closes it (a no-op when none was shown). */
export function notifyIncomingCall(callerName: string): () => void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return () => {};
  let notification: Notification;
  try {
    notification = new Notification('Incoming voice call', {
      body: `${callerName} is calling you`,
      tag: 'atelier-incoming-call',
    });
  } catch {
    // Some mobile browsers only show notifications from a service worker.
    return () => {};
  }
  notification.onclick = () => {
    window.focus();
    notification.close();
  };
  const timer = setTimeout(() => notification.close(), INCOMING_NOTIFICATION_MS);
  return () => {
    clearTimeout(timer);
    notification.close();
  };
}

let asked = false;

/** Asks for notification permission if undecided, once per page load; `onGranted` on a yes. */
export function requestNotificationPermission(onGranted: () => void): void {
  if (asked || typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  asked = true;
  Notification.requestPermission().then(
    (permission) => {
      if (permission === 'granted') onGranted();
    },
    () => {},
  );
}
