-- The admin area (issue 10, docs/admin-contract.md): the audit log of admin decisions, an ad's
-- uploaded image, and the indexes of the admin lists (each newest first by keyset, id < before).

-- Every withdrawal decision and ad creation, pause and resume, written in the same transaction
-- as the change it records.
CREATE TABLE audit_log (
    id          BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    admin_id    BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    action      TEXT    NOT NULL CHECK (action IN ('withdrawal.completed', 'withdrawal.failed',
                                                   'ad.created', 'ad.paused', 'ad.resumed')),
    target_type TEXT    NOT NULL CHECK (target_type IN ('withdrawal', 'ad')),
    target_id   BIGINT  NOT NULL,
    notes       TEXT,
    created_at  BIGINT  NOT NULL
);
-- GET /api/admin/audit pages by the primary key; this one is for an admin's own entries and
-- lets deleting a user find theirs.
CREATE INDEX audit_log_admin_id_idx ON audit_log (admin_id, id);

-- An ad image uploaded as a data: URL is stored in the media store (/media/{key}).
ALTER TABLE ads ADD COLUMN media_key TEXT REFERENCES media (key);

-- GET /api/admin/withdrawals?status=: one status, newest first.
CREATE INDEX withdrawals_status_idx ON withdrawals (status, id);
-- GET /api/admin/users/summary: the admins.
CREATE INDEX users_admin_idx ON users (id) WHERE is_admin = 1;
