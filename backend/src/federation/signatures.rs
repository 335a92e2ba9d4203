//! HTTP Signatures, both ways (issue 46). Outgoing requests are signed with draft-cavage
//! (`rsa-sha256` over `(request-target) host date digest content-type`), which Mastodon, Pixelfed
//! and Fedify all accept, GETs included (authorized fetch). Incoming requests are verified in
//! either flavour, draft-cavage (`Signature`) or RFC 9421 (`Signature-Input`), by
//! `actpub-httpsig`: the `Date` (or `created`) within 12 hours past and 5 minutes ahead, the
//! covered components at least Mastodon's, and a POST's body held to its `Digest` or
//! `Content-Digest`, which a signed request must carry and cover.

use actpub_httpsig::{
    CavageSigner, RsaBits, SigningKey, Verified, VerifyPolicy, VerifyingKey, content_digest_header,
    sha256_digest_header, verify_content_digest_header, verify_digest_header, verify_with_policy,
};
use axum::http::{HeaderValue, Method, Request, header};
use chrono::{DateTime, Utc};

/// Why a request's signature is refused (each answered 401, and nothing it carries is kept).
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    #[error("the request is not signed")]
    Unsigned,
    #[error(
        "a request with a body must carry a Digest or Content-Digest that its signature covers"
    )]
    NoDigest,
    #[error("the body does not match its digest")]
    DigestMismatch,
    #[error("the signature's key is unknown")]
    UnknownKey,
    #[error("the signature does not verify: {0}")]
    Invalid(String),
}

/// A new actor key pair: RSA 2048 (what Mastodon makes), as PKCS#8 and SPKI PEM documents.
pub fn new_key_pair() -> anyhow::Result<(String, String)> {
    let key = SigningKey::generate_rsa(RsaBits::Rsa2048)?;
    Ok((key.to_pem(), key.verifying_key().to_pem()))
}

/// Signs `request` (an absolute URI, any method) as the actor whose private key is
/// `private_pem` and whose key is published as `key_id`: `Host` and `Date` are set from the URI
/// and `now`, and a body gets its `Digest` (draft-cavage) and `Content-Digest` (RFC 9421).
pub fn sign(
    request: &mut Request<Vec<u8>>,
    private_pem: &str,
    key_id: &str,
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    let key = SigningKey::from_pem(private_pem)?;
    let host = request
        .uri()
        .authority()
        .ok_or_else(|| anyhow::anyhow!("a signed request needs an absolute URI"))?
        .as_str()
        .to_owned();
    let date = now.format("%a, %d %b %Y %H:%M:%S GMT").to_string();
    let headers = request.headers_mut();
    headers.insert(header::HOST, HeaderValue::from_str(&host)?);
    headers.insert(header::DATE, HeaderValue::from_str(&date)?);
    let mut covered = vec!["(request-target)", "host", "date"];
    if request.method() != Method::GET && request.method() != Method::HEAD {
        let digest = sha256_digest_header(request.body());
        let content_digest = content_digest_header(request.body());
        let headers = request.headers_mut();
        headers.insert("digest", HeaderValue::from_str(&digest)?);
        headers.insert("content-digest", HeaderValue::from_str(&content_digest)?);
        covered.push("digest");
        if request.headers().contains_key(header::CONTENT_TYPE) {
            covered.push("content-type");
        }
    }
    CavageSigner::new(&key, key_id)
        .with_headers(covered)
        .sign(request)?;
    Ok(())
}

