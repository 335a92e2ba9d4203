use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::economy::store::shop;
use crate::economy::store::shop::WorkChange;
use crate::economy::wire::shop::Product;
use crate::identity::CurrentUser;
use crate::kernel::money::{
    PRODUCT_NOT_FOUND, parse_work_description, parse_work_price, parse_work_stock,
};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkChangeRequest {
    /// Cents, 100 to 1,000,000, whole.
    #[schema(value_type = Option<i64>, minimum = 100, maximum = 1000000)]
    pub price: Option<Value>,
    /// Units for sale, 1 to 10,000.
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 10000)]
    pub stock: Option<Value>,
    /// At most 2,000 characters.
    #[schema(max_length = 2000)]
    pub description: Option<String>,
}

/// Changes the price, stock or description of one of your listed works.
#[utoipa::path(
    patch, path = "/products/{id}", tag = "shop",
    params(("id" = i64, Path, description = "The work")),
    request_body = WorkChangeRequest,
    responses(
        (status = 200, description = "Changed", body = Product),
        (status = 400, description = "A bad price, stock or description, a stock for a digital work, or nothing to change", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No listed work of yours with this id", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn update_work(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Json(body): Json<WorkChangeRequest>,
) -> ApiResult<Json<Product>> {
    let price = body
        .price
        .as_ref()
        .map(|price| parse_work_price(Some(price)))
        .transpose()?;
    let stock = body
        .stock
        .as_ref()
        .map(|stock| parse_work_stock(Some(stock)))
        .transpose()?;
    let description = body
        .description
        .as_deref()
        .map(|text| parse_work_description(Some(text)))
        .transpose()?;
    if price.is_none() && stock.is_none() && description.is_none() {
        return Err(ApiError::bad_request(
            "Give a new price, stock or description",
        ));
    }
    if stock.is_some()
        && let Some(work) = shop::product(&state.db, id).await?
        && work.seller_id == Some(current.user.id)
        && work.kind == "digital"
    {
        return Err(ApiError::bad_request("A digital work has no stock"));
    }
    let change = WorkChange {
        price_cents: price,
        stock,
        description: description.as_deref(),
    };
    if !shop::update_work(&state.db, id, current.user.id, &change).await? {
        return Err(ApiError::not_found(PRODUCT_NOT_FOUND));
    }
    let row = shop::product(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::not_found(PRODUCT_NOT_FOUND))?;
    Ok(Json(Product::from(row)))
}

/// Unlists one of your works: it leaves the shop and cannot be bought; orders keep it.
#[utoipa::path(
    delete, path = "/products/{id}", tag = "shop",
    params(("id" = i64, Path, description = "The work")),
    responses(
        (status = 204, description = "Unlisted"),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No listed work of yours with this id", body = ErrorBody),
    )
)]
pub async fn unlist_work(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<StatusCode> {
    if !shop::unlist(&state.db, id, current.user.id, state.clock.now_ms()).await? {
        return Err(ApiError::not_found(PRODUCT_NOT_FOUND));
    }
    Ok(StatusCode::NO_CONTENT)
}
