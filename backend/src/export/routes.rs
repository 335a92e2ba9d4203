//! GET /api/user/export: everything the user made, as one JSON file written piece by piece.
//! A task reads each list a page at a time (export/store.rs) and sends the JSON text through a
//! small bounded channel to the response body: memory stays at one page and a few chunks,
//! however much the user made, and a client that stops reading stops the task.

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Serialize, Serializer};
use tokio::sync::mpsc;

use crate::economy::store::earnings::WithdrawalRow;
use crate::economy::wire::earnings::Withdrawal;
use crate::export::store;
use crate::export::store::Section;
use crate::identity::CurrentUser;
use crate::identity::rules::settings::Settings;
use crate::identity::store::settings;
use crate::identity::wire::SessionUser;
use crate::platform::db::Db;
use crate::platform::http::error::{ApiResult, ErrorBody};
use crate::platform::http::wire::iso_time;
use crate::platform::state::AppState;

/// Rows read per query.
const PAGE: i64 = 500;
/// Strokes read per query (each holds up to a few thousand points).
const STROKES_PAGE: i64 = 100;
/// Chunks waiting for the client at most (each about a page of JSON).
const CHANNEL: usize = 4;

type Chunk = Result<Bytes, std::io::Error>;

/// The signed-in user's data as a JSON download: `{exportedAt, profile, settings (notification
/// switches included), posts, postImages (each with its alt text), drafts, reelDrafts, stories, messages (sent),
/// voicemails (sent), orders, withdrawals
/// (account numbers masked), reels, comments (and replies), reviews (of products),
/// voiceReactions (sent), postLikes, reelLikes,
/// commentLikes, saves, collections and collectionPosts (issue 44), follows, blocks, tipsSent,
/// tipsReceived, earnings (the ledger),
/// listings, sales, canvases (owned, each with its strokes), reports (filed),
/// pushSubscriptions (endpoints only)}`. Only the user's own data; no password hash, no
/// session tokens, no push keys. Streamed a page at a time (docs/account-contract.md).
#[utoipa::path(
    get, path = "/user/export", tag = "user",
    responses(
        (status = 200, description = "The export, as an attachment `atelier-export-{username}.json`",
         content_type = "application/json", body = Object),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn export(State(state): State<AppState>, current: CurrentUser) -> ApiResult<Response> {
    let user = current.user;
    // Read before the first byte is sent, so a failure here is still a proper error answer.
    let settings = settings::get(&state.db, user.id).await?;
    let filename = format!(
        "attachment; filename=\"atelier-export-{}.json\"",
        user.username
    );
    let head = Head {
        exported_at: iso_time(state.clock.now_ms()),
        profile: crate::identity::session_user(&state, user.clone()).await?,
        settings,
    };

    let (tx, rx) = mpsc::channel::<Chunk>(CHANNEL);
    let db = state.db.clone();
    tokio::spawn(async move {
        if let Err(err) = write_export(&db, user.id, head, &tx).await {
            match err {
                WriteError::Closed => tracing::debug!("export abandoned by the client"),
                WriteError::Db(err) => {
                    tracing::error!(error = ?err, "export failed part-way");
                    // Aborts the body: the client sees a broken download, not a short file.
                    let _ = tx.send(Err(std::io::Error::other("export failed"))).await;
                }
            }
        }
    });
    // Fused: a compressing body polls once more after the end, which `unfold` forbids.
    let stream =
        futures_util::StreamExt::fuse(futures_util::stream::unfold(rx, |mut rx| async move {
            rx.recv().await.map(|chunk| (chunk, rx))
        }));
    let mut response = Body::from_stream(stream).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    if let Ok(value) = HeaderValue::from_str(&filename) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Head {
    exported_at: String,
    profile: SessionUser,
    settings: Settings,
}

enum WriteError {
    /// The client went away.
    Closed,
    Db(sqlx::Error),
}

impl From<sqlx::Error> for WriteError {
    fn from(err: sqlx::Error) -> Self {
        Self::Db(err)
    }
}

async fn send(tx: &mpsc::Sender<Chunk>, text: String) -> Result<(), WriteError> {
    tx.send(Ok(Bytes::from(text)))
        .await
        .map_err(|_| WriteError::Closed)
}

async fn write_export(
    db: &Db,
    user_id: i64,
    head: Head,
    tx: &mpsc::Sender<Chunk>,
) -> Result<(), WriteError> {
    let head = serde_json::to_string(&head).expect("the head serialises");
    // `{"exportedAt":…,"settings":{…}` without its closing brace; the lists follow.
    send(tx, head[..head.len() - 1].to_owned()).await?;
    write_list::<ExportPost, _>(db, tx, user_id, "posts", Section::Posts, |p| p.id).await?;
    write_list::<ExportPostImage, _>(db, tx, user_id, "postImages", Section::PostImages, |i| i.id)
        .await?;
    write_list::<ExportDraft, _>(db, tx, user_id, "drafts", Section::Drafts, |d| d.id).await?;
    write_list::<ExportReelDraft, _>(db, tx, user_id, "reelDrafts", Section::ReelDrafts, |d| d.id)
        .await?;
    write_list::<ExportStory, _>(db, tx, user_id, "stories", Section::Stories, |s| s.id).await?;
    write_list::<ExportMessage, _>(db, tx, user_id, "messages", Section::Messages, |m| m.id)
        .await?;
    write_list::<ExportVoicemail, _>(db, tx, user_id, "voicemails", Section::Voicemails, |v| v.id)
        .await?;
    write_list::<ExportOrder, _>(db, tx, user_id, "orders", Section::Orders, |o| o.id).await?;
    write_list::<ExportWithdrawal, _>(db, tx, user_id, "withdrawals", Section::Withdrawals, |w| {
        w.0.id
    })
    .await?;
    write_list::<ExportReel, _>(db, tx, user_id, "reels", Section::Reels, |r| r.id).await?;
    write_list::<ExportComment, _>(db, tx, user_id, "comments", Section::Comments, |c| c.id)
        .await?;
    write_list::<ExportReview, _>(db, tx, user_id, "reviews", Section::Reviews, |r| r.id).await?;
    write_list::<ExportVoiceReaction, _>(
        db,
        tx,
        user_id,
        "voiceReactions",
        Section::VoiceReactions,
        |v| v.id,
    )
    .await?;
    write_list::<ExportLike, _>(db, tx, user_id, "postLikes", Section::PostLikes, |l| {
        l.target_id
    })
    .await?;
    write_list::<ExportLike, _>(db, tx, user_id, "reelLikes", Section::ReelLikes, |l| {
        l.target_id
    })
    .await?;
    write_list::<ExportLike, _>(
        db,
        tx,
        user_id,
        "commentLikes",
        Section::CommentLikes,
        |l| l.target_id,
    )
    .await?;
    write_list::<ExportSave, _>(db, tx, user_id, "saves", Section::Saves, |s| s.id).await?;
    write_list::<ExportCollection, _>(db, tx, user_id, "collections", Section::Collections, |c| {
        c.id
    })
    .await?;
    write_list::<ExportCollectionPost, _>(
        db,
        tx,
        user_id,
        "collectionPosts",
        Section::CollectionPosts,
        |c| c.id,
    )
    .await?;
    write_list::<ExportFollow, _>(db, tx, user_id, "follows", Section::Follows, |f| f.user_id)
        .await?;
    write_list::<ExportBlock, _>(db, tx, user_id, "blocks", Section::Blocks, |b| b.id).await?;
    write_list::<ExportTip, _>(db, tx, user_id, "tipsSent", Section::TipsSent, |t| t.id).await?;
    write_list::<ExportTip, _>(
        db,
        tx,
        user_id,
        "tipsReceived",
        Section::TipsReceived,
        |t| t.id,
    )
    .await?;
    write_list::<ExportCredit, _>(db, tx, user_id, "earnings", Section::Earnings, |c| c.id).await?;
    write_list::<ExportListing, _>(db, tx, user_id, "listings", Section::Listings, |l| l.id)
        .await?;
    write_list::<ExportSale, _>(db, tx, user_id, "sales", Section::Sales, |o| o.id).await?;
    write_canvases(db, tx, user_id).await?;
    write_list::<ExportReport, _>(db, tx, user_id, "reports", Section::Reports, |r| r.id).await?;
    write_list::<ExportPush, _>(
        db,
        tx,
        user_id,
        "pushSubscriptions",
        Section::PushSubscriptions,
        |p| p.id,
    )
    .await?;
    send(tx, "}".to_owned()).await
}

/// `,"name":[…]`, a page at a time.
async fn write_list<T, F>(
    db: &Db,
    tx: &mpsc::Sender<Chunk>,
    user_id: i64,
    name: &str,
    section: Section,
    id_of: F,
) -> Result<(), WriteError>
where
    T: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin + Serialize,
    F: Fn(&T) -> i64,
{
    let mut text = format!(",\"{name}\":[");
    let mut after = 0;
    let mut first = true;
    loop {
        let rows: Vec<T> = store::page(db, section, user_id, after, PAGE).await?;
        for row in &rows {
            if !first {
                text.push(',');
            }
            first = false;
            text.push_str(&serde_json::to_string(row).expect("export rows serialise"));
        }
        let full = rows.len() as i64 == PAGE;
        if let Some(last) = rows.last() {
            after = id_of(last);
        }
        if !full {
            break;
        }
        send(tx, std::mem::take(&mut text)).await?;
    }
    text.push(']');
    send(tx, text).await
}

/// `,"canvases":[…]`: each canvas the user owns with `"strokes":[…]`, both a page at a time.
async fn write_canvases(db: &Db, tx: &mpsc::Sender<Chunk>, user_id: i64) -> Result<(), WriteError> {
    let mut text = ",\"canvases\":[".to_owned();
    let mut after = 0;
    let mut first = true;
    loop {
        let canvases: Vec<ExportCanvas> =
            store::page(db, Section::Canvases, user_id, after, PAGE).await?;
        for canvas in &canvases {
            if !first {
                text.push(',');
            }
            first = false;
            let head = serde_json::to_string(canvas).expect("export rows serialise");
            // `{…}` without its closing brace, then the strokes.
            text.push_str(&head[..head.len() - 1]);
            text.push_str(",\"strokes\":[");
            let mut after_stroke = 0;
            let mut first_stroke = true;
            loop {
                let strokes: Vec<ExportStroke> =
                    store::strokes_page(db, canvas.id, after_stroke, STROKES_PAGE).await?;
                for stroke in &strokes {
                    if !first_stroke {
                        text.push(',');
                    }
                    first_stroke = false;
                    text.push_str(&serde_json::to_string(stroke).expect("export rows serialise"));
                }
                // A page of strokes can be large: sent before the next is read.
                send(tx, std::mem::take(&mut text)).await?;
                match strokes.last() {
                    Some(last) if strokes.len() as i64 == STROKES_PAGE => after_stroke = last.id,
                    _ => break,
                }
            }
            text.push_str("]}");
        }
        let full = canvases.len() as i64 == PAGE;
        if let Some(last) = canvases.last() {
            after = last.id;
        }
        if !full {
            break;
        }
        send(tx, std::mem::take(&mut text)).await?;
    }
    text.push(']');
    send(tx, text).await
}

fn iso<S: Serializer>(ms: &i64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&iso_time(*ms))
}

fn iso_opt<S: Serializer>(ms: &Option<i64>, s: S) -> Result<S::Ok, S::Error> {
    match ms {
        Some(ms) => s.serialize_str(&iso_time(*ms)),
        None => s.serialize_none(),
    }
}

/// A stored JSON array (tags) as JSON rather than as a string.
fn json_text<S: Serializer>(text: &str, s: S) -> Result<S::Ok, S::Error> {
    let value: serde_json::Value = serde_json::from_str(text).unwrap_or_default();
    value.serialize(s)
}

#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportPost {
    id: i64,
    caption: String,
    image_url: String,
    location: Option<String>,
    #[serde(serialize_with = "json_text")]
    tags: String,
    likes_count: i64,
    comments_count: i64,
    #[serde(serialize_with = "iso")]
    created_at: i64,
}

