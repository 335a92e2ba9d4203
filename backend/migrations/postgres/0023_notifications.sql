-- Notifications (issue 21, docs/notifications-contract.md). Portable shapes (DESIGN §1): ids
-- BIGINT, times BIGINT epoch milliseconds.

-- One row per thing to tell someone (`user_id`, the recipient). An act writes it in its own
-- transaction (DESIGN §8), so a like and its notification commit together and an unlike takes
-- its actor back out. Likes and follows of one target fold into the recipient's unread row of
-- the last 24 hours: a new actor joins it and moves `updated_at`, the list's order.
--
-- `target_type`/`target_id` is what it is about; `post_id`, `reel_id`, `comment_id` name the
-- content it is about or on (a comment's post), so deleting that content deletes the
-- notification (ON DELETE CASCADE), and moderation's removal hides it (the list joins them).
-- `preview` is the words it quotes (a comment), or the whole sentence of a notification the
-- server tells (a withdrawal's outcome).
CREATE TABLE notifications (
    id           BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id      BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind         TEXT    NOT NULL CHECK (kind IN ('like', 'comment', 'reply', 'mention', 'follow',
                     'follow_request', 'follow_accepted', 'missed_call', 'voicemail',
                     'withdrawal', 'report', 'sale', 'tip')),
    target_type  TEXT    NOT NULL CHECK (target_type IN ('post', 'reel', 'comment', 'user',
                     'conversation', 'withdrawal', 'order', 'report')),
    target_id    BIGINT  NOT NULL,
    post_id      BIGINT  REFERENCES posts (id) ON DELETE CASCADE,
    reel_id      BIGINT  REFERENCES reels (id) ON DELETE CASCADE,
    comment_id   BIGINT  REFERENCES comments (id) ON DELETE CASCADE,
    preview      TEXT,
    actors_count BIGINT  NOT NULL DEFAULT 0 CHECK (actors_count >= 0),
    read_at      BIGINT,
    created_at   BIGINT  NOT NULL,
    updated_at   BIGINT  NOT NULL
);
-- The list, newest activity first (keyset on (updated_at, id)).
CREATE INDEX notifications_list_idx ON notifications (user_id, updated_at, id);
-- The unread count, and 'mark all as read'.
CREATE INDEX notifications_unread_idx ON notifications (user_id, id) WHERE read_at IS NULL;
-- Folding and taking an actor back: the recipient's notifications of one kind and target.
CREATE INDEX notifications_target_idx ON notifications (user_id, target_type, target_id, kind);
-- Deleting content finds its notifications through these.
CREATE INDEX notifications_post_id_idx ON notifications (post_id) WHERE post_id IS NOT NULL;
CREATE INDEX notifications_reel_id_idx ON notifications (reel_id) WHERE reel_id IS NOT NULL;
CREATE INDEX notifications_comment_id_idx ON notifications (comment_id)
    WHERE comment_id IS NOT NULL;

-- Who did it: one row per actor of a notification (one for most kinds, many for a folded
-- one; none for what the server tells).
CREATE TABLE notification_actors (
    notification_id BIGINT NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
    actor_id        BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at      BIGINT NOT NULL,
    PRIMARY KEY (notification_id, actor_id)
);
-- The newest actors of a page's notifications.
CREATE INDEX notification_actors_newest_idx
    ON notification_actors (notification_id, created_at, actor_id);
CREATE INDEX notification_actors_actor_id_idx ON notification_actors (actor_id);

-- Conversations' unread messages (issue 21): each member's read pointer, the newest message
-- they have seen there; it only moves forward (POST /api/conversations/{id}/read). Unread are
-- the others' messages above it that came since the member (re)joined the conversation.
ALTER TABLE conversation_members ADD COLUMN last_read_message_id BIGINT NOT NULL DEFAULT 0;

-- Which kinds of notification a user gets at all (GET/PUT /api/user/settings): likes, comments
-- and replies, mentions, follows (with requests and approvals). Checked when one is written.
ALTER TABLE user_settings ADD COLUMN like_notifications BIGINT NOT NULL DEFAULT 1
    CHECK (like_notifications IN (0, 1));
ALTER TABLE user_settings ADD COLUMN comment_notifications BIGINT NOT NULL DEFAULT 1
    CHECK (comment_notifications IN (0, 1));
ALTER TABLE user_settings ADD COLUMN mention_notifications BIGINT NOT NULL DEFAULT 1
    CHECK (mention_notifications IN (0, 1));
ALTER TABLE user_settings ADD COLUMN follow_notifications BIGINT NOT NULL DEFAULT 1
    CHECK (follow_notifications IN (0, 1));
