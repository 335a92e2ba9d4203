-- Federation over ActivityPub (issue 46, docs/federation.md). Portable shapes (DESIGN §1): ids
-- BIGINT, times BIGINT epoch milliseconds.

-- An account of another server is a users row (so follows, likes, comments, blocks and
-- notifications work on it as on a local one): its username is `name@host`, its email a
-- unique address under `.invalid` (never mailed), its password a hash of a random secret
-- nobody knows. `remote_host` marks it; local accounts have NULL.
ALTER TABLE users ADD COLUMN remote_host TEXT;

-- What federation knows of a remote account: where its activities go and the key its
-- requests are signed with (refetched when a signature fails to verify).
CREATE TABLE remote_actors (
    user_id        BIGINT  PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    actor_url      TEXT    NOT NULL UNIQUE,
    host           TEXT    NOT NULL,
    inbox          TEXT    NOT NULL,
    shared_inbox   TEXT,
    key_id         TEXT    NOT NULL,
    public_key_pem TEXT    NOT NULL,
    -- The page a person opens (its `url`), else the actor URL.
    profile_url    TEXT    NOT NULL,
    locked         BIGINT  NOT NULL DEFAULT 0 CHECK (locked IN (0, 1)),
    -- The avatar's URL on its server; the users row shows the copy stored here (fetched by
    -- this server, so viewers' addresses never reach the other one).
    avatar_source  TEXT,
    fetched_at     BIGINT  NOT NULL,
    -- Its server answered 410 Gone, or refused deliveries for good: nothing more is sent.
    gone_at        BIGINT
);
CREATE INDEX remote_actors_host_idx ON remote_actors (host);
CREATE INDEX remote_actors_key_idx ON remote_actors (key_id);

-- Each local account's RSA 2048 key pair, made the first time it is needed.
CREATE TABLE actor_keys (
    user_id     BIGINT  PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    private_pem TEXT    NOT NULL,
    public_pem  TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL
);

-- The instance actor's key pair (signed fetches that act for no one). One row.
CREATE TABLE instance_actor_key (
    id          BIGINT  PRIMARY KEY CHECK (id = 1),
    private_pem TEXT    NOT NULL,
    public_pem  TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL
);

-- The ActivityPub ids of what federated: a remote post or comment stored here, a remote
-- like or announce, a follow either way (`local_id` the followee, `actor_id` the follower).
-- `kind` is post, comment, like, announce or follow.
CREATE TABLE federated_objects (
    ap_id      TEXT    PRIMARY KEY,
    kind       TEXT    NOT NULL,
    local_id   BIGINT  NOT NULL,
    actor_id   BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT  NOT NULL
);
CREATE INDEX federated_objects_local_idx ON federated_objects (kind, local_id, actor_id);
CREATE INDEX federated_objects_actor_idx ON federated_objects (actor_id);

-- Other servers: blocked by an admin (nothing in or out), and the delivery circuit breaker
-- (after repeated failures, deliveries to the host wait until `paused_until`).
CREATE TABLE federation_domains (
    host           TEXT    PRIMARY KEY,
    blocked_at     BIGINT,
    failures       BIGINT  NOT NULL DEFAULT 0,
    paused_until   BIGINT,
    last_error     TEXT,
    last_success_at BIGINT
);

-- Activities waiting to be delivered, one row per activity and inbox (a shared inbox when
-- the server offers one). The drainer (federation/delivery.rs) claims due rows with a lease,
-- signs each try afresh, deletes a row once delivered and otherwise moves `next_attempt_at`
-- forward (exponential backoff for up to 48 hours, or the server's Retry-After).
CREATE TABLE federation_deliveries (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    -- Whose key signs it (NULL: the instance actor).
    sender_id       BIGINT  REFERENCES users (id) ON DELETE CASCADE,
    inbox           TEXT    NOT NULL,
    host            TEXT    NOT NULL,
    activity        TEXT    NOT NULL,
    attempts        BIGINT  NOT NULL DEFAULT 0,
    next_attempt_at BIGINT  NOT NULL,
    created_at      BIGINT  NOT NULL,
    last_error      TEXT
);
CREATE INDEX federation_deliveries_due_idx ON federation_deliveries (next_attempt_at, id);
CREATE INDEX federation_deliveries_host_idx ON federation_deliveries (host);
