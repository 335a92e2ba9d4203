-- The live canvas (issue 25, docs/canvas-contract.md): shared drawing rooms over the socket.
-- Portable shapes (DESIGN §1): ids BIGINT, times BIGINT epoch milliseconds.
--
-- A canvas: its owner, its title (1–60 characters, checked by the server), who may join
-- (`followers`: the owner's followers and the invited; `invite`: the invited only).
-- `cleared_through` is the last stroke id a Clear covered (0: never cleared): the live strokes
-- are those after it that were not undone. `live_strokes` counts the strokes stored since the
-- last Clear (undone ones too), moved in the statement that stores one, for the 20,000 limit.
CREATE TABLE canvases (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id        BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title           TEXT    NOT NULL,
    visibility      TEXT    NOT NULL CHECK (visibility IN ('followers', 'invite')),
    cleared_through BIGINT  NOT NULL DEFAULT 0,
    live_strokes    BIGINT  NOT NULL DEFAULT 0 CHECK (live_strokes >= 0),
    created_at      BIGINT  NOT NULL
);
-- A user's own canvases, newest first; a followed user's canvases opened to followers.
CREATE INDEX canvases_owner_idx ON canvases (owner_id, id);

-- The people the owner invited (the owner is not a row).
CREATE TABLE canvas_members (
    canvas_id  BIGINT NOT NULL REFERENCES canvases (id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (canvas_id, user_id)
);
-- The canvases a user was invited to.
CREATE INDEX canvas_members_user_idx ON canvas_members (user_id, canvas_id);

-- Strokes, append-only: an Undo sets `undone_at`, a Clear moves the canvas's
-- `cleared_through`; nothing is deleted but with the canvas. `client_id` is the drawer's
-- uuid for the stroke (a resent stroke is stored once). `points` is the JSON array of [x, y]
-- pairs, each 0–1, as the drawer sent it (validated, re-serialised by the server).
CREATE TABLE canvas_strokes (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    canvas_id  BIGINT  NOT NULL REFERENCES canvases (id) ON DELETE CASCADE,
    client_id  TEXT    NOT NULL,
    user_id    BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    color      TEXT    NOT NULL,
    width      BIGINT  NOT NULL CHECK (width BETWEEN 1 AND 50),
    points     TEXT    NOT NULL,
    created_at BIGINT  NOT NULL,
    undone_at  BIGINT,
    UNIQUE (canvas_id, client_id)
);
-- A canvas's strokes in order (the replay: `id > cleared_through`).
CREATE INDEX canvas_strokes_canvas_idx ON canvas_strokes (canvas_id, id);
CREATE INDEX canvas_strokes_user_idx ON canvas_strokes (user_id);

-- Who is in a room now: one row per socket that joined, with the instance holding it, so a
-- room's people are known across instances and an instance that died leaves no one behind
-- (its rows are ignored once its heartbeat is gone, and swept at the next join).
CREATE TABLE canvas_presence (
    canvas_id BIGINT NOT NULL REFERENCES canvases (id) ON DELETE CASCADE,
    instance  TEXT   NOT NULL,
    socket_id BIGINT NOT NULL,
    user_id   BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    joined_at BIGINT NOT NULL,
    PRIMARY KEY (canvas_id, instance, socket_id)
);
CREATE INDEX canvas_presence_socket_idx ON canvas_presence (instance, socket_id);
CREATE INDEX canvas_presence_user_idx ON canvas_presence (user_id);
