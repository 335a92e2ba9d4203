//! Reports and the moderation queue (issue 20, docs/safety-contract.md). A report names a
//! target (a post, comment, reel, story, message, account or product review); every target has one case,
//! created by its first report, whose `reports_count` and `reasons` move in each report's
//! write transaction (`ON CONFLICT … DO UPDATE`: two reporters at once count two). The queue
//! is one query per page over `report_cases_queue_idx`. A decision is one conditional update
//! of the open case (of two admins at once, one decides and the other gets `AlreadyDecided`)
//! with its effect and its audit entry in the same transaction: `remove` stamps the target's
//! `removed_at` (`visibility::shown!` hides it from everyone but admins, and a removed comment
//! leaves its item's `comments_count`), `suspend` deactivates the author
//! (`users::deactivate_in`).

use sqlx::{AnyConnection, FromRow};

use crate::kernel::page::Page;
use crate::moderation::rules::{ReportAction, ReportReason, ReportStatus, ReportTargetType};
use crate::notifications::Notice;
use crate::notifications::rules::notification::{NotificationKind, NotificationTargetType};
use crate::platform::db::Db;
use crate::platform::db::audit::{AuditAction, audit};
use crate::platform::db::visibility::in_audience;

/// The target's author and its text (the case's preview), when `reporter` may report it: it
/// exists, was not removed (nor its post, reel or thread), its author is active, and `reporter`
/// could see it but for a block (a block does not shield abuse from a report); a message only
/// in the reporter's own conversation. `$1` the target, `$2` the reporter, `$3` now (each text names all three, so
/// one list of binds serves them all).
fn lookup(target: ReportTargetType) -> &'static str {
    match target {
        ReportTargetType::Post => concat!(
            "SELECT p.user_id, p.caption FROM posts p
             JOIN users u ON u.id = p.user_id AND u.deactivated_at IS NULL
             WHERE p.id = $1 AND p.removed_at IS NULL AND $3 = $3 AND ",
            in_audience!("$2", "p.user_id")
        ),
        ReportTargetType::Reel => concat!(
            "SELECT r.user_id, r.caption FROM reels r
             JOIN users u ON u.id = r.user_id AND u.deactivated_at IS NULL
             WHERE r.id = $1 AND r.removed_at IS NULL AND $3 = $3 AND ",
            in_audience!("$2", "r.user_id")
        ),
        ReportTargetType::Story => concat!(
            "SELECT s.user_id, COALESCE(NULLIF(s.caption, ''), s.image_url) FROM stories s
             JOIN users u ON u.id = s.user_id AND u.deactivated_at IS NULL
             WHERE s.id = $1 AND s.removed_at IS NULL AND s.expires_at > $3 AND ",
            in_audience!("$2", "s.user_id")
        ),
        ReportTargetType::Comment => concat!(
            "SELECT c.user_id, c.content FROM comments c
             JOIN users u ON u.id = c.user_id AND u.deactivated_at IS NULL
             LEFT JOIN posts p ON p.id = c.post_id
             LEFT JOIN reels r ON r.id = c.reel_id
             LEFT JOIN comments t ON t.id = c.parent_id
             JOIN users a ON a.id = COALESCE(p.user_id, r.user_id) AND a.deactivated_at IS NULL
             WHERE c.id = $1 AND c.removed_at IS NULL AND $3 = $3
               AND p.removed_at IS NULL AND r.removed_at IS NULL AND t.removed_at IS NULL AND ",
            in_audience!("$2", "a.id")
        ),
        ReportTargetType::Message => {
            "SELECT m.sender_id, m.content FROM messages m
             JOIN conversations c ON c.id = m.conversation_id
                                 AND (c.user_a = $2 OR c.user_b = $2
                                      OR EXISTS (SELECT 1 FROM conversation_members rm
                                                 WHERE rm.conversation_id = c.id
                                                   AND rm.user_id = $2))
             JOIN users u ON u.id = m.sender_id AND u.deactivated_at IS NULL
             WHERE m.id = $1 AND m.removed_at IS NULL AND m.message_type <> 'system'
               AND $3 = $3"
        }
        ReportTargetType::User => {
            "SELECT u.id, u.display_name || ' (@' || u.username || ')' FROM users u
             WHERE u.id = $1 AND u.deactivated_at IS NULL AND $2 = $2 AND $3 = $3"
        }
        // A voice reaction the reporter may hear (social/store/voice_reactions.rs: the item's
        // author, or anyone when its sender shares them), blocks aside, as above.
        ReportTargetType::VoiceReaction => concat!(
            "SELECT v.user_id, 'Voice reaction: ' || v.emotion FROM voice_reactions v
             JOIN users u ON u.id = v.user_id AND u.deactivated_at IS NULL
             LEFT JOIN posts p ON p.id = v.post_id
             LEFT JOIN reels r ON r.id = v.reel_id
             JOIN users a ON a.id = COALESCE(p.user_id, r.user_id) AND a.deactivated_at IS NULL
             WHERE v.id = $1 AND v.removed_at IS NULL AND $3 = $3
               AND p.removed_at IS NULL AND r.removed_at IS NULL
               AND (a.id = $2 OR v.user_id = $2 OR EXISTS (
                    SELECT 1 FROM user_settings vs WHERE vs.user_id = v.user_id
                      AND vs.voice_reactions_privacy = 0)) AND ",
            in_audience!("$2", "a.id")
        ),
        // A review of any product the reporter can open (blocks aside, as above): its stars
        // and text are the preview.
        ReportTargetType::Review => {
            "SELECT r.author_id, r.rating || '/5' || COALESCE(': ' || r.body, '')
             FROM product_reviews r
             JOIN users u ON u.id = r.author_id AND u.deactivated_at IS NULL
             JOIN products p ON p.id = r.product_id
             LEFT JOIN users s ON s.id = p.seller_id
             WHERE r.id = $1 AND r.removed_at IS NULL AND s.deactivated_at IS NULL
               AND $2 = $2 AND $3 = $3"
        }
    }
}

