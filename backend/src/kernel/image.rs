//! Where an image or a recording in a JSON body comes from: a `data:` URL carries the bytes
//! (they go through the media pipeline); for images an http(s) URL, checked here for its shape
//! only: a post's or an image story's is then fetched once by the server and stored like an
//! upload (platform/media/fetch.rs), an ad's or a video story's is kept as given. Audio comes only as a base64 `data:` URL.

use base64::Engine;

use crate::kernel::error::DomainError;

/// Longest http(s) image URL accepted.
pub const MAX_URL_LEN: usize = 2048;

const NOT_AN_IMAGE_SOURCE: &str = "The image must be a data: URL or an http(s) URL";

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImageSource {
    /// The decoded bytes of a `data:` URL (not yet checked: the pipeline sniffs them).
    Data(Vec<u8>),
    /// An http(s) URL, exactly as given (fetched, or kept, by the caller).
    External(String),
}

/// `data:[mime][;base64],…` → the bytes; `http(s)://…` → the URL as given; anything else → 400.
pub fn parse_image_source(raw: &str) -> Result<ImageSource, DomainError> {
    let raw = raw.trim();
    let scheme = raw
        .split_once(':')
        .map(|(scheme, _)| scheme.to_ascii_lowercase());
    match scheme.as_deref() {
        Some("data") => parse_data_url(raw).map(ImageSource::Data),
        Some("http" | "https") => parse_external(raw).map(ImageSource::External),
        _ => Err(DomainError::invalid(NOT_AN_IMAGE_SOURCE)),
    }
}

/// The bytes of a base64 `data:` URL, whatever type it claims (the pipeline sniffs them);
/// `None` for anything else: another scheme, percent-encoding, bad base64 or no bytes at all.
pub fn parse_audio_data_url(raw: &str) -> Option<Vec<u8>> {
    let raw = raw.trim();
    let (scheme, rest) = raw.split_once(':')?;
    if !scheme.eq_ignore_ascii_case("data") {
        return None;
    }
    let (meta, payload) = rest.split_once(',')?;
    let bytes = is_base64(meta).then(|| decode_base64(payload))??;
    (!bytes.is_empty()).then_some(bytes)
}

fn parse_data_url(raw: &str) -> Result<Vec<u8>, DomainError> {
    let malformed = || DomainError::invalid("The image data URL is malformed");
    let (meta, payload) = raw["data:".len()..].split_once(',').ok_or_else(malformed)?;
    let bytes = if is_base64(meta) {
        decode_base64(payload).ok_or_else(malformed)?
    } else {
        percent_decode(payload).ok_or_else(malformed)?
    };
    if bytes.is_empty() {
        return Err(DomainError::invalid("The image is empty"));
    }
    Ok(bytes)
}

/// The media type part of a data URL ends in `;base64`.
fn is_base64(meta: &str) -> bool {
    meta.rsplit(';')
        .next()
        .is_some_and(|last| last.trim().eq_ignore_ascii_case("base64"))
}

fn decode_base64(payload: &str) -> Option<Vec<u8>> {
    // Browsers never wrap, but a pasted data URL may carry line breaks.
    let compact: String = payload
        .chars()
        .filter(|c| !c.is_ascii_whitespace())
        .collect();
    base64::engine::general_purpose::STANDARD
        .decode(compact.as_bytes())
        .ok()
}

fn percent_decode(text: &str) -> Option<Vec<u8>> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(out)
}

fn parse_external(raw: &str) -> Result<String, DomainError> {
    if raw.len() > MAX_URL_LEN {
        return Err(DomainError::invalid(format!(
            "The image URL is too long (at most {MAX_URL_LEN} characters)"
        )));
    }
    let url =
        url::Url::parse(raw).map_err(|_| DomainError::invalid("The image URL is not valid"))?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none_or(str::is_empty) {
        return Err(DomainError::invalid("The image URL is not valid"));
    }
    Ok(raw.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(raw: &str) -> String {
        match parse_image_source(raw) {
            Err(DomainError::Invalid(message)) => message.into_owned(),
            other => panic!("{raw:?} gave {other:?}"),
        }
    }

    #[test]
    fn a_base64_data_url_gives_its_bytes_whatever_type_it_claims() {
        assert_eq!(
            parse_image_source("data:image/png;base64,aGVsbG8=").unwrap(),
            ImageSource::Data(b"hello".to_vec())
        );
        assert_eq!(
            parse_image_source("data:text/html;base64,PGh0bWw+").unwrap(),
            ImageSource::Data(b"<html>".to_vec())
        );
        assert_eq!(
            parse_image_source("DATA:;base64,aGVs\nbG8=").unwrap(),
            ImageSource::Data(b"hello".to_vec())
        );
    }

    #[test]
    fn audio_comes_only_as_a_non_empty_base64_data_url() {
        assert_eq!(
            parse_audio_data_url(" data:audio/webm;codecs=opus;base64,aGVsbG8= "),
            Some(b"hello".to_vec())
        );
        assert_eq!(
            parse_audio_data_url("DATA:text/plain;base64,aGVsbG8="),
            Some(b"hello".to_vec())
        );
        for bad in [
            "",
            "hello",
            "https://example.com/a.webm",
            "data:audio/webm,hello",
            "data:audio/webm;base64,",
            "data:audio/webm;base64,!!!",
            "data:audio/webm;base64",
        ] {
            assert_eq!(parse_audio_data_url(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_percent_encoded_data_url_is_decoded() {
        assert_eq!(
            parse_image_source("data:,%3Csvg%3E").unwrap(),
            ImageSource::Data(b"<svg>".to_vec())
        );
    }

    #[test]
    fn http_and_https_urls_are_kept_as_given() {
        for url in [
            "https://example.com/a.jpg?x=1",
            "http://cdn.example.org/p.png",
        ] {
            assert_eq!(
                parse_image_source(url).unwrap(),
                ImageSource::External(url.to_owned())
            );
        }
    }

    #[test]
    fn other_schemes_garbage_and_empty_values_are_refused() {
        for raw in [
            "javascript:alert(1)",
            "file:///etc/passwd",
            "ftp://x/y.png",
            "garbage",
            "",
        ] {
            assert_eq!(refused(raw), NOT_AN_IMAGE_SOURCE);
        }
        assert_eq!(
            refused("data:image/png;base64,!!!"),
            "The image data URL is malformed"
        );
        assert_eq!(
            refused("data:image/png;base64"),
            "The image data URL is malformed"
        );
        assert_eq!(refused("data:image/png;base64,"), "The image is empty");
        assert_eq!(refused("https://"), "The image URL is not valid");
        let long = format!("https://example.com/{}", "a".repeat(MAX_URL_LEN));
        assert!(refused(&long).contains("too long"));
    }
}
