//! What every handler can reach. Cheap to clone: everything inside is shared.

use std::sync::Arc;

use crate::auth::password::PasswordHasher;
use crate::auth::rate_limit::AuthRateLimits;
use crate::config::Settings;
use crate::db::Db;
use crate::web::metrics::Metrics;

#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub settings: Arc<Settings>,
    pub hasher: PasswordHasher,
    pub auth_limits: AuthRateLimits,
    pub metrics: Metrics,
}

impl AppState {
    pub fn new(settings: Settings, db: Db) -> Self {
        let auth_limits =
            AuthRateLimits::new(settings.auth_limit_per_ip, settings.auth_limit_per_account);
        Self {
            db,
            settings: Arc::new(settings),
            hasher: PasswordHasher::default(),
            auth_limits,
            metrics: Metrics::new(),
        }
    }
}
