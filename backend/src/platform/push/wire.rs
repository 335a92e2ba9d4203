//! Web Push (issue 21, docs/push.md): what a pushed message carries to the service worker, and
//! the answers of /api/push/*.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The JSON a push delivers to the service worker (encrypted for the subscription, RFC 8291): it
/// shows `text` (under `title`, when there is one) and opens `url` when tapped. A newer push
/// with the same `tag` replaces the notification shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushPayload {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// What happened, as the notification says it ('leo and 3 others liked your post').
    pub text: String,
    /// The display names of who did it (the first few).
    pub actors: Vec<String>,
    /// The page to open, a path of this site (`/p/12`).
    pub url: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
}

/// The server's VAPID public key.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VapidPublicKey {
    /// The uncompressed P-256 point (65 bytes), base64url without padding: pass it (as bytes)
    /// to `pushManager.subscribe({applicationServerKey})`.
    pub public_key: String,
}

/// A stored push subscription.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushSubscriptionSaved {
    pub endpoint: String,
}