/// Verifies `request` (its body read whole) at `now`, the signer's key found by `public_key`
/// (its `keyId` → its SPKI PEM; `None` when unknown). Answers the `keyId` that signed it.
pub fn verify<F>(
    request: &Request<Vec<u8>>,
    now: DateTime<Utc>,
    mut public_key: F,
) -> Result<String, Refused>
where
    F: FnMut(&str) -> Option<String>,
{
    let headers = request.headers();
    if !headers.contains_key("signature") {
        return Err(Refused::Unsigned);
    }
    let mut unknown = false;
    let verified = verify_with_policy(request, &VerifyPolicy::mastodon(), now, |key_id| {
        let Some(pem) = public_key(key_id) else {
            unknown = true;
            return Err(actpub_httpsig::Error::KeyResolution(format!(
                "unknown key {key_id}"
            )));
        };
        VerifyingKey::from_pem(&pem)
    })
    .map_err(|err| {
        if unknown {
            Refused::UnknownKey
        } else {
            Refused::Invalid(err.to_string())
        }
    })?;
    let has_body = !request.body().is_empty() || request.method() == Method::POST;
    if has_body {
        let covers = |name: &str| match &verified {
            Verified::Cavage(c) => c
                .signature_base
                .lines()
                .any(|l| l.starts_with(&format!("{name}:"))),
            Verified::Rfc9421(r) => r
                .signature_base
                .lines()
                .any(|l| l.starts_with(&format!("\"{name}\":"))),
            _ => false,
        };
        let value = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        match (value("digest"), value("content-digest")) {
            (Some(digest), _) if covers("digest") => {
                verify_digest_header(digest, request.body())
                    .map_err(|_| Refused::DigestMismatch)?;
            }
            (_, Some(digest)) if covers("content-digest") => {
                verify_content_digest_header(digest, request.body())
                    .map_err(|_| Refused::DigestMismatch)?;
            }
            _ => return Err(Refused::NoDigest),
        }
    }
    Ok(verified.key_id().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use actpub_httpsig::{Component, Rfc9421Signer};
    use chrono::Duration;
    use std::sync::LazyLock;

    const KEY_ID: &str = "https://peer.example/users/ada#main-key";
    /// One key for every test: RSA generation takes a while.
    static KEYS: LazyLock<(String, String)> = LazyLock::new(|| new_key_pair().unwrap());

    fn post(body: &str) -> Request<Vec<u8>> {
        Request::builder()
            .method(Method::POST)
            .uri("https://atelier.example/users/maya/inbox")
            .header(header::CONTENT_TYPE, "application/activity+json")
            .body(body.as_bytes().to_vec())
            .unwrap()
    }

    fn now() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-12-02T15:00:00Z")
            .unwrap()
            .with_timezone(&Utc)
    }

    fn known(key_id: &str) -> Option<String> {
        (key_id == KEY_ID).then(|| KEYS.1.clone())
    }

    #[test]
    fn a_signed_post_verifies_and_names_its_key() {
        let mut request = post(r#"{"type":"Follow"}"#);
        sign(&mut request, &KEYS.0, KEY_ID, now()).unwrap();
        assert_eq!(request.headers()["host"], "atelier.example");
        assert_eq!(request.headers()["date"], "Wed, 02 Dec 2026 15:00:00 GMT");
        assert_eq!(
            verify(&request, now() + Duration::minutes(1), known).unwrap(),
            KEY_ID
        );
    }

    #[test]
    fn a_body_changed_after_signing_is_refused() {
        let mut request = post(r#"{"type":"Create","content":"hello"}"#);
        sign(&mut request, &KEYS.0, KEY_ID, now()).unwrap();
        *request.body_mut() = br#"{"type":"Create","content":"HELLO"}"#.to_vec();
        assert!(matches!(
            verify(&request, now(), known),
            Err(Refused::DigestMismatch)
        ));
    }

    #[test]
    fn an_old_date_an_unknown_key_and_no_signature_are_refused() {
        let mut request = post("{}");
        sign(&mut request, &KEYS.0, KEY_ID, now()).unwrap();
        let late = now() + Duration::hours(12) + Duration::minutes(1);
        assert!(matches!(
            verify(&request, late, known),
            Err(Refused::Invalid(_))
        ));
        assert!(matches!(
            verify(&request, now(), |_| None),
            Err(Refused::UnknownKey)
        ));
        assert!(matches!(
            verify(&post("{}"), now(), known),
            Err(Refused::Unsigned)
        ));
    }

    #[test]
    fn a_post_whose_signature_covers_no_digest_is_refused() {
        let mut request = post("{}");
        request
            .headers_mut()
            .insert(header::HOST, HeaderValue::from_static("atelier.example"));
        request.headers_mut().insert(
            header::DATE,
            HeaderValue::from_static("Wed, 02 Dec 2026 15:00:00 GMT"),
        );
        let key = SigningKey::from_pem(&KEYS.0).unwrap();
        CavageSigner::new(&key, KEY_ID)
            .with_headers(["(request-target)", "host", "date"])
            .sign(&mut request)
            .unwrap();
        assert!(matches!(
            verify(&request, now(), known),
            Err(Refused::NoDigest)
        ));
    }

    #[test]
    fn an_rfc_9421_signature_verifies_and_its_content_digest_is_held() {
        let body = r#"{"type":"Like"}"#;
        let mut request = post(body);
        request.headers_mut().insert(
            "content-digest",
            HeaderValue::from_str(&content_digest_header(body.as_bytes())).unwrap(),
        );
        let key = SigningKey::from_pem(&KEYS.0).unwrap();
        let components = ["@method", "@target-uri", "content-digest", "content-type"]
            .into_iter()
            .map(|c| Component::parse(c).unwrap())
            .collect();
        Rfc9421Signer::new(&key, KEY_ID)
            .with_components(components)
            .with_created(now().timestamp())
            .sign(&mut request)
            .unwrap();
        assert_eq!(verify(&request, now(), known).unwrap(), KEY_ID);
        *request.body_mut() = br#"{"type":"Announce"}"#.to_vec();
        assert!(matches!(
            verify(&request, now(), known),
            Err(Refused::DigestMismatch)
        ));
    }
}
