//! Media: avatar uploads through the image pipeline, and `/media/{key}` serving (caching,
//! revalidation, ranges, refusals), on a local folder and on an S3-compatible store.

use std::io::Cursor;

use atelier::platform::media::{ImageKind, Media};
use image::{DynamicImage, ImageFormat, Rgb, RgbImage};
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::Value;

use crate::both_backends;
use crate::helpers::{Backend, TestApp, browser, error_of, spawn_app, spawn_app_with_media};

both_backends!(
    a_jpeg_avatar_loses_its_exif_and_gps_and_becomes_400_and_96_px_squares,
    a_png_avatar_loses_its_exif_and_text_chunks,
    html_svg_and_a_polyglot_are_refused_and_nothing_is_stored,
    a_decompression_bomb_is_refused_and_the_server_stays_healthy,
    an_upload_over_10_mib_is_refused,
    an_upload_of_exactly_10_mib_is_accepted,
    an_anonymous_upload_is_refused,
    a_form_without_the_image_or_a_body_that_is_not_a_form_is_refused,
    the_same_image_uploaded_twice_is_stored_once,
    media_is_served_publicly_with_immutable_caching,
    a_matching_if_none_match_answers_304,
    a_range_request_gets_exactly_that_slice,
    path_tricks_and_unknown_keys_are_json_404s,
);

/// An opaque test photo: gradients, so resizing and cropping are real work.
fn photo(width: u32, height: u32) -> DynamicImage {
    DynamicImage::ImageRgb8(RgbImage::from_fn(width, height, |x, y| {
        Rgb([(x % 256) as u8, (y % 256) as u8, ((x + y) % 256) as u8])
    }))
}

fn encoded(image: &DynamicImage, format: ImageFormat) -> Vec<u8> {
    let mut bytes = Cursor::new(Vec::new());
    image.write_to(&mut bytes, format).unwrap();
    bytes.into_inner()
}

const SECRET: &[u8] = b"GPS-SECRET 51.5074N";

/// A little-endian TIFF block: an ImageDescription holding `SECRET` and a GPS IFD
/// (GPSLatitudeRef "N").
fn exif_tiff() -> Vec<u8> {
    let mut description = SECRET.to_vec();
    description.push(0);
    if description.len() % 2 == 1 {
        description.push(0);
    }
    let description_at = 8 + 2 + 2 * 12 + 4;
    let gps_at = description_at + description.len();
    let mut tiff = b"II*\0".to_vec();
    tiff.extend_from_slice(&8u32.to_le_bytes());
    tiff.extend_from_slice(&2u16.to_le_bytes());
    // ImageDescription, ASCII
    tiff.extend_from_slice(&0x010Eu16.to_le_bytes());
    tiff.extend_from_slice(&2u16.to_le_bytes());
    tiff.extend_from_slice(&((SECRET.len() + 1) as u32).to_le_bytes());
    tiff.extend_from_slice(&(description_at as u32).to_le_bytes());
    // GPSInfo IFD pointer, LONG
    tiff.extend_from_slice(&0x8825u16.to_le_bytes());
    tiff.extend_from_slice(&4u16.to_le_bytes());
    tiff.extend_from_slice(&1u32.to_le_bytes());
    tiff.extend_from_slice(&(gps_at as u32).to_le_bytes());
    tiff.extend_from_slice(&0u32.to_le_bytes());
    tiff.extend_from_slice(&description);
    // GPS IFD: GPSLatitudeRef = "N"
    tiff.extend_from_slice(&1u16.to_le_bytes());
    tiff.extend_from_slice(&0x0001u16.to_le_bytes());
    tiff.extend_from_slice(&2u16.to_le_bytes());
    tiff.extend_from_slice(&2u32.to_le_bytes());
    tiff.extend_from_slice(b"N\0\0\0");
    tiff.extend_from_slice(&0u32.to_le_bytes());
    tiff
}

