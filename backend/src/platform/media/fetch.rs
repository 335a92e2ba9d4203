//! An image given as an http(s) URL is fetched once, at posting time, and then goes through the
//! upload pipeline: a viewer's browser never loads it from elsewhere (their address would go to
//! that server). Only public addresses (`outbound`, the push endpoints' guard), at most
//! `MAX_REDIRECTS` redirects followed by hand with each hop checked again, `FETCH_TIMEOUT` in
//! all, and the body read in chunks and dropped past `FETCH_MAX_BYTES`.

use std::net::IpAddr;
use std::time::Duration;

use url::{Host, Url};

use crate::platform::outbound::{CheckedResolver, allowed};

/// The whole fetch (every hop, the body included) ends within this.
pub const FETCH_TIMEOUT: Duration = Duration::from_secs(10);
/// The largest body read (bigger ones are refused).
pub const FETCH_MAX_BYTES: usize = 10 * 1024 * 1024;
/// Redirects followed at most.
pub const MAX_REDIRECTS: usize = 5;

/// Why a URL gave no bytes (all are the API's 400 'Could not fetch that image').
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum FetchFailed {
    #[error("not an http(s) URL")]
    BadUrl,
    #[error("not a public address")]
    NotPublic,
    #[error("the server could not be reached or answered an error")]
    Unreachable,
    #[error("too many redirects")]
    TooManyRedirects,
    #[error("the body is over the size limit")]
    TooBig,
    #[error("timed out")]
    TimedOut,
}

/// The body of `url`, following redirects by hand; `allow_loopback` (`--fetch-allow-loopback`,
/// tests only) also accepts loopback addresses.
pub async fn fetch(url: &str, allow_loopback: bool) -> Result<Vec<u8>, FetchFailed> {
    tokio::time::timeout(FETCH_TIMEOUT, follow(url, allow_loopback))
        .await
        .map_err(|_| FetchFailed::TimedOut)?
}

async fn follow(url: &str, allow_loopback: bool) -> Result<Vec<u8>, FetchFailed> {
    let client = push_http::Client::builder()
        // A proxy from the environment would connect for us, to addresses never checked.
        .no_proxy()
        .redirect(push_http::redirect::Policy::none())
        // A name resolves only to allowed addresses, and the connection goes to those.
        .dns_resolver(CheckedResolver::shared(allow_loopback))
        .build()
        .map_err(|_| FetchFailed::Unreachable)?;
    let mut url = Url::parse(url).map_err(|_| FetchFailed::BadUrl)?;
    for _ in 0..=MAX_REDIRECTS {
        check_hop(&url, allow_loopback)?;
        let response = client
            .get(url.clone())
            .header("accept", "image/*")
            .send()
            .await
            .map_err(|_| FetchFailed::Unreachable)?;
        let status = response.status();
        if status.is_redirection() {
            let location = response
                .headers()
                .get("location")
                .and_then(|value| value.to_str().ok())
                .ok_or(FetchFailed::Unreachable)?;
            url = url.join(location).map_err(|_| FetchFailed::BadUrl)?;
            continue;
        }
        if !status.is_success() {
            return Err(FetchFailed::Unreachable);
        }
        return read_body(response).await;
    }
    Err(FetchFailed::TooManyRedirects)
}

/// A hop's scheme and, for a literal address, the address (a name is checked when resolved).
pub fn check_hop(url: &Url, allow_loopback: bool) -> Result<(), FetchFailed> {
    if !matches!(url.scheme(), "http" | "https")
        || !url.username().is_empty()
        || url.password().is_some()
    {
        return Err(FetchFailed::BadUrl);
    }
    let literal = match url.host() {
        Some(Host::Ipv4(ip)) => IpAddr::V4(ip),
        Some(Host::Ipv6(ip)) => IpAddr::V6(ip),
        Some(Host::Domain(name)) if !name.is_empty() => return Ok(()),
        _ => return Err(FetchFailed::BadUrl),
    };
    if allowed(literal, allow_loopback) {
        Ok(())
    } else {
        Err(FetchFailed::NotPublic)
    }
}

async fn read_body(mut response: push_http::Response) -> Result<Vec<u8>, FetchFailed> {
    if response
        .content_length()
        .is_some_and(|length| length > FETCH_MAX_BYTES as u64)
    {
        return Err(FetchFailed::TooBig);
    }
    let mut body = Vec::new();
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|_| FetchFailed::Unreachable)?
    {
        if body.len() + chunk.len() > FETCH_MAX_BYTES {
            return Err(FetchFailed::TooBig);
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hop(url: &str, allow_loopback: bool) -> Result<(), FetchFailed> {
        check_hop(&Url::parse(url).unwrap(), allow_loopback)
    }

    #[test]
    fn inside_addresses_are_refused_even_with_loopback_allowed() {
        for url in [
            "http://10.0.0.1/a.png",
            "http://169.254.169.254/latest/meta-data",
            "http://192.168.1.1/a.png",
            "http://[fd00::1]/a.png",
            "http://[::ffff:169.254.169.254]/a.png",
        ] {
            assert_eq!(hop(url, true), Err(FetchFailed::NotPublic), "{url}");
            assert_eq!(hop(url, false), Err(FetchFailed::NotPublic), "{url}");
        }
    }

    #[test]
    fn loopback_is_refused_unless_allowed() {
        for url in ["http://127.0.0.1:8080/a.png", "https://[::1]/a.png"] {
            assert_eq!(hop(url, false), Err(FetchFailed::NotPublic), "{url}");
            assert_eq!(hop(url, true), Ok(()), "{url}");
        }
    }

    #[test]
    fn only_http_and_https_without_credentials_pass() {
        assert_eq!(hop("ftp://8.8.8.8/a.png", false), Err(FetchFailed::BadUrl));
        assert_eq!(hop("file:///etc/passwd", false), Err(FetchFailed::BadUrl));
        assert_eq!(
            hop("https://user:pw@images.example.com/a.png", false),
            Err(FetchFailed::BadUrl)
        );
        assert_eq!(hop("http://8.8.8.8/a.png", false), Ok(()));
        assert_eq!(hop("https://images.example.com/a.png", false), Ok(()));
    }
}
