import { useVoiceReactionsRealtime } from '../hooks/use-voice-reactions-realtime';

/**
 * Voice reactions' background work while signed in, on every screen: their `transcript` events
 * into the caches (issue 47). Renders nothing.
 */
export function VoiceReactionsSync() {
  useVoiceReactionsRealtime();
  return null;
}
