-- Bounded canvases (issue 39, docs/canvas-contract.md): strokes a Clear covers or an Undo
-- takes back are deleted, so storage holds the live picture only; and a canvas holds at most
-- 8 MiB of points since its last Clear, counted in `live_point_bytes`: the sum of the byte
-- lengths of its stored strokes' `points` text (the server's JSON of the validated
-- [[x, y], …] array), moved in the statement that stores, undoes or clears a stroke.
ALTER TABLE canvases ADD COLUMN live_point_bytes BIGINT NOT NULL DEFAULT 0
    CHECK (live_point_bytes >= 0);

-- What earlier Clears and Undos left behind goes now.
DELETE FROM canvas_strokes
WHERE undone_at IS NOT NULL
   OR id <= (SELECT c.cleared_through FROM canvases c WHERE c.id = canvas_strokes.canvas_id);

-- The points are ASCII (digits, brackets, commas, dots, 'e', '-'): characters are bytes.
UPDATE canvases SET live_point_bytes = (
    SELECT COALESCE(SUM(LENGTH(s.points)), 0) FROM canvas_strokes s WHERE s.canvas_id = canvases.id
);