/// A JPEG with an APP1 Exif segment (carrying GPS) spliced in after SOI.
fn jpeg_with_gps(image: &DynamicImage) -> Vec<u8> {
    let jpeg = encoded(image, ImageFormat::Jpeg);
    let mut segment = b"Exif\0\0".to_vec();
    segment.extend_from_slice(&exif_tiff());
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&((segment.len() + 2) as u16).to_be_bytes());
    out.extend_from_slice(&segment);
    out.extend_from_slice(&jpeg[2..]);
    out
}

/// A PNG with eXIf and tEXt chunks inserted after IHDR.
fn png_with_metadata(image: &DynamicImage) -> Vec<u8> {
    let png = encoded(image, ImageFormat::Png);
    let after_ihdr = 8 + 8 + 13 + 4;
    let mut out = png[..after_ihdr].to_vec();
    push_chunk(&mut out, b"eXIf", &exif_tiff());
    let mut text = b"Comment\0".to_vec();
    text.extend_from_slice(SECRET);
    push_chunk(&mut out, b"tEXt", &text);
    out.extend_from_slice(&png[after_ihdr..]);
    out
}

/// A valid PNG header declaring `width` × `height` pixels, with almost no pixel data.
pub fn png_declaring(width: u32, height: u32) -> Vec<u8> {
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    push_chunk(&mut png, b"IHDR", &ihdr);
    push_chunk(
        &mut png,
        b"IDAT",
        &[0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01],
    );
    push_chunk(&mut png, b"IEND", &[]);
    png
}

fn push_chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    png.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = png.len();
    png.extend_from_slice(kind);
    png.extend_from_slice(data);
    let crc = crc32(&png[start..]);
    png.extend_from_slice(&crc.to_be_bytes());
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// The markers of a JPEG's segments before the image data (APP1 = 0xE1 is Exif/XMP,
/// APP2 = 0xE2 ICC, COM = 0xFE comments).
fn jpeg_markers(jpeg: &[u8]) -> Vec<u8> {
    assert_eq!(&jpeg[..2], &[0xFF, 0xD8], "a JPEG");
    let mut markers = Vec::new();
    let mut at = 2;
    while at + 4 <= jpeg.len() && jpeg[at] == 0xFF {
        let marker = jpeg[at + 1];
        markers.push(marker);
        if marker == 0xDA {
            break;
        }
        let length = u16::from_be_bytes([jpeg[at + 2], jpeg[at + 3]]) as usize;
        at += 2 + length;
    }
    markers
}

async fn upload(
    app: &TestApp,
    client: &reqwest::Client,
    bytes: Vec<u8>,
    file_name: &str,
    mime: &str,
) -> reqwest::Response {
    let part = Part::bytes(bytes)
        .file_name(file_name.to_owned())
        .mime_str(mime)
        .unwrap();
    client
        .post(app.url("/api/user/profile-image"))
        .header("Origin", &app.address)
        .multipart(Form::new().part("profileImage", part))
        .send()
        .await
        .expect("request sent")
}

async fn upload_avatar(app: &TestApp, bytes: Vec<u8>) -> reqwest::Response {
    upload(app, &app.client, bytes, "avatar.jpg", "image/jpeg").await
}

/// Uploads and returns the new avatar's URL.
async fn uploaded_avatar(app: &TestApp, bytes: Vec<u8>) -> String {
    let response = upload_avatar(app, bytes).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    body["profileImageUrl"].as_str().unwrap().to_owned()
}

async fn fetched(app: &TestApp, url: &str) -> Vec<u8> {
    let response = browser().get(app.url(url)).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "GET {url}");
    response.bytes().await.unwrap().to_vec()
}

/// The user's stored (profile_image_url, profile_image_small_url).
async fn stored_avatar_urls(app: &TestApp, username: &str) -> (Option<String>, Option<String>) {
    let db = app.db().await;
    sqlx::query_as(
        "SELECT profile_image_url, profile_image_small_url FROM users WHERE username = $1",
    )
    .bind(username)
    .fetch_one(&db.pool)
    .await
    .unwrap()
}

