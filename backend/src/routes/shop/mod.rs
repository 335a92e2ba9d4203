//! The shop (docs/shop-contract.md, DESIGN §3 "Shop, earnings, admin"): the catalogue, placing
//! an order (priced from the catalogue, stock taken in the same transaction, paid through the
//! payment provider, made idempotent by the `Idempotency-Key` header) and the buyer's orders;
//! creators' own works, listed, changed and unlisted by their sellers, and their sales (issue 23).

mod order_create;
mod orders_list;
mod product_create;
mod product_update;
mod products_list;
mod sales_list;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(
            products_list::list_products,
            product_create::create_work
        ))
        .routes(routes!(
            product_update::update_work,
            product_update::unlist_work
        ))
        .routes(routes!(sales_list::list_sales))
        .routes(routes!(
            orders_list::list_orders,
            order_create::create_order
        ))
}
