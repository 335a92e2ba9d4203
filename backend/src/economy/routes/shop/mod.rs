//! The shop (docs/shop-contract.md): the catalogue and the buyer's orders (each a line of a paid
//! checkout: economy/routes/checkout);
//! creators' own works, listed, changed and unlisted by their sellers, and their sales (issue 23)
//! with where each ships and, once the seller marks it, that it shipped (issue 42); ratings and
//! reviews by a product's buyers (issue 42).

mod order_download;
mod orders_list;
mod product_create;
mod product_update;
mod products_list;
mod review_create;
mod review_delete;
mod review_update;
mod reviews_list;
mod sale_ship;
mod sales_list;

use axum::extract::DefaultBodyLimit;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;
use product_create::WORK_BODY_LIMIT;

pub fn router() -> OpenApiRouter<AppState> {
    // A digital work comes with its file (up to 100 MiB) in one request.
    let listing = OpenApiRouter::new()
        .routes(routes!(
            products_list::list_products,
            product_create::create_work
        ))
        .layer(DefaultBodyLimit::max(WORK_BODY_LIMIT));
    OpenApiRouter::new()
        .merge(listing)
        .routes(routes!(order_download::download))
        .routes(routes!(
            product_update::update_work,
            product_update::unlist_work
        ))
        .routes(routes!(sales_list::list_sales))
        .routes(routes!(sale_ship::ship_sale))
        .routes(routes!(
            reviews_list::list_reviews,
            review_create::create_review
        ))
        .routes(routes!(
            review_update::update_review,
            review_delete::delete_review
        ))
        .routes(routes!(orders_list::list_orders))
}
