#!/usr/bin/env bash
# Query plans of the list queries on the large synthetic data set (10,000 users, 100,000
# posts): SQLite's EXPLAIN QUERY PLAN and PostgreSQL's EXPLAIN ANALYZE (custom plan) plus the
# generic plan that a prepared statement falls back to. The SQL below is the text of db/posts.rs,
# db/users.rs, db/stories.rs, db/ads.rs, db/conversations.rs, db/messages.rs, db/shop.rs, db/earnings.rs and db/admin.rs with the
# `post_view_columns!` / `profile_columns!` / `story_view_columns!` / `conversation_view!` /
# `message_view!` macros expanded; keep it in step when those change. The chat queries read
# user000001 (id 1: ~4 conversations of ~20 messages among 20,000 and ~400,000). Usage: scripts/query-plans.sh [POSTGRES_SERVER_URL]
# (default postgres://postgres@127.0.0.1:5432/postgres; skipped when unreachable).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=$HOME/.cache/atelier-target}"
export CARGO_TARGET_DIR
pg_server="${1:-postgres://postgres@127.0.0.1:5432/postgres}"
# ATELIER_BIN names an already built binary (a debug build gives the same plans).
if [[ -n "${ATELIER_BIN:-}" ]]; then
  bin="$ATELIER_BIN"
else
  cargo build --release --locked -p atelier --bin atelier >/dev/null
  bin="$CARGO_TARGET_DIR/release/atelier"
fi
tmp=$(mktemp -d)
db="atelier_plans_$$"
trap 'psql "$pg_server" -qAtc "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT

post_columns="p.id, p.user_id, u.username, u.display_name,
  COALESCE(u.profile_image_small_url, u.profile_image_url) AS profile_image,
  p.image_url, m.thumbnail_key, m.width, m.height, m.blurhash,
  p.caption, p.location, p.tags, p.likes_count, p.comments_count, p.shares_count,
  CAST(CASE WHEN EXISTS (SELECT 1 FROM post_likes l WHERE l.user_id = \$1 AND l.post_id = p.id)
       THEN 1 ELSE 0 END AS BIGINT) AS is_liked,
  CAST(CASE WHEN EXISTS (SELECT 1 FROM bookmarks b WHERE b.user_id = \$1 AND b.post_id = p.id)
       THEN 1 ELSE 0 END AS BIGINT) AS is_bookmarked,
  p.created_at
  FROM posts p JOIN users u ON u.id = p.user_id LEFT JOIN media m ON m.key = p.media_key"
profile_columns="u.id, u.username, u.display_name, u.bio, u.profile_image_url, u.skills,
  u.is_admin, u.created_at,
  (SELECT COUNT(*) FROM posts p WHERE p.user_id = u.id) AS posts_count,
  (SELECT COUNT(*) FROM follows f WHERE f.followee_id = u.id) AS followers_count,
  (SELECT COUNT(*) FROM follows f WHERE f.follower_id = u.id) AS following_count,
  CAST(CASE WHEN EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = \$1 AND f.followee_id = u.id)
       THEN 1 ELSE 0 END AS BIGINT) AS is_following
  FROM users u"
like_match="(lower(u.username) LIKE \$2 ESCAPE '\\' OR lower(u.display_name) LIKE \$2 ESCAPE '\\')"
search() { # search MATCH_CONDITION
  echo "WITH hits AS (
    SELECT u.id,
      CASE WHEN lower(u.username) = \$3 OR lower(u.display_name) = \$3 THEN 0
           WHEN lower(u.username) LIKE \$4 ESCAPE '\\' OR lower(u.display_name) LIKE \$4 ESCAPE '\\' THEN 1
           ELSE 2 END AS rank,
      length(u.username) AS len
    FROM users u WHERE $1 ORDER BY rank, len, u.id LIMIT \$5)
  SELECT $profile_columns JOIN hits h ON h.id = u.id ORDER BY h.rank, h.len, h.id"
}
feed="SELECT p.id AS cursor, $post_columns WHERE p.id < \$2 ORDER BY p.id DESC LIMIT \$3"
by_user="SELECT p.id AS cursor, $post_columns WHERE p.user_id = \$2 AND p.id < \$3 ORDER BY p.id DESC LIMIT \$4"
bookmarks="SELECT s.id AS cursor, $post_columns JOIN bookmarks s ON s.post_id = p.id
  WHERE s.user_id = \$1 AND s.id < \$2 ORDER BY s.id DESC LIMIT \$3"
