//! The ICE servers browsers use for calls (GET /api/rtc/config): two public STUN servers, and
//! with `--turn-url`/`--turn-secret` a TURN server with credentials of the TURN REST API scheme
//! (coturn's `use-auth-secret`): the username is `{expiry unix seconds}:{user id}` and the
//! password base64(HMAC-SHA1(secret, username)), so the TURN server checks them with the shared
//! secret alone and they stop working after `TURN_CREDENTIAL_TTL_SECS`.

use base64::Engine;
use hmac::{Hmac, KeyInit, Mac};
use serde::Serialize;
use sha1::Sha1;
use utoipa::ToSchema;

/// The public STUN servers (the first client's two).
pub const STUN_SERVERS: [&str; 2] = [
    "stun:stun.l.google.com:19302",
    "stun:stun1.l.google.com:19302",
];
/// How long a TURN credential is valid: a day, so a page left open still calls.
pub const TURN_CREDENTIAL_TTL_SECS: i64 = 24 * 60 * 60;

/// One entry of `RTCConfiguration.iceServers`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct IceServer {
    pub urls: Vec<String>,
    /// TURN only: `{expiry unix seconds}:{user id}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub username: Option<String>,
    /// TURN only: base64(HMAC-SHA1(secret, username)).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub credential: Option<String>,
}

/// The configured TURN server, if any.
#[derive(Clone, Default)]
pub struct IceConfig {
    turn: Option<(Vec<String>, String)>,
}

impl std::fmt::Debug for IceConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the secret.
        f.debug_struct("IceConfig")
            .field("turn", &self.turn.as_ref().map(|(urls, _)| urls))
            .finish()
    }
}

impl IceConfig {
    /// From the settings: TURN when both the URL(s) and the secret are set.
    pub fn new(turn_url: Option<&str>, turn_secret: Option<&str>) -> Self {
        let turn = match (turn_url, turn_secret) {
            (Some(urls), Some(secret)) if !secret.is_empty() => {
                let urls: Vec<String> = urls
                    .split(',')
                    .map(str::trim)
                    .filter(|url| !url.is_empty())
                    .map(str::to_owned)
                    .collect();
                (!urls.is_empty()).then(|| (urls, secret.to_owned()))
            }
            _ => None,
        };
        Self { turn }
    }

    /// The servers for `user` at `now_secs` (unix seconds).
    pub fn servers_for(&self, user: i64, now_secs: i64) -> Vec<IceServer> {
        let mut servers: Vec<IceServer> = STUN_SERVERS
            .iter()
            .map(|url| IceServer {
                urls: vec![(*url).to_owned()],
                username: None,
                credential: None,
            })
            .collect();
        if let Some((urls, secret)) = &self.turn {
            let username = format!("{}:{user}", now_secs + TURN_CREDENTIAL_TTL_SECS);
            let credential = turn_credential(secret, &username);
            servers.push(IceServer {
                urls: urls.clone(),
                username: Some(username),
                credential: Some(credential),
            });
        }
        servers
    }
}

/// base64(HMAC-SHA1(secret, username)), as coturn computes it.
pub fn turn_credential(secret: &str, username: &str) -> String {
    let mut mac =
        Hmac::<Sha1>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(username.as_bytes());
    base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stun_only_without_turn() {
        let servers = IceConfig::new(None, None).servers_for(7, 1_000);
        assert_eq!(servers.len(), 2);
        assert!(servers.iter().all(|s| s.username.is_none()));
        assert!(IceConfig::new(Some("turn:x"), Some("")).turn.is_none());
    }

    #[test]
    fn turn_credentials_follow_the_rest_api_scheme() {
        let config = IceConfig::new(Some("turn:a:3478, turns:a:5349"), Some("s3cret"));
        let servers = config.servers_for(42, 1_700_000_000);
        let turn = &servers[2];
        assert_eq!(turn.urls, ["turn:a:3478", "turns:a:5349"]);
        assert_eq!(turn.username.as_deref(), Some("1700086400:42"));
        // RFC 2202-style check: HMAC-SHA1("key", "The quick brown fox jumps over the lazy dog").
        assert_eq!(
            turn_credential("key", "The quick brown fox jumps over the lazy dog"),
            base64::engine::general_purpose::STANDARD
                .encode(hex("de7c9b85b8b78aa6bc8a7a36f70a90701c9db4d9"))
        );
        assert!(!format!("{config:?}").contains("s3cret"));
    }

    fn hex(text: &str) -> Vec<u8> {
        (0..text.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
            .collect()
    }
}
