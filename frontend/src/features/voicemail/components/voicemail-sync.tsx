import { useSessionExpiry } from '@/hooks/use-session-expiry';
import { voicemailKeys } from '../api/keys';
import { useVoicemailRealtime } from '../hooks/use-voicemail-realtime';

/**
 * Voicemail's background work while signed in, on every screen: `voicemail` events into the
 * caches, and the session-expiry redirect on a 401 from any voicemail call. Renders nothing.
 */
export function VoicemailSync() {
  useVoicemailRealtime();
  useSessionExpiry(voicemailKeys.all);
  return null;
}
