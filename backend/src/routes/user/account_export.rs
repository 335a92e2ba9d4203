//! GET /api/user/export: everything the user made, as one JSON file written piece by piece.
//! A task reads each list a page at a time (db/export.rs) and sends the JSON text through a
//! small bounded channel to the response body: memory stays at one page and a few chunks,
//! however much the user made, and a client that stops reading stops the task.

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Serialize, Serializer};
use tokio::sync::mpsc;

use crate::auth::CurrentUser;
use crate::db::{self, Db, earnings::WithdrawalRow, export::Section};
use crate::domain::Settings;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use crate::wire::earnings::Withdrawal;
use crate::wire::iso_time;
use crate::wire::user::SessionUser;

/// Rows read per query.
const PAGE: i64 = 500;
/// Chunks waiting for the client at most (each about a page of JSON).
const CHANNEL: usize = 4;

type Chunk = Result<Bytes, std::io::Error>;

/// The signed-in user's data as a JSON download: `{exportedAt, profile, settings, posts,
/// stories, messages (sent), voicemails (sent), orders, withdrawals (account numbers masked),
/// reels}`. Only the user's own data; no password hash, no session tokens. Streamed.
#[utoipa::path(
    get, path = "/export", tag = "user",
    responses(
        (status = 200, description = "The export, as an attachment `atelier-export-{username}.json`",
         content_type = "application/json", body = Object),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn export(State(state): State<AppState>, current: CurrentUser) -> ApiResult<Response> {
    let user = current.user;
    // Read before the first byte is sent, so a failure here is still a proper error answer.
    let settings = db::settings::get(&state.db, user.id).await?;
    let filename = format!(
        "attachment; filename=\"atelier-export-{}.json\"",
        user.username
    );
    let head = Head {
        exported_at: iso_time(state.clock.now_ms()),
        profile: SessionUser::from(user.clone()),
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
        let rows: Vec<T> = db::export::page(db, section, user_id, after, PAGE).await?;
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

fn iso<S: Serializer>(ms: &i64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&iso_time(*ms))
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
