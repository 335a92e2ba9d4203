//! React access to the realtime socket: <RealtimeProvider> opens it for as long as it is
//! mounted (the signed-in shell); the hooks subscribe to its events and (re)connects.
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLatest } from '@/hooks/use-latest';
import { RealtimeClient, socketUrl, type ServerEvent } from './realtime';

const RealtimeContext = createContext<RealtimeClient | null>(null);

/** Opens the socket while mounted; `createClient` lets tests hand in their own. */
export function RealtimeProvider({
  children,
  createClient = () => new RealtimeClient({ url: socketUrl() }),
}: {
  children: ReactNode;
  createClient?: () => RealtimeClient;
}) {
  const [client, setClient] = useState<RealtimeClient | null>(null);
  const factory = useRef(createClient);

  useEffect(() => {
    const next = factory.current();
    next.start();
    setClient(next);
    return () => {
      next.stop();
      setClient(null);
    };
  }, []);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

/** The client, or null outside a provider and before the socket is first opened. */
export function useRealtimeClient(): RealtimeClient | null {
  return useContext(RealtimeContext);
}

/** Calls `handler` with every event from the server. */
export function useRealtimeEvent(handler: (event: ServerEvent) => void): void {
  const client = useRealtimeClient();
  const latest = useLatest(handler);
  useEffect(() => client?.subscribe((event) => latest.current(event)), [client, latest]);
}

/** Calls `handler` on every successful open, with whether it is a reconnect. */
export function useRealtimeConnect(handler: (reconnected: boolean) => void): void {
  const client = useRealtimeClient();
  const latest = useLatest(handler);
  useEffect(() => client?.onConnect((reconnected) => latest.current(reconnected)), [client, latest]);
}
