//! The economy: the shop (catalogue, cart prices, orders, downloads, creators' works and sales),
//! checkout and the payment provider, tips, earnings and withdrawals (docs/shop-contract.md,
//! docs/economy-contract.md). Everything that moves money is written here and only here.

pub mod catalogue;
pub mod checkout;
pub mod checkouts;
pub mod refusals;
pub mod routes;
pub mod rules;
pub mod service;
pub mod store;
pub mod stripe_events;
pub mod wire;

use utoipa_axum::router::OpenApiRouter;

use crate::platform::state::AppState;

/// The economy's API, nested at `/api`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(routes::shop::router())
        .merge(routes::checkout::router())
        .merge(routes::earnings::router())
        .merge(routes::tips::router())
        .merge(routes::payments::router())
        .nest("/admin", routes::payouts::router())
}
