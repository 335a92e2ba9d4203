-- Voicemails (issue 8): a recording left for someone the sender shares a conversation with.
-- Portable shapes (DESIGN §1): ids BIGINT, times BIGINT epoch milliseconds.
CREATE TABLE voicemails (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    recipient_id BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    sender_id    BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The stored recording: `/media/{key}` and its `media` row.
    media_key    TEXT    NOT NULL REFERENCES media (key),
    duration     BIGINT  NOT NULL CHECK (duration BETWEEN 1 AND 30),
    transcript   TEXT,
    -- When the recipient first played it; NULL while it is new.
    listened_at  BIGINT,
    created_at   BIGINT  NOT NULL
);
-- The recipient's list, newest first by keyset (`id < before`).
CREATE INDEX voicemails_recipient_id_idx ON voicemails (recipient_id, id);
-- The header's '{n} new': only unlistened rows are in this index.
CREATE INDEX voicemails_unread_idx ON voicemails (recipient_id) WHERE listened_at IS NULL;
-- Deleting a user finds what they sent through it.
CREATE INDEX voicemails_sender_id_idx ON voicemails (sender_id);