trending="SELECT p.id AS cursor, $post_columns WHERE p.created_at >= \$2
  ORDER BY p.hot_score DESC, p.id DESC LIMIT \$3"
trending_next="SELECT p.id AS cursor, $post_columns JOIN posts c ON c.id = \$4
  WHERE p.created_at >= \$2 AND (p.hot_score < c.hot_score OR (p.hot_score = c.hot_score AND p.id < c.id))
  ORDER BY p.hot_score DESC, p.id DESC LIMIT \$3"
story_columns="s.id, s.user_id, u.username, u.display_name,
  COALESCE(u.profile_image_small_url, u.profile_image_url) AS profile_image,
  s.image_url, s.kind, s.caption, s.views_count,
  CAST(CASE WHEN EXISTS (SELECT 1 FROM story_views v WHERE v.story_id = s.id AND v.viewer_id = \$1)
       THEN 1 ELSE 0 END AS BIGINT) AS viewed_by_me,
  s.created_at, s.expires_at"
# Issue 19: a tag's posts, explore's post search (db/search.rs: the walk for the newest 100
# matches the viewer may see, which the server ranks; the best 20's post view is by id) and
# tags by prefix. Synthetic captions end in `#N`, a tag of one post.
tag_posts="SELECT t.post_id AS cursor, $post_columns JOIN post_tags t ON t.post_id = p.id
  WHERE t.tag = \$2 AND t.post_id < \$3 ORDER BY t.post_id DESC LIMIT \$4"
may_see_u="NOT EXISTS (SELECT 1 FROM blocks bl WHERE bl.blocker_id = \$1 AND bl.blocked_id = u.id)
  AND NOT EXISTS (SELECT 1 FROM blocks bl WHERE bl.blocker_id = u.id AND bl.blocked_id = \$1)
  AND (u.id = \$1 OR NOT EXISTS (SELECT 1 FROM user_settings ps WHERE ps.user_id = u.id AND ps.private_account = 1)
       OR EXISTS (SELECT 1 FROM follows pf WHERE pf.follower_id = \$1 AND pf.followee_id = u.id))"
search_posts_sqlite="SELECT p.id, p.search_words FROM posts_search f JOIN posts p ON p.id = f.rowid
  JOIN users u ON u.id = p.user_id AND u.deactivated_at IS NULL AND $may_see_u
  WHERE posts_search MATCH \$2 ORDER BY f.rowid DESC LIMIT \$3"
# PostgreSQL's candidates: the newest 2,000 posts first, then every match through GIN.
search_posts_pg="SELECT p.id, p.search_words FROM posts p
  JOIN users u ON u.id = p.user_id AND u.deactivated_at IS NULL AND $may_see_u
  WHERE p.search_vector @@ (SELECT to_tsquery('simple', \$2))
    AND p.id > (SELECT COALESCE(MAX(id), 0) FROM posts) - \$4 ORDER BY p.id DESC LIMIT \$3"
search_posts_pg_all="SELECT p.id, p.search_words FROM posts p
  JOIN users u ON u.id = p.user_id AND u.deactivated_at IS NULL AND $may_see_u
  WHERE p.search_vector @@ (SELECT to_tsquery('simple', \$2)) ORDER BY p.id + 0 DESC LIMIT \$3"
tags_by_prefix="SELECT tag, posts_count FROM (SELECT tag, posts_count FROM tags
    WHERE tag >= \$1 AND tag < \$2 ORDER BY tag LIMIT \$3) AS range_read
  WHERE posts_count > 0 ORDER BY posts_count DESC, tag LIMIT \$4"
# The last word's completions (db/search.rs `completions`).
search_completions="SELECT term FROM (SELECT term, posts_count FROM search_terms
    WHERE term >= \$1 AND term < \$2 ORDER BY term LIMIT \$3) AS range_read
  WHERE posts_count > 0
  ORDER BY CASE WHEN term = \$1 THEN 0 ELSE 1 END, posts_count DESC, term LIMIT \$4"
