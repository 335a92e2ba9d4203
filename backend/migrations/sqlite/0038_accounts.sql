-- Issue 41: accounts people can keep (docs/accounts-contract.md).

-- Email verification: when the address was confirmed (NULL: not yet; the grace of 7 days runs
-- from created_at). Accounts from before verification existed count as verified.
ALTER TABLE users ADD COLUMN email_verified_at BIGINT;
UPDATE users SET email_verified_at = created_at;
-- Two-factor sign-in (RFC 6238): the base32 secret once enabled, the secret shown by setup
-- until a code confirms it, and the last 30-second step a code was accepted for (a code is
-- never accepted twice).
ALTER TABLE users ADD COLUMN totp_secret TEXT;
ALTER TABLE users ADD COLUMN totp_pending_secret TEXT;
ALTER TABLE users ADD COLUMN totp_last_step BIGINT;
-- The first run is over (finished or skipped); everyone who signed up before it, is.
ALTER TABLE users ADD COLUMN onboarded_at BIGINT;
UPDATE users SET onboarded_at = created_at;
-- Followers, counted as follows come and go (triggers below): 'People to follow' ranks by it
-- through an index instead of counting every follow.
ALTER TABLE users ADD COLUMN followers_count BIGINT NOT NULL DEFAULT 0;
UPDATE users SET followers_count = (SELECT COUNT(*) FROM follows f WHERE f.followee_id = users.id);
CREATE INDEX users_followers_count_idx ON users (followers_count, id) WHERE deactivated_at IS NULL;
-- 'People to follow' sharing your skills: each skill combination's most followed first.
CREATE INDEX users_skill_followers_idx ON users (skill_mask, followers_count, id)
    WHERE skill_mask <> 0 AND deactivated_at IS NULL;
CREATE TRIGGER users_followers_count_up AFTER INSERT ON follows BEGIN
    UPDATE users SET followers_count = followers_count + 1 WHERE id = NEW.followee_id;
END;
CREATE TRIGGER users_followers_count_down AFTER DELETE ON follows BEGIN
    UPDATE users SET followers_count = followers_count - 1 WHERE id = OLD.followee_id;
END;

-- Sessions get a public id (what the sessions list names and DELETE takes: never the token
-- or its hash), when they were last used and the browser that signed in.
ALTER TABLE sessions ADD COLUMN public_id TEXT;
UPDATE sessions SET public_id = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX sessions_public_id_key ON sessions (public_id);
ALTER TABLE sessions ADD COLUMN last_seen_at BIGINT;
UPDATE sessions SET last_seen_at = created_at;
ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';

-- One-time links: password reset, sign-up verification, email change. The link carries
-- `{id}.{secret}`; only the SHA-256 of the secret is kept, compared in constant time. A row is
-- deleted when used; expired ones are swept.
CREATE TABLE account_tokens (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose     TEXT    NOT NULL CHECK (purpose IN ('reset', 'verify', 'email')),
    secret_hash TEXT    NOT NULL,
    -- The address it confirms (verify: the account's; email: the new one).
    email       TEXT,
    expires_at  BIGINT  NOT NULL,
    created_at  BIGINT  NOT NULL
);
CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose);
CREATE INDEX account_tokens_expires_idx ON account_tokens (expires_at);

-- A sign-in waiting for its second factor: the challenge's secret hash, its failures and expiry.
CREATE TABLE login_challenges (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    secret_hash TEXT    NOT NULL,
    failures    BIGINT  NOT NULL DEFAULT 0,
    user_agent  TEXT    NOT NULL DEFAULT '',
    expires_at  BIGINT  NOT NULL,
    created_at  BIGINT  NOT NULL
);
CREATE INDEX login_challenges_user_idx ON login_challenges (user_id);
CREATE INDEX login_challenges_expires_idx ON login_challenges (expires_at);

-- The ten one-time recovery codes of two-factor sign-in, hashed.
CREATE TABLE recovery_codes (
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash  TEXT   NOT NULL,
    PRIMARY KEY (user_id, code_hash)
);

-- Mail waiting to be sent (platform/mail): the drainer takes due rows oldest first, deletes a
-- row once the server took it, and otherwise moves `next_attempt_at` forward (a lease while it
-- sends, then the retry's backoff).
CREATE TABLE mail_outbox (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    to_address       TEXT    NOT NULL,
    subject          TEXT    NOT NULL,
    text_body        TEXT    NOT NULL,
    html_body        TEXT    NOT NULL,
    -- The link the message carries (logged when mail is written to the folder), or ''.
    link             TEXT    NOT NULL DEFAULT '',
    attempts         BIGINT  NOT NULL DEFAULT 0,
    next_attempt_at  BIGINT  NOT NULL,
    created_at       BIGINT  NOT NULL
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at, id);
-- A suppressed address takes what waits for it.
CREATE INDEX mail_outbox_address_idx ON mail_outbox (lower(to_address));

-- Addresses whose server refused mail for good (a 5xx): not mailed again.
CREATE TABLE mail_suppressed (
    address     TEXT   PRIMARY KEY,
    reason      TEXT   NOT NULL,
    created_at  BIGINT NOT NULL
);