/// A draft or scheduled post (issue 44).
#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportDraft {
    id: i64,
    caption: String,
    location: Option<String>,
    #[serde(serialize_with = "json_text")]
    tags: String,
    #[serde(serialize_with = "iso_opt")]
    scheduled_at: Option<i64>,
    #[serde(serialize_with = "iso")]
    created_at: i64,
    #[serde(serialize_with = "iso")]
    updated_at: i64,
}

/// A reel draft (issue 44): its video kept, not yet published.
#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportReelDraft {
    id: i64,
    video_url: String,
    poster_url: Option<String>,
    caption: String,
    duration_seconds: i64,
    width: Option<i64>,
    height: Option<i64>,
    #[serde(serialize_with = "iso")]
    created_at: i64,
    #[serde(serialize_with = "iso")]
    updated_at: i64,
}

/// One image of a post, with its alt text (issue 44).
#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportPostImage {
    #[serde(skip)]
    id: i64,
    post_id: i64,
    position: i64,
    image_url: String,
    alt: String,
}

#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportStory {
    id: i64,
    image_url: String,
    kind: String,
    caption: Option<String>,
    views_count: i64,
    #[serde(serialize_with = "iso")]
    created_at: i64,
    #[serde(serialize_with = "iso")]
    expires_at: i64,
}

