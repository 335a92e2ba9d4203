import { useEffect, useRef, type PointerEvent, type SyntheticEvent } from 'react';
import { useLatest } from './use-latest';

/** The long press (the emoji picker's; the message actions use the same). */
export const LONG_PRESS_MS = 500;
/** A finger that moves further than this is scrolling, not pressing. */
const MOVE_TOLERANCE_PX = 10;

/**
 * Handlers for an element that does something on a touch long press (mouse and pen keep their
 * own gestures: hover, right click). The context menu the press would open is suppressed.
 */
export function useLongPress(onLongPress: () => void, delayMs = LONG_PRESS_MS) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const callback = useLatest(onLongPress);

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    start.current = null;
  };

  useEffect(() => cancel, []);

  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType !== 'touch') return;
      cancel();
      start.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        timer.current = null;
        callback.current();
      }, delayMs);
    },
    onPointerMove: (event: PointerEvent) => {
      const origin = start.current;
      if (origin && Math.hypot(event.clientX - origin.x, event.clientY - origin.y) > MOVE_TOLERANCE_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onContextMenu: (event: SyntheticEvent) => {
      if (start.current) event.preventDefault();
    },
  };
}