stories="WITH grp AS (
    SELECT user_id, latest, rnk FROM (
      SELECT a.user_id, a.latest_at AS latest, 0 AS rnk FROM story_authors a
      WHERE a.user_id = \$1 AND a.expires_at > \$2) own
    UNION ALL
    SELECT user_id, latest, rnk FROM (
      SELECT a.user_id, a.latest_at AS latest, 1 AS rnk FROM follows f
      JOIN story_authors a ON a.user_id = f.followee_id
      JOIN users au ON au.id = a.user_id AND au.deactivated_at IS NULL
      WHERE f.follower_id = \$1 AND a.user_id <> \$1 AND a.expires_at > \$2
      ORDER BY a.latest_at DESC, a.user_id DESC LIMIT \$3) followed
    UNION ALL
    SELECT user_id, latest, rnk FROM (
      SELECT a.user_id, a.latest_at AS latest, 2 AS rnk FROM story_authors a
      JOIN users au ON au.id = a.user_id AND au.deactivated_at IS NULL
      WHERE a.user_id <> \$1 AND a.expires_at > \$2
        AND NOT EXISTS (SELECT 1 FROM follows nf WHERE nf.follower_id = \$1 AND nf.followee_id = a.user_id)
      ORDER BY a.latest_at DESC, a.user_id DESC LIMIT \$3) others),
  picked AS (SELECT user_id, latest, rnk FROM grp ORDER BY rnk, latest DESC, user_id DESC LIMIT \$3)
  SELECT grp.user_id, u.username, u.display_name, grp.latest,
    CASE WHEN seen.seen_at IS NULL OR seen.seen_at < grp.latest THEN 1 ELSE 0 END AS unseen
  FROM picked grp JOIN users u ON u.id = grp.user_id
  LEFT JOIN story_seen seen ON seen.viewer_id = \$1 AND seen.author_id = grp.user_id
  ORDER BY grp.rnk, grp.latest DESC, grp.user_id DESC"
story_opened="SELECT $story_columns FROM stories s JOIN users u ON u.id = s.user_id
  WHERE s.user_id = \$2 AND s.expires_at > \$3 ORDER BY s.created_at, s.id"
ads="SELECT id, title, description, image_url, target_url, advertiser_name, category, budget_cents,
  cost_per_click_cents, start_date, end_date, is_active, total_impressions, total_clicks,
  revenue_cents, created_at FROM ads
  WHERE category = \$1 AND is_active = 1 AND start_date <= \$2 AND end_date >= \$2
    AND revenue_cents < budget_cents
  ORDER BY total_impressions, id LIMIT \$3"
# Chat (db/conversations.rs, db/messages.rs).
conversation_view="SELECT c.id, c.created_at, cm.last_activity_at,
    ua.id AS a_id, ua.username AS a_username, ua.display_name AS a_display_name,
    COALESCE(ua.profile_image_small_url, ua.profile_image_url) AS a_profile_image,
    ua.last_seen_at AS a_last_seen_at,
    ub.id AS b_id, ub.username AS b_username, ub.display_name AS b_display_name,
    COALESCE(ub.profile_image_small_url, ub.profile_image_url) AS b_profile_image,
    ub.last_seen_at AS b_last_seen_at,
    CASE WHEN c.user_a = \$1 THEN cm.last_read_message_id
         WHEN NOT EXISTS (SELECT 1 FROM user_settings rs
                          WHERE rs.user_id IN (\$1, c.user_a) AND rs.read_receipts = 0)
         THEN ma.last_read_message_id END AS a_read,
    CASE WHEN c.user_b = \$1 THEN cm.last_read_message_id
         WHEN NOT EXISTS (SELECT 1 FROM user_settings rs
                          WHERE rs.user_id IN (\$1, c.user_b) AND rs.read_receipts = 0)
         THEN mb.last_read_message_id END AS b_read,
    (SELECT COUNT(*) FROM (SELECT 1 FROM messages um
       WHERE um.conversation_id = c.id AND um.id > cm.last_read_message_id
         AND um.sender_id <> \$1 AND um.created_at >= cm.joined_at AND um.removed_at IS NULL
       LIMIT 100) AS unread) AS unread_count,
    lm.id AS last_id, lm.sender_id AS last_sender_id,
    ls.username AS last_sender_username, ls.display_name AS last_sender_display_name,
    COALESCE(ls.profile_image_small_url, ls.profile_image_url) AS last_sender_profile_image,
    lm.content AS last_content, lm.message_type AS last_message_type,
    lm.voice_url AS last_voice_url, lm.duration AS last_duration,
    lm.reply_to_id AS last_reply_to_id, lm.created_at AS last_created_at
  FROM conversation_members cm
  JOIN conversations c ON c.id = cm.conversation_id
  JOIN users ua ON ua.id = c.user_a
  JOIN users ub ON ub.id = c.user_b
  LEFT JOIN conversation_members ma ON ma.conversation_id = c.id AND ma.user_id = c.user_a
  LEFT JOIN conversation_members mb ON mb.conversation_id = c.id AND mb.user_id = c.user_b
  LEFT JOIN messages lm ON lm.id = c.last_message_id
  LEFT JOIN users ls ON ls.id = lm.sender_id"
