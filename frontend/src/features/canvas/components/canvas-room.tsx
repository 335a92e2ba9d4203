//! A canvas room on screen (issue 25): the picture everyone in it draws, live; who is online
//! and the others' named cursors; brush 1–20 px (default 5) in the spec's colours (red first);
//! Undo (your last stroke), Clear (the owner's), Invite (the owner's: people they follow), Delete
//! (the owner's, asking first; issue 43) and
//! Share (the picture as a post). Drawing uses pointer events, so a mouse, a pen and a finger
//! all draw (touch-action: none keeps a finger from scrolling the page instead). Home shows it
//! at 400×300; the full-screen page at 800×600, in the same 4:3 shape.
import { Eraser, ImagePlus, MousePointer2, Share2, Undo2, UserPlus, Users } from 'lucide-react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Link } from 'wouter';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useShareSnapshot } from '../api/share-snapshot';
import { useCanvasRoom, type CanvasRoom as Room } from '../hooks/use-canvas-room';
import {
  BRUSH_COLORS,
  BRUSH_DEFAULT,
  BRUSH_MAX,
  BRUSH_MIN,
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  clamp,
  cursorColor,
  farEnough,
  normalise,
  paintStrokes,
  renderSnapshot,
  type Point,
} from '../strokes';
import type { CanvasDetail } from '../types';
import { DeleteCanvasButton } from './delete-canvas-button';
import { InviteDialog, type FollowedSearchHook } from './invite-dialog';

export type CanvasSize = 'panel' | 'page';

/** The canvas's own pixels: home's spec size, or twice it full screen (sharper on a big screen). */
const RESOLUTION: Record<CanvasSize, { width: number; height: number }> = {
  panel: { width: CANVAS_WIDTH, height: CANVAS_HEIGHT },
  page: { width: CANVAS_WIDTH * 2, height: CANVAS_HEIGHT * 2 },
};

/** The path of a room's full-screen page. */
export function canvasPath(canvasId: number): string {
  return `/canvas/${canvasId}`;
}

/** Joins room `canvasId` for as long as it is shown; a spinner until its picture is here. */
export function CanvasRoom({
  canvasId,
  meId,
  size,
  useFollowedSearch,
}: {
  canvasId: number;
  meId: number;
  size: CanvasSize;
  useFollowedSearch: FollowedSearchHook;
}) {
  const room = useCanvasRoom(canvasId, meId);
  if (room.removed) {
    return (
      <p role="alert" className="rounded-xl bg-white/5 p-4 text-sm text-zinc-300">
        You are no longer in this canvas.
      </p>
    );
  }
  if (room.error) {
    const gone = errorStatus(room.error) === 404;
    return (
      <p role="alert" className="rounded-xl bg-white/5 p-4 text-sm text-zinc-300">
        {gone ? 'This canvas does not exist, or you are not invited to it.' : 'Could not load this canvas.'}
      </p>
    );
  }
  if (!room.detail) return <Spinner label="Joining the canvas" className="py-10" />;
  return <RoomView room={room} detail={room.detail} meId={meId} size={size} useFollowedSearch={useFollowedSearch} />;
}

