//! A browser's push subscription keys (RFC 8291), checked before anything is stored: a key
//! that cannot encrypt would fail every push later, far from the request that gave it.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use crate::kernel::error::DomainError;

pub const P256DH_INVALID: &str =
    "The push subscription's p256dh key must be a P-256 public key (65 bytes, base64url)";
pub const AUTH_INVALID: &str = "The push subscription's auth secret must be 16 bytes (base64url)";

/// The keys of a subscription, as the browser gave them (base64url, unpadded).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PushKeys {
    pub p256dh: String,
    pub auth: String,
}

impl PushKeys {
    /// `p256dh` must be an uncompressed point on P-256 (65 bytes, starting 0x04), `auth` 16
    /// bytes; both base64url, padded or not.
    pub fn parse(p256dh: &str, auth: &str) -> Result<Self, DomainError> {
        let p256dh = unpadded(p256dh);
        let point = URL_SAFE_NO_PAD
            .decode(p256dh)
            .map_err(|_| DomainError::invalid(P256DH_INVALID))?;
        if point.len() != 65
            || point[0] != 0x04
            || p256::PublicKey::from_sec1_bytes(&point).is_err()
        {
            return Err(DomainError::invalid(P256DH_INVALID));
        }
        let auth = unpadded(auth);
        let secret = URL_SAFE_NO_PAD
            .decode(auth)
            .map_err(|_| DomainError::invalid(AUTH_INVALID))?;
        if secret.len() != 16 {
            return Err(DomainError::invalid(AUTH_INVALID));
        }
        Ok(Self {
            p256dh: p256dh.to_owned(),
            auth: auth.to_owned(),
        })
    }
}

fn unpadded(text: &str) -> &str {
    text.trim().trim_end_matches('=')
}

#[cfg(test)]
mod tests {
    use super::*;

    // A subscription's keys as Chrome gives them (web-push's test vectors).
    const P256DH: &str =
        "BLMbF9ffKBiWQLCKvTHb6LO8Nb6dcUh6TItC455vu2kElga6PQvUmaFyCdykxY2nOSSL3yKgfbmFLRTUaGv4yV8";
    const AUTH: &str = "xS03Fi5ErfTNH_l9WHE9Ig";

    #[test]
    fn a_browsers_keys_parse() {
        let keys = PushKeys::parse(P256DH, AUTH).unwrap();
        assert_eq!(keys.p256dh, P256DH);
        let padded = PushKeys::parse(&format!("{P256DH}="), &format!("{AUTH}==")).unwrap();
        assert_eq!(padded, keys);
    }

    #[test]
    fn keys_that_cannot_encrypt_are_refused() {
        let not_on_curve = URL_SAFE_NO_PAD.encode([&[4u8][..], &[1u8; 64][..]].concat());
        let compressed = URL_SAFE_NO_PAD.encode([&[2u8][..], &[1u8; 32][..]].concat());
        for p256dh in ["", "not base64!", "AAAA", &not_on_curve, &compressed] {
            assert_eq!(
                PushKeys::parse(p256dh, AUTH),
                Err(DomainError::invalid(P256DH_INVALID)),
                "{p256dh}"
            );
        }
        let short = URL_SAFE_NO_PAD.encode([7u8; 15]);
        for auth in ["", "%%%", short.as_str()] {
            assert_eq!(
                PushKeys::parse(P256DH, auth),
                Err(DomainError::invalid(AUTH_INVALID)),
                "{auth}"
            );
        }
    }
}
