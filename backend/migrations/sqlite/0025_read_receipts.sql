-- Read receipts (issue 22): whether a member's reads are shown to the others of their
-- conversations, and theirs to them (GET/PUT /api/user/settings `readReceipts`, default on). Off,
-- your reads are not shown and you see nobody's, as WhatsApp does. The reads themselves are the
-- read pointers of 0023 (`conversation_members.last_read_message_id`).
ALTER TABLE user_settings ADD COLUMN read_receipts BIGINT NOT NULL DEFAULT 1
    CHECK (read_receipts IN (0, 1));
