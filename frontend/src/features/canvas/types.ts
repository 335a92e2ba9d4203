//! The canvas room's wire types (issue 25), all from the server's OpenAPI document (api.gen.ts):
//! the REST shapes and the socket frames the room speaks, picked from `ClientEvent` and
//! `ServerEvent` (docs/canvas-contract.md).
import type { ClientEvent, ServerEvent } from '@/lib/realtime';
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** Someone as a canvas shows them: its owner, an invited member, an artist online (the document's `UserCard`). */
export type CanvasPerson = Schemas['UserCard'];
/** A room: its owner, who may join ('followers' of the owner, or only those 'invite'd), its members. */
export type Canvas = Schemas['Canvas'];
/** A room with a page of its live strokes, oldest first, and where the next page starts (`nextCursor`). */
export type CanvasDetail = Schemas['CanvasDetail'];
/** One gesture: a polyline in normalised coordinates (0–1 of the canvas's width and height). */
export type CanvasStroke = Schemas['CanvasStroke'];
export type CanvasVisibility = Canvas['visibility'];

const CANVAS_EVENTS = ['canvasStroke', 'canvasUndo', 'canvasCleared', 'canvasCursor', 'canvasPresence', 'canvasLeft'] as const;
const CANVAS_EVENT_TYPES: ReadonlySet<string> = new Set(CANVAS_EVENTS);

/** The room's frames, server → client. */
export type CanvasServerEvent = Extract<ServerEvent, { type: (typeof CANVAS_EVENTS)[number] }>;
/** The frames that change the picture (stored by the server before they are relayed). */
export type CanvasDrawingEvent = Extract<CanvasServerEvent, { type: 'canvasStroke' | 'canvasUndo' | 'canvasCleared' }>;
/** The room's frames, client → server. */
export type CanvasClientEvent = Extract<
  ClientEvent,
  { type: 'canvasJoin' | 'canvasLeave' | 'canvasStroke' | 'canvasCursor' | 'canvasUndo' | 'canvasClear' }
>;
/** What a stroke frame carries: the server adds who drew it and when. */
export type NewStroke = Pick<CanvasStroke, 'id' | 'color' | 'width' | 'points'>;

export function isCanvasEvent(event: ServerEvent): event is CanvasServerEvent {
  return CANVAS_EVENT_TYPES.has(event.type) && 'canvasId' in event && typeof event.canvasId === 'number';
}
