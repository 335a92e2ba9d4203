//! The data export (GET /api/user/export): each of a user's lists read in pages by keyset
//! (`id > after`, ascending), so an export of any size holds one page in memory at a time.
//! Only rows the user made are read: every query is keyed by the user's own id (a canvas's
//! strokes by a canvas the user owns). Lists without an id of their own (likes, follows) page
//! by the other column of their primary key.

use sqlx::FromRow;
use sqlx::any::AnyRow;

use crate::economy::store::earnings::withdrawal_columns;
use crate::platform::db::Db;

/// A list in the export, with the query that pages it. `$1` is the user, `$2` the last id of
/// the previous page (0 for the first), `$3` the page size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    Posts,
    /// Each image of the user's posts with its alt text (issue 44), in order; keyed by
    /// `post_id * 16 + position`.
    PostImages,
    /// The user's drafts and scheduled posts (issue 44).
    Drafts,
    /// The user's reel drafts (issue 44).
    ReelDrafts,
    Stories,
    /// Messages the user sent.
    Messages,
    /// Voicemails the user left.
    Voicemails,
    Orders,
    Withdrawals,
    Reels,
    /// Comments and replies the user wrote.
    Comments,
    /// Product reviews the user wrote (issue 42).
    Reviews,
    /// Voice reactions the user sent to posts and reels (issue 43).
    VoiceReactions,
    /// Posts the user liked (keyset on the post id, the primary key's second column).
    PostLikes,
    ReelLikes,
    CommentLikes,
    /// Posts the user saved.
    Saves,
    /// The user's collections of saved posts (issue 44), and the posts in them.
    Collections,
    CollectionPosts,
    /// Whom the user follows (keyset on their id).
    Follows,
    /// Whom the user blocked.
    Blocks,
    TipsSent,
    TipsReceived,
    /// The earnings ledger: every credit to the user.
    Earnings,
    /// Products the user sells.
    Listings,
    /// Orders of the user's products.
    Sales,
    /// Canvases the user owns (their strokes: `strokes_page`).
    Canvases,
    /// Reports the user filed.
    Reports,
    /// The user's push subscriptions: endpoints only, never the keys.
    PushSubscriptions,
}

