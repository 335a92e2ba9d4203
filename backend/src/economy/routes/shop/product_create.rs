use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{StatusCode, header};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::economy::store::shop;
use crate::economy::store::shop::{NewWork, WorkFile};
use crate::economy::wire::shop::{Product, ProductCategory};
use crate::identity::CurrentUser;
use crate::kernel::image::{ImageSource, parse_image_source};
use crate::kernel::money::{
    PRODUCT_NOT_FOUND, parse_work_description, parse_work_name, parse_work_price, parse_work_stock,
};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::http::form::{bounded, spool, text_part};
use crate::platform::media::{ImageKind, SpooledVideo};
use crate::platform::state::AppState;

/// The route's body limit: a little above the file's 100 MiB (room for the picture and the form).
pub const WORK_BODY_LIMIT: usize = 111 * 1024 * 1024;
/// A text part is read up to this many bytes (a description is at most 2,000 characters).
const TEXT_PART_MAX: usize = 16 * 1024;
/// The picture, as a `data:` URL text part or a file part.
const IMAGE_PART_MAX: usize = 14 * 1024 * 1024;
const FILE_TOO_BIG: &str = "The file must be at most 100 MB";

/// A creator's physical work, listed as JSON (a digital one comes as multipart with its file).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewWorkRequest {
    /// 1–100 characters.
    #[schema(min_length = 1, max_length = 100)]
    pub name: String,
    /// At most 2,000 characters.
    #[schema(max_length = 2000)]
    pub description: Option<String>,
    /// Cents, 100 to 1,000,000, whole.
    #[schema(value_type = i64, required = true, minimum = 100, maximum = 1000000)]
    pub price: Option<Value>,
    /// prints, digital, apparel or accessories.
    pub category: ProductCategory,
    /// A `data:` URL of a JPEG, PNG, GIF or WebP image.
    pub image: String,
    /// `physical` (JSON); a digital work is uploaded with its file.
    #[schema(pattern = "^physical$")]
    pub kind: String,
    /// Units for sale, 1 to 10,000.
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 10000)]
    pub stock: Option<Value>,
}

/// A digital work: the same fields as text parts, the picture as a `data:` URL text part or an
/// image file part, and the work itself as `file` (described for the OpenAPI document; the
/// handler reads it part by part).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct NewDigitalWorkForm {
    #[schema(min_length = 1, max_length = 100)]
    pub name: String,
    #[schema(max_length = 2000)]
    pub description: Option<String>,
    /// Cents, 100 to 1,000,000, whole.
    #[schema(minimum = 100, maximum = 1000000)]
    pub price: i64,
    pub category: ProductCategory,
    /// `digital`.
    #[schema(pattern = "^digital$")]
    pub kind: String,
    /// A JPEG, PNG, GIF or WebP image (or its `data:` URL as text).
    #[schema(value_type = String, format = Binary)]
    pub image: Vec<u8>,
    /// The work the buyer downloads: any file, at most 100 MiB.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

/// Lists a creator's work in the shop: a physical one as JSON, a digital one as one multipart
/// request with its file (stored where only its buyers' downloads read it). The picture is
/// checked by its bytes and re-encoded.
#[utoipa::path(
    post, path = "/products", tag = "shop",
    request_body(content(
        (NewWorkRequest = "application/json"),
        (NewDigitalWorkForm = "multipart/form-data"),
    )),
    responses(
        (status = 201, description = "Listed", body = Product),
        (status = 400, description = "A bad name, description, price, stock, category or kind, an image that is not a data: URL or image part, or a digital work without its file", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Cross-site request refused (a form post without this site's Origin)", body = ErrorBody),
        (status = 413, description = "Body, image or file too large (the file: 100 MB), or past the seller's storage quota (You have used your storage)", body = ErrorBody),
        (status = 415, description = "Neither JSON nor a multipart form, or the image is not a JPEG, PNG, GIF or WebP", body = ErrorBody),
    )
)]
pub async fn create_work(
    State(state): State<AppState>,
    current: CurrentUser,
    request: Request,
) -> ApiResult<(StatusCode, Json<Product>)> {
    let multipart = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| {
            value
                .to_ascii_lowercase()
                .starts_with("multipart/form-data")
        });
    if multipart {
        let form = Multipart::from_request(request, &state)
            .await
            .map_err(|_| ApiError::UnsupportedMediaType(NOT_MULTIPART.into()))?;
        return create_digital(&state, current.user.id, form).await;
    }
    let Json(body) = Json::<NewWorkRequest>::from_request(request, &state).await?;
    let name = parse_work_name(Some(&body.name))?;
    let description = parse_work_description(body.description.as_deref())?;
    let price = parse_work_price(body.price.as_ref())?;
    let category = creators_category(body.category)?;
    match body.kind.as_str() {
        "physical" => {}
        "digital" => {
            return Err(ApiError::bad_request(
                "A digital work is uploaded with its file as multipart/form-data",
            ));
        }
        _ => return Err(ApiError::bad_request("Kind must be physical or digital")),
    }
    let stock = parse_work_stock(body.stock.as_ref())?;
    let bytes = match parse_image_source(&body.image)? {
        ImageSource::Data(bytes) => bytes,
        ImageSource::External(_) => {
            return Err(ApiError::bad_request(
                "The image must be an uploaded picture (a data: URL)",
            ));
        }
    };
    let stored = state
        .media
        .charged_to(current.user.id)
        .ingest_image(&state.db, bytes, ImageKind::Post)
        .await?;
    let id = shop::create_work(
        &state.db,
        &NewWork {
            seller_id: current.user.id,
            name: &name,
            description: &description,
            price_cents: price,
            category: category.as_str(),
            image_key: &stored.key,
            stock: Some(stock),
            file: None,
            created_at: state.clock.now_ms(),
        },
    )
    .await?;
    listed(&state, id).await
}

