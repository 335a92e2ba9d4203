//! Where the server may connect on a user's behalf: public internet addresses only (not
//! private, loopback, link-local, metadata or other special ranges), checked after DNS
//! resolution on every address a name resolves to. Push endpoints (platform/push/guard.rs) and images
//! fetched from a URL (platform/media/fetch.rs) both go through it; their clients resolve names with
//! `CheckedResolver`, so a connection goes only to addresses checked here and a name cannot be
//! re-pointed at an inside address between the check and the connection (DNS rebinding).
//!
//! `allow_loopback` (`--push-allow-loopback`, `--fetch-allow-loopback`: tests only) also
//! accepts loopback addresses.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use ipnet::{Ipv4Net, Ipv6Net};

/// How long resolving a name may take.
const RESOLVE_TIMEOUT: Duration = Duration::from_secs(5);

/// Why a name cannot be connected to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Unreachable {
    #[error("the host is not at a public address")]
    NotPublic,
    #[error("the host could not be resolved")]
    Unresolved,
}

/// The addresses `name` resolves to, all of them allowed, or why not.
pub async fn resolve(name: &str, allow_loopback: bool) -> Result<Vec<IpAddr>, Unreachable> {
    let addresses: Vec<IpAddr> =
        tokio::time::timeout(RESOLVE_TIMEOUT, tokio::net::lookup_host((name, 0)))
            .await
            .map_err(|_| Unreachable::Unresolved)?
            .map_err(|_| Unreachable::Unresolved)?
            .map(|address| address.ip())
            .collect();
    if addresses.is_empty() {
        return Err(Unreachable::Unresolved);
    }
    // One inside address among public ones refuses the name: the client may pick any of them.
    if !addresses.iter().all(|ip| allowed(*ip, allow_loopback)) {
        return Err(Unreachable::NotPublic);
    }
    Ok(addresses)
}

/// A client's DNS resolver: a name resolves only to allowed addresses (else the request fails
/// before connecting), and the connection goes to the addresses checked.
pub struct CheckedResolver {
    pub allow_loopback: bool,
}

impl push_http::dns::Resolve for CheckedResolver {
    fn resolve(&self, name: push_http::dns::Name) -> push_http::dns::Resolving {
        let allow_loopback = self.allow_loopback;
        let name = name.as_str().to_owned();
        Box::pin(async move {
            let addresses = resolve(&name, allow_loopback).await?;
            let addrs: push_http::dns::Addrs = Box::new(
                addresses
                    .into_iter()
                    .map(|ip| SocketAddr::new(ip, 0))
                    .collect::<Vec<_>>()
                    .into_iter(),
            );
            Ok(addrs)
        })
    }
}

impl CheckedResolver {
    pub fn shared(allow_loopback: bool) -> Arc<Self> {
        Arc::new(Self { allow_loopback })
    }
}

/// Whether the server may connect to `ip`.
pub fn allowed(ip: IpAddr, allow_loopback: bool) -> bool {
    if allow_loopback && ip.is_loopback() {
        return true;
    }
    match ip {
        IpAddr::V4(ip) => public_v4(ip),
        IpAddr::V6(ip) => public_v6(ip),
    }
}

/// IPv4 ranges that are not the public internet (RFC 6890 and the IANA special-purpose
/// registry), and cloud metadata services outside them.
static DENIED_V4: LazyLock<Vec<Ipv4Net>> = LazyLock::new(|| {
    [
        "0.0.0.0/8",        // "this network", unspecified
        "10.0.0.0/8",       // private
        "100.64.0.0/10",    // carrier-grade NAT (and Alibaba's metadata, 100.100.100.200)
        "127.0.0.0/8",      // loopback
        "169.254.0.0/16",   // link-local (and the metadata service, 169.254.169.254)
        "172.16.0.0/12",    // private
        "192.0.0.0/24",     // IETF protocol assignments (Oracle's metadata, 192.0.0.192)
        "192.0.2.0/24",     // documentation
        "192.88.99.0/24",   // 6to4 relay anycast
        "192.168.0.0/16",   // private
        "198.18.0.0/15",    // benchmarking
        "198.51.100.0/24",  // documentation
        "203.0.113.0/24",   // documentation
        "224.0.0.0/4",      // multicast
        "240.0.0.0/4",      // reserved, and the broadcast address
        "168.63.129.16/32", // Azure's host services (metadata)
    ]
    .iter()
    .map(|net| net.parse().expect("a valid network"))
    .collect()
});

