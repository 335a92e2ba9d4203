-- Issue 39: the skill matcher reads an index, not the newest 300.
--
-- `skill_mask` holds a user's skills as bits (design 1, code 2, music 4, photo 8, motion 16,
-- domain::Skill::bit), kept with `skills` by the profile edit. The matcher reads, for each of
-- the 31 combinations that share a wanted skill, the newest few with exactly that mask.
ALTER TABLE users ADD COLUMN skill_mask BIGINT NOT NULL DEFAULT 0;
UPDATE users SET skill_mask =
      (CASE WHEN skills LIKE '%"design"%' THEN 1 ELSE 0 END)
    + (CASE WHEN skills LIKE '%"code"%' THEN 2 ELSE 0 END)
    + (CASE WHEN skills LIKE '%"music"%' THEN 4 ELSE 0 END)
    + (CASE WHEN skills LIKE '%"photo"%' THEN 8 ELSE 0 END)
    + (CASE WHEN skills LIKE '%"motion"%' THEN 16 ELSE 0 END);
CREATE INDEX users_skill_mask_idx ON users (skill_mask, id) WHERE skill_mask <> 0;

-- Issue 39: each user's media quota (`--media-quota-mb`). `media_bytes` is the total of the
-- user's uploads, moved with a `media_uploads` row (one per upload: the stored key and its
-- bytes, images with their thumbnail) in the upload's write transaction (db/media.rs charge).
ALTER TABLE users ADD COLUMN media_bytes BIGINT NOT NULL DEFAULT 0 CHECK (media_bytes >= 0);
CREATE TABLE media_uploads (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    media_key  TEXT   NOT NULL,
    byte_size  BIGINT NOT NULL CHECK (byte_size >= 0),
    created_at BIGINT NOT NULL
);
-- A user's uploads, newest first (the export; deleting a user).
CREATE INDEX media_uploads_user_idx ON media_uploads (user_id, id);

-- Issue 39: an admin's read of a reported target is audited as `report.view`.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
    CHECK (action IN ('withdrawal.completed', 'withdrawal.failed', 'ad.created', 'ad.paused',
                      'ad.resumed', 'report.dismiss', 'report.remove', 'report.suspend',
                      'report.view'));

-- Issue 39: the data export pages these lists by the user and the id (keyset, `id > after`).
CREATE INDEX comments_user_export_idx ON comments (user_id, id);
CREATE INDEX tips_from_export_idx ON tips (from_user_id, id);
CREATE INDEX tips_to_export_idx ON tips (to_user_id, id);
CREATE INDEX reports_reporter_export_idx ON reports (reporter_id, id);
