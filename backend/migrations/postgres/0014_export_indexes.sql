-- The data export (GET /api/user/export) reads each of a user's lists in pages of
-- `owner = $1 AND id > $2 ORDER BY id`: these indexes serve every page without re-reading the
-- owner's whole list (they replace the owner-only ones, whose prefix they keep).
DROP INDEX messages_sender_id_idx;
CREATE INDEX messages_sender_id_idx ON messages (sender_id, id);
DROP INDEX voicemails_sender_id_idx;
CREATE INDEX voicemails_sender_id_idx ON voicemails (sender_id, id);
CREATE INDEX stories_user_id_id_idx ON stories (user_id, id);
-- withdrawals_status_idx (status, id) of 0012 serves the pending list too.
DROP INDEX withdrawals_pending_idx;
