//! One-time secrets (issue 41): the links mailed for a password reset, a sign-up's verification
//! and an email change, and the challenge of a sign-in waiting for its second factor. Each is
//! `{id}.{secret}`: the row's id finds it, the secret (32 random bytes, base64url) proves it.
//! Only the secret's SHA-256 is stored, and it is compared in constant time, so neither a read
//! of the table nor the timing of a guess opens anything.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// A fresh secret and the hash to store.
pub struct NewSecret {
    pub secret: String,
    pub hash: String,
}

pub fn new_secret() -> NewSecret {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the OS random source works");
    let secret = URL_SAFE_NO_PAD.encode(bytes);
    let hash = hash(&secret);
    NewSecret { secret, hash }
}

/// SHA-256 of `secret`, hex.
pub fn hash(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// Whether `secret` hashes to `stored`, in time that does not depend on where they differ.
pub fn matches(stored: &str, secret: &str) -> bool {
    let given = hash(secret);
    stored.as_bytes().ct_eq(given.as_bytes()).into()
}

/// The text handed out: `{id}.{secret}`.
pub fn token(id: i64, secret: &str) -> String {
    format!("{id}.{secret}")
}

/// A token split into its row id and secret; `None` for anything not of that shape.
pub fn parse(token: &str) -> Option<(i64, &str)> {
    let (id, secret) = token.trim().split_once('.')?;
    let id: i64 = id.parse().ok().filter(|id| *id > 0)?;
    (secret.len() == 43
        && secret
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'))
    .then_some((id, secret))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_256_bits_and_only_their_hash_is_kept() {
        let a = new_secret();
        let b = new_secret();
        assert_eq!(URL_SAFE_NO_PAD.decode(&a.secret).unwrap().len(), 32);
        assert_ne!(a.secret, b.secret);
        assert!(matches(&a.hash, &a.secret));
        assert!(!matches(&a.hash, &b.secret));
        assert!(!a.hash.contains(&a.secret));
    }

    #[test]
    fn a_token_is_the_id_and_the_secret() {
        let secret = new_secret().secret;
        let text = token(42, &secret);
        assert_eq!(parse(&text), Some((42, secret.as_str())));
        assert_eq!(parse("42"), None);
        assert_eq!(parse("x.abc"), None);
        assert_eq!(parse("-1.abc"), None);
        assert_eq!(parse(&format!("7.{}", &secret[1..])), None);
        assert_eq!(parse(&format!("7.{}!", &secret[1..])), None);
    }
}
