//! The server's VAPID key pair (RFC 8292): push services accept a subscription's pushes only
//! when signed by the key it was made with, so the key is kept: given with
//! `--vapid-private-key` (the raw P-256 private scalar in base64url, as `web-push
//! generate-vapid-keys` prints it, or a PEM file's text), or made at first start and stored in
//! the database, where every instance finds the same one.

use anyhow::Context;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use web_push::{PartialVapidSignatureBuilder, VapidSignatureBuilder};

use crate::platform::db::Db;
use crate::platform::push::store;

/// A VAPID key pair, ready to sign.
#[derive(Clone)]
pub struct Vapid {
    signer: PartialVapidSignatureBuilder,
    /// The uncompressed public point, base64url without padding.
    public_key: String,
}

impl Vapid {
    /// The key from the flag when given, else the stored one (made and stored when missing).
    pub async fn load(given: Option<&str>, db: &Db) -> anyhow::Result<Self> {
        if let Some(given) = given.map(str::trim).filter(|key| !key.is_empty()) {
            return Self::parse(given).context(
                "--vapid-private-key (ATELIER_VAPID_PRIVATE_KEY) is not a P-256 private key: \
                 give the raw key in base64url, or a PEM file's text",
            );
        }
        let stored = match store::vapid_key(db).await? {
            Some(stored) => stored,
            None => {
                let stored = store::store_vapid_key(db, &generate()).await?;
                tracing::info!("made the server's VAPID key for Web Push");
                stored
            }
        };
        Self::parse(&stored).context("the stored VAPID key does not parse")
    }

    /// A key in base64url (the raw 32-byte scalar) or PEM (SEC1 or PKCS#8).
    pub fn parse(key: &str) -> anyhow::Result<Self> {
        let signer = if key.starts_with("-----BEGIN") {
            VapidSignatureBuilder::from_pem_no_sub(key.as_bytes())
        } else {
            let key = key.trim_end_matches('=');
            // web-push panics on a key that is not 32 bytes long: checked first.
            let scalar = URL_SAFE_NO_PAD.decode(key).context("not base64url")?;
            if p256::SecretKey::from_slice(&scalar).is_err() || scalar.len() != 32 {
                anyhow::bail!("not a 32-byte P-256 private key");
            }
            VapidSignatureBuilder::from_base64_no_sub(key)
        }
        .map_err(|err| anyhow::anyhow!("{err}"))?;
        let public_key = URL_SAFE_NO_PAD.encode(signer.get_public_key());
        Ok(Self { signer, public_key })
    }

    /// The public key for `pushManager.subscribe`.
    pub fn public_key(&self) -> &str {
        &self.public_key
    }

    /// A signer to add a subscription to.
    pub fn signer(&self) -> PartialVapidSignatureBuilder {
        self.signer.clone()
    }
}

/// A new private key: 32 random bytes that are a valid P-256 scalar, base64url.
pub fn generate() -> String {
    loop {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).expect("the system's random source");
        // Zero or a number past the curve's order (odds about 2^-32) is drawn again.
        if p256::SecretKey::from_slice(&bytes).is_ok() {
            return URL_SAFE_NO_PAD.encode(bytes);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_made_key_parses_and_has_an_uncompressed_public_point() {
        let key = Vapid::parse(&generate()).unwrap();
        let public = URL_SAFE_NO_PAD.decode(key.public_key()).unwrap();
        assert_eq!(public.len(), 65);
        assert_eq!(public[0], 4);
        assert!(p256::PublicKey::from_sec1_bytes(&public).is_ok());
    }

    #[test]
    fn a_key_from_web_push_tools_parses_with_its_known_public_key() {
        // The key pair of web-push's own documentation.
        let key = Vapid::parse("IQ9Ur0ykXoHS9gzfYX0aBjy9lvdrjx_PFUXmie9YRcY").unwrap();
        assert_eq!(URL_SAFE_NO_PAD.decode(key.public_key()).unwrap().len(), 65);
        assert!(Vapid::parse("not a key").is_err());
        assert!(Vapid::parse("AAAA").is_err());
    }
}
