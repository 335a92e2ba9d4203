-- Private accounts (issue 20): a follow of a private account is a request until its owner
-- approves it. Portable shapes (DESIGN §1): ids BIGINT, times BIGINT epoch milliseconds.
-- `id` orders the owner's list (newest first) and is its cursor and the request's address.
CREATE TABLE follow_requests (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    requester_id  BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    target_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at    BIGINT NOT NULL,
    UNIQUE (requester_id, target_id),
    CHECK (requester_id <> target_id)
);
CREATE INDEX follow_requests_target_idx ON follow_requests (target_id, id);
