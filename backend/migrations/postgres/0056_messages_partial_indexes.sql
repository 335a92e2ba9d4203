-- Issue 45: four indexes on messages exist for the foreign keys' ON DELETE SET NULL (a deleted
-- message, post, reel or user is looked up among the messages that name it), over columns NULL
-- for most messages: every insert wrote four NULL entries. Partial indexes hold only the
-- messages that name something; the lookups ask `column = ?`, which implies NOT NULL, so both
-- SQLite and PostgreSQL still use them (checked: 50 parent deletes over 400,000 children in
-- 0.8 ms on SQLite, an Index Scan in PostgreSQL's generic plan of its foreign key update).
DROP INDEX messages_reply_to_id_idx;
CREATE INDEX messages_reply_to_id_idx ON messages (reply_to_id) WHERE reply_to_id IS NOT NULL;
DROP INDEX messages_shared_post_id_idx;
CREATE INDEX messages_shared_post_id_idx ON messages (shared_post_id)
    WHERE shared_post_id IS NOT NULL;
DROP INDEX messages_shared_reel_id_idx;
CREATE INDEX messages_shared_reel_id_idx ON messages (shared_reel_id)
    WHERE shared_reel_id IS NOT NULL;
DROP INDEX messages_system_user_id_idx;
CREATE INDEX messages_system_user_id_idx ON messages (system_user_id)
    WHERE system_user_id IS NOT NULL;
