-- Web Push (issue 21, docs/push.md). Portable shapes (DESIGN §1): ids BIGINT, times BIGINT
-- epoch milliseconds.

-- A browser's push subscription (PushSubscription.toJSON()): where to POST, and the keys its
-- messages are encrypted for (RFC 8291). One row per endpoint: the same endpoint subscribed
-- again by someone else moves to them (the browser profile changed hands).
CREATE TABLE push_subscriptions (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    endpoint    TEXT    NOT NULL UNIQUE,
    -- base64url: the browser's P-256 public key (65 bytes) and auth secret (16 bytes).
    p256dh      TEXT    NOT NULL,
    auth        TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL
);
-- enqueue: one outbox row per subscription of the user.
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id, id);

-- Pushes waiting to be sent, one per subscription; the drainer (push/mod.rs) takes the due
-- ones oldest first, deletes a row once the push service took it, and otherwise moves
-- `next_attempt_at` forward (a lease while it sends, then the retry's backoff).
CREATE TABLE push_outbox (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    subscription_id  BIGINT  NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
    -- The JSON the service worker receives (wire/push.rs PushPayload).
    payload          TEXT    NOT NULL,
    attempts         BIGINT  NOT NULL DEFAULT 0,
    next_attempt_at  BIGINT  NOT NULL,
    created_at       BIGINT  NOT NULL
);
-- The drainer's query: due rows, oldest first.
CREATE INDEX push_outbox_due_idx ON push_outbox (next_attempt_at, id);
-- A deleted or re-owned subscription takes its waiting rows.
CREATE INDEX push_outbox_subscription_idx ON push_outbox (subscription_id);

-- The server's VAPID key pair (RFC 8292), made at first start unless --vapid-private-key
-- gives one: the raw P-256 private scalar, base64url. One row.
CREATE TABLE push_vapid_key (
    id           BIGINT  PRIMARY KEY CHECK (id = 1),
    private_key  TEXT    NOT NULL,
    created_at   BIGINT  NOT NULL
);