/// Stamps the target removed at `$2` (nothing when it is gone or removed already).
fn removal(target: ReportTargetType) -> Option<&'static str> {
    match target {
        ReportTargetType::Post => {
            Some("UPDATE posts SET removed_at = $2 WHERE id = $1 AND removed_at IS NULL")
        }
        ReportTargetType::Reel => {
            Some("UPDATE reels SET removed_at = $2 WHERE id = $1 AND removed_at IS NULL")
        }
        ReportTargetType::Story => {
            Some("UPDATE stories SET removed_at = $2 WHERE id = $1 AND removed_at IS NULL")
        }
        ReportTargetType::Message => {
            Some("UPDATE messages SET removed_at = $2 WHERE id = $1 AND removed_at IS NULL")
        }
        // Its product's average and count lose it (migration 0039's triggers).
        ReportTargetType::Review => {
            Some("UPDATE product_reviews SET removed_at = $2 WHERE id = $1 AND removed_at IS NULL")
        }
        ReportTargetType::VoiceReaction => {
            Some("UPDATE voice_reactions SET removed_at = $2 WHERE id = $1 AND removed_at IS NULL")
        }
        // A comment moves counters too (`remove_comment`); an account is suspended instead.
        ReportTargetType::Comment | ReportTargetType::User => None,
    }
}

/// A new report.
pub struct NewReport<'a> {
    pub reporter: i64,
    pub target: ReportTargetType,
    pub target_id: i64,
    pub reason: ReportReason,
    pub details: Option<&'a str>,
    pub now: i64,
}

/// What a report did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reported {
    /// Stored with this id; its case counts it.
    Created(i64),
    /// The reporter had reported this target already: that report's id, nothing changed.
    Again(i64),
    /// No such target, or not one the reporter may report.
    NotFound,
    /// The reporter's own account or content.
    Yourself,
}

/// A case's preview is at most this many characters of the target's text.
const PREVIEW_CHARS: usize = 280;