impl Section {
    fn sql(self) -> &'static str {
        match self {
            Self::Posts => {
                "SELECT id, caption, image_url, location, tags, likes_count, comments_count,
                        created_at
                 FROM posts WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3"
            }
            Self::PostImages => {
                "SELECT pm.post_id * 16 + pm.position AS id, pm.post_id, pm.position,
                        pm.image_url, pm.alt
                 FROM post_media pm JOIN posts p ON p.id = pm.post_id
                 WHERE p.user_id = $1 AND pm.post_id * 16 + pm.position > $2
                 ORDER BY pm.post_id, pm.position LIMIT $3"
            }
            Self::Drafts => {
                "SELECT id, caption, location, tags, scheduled_at, created_at, updated_at
                 FROM drafts WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3"
            }
            Self::ReelDrafts => {
                "SELECT id, '/media/' || media_key AS video_url,
                        CASE WHEN poster_key IS NULL THEN NULL
                             ELSE '/media/' || poster_key END AS poster_url,
                        caption, duration_seconds, width, height, created_at, updated_at
                 FROM reel_drafts WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3"
            }
            Self::Collections => {
                "SELECT id, name, created_at FROM collections
                 WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3"
            }
            Self::CollectionPosts => {
                "SELECT cp.id, cp.collection_id, cp.post_id, cp.created_at
                 FROM collection_posts cp JOIN collections c ON c.id = cp.collection_id
                 WHERE c.user_id = $1 AND cp.id > $2 ORDER BY cp.id LIMIT $3"
            }
            Self::Stories => {
                "SELECT id, image_url, kind, caption, views_count, created_at, expires_at
                 FROM stories WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3"
            }
            Self::Messages => {
                "SELECT m.id, m.conversation_id, m.content, m.message_type, m.voice_url,
                        m.duration, m.reply_to_id, t.text AS transcript, m.created_at
                 FROM messages m
                 LEFT JOIN transcripts t ON t.message_id = m.id AND t.state = 'done'
                 WHERE m.sender_id = $1 AND m.id > $2 ORDER BY m.id LIMIT $3"
            }
            Self::Voicemails => {
                "SELECT v.id, u.username AS recipient, '/media/' || v.media_key AS voice_url,
                        v.duration, t.text AS transcript, v.created_at
                 FROM voicemails v JOIN users u ON u.id = v.recipient_id
                 LEFT JOIN transcripts t ON t.voicemail_id = v.id AND t.state = 'done'
                 WHERE v.sender_id = $1 AND v.id > $2 ORDER BY v.id LIMIT $3"
            }
            Self::Orders => {
                "SELECT o.id, o.product_id, p.name AS product_name, o.quantity,
                        o.unit_price_cents, o.total_amount_cents, o.payment_method, o.status,
                        o.created_at
                 FROM orders o JOIN products p ON p.id = o.product_id
                 WHERE o.user_id = $1 AND o.id > $2 ORDER BY o.id LIMIT $3"
            }
            Self::Withdrawals => {
                concat!(
                    withdrawal_columns!(),
                    " WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3"
                )
            }
            Self::Reels => {
                "SELECT id, '/media/' || media_key AS video_url,
                        CASE WHEN poster_key IS NULL THEN NULL
                             ELSE '/media/' || poster_key END AS poster_url,
                        caption, duration_seconds, width, height, created_at
                 FROM reels WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3"
            }
            Self::Comments => {
                "SELECT id, post_id, reel_id, parent_id, content, likes_count, replies_count,
                        created_at
                 FROM comments WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3"
            }
            Self::Reviews => {
                "SELECT id, product_id, rating, body AS text, created_at, edited_at
                 FROM product_reviews WHERE author_id = $1 AND id > $2 ORDER BY id LIMIT $3"
            }
            Self::VoiceReactions => {
                "SELECT r.id, r.post_id, r.reel_id, r.emotion,
                        '/media/' || r.media_key AS audio_url, r.duration,
                        t.text AS transcript, r.created_at
                 FROM voice_reactions r
                 LEFT JOIN transcripts t ON t.voice_reaction_id = r.id AND t.state = 'done'
                 WHERE r.user_id = $1 AND r.id > $2 ORDER BY r.id LIMIT $3"
            }
            Self::PostLikes => {
                "SELECT post_id AS target_id, created_at FROM post_likes
                 WHERE user_id = $1 AND post_id > $2 ORDER BY post_id LIMIT $3"
            }
            Self::ReelLikes => {
                "SELECT reel_id AS target_id, created_at FROM reel_likes
                 WHERE user_id = $1 AND reel_id > $2 ORDER BY reel_id LIMIT $3"
            }
            Self::CommentLikes => {
                "SELECT comment_id AS target_id, created_at FROM comment_likes
                 WHERE user_id = $1 AND comment_id > $2 ORDER BY comment_id LIMIT $3"
            }
            Self::Saves => {
                "SELECT id, post_id, created_at FROM bookmarks
                 WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3"
            }
            Self::Follows => {
                "SELECT f.followee_id AS user_id, u.username, f.created_at
                 FROM follows f JOIN users u ON u.id = f.followee_id
                 WHERE f.follower_id = $1 AND f.followee_id > $2
                 ORDER BY f.followee_id LIMIT $3"
            }
            Self::Blocks => {
                "SELECT b.id, b.blocked_id AS user_id, u.username, b.created_at
                 FROM blocks b JOIN users u ON u.id = b.blocked_id
                 WHERE b.blocker_id = $1 AND b.id > $2 ORDER BY b.id LIMIT $3"
            }
            Self::TipsSent => {
                "SELECT t.id, t.to_user_id AS user_id, u.username, t.amount_cents, t.fee_cents,
                        t.post_id, t.reel_id, t.message, t.status, t.created_at
                 FROM tips t JOIN users u ON u.id = t.to_user_id
                 WHERE t.from_user_id = $1 AND t.id > $2 ORDER BY t.id LIMIT $3"
            }
            Self::TipsReceived => {
                "SELECT t.id, t.from_user_id AS user_id, u.username, t.amount_cents, t.fee_cents,
                        t.post_id, t.reel_id, t.message, t.status, t.created_at
                 FROM tips t JOIN users u ON u.id = t.from_user_id
                 WHERE t.to_user_id = $1 AND t.id > $2 ORDER BY t.id LIMIT $3"
            }
            Self::Earnings => {
                "SELECT id, amount_cents, fee_cents, source, note, post_id, reel_id, order_id,
                        tip_id, created_at
                 FROM earning_credits WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3"
            }
            Self::Listings => {
                "SELECT id, name, description, price_cents, original_price_cents, category, kind,
                        stock,
                        CASE WHEN image_key IS NULL THEN NULL
                             ELSE '/media/' || image_key END AS image_url,
                        file_name, created_at, unlisted_at
                 FROM products WHERE seller_id = $1 AND id > $2 ORDER BY id LIMIT $3"
            }
            Self::Sales => {
                "SELECT o.id, o.product_id, p.name AS product_name, o.quantity,
                        o.unit_price_cents, o.total_amount_cents, o.status, o.created_at
                 FROM orders o JOIN products p ON p.id = o.product_id
                 WHERE o.seller_id = $1 AND o.id > $2 ORDER BY o.id LIMIT $3"
            }
            Self::Canvases => {
                "SELECT id, title, visibility, created_at
                 FROM canvases WHERE owner_id = $1 AND id > $2 ORDER BY id LIMIT $3"
            }
            Self::Reports => {
                "SELECT id, target_type, target_id, reason, details, created_at
                 FROM reports WHERE reporter_id = $1 AND id > $2 ORDER BY id LIMIT $3"
            }
            Self::PushSubscriptions => {
                "SELECT id, endpoint, created_at FROM push_subscriptions
                 WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3"
            }
        }
    }
}

/// One page of `section` for `user_id`: rows with ids above `after`, at most `limit`.
pub async fn page<T>(
    db: &Db,
    section: Section,
    user_id: i64,
    after: i64,
    limit: i64,
) -> Result<Vec<T>, sqlx::Error>
where
    T: for<'r> FromRow<'r, AnyRow> + Send + Unpin,
{
    sqlx::query_as(section.sql())
        .bind(user_id)
        .bind(after)
        .bind(limit)
        .fetch_all(&db.pool)
        .await
}

/// One page of a canvas's strokes (every stored one, whoever drew it), oldest first, over
/// `canvas_strokes_canvas_idx`. The caller pages only canvases the user owns.
pub async fn strokes_page<T>(
    db: &Db,
    canvas: i64,
    after: i64,
    limit: i64,
) -> Result<Vec<T>, sqlx::Error>
where
    T: for<'r> FromRow<'r, AnyRow> + Send + Unpin,
{
    sqlx::query_as(
        "SELECT id, user_id, color, width, points, created_at, undone_at FROM canvas_strokes
         WHERE canvas_id = $1 AND id > $2 ORDER BY id LIMIT $3",
    )
    .bind(canvas)
    .bind(after)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}
