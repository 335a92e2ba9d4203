//! shadcn-style toast store: a tiny module-level reducer that any component (or a mutation
//! callback outside React) can push to, rendered by <Toaster />.
import { useEffect, useState, type ReactNode } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** How long a dismissed toast stays mounted so Radix can play its exit animation. */
const TOAST_REMOVE_DELAY_MS = 1000;
const FLASH_STORAGE_KEY = 'atelier:flash-toast';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
}

export interface ToasterToast extends ToastInput {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

interface State {
  toasts: ToasterToast[];
}

type Action =
  | { type: 'add'; toast: ToasterToast }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

let count = 0;
function genId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return String(count);
}

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: string): void {
  if (removeTimeouts.has(id)) return;
  removeTimeouts.set(
    id,
    setTimeout(() => {
      removeTimeouts.delete(id);
      dispatch({ type: 'remove', id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'add':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'dismiss': {
      const { id } = action;
      for (const t of state.toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
      return {
        toasts: state.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)),
      };
    }
    case 'remove':
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}

const listeners = new Set<(state: State) => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action): void {
  memoryState = reducer(memoryState, action);
  for (const listener of listeners) listener(memoryState);
}

/** Shows a toast; only the newest one stays on screen. */
export function toast(input: ToastInput) {
  const id = genId();
  const dismiss = () => dispatch({ type: 'dismiss', id });
  dispatch({
    type: 'add',
    toast: {
      ...input,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss };
}

/**
 * Shows a toast on the next page load instead of now: for actions that end in
 * `window.location.reload()` (logout), whose toast would otherwise vanish with the page.
 * Only plain-text titles and descriptions survive the reload.
 */
export function toastAfterReload(input: { title?: string; description?: string; variant?: ToastVariant }): void {
  try {
    sessionStorage.setItem(FLASH_STORAGE_KEY, JSON.stringify(input));
  } catch {
    toast(input);
  }
}

/** Shows (once) the toast left by toastAfterReload, if any. */
export function showPendingFlashToast(): void {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(FLASH_STORAGE_KEY);
    sessionStorage.removeItem(FLASH_STORAGE_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    toast(JSON.parse(raw) as ToastInput);
  } catch {
    // A malformed entry is dropped: it was only a courtesy message.
  }
}

export function useToast() {
  const [state, setState] = useState<State>(memoryState);
  useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return {
    ...state,
    toast,
    dismiss: (id?: string) => dispatch({ type: 'dismiss', id }),
  };
}
