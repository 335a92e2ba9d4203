//! Two-factor sign-in (issue 41): TOTP codes (RFC 6238: HMAC-SHA-1, 6 digits, 30-second steps,
//! one step of drift either way) from a 160-bit secret, the `otpauth://` URI authenticator apps
//! read, and ten one-time recovery codes. A code is accepted once: the step it matched is kept
//! and no code of that step or an earlier one is taken again.

use sha2::{Digest, Sha256};
use totp_rs::{Algorithm, Builder, Secret, Totp};

/// The issuer authenticator apps show beside the account.
pub const ISSUER: &str = "Atelier";
/// How many recovery codes an account gets.
pub const RECOVERY_CODES: usize = 10;

/// A new 160-bit secret, base32 (what the setup key shows and the URI carries).
pub fn new_secret() -> String {
    let mut bytes = [0u8; 20];
    getrandom::fill(&mut bytes).expect("the OS random source works");
    Secret::new(bytes.to_vec().into_boxed_slice()).to_base32()
}

fn totp(secret_base32: &str, account: &str) -> Option<Totp> {
    let secret = Secret::try_from_base32(secret_base32).ok()?;
    Builder::new()
        .with_algorithm(Algorithm::SHA1)
        .with_digits(6)
        .with_step_duration(30)
        .with_skew(1)
        .with_secret(secret)
        .with_account_name(account)
        .with_issuer(Some(ISSUER))
        .build()
        .ok()
}

/// `otpauth://totp/Atelier:{account}?secret=…&issuer=Atelier…` for `secret_base32`.
pub fn otpauth_uri(secret_base32: &str, account: &str) -> Option<String> {
    totp(secret_base32, account)?.to_url().ok()
}

/// The step `code` matches at `now_ms` (within one step either way), if it does and the step is
/// later than `last_step` (a code is never taken twice).
pub fn check(secret_base32: &str, code: &str, now_ms: i64, last_step: Option<i64>) -> Option<i64> {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let seconds = u64::try_from(now_ms / 1000).ok()?;
    let step = totp(secret_base32, "-")?.check(&code, seconds)?;
    let step = i64::try_from(step).ok()?;
    last_step.is_none_or(|last| step > last).then_some(step)
}

/// Whether `code` looks like a recovery code rather than a TOTP code.
pub fn is_recovery_code(code: &str) -> bool {
    normalise_recovery(code).len() == 10
}

/// Ten recovery codes, `xxxxx-xxxxx` of lowercase letters and digits (50 random bits each).
pub fn new_recovery_codes() -> Vec<String> {
    const ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";
    (0..RECOVERY_CODES)
        .map(|_| {
            let mut bytes = [0u8; 10];
            getrandom::fill(&mut bytes).expect("the OS random source works");
            let chars: String = bytes
                .iter()
                .map(|b| char::from(ALPHABET[usize::from(b & 31)]))
                .collect();
            format!("{}-{}", &chars[..5], &chars[5..])
        })
        .collect()
}

/// The hash kept of `user_id`'s recovery code `code` (typed with or without its dash, in any
/// case).
pub fn recovery_hash(user_id: i64, code: &str) -> String {
    let mut digest = Sha256::new();
    digest.update(user_id.to_be_bytes());
    digest.update(normalise_recovery(code).as_bytes());
    hex::encode(digest.finalize())
}

fn normalise_recovery(code: &str) -> String {
    code.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238 appendix B: the SHA-1 seed is the ASCII "12345678901234567890"; the published
    /// 8-digit codes end in these 6 digits.
    const RFC_SECRET: &str = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

    #[test]
    fn codes_match_the_rfc_6238_test_vectors() {
        for (seconds, code) in [
            (59_i64, "287082"),
            (1_111_111_109, "081804"),
            (1_111_111_111, "050471"),
            (1_234_567_890, "005924"),
            (2_000_000_000, "279037"),
        ] {
            assert_eq!(
                check(RFC_SECRET, code, seconds * 1000, None),
                Some(seconds / 30),
                "T = {seconds}"
            );
        }
        assert_eq!(check(RFC_SECRET, "000000", 59_000, None), None);
    }

    #[test]
    fn a_code_is_taken_once_and_within_one_step_of_drift() {
        let at = 1_234_567_890_000;
        let step = check(RFC_SECRET, "005924", at, None).unwrap();
        assert_eq!(check(RFC_SECRET, "005924", at, Some(step)), None);
        assert_eq!(check(RFC_SECRET, "005924", at + 30_000, None), Some(step));
        assert_eq!(check(RFC_SECRET, "005924", at + 90_000, None), None);
        assert_eq!(check(RFC_SECRET, "00592", at, None), None);
        assert_eq!(check(RFC_SECRET, "005 924", at, None), Some(step));
    }

    #[test]
    fn the_uri_names_the_issuer_and_the_account() {
        let secret = new_secret();
        assert_eq!(secret.len(), 32);
        let uri = otpauth_uri(&secret, "maya").unwrap();
        assert!(uri.starts_with("otpauth://totp/Atelier:maya?"), "{uri}");
        assert!(uri.contains(&format!("secret={secret}")), "{uri}");
        assert!(uri.contains("issuer=Atelier"), "{uri}");
    }

    #[test]
    fn recovery_codes_are_ten_different_and_typed_loosely() {
        let codes = new_recovery_codes();
        assert_eq!(codes.len(), 10);
        assert!(codes.iter().all(|c| c.len() == 11 && &c[5..6] == "-"));
        let mut unique = codes.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 10);
        let code = &codes[0];
        assert!(is_recovery_code(code));
        assert!(!is_recovery_code("123456"));
        assert_eq!(
            recovery_hash(1, code),
            recovery_hash(1, &code.to_uppercase().replace('-', ""))
        );
        assert_ne!(recovery_hash(1, code), recovery_hash(2, code));
    }
}