#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportMessage {
    id: i64,
    conversation_id: i64,
    content: String,
    message_type: String,
    voice_url: Option<String>,
    duration: Option<i64>,
    reply_to_id: Option<i64>,
    /// What a voice message said, as the server transcribed it (issue 47).
    transcript: Option<String>,
    #[serde(serialize_with = "iso")]
    created_at: i64,
}

#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportVoicemail {
    id: i64,
    /// The recipient's username.
    recipient: String,
    voice_url: String,
    duration: i64,
    transcript: Option<String>,
    #[serde(serialize_with = "iso")]
    created_at: i64,
}

#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportVoiceReaction {
    id: i64,
    post_id: Option<i64>,
    reel_id: Option<i64>,
    emotion: String,
    audio_url: String,
    duration: i64,
    /// What it said, as the server transcribed it (issue 47).
    transcript: Option<String>,
    #[serde(serialize_with = "iso")]
    created_at: i64,
}

#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportOrder {
    id: i64,
    product_id: i64,
    product_name: String,
    quantity: i64,
    /// Cents.
    #[serde(rename = "unitPrice")]
    unit_price_cents: i64,
    /// Cents.
    #[serde(rename = "totalAmount")]
    total_amount_cents: i64,
    payment_method: String,
    status: String,
    #[serde(serialize_with = "iso")]
    created_at: i64,
}

