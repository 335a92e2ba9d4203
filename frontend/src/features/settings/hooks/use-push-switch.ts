import { useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { notificationPermission, subscribeToPush, unsubscribeFromPush } from '@/lib/push-subscription';
import { useEffectiveSettings } from '@/lib/settings';
import { useUpdateSettings } from '../api/update-settings';

export const PUSH_TEXT = {
  blocked: 'Notifications are blocked for Atelier in your browser settings',
  dismissed: 'Allow notifications when your browser asks, to get them here',
  unavailable: 'Push notifications are not available in this browser',
  failed: 'Failed to turn on push notifications. Please try again.',
} as const;

/**
 * The Push Notifications switch (issue 21): turning it on asks the browser for permission and
 * subscribes this browser (lib/push-subscription.ts), then saves the setting; a refusal keeps it
 * off and says why. Where push is not available (no service worker or PushManager) the setting
 * still saves, and the row says push cannot reach this browser. Turning it off saves at once and
 * unsubscribes this browser. `message` is the row's note, `pending` while the browser is asked.
 */
export function usePushSwitch() {
  const update = useUpdateSettings();
  const settings = useEffectiveSettings();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const blockedNow = settings.pushNotifications && notificationPermission() === 'denied' ? PUSH_TEXT.blocked : null;

  const onChange = async (on: boolean) => {
    if (!on) {
      setMessage(null);
      update.mutate({ pushNotifications: false });
      await unsubscribeFromPush().catch((error: unknown) => console.error('Could not unsubscribe from push', error));
      return;
    }
    setPending(true);
    try {
      const result = await subscribeToPush();
      if (result === 'denied') setMessage(PUSH_TEXT.blocked);
      else if (result === 'dismissed') setMessage(PUSH_TEXT.dismissed);
      else {
        setMessage(result === 'unsupported' ? PUSH_TEXT.unavailable : null);
        update.mutate({ pushNotifications: true });
      }
    } catch (error) {
      console.error('Could not subscribe to push', error);
      toast({ variant: 'destructive', title: 'Error', description: PUSH_TEXT.failed });
    } finally {
      setPending(false);
    }
  };

  return { onChange, pending, message: message ?? blockedNow };
}