/// `GET url` with a `Range` header, from a browser with no session (media is public).
pub async fn ranged(app: &TestApp, url: &str, range: &str) -> reqwest::Response {
    browser()
        .get(app.url(url))
        .header("Range", range)
        .send()
        .await
        .unwrap()
}

/// Files in the app's media folder.
pub fn stored_files(app: &TestApp) -> usize {
    match std::fs::read_dir(&app.settings.media_store) {
        Ok(entries) => entries.count(),
        Err(_) => 0,
    }
}

async fn a_jpeg_avatar_loses_its_exif_and_gps_and_becomes_400_and_96_px_squares(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;
    let original = jpeg_with_gps(&photo(640, 480));
    assert!(contains(&original, b"Exif") && contains(&original, SECRET));

    let url = uploaded_avatar(&app, original).await;

    assert!(url.starts_with("/media/") && url.ends_with(".jpg"), "{url}");
    let me: Value = app.get("/api/auth/user").await.json().await.unwrap();
    assert_eq!(me["profileImageUrl"], url.as_str());
    let (large, small) = stored_avatar_urls(&app, "maya").await;
    assert_eq!(large.as_deref(), Some(url.as_str()));
    let small = small.expect("a small rendition");
    for (url, side) in [(url.as_str(), 400), (small.as_str(), 96)] {
        let bytes = fetched(&app, url).await;
        assert!(!contains(&bytes, b"Exif"), "{url} carries Exif");
        assert!(!contains(&bytes, SECRET), "{url} carries the GPS text");
        let markers = jpeg_markers(&bytes);
        assert!(
            !markers
                .iter()
                .any(|m| matches!(m, 0xE1 | 0xE2 | 0xED | 0xFE)),
            "{url} has metadata segments {markers:x?}"
        );
        let image = image::load_from_memory(&bytes).unwrap();
        assert_eq!((image.width(), image.height()), (side, side), "{url}");
    }
    let key = url.trim_start_matches("/media/");
    let row = atelier::platform::media::usage::find(&app.db().await, key)
        .await
        .unwrap()
        .expect("a media row");
    assert_eq!((row.width, row.height), (Some(400), Some(400)));
    assert_eq!(row.content_type, "image/jpeg");
    assert!(!row.blurhash.unwrap_or_default().is_empty());
    assert_eq!(
        row.thumbnail_key.map(|k| format!("/media/{k}")),
        Some(small)
    );
}

async fn a_png_avatar_loses_its_exif_and_text_chunks(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;
    let original = png_with_metadata(&photo(500, 700));
    assert!(
        image::load_from_memory(&original).is_ok(),
        "the test PNG decodes"
    );

    let url = uploaded_avatar(&app, original).await;

    let bytes = fetched(&app, &url).await;
    for marker in [&b"eXIf"[..], b"tEXt", b"Exif", SECRET] {
        assert!(!contains(&bytes, marker), "{marker:?} survived");
    }
    let image = image::load_from_memory(&bytes).unwrap();
    assert_eq!((image.width(), image.height()), (400, 400));
}

async fn html_svg_and_a_polyglot_are_refused_and_nothing_is_stored(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;
    let refused: [(&[u8], &str, &str); 4] = [
        (
            b"<html><body><script>alert(1)</script></body></html>",
            "a.html",
            "image/png",
        ),
        (
            b"<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>",
            "a.svg",
            "image/svg+xml",
        ),
        (
            b"GIF89a/*\x00\x00*/=1;alert(document.cookie)//",
            "a.gif",
            "image/gif",
        ),
        (b"%PDF-1.7\n1 0 obj\n", "a.pdf", "image/jpeg"),
    ];

    for (bytes, name, mime) in refused {
        let response = upload(&app, &app.client, bytes.to_vec(), name, mime).await;
        let (status, message, code) = error_of(response).await;
        assert_eq!(
            (status, code.as_str()),
            (415, "unsupported_media_type"),
            "{name}"
        );
        assert!(!message.is_empty());
    }

    let (large, small) = stored_avatar_urls(&app, "maya").await;
    assert_eq!((large, small), (None, None));
    assert_eq!(stored_files(&app), 0);
}

