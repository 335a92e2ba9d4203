-- Issue 45: a conversation's unread count (the list's `unreadCount`, the Messages tab's badge)
-- reads the others' messages after the member's read pointer. With `messages_conversation_id_idx`
-- alone each of them was a table read (its sender, time and state are not in that index): ~40
-- of them, a quarter of a conversation list's instructions. This index holds every column the
-- count asks for (the state columns too, always NULL or not 'system' here, so SQLite sees it as
-- covering), for the messages it counts: the count reads the index alone.
CREATE INDEX messages_unread_idx
    ON messages (conversation_id, id, sender_id, created_at, removed_at, unsent_at, message_type)
    WHERE removed_at IS NULL AND unsent_at IS NULL AND message_type <> 'system';