conversations_first="$conversation_view WHERE cm.user_id = \$1
  ORDER BY cm.last_activity_at DESC, cm.conversation_id DESC LIMIT \$2"
conversations_next="$conversation_view
  JOIN conversation_members cur ON cur.user_id = \$1 AND cur.conversation_id = \$3
  WHERE cm.user_id = \$1
    AND (cm.last_activity_at < cur.last_activity_at
         OR (cm.last_activity_at = cur.last_activity_at AND cm.conversation_id < cur.conversation_id))
  ORDER BY cm.last_activity_at DESC, cm.conversation_id DESC LIMIT \$2"
messages_page="SELECT m.id, m.conversation_id, m.sender_id,
    s.username AS sender_username, s.display_name AS sender_display_name,
    COALESCE(s.profile_image_small_url, s.profile_image_url) AS sender_profile_image,
    m.content, m.message_type, m.voice_url, m.duration, m.reply_to_id,
    r.sender_id AS reply_sender_id, rs.display_name AS reply_sender_display_name,
    r.content AS reply_content, r.message_type AS reply_message_type,
    m.created_at
  FROM messages m
  JOIN users s ON s.id = m.sender_id
  LEFT JOIN messages r ON r.id = m.reply_to_id
  LEFT JOIN users rs ON rs.id = r.sender_id
  WHERE m.conversation_id = \$1 AND m.id < \$2 ORDER BY m.id DESC LIMIT \$3"
reactions_page="SELECT r.message_id, r.emoji, CAST(COUNT(*) AS BIGINT) AS count,
    CAST(MAX(CASE WHEN r.user_id = \$1 THEN 1 ELSE 0 END) AS BIGINT) AS mine
  FROM messages m
  JOIN message_reactions r ON r.message_id = m.id
  WHERE m.conversation_id = \$2 AND m.id >= \$3 AND m.id <= \$4
  GROUP BY r.message_id, r.emoji
  ORDER BY r.message_id, MIN(r.created_at), r.emoji"
is_member="SELECT conversation_id FROM conversation_members
  WHERE conversation_id = \$1 AND user_id = \$2"
contacts="SELECT user_b FROM conversations WHERE user_a = \$1
  UNION SELECT user_a FROM conversations WHERE user_b = \$1"
# Reels: the text of db/reels.rs with `reel_view!` expanded. The synthetic set has none: every
# tenth post becomes a reel below.
reel_view="SELECT r.id, r.user_id, u.username, u.display_name,
    COALESCE(u.profile_image_small_url, u.profile_image_url) AS profile_image,
    r.media_key, r.poster_key, r.caption, r.duration_seconds, r.width, r.height,
    r.likes_count, r.comments_count, r.shares_count, r.created_at
  FROM reels r JOIN users u ON u.id = r.user_id"
reels_page="$reel_view WHERE r.id < \$1 ORDER BY r.id DESC LIMIT \$2"
reels_by_user="$reel_view WHERE r.user_id = \$1 AND r.id < \$2 ORDER BY r.id DESC LIMIT \$3"
synthetic_reels="INSERT INTO media (key, content_type, byte_size, created_at)
    VALUES ('synthetic.webm', 'video/webm', 1, 0);
  INSERT INTO reels (user_id, media_key, caption, duration_seconds, width, height, created_at)
    SELECT user_id, 'synthetic.webm', caption, 4, 360, 640, created_at FROM posts
    WHERE id % 10 = 0 ORDER BY id"
