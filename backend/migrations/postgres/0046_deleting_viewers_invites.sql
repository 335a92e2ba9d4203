-- Issue 43: deleting your posts, reels, stories and canvases; a story's viewers; followers and
-- following lists; canvas invitations as notifications.

-- A canvas invitation tells the invitee ('maya invited you to draw on "Sunset"').
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('like',
    'comment', 'reply', 'mention', 'follow', 'follow_request', 'follow_accepted', 'missed_call',
    'voicemail', 'withdrawal', 'report', 'sale', 'tip', 'shipped', 'voice_reaction', 'canvas_invite'));
ALTER TABLE notifications DROP CONSTRAINT notifications_target_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_target_type_check CHECK (target_type IN
    ('post', 'reel', 'comment', 'user', 'conversation', 'withdrawal', 'order', 'report', 'canvas'));

-- A story's viewers for its author (GET /api/stories/{id}/viewers), latest first: keyset on
-- (created_at, viewer_id) within the story.
CREATE INDEX story_views_story_idx ON story_views (story_id, created_at, viewer_id);

-- Followers and following lists (GET /api/users/{id}/followers, /following), latest follow
-- first: keyset on (created_at, the other's id) within the account.
CREATE INDEX follows_followee_created_idx ON follows (followee_id, created_at, follower_id);
CREATE INDEX follows_follower_created_idx ON follows (follower_id, created_at, followee_id);