/// Stores a report and counts it on its target's case (created by the first report), in one
/// write transaction.
pub async fn report(db: &Db, new: NewReport<'_>) -> Result<Reported, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let found: Option<(i64, String)> = sqlx::query_as(lookup(new.target))
        .bind(new.target_id)
        .bind(new.reporter)
        .bind(new.now)
        .fetch_optional(&mut *tx)
        .await?;
    let Some((author, text)) = found else {
        return Ok(Reported::NotFound);
    };
    if author == new.reporter {
        return Ok(Reported::Yourself);
    }
    if let Some(id) = existing(&mut tx, &new).await? {
        return Ok(Reported::Again(id));
    }
    let preview: String = text.chars().take(PREVIEW_CHARS).collect();
    // The case's row first, then the report: every report of a target takes the case's row
    // lock in the same order (PostgreSQL), so two reporters queue and both count.
    let (case_id,): (i64,) = sqlx::query_as(
        "INSERT INTO report_cases (target_type, target_id, author_id, preview, reports_count,
                                   reasons, first_reported_at)
         VALUES ($1, $2, $3, $4, 1, $5, $6)
         ON CONFLICT (target_type, target_id) DO UPDATE
         SET reports_count = report_cases.reports_count + 1,
             reasons = report_cases.reasons | excluded.reasons
         RETURNING id",
    )
    .bind(new.target.as_str())
    .bind(new.target_id)
    .bind(author)
    .bind(preview)
    .bind(new.reason.bit())
    .bind(new.now)
    .fetch_one(&mut *tx)
    .await?;
    let inserted: Option<(i64,)> = sqlx::query_as(
        "INSERT INTO reports (case_id, reporter_id, target_type, target_id, reason, details,
                              created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (reporter_id, target_type, target_id) DO NOTHING
         RETURNING id",
    )
    .bind(case_id)
    .bind(new.reporter)
    .bind(new.target.as_str())
    .bind(new.target_id)
    .bind(new.reason.as_str())
    .bind(new.details)
    .bind(new.now)
    .fetch_optional(&mut *tx)
    .await?;
    match inserted {
        Some((id,)) => {
            tx.commit().await?;
            Ok(Reported::Created(id))
        }
        None => {
            // The same reporter's concurrent report of it won (PostgreSQL): this one's count
            // rolls back, and the answer is that report.
            tx.rollback().await?;
            let mut conn = db.pool.acquire().await?;
            let id = existing(&mut conn, &new)
                .await?
                .ok_or(sqlx::Error::RowNotFound)?;
            Ok(Reported::Again(id))
        }
    }
}

/// The id of the reporter's report of the target, if any.
async fn existing(
    conn: &mut AnyConnection,
    new: &NewReport<'_>,
) -> Result<Option<i64>, sqlx::Error> {
    let found: Option<(i64,)> = sqlx::query_as(
        "SELECT id FROM reports WHERE reporter_id = $1 AND target_type = $2 AND target_id = $3",
    )
    .bind(new.reporter)
    .bind(new.target.as_str())
    .bind(new.target_id)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.map(|(id,)| id))
}

/// A case as the queue shows it, with the target's author.
#[derive(Debug, Clone, FromRow)]
pub struct CaseRow {
    pub id: i64,
    pub target_type: String,
    pub target_id: i64,
    pub preview: String,
    pub reports_count: i64,
    pub reasons: i64,
    pub status: String,
    pub action: Option<String>,
    pub first_reported_at: i64,
    pub author_id: i64,
    pub author_username: String,
    pub author_display_name: String,
    pub author_profile_image: Option<String>,
}

macro_rules! case_view {
    () => {
        "SELECT rc.id, rc.target_type, rc.target_id, rc.preview, rc.reports_count, rc.reasons,
                rc.status, rc.action, rc.first_reported_at, u.id AS author_id,
                u.username AS author_username, u.display_name AS author_display_name,
                COALESCE(u.profile_image_small_url, u.profile_image_url) AS author_profile_image
         FROM report_cases rc JOIN users u ON u.id = rc.author_id"
    };
}

/// A page of the cases in `status`, most reports first, then newest; the cursor is the last
/// case's id, and the next page continues below that case's (current) count.
pub async fn queue(db: &Db, status: ReportStatus, page: Page) -> Result<Vec<CaseRow>, sqlx::Error> {
    if page.before == i64::MAX {
        return sqlx::query_as(concat!(
            case_view!(),
            " WHERE rc.status = $1 ORDER BY rc.reports_count DESC, rc.id DESC LIMIT $2"
        ))
        .bind(status.as_str())
        .bind(page.fetch_limit())
        .fetch_all(&db.pool)
        .await;
    }
    sqlx::query_as(concat!(
        case_view!(),
        " JOIN report_cases k ON k.id = $3
         WHERE rc.status = $1
           AND (rc.reports_count < k.reports_count
                OR (rc.reports_count = k.reports_count AND rc.id < k.id))
         ORDER BY rc.reports_count DESC, rc.id DESC LIMIT $2"
    ))
    .bind(status.as_str())
    .bind(page.fetch_limit())
    .bind(page.before)
    .fetch_all(&db.pool)
    .await
}

