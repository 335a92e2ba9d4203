//! HTTP Signatures, both ways (issue 46). Outgoing requests are signed with draft-cavage
//! (`rsa-sha256` over `(request-target) host date digest content-type`), which Mastodon, Pixelfed
//! and Fedify all accept, GETs included (authorized fetch). Incoming requests are verified in
//! either flavour, draft-cavage (`Signature`) or RFC 9421 (`Signature-Input`), by
//! `actpub-httpsig`: the `Date` (or `created`) within 12 hours past and 5 minutes ahead, the
//! covered components at least Mastodon's, and a POST's body held to its `Digest` or
//! `Content-Digest`, which a signed request must carry and cover.

use actpub_httpsig::{
    CavageSigner, Component, RsaBits, SigningKey, Verified, VerifyPolicy, VerifyingKey,
    content_digest_header, parse_signature_dict, parse_signature_input_dict, sha256_digest_header,
    verify_content_digest_header, verify_digest_header, verify_with_policy,
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
    let mut key_pem = None;
    let verified = verify_with_policy(request, &VerifyPolicy::mastodon(), now, |key_id| {
        let Some(pem) = public_key(key_id) else {
            unknown = true;
            return Err(actpub_httpsig::Error::KeyResolution(format!(
                "unknown key {key_id}"
            )));
        };
        let key = VerifyingKey::from_pem(&pem);
        key_pem = Some((key_id.to_owned(), pem));
        key
    });
    let verified = match verified {
        Ok(verified) => Checked::Library(verified),
        Err(_) if unknown => return Err(Refused::UnknownKey),
        Err(err) => match (&key_pem, headers.get("signature-input")) {
            // actpub-httpsig 0.2.3 rebuilds `@signature-params` with its parameters in RFC
            // order, not the order signed (Fedify writes `alg`, `keyid`, `created`): such a
            // signature is checked again over the parameters as received.
            (Some((key_id, pem)), Some(_)) => rfc9421_as_received(request, now, key_id, pem)
                .map_err(|_| Refused::Invalid(err.to_string()))?,
            _ => return Err(Refused::Invalid(err.to_string())),
        },
    };
    let has_body = !request.body().is_empty() || request.method() == Method::POST;
    if has_body {
        let covers = |name: &str| match &verified {
            Checked::Library(Verified::Cavage(c)) => c
                .signature_base
                .lines()
                .any(|l| l.starts_with(&format!("{name}:"))),
            Checked::Library(Verified::Rfc9421(r)) => r
                .signature_base
                .lines()
                .any(|l| l.starts_with(&format!("\"{name}\":"))),
            Checked::AsReceived { base, .. } => {
                base.lines().any(|l| l.starts_with(&format!("\"{name}\":")))
            }
            Checked::Library(_) => false,
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
    Ok(match verified {
        Checked::Library(verified) => verified.key_id().to_owned(),
        Checked::AsReceived { key_id, .. } => key_id,
    })
}

/// What verified a request: the library, or the RFC 9421 check over the parameters as received.
enum Checked {
    Library(Verified),
    AsReceived { key_id: String, base: String },
}

/// The components every RFC 9421 signature must cover (Mastodon's), and the window of its
/// `created` (12 hours past, 5 minutes ahead).
const RFC9421_REQUIRED: [&str; 2] = ["@method", "@target-uri"];
const PAST_SECONDS: i64 = 12 * 60 * 60;
const AHEAD_SECONDS: i64 = 5 * 60;

/// Verifies the request's single RFC 9421 signature by `key_id`, its signature base built
/// with the `@signature-params` exactly as the `Signature-Input` header carries them.
fn rfc9421_as_received(
    request: &Request<Vec<u8>>,
    now: DateTime<Utc>,
    key_id: &str,
    pem: &str,
) -> Result<Checked, Refused> {
    let invalid = |why: &str| Refused::Invalid(why.to_owned());
    let header = |name: &str| {
        request
            .headers()
            .get(name)
            .and_then(|value| value.to_str().ok())
            .ok_or_else(|| invalid("a signature header is missing"))
    };
    let raw_input = header("signature-input")?;
    let inputs = parse_signature_input_dict(raw_input).map_err(|e| invalid(&e.to_string()))?;
    let [(label, input)] = inputs.as_slice() else {
        return Err(invalid("one signature is expected"));
    };
    if input.keyid.as_deref() != Some(key_id) {
        return Err(Refused::UnknownKey);
    }
    let signatures =
        parse_signature_dict(header("signature")?).map_err(|e| invalid(&e.to_string()))?;
    let Some((_, signature)) = signatures.iter().find(|(l, _)| l == label) else {
        return Err(invalid("no signature for its input"));
    };
    for required in RFC9421_REQUIRED {
        if !input.components.iter().any(|c| c.identifier() == required) {
            return Err(invalid(
                "the signature does not cover the method and target",
            ));
        }
    }
    let created = input.created.ok_or_else(|| invalid("no created time"))?;
    let now = now.timestamp();
    if created < now - PAST_SECONDS || created > now + AHEAD_SECONDS {
        return Err(invalid("the signature is too old or from the future"));
    }
    if input.expires.is_some_and(|expires| expires < now) {
        return Err(invalid("the signature has expired"));
    }
    // The member's value as sent: everything after `label=`.
    let params = raw_input
        .trim()
        .strip_prefix(label.as_str())
        .and_then(|rest| rest.strip_prefix('='))
        .ok_or_else(|| invalid("an unreadable Signature-Input"))?;
    let mut base = String::new();
    for component in &input.components {
        let value = component_value(request, component)?;
        base.push_str(&format!("{}: {value}\n", component.lexical()));
    }
    base.push_str(&format!("\"@signature-params\": {params}"));
    let key = VerifyingKey::from_pem(pem).map_err(|e| invalid(&e.to_string()))?;
    key.verify(base.as_bytes(), signature)
        .map_err(|e| invalid(&e.to_string()))?;
    Ok(Checked::AsReceived {
        key_id: key_id.to_owned(),
        base,
    })
}

/// A covered component's value (RFC 9421 §2.1, §2.2).
fn component_value(request: &Request<Vec<u8>>, component: &Component) -> Result<String, Refused> {
    let uri = request.uri();
    let authority = || -> Result<String, Refused> {
        uri.authority()
            .map(|a| a.as_str().to_ascii_lowercase())
            .or_else(|| {
                request
                    .headers()
                    .get(header::HOST)
                    .and_then(|h| h.to_str().ok())
                    .map(|h| h.trim().to_ascii_lowercase())
            })
            .ok_or_else(|| Refused::Invalid("no authority".into()))
    };
    let scheme = || uri.scheme_str().unwrap_or("https").to_ascii_lowercase();
    let path_and_query = || {
        uri.path_and_query()
            .map_or_else(|| uri.path().to_owned(), ToString::to_string)
    };
    Ok(match component {
        Component::Method => request.method().as_str().to_owned(),
        Component::TargetUri => format!("{}://{}{}", scheme(), authority()?, path_and_query()),
        Component::Authority => authority()?,
        Component::Scheme => scheme(),
        Component::Path => uri.path().to_owned(),
        Component::Query => format!("?{}", uri.query().unwrap_or("")),
        Component::RequestTarget => path_and_query(),
        Component::Header(name) => {
            let values: Vec<&str> = request
                .headers()
                .get_all(name.as_str())
                .iter()
                .filter_map(|v| v.to_str().ok())
                .map(str::trim)
                .collect();
            if values.is_empty() {
                return Err(Refused::Invalid(format!(
                    "the covered header {name} is missing"
                )));
            }
            values.join(", ")
        }
        _ => return Err(Refused::Invalid("an unsupported component".into())),
    })
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

    /// Fedify writes its RFC 9421 parameters as `alg`, `keyid`, `created` (actpub-httpsig 0.2.3
    /// rebuilds them in RFC order and would refuse it): the signature holds as signed.
    #[test]
    fn an_rfc_9421_signature_with_fedifys_parameter_order_verifies() {
        let body = r#"{"type":"Like"}"#;
        let mut request = post(body);
        let digest = content_digest_header(body.as_bytes());
        let date = "Wed, 02 Dec 2026 15:00:00 GMT";
        let created = now().timestamp();
        let params = format!(
            "(\"@method\" \"@target-uri\" \"@authority\" \"host\" \"date\" \"content-digest\");alg=\"rsa-v1_5-sha256\";keyid=\"{KEY_ID}\";created={created}"
        );
        let base = format!(
            "\"@method\": POST\n\"@target-uri\": https://atelier.example/users/maya/inbox\n\"@authority\": atelier.example\n\"host\": atelier.example\n\"date\": {date}\n\"content-digest\": {digest}\n\"@signature-params\": {params}"
        );
        let key = SigningKey::from_pem(&KEYS.0).unwrap();
        let signature = base64::Engine::encode(
            &base64::engine::general_purpose::STANDARD,
            key.sign(base.as_bytes()).unwrap(),
        );
        let headers = request.headers_mut();
        headers.insert(header::HOST, HeaderValue::from_static("atelier.example"));
        headers.insert(header::DATE, HeaderValue::from_static(date));
        headers.insert("content-digest", HeaderValue::from_str(&digest).unwrap());
        headers.insert(
            "signature-input",
            HeaderValue::from_str(&format!("sig1={params}")).unwrap(),
        );
        headers.insert(
            "signature",
            HeaderValue::from_str(&format!("sig1=:{signature}:")).unwrap(),
        );
        assert_eq!(verify(&request, now(), known).unwrap(), KEY_ID);
        *request.body_mut() = br#"{"type":"Announce"}"#.to_vec();
        assert!(matches!(
            verify(&request, now(), known),
            Err(Refused::DigestMismatch)
        ));
        // Another target: the base differs, and the signature no longer holds.
        *request.body_mut() = body.as_bytes().to_vec();
        *request.uri_mut() = "https://atelier.example/inbox".parse().unwrap();
        assert!(matches!(
            verify(&request, now(), known),
            Err(Refused::Invalid(_))
        ));
    }
}
