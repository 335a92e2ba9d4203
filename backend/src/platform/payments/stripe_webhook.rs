//! Stripe's webhook signature (issue 42), as Stripe documents it for `Stripe-Signature`:
//! `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{raw body}" keyed with the endpoint's secret}`
//! (several `v1` may be present while a secret is rolled). An event is taken only when one `v1`
//! matches, compared in constant time, and `t` is within the tolerance of now (5 minutes), so a
//! captured request cannot be replayed later; a replay within it is caught by the event's id,
//! which the caller records.

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// How far `t` may be from now, either way.
pub const TOLERANCE_SECS: i64 = 5 * 60;

/// Why a webhook request is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignatureError {
    /// No `t` or no `v1` in the header.
    Malformed,
    /// `t` is more than the tolerance away from now.
    Stale,
    /// No `v1` matches the body.
    Mismatch,
}

/// Checks `header` (the `Stripe-Signature` value) over `payload` (the raw body) with `secret`
/// at `now_secs`.
pub fn verify(
    header: &str,
    payload: &[u8],
    secret: &str,
    now_secs: i64,
) -> Result<(), SignatureError> {
    let mut timestamp: Option<i64> = None;
    let mut signatures: Vec<Vec<u8>> = Vec::new();
    for part in header.split(',') {
        let Some((key, value)) = part.trim().split_once('=') else {
            continue;
        };
        match key {
            "t" => timestamp = value.parse().ok(),
            "v1" => {
                if let Ok(bytes) = hex::decode(value) {
                    signatures.push(bytes);
                }
            }
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(SignatureError::Malformed)?;
    if signatures.is_empty() {
        return Err(SignatureError::Malformed);
    }
    if (now_secs - timestamp).abs() > TOLERANCE_SECS {
        return Err(SignatureError::Stale);
    }
    // `verify_slice` compares in constant time.
    let matches = signatures.iter().any(|signature| {
        signer(secret, timestamp, payload)
            .verify_slice(signature)
            .is_ok()
    });
    if matches {
        return Ok(());
    }
    Err(SignatureError::Mismatch)
}

fn signer(secret: &str, timestamp: i64, payload: &[u8]) -> Hmac<Sha256> {
    let mut mac =
        Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    mac
}

/// The header Stripe would send for `payload` at `timestamp` (tests sign their own events).
pub fn sign(payload: &[u8], secret: &str, timestamp: i64) -> String {
    let mac = signer(secret, timestamp, payload);
    format!(
        "t={timestamp},v1={}",
        hex::encode(mac.finalize().into_bytes())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test_secret";
    const BODY: &[u8] = br#"{"id":"evt_1","type":"payment_intent.succeeded"}"#;

    #[test]
    fn a_body_signed_with_the_secret_within_five_minutes_is_taken() {
        let header = sign(BODY, SECRET, 1_700_000_000);
        assert_eq!(verify(&header, BODY, SECRET, 1_700_000_000), Ok(()));
        assert_eq!(verify(&header, BODY, SECRET, 1_700_000_299), Ok(()));
        // Several v1 while a secret rolls: one matching is enough.
        let rolled = format!("{header},v1={}", "00".repeat(32));
        assert_eq!(verify(&rolled, BODY, SECRET, 1_700_000_000), Ok(()));
    }

    #[test]
    fn another_body_secret_or_time_is_refused() {
        let header = sign(BODY, SECRET, 1_700_000_000);
        assert_eq!(
            verify(&header, b"{}", SECRET, 1_700_000_000),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            verify(&header, BODY, "whsec_other", 1_700_000_000),
            Err(SignatureError::Mismatch)
        );
        assert_eq!(
            verify(&header, BODY, SECRET, 1_700_000_301),
            Err(SignatureError::Stale)
        );
        assert_eq!(
            verify("v1=abcd", BODY, SECRET, 1_700_000_000),
            Err(SignatureError::Malformed)
        );
        assert_eq!(
            verify("t=1700000000", BODY, SECRET, 1_700_000_000),
            Err(SignatureError::Malformed)
        );
    }
}