/// One case.
pub async fn find(db: &Db, id: i64) -> Result<Option<CaseRow>, sqlx::Error> {
    sqlx::query_as(concat!(case_view!(), " WHERE rc.id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}

/// The audit entry of a decision.
fn audited(action: ReportAction) -> AuditAction {
    match action {
        ReportAction::Dismiss => AuditAction::ReportDismiss,
        ReportAction::Remove => AuditAction::ReportRemove,
        ReportAction::Suspend => AuditAction::ReportSuspend,
    }
}

/// What a decision did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decided {
    /// Decided; with `Suspend`, the author whose sessions the caller closes; the reporters'
    /// notifications when the content was removed or its author suspended.
    Done {
        author: i64,
        notices: Vec<Notice>,
    },
    NotFound,
    /// Decided before; nothing changed.
    AlreadyDecided,
    /// `remove` on a case about an account (an account is suspended, not removed).
    NotRemovable,
    /// `suspend` of the deciding admin's own account.
    SuspendYourself,
}

/// Decides an open case: its status, the effect and the audit entry in one write transaction.
pub async fn decide(
    db: &Db,
    id: i64,
    action: ReportAction,
    notes: Option<&str>,
    admin: i64,
    now: i64,
) -> Result<Decided, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let found: Option<(String, i64, i64, String)> = sqlx::query_as(
        "SELECT target_type, target_id, author_id, status FROM report_cases WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((target_type, target_id, author, status)) = found else {
        return Ok(Decided::NotFound);
    };
    let target = ReportTargetType::from_stored(&target_type)
        .ok_or_else(|| sqlx::Error::Protocol(format!("case {id}: target type {target_type}")))?;
    if status != ReportStatus::Open.as_str() {
        return Ok(Decided::AlreadyDecided);
    }
    match action {
        ReportAction::Remove if target == ReportTargetType::User => {
            return Ok(Decided::NotRemovable);
        }
        ReportAction::Suspend if author == admin => return Ok(Decided::SuspendYourself),
        _ => {}
    }
    // Conditional on `open`: of two admins at once (PostgreSQL), the second changes nothing.
    let changed = sqlx::query(
        "UPDATE report_cases
         SET status = 'resolved', action = $2, notes = $3, resolved_by = $4, resolved_at = $5
         WHERE id = $1 AND status = 'open'",
    )
    .bind(id)
    .bind(action.as_str())
    .bind(notes)
    .bind(admin)
    .bind(now)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if changed == 0 {
        return Ok(Decided::AlreadyDecided);
    }
    match action {
        ReportAction::Dismiss => {}
        ReportAction::Remove => match removal(target) {
            Some(sql) => {
                sqlx::query(sql)
                    .bind(target_id)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
                if target == ReportTargetType::Post {
                    // Its tag pages and their counts lose it (migration 0018's trigger).
                    sqlx::query("DELETE FROM post_tags WHERE post_id = $1")
                        .bind(target_id)
                        .execute(&mut *tx)
                        .await?;
                }
            }
            None => remove_comment(&mut tx, target_id, now).await?,
        },
        ReportAction::Suspend => crate::identity::deactivate_in(&mut tx, author, now).await?,
    }
    audit(&mut tx, admin, audited(action), id, notes, now).await?;
    // Everyone who reported it hears that it was acted on (a dismissal tells no one), by one
    // INSERT for all of them (a case may have many reporters).
    let sentence = match action {
        ReportAction::Dismiss => None,
        ReportAction::Suspend => {
            Some("Thanks for your report: we suspended the account".to_owned())
        }
        ReportAction::Remove => Some(format!(
            "Thanks for your report: we removed the {} you reported",
            target.as_str()
        )),
    };
    let mut notices = Vec::new();
    if let Some(sentence) = sentence {
        let told: Vec<(i64, i64)> = sqlx::query_as(
            "INSERT INTO notifications (user_id, kind, target_type, target_id, preview,
                                        actors_count, created_at, updated_at)
             SELECT reporter_id, $2, $3, $1, $4, 0, $5, $5 FROM reports WHERE case_id = $1
             RETURNING id, user_id",
        )
        .bind(id)
        .bind(NotificationKind::Report.as_str())
        .bind(NotificationTargetType::Report.as_str())
        .bind(sentence)
        .bind(now)
        .fetch_all(&mut *tx)
        .await?;
        notices = told
            .into_iter()
            .map(|(id, recipient)| Notice {
                recipient,
                id: Some(id),
            })
            .collect();
    }
    tx.commit().await?;
    if action == ReportAction::Suspend {
        db.session_cache.forget_user(author);
    }
    Ok(Decided::Done { author, notices })
}

