//! One canvas room, live (issue 25). Joining comes first: the server stores a stroke before it
//! relays it, so once joined nothing can be missed, and only then is the room fetched, a page
//! of strokes at a time (issue 39): the first page is drawn as soon as it is here, and the next
//! ones follow in order (each page's `nextCursor` is the `after` of the next), drawn as they
//! come. Drawing events relayed while the pages are on their way are kept and replayed onto
//! each (merged by stroke id: a stroke both relayed and fetched is drawn once). After a
//! reconnect the room is joined again and refetched. If the server takes you out of the room
//! (`canvasLeft`: its owner blocked you), the room is left and you are told. The strokes live in the detail's cache entry, which the
//! socket's events update (no second store); who is online and where their cursors are is
//! ephemeral, so it is this hook's state.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { toast } from '@/components/ui/use-toast';
import { useLatest } from '@/hooks/use-latest';
import { randomKey } from '@/lib/random-key';
import { isErrorEvent } from '@/lib/realtime';
import { useRealtimeClient, useRealtimeEvent } from '@/lib/realtime-provider';
import { getCanvas } from '../api/get-canvas';
import { canvasKeys } from '../api/keys';
import { appendPage, applyDrawingEvent, CURSOR_INTERVAL_MS, lastStrokeOf, splitPoints, type Point } from '../strokes';
import {
  isCanvasEvent,
  type CanvasClientEvent,
  type CanvasDetail,
  type CanvasDrawingEvent,
  type CanvasPerson,
  type CanvasStroke,
} from '../types';

/** Another artist's cursor, in normalised coordinates. */
export interface RemoteCursor {
  userId: number;
  displayName: string;
  x: number;
  y: number;
}

/**
 * The server answers a refused frame with a bare `error`, naming no room. One that arrives this
 * soon after this room sent something is taken as the answer to it and shown.
 */
const ERROR_WINDOW_MS = 5_000;

export interface CanvasRoom {
  detail: CanvasDetail | undefined;
  /** Later pages of the picture are still on their way (what is here is drawn meanwhile). */
  loadingMore: boolean;
  /** The server took you out of the room (its owner blocked you, or you them). */
  removed: boolean;
  /** The fetch failed: 404 when the room does not exist or you may not join it. */
  error: Error | null;
  /** Joined on an open socket: drawing is sent. */
  connected: boolean;
  /** Everyone in the room (you included), once the server has said; null before. */
  online: CanvasPerson[] | null;
  cursors: RemoteCursor[];
  /** Sends a gesture (split into pieces of at most 2000 points) and draws it at once. */
  draw: (stroke: { color: string; width: number; points: Point[] }) => void;
  /** Your newest stroke still on the canvas, which Undo removes. */
  lastOwnStroke: CanvasStroke | undefined;
  undo: () => void;
  clear: () => void;
  /** Your cursor moved (normalised); sent at most ~15 times a second. */
  moveCursor: (x: number, y: number) => void;
}