# Shop and earnings (db/shop.rs, db/earnings.rs).
products="SELECT id, name, description, price_cents, original_price_cents, image_key, product_url,
    category, review_count, rating_sum, stock, badge
  FROM products ORDER BY id LIMIT \$1"
# Issue 42: a product's reviews, newest first (economy/store/reviews.rs `page`).
product_reviews="SELECT r.id, r.product_id, r.rating, r.body, r.created_at, r.edited_at, r.removed_at,
    u.id AS author_id, u.username AS author_username, u.display_name AS author_display_name,
    COALESCE(u.profile_image_small_url, u.profile_image_url) AS author_profile_image
  FROM product_reviews r JOIN users u ON u.id = r.author_id
  WHERE r.product_id = \$1 AND r.id < \$3 AND u.deactivated_at IS NULL
    AND (r.removed_at IS NULL OR EXISTS (SELECT 1 FROM users adm WHERE adm.id = \$2 AND adm.is_admin = 1))
    AND NOT EXISTS (SELECT 1 FROM blocks bl WHERE bl.blocker_id = \$2 AND bl.blocked_id = r.author_id)
    AND NOT EXISTS (SELECT 1 FROM blocks bl WHERE bl.blocker_id = r.author_id AND bl.blocked_id = \$2)
  ORDER BY r.id DESC LIMIT \$4"
order_view="SELECT o.id, o.product_id, p.name AS product_name, o.quantity, o.unit_price_cents,
    o.total_amount_cents, o.payment_method, o.status, o.idempotency_key, o.created_at
  FROM orders o
  JOIN products p ON p.id = o.product_id"
orders_page="$order_view WHERE o.user_id = \$1 AND o.id < \$2 ORDER BY o.id DESC LIMIT \$3"
withdrawals_page="SELECT id, amount_cents, fee_cents, net_cents, payment_method, account_holder,
    account_number, routing_number, email, status, requested_at, processed_at, notes
  FROM withdrawals WHERE user_id = \$1 AND id < \$2 ORDER BY id DESC LIMIT \$3"
admin_ads="SELECT id, title, description, image_url, target_url, advertiser_name, category, budget_cents,
  cost_per_click_cents, start_date, end_date, is_active, total_impressions, total_clicks,
  revenue_cents, created_at FROM ads WHERE id < \$1 ORDER BY id DESC LIMIT \$2"
admin_withdrawal="SELECT w.id, w.amount_cents, w.fee_cents, w.net_cents, w.payment_method,
    w.account_holder, w.account_number, w.routing_number, w.email, w.status,
    w.requested_at, w.processed_at, w.notes, w.user_id, u.username, u.display_name,
    u.email AS user_email
  FROM withdrawals w JOIN users u ON u.id = w.user_id"
admin_withdrawals="$admin_withdrawal WHERE w.id < \$1 ORDER BY w.id DESC LIMIT \$2"
admin_withdrawals_status="$admin_withdrawal WHERE w.status = 'completed' AND w.id < \$1 ORDER BY w.id DESC LIMIT \$2"
admin_user="SELECT u.id, u.username, u.display_name, u.email,
    COALESCE(u.profile_image_small_url, u.profile_image_url) AS profile_image,
    u.is_admin, u.deactivated_at, u.created_at,
    (SELECT COUNT(*) FROM posts p WHERE p.user_id = u.id) AS posts_count,
    (SELECT COUNT(*) FROM follows f WHERE f.followee_id = u.id) AS followers_count,
    (SELECT COUNT(*) FROM follows f WHERE f.follower_id = u.id) AS following_count
  FROM users u"
admin_users="$admin_user WHERE u.id < \$1 ORDER BY u.id DESC LIMIT \$2"
admin_users_search="$admin_user WHERE u.id < \$1
    AND (lower(u.username) LIKE \$2 ESCAPE '\\' OR lower(u.display_name) LIKE \$2 ESCAPE '\\'
         OR lower(u.email) LIKE \$2 ESCAPE '\\')
  ORDER BY u.id DESC LIMIT \$3"