/// Stamps a comment removed and takes it out of the counts, as deleting it would (its item's
/// `comments_count` loses it and, for a top-level comment, its shown replies; a reply's
/// top-level comment loses one reply). A reply under a removed comment left the item's count
/// with it. Locks in the module order of social/store/comments.rs: the top-level comment, then the item.
async fn remove_comment(conn: &mut AnyConnection, id: i64, now: i64) -> Result<(), sqlx::Error> {
    let found: Option<(Option<i64>, Option<i64>, Option<i64>)> = sqlx::query_as(
        "SELECT post_id, reel_id, parent_id FROM comments WHERE id = $1 AND removed_at IS NULL",
    )
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((post_id, reel_id, parent_id)) = found else {
        return Ok(()); // deleted meanwhile, or removed already
    };
    let mut counted = true;
    if let Some(top) = parent_id {
        let top_removed: Option<(Option<i64>,)> = sqlx::query_as(
            "UPDATE comments SET replies_count = replies_count - 1 WHERE id = $1
             RETURNING removed_at",
        )
        .bind(top)
        .fetch_optional(&mut *conn)
        .await?;
        counted = matches!(top_removed, Some((None,)));
    }
    let removed: Option<(i64,)> = sqlx::query_as(
        "UPDATE comments SET removed_at = $2 WHERE id = $1 AND removed_at IS NULL
         RETURNING 1 + CASE WHEN parent_id IS NULL THEN replies_count ELSE 0 END",
    )
    .bind(id)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?;
    let (Some((gone,)), true) = (removed, counted) else {
        return Ok(());
    };
    let sql = match (post_id, reel_id) {
        (Some(_), _) => "UPDATE posts SET comments_count = comments_count - $1 WHERE id = $2",
        _ => "UPDATE reels SET comments_count = comments_count - $1 WHERE id = $2",
    };
    sqlx::query(sql)
        .bind(gone)
        .bind(post_id.or(reel_id))
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// A reported target as an admin opens it: whatever its privacy, blocks or removal.
#[derive(Debug, Clone, FromRow)]
pub struct TargetRow {
    pub target_type: String,
    pub target_id: i64,
    pub author_id: i64,
    pub author_username: String,
    pub author_display_name: String,
    pub author_profile_image: Option<String>,
    /// The whole caption, comment, message, or an account's name and bio.
    pub text: String,
    /// A post's or story's image, a reel's poster, an account's avatar.
    pub image_url: Option<String>,
    /// A reel's video.
    pub video_url: Option<String>,
    /// A voice message's recording.
    pub audio_url: Option<String>,
    /// The post or reel of a comment, the conversation of a message.
    pub context_id: Option<i64>,
    /// When moderation removed it (an account: when it was deactivated).
    pub removed_at: Option<i64>,
    pub created_at: i64,
}

/// The target of one type by id (`$1`), with no visibility rule: the columns of `TargetRow`
/// but the author's and the type's.
fn target_read(target: ReportTargetType) -> &'static str {
    match target {
        ReportTargetType::Post => {
            "SELECT p.user_id AS author_id, p.caption AS text, p.image_url,
                    CAST(NULL AS TEXT) AS video_url, CAST(NULL AS TEXT) AS audio_url,
                    CAST(NULL AS BIGINT) AS context_id, p.removed_at, p.created_at
             FROM posts p WHERE p.id = $1"
        }
        ReportTargetType::Reel => {
            "SELECT r.user_id AS author_id, r.caption AS text,
                    CASE WHEN r.poster_key IS NULL THEN NULL ELSE '/media/' || r.poster_key END
                      AS image_url,
                    '/media/' || r.media_key AS video_url, CAST(NULL AS TEXT) AS audio_url,
                    CAST(NULL AS BIGINT) AS context_id, r.removed_at, r.created_at
             FROM reels r WHERE r.id = $1"
        }
        ReportTargetType::Story => {
            "SELECT s.user_id AS author_id, COALESCE(s.caption, '') AS text, s.image_url,
                    CAST(NULL AS TEXT) AS video_url, CAST(NULL AS TEXT) AS audio_url,
                    CAST(NULL AS BIGINT) AS context_id, s.removed_at, s.created_at
             FROM stories s WHERE s.id = $1"
        }
        ReportTargetType::Comment => {
            "SELECT c.user_id AS author_id, c.content AS text, CAST(NULL AS TEXT) AS image_url,
                    CAST(NULL AS TEXT) AS video_url, CAST(NULL AS TEXT) AS audio_url,
                    COALESCE(c.post_id, c.reel_id) AS context_id, c.removed_at, c.created_at
             FROM comments c WHERE c.id = $1"
        }
        ReportTargetType::Message => {
            "SELECT m.sender_id AS author_id, m.content AS text, CAST(NULL AS TEXT) AS image_url,
                    CAST(NULL AS TEXT) AS video_url, m.voice_url AS audio_url,
                    m.conversation_id AS context_id, m.removed_at, m.created_at
             FROM messages m WHERE m.id = $1"
        }
        ReportTargetType::User => {
            "SELECT u.id AS author_id,
                    u.display_name || ' (@' || u.username || ')'
                      || CASE WHEN u.bio IS NULL THEN '' ELSE ': ' || u.bio END AS text,
                    u.profile_image_url AS image_url, CAST(NULL AS TEXT) AS video_url,
                    CAST(NULL AS TEXT) AS audio_url, CAST(NULL AS BIGINT) AS context_id,
                    u.deactivated_at AS removed_at, u.created_at
             FROM users u WHERE u.id = $1"
        }
        ReportTargetType::VoiceReaction => {
            "SELECT v.user_id AS author_id, 'Voice reaction: ' || v.emotion AS text,
                    CAST(NULL AS TEXT) AS image_url, CAST(NULL AS TEXT) AS video_url,
                    '/media/' || v.media_key AS audio_url,
                    COALESCE(v.post_id, v.reel_id) AS context_id, v.removed_at, v.created_at
             FROM voice_reactions v WHERE v.id = $1"
        }
        ReportTargetType::Review => {
            "SELECT r.author_id, r.rating || '/5' || COALESCE(': ' || r.body, '') AS text,
                    CAST(NULL AS TEXT) AS image_url, CAST(NULL AS TEXT) AS video_url,
                    CAST(NULL AS TEXT) AS audio_url, r.product_id AS context_id, r.removed_at,
                    r.created_at
             FROM product_reviews r WHERE r.id = $1"
        }
    }
}

