-- A new message makes itself its conversation's last and moves the conversation to the top of
-- both people's lists, bringing it back for one who had left (as a closed DM comes back on
-- Discord). In a trigger, so sending is one INSERT: atomic without a transaction around it,
-- and on SQLite one hand-off to the database thread instead of five (docs/benchmarks.md).
-- The newest wins when inserts race: `last_message_id` and `last_activity_at` only move forward.
CREATE TRIGGER messages_touch_conversation AFTER INSERT ON messages
BEGIN
    UPDATE conversations SET last_message_id = NEW.id
    WHERE id = NEW.conversation_id AND (last_message_id IS NULL OR last_message_id < NEW.id);
    INSERT INTO conversation_members (conversation_id, user_id, joined_at, last_activity_at)
    SELECT id, user_a, NEW.created_at, NEW.created_at FROM conversations
    WHERE id = NEW.conversation_id
    UNION ALL
    SELECT id, user_b, NEW.created_at, NEW.created_at FROM conversations
    WHERE id = NEW.conversation_id
    ON CONFLICT (conversation_id, user_id)
    DO UPDATE SET last_activity_at = MAX(last_activity_at, excluded.last_activity_at);
END;