/// A withdrawal as GET /api/withdrawals answers it: the account number masked to its last 4.
struct ExportWithdrawal(WithdrawalRow);

impl<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> for ExportWithdrawal {
    fn from_row(row: &'r sqlx::any::AnyRow) -> Result<Self, sqlx::Error> {
        WithdrawalRow::from_row(row).map(Self)
    }
}

impl Serialize for ExportWithdrawal {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Withdrawal::from(self.0.clone()).serialize(s)
    }
}

#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportReel {
    id: i64,
    video_url: String,
    poster_url: Option<String>,
    caption: String,
    duration_seconds: i64,
    width: Option<i64>,
    height: Option<i64>,
    #[serde(serialize_with = "iso")]
    created_at: i64,
}

#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportComment {
    id: i64,
    post_id: Option<i64>,
    reel_id: Option<i64>,
    /// The comment a reply answers; null for a top-level comment.
    parent_id: Option<i64>,
    content: String,
    likes_count: i64,
    replies_count: i64,
    #[serde(serialize_with = "iso")]
    created_at: i64,
}

/// A review of a product the user bought (issue 42).
#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportReview {
    id: i64,
    product_id: i64,
    rating: i64,
    text: Option<String>,
    #[serde(serialize_with = "iso")]
    created_at: i64,
    #[serde(serialize_with = "iso_opt")]
    edited_at: Option<i64>,
}