admin_audit="SELECT a.id, a.admin_id, u.username AS admin_username,
    u.display_name AS admin_display_name, a.action, a.target_type, a.target_id,
    a.notes, a.created_at
  FROM audit_log a JOIN users u ON u.id = a.admin_id
  WHERE a.id < \$1 ORDER BY a.id DESC LIMIT \$2"
# The synthetic set has no orders, withdrawals or audit entries: ten of each per user, one per
# post; and 10,000 ads (one per ten posts).
money_rows="INSERT INTO orders (user_id, product_id, quantity, unit_price_cents, total_amount_cents,
    payment_method, payment_reference, status, idempotency_key, created_at)
  SELECT id % 10000 + 1, id % 13 + 1, 1, 5000, 5000, 'stripe', 'plan', 'paid', 'key-' || id, 0
  FROM posts;
  INSERT INTO withdrawals (user_id, amount_cents, fee_cents, net_cents, payment_method, status,
    requested_at)
  SELECT id % 10000 + 1, 100, 3, 97, 'paypal',
    CASE WHEN id % 10 = 0 THEN 'completed' ELSE 'pending' END, 0 FROM posts;
  INSERT INTO ads (title, description, image_url, target_url, advertiser_name, category,
    budget_cents, cost_per_click_cents, start_date, end_date, created_at)
  SELECT 'Ad ' || id, '', 'https://img.example.com/a.jpg', 'https://shop.example.com',
    'Plans', 'feed', 1000, 100, 0, 253402300799999, 0 FROM posts WHERE id % 10 = 0;
  INSERT INTO audit_log (admin_id, action, target_type, target_id, notes, created_at)
  SELECT 1, 'ad.created', 'ad', id, NULL, 0 FROM posts"
sqlite_fts="u.id IN (SELECT rowid FROM users_search WHERE users_search MATCH \$6) AND $like_match"

echo "## SQLite $(sqlite3 --version | cut -d' ' -f1)"
sqlite_url="sqlite://$tmp/plans.db"
"$bin" seed --synthetic --users 10000 --posts 100000 --database-url "$sqlite_url" >/dev/null
# The server bookmarks nothing in the synthetic set: give user 1 a few saved posts.
sqlite3 "$tmp/plans.db" "INSERT INTO bookmarks (user_id, post_id, created_at)
  SELECT 1, id, 0 FROM posts WHERE id % 1000 = 0; $synthetic_reels"
sqlite3 "$tmp/plans.db" "$money_rows"
explain_sqlite() { # TITLE SQL
  echo
  echo "### $1"
  echo '```'
  sqlite3 "$tmp/plans.db" "EXPLAIN QUERY PLAN $2"
  echo '```'
}
explain_sqlite "feed (GET /api/posts)" "$feed"
explain_sqlite "by user (GET /api/posts/user/{id})" "$by_user"
explain_sqlite "bookmarks (GET /api/bookmarks)" "$bookmarks"
explain_sqlite "search, 3+ characters (FTS5 trigram)" "$(search "$sqlite_fts")"
explain_sqlite "search, 1-2 characters (LIKE scan)" "$(search "$like_match")"
explain_sqlite "trending (GET /api/posts/trending)" "$trending"
explain_sqlite "trending, next page (GET /api/posts/trending?before=)" "$trending_next"
explain_sqlite "a tag's posts (GET /api/tags/{tag}/posts)" "$tag_posts"
explain_sqlite "posts of a search, the newest matches to rank (GET /api/search)" "$search_posts_sqlite"
explain_sqlite "tags by prefix (GET /api/search)" "$tags_by_prefix"
explain_sqlite "the last word's completions (GET /api/search)" "$search_completions"
explain_sqlite "stories strip (GET /api/stories)" "$stories"
explain_sqlite "a circle opened (GET /api/users/{id}/stories)" "$story_opened"
explain_sqlite "ads of a placement (GET /api/ads/feed)" "$ads"
explain_sqlite "conversation list (GET /api/conversations)" "$conversations_first"
explain_sqlite "conversation list, later page (GET /api/conversations?before=)" "$conversations_next"
explain_sqlite "page of messages (GET /api/conversations/{id}/messages)" "$messages_page"
explain_sqlite "reactions of a page of messages" "$reactions_page"
explain_sqlite "membership check (every chat call, typing)" "$is_member"
explain_sqlite "contacts (presence on a socket's first open and last close)" "$contacts"
explain_sqlite "reels (GET /api/reels)" "$reels_page"
explain_sqlite "a creator's reels (GET /api/reels/user/{id})" "$reels_by_user"
explain_sqlite "catalogue (GET /api/products)" "$products"
explain_sqlite "orders (GET /api/orders)" "$orders_page"
explain_sqlite "a product's reviews (GET /api/products/{id}/reviews)" "$product_reviews"
explain_sqlite "withdrawals (GET /api/withdrawals)" "$withdrawals_page"
explain_sqlite "admin: every ad (GET /api/admin/ads)" "$admin_ads"
explain_sqlite "admin: every withdrawal (GET /api/admin/withdrawals)" "$admin_withdrawals"
explain_sqlite "admin: withdrawals of a status (GET /api/admin/withdrawals?status=completed)" "$admin_withdrawals_status"
explain_sqlite "admin: every user (GET /api/admin/users)" "$admin_users"
explain_sqlite "admin: users search (GET /api/admin/users?q=)" "$admin_users_search"
explain_sqlite "admin: audit log (GET /api/admin/audit)" "$admin_audit"

