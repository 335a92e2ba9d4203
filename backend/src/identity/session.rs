//! Session tokens and the cookie that carries them. The cookie holds 256 random bits; the
//! database holds only their SHA-256, so reading the sessions table opens no session. Sessions
//! last 30 days and slide: a request more than a day after the last extension pushes the
//! expiry forward again.

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, ready};

use axum::http::{HeaderMap, HeaderValue, Request, Response, header};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use cookie::{Cookie, SameSite};
use pin_project_lite::pin_project;
use sha2::{Digest, Sha256};
use tower::{Layer, Service};

use crate::identity::store::sessions;
use crate::platform::db::{Db, now_ms};

pub const COOKIE_NAME: &str = "atelier_session";
pub const SESSION_TTL_MS: i64 = 30 * 24 * 60 * 60 * 1000;
/// How stale an expiry may get before the browser is sent a fresh cookie (one a day).
pub const SLIDE_AFTER_MS: i64 = 24 * 60 * 60 * 1000;
/// How often a session in use records it ('last active' in the sessions list): at most one
/// write per session in this time.
pub const SEEN_EVERY_MS: i64 = 5 * 60 * 1000;

/// A fresh token for the cookie and the hash to store.
pub struct NewToken {
    pub token: String,
    pub hash: String,
}

pub fn new_token() -> NewToken {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the OS random source works");
    let token = URL_SAFE_NO_PAD.encode(bytes);
    let hash = hash_token(&token);
    NewToken { token, hash }
}

pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// A session's public id: 128 random bits in hex, what the sessions list names (never the
/// token nor its hash).
pub fn new_public_id() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the OS random source works");
    hex::encode(bytes)
}

/// Starts a session for `user_id` from the browser `headers` came with, and returns the
/// `Set-Cookie` value.
pub async fn start(
    db: &Db,
    user_id: i64,
    headers: &HeaderMap,
    secure: bool,
) -> Result<HeaderValue, sqlx::Error> {
    let NewToken { token, hash } = new_token();
    let agent = user_agent(headers);
    sessions::insert(
        db,
        &hash,
        &new_public_id(),
        user_id,
        &agent,
        now_ms() + SESSION_TTL_MS,
    )
    .await?;
    Ok(session_cookie(token, secure))
}

/// The request's User-Agent, at most 512 bytes of it (kept to name the browser later).
pub fn user_agent(headers: &HeaderMap) -> String {
    let agent = headers
        .get(header::USER_AGENT)
        .and_then(|value| value.to_str().ok())
        .unwrap_or("");
    let mut end = agent.len().min(512);
    while !agent.is_char_boundary(end) {
        end -= 1;
    }
    agent[..end].to_owned()
}

/// A User-Agent in words: 'Chrome on Linux', 'Safari on iPhone', 'Unknown browser'.
pub fn describe_agent(agent: &str) -> String {
    let Some(parsed) = woothee::parser::Parser::new().parse(agent) else {
        return "Unknown browser".to_owned();
    };
    let known = |name: &str| !name.is_empty() && name != woothee::woothee::VALUE_UNKNOWN;
    let browser = known(parsed.name).then_some(parsed.name);
    let system = known(parsed.os).then_some(parsed.os);
    match (browser, system) {
        (Some(browser), Some(system)) => format!("{browser} on {system}"),
        (Some(browser), None) => browser.to_owned(),
        (None, Some(system)) => format!("A browser on {system}"),
        (None, None) => "Unknown browser".to_owned(),
    }
}

/// The session cookie: HttpOnly, SameSite=Lax, Secure over https, 30 days.
pub fn session_cookie(token: String, secure: bool) -> HeaderValue {
    let cookie = Cookie::build((COOKIE_NAME, token))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .max_age(cookie::time::Duration::milliseconds(SESSION_TTL_MS))
        .build();
    HeaderValue::from_str(&cookie.to_string()).expect("cookie is ASCII")
}

/// A `Set-Cookie` value that removes the session cookie.
pub fn removal_cookie(secure: bool) -> HeaderValue {
    let cookie = Cookie::build((COOKIE_NAME, ""))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .max_age(cookie::time::Duration::ZERO)
        .build();
    HeaderValue::from_str(&cookie.to_string()).expect("cookie is ASCII")
}

