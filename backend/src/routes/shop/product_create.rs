use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::auth::CurrentUser;
use crate::db;
use crate::db::shop::NewWork;
use crate::domain::money::{
    PRODUCT_NOT_FOUND, parse_work_description, parse_work_name, parse_work_price, parse_work_stock,
};
use crate::domain::{ImageSource, parse_image_source};
use crate::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::media::ImageKind;
use crate::state::AppState;
use crate::wire::shop::{Product, ProductCategory};

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

/// Lists a creator's work in the shop: its picture is checked by its bytes and re-encoded.
#[utoipa::path(
    post, path = "/products", tag = "shop",
    request_body = NewWorkRequest,
    responses(
        (status = 201, description = "Listed", body = Product),
        (status = 400, description = "A bad name, description, price, stock, category or kind, or an image that is not a data: URL", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 413, description = "Body or image too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body, or the image is not a JPEG, PNG, GIF or WebP", body = ErrorBody),
    )
)]
pub async fn create_work(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<NewWorkRequest>,
) -> ApiResult<(StatusCode, Json<Product>)> {
    let name = parse_work_name(Some(&body.name))?;
    let description = parse_work_description(body.description.as_deref())?;
    let price = parse_work_price(body.price.as_ref())?;
    if !matches!(
        body.category,
        ProductCategory::Prints
            | ProductCategory::Digital
            | ProductCategory::Apparel
            | ProductCategory::Accessories
    ) {
        return Err(ApiError::bad_request(
            "Category must be prints, digital, apparel or accessories",
        ));
    }
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
        .ingest_image(&state.db, bytes, ImageKind::Post)
        .await?;
    let id = db::shop::create_work(
        &state.db,
        &NewWork {
            seller_id: current.user.id,
            name: &name,
            description: &description,
            price_cents: price,
            category: body.category.as_str(),
            image_key: &stored.key,
            stock,
            created_at: state.clock.now_ms(),
        },
    )
    .await?;
    let row = db::shop::product(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::not_found(PRODUCT_NOT_FOUND))?;
    Ok((StatusCode::CREATED, Json(Product::from(row))))
}
