-- Group conversations (issue 22, docs/groups-contract.md). Portable shapes (DESIGN §1).
-- A conversation is `direct` (the pair user_a < user_b, as before) or a `group` (no pair, a
-- name; its people are its member rows).
ALTER TABLE conversations ALTER COLUMN user_a DROP NOT NULL;
ALTER TABLE conversations ALTER COLUMN user_b DROP NOT NULL;
ALTER TABLE conversations ADD COLUMN kind TEXT NOT NULL DEFAULT 'direct'
    CHECK (kind IN ('direct', 'group'));
-- A group's name (1–60 characters, checked by the server) and picture (a media key).
ALTER TABLE conversations ADD COLUMN name TEXT;
ALTER TABLE conversations ADD COLUMN avatar_key TEXT;
ALTER TABLE conversations ADD CONSTRAINT conversations_kind_shape_check
    CHECK ((kind = 'direct' AND user_a IS NOT NULL AND user_b IS NOT NULL AND name IS NULL)
        OR (kind = 'group' AND user_a IS NULL AND user_b IS NULL AND name IS NOT NULL));

-- System lines (written by the server when a group changes): what happened and whom it names.
ALTER TABLE messages DROP CONSTRAINT messages_message_type_check;
ALTER TABLE messages ADD CONSTRAINT messages_message_type_check
    CHECK (message_type IN ('text', 'voice', 'call', 'post', 'reel', 'system'));
ALTER TABLE messages ADD COLUMN system_kind TEXT
    CHECK (system_kind IN ('created', 'added', 'removed', 'left', 'renamed', 'avatar', 'owner'));
ALTER TABLE messages ADD COLUMN system_user_id BIGINT REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE messages ADD CONSTRAINT messages_system_shape_check
    CHECK ((message_type = 'system') = (system_kind IS NOT NULL));
-- Deleting a user finds the system lines naming them.
CREATE INDEX messages_system_user_id_idx ON messages (system_user_id)
    WHERE system_user_id IS NOT NULL;

-- Who owns a group (adds and removes people); `joined_at` orders who becomes owner when the
-- owner leaves. Both people of a one-to-one conversation are members.
ALTER TABLE conversation_members ADD COLUMN role TEXT NOT NULL DEFAULT 'member'
    CHECK (role IN ('owner', 'member'));

-- A new message is its conversation's last and moves it to the top of its members' lists. A
-- one-to-one conversation brings back a person who had left (as before, 0006); a group moves
-- only its current members (someone removed or gone keeps nothing new).
CREATE OR REPLACE FUNCTION messages_touch_conversation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE conversations SET last_message_id = NEW.id
    WHERE id = NEW.conversation_id AND (last_message_id IS NULL OR last_message_id < NEW.id);
    INSERT INTO conversation_members (conversation_id, user_id, joined_at, last_activity_at)
    SELECT c.id, p.user_id, NEW.created_at, NEW.created_at
    FROM conversations c CROSS JOIN LATERAL (VALUES (c.user_a), (c.user_b)) AS p (user_id)
    WHERE c.id = NEW.conversation_id AND c.kind = 'direct'
    ON CONFLICT (conversation_id, user_id)
    DO UPDATE SET last_activity_at =
        GREATEST(conversation_members.last_activity_at, excluded.last_activity_at);
    UPDATE conversation_members SET last_activity_at = NEW.created_at
    WHERE conversation_id = NEW.conversation_id AND last_activity_at < NEW.created_at;
    RETURN NULL;
END;
$$;