/// Opens the target of report case `case` for `admin`, read-only and whatever its privacy
/// (admins are exempt from the visibility rules for reported targets only: nothing else is
/// reachable this way), and writes a `report.view` audit entry naming the case in the same
/// transaction. `None` (and no entry) when the case does not exist or its target is gone.
pub async fn open_target(
    db: &Db,
    admin: i64,
    case: i64,
    now: i64,
) -> Result<Option<TargetRow>, sqlx::Error> {
    let Some(found) = find(db, case).await? else {
        return Ok(None);
    };
    let Some(target) = ReportTargetType::from_stored(&found.target_type) else {
        return Ok(None);
    };
    let sql = format!(
        "SELECT CAST($2 AS TEXT) AS target_type, t.*, u.username AS author_username,
                u.display_name AS author_display_name,
                COALESCE(u.profile_image_small_url, u.profile_image_url) AS author_profile_image,
                CAST($1 AS BIGINT) AS target_id
         FROM ({}) AS t JOIN users u ON u.id = t.author_id",
        target_read(target)
    );
    let mut tx = db.begin_write().await?;
    // Audited: the only text spliced in is one of `target_read`'s constant queries.
    let row: Option<TargetRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(found.target_id)
        .bind(target.as_str())
        .fetch_optional(&mut *tx)
        .await?;
    let Some(row) = row else {
        tx.rollback().await?;
        return Ok(None);
    };
    let notes = format!("{} {}", target.as_str(), found.target_id);
    audit(
        &mut tx,
        admin,
        AuditAction::ReportView,
        case,
        Some(&notes),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(Some(row))
}
