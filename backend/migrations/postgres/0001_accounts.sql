-- Accounts and sessions. Portable shapes (DESIGN §1): ids BIGINT, flags INTEGER 0/1,
-- times BIGINT epoch milliseconds.
CREATE TABLE users (
    id                BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    username          TEXT    NOT NULL,
    email             TEXT    NOT NULL,
    password_hash     TEXT    NOT NULL,
    display_name      TEXT    NOT NULL,
    bio               TEXT,
    profile_image_url TEXT,
    is_admin          INTEGER NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
    last_seen_at      BIGINT,
    created_at        BIGINT  NOT NULL
);
-- Unique case-insensitively; lookups use the same expressions, so they use these indexes.
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- Only the SHA-256 of the cookie's token is stored: a leaked table opens no sessions.
CREATE TABLE sessions (
    token_hash TEXT   PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);