if ! psql "$pg_server" -qAtc 'SELECT 1' >/dev/null 2>&1; then
  echo "PostgreSQL at $pg_server is not reachable: skipped" >&2
  exit 0
fi
psql "$pg_server" -qAtc "CREATE DATABASE \"$db\"" >/dev/null
pg_url=$(python3 -c 'import sys, urllib.parse as u; p = u.urlsplit(sys.argv[1]); print(u.urlunsplit(p._replace(path="/" + sys.argv[2])))' "$pg_server" "$db")
"$bin" seed --synthetic --users 10000 --posts 100000 --database-url "$pg_url" >/dev/null
psql "$pg_url" -qAtc "INSERT INTO bookmarks (user_id, post_id, created_at)
  SELECT 1, id, 0 FROM posts WHERE id % 1000 = 0; $synthetic_reels; $money_rows; ANALYZE"
echo
echo "## $(psql "$pg_url" -qAtc 'SELECT version()' | cut -d' ' -f1-2)"
explain_pg() { # TITLE TYPES SQL ARGS
  echo
  echo "### $1"
  echo '```'
  psql "$pg_url" -qAt <<SQL
PREPARE q ($2) AS $3;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) EXECUTE q ($4);
SET plan_cache_mode = force_generic_plan;
SELECT '-- generic plan (what a prepared statement may switch to):';
EXPLAIN (COSTS OFF) EXECUTE q ($4);
SQL
  echo '```'
}
big=9223372036854775807
explain_pg "feed (GET /api/posts)" "bigint, bigint, bigint" "$feed" "1, $big, 21"
explain_pg "by user (GET /api/posts/user/{id})" "bigint, bigint, bigint, bigint" "$by_user" "1, 1, $big, 21"
explain_pg "bookmarks (GET /api/bookmarks)" "bigint, bigint, bigint" "$bookmarks" "1, $big, 21"
explain_pg "search 'ada' (trigram GIN)" "bigint, text, text, text, bigint" "$(search "$like_match")" \
  "1, '%ada%', 'ada', 'ada%', 20"
explain_pg "search 'user0001' (trigram GIN)" "bigint, text, text, text, bigint" "$(search "$like_match")" \
  "1, '%user0001%', 'user0001', 'user0001%', 20"
now_ms=$(($(date +%s) * 1000))
month_ago=$((now_ms - 30 * 86400000))
last=$(psql "$pg_url" -qAtc "SELECT id FROM posts ORDER BY hot_score DESC, id DESC OFFSET 11 LIMIT 1")
explain_pg "trending (GET /api/posts/trending)" "bigint, bigint, bigint" "$trending" "1, $month_ago, 13"
explain_pg "trending, next page (GET /api/posts/trending?before=)" "bigint, bigint, bigint, bigint" \
  "$trending_next" "1, $month_ago, 13, $last"
explain_pg "a tag's posts (GET /api/tags/{tag}/posts)" "bigint, text, bigint, bigint" "$tag_posts" \
  "1, '12', $big, 21"
explain_pg "posts of a search, the newest 2,000 posts' matches (GET /api/search)" "bigint, text, bigint, bigint" \
  "$search_posts_pg" "1, '(sketch)', 100, 2000"
