//! Structured logs: pretty for people, JSON for machines. `RUST_LOG` overrides the levels.

use tracing_subscriber::EnvFilter;

use crate::config::LogFormat;

pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false);
    match format {
        LogFormat::Pretty => builder.compact().init(),
        LogFormat::Json => builder.json().flatten_event(true).init(),
    }
}