async fn a_decompression_bomb_is_refused_and_the_server_stays_healthy(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;

    let response = upload_avatar(&app, png_declaring(30_000, 30_000)).await;

    let (status, _, code) = error_of(response).await;
    assert_eq!((status, code.as_str()), (413, "image_too_large"));
    assert_eq!(app.get("/healthz").await.status(), StatusCode::OK);
    assert_eq!(stored_files(&app), 0);
    // And the pipeline still works.
    uploaded_avatar(&app, encoded(&photo(50, 50), ImageFormat::Png)).await;
}

async fn an_upload_over_10_mib_is_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;
    let mut huge = encoded(&photo(64, 64), ImageFormat::Png);
    huge.resize(10 * 1024 * 1024 + 1, 0);

    let response = upload_avatar(&app, huge).await;

    let (status, _, code) = error_of(response).await;
    assert_eq!((status, code.as_str()), (413, "payload_too_large"));
    assert_eq!(stored_avatar_urls(&app, "maya").await, (None, None));
}

/// The limit is the file's: the form's boundaries and part headers come on top.
async fn an_upload_of_exactly_10_mib_is_accepted(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;
    let mut full = encoded(&photo(64, 64), ImageFormat::Png);
    full.resize(10 * 1024 * 1024, 0);

    let url = uploaded_avatar(&app, full).await;

    assert_eq!(
        stored_avatar_urls(&app, "maya").await.0.as_deref(),
        Some(url.as_str())
    );
}

async fn an_anonymous_upload_is_refused(backend: Backend) {
    let app = spawn_app(backend).await;

    let response = upload(
        &app,
        &browser(),
        encoded(&photo(50, 50), ImageFormat::Jpeg),
        "a.jpg",
        "image/jpeg",
    )
    .await;

    let (status, _, code) = error_of(response).await;
    assert_eq!((status, code.as_str()), (401, "not_signed_in"));
    assert_eq!(stored_files(&app), 0);
}

async fn a_form_without_the_image_or_a_body_that_is_not_a_form_is_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;

    let other_field = app
        .client
        .post(app.url("/api/user/profile-image"))
        .header("Origin", &app.address)
        .multipart(Form::new().text("caption", "hello"))
        .send()
        .await
        .unwrap();
    let (status, message, _) = error_of(other_field).await;
    assert_eq!(
        (status, message.as_str()),
        (400, "Choose an image to upload")
    );

    let json = app
        .client
        .post(app.url("/api/user/profile-image"))
        .header("Origin", &app.address)
        .json(&serde_json::json!({"profileImage": "data:image/png;base64,AAAA"}))
        .send()
        .await
        .unwrap();
    let (status, _, code) = error_of(json).await;
    assert_eq!((status, code.as_str()), (415, "unsupported_media_type"));
}

async fn the_same_image_uploaded_twice_is_stored_once(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;
    let bytes = encoded(&photo(600, 600), ImageFormat::Png);

    let first = uploaded_avatar(&app, bytes.clone()).await;
    let files = stored_files(&app);
    let second = uploaded_avatar(&app, bytes).await;

    assert_eq!(first, second);
    assert_eq!(files, 2, "the avatar and its small rendition");
    assert_eq!(stored_files(&app), files);
}