const NOT_MULTIPART: &str = "Send a digital work as multipart/form-data with its file";

/// The new listing as answered.
async fn listed(state: &AppState, id: i64) -> ApiResult<(StatusCode, Json<Product>)> {
    let row = shop::product(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::not_found(PRODUCT_NOT_FOUND))?;
    Ok((StatusCode::CREATED, Json(Product::from(row))))
}

/// A creator's categories only.
fn creators_category(category: ProductCategory) -> ApiResult<ProductCategory> {
    match category {
        ProductCategory::Prints
        | ProductCategory::Digital
        | ProductCategory::Apparel
        | ProductCategory::Accessories => Ok(category),
        _ => Err(ApiError::bad_request(
            "Category must be prints, digital, apparel or accessories",
        )),
    }
}

/// Reads a digital work's form: text parts, the picture, and the file spooled to a temporary
/// file (never held whole in memory); then stores the file and lists the work.
async fn create_digital(
    state: &AppState,
    seller: i64,
    mut form: Multipart,
) -> ApiResult<(StatusCode, Json<Product>)> {
    let mut texts: std::collections::HashMap<String, String> = Default::default();
    let mut image: Option<Vec<u8>> = None;
    let mut file: Option<(SpooledVideo, String)> = None;
    while let Some(field) = form.next_field().await? {
        let name = field.name().map(str::to_owned).unwrap_or_default();
        match name.as_str() {
            "file" if file.is_none() => {
                let file_name = field
                    .file_name()
                    .map(clean_file_name)
                    .unwrap_or_else(|| "download".to_owned());
                // Any bytes: a work is whatever file its creator sells.
                file = spool(field, |_| Ok(()), FILE_TOO_BIG)
                    .await?
                    .map(|spooled| (spooled, file_name));
            }
            "image" if field.file_name().is_some() => {
                let bytes = bounded(field, IMAGE_PART_MAX)
                    .await?
                    .ok_or(ApiError::ImageTooLarge("Images must be at most 10 MB"))?;
                image = Some(bytes);
            }
            "name" | "description" | "price" | "category" | "kind" | "image" | "stock" => {
                let max = if name == "image" {
                    IMAGE_PART_MAX
                } else {
                    TEXT_PART_MAX
                };
                let text = text_part(field, &name, max)
                    .await?
                    .ok_or_else(|| ApiError::bad_request(format!("The {name} is too long")))?;
                texts.insert(name, text);
            }
            // Other parts are skipped unread.
            _ => {}
        }
    }
    let text = |key: &str| texts.get(key).map(String::as_str);
    if text("kind") != Some("digital") {
        return Err(ApiError::bad_request(
            "A multipart listing is a digital work (kind digital) with its file",
        ));
    }
    let name = parse_work_name(text("name"))?;
    let description = parse_work_description(text("description"))?;
    let price_value: Option<Value> = text("price")
        .and_then(|raw| raw.trim().parse::<i64>().ok())
        .map(Value::from);
    let price = parse_work_price(price_value.as_ref())?;
    let category: ProductCategory = text("category")
        .and_then(|raw| serde_json::from_value(Value::String(raw.to_owned())).ok())
        .ok_or_else(|| {
            ApiError::bad_request("Category must be prints, digital, apparel or accessories")
        })?;
    let category = creators_category(category)?;
    let image = match (image, text("image")) {
        (Some(bytes), _) => bytes,
        (None, Some(url)) => match parse_image_source(url)? {
            ImageSource::Data(bytes) => bytes,
            ImageSource::External(_) => {
                return Err(ApiError::bad_request(
                    "The image must be an uploaded picture (a data: URL)",
                ));
            }
        },
        (None, None) => return Err(ApiError::bad_request("An image is required")),
    };
    let (spooled, file_name) =
        file.ok_or_else(|| ApiError::bad_request("A digital work needs its file"))?;
    let media = state.media.charged_to(seller);
    let stored_image = media
        .ingest_image(&state.db, image, ImageKind::Post)
        .await?;
    let size = i64::try_from(spooled.size()).unwrap_or(i64::MAX);
    let key = media.store_work(&state.db, &spooled).await?;
    let id = shop::create_work(
        &state.db,
        &NewWork {
            seller_id: seller,
            name: &name,
            description: &description,
            price_cents: price,
            category: category.as_str(),
            image_key: &stored_image.key,
            stock: None,
            file: Some(WorkFile {
                key: &key,
                name: &file_name,
                size,
            }),
            created_at: state.clock.now_ms(),
        },
    )
    .await?;
    listed(state, id).await
}

/// The uploaded file's name as a download will give it: its last path segment, printable
/// characters only (no quotes), at most 100 characters; 'download' when nothing is left.
fn clean_file_name(raw: &str) -> String {
    let base = raw.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String = base
        .chars()
        .filter(|c| !c.is_control() && *c != '"')
        .take(100)
        .collect();
    let cleaned = cleaned.trim().to_owned();
    if cleaned.is_empty() {
        "download".to_owned()
    } else {
        cleaned
    }
}
