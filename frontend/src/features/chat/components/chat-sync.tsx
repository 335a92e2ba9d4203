import { useSessionExpiry } from '@/hooks/use-session-expiry';
import { chatKeys } from '../api/keys';
import { useChatRealtime } from '../hooks/use-chat-realtime';

/**
 * The chat's background work while signed in, on every screen: socket events into the caches,
 * and the session-expiry redirect on a 401 from any chat call. Renders nothing.
 */
export function ChatSync() {
  useChatRealtime();
  useSessionExpiry(chatKeys.all);
  return null;
}
