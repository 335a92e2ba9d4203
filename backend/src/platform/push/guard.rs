//! Where the server may POST a push: the endpoint is a URL a user gave us, so it must be https to
//! a public address (docs/push.md). Checked when a browser subscribes and again on every send,
//! after DNS resolution and on every address a name resolves to (`outbound`, shared with images
//! fetched from a URL); the sender connects only to the addresses checked there
//! (`outbound::CheckedResolver`), so a name cannot be re-pointed at an inside address between
//! the check and the connection (DNS rebinding).
//!
//! `allow_loopback` (`--push-allow-loopback`, tests only) also accepts loopback addresses, and
//! plain http to them.

use std::net::IpAddr;

use url::{Host, Url};

use crate::platform::outbound;
use crate::platform::outbound::{Unreachable, allowed};

/// The longest endpoint accepted (push services' are a few hundred characters).
pub const ENDPOINT_MAX: usize = 2000;

/// Why an endpoint is refused; the message is the API's 400 text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("The push endpoint must be an https URL")]
    NotHttps,
    #[error("The push endpoint is not a valid URL")]
    Malformed,
    #[error("The push endpoint must be at a public address")]
    NotPublic,
    #[error("The push endpoint's host could not be resolved")]
    Unresolved,
}

/// Parses `endpoint` and checks its scheme and host; a name is resolved and every address
/// checked. Answers the URL and the addresses it may be reached at.
pub async fn check(endpoint: &str, allow_loopback: bool) -> Result<(Url, Vec<IpAddr>), Refused> {
    let url = check_url(endpoint, allow_loopback)?;
    let addresses = match url.host() {
        Some(Host::Ipv4(ip)) => vec![IpAddr::V4(ip)],
        Some(Host::Ipv6(ip)) => vec![IpAddr::V6(ip)],
        Some(Host::Domain(name)) => {
            outbound::resolve(name, allow_loopback)
                .await
                .map_err(|err| match err {
                    Unreachable::NotPublic => Refused::NotPublic,
                    Unreachable::Unresolved => Refused::Unresolved,
                })?
        }
        None => return Err(Refused::Malformed),
    };
    if url.scheme() == "http" && !addresses.iter().all(IpAddr::is_loopback) {
        return Err(Refused::NotHttps);
    }
    Ok((url, addresses))
}

/// What can be checked without DNS: the URL's shape, its scheme, and a literal address.
pub fn check_url(endpoint: &str, allow_loopback: bool) -> Result<Url, Refused> {
    if endpoint.len() > ENDPOINT_MAX {
        return Err(Refused::Malformed);
    }
    let url = Url::parse(endpoint).map_err(|_| Refused::Malformed)?;
    if !url.username().is_empty() || url.password().is_some() {
        return Err(Refused::Malformed);
    }
    let literal = match url.host() {
        Some(Host::Ipv4(ip)) => Some(IpAddr::V4(ip)),
        Some(Host::Ipv6(ip)) => Some(IpAddr::V6(ip)),
        Some(Host::Domain(_)) => None,
        None => return Err(Refused::Malformed),
    };
    match url.scheme() {
        "https" => {}
        // Plain http only to a loopback address, and only when allowed (tests).
        "http" if allow_loopback && literal.is_none_or(|ip| ip.is_loopback()) => {}
        _ => return Err(Refused::NotHttps),
    }
    if let Some(ip) = literal
        && !allowed(ip, allow_loopback)
    {
        return Err(Refused::NotPublic);
    }
    Ok(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_https_urls_without_credentials_pass() {
        assert_eq!(
            check_url("http://push.example.com/x", false),
            Err(Refused::NotHttps)
        );
        assert_eq!(
            check_url("ftp://push.example.com/x", false),
            Err(Refused::NotHttps)
        );
        assert_eq!(check_url("not a url", false), Err(Refused::Malformed));
        assert_eq!(
            check_url("https://user:pw@push.example.com/x", false),
            Err(Refused::Malformed)
        );
        let long = format!("https://push.example.com/{}", "a".repeat(ENDPOINT_MAX));
        assert_eq!(check_url(&long, false), Err(Refused::Malformed));
        assert!(check_url("https://push.example.com/send/abc", false).is_ok());
    }

    #[test]
    fn literal_inside_addresses_are_refused_without_dns() {
        for url in [
            "https://127.0.0.1/x",
            "https://10.0.0.1/x",
            "https://[::1]/x",
            "https://169.254.169.254/latest/meta-data",
            "https://[::ffff:7f00:1]/x",
            "https://2130706433/x", // 127.0.0.1 as one number: the URL parser reads it so
            "https://0x7f.1/x",
        ] {
            assert_eq!(check_url(url, false), Err(Refused::NotPublic), "{url}");
        }
    }

    #[test]
    fn allow_loopback_accepts_http_to_loopback_only() {
        assert!(check_url("http://127.0.0.1:8081/push", true).is_ok());
        assert!(check_url("https://127.0.0.1:8081/push", true).is_ok());
        assert!(check_url("http://[::1]:8081/push", true).is_ok());
        assert_eq!(
            check_url("http://127.0.0.1:8081/push", false),
            Err(Refused::NotHttps)
        );
        assert_eq!(
            check_url("http://10.0.0.1/push", true),
            Err(Refused::NotHttps)
        );
        assert_eq!(
            check_url("https://10.0.0.1/push", true),
            Err(Refused::NotPublic)
        );
    }

    #[tokio::test]
    async fn a_name_resolving_to_loopback_is_refused() {
        assert_eq!(
            check("https://localhost/push", false).await.map(|_| ()),
            Err(Refused::NotPublic)
        );
        // With loopback allowed, http to a name is accepted only if it resolves to loopback.
        assert!(check("http://localhost:9/push", true).await.is_ok());
    }
}
