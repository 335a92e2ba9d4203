//! Query and mutation keys of the canvases (issue 25). A room's strokes live in its detail's
//! cache entry: the socket's drawing events are written into it (no second store).
export const canvasKeys = {
  all: ['canvases'] as const,
  /** The rooms you own, were invited to, or that people you follow opened to followers, newest first. */
  list: () => ['canvases', 'list'] as const,
  detail: (canvasId: number) => ['canvases', 'detail', canvasId] as const,
  create: () => ['canvases', 'create'] as const,
  invite: (canvasId: number) => ['canvases', 'invite', canvasId] as const,
  share: (canvasId: number) => ['canvases', 'share', canvasId] as const,
  remove: (canvasId: number) => ['canvases', 'delete', canvasId] as const,
};

/** How many rooms the home panel lists (it shows the newest; the rest are a picker). */
export const CANVASES_PAGE_SIZE = 20;