function RoomView({
  room,
  detail,
  meId,
  size,
  useFollowedSearch,
}: {
  room: Room;
  detail: CanvasDetail;
  meId: number;
  size: CanvasSize;
  useFollowedSearch: FollowedSearchHook;
}) {
  const { width, height } = RESOLUTION[size];
  const canvasRef = useRef<HTMLCanvasElement>(null);
  /** The gesture being drawn: its points so far, normalised. */
  const gesture = useRef<Point[] | null>(null);
  const [brushSize, setBrushSize] = useState(BRUSH_DEFAULT);
  const [color, setColor] = useState<string>(BRUSH_COLORS[0].value);
  const [sharedPostId, setSharedPostId] = useState<number | null>(null);
  const share = useShareSnapshot(detail.id);
  const isOwner = detail.owner.id === meId;
  const strokes = detail.strokes;

  // The whole picture again whenever its strokes change (a stroke arrived, an undo, a clear),
  // with the gesture in progress on top.
  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, width, height);
    paintStrokes(ctx, strokes, width, height);
    if (gesture.current) paintStrokes(ctx, [{ color, width: brushSize, points: gesture.current }], width, height);
    // The gesture's colour and size cannot change while it is drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [strokes, width, height]);

  /** The pointer's position as a fraction of the canvas (however large it is shown). */
  const toPoint = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return normalise(
      rect.width ? (event.clientX - rect.left) / rect.width : 0,
      rect.height ? (event.clientY - rect.top) / rect.height : 0,
    );
  };

  /** Draws the gesture's newest segment at once; the whole stroke is sent when it ends. */
  const extend = (point: Point) => {
    const points = gesture.current;
    if (!points || !farEnough(points.at(-1), point)) return;
    const from = points.at(-1) ?? point;
    points.push(point);
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx) return;
    paintStrokes(ctx, [{ color, width: brushSize, points: [from, point] }], width, height);
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    if (!room.connected) return;
    event.preventDefault();
    try {
      // Keeps the stroke going when a finger or the mouse slides off the canvas edge.
      event.currentTarget.setPointerCapture?.(event.pointerId);
    } catch {
      // A pointer the browser does not track (a synthetic event) cannot be captured; draw anyway.
    }
    gesture.current = [];
    extend(toPoint(event));
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const point = toPoint(event);
    room.moveCursor(point[0], point[1]);
    if (gesture.current) extend(point);
  };
  const endStroke = () => {
    const points = gesture.current;
    gesture.current = null;
    if (points && points.length > 0) room.draw({ color, width: brushSize, points });
  };

  const onShare = () => {
    share.mutate(
      { image: renderSnapshot(strokes), caption: detail.title },
      {
        onSuccess: (post) => {
          setSharedPostId(post.id);
          toast({
            title: 'Shared to your profile',
            description: (
              <Link href={`/p/${post.id}`} className="underline">
                View the post
              </Link>
            ),
          });
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Error', description: errorMessage(error) ?? 'Failed to share the canvas' }),
      },
    );
  };

  const online = room.online;
  const count = online?.length ?? 0;

  return (
    <div className={cn('space-y-3', size === 'page' && 'lg:grid lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-6 lg:space-y-0')}>
      <div className="space-y-3">
        {size === 'page' && (
          <div className="min-w-0">
            <h1 className="truncate text-xl font-semibold text-white">{detail.title}</h1>
            <p className="text-sm text-zinc-400">
              {isOwner ? 'Your canvas' : `by ${detail.owner.displayName}`} ·{' '}
              {detail.visibility === 'followers' ? 'Followers can join' : 'Invite only'}
            </p>
          </div>
        )}
        <div className="flex min-h-8 flex-wrap items-center justify-between gap-2">
          <p className="flex items-center gap-2 text-sm text-emerald-300" aria-live="polite">
            <Users aria-hidden="true" className="size-4" />
            {!room.connected ? (
              <span className="text-amber-300">Reconnecting…</span>
            ) : online ? (
              <span data-testid="artists-online">
                {count} {count === 1 ? 'artist' : 'artists'} online
              </span>
            ) : (
              <span>Joining…</span>
            )}
            {room.loadingMore && <span className="text-zinc-400">· Loading the rest of the picture…</span>}
          </p>
          {online && online.length > 0 && (
            <ul aria-label="Artists online" className="flex -space-x-2">
              {online.slice(0, 8).map((person) => (
                <li key={person.id} title={person.displayName} className="rounded-full ring-2 ring-zinc-900">
                  <Avatar src={person.profileImageUrl} name={person.displayName} className="size-7 text-xs" />
                </li>
              ))}
            </ul>
          )}
        </div>

        <div
          className={cn(
            'relative mx-auto w-full overflow-hidden rounded-xl bg-white',
            size === 'panel' ? 'max-w-[400px]' : 'max-w-[min(100%,calc((100dvh_-_14rem)*4/3))] lg:max-w-none',
          )}
        >
          <canvas
            ref={canvasRef}
            width={width}
            height={height}
            aria-label="Collaboration canvas"
            className={cn('block aspect-[4/3] w-full touch-none', room.connected ? 'cursor-crosshair' : 'cursor-wait')}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endStroke}
            onPointerCancel={endStroke}
            onLostPointerCapture={endStroke}
          />
          {room.cursors.map((cursor) => {
            const tint = cursorColor(cursor.userId);
            return (
              <div
                key={cursor.userId}
                aria-hidden="true"
                data-testid="collaborator-cursor"
                className="pointer-events-none absolute transition-[left,top] duration-75 ease-linear motion-reduce:transition-none"
                style={{ left: `${cursor.x * 100}%`, top: `${cursor.y * 100}%` }}
              >
                <MousePointer2 className="size-4" style={{ color: tint, fill: tint }} />
                {/* Near the right edge the name hangs to the left of the pointer, so it stays on the canvas. */}
                <span
                  className={cn(
                    'absolute top-3.5 rounded px-1 text-[10px] font-semibold whitespace-nowrap text-zinc-900',
                    cursor.x > 0.7 ? 'right-2' : 'left-3',
                  )}
                  style={{ backgroundColor: tint }}
                >
                  {cursor.displayName}
                </span>
              </div>
            );
          })}
        </div>
      </div>

      <div className="space-y-3">
        <div className="flex items-center gap-3">
          <label htmlFor={`brush-size-${detail.id}`} className="shrink-0 text-sm text-zinc-300">
            Brush size
          </label>
          <input
            id={`brush-size-${detail.id}`}
            type="range"
            min={BRUSH_MIN}
            max={BRUSH_MAX}
            step={1}
            value={brushSize}
            onChange={(event) => setBrushSize(clamp(Number(event.target.value), BRUSH_MIN, BRUSH_MAX))}
            className="min-h-11 w-full min-w-0 accent-fuchsia-500"
          />
          <output htmlFor={`brush-size-${detail.id}`} className="w-10 shrink-0 text-right text-sm text-zinc-300">
            {brushSize}px
          </output>
        </div>

        <div role="group" aria-label="Brush colour" className="flex flex-wrap gap-0.5">
          {BRUSH_COLORS.map(({ name, value }) => (
            <button
              key={value}
              type="button"
              aria-label={name}
              aria-pressed={color === value}
              onClick={() => setColor(value)}
              className="grid size-11 place-items-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={cn('size-7 rounded-full border-2', color === value ? 'border-white' : 'border-white/20')}
                style={{ backgroundColor: value }}
              />
            </button>
          ))}
        </div>

        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" onClick={room.undo} disabled={!room.lastOwnStroke || !room.connected}>
            <Undo2 aria-hidden="true" className="size-4" />
            Undo
          </Button>
          {isOwner && (
            <Button variant="secondary" onClick={room.clear} disabled={strokes.length === 0 || !room.connected}>
              <Eraser aria-hidden="true" className="size-4" />
              Clear
            </Button>
          )}
          {isOwner && (
            <InviteDialog canvas={detail} useFollowedSearch={useFollowedSearch}>
              <Button variant="secondary">
                <UserPlus aria-hidden="true" className="size-4" />
                Invite
              </Button>
            </InviteDialog>
          )}
          {isOwner && <DeleteCanvasButton canvasId={detail.id} title={detail.title} />}
          <Button variant="secondary" onClick={onShare} disabled={share.isPending || strokes.length === 0}>
            <Share2 aria-hidden="true" className="size-4" />
            {share.isPending ? 'Sharing...' : 'Share'}
          </Button>
        </div>
        {sharedPostId !== null && (
          <p className="flex items-center gap-2 text-sm text-zinc-300">
            <ImagePlus aria-hidden="true" className="size-4" />
            Shared as a post.
            <Link href={`/p/${sharedPostId}`} className="font-semibold text-fuchsia-300 underline-offset-4 hover:underline">
              View your post
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