async fn media_is_served_publicly_with_immutable_caching(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;
    let url = uploaded_avatar(&app, encoded(&photo(450, 450), ImageFormat::Png)).await;
    let hash = url.trim_start_matches("/media/").trim_end_matches(".jpg");

    let response = browser().get(app.url(&url)).send().await.unwrap();

    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers().clone();
    assert_eq!(headers["content-type"], "image/jpeg");
    assert_eq!(
        headers["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(headers["etag"], format!("\"{hash}\"").as_str());
    assert_eq!(headers["accept-ranges"], "bytes");
    let bytes = response.bytes().await.unwrap();
    assert_eq!(headers["content-length"], bytes.len().to_string().as_str());
    use sha2::Digest;
    let digest: String = sha2::Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(digest, hash, "the key is the hash of the stored bytes");

    let head = browser().head(app.url(&url)).send().await.unwrap();
    assert_eq!(head.status(), StatusCode::OK);
    assert_eq!(
        head.headers()["content-length"],
        bytes.len().to_string().as_str()
    );
    assert_eq!(head.headers()["content-type"], "image/jpeg");
}

async fn a_matching_if_none_match_answers_304(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;
    let url = uploaded_avatar(&app, encoded(&photo(450, 450), ImageFormat::Png)).await;
    let etag = browser().get(app.url(&url)).send().await.unwrap().headers()["etag"].clone();

    let again = browser()
        .get(app.url(&url))
        .header("If-None-Match", etag.clone())
        .send()
        .await
        .unwrap();
    let other = browser()
        .get(app.url(&url))
        .header("If-None-Match", "\"something-else\"")
        .send()
        .await
        .unwrap();

    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(again.headers()["etag"], etag);
    assert!(again.bytes().await.unwrap().is_empty());
    assert_eq!(other.status(), StatusCode::OK);
}

