-- Reels (issue 9): short vertical videos, newest first. Portable shapes (DESIGN §1): ids BIGINT,
-- times BIGINT epoch milliseconds.
CREATE TABLE reels (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id          BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The stored video (`/media/{key}`, WebM or MP4) and its `media` row.
    media_key        TEXT    NOT NULL REFERENCES media (key),
    -- A JPEG frame (ffmpeg's, or the one the browser captured), or NULL.
    poster_key       TEXT    REFERENCES media (key),
    caption          TEXT    NOT NULL DEFAULT '',
    -- Whole seconds, read from the container.
    duration_seconds BIGINT  NOT NULL CHECK (duration_seconds BETWEEN 0 AND 61),
    width            BIGINT,
    height           BIGINT,
    likes_count      BIGINT  NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
    comments_count   BIGINT  NOT NULL DEFAULT 0 CHECK (comments_count >= 0),
    shares_count     BIGINT  NOT NULL DEFAULT 0 CHECK (shares_count >= 0),
    created_at       BIGINT  NOT NULL
);
-- The pager walks the primary key (newest first, `id < before`); a profile's REELS tab walks
-- (user_id, id).
CREATE INDEX reels_user_id_idx ON reels (user_id, id);
