//! Federation over ActivityPub (issue 46, docs/federation.md): Atelier's accounts followed from
//! other servers and following them back. WebFinger, NodeInfo and host-meta; each account as
//! an actor with its collections; HTTP Signatures both ways (`signatures`); the inbox, where
//! another server's activities become its accounts' acts here (`inbox`); and the areas' acts
//! become activities (`sender`), delivered through a durable outbox (`delivery`).

pub mod delivery;
pub mod documents;
pub mod inbox;
pub mod remote;
pub mod routes;
pub mod sender;
pub mod signatures;
pub mod store;
pub mod wire;

pub use routes::protocol_router;
pub use sender::Sender;

use utoipa_axum::router::OpenApiRouter;

use crate::platform::state::AppState;

/// Federation's part of the API (nested at `/api`): finding an account of another server.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(utoipa_axum::routes!(
            routes::accounts::account_lookup::lookup_remote_account
        ))
        .nest(
            "/admin",
            OpenApiRouter::new()
                .routes(utoipa_axum::routes!(
                    routes::admin::federation_overview::federation_overview
                ))
                .routes(utoipa_axum::routes!(
                    routes::admin::domain_block::block_server,
                    routes::admin::domain_block::unblock_server
                )),
        )
}
