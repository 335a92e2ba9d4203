//! The data export (GET /api/user/export): each of a user's lists read in pages by keyset
//! (`id > after`, ascending), so an export of any size holds one page in memory at a time.
//! Only rows the user made are read: every query is keyed by the user's own id.

use sqlx::FromRow;
use sqlx::any::AnyRow;

use super::Db;

/// A list in the export, with the query that pages it. `$1` is the user, `$2` the last id of
/// the previous page (0 for the first), `$3` the page size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    Posts,
    Stories,
    /// Messages the user sent.
    Messages,
    /// Voicemails the user left.
    Voicemails,
    Orders,
    Withdrawals,
    Reels,
}

impl Section {
    fn sql(self) -> &'static str {
        match self {
            Self::Posts => {
                "SELECT id, caption, image_url, location, tags, likes_count, comments_count,
                        created_at
                 FROM posts WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3"
            }
            Self::Stories => {
                "SELECT id, image_url, kind, caption, views_count, created_at, expires_at
                 FROM stories WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3"
            }
            Self::Messages => {
                "SELECT id, conversation_id, content, message_type, voice_url, duration,
                        reply_to_id, created_at
                 FROM messages WHERE sender_id = $1 AND id > $2 ORDER BY id LIMIT $3"
            }
            Self::Voicemails => {
                "SELECT v.id, u.username AS recipient, '/media/' || v.media_key AS voice_url,
                        v.duration, v.transcript, v.created_at
                 FROM voicemails v JOIN users u ON u.id = v.recipient_id
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
                "SELECT id, amount_cents, fee_cents, net_cents, payment_method, account_holder,
                        account_number, routing_number, email, status, requested_at,
                        processed_at, notes
                 FROM withdrawals WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3"
            }
            Self::Reels => {
                "SELECT id, '/media/' || media_key AS video_url,
                        CASE WHEN poster_key IS NULL THEN NULL
                             ELSE '/media/' || poster_key END AS poster_url,
                        caption, duration_seconds, width, height, created_at
                 FROM reels WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3"
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