/// The session token the request carries, if any.
pub fn token_from(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|cookie| cookie.name() == COOKIE_NAME && !cookie.value().is_empty())
        .map(|cookie| cookie.value().to_owned())
}

/// The hash of the session token the request carries, if any: how sessions are stored.
pub fn hash_from(headers: &HeaderMap) -> Option<String> {
    token_from(headers).map(|token| hash_token(&token))
}

/// Where an extractor leaves a refreshed cookie for `CookieRefresh` to send.
#[derive(Clone, Default)]
pub struct CookieSlot(Arc<Mutex<Option<HeaderValue>>>);

impl CookieSlot {
    pub fn set(&self, value: HeaderValue) {
        *self.0.lock().expect("cookie slot poisoned") = Some(value);
    }

    fn take(&self) -> Option<HeaderValue> {
        self.0.lock().expect("cookie slot poisoned").take()
    }
}

/// Gives each request that carries cookies a `CookieSlot` and sends whatever cookie lands in
/// it, unless the handler set one itself. A plain tower layer (see `web::request_log`);
/// a request without a `Cookie` header has no session to refresh and costs nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct CookieRefreshLayer;

impl<S> Layer<S> for CookieRefreshLayer {
    type Service = CookieRefresh<S>;

    fn layer(&self, inner: S) -> CookieRefresh<S> {
        CookieRefresh { inner }
    }
}

#[derive(Debug, Clone)]
pub struct CookieRefresh<S> {
    inner: S,
}

impl<S, ReqBody, ResBody> Service<Request<ReqBody>> for CookieRefresh<S>
where
    S: Service<Request<ReqBody>, Response = Response<ResBody>>,
{
    type Response = Response<ResBody>;
    type Error = S::Error;
    type Future = Refreshed<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: Request<ReqBody>) -> Self::Future {
        let slot = request.headers().contains_key(header::COOKIE).then(|| {
            let slot = CookieSlot::default();
            request.extensions_mut().insert(slot.clone());
            slot
        });
        Refreshed {
            inner: self.inner.call(request),
            slot,
        }
    }
}

pin_project! {
    /// The inner service's future; adds the refreshed cookie to its response.
    pub struct Refreshed<F> {
        #[pin]
        inner: F,
        slot: Option<CookieSlot>,
    }
}

impl<F, ResBody, E> Future for Refreshed<F>
where
    F: Future<Output = Result<Response<ResBody>, E>>,
{
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let mut result = ready!(this.inner.poll(cx));
        if let (Ok(response), Some(slot)) = (&mut result, this.slot.take())
            && let Some(value) = slot.take()
            && !response.headers().contains_key(header::SET_COOKIE)
        {
            response.headers_mut().append(header::SET_COOKIE, value);
        }
        Poll::Ready(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_256_bits_and_only_their_hash_is_kept() {
        let a = new_token();
        let b = new_token();
        assert_eq!(URL_SAFE_NO_PAD.decode(&a.token).unwrap().len(), 32);
        assert_ne!(a.token, b.token);
        assert_eq!(a.hash, hash_token(&a.token));
        assert_eq!(a.hash.len(), 64);
        assert!(!a.hash.contains(&a.token));
    }

    #[test]
    fn a_user_agent_is_named_in_words() {
        assert_eq!(
            describe_agent(
                "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) \
                 Chrome/130.0.0.0 Safari/537.36"
            ),
            "Chrome on Linux"
        );
        assert_eq!(
            describe_agent(
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 \
                 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
            ),
            "Safari on iPhone"
        );
        assert_eq!(describe_agent(""), "Unknown browser");
        assert_eq!(describe_agent("x"), "Unknown browser");
    }

    #[test]
    fn the_cookie_is_http_only_lax_and_secure_only_over_https() {
        let plain = session_cookie("t".into(), false);
        let plain = plain.to_str().unwrap();
        assert!(plain.contains("HttpOnly") && plain.contains("SameSite=Lax"));
        assert!(!plain.contains("Secure"));
        assert!(
            session_cookie("t".into(), true)
                .to_str()
                .unwrap()
                .contains("Secure")
        );
    }
}
