-- Reports and the moderation queue (issue 20, docs/safety-contract.md). Portable shapes
-- (DESIGN §1): ids BIGINT, times BIGINT epoch milliseconds.

-- Moderation removes a post, comment, reel, story or message by stamping it; the row stays (an
-- admin still sees it, and a mistaken removal can be undone by hand) and every read outside the
-- admin's leaves it out (db/visibility.rs `shown!`), counts included.
ALTER TABLE posts ADD COLUMN removed_at BIGINT;
ALTER TABLE comments ADD COLUMN removed_at BIGINT;
ALTER TABLE reels ADD COLUMN removed_at BIGINT;
ALTER TABLE stories ADD COLUMN removed_at BIGINT;
ALTER TABLE messages ADD COLUMN removed_at BIGINT;
-- A profile's postsCount counts the posts still shown: an index-only count, as before.
CREATE INDEX posts_user_shown_idx ON posts (user_id) WHERE removed_at IS NULL;

-- One case per reported target: what the admin queue lists and decides. `reports_count` and the
-- `reasons` bit set (spam 1, harassment 2, nudity 4, violence 8, hate 16,
-- intellectual_property 32, other 64) move in the transaction of each new report; `preview`
-- is the target's text when first reported (its caption, content, or the account's name), so
-- the case still reads after the author deletes it.
CREATE TABLE report_cases (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    target_type        TEXT    NOT NULL
                       CHECK (target_type IN ('post', 'comment', 'reel', 'story', 'message', 'user')),
    target_id          BIGINT  NOT NULL,
    author_id          BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    preview            TEXT    NOT NULL,
    reports_count      BIGINT  NOT NULL DEFAULT 0 CHECK (reports_count >= 0),
    reasons            BIGINT  NOT NULL DEFAULT 0,
    status             TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
    action             TEXT    CHECK (action IN ('dismiss', 'remove', 'suspend')),
    notes              TEXT,
    resolved_by        BIGINT  REFERENCES users (id) ON DELETE SET NULL,
    first_reported_at  BIGINT  NOT NULL,
    resolved_at        BIGINT,
    UNIQUE (target_type, target_id),
    CHECK ((status = 'open') = (action IS NULL))
);
-- GET /api/admin/reports?status=: one status, most reports first, then newest (the keyset).
CREATE INDEX report_cases_queue_idx ON report_cases (status, reports_count DESC, id DESC);
-- Suspending an author finds their other cases; deleting a user finds theirs.
CREATE INDEX report_cases_author_idx ON report_cases (author_id);

-- One report per reporter and target (a repeat answers the same row).
CREATE TABLE reports (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id      BIGINT  NOT NULL REFERENCES report_cases (id) ON DELETE CASCADE,
    reporter_id  BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    target_type  TEXT    NOT NULL,
    target_id    BIGINT  NOT NULL,
    reason       TEXT    NOT NULL CHECK (reason IN ('spam', 'harassment', 'nudity', 'violence',
                                                    'hate', 'intellectual_property', 'other')),
    details      TEXT,
    created_at   BIGINT  NOT NULL,
    UNIQUE (reporter_id, target_type, target_id)
);
CREATE INDEX reports_case_idx ON reports (case_id);

-- The audit log takes the three report decisions (SQLite cannot change a CHECK: the table is
-- copied into one with the new CHECKs, ids kept).
CREATE TABLE audit_log_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    admin_id    BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    action      TEXT    NOT NULL CHECK (action IN ('withdrawal.completed', 'withdrawal.failed',
                                                   'ad.created', 'ad.paused', 'ad.resumed',
                                                   'report.dismiss', 'report.remove',
                                                   'report.suspend')),
    target_type TEXT    NOT NULL CHECK (target_type IN ('withdrawal', 'ad', 'report')),
    target_id   BIGINT  NOT NULL,
    notes       TEXT,
    created_at  BIGINT  NOT NULL
);
INSERT INTO audit_log_new (id, admin_id, action, target_type, target_id, notes, created_at)
    SELECT id, admin_id, action, target_type, target_id, notes, created_at FROM audit_log;
DROP TABLE audit_log;
ALTER TABLE audit_log_new RENAME TO audit_log;
CREATE INDEX audit_log_admin_id_idx ON audit_log (admin_id, id);