/// A like: the liked post's, reel's or comment's id.
#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportLike {
    #[serde(rename = "id")]
    target_id: i64,
    #[serde(serialize_with = "iso")]
    created_at: i64,
}

#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportSave {
    id: i64,
    post_id: i64,
    #[serde(serialize_with = "iso")]
    created_at: i64,
}

/// A named collection of saved posts (issue 44).
#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportCollection {
    id: i64,
    name: String,
    #[serde(serialize_with = "iso")]
    created_at: i64,
}

/// A saved post in one of the user's collections.
#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportCollectionPost {
    id: i64,
    collection_id: i64,
    post_id: i64,
    #[serde(serialize_with = "iso")]
    created_at: i64,
}

#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportFollow {
    user_id: i64,
    username: String,
    #[serde(serialize_with = "iso")]
    created_at: i64,
}

#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportBlock {
    id: i64,
    user_id: i64,
    username: String,
    #[serde(serialize_with = "iso")]
    created_at: i64,
}

/// A tip: `userId`/`username` are the other person (the recipient of a tip sent, the sender of
/// one received). Amounts in cents.
#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportTip {
    id: i64,
    user_id: i64,
    username: String,
    #[serde(rename = "amount")]
    amount_cents: i64,
    #[serde(rename = "fee")]
    fee_cents: i64,
    post_id: Option<i64>,
    reel_id: Option<i64>,
    message: Option<String>,
    status: String,
    #[serde(serialize_with = "iso")]
    created_at: i64,
}

/// A credit of the earnings ledger, in cents.
#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportCredit {
    id: i64,
    #[serde(rename = "amount")]
    amount_cents: i64,
    #[serde(rename = "fee")]
    fee_cents: i64,
    source: String,
    note: String,
    post_id: Option<i64>,
    reel_id: Option<i64>,
    order_id: Option<i64>,
    tip_id: Option<i64>,
    #[serde(serialize_with = "iso")]
    created_at: i64,
}

#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportListing {
    id: i64,
    name: String,
    description: String,
    /// Cents.
    #[serde(rename = "price")]
    price_cents: i64,
    /// Cents.
    #[serde(rename = "originalPrice")]
    original_price_cents: Option<i64>,
    category: String,
    kind: String,
    stock: i64,
    image_url: Option<String>,
    file_name: Option<String>,
    #[serde(serialize_with = "iso")]
    created_at: i64,
    #[serde(serialize_with = "iso_opt")]
    unlisted_at: Option<i64>,
}

/// An order of one of the user's products (the buyer is not named).
#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportSale {
    id: i64,
    product_id: i64,
    product_name: String,
    quantity: i64,
    /// Cents.
    #[serde(rename = "unitPrice")]
    unit_price_cents: i64,
    /// Cents.
    #[serde(rename = "totalAmount")]
    total_amount_cents: i64,
    status: String,
    #[serde(serialize_with = "iso")]
    created_at: i64,
}

#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportCanvas {
    id: i64,
    title: String,
    visibility: String,
    #[serde(serialize_with = "iso")]
    created_at: i64,
}

#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportStroke {
    id: i64,
    /// Who drew it (the owner, or someone invited).
    user_id: i64,
    color: String,
    width: i64,
    /// `[[x, y], …]`
    #[serde(serialize_with = "json_text")]
    points: String,
    #[serde(serialize_with = "iso")]
    created_at: i64,
    #[serde(serialize_with = "iso_opt")]
    undone_at: Option<i64>,
}

#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportReport {
    id: i64,
    target_type: String,
    target_id: i64,
    reason: String,
    details: Option<String>,
    #[serde(serialize_with = "iso")]
    created_at: i64,
}

/// A push subscription: its endpoint only (the keys stay on the server).
#[derive(Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
struct ExportPush {
    id: i64,
    endpoint: String,
    #[serde(serialize_with = "iso")]
    created_at: i64,
}
