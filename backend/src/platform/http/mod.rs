//! HTTP plumbing: the error every handler answers, the JSON/query/path extractors, ETags,
//! the Origin check, compression, security headers, request logs, the connection watchdog,
//! health checks, /metrics, /media and the embedded web app.

pub mod compression;
pub mod error;
pub mod etag;
pub mod form;
pub mod health;
pub mod idempotency;
pub mod media;
pub mod metrics;
pub mod origin;
pub mod oversize;
pub mod request_log;
pub mod security_headers;
pub mod serve;
pub mod spa;
pub mod wire;
