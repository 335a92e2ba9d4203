//! Responses go out compressed to clients that ask (br or gzip): tower-http's layer for what
//! handlers make (JSON lists, the OpenAPI document), and the web app's files precompressed at
//! build time (vite-plugin-compression2 writes `.br` and `.gz` beside each), chosen here by the
//! request's Accept-Encoding.

use axum::http::header::{self, HeaderMap};
use axum::http::{Extensions, StatusCode, Version};
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{NotForContentType, Predicate, SizeAbove};

/// Bodies smaller than this go out as they are: compressing them saves less than it costs.
pub const MIN_SIZE: u64 = 1024;

/// The layer: br or gzip, for bodies of at least `MIN_SIZE` bytes that are not already compact
/// (images, audio and video are compressed formats, and media answers ranges), nor a socket's
/// upgrade.
pub fn layer() -> CompressionLayer<impl Predicate> {
    let media = |status: StatusCode, _: Version, headers: &HeaderMap, _: &Extensions| {
        let content_type = headers
            .get(header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .unwrap_or("");
        status != StatusCode::SWITCHING_PROTOCOLS
            && !content_type.starts_with("audio/")
            && !content_type.starts_with("video/")
    };
    CompressionLayer::new()
        .no_deflate()
        .no_zstd()
        .compress_when(
            SizeAbove::new(MIN_SIZE)
                .and(NotForContentType::IMAGES)
                .and(NotForContentType::GRPC)
                .and(NotForContentType::SSE)
                .and(media),
        )
}

/// A precompressed form of a file the client accepts, best first: `br`, then `gzip`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Precompressed {
    Brotli,
    Gzip,
}

impl Precompressed {
    /// The file name's suffix written by the build.
    pub fn suffix(self) -> &'static str {
        match self {
            Self::Brotli => ".br",
            Self::Gzip => ".gz",
        }
    }

    /// The Content-Encoding it is served with.
    pub fn encoding(self) -> &'static str {
        match self {
            Self::Brotli => "br",
            Self::Gzip => "gzip",
        }
    }
}

/// The encodings the request's Accept-Encoding allows, in our order of preference (`br`,
/// `gzip`); a coding with `q=0` is refused, `*` stands for the ones not named.
pub fn accepted(headers: &HeaderMap) -> Vec<Precompressed> {
    let mut br = None;
    let mut gzip = None;
    let mut any = None;
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or("").trim().to_ascii_lowercase();
            let allowed = parts
                .filter_map(|param| {
                    let (name, q) = param.split_once('=')?;
                    (name.trim().eq_ignore_ascii_case("q")).then(|| q.trim().parse::<f32>().ok())?
                })
                .next_back()
                .is_none_or(|q| q > 0.0);
            match coding.as_str() {
                "br" => br = Some(allowed),
                "gzip" | "x-gzip" => gzip = Some(allowed),
                "*" => any = Some(allowed),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    if br.or(any) == Some(true) {
        out.push(Precompressed::Brotli);
    }
    if gzip.or(any) == Some(true) {
        out.push(Precompressed::Gzip);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accept(value: &str) -> Vec<Precompressed> {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, value.parse().unwrap());
        accepted(&headers)
    }

    #[test]
    fn brotli_is_preferred_then_gzip() {
        use Precompressed::*;
        assert_eq!(accept("gzip, deflate, br"), vec![Brotli, Gzip]);
        assert_eq!(accept("gzip"), vec![Gzip]);
        assert_eq!(accept("br;q=1.0, gzip;q=0.5"), vec![Brotli, Gzip]);
        assert_eq!(accept("*"), vec![Brotli, Gzip]);
        assert_eq!(accept("gzip, *;q=0"), vec![Gzip]);
    }

    #[test]
    fn identity_or_a_refused_coding_gets_none() {
        assert_eq!(accept("identity"), vec![]);
        assert_eq!(accept("br;q=0, gzip;q=0"), vec![]);
        assert_eq!(accepted(&HeaderMap::new()), vec![]);
    }
}
