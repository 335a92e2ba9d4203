use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::economy::store::shop;
use crate::economy::wire::shop::Product;
use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Query};
use crate::platform::http::etag::tagged_json;
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProductsQuery {
    /// `creators`: creators' listed works instead of the house catalogue, newest first.
    #[param(pattern = "^creators$")]
    pub source: Option<String>,
    /// One creator's listed works, newest first.
    #[param(minimum = 1)]
    pub seller: Option<i64>,
    /// Up to 100 comma-separated product ids (a cart's lines): those you may buy now, with their
    /// current prices, in id order; an id unlisted, gone or behind a block is left out.
    #[param(pattern = "^[1-9][0-9]{0,17}(,[1-9][0-9]{0,17}){0,99}$")]
    pub ids: Option<String>,
}

/// `ids=3,7,12`: 1–100 product ids.
fn parse_ids(raw: &str) -> Result<Vec<i64>, ApiError> {
    let bad = || ApiError::bad_request("ids must be 1 to 100 comma-separated product ids");
    let ids = raw
        .split(',')
        .map(|id| id.parse::<i64>().ok().filter(|id| *id >= 1).ok_or_else(bad))
        .collect::<Result<Vec<_>, _>>()?;
    if ids.len() > shop::PRICED_MAX {
        return Err(bad());
    }
    Ok(ids)
}

/// Without a filter, the house catalogue (at most 100 products) in featured order: search,
/// category and sort happen in the client on this list. With `ids`, those products as they
/// are now (the cart refreshes its prices with it, issue 39). With `source=creators` or
/// `seller={userId}`, creators' listed works, newest first, by page (issue 23). The catalogue
/// carries an ETag: asked again with it, an unchanged catalogue is a bodiless 304.
#[utoipa::path(
    get, path = "/products", tag = "shop",
    params(
        ProductsQuery, PageQuery,
        ("If-None-Match" = Option<String>, Header, description = "The house catalogue's ETag from an earlier answer"),
    ),
    responses(
        (status = 200, description = "The catalogue in featured order, or a page of creators' works, newest first", body = [Product],
         headers(("X-Next-Cursor" = i64, description = "Creators' works: pass as `before` for older ones; absent on the last page"),
                 ("ETag" = String, description = "The house catalogue: its tag, for If-None-Match"))),
        (status = 304, description = "The house catalogue is unchanged since the ETag given in If-None-Match"),
        (status = 400, description = "An unknown source, a seller id below 1, ids that are not 1–100 product ids, or an invalid limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_products(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(filter): Query<ProductsQuery>,
    Query(query): Query<PageQuery>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let creators = match filter.source.as_deref() {
        None => false,
        Some("creators") => true,
        Some(_) => return Err(ApiError::bad_request("source must be creators")),
    };
    // Checked for the house catalogue too (which is not paged), so a bad page is always 400.
    let page = Page::parse(&query)?;
    if filter.seller.is_some_and(|seller| seller < 1) {
        return Err(ApiError::bad_request("seller must be a user id"));
    }
    if let Some(ids) = filter.ids.as_deref() {
        let rows = shop::listed_among(&state.db, current.user.id, &parse_ids(ids)?).await?;
        return Ok(Json(rows.into_iter().map(Product::from).collect::<Vec<_>>()).into_response());
    }
    if creators || filter.seller.is_some() {
        let rows = shop::works_page(&state.db, current.user.id, filter.seller, page).await?;
        let (rows, next) = page.split(rows, |row| row.id);
        return Ok(paginated(
            rows.into_iter().map(Product::from).collect::<Vec<_>>(),
            next,
        ));
    }
    let mut rows = shop::products(&state.db).await?;
    if rows.iter().any(|p| p.image_key.is_none()) {
        // A database the demo seed never ran on: draw the missing pictures once. Requests that
        // arrive together wait for the first one's drawing instead of each drawing all 13.
        static FILLING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
        let _filling = FILLING.lock().await;
        crate::economy::catalogue::product_images(&state.db, &state.media).await?;
        rows = shop::products(&state.db).await?;
    }
    let products: Vec<Product> = rows.into_iter().map(Product::from).collect();
    Ok(tagged_json(&headers, &products))
}