export function useCanvasRoom(canvasId: number, meId: number): CanvasRoom {
  const client = useRealtimeClient();
  const queryClient = useQueryClient();
  const queryKey = canvasKeys.detail(canvasId);
  /** Successful joins so far: the first enables the fetch, each later one (a reconnect) refetches. */
  const [joins, setJoins] = useState(0);
  const [online, setOnline] = useState<CanvasPerson[] | null>(null);
  const [cursors, setCursors] = useState<RemoteCursor[]>([]);
  /** Drawing events relayed while a fetch (any of its pages) is on its way; null when none is. */
  const pending = useRef<CanvasDrawingEvent[] | null>(null);
  const lastSentAt = useRef(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const [removed, setRemoved] = useState(false);
  /** The same, for the effect's cleanup: a room the server took you out of is not left again. */
  const removedRef = useRef(false);

  const send = useCallback(
    (event: CanvasClientEvent): boolean => {
      const sent = client?.send(event) ?? false;
      if (sent) lastSentAt.current = Date.now();
      return sent;
    },
    [client],
  );

  /**
   * The pages after `first`, in order, each drawn as it arrives with the events relayed so far
   * replayed onto it. Stops when a newer fetch (a refetch, a clear, leaving) took over `relayed`.
   */
  const loadRest = async (first: CanvasDetail, relayed: CanvasDrawingEvent[]) => {
    let loaded = first;
    setLoadingMore(true);
    try {
      while (loaded.nextCursor != null && pending.current === relayed) {
        const page = await getCanvas(canvasId, loaded.nextCursor);
        if (pending.current !== relayed) return;
        loaded = appendPage(loaded, page);
        const picture = relayed.reduce(applyDrawingEvent, loaded);
        queryClient.setQueryData<CanvasDetail>(queryKey, picture);
      }
    } catch {
      if (pending.current !== relayed) return;
      toast({ variant: 'destructive', title: 'Canvas', description: 'Could not load the whole canvas.' });
    } finally {
      if (pending.current === relayed) {
        pending.current = null;
        setLoadingMore(false);
      }
    }
  };

  const query = useQuery({
    queryKey,
    queryFn: async () => {
      const relayed: CanvasDrawingEvent[] = [];
      pending.current = relayed;
      try {
        const first = await getCanvas(canvasId);
        if (pending.current === relayed && first.nextCursor != null) {
          // Drawn now; the rest follows in the background, still collecting what is relayed.
          void loadRest(first, relayed);
        } else if (pending.current === relayed) {
          pending.current = null;
          setLoadingMore(false);
        }
        return relayed.reduce(applyDrawingEvent, first);
      } catch (error) {
        if (pending.current === relayed) pending.current = null;
        throw error;
      }
    },
    enabled: joins > 0 && !removed,
    // Each visit starts from the server's picture, never from one left in the cache.
    staleTime: 0,
    gcTime: 0,
  });

  // Leaving (or another room) ends any page still loading.
  useEffect(
    () => () => {
      pending.current = null;
    },
    [canvasId],
  );

  useEffect(() => {
    if (!client) return;
    if (removed) return;
    const join = () => {
      if (send({ type: 'canvasJoin', canvasId })) setJoins((n) => n + 1);
    };
    if (client.status === 'open') join();
    const offConnect = client.onConnect(join);
    const offStatus = client.onStatusChange((status) => {
      // Whoever was online is unknown until the server says again after the next join.
      if (status !== 'open') {
        setOnline(null);
        setCursors([]);
      }
    });
    return () => {
      offConnect();
      offStatus();
      if (!removedRef.current) client.send({ type: 'canvasLeave', canvasId });
    };
  }, [client, canvasId, send, removed]);

  // A join after the first is a reconnect: events may have been missed, so refetch.
  useEffect(() => {
    if (joins > 1) void queryClient.invalidateQueries({ queryKey: canvasKeys.detail(canvasId) });
  }, [joins, canvasId, queryClient]);

  useRealtimeEvent((event) => {
    if (isErrorEvent(event)) {
      if (Date.now() - lastSentAt.current > ERROR_WINDOW_MS) return;
      toast({ variant: 'destructive', title: 'Canvas', description: event.message });
      // A refused stroke, undo or clear was already drawn here: take the server's picture again.
      void queryClient.invalidateQueries({ queryKey });
      return;
    }
    if (!isCanvasEvent(event) || event.canvasId !== canvasId) return;
    switch (event.type) {
      case 'canvasLeft': {
        // Out of the room on the server already: nothing more comes, nothing is sent.
        pending.current = null;
        removedRef.current = true;
        setLoadingMore(false);
        setRemoved(true);
        setOnline(null);
        setCursors([]);
        queryClient.removeQueries({ queryKey });
        toast({ variant: 'destructive', title: 'Canvas', description: 'You are no longer in this canvas.' });
        return;
      }
      case 'canvasPresence': {
        setOnline(event.users);
        const here = new Set(event.users.map((u) => u.id));
        setCursors((all) => all.filter((c) => here.has(c.userId)));
        return;
      }
      case 'canvasCursor': {
        const { user, x, y } = event;
        if (user.id === meId) return;
        setCursors((all) => [...all.filter((c) => c.userId !== user.id), { userId: user.id, displayName: user.displayName, x, y }]);
        return;
      }
      case 'canvasCleared':
        queryClient.setQueryData<CanvasDetail>(queryKey, (detail) => detail && applyDrawingEvent(detail, event));
        // A fetch on its way may have been answered before the clear, or after it and strokes
        // drawn since: neither replaying the clear onto it nor skipping it is right. Start over.
        if (pending.current) void queryClient.invalidateQueries({ queryKey });
        return;
      default:
        pending.current?.push(event);
        queryClient.setQueryData<CanvasDetail>(queryKey, (detail) => detail && applyDrawingEvent(detail, event));
    }
  });

  const status = useSyncExternalStore(
    useCallback((onChange: () => void) => client?.onStatusChange(onChange) ?? (() => undefined), [client]),
    () => client?.status ?? 'stopped',
  );
  const connected = status === 'open' && joins > 0 && !removed;

  const strokes = query.data?.strokes;
  const lastOwnStroke = strokes ? lastStrokeOf(strokes, meId) : undefined;

  const draw: CanvasRoom['draw'] = ({ color, width, points }) => {
    for (const piece of splitPoints(points)) {
      const stroke: CanvasStroke = { id: randomKey(), userId: meId, color, width, points: piece, createdAt: new Date().toISOString() };
      if (!send({ type: 'canvasStroke', canvasId, stroke: { id: stroke.id, color, width, points: piece } })) {
        toast({ variant: 'destructive', title: 'Canvas', description: 'Not connected: your stroke was not sent.' });
        return;
      }
      queryClient.setQueryData<CanvasDetail>(queryKey, (detail) =>
        detail && applyDrawingEvent(detail, { type: 'canvasStroke', canvasId, userId: meId, stroke }),
      );
      pending.current?.push({ type: 'canvasStroke', canvasId, userId: meId, stroke });
    }
  };

  const undo = () => {
    if (!lastOwnStroke) return;
    const event = { type: 'canvasUndo', canvasId, strokeId: lastOwnStroke.id } as const;
    if (!send(event)) return;
    queryClient.setQueryData<CanvasDetail>(queryKey, (detail) => detail && applyDrawingEvent(detail, event));
    pending.current?.push(event);
  };

  const clear = () => {
    if (!send({ type: 'canvasClear', canvasId })) return;
    queryClient.setQueryData<CanvasDetail>(queryKey, (detail) =>
      detail && applyDrawingEvent(detail, { type: 'canvasCleared', canvasId }),
    );
    if (pending.current) void queryClient.invalidateQueries({ queryKey });
  };

  const moveCursor = useThrottledCursor((x, y) => send({ type: 'canvasCursor', canvasId, x, y }));

  return {
    detail: removed ? undefined : query.data,
    loadingMore,
    removed,
    error: query.error,
    connected,
    online,
    cursors,
    draw,
    lastOwnStroke,
    undo,
    clear,
    moveCursor,
  };
}

/**
 * Calls `sendCursor` at most once per CURSOR_INTERVAL_MS: the first move at once, then the
 * latest position at the end of each interval (so the last one is never dropped).
 */
function useThrottledCursor(sendCursor: (x: number, y: number) => void): (x: number, y: number) => void {
  const latest = useLatest(sendCursor);
  const lastAt = useRef(-Infinity);
  const queued = useRef<[number, number] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback((x: number, y: number) => {
    const now = Date.now();
    if (now - lastAt.current >= CURSOR_INTERVAL_MS && !timer.current) {
      lastAt.current = now;
      latest.current(x, y);
      return;
    }
    queued.current = [x, y];
    if (timer.current) return;
    timer.current = setTimeout(
      () => {
        timer.current = null;
        const next = queued.current;
        queued.current = null;
        if (!next) return;
        lastAt.current = Date.now();
        latest.current(...next);
      },
      Math.max(0, CURSOR_INTERVAL_MS - (now - lastAt.current)),
    );
  }, [latest]);
}