explain_pg "posts of a search, every match through GIN (GET /api/search)" "bigint, text, bigint" \
  "$search_posts_pg_all" "1, 'harbour & (sketch)', 100"
explain_pg "tags by prefix (GET /api/search)" "text, text, bigint, bigint" "$tags_by_prefix" "'12', '12z', 2000, 20"
explain_pg "the last word's completions (GET /api/search)" "text, text, bigint, bigint" \
  "$search_completions" "'1', '1z', 2000, 50"
explain_pg "stories strip (GET /api/stories)" "bigint, bigint, bigint" "$stories" "1, $now_ms, 50"
explain_pg "a circle opened (GET /api/users/{id}/stories)" "bigint, bigint, bigint" "$story_opened" "1, 11, $now_ms"
explain_pg "ads of a placement (GET /api/ads/feed)" "text, bigint, bigint" "$ads" "'feed', $now_ms, 10"

# user000001's most recent conversation, the second one as a later page's cursor, and the id
# range of that conversation's newest 20 messages (a page's reactions).
read -r conversation cursor < <(psql "$pg_url" -qAt -F' ' -c "SELECT
  (SELECT conversation_id FROM conversation_members WHERE user_id = 1
   ORDER BY last_activity_at DESC, conversation_id DESC LIMIT 1),
  (SELECT conversation_id FROM conversation_members WHERE user_id = 1
   ORDER BY last_activity_at DESC, conversation_id DESC OFFSET 1 LIMIT 1)")
read -r first_id last_id < <(psql "$pg_url" -qAt -F' ' -c "SELECT MIN(id), MAX(id) FROM
  (SELECT id FROM messages WHERE conversation_id = $conversation ORDER BY id DESC LIMIT 20) p")
explain_pg "conversation list (GET /api/conversations)" "bigint, bigint" "$conversations_first" "1, 21"
explain_pg "conversation list, later page (GET /api/conversations?before=)" "bigint, bigint, bigint" \
  "$conversations_next" "1, 21, $cursor"
explain_pg "page of messages (GET /api/conversations/{id}/messages)" "bigint, bigint, bigint" \
  "$messages_page" "$conversation, $big, 21"
explain_pg "reactions of a page of messages" "bigint, bigint, bigint, bigint" "$reactions_page" \
  "1, $conversation, $first_id, $last_id"
explain_pg "membership check (every chat call, typing)" "bigint, bigint" "$is_member" "$conversation, 1"
explain_pg "contacts (presence on a socket's first open and last close)" "bigint" "$contacts" "1"
explain_pg "reels (GET /api/reels)" "bigint, bigint" "$reels_page" "$big, 21"
explain_pg "a creator's reels (GET /api/reels/user/{id})" "bigint, bigint, bigint" "$reels_by_user" \
  "1, $big, 21"
explain_pg "catalogue (GET /api/products)" "bigint" "$products" "100"
explain_pg "orders (GET /api/orders)" "bigint, bigint, bigint" "$orders_page" "1, $big, 21"
explain_pg "a product's reviews (GET /api/products/{id}/reviews)" "bigint, bigint, bigint, bigint" "$product_reviews" "4, 1, $big, 21"
explain_pg "withdrawals (GET /api/withdrawals)" "bigint, bigint, bigint" "$withdrawals_page" "1, $big, 21"
explain_pg "admin: every ad (GET /api/admin/ads)" "bigint, bigint" "$admin_ads" "$big, 21"
explain_pg "admin: every withdrawal (GET /api/admin/withdrawals)" "bigint, bigint" "$admin_withdrawals" "$big, 21"
explain_pg "admin: withdrawals of a status (GET /api/admin/withdrawals?status=completed)" "bigint, bigint" \
  "$admin_withdrawals_status" "$big, 21"
explain_pg "admin: every user (GET /api/admin/users)" "bigint, bigint" "$admin_users" "$big, 21"
explain_pg "admin: users search (GET /api/admin/users?q=)" "bigint, text, bigint" "$admin_users_search" \
  "$big, '%user0001%', 21"
explain_pg "admin: audit log (GET /api/admin/audit)" "bigint, bigint" "$admin_audit" "$big, 21"
