-- Blocks and mutes (issue 20). Portable shapes (DESIGN §1): ids BIGINT, times BIGINT epoch
-- milliseconds.

-- A block hides each of the two from the other everywhere (db/visibility.rs) and ends their
-- follows; `id` orders the blocker's list (newest first) and is its cursor. The unique key
-- answers "did I block them", the second index "did they block me": the visibility rule asks
-- both, one row each.
CREATE TABLE blocks (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    blocker_id  BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    blocked_id  BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at  BIGINT NOT NULL,
    UNIQUE (blocker_id, blocked_id),
    CHECK (blocker_id <> blocked_id)
);
CREATE INDEX blocks_blocked_id_idx ON blocks (blocked_id, blocker_id);
CREATE INDEX blocks_list_idx ON blocks (blocker_id, id);

-- A mute takes the muted account's posts, reels and stories out of the muter's feed and strip;
-- the muted account is not told and nothing else changes.
CREATE TABLE mutes (
    muter_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    muted_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (muter_id, muted_id),
    CHECK (muter_id <> muted_id)
);
