//! Drafts and scheduled posts (issue 44, docs/publishing-contract.md): a post prepared ahead,
//! kept with its images, published now or at a chosen time. Only its author sees a draft:
//! anyone else's id is 404, as one that does not exist.

mod draft_delete;
mod draft_publish;
mod draft_unschedule;
mod draft_update;
mod drafts_create;
mod drafts_list;

use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::kernel::image::{ImageSource, parse_image_source};
use crate::platform::db::Db;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::state::AppState;
use crate::social::rules::post::{
    Caption, check_media_count, parse_image_item, parse_location, parse_tags,
};
use crate::social::store::drafts::{self, DraftContent, DraftRow};
use crate::social::store::posts::NewPostMedia;
use crate::social::wire::draft::Draft;

pub const DRAFT_NOT_FOUND: &str = "Draft not found";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(
            drafts_list::list_drafts,
            drafts_create::create_draft
        ))
        .routes(routes!(
            draft_update::update_draft,
            draft_delete::delete_draft
        ))
        .routes(routes!(draft_publish::publish_draft))
        .routes(routes!(draft_unschedule::unschedule_draft))
}

/// One image of a draft.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DraftImage {
    /// A `data:` image or an http(s) URL, as a post's; or the `url` of one of this draft's own
    /// images, to keep it.
    #[schema(required = true)]
    pub image: Option<String>,
    /// At most 1500 characters.
    #[schema(max_length = 1500)]
    pub alt: Option<String>,
}

/// What a draft holds: all of it, each time (a field left out is empty).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DraftRequest {
    /// At most 2200 characters.
    #[schema(max_length = 2200)]
    pub caption: Option<String>,
    /// At most 100 characters.
    #[schema(max_length = 100)]
    pub location: Option<String>,
    /// Trimmed; blank ones dropped; at most 30 of at most 50 characters.
    #[schema(max_items = 30)]
    pub tags: Option<Vec<String>>,
    /// 0 to 10 images in order.
    #[schema(max_items = 10)]
    pub media: Option<Vec<DraftImage>>,
}

/// An item of a draft: one of its images kept (url, media key), or the index of a new one among
/// those to store.
type Planned = Result<(String, Option<String>), usize>;

/// A draft's content once checked: its text, and its images (new ones stored, kept ones named).
struct Checked {
    caption: Caption,
    location: Option<String>,
    tags: Vec<String>,
    /// (url, media key, alt) in order.
    media: Vec<(String, Option<String>, String)>,
}

/// Checks `body` and stores its new images (charged to `author`); `kept` are the draft's
/// current images (url → media key) an item may name to keep.
async fn check(
    state: &AppState,
    author: i64,
    body: &DraftRequest,
    kept: &[(String, Option<String>)],
) -> ApiResult<Checked> {
    let caption = Caption::parse(body.caption.as_deref())?;
    let location = parse_location(body.location.as_deref())?;
    let tags = parse_tags(body.tags.as_deref())?;
    let items = body.media.as_deref().unwrap_or_default();
    check_media_count(items.len())?;
    // Which items are new (to fetch and store, all before the first is stored) and which kept.
    let mut plan: Vec<(Planned, String)> = Vec::new();
    let mut sources: Vec<ImageSource> = Vec::new();
    for item in items {
        let (raw, alt) = parse_image_item(item.image.as_deref(), item.alt.as_deref())?;
        match kept.iter().find(|(url, _)| url == raw) {
            Some(found) => plan.push((Ok(found.clone()), alt)),
            None => {
                sources.push(parse_image_source(raw)?);
                plan.push((Err(sources.len() - 1), alt));
            }
        }
    }
    let stored = state
        .media
        .charged_to(author)
        .fetched_images(&state.db, sources)
        .await?;
    let media = plan
        .into_iter()
        .map(|(image, alt)| {
            let (url, key) = match image {
                Ok(kept) => kept,
                Err(i) => (stored[i].url.clone(), stored[i].key.clone()),
            };
            (url, key, alt)
        })
        .collect();
    Ok(Checked {
        caption,
        location,
        tags,
        media,
    })
}

impl Checked {
    /// The images as the store takes them.
    fn media_rows(&self) -> Vec<NewPostMedia<'_>> {
        self.media
            .iter()
            .map(|(url, key, alt)| NewPostMedia {
                image_url: url,
                media_key: key.as_deref(),
                alt,
            })
            .collect()
    }

    fn content<'a>(&'a self, media: &'a [NewPostMedia<'a>]) -> DraftContent<'a> {
        DraftContent {
            caption: self.caption.as_str(),
            location: self.location.as_deref(),
            tags: &self.tags,
            media,
        }
    }
}

/// `rows` as the API shows them, with their images (one more read).
async fn drafts_answer(db: &Db, rows: Vec<DraftRow>) -> Result<Vec<Draft>, sqlx::Error> {
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    let media = drafts::media_of(db, &ids).await?;
    Ok(Draft::with_media(rows, media))
}

/// `author`'s draft `id` as the API shows it, or 404.
async fn one_draft(db: &Db, author: i64, id: i64) -> ApiResult<Draft> {
    let row = drafts::find(db, author, id)
        .await?
        .ok_or_else(|| ApiError::not_found(DRAFT_NOT_FOUND))?;
    drafts_answer(db, vec![row])
        .await?
        .pop()
        .ok_or_else(|| ApiError::not_found(DRAFT_NOT_FOUND))
}