async fn a_range_request_gets_exactly_that_slice(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;
    let url = uploaded_avatar(&app, encoded(&photo(450, 450), ImageFormat::Png)).await;
    let whole = fetched(&app, &url).await;
    let size = whole.len();

    let part = ranged(&app, &url, "bytes=100-199").await;
    assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(
        part.headers()["content-range"],
        format!("bytes 100-199/{size}").as_str()
    );
    assert_eq!(part.headers()["content-length"], "100");
    assert_eq!(part.bytes().await.unwrap().as_ref(), &whole[100..200]);

    let tail = browser()
        .get(app.url(&url))
        .header("Range", "bytes=-10")
        .send()
        .await
        .unwrap();
    assert_eq!(tail.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(tail.bytes().await.unwrap().as_ref(), &whole[size - 10..]);

    let beyond = browser()
        .get(app.url(&url))
        .header("Range", format!("bytes={size}-"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        beyond.headers()["content-range"],
        format!("bytes */{size}").as_str()
    );
    let (status, _, code) = error_of(beyond).await;
    assert_eq!((status, code.as_str()), (416, "range_not_satisfiable"));
}

async fn path_tricks_and_unknown_keys_are_json_404s(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;
    let url = uploaded_avatar(&app, encoded(&photo(450, 450), ImageFormat::Png)).await;
    let key = url.trim_start_matches("/media/");
    let unknown = format!("/media/{}.jpg", "0".repeat(64));

    for path in [
        unknown.as_str(),
        "/media/..%2F..%2Fatelier.db",
        &format!("/media/..%2F{key}"),
        &format!("/media/{}", key.to_uppercase()),
        &format!("/media/{key}%2F"),
        &format!("/media/{}.exe", &key[..64]),
        "/media/atelier.db",
        "/media/",
    ] {
        let response = browser().get(app.url(path)).send().await.unwrap();
        let (status, _, code) = error_of(response).await;
        assert_eq!((status, code.as_str()), (404, "not_found"), "{path}");
    }
    // HTTP clients resolve dot segments before sending; a raw request does not.
    for path in [
        "/media/..",
        "/media/%2E%2E",
        "/media/../atelier.db",
        "/media/.%2e/atelier.db",
    ] {
        let (status, body) = raw_get(&app, path).await;
        assert!(status.starts_with("HTTP/1.1 404"), "{path}: {status}");
        assert!(body.contains("\"code\":\"not_found\""), "{path}: {body}");
    }
}

/// Sends `GET {path}` exactly as written; returns the status line and the body.
async fn raw_get(app: &TestApp, path: &str) -> (String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let host = app.address.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(host).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    (
        head.lines().next().unwrap_or_default().to_owned(),
        body.to_owned(),
    )
}

/// A local S3-compatible server (s3s-fs over a temporary folder) with one bucket.
pub struct LocalS3 {
    endpoint: String,
    _root: tempfile::TempDir,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for LocalS3 {
    fn drop(&mut self) {
        self.server.abort();
    }
}

const S3_KEY_ID: &str = "atelier-test-key";
const S3_SECRET: &str = "atelier-test-secret";
pub const BUCKET: &str = "atelier-media";

impl LocalS3 {
    pub async fn start() -> Self {
        use hyper_util::rt::{TokioExecutor, TokioIo};
        use hyper_util::server::conn::auto::Builder as ConnBuilder;

        let root = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(root.path().join(BUCKET)).unwrap();
        let fs = s3s_fs::FileSystem::new(root.path()).unwrap();
        let mut builder = s3s::service::S3ServiceBuilder::new(fs);
        builder.set_auth(s3s::auth::SimpleAuth::from_single(S3_KEY_ID, S3_SECRET));
        let service = builder.build();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let endpoint = format!("http://{}", listener.local_addr().unwrap());
        let server = tokio::spawn(async move {
            let http = ConnBuilder::new(TokioExecutor::new());
            while let Ok((socket, _)) = listener.accept().await {
                let connection = http
                    .serve_connection(TokioIo::new(socket), service.clone())
                    .into_owned();
                tokio::spawn(async move {
                    let _ = connection.await;
                });
            }
        });
        Self {
            endpoint,
            _root: root,
            server,
        }
    }

    pub fn media(&self, location: &str) -> Media {
        let builder = object_store::aws::AmazonS3Builder::new()
            .with_endpoint(&self.endpoint)
            .with_allow_http(true)
            .with_access_key_id(S3_KEY_ID)
            .with_secret_access_key(S3_SECRET)
            .with_region("us-east-1")
            .with_virtual_hosted_style_request(false);
        Media::open_s3_with(builder, location).expect("an S3 media store")
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn media_round_trips_through_an_s3_compatible_store() {
    let s3 = LocalS3::start().await;
    let app = spawn_app_with_media(Backend::Sqlite, s3.media(&format!("{BUCKET}/avatars"))).await;
    app.register("maya").await;

    let url = uploaded_avatar(&app, jpeg_with_gps(&photo(640, 480))).await;

    let whole = fetched(&app, &url).await;
    assert!(!contains(&whole, SECRET));
    let image = image::load_from_memory(&whole).unwrap();
    assert_eq!((image.width(), image.height()), (400, 400));
    let part = browser()
        .get(app.url(&url))
        .header("Range", "bytes=10-41")
        .send()
        .await
        .unwrap();
    assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(part.bytes().await.unwrap().as_ref(), &whole[10..42]);
    let missing = browser()
        .get(app.url(&format!("/media/{}.jpg", "0".repeat(64))))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ingest_stores_post_images_in_an_s3_bucket_once() {
    let s3 = LocalS3::start().await;
    let media = s3.media(BUCKET);
    let dir = tempfile::tempdir().unwrap();
    let db = atelier::platform::db::Db::connect(&format!(
        "sqlite://{}",
        dir.path().join("t.db").display()
    ))
    .await
    .unwrap();
    db.migrate().await.unwrap();
    let bytes = encoded(&photo(2400, 1200), ImageFormat::WebP);

    let first = media
        .ingest_image(&db, bytes.clone(), ImageKind::Post)
        .await
        .unwrap();
    let second = media
        .ingest_image(&db, bytes, ImageKind::Post)
        .await
        .unwrap();

    assert_eq!(first, second);
    assert_eq!((first.width, first.height), (1600, 800));
    assert!(!first.blurhash.is_empty());
    let objects = std::fs::read_dir(s3._root.path().join(BUCKET))
        .unwrap()
        .count();
    assert_eq!(objects, 2, "the image and its thumbnail");
}