/// IPv6 ranges outside the public internet, within global unicast 2000::/3 (everything outside
/// it is refused anyway).
static DENIED_V6: LazyLock<Vec<Ipv6Net>> = LazyLock::new(|| {
    [
        "2001::/23",     // IETF protocol assignments (Teredo, ORCHID, benchmarking …)
        "2001:db8::/32", // documentation
        "2002::/16",     // 6to4: an IPv4 address inside, of any kind
        "3fff::/20",     // documentation
    ]
    .iter()
    .map(|net| net.parse().expect("a valid network"))
    .collect()
});

static GLOBAL_UNICAST_V6: LazyLock<Ipv6Net> =
    LazyLock::new(|| "2000::/3".parse().expect("a valid network"));
static NAT64_V6: LazyLock<Ipv6Net> =
    LazyLock::new(|| "64:ff9b::/96".parse().expect("a valid network"));

fn public_v4(ip: Ipv4Addr) -> bool {
    !DENIED_V4.iter().any(|net| net.contains(&ip))
}

fn public_v6(ip: Ipv6Addr) -> bool {
    // An IPv4 address written as IPv6 (::ffff:a.b.c.d) or translated by NAT64 (64:ff9b::a.b.c.d)
    // reaches that IPv4 address: it is judged as one.
    if let Some(v4) = ip.to_ipv4_mapped() {
        return public_v4(v4);
    }
    if NAT64_V6.contains(&ip) {
        let [.., a, b, c, d] = ip.octets();
        return public_v4(Ipv4Addr::new(a, b, c, d));
    }
    // Loopback, unspecified, unique local (fc00::/7), link-local (fe80::/10), multicast
    // (ff00::/8) and the rest of the special space all lie outside 2000::/3.
    GLOBAL_UNICAST_V6.contains(&ip) && !DENIED_V6.iter().any(|net| net.contains(&ip))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn public_addresses_are_allowed() {
        for public in [
            "8.8.8.8",
            "142.250.74.10",
            "1.1.1.1",
            "2001:4860:4860::8888",
            "2a00:1450:4001:80b::200a",
            "::ffff:8.8.8.8",
            "64:ff9b::808:808",
        ] {
            assert!(allowed(ip(public), false), "{public} is public");
        }
    }

    #[test]
    fn inside_and_special_addresses_are_refused() {
        for inside in [
            "127.0.0.1",
            "127.1.2.3",
            "0.0.0.0",
            "10.0.0.1",
            "172.16.5.4",
            "172.31.255.255",
            "192.168.1.1",
            "169.254.169.254",
            "169.254.1.1",
            "100.64.0.1",
            "100.100.100.200",
            "192.0.0.192",
            "192.0.2.1",
            "198.51.100.7",
            "203.0.113.9",
            "198.18.0.1",
            "224.0.0.1",
            "239.255.255.250",
            "255.255.255.255",
            "240.0.0.1",
            "168.63.129.16",
            "::",
            "::1",
            "fc00::1",
            "fd00:ec2::254",
            "fe80::1",
            "fec0::1",
            "ff02::1",
            "2001:db8::1",
            "3fff::1",
            "2001::1",
            "2002:7f00:1::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "::ffff:169.254.169.254",
            "64:ff9b::7f00:1",
            "64:ff9b::a9fe:a9fe",
            "::127.0.0.1",
            "100::1",
        ] {
            assert!(!allowed(ip(inside), false), "{inside} is refused");
        }
    }

    #[test]
    fn loopback_is_allowed_only_when_asked_and_nothing_else_inside_is() {
        assert!(allowed(ip("127.0.0.1"), true));
        assert!(allowed(ip("::1"), true));
        assert!(!allowed(ip("10.0.0.1"), true));
        assert!(!allowed(ip("169.254.169.254"), true));
        assert!(!allowed(ip("::1"), false));
    }
}
