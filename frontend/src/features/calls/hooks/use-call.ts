import { createContext, useContext, useSyncExternalStore } from 'react';
import type { CallController, CallSnapshot } from '../call-controller';

export const CallContext = createContext<CallController | null>(null);

/** The signed-in user's call controller (CallProvider, mounted by the app shell). */
export function useCallController(): CallController {
  const controller = useContext(CallContext);
  if (!controller) throw new Error('useCallController() used outside <CallProvider>');
  return controller;
}

/** The call's state and remote audio, re-rendering on every change. */
export function useCallSnapshot(): CallSnapshot {
  const controller = useCallController();
  return useSyncExternalStore(controller.subscribe, controller.getSnapshot);
}
