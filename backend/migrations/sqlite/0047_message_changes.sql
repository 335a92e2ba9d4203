-- Issue 43, messages: unsend and edit, and message requests.
--
-- A message its sender unsent keeps its place (everyone sees 'Message removed') and nothing of
-- what it said: `unsent_at` is set and the content, recording and shared item are cleared. An
-- edited text message (within 15 minutes of sending) keeps when it was last edited.
ALTER TABLE messages ADD COLUMN edited_at BIGINT;
ALTER TABLE messages ADD COLUMN unsent_at BIGINT;

-- A one-to-one conversation is a request for a member (1) while it came from someone they do
-- not follow and have never written to, until they accept it or write in it. Requests are
-- listed apart and not counted as unread: the list's index leads with the flag.
ALTER TABLE conversation_members ADD COLUMN request BIGINT NOT NULL DEFAULT 0
    CHECK (request IN (0, 1));
DROP INDEX conversation_members_list_idx;
CREATE INDEX conversation_members_list_idx
    ON conversation_members (user_id, request, last_activity_at DESC, conversation_id DESC);

-- As 0026, and: writing in a conversation accepts it (the sender's row is no longer a
-- request); a person who had left a one-to-one conversation (or deleted its request) comes
-- back with it as a request unless they follow the sender or have written in it.
DROP TRIGGER messages_touch_conversation;
CREATE TRIGGER messages_touch_conversation AFTER INSERT ON messages
BEGIN
    UPDATE conversations SET last_message_id = NEW.id
    WHERE id = NEW.conversation_id AND (last_message_id IS NULL OR last_message_id < NEW.id);
    INSERT INTO conversation_members (conversation_id, user_id, joined_at, last_activity_at,
                                      request)
    SELECT p.conversation_id, p.user_id, NEW.created_at, NEW.created_at,
           CASE WHEN p.user_id = NEW.sender_id
                  OR EXISTS (SELECT 1 FROM follows f
                             WHERE f.follower_id = p.user_id AND f.followee_id = NEW.sender_id)
                  OR EXISTS (SELECT 1 FROM messages w
                             WHERE w.conversation_id = p.conversation_id
                               AND w.sender_id = p.user_id)
                THEN 0 ELSE 1 END
    FROM (SELECT id AS conversation_id, user_a AS user_id FROM conversations
          WHERE id = NEW.conversation_id AND kind = 'direct'
          UNION ALL
          SELECT id, user_b FROM conversations
          WHERE id = NEW.conversation_id AND kind = 'direct') AS p
    WHERE NOT EXISTS (SELECT 1 FROM conversation_members cm
                      WHERE cm.conversation_id = p.conversation_id AND cm.user_id = p.user_id)
    ON CONFLICT (conversation_id, user_id) DO NOTHING;
    UPDATE conversation_members SET last_activity_at = NEW.created_at
    WHERE conversation_id = NEW.conversation_id AND last_activity_at < NEW.created_at;
    UPDATE conversation_members SET request = 0
    WHERE conversation_id = NEW.conversation_id AND user_id = NEW.sender_id AND request = 1;
END;
