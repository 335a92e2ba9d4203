-- Stories, the trending score of posts, and ads (issue 6). Portable shapes (DESIGN §1): ids
-- BIGINT, flags INTEGER 0/1, times BIGINT epoch milliseconds, money BIGINT cents.

-- A story lives 24 hours (expires_at = created_at + 24 h, by the server's clock); expired rows
-- stop being served at once and the housekeeping task deletes them with their views.
CREATE TABLE stories (
    id          BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id     BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- `/media/{key}` for a stored image, or the http(s) URL the author gave (never fetched).
    image_url   TEXT    NOT NULL,
    media_key   TEXT    REFERENCES media (key),
    kind        TEXT    NOT NULL DEFAULT 'image' CHECK (kind IN ('image', 'video')),
    caption     TEXT,
    -- Distinct viewers other than the author.
    views_count BIGINT  NOT NULL DEFAULT 0 CHECK (views_count >= 0),
    created_at  BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL
);
-- The strip: its groups come from a scan of this index alone (live stories, grouped by user with
-- their latest creation time; the sweep keeps the table to about the live window), and each
-- group's stories from a range of it (user_id = ? AND expires_at > ?).
CREATE INDEX stories_user_id_idx ON stories (user_id, expires_at, created_at);
-- The sweep's range.
CREATE INDEX stories_expires_at_idx ON stories (expires_at);

-- One row per (story, viewer): a viewer counts once. The author's own row is kept (their
-- `viewedByMe`) but not counted.
CREATE TABLE story_views (
    story_id   BIGINT NOT NULL REFERENCES stories (id) ON DELETE CASCADE,
    viewer_id  BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (story_id, viewer_id)
);
CREATE INDEX story_views_viewer_id_idx ON story_views (viewer_id);

-- Trending (explore): a Reddit-style hot score, log10(max(1, likes + 2 × saves)) plus the
-- creation time in seconds / 45,000, stored and kept up to date by the statements that move
-- the counters (db/posts.rs), so the ranking is an index walk.
ALTER TABLE posts ADD COLUMN hot_score DOUBLE PRECISION NOT NULL DEFAULT 0;
UPDATE posts SET hot_score =
    LOG10(CAST(CASE WHEN likes_count + 2 * bookmarks_count > 1
                    THEN likes_count + 2 * bookmarks_count ELSE 1 END AS DOUBLE PRECISION))
    + CAST(created_at AS DOUBLE PRECISION) / 45000000;
CREATE INDEX posts_hot_score_idx ON posts (hot_score DESC, id DESC);

-- Ads with the admin fields of spec 001 §3. Money in cents; revenue never passes the budget.
CREATE TABLE ads (
    id                   BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    title                TEXT    NOT NULL,
    description          TEXT    NOT NULL DEFAULT '',
    image_url            TEXT    NOT NULL,
    target_url           TEXT    NOT NULL,
    advertiser_name      TEXT    NOT NULL,
    category             TEXT    NOT NULL CHECK (category IN ('feed', 'story', 'banner', 'sidebar')),
    budget_cents         BIGINT  NOT NULL CHECK (budget_cents >= 0),
    cost_per_click_cents BIGINT  NOT NULL CHECK (cost_per_click_cents >= 0),
    start_date           BIGINT  NOT NULL,
    end_date             BIGINT  NOT NULL,
    is_active            INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
    total_impressions    BIGINT  NOT NULL DEFAULT 0 CHECK (total_impressions >= 0),
    total_clicks         BIGINT  NOT NULL DEFAULT 0 CHECK (total_clicks >= 0),
    revenue_cents        BIGINT  NOT NULL DEFAULT 0
                         CHECK (revenue_cents >= 0 AND revenue_cents <= budget_cents),
    created_at           BIGINT  NOT NULL,
    CHECK (end_date >= start_date)
);
-- Serving one placement in rotation: least shown first.
CREATE INDEX ads_serving_idx ON ads (category, is_active, total_impressions, id);

-- Click dedupe: the last counted click of each viewer (a user id, or a hash of an anonymous
-- client's address and user agent) on each ad; a click within 10 minutes of it is not counted.
CREATE TABLE ad_clicks (
    ad_id      BIGINT NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
    viewer_key TEXT   NOT NULL,
    clicked_at BIGINT NOT NULL,
    PRIMARY KEY (ad_id, viewer_key)
);
-- The housekeeping sweep of rows past the window.
CREATE INDEX ad_clicks_clicked_at_idx ON ad_clicks (clicked_at);
