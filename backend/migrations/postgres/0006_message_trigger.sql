-- A new message makes itself its conversation's last and moves the conversation to the top of
-- both people's lists, bringing it back for one who had left (as a closed DM comes back on
-- Discord). In a trigger, so sending is one INSERT: atomic without a transaction around it, and
-- one round trip instead of five (docs/benchmarks.md). The newest wins when inserts race:
-- `last_message_id` and `last_activity_at` only move forward.
CREATE FUNCTION messages_touch_conversation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE conversations SET last_message_id = NEW.id
    WHERE id = NEW.conversation_id AND (last_message_id IS NULL OR last_message_id < NEW.id);
    INSERT INTO conversation_members (conversation_id, user_id, joined_at, last_activity_at)
    SELECT c.id, p.user_id, NEW.created_at, NEW.created_at
    FROM conversations c CROSS JOIN LATERAL (VALUES (c.user_a), (c.user_b)) AS p (user_id)
    WHERE c.id = NEW.conversation_id
    ON CONFLICT (conversation_id, user_id)
    DO UPDATE SET last_activity_at =
        GREATEST(conversation_members.last_activity_at, excluded.last_activity_at);
    RETURN NULL;
END;
$$;

CREATE TRIGGER messages_touch_conversation AFTER INSERT ON messages
FOR EACH ROW EXECUTE FUNCTION messages_touch_conversation();
