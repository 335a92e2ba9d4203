//! Reels: the pager's list and a creator's list, posting a reel by uploading a video (sniffed by
//! its bytes, measured from its container, at most 60 s and 100 MiB, a poster from ffmpeg or
//! the client), serving it with Range, the sample reels of the demo seed, and an S3 store.

use atelier::platform::media::Media;
use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{
    Backend, TestApp, TestUser, browser, error_of, spawn_app, spawn_app_with_media,
};
use crate::media::{BUCKET, LocalS3, png_declaring, ranged, stored_files};

both_backends!(
    reels_need_a_session,
    a_webm_and_an_mp4_become_reels_in_the_pager_and_on_the_profile,
    a_stored_video_is_served_with_its_type_and_byte_ranges,
    bytes_that_are_not_a_video_are_refused_and_nothing_is_stored,
    a_form_without_a_video_or_with_a_long_caption_is_refused,
    a_video_over_60_seconds_is_refused_and_nothing_is_stored,
    a_video_over_100_mib_is_refused_without_being_stored,
    ffmpeg_cuts_the_poster_when_it_is_installed,
    without_ffmpeg_the_clients_poster_is_used_or_none,
    a_poster_that_is_not_an_image_is_refused,
    pages_of_reels_have_no_repeats_or_gaps,
    an_unknown_creator_is_404_and_one_without_reels_has_none,
    the_demo_seed_posts_three_sample_reels_once,
    deleting_a_reel_takes_its_likes_and_comments_and_only_its_author_or_an_admin_may,
);

pub const SAMPLE_WEBM: &[u8] = include_bytes!("../../assets/reels/gradients.webm");
const SAMPLE_POSTER: &[u8] = include_bytes!("../../assets/reels/gradients.jpg");
/// 2 s of H.264 at 180×320 with an AAC sound track.
const MP4: &[u8] = include_bytes!("../fixtures/reel.mp4");
/// 62 s of a still colour, 64×64 VP9.
const LONG_WEBM: &[u8] = include_bytes!("../fixtures/long-62s.webm");
const VOICE_WEBM: &[u8] = include_bytes!("../fixtures/voice-chrome.webm");

fn ffmpeg_installed() -> bool {
    std::process::Command::new("ffmpeg")
        .arg("-version")
        .output()
        .is_ok_and(|out| out.status.success())
}

fn video_part(bytes: Vec<u8>, file_name: &str, mime: &str) -> Part {
    Part::bytes(bytes)
        .file_name(file_name.to_owned())
        .mime_str(mime)
        .unwrap()
}

fn webm_form(caption: &str) -> Form {
    Form::new()
        .part(
            "video",
            video_part(SAMPLE_WEBM.to_vec(), "reel.webm", "video/webm"),
        )
        .text("caption", caption.to_owned())
}

async fn post_form(app: &TestApp, user: &TestUser, form: Form) -> reqwest::Response {
    user.client
        .post(user.url("/api/reels"))
        .header("Origin", &app.address)
        .multipart(form)
        .send()
        .await
        .expect("request sent")
}

/// Posts the sample WebM; answers the reel (comments.rs posts its reels so too).
pub(crate) async fn posted(app: &TestApp, user: &TestUser, caption: &str) -> Value {
    let response = post_form(app, user, webm_form(caption)).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.unwrap()
}

async fn reel_count(app: &TestApp) -> i64 {
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM reels")
        .fetch_one(&app.db().await.pool)
        .await
        .unwrap();
    count
}

async fn fetched(app: &TestApp, url: &str) -> (String, Vec<u8>) {
    let response = browser().get(app.url(url)).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "GET {url}");
    let content_type = response.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_owned();
    (content_type, response.bytes().await.unwrap().to_vec())
}

async fn reels_need_a_session(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let nobody = app.anonymous();

    for path in [
        "/api/reels".to_owned(),
        format!("/api/reels/user/{}", maya.id),
    ] {
        let (status, _, code) = error_of(nobody.get(&path).await).await;
        assert_eq!((status, code.as_str()), (401, "not_signed_in"), "{path}");
    }
    let response = post_form(&app, &nobody, webm_form("hi")).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(reel_count(&app).await, 0);
    assert_eq!(stored_files(&app), 0);
}

async fn a_webm_and_an_mp4_become_reels_in_the_pager_and_on_the_profile(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;

    let webm = posted(&app, &maya, "  Colour drift \n").await;
    let form = Form::new()
        .part("video", video_part(MP4.to_vec(), "clip.mp4", "video/mp4"))
        .text("caption", "Test card");
    let response = post_form(&app, &leo, form).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let mp4: Value = response.json().await.unwrap();

    assert_eq!(webm["caption"], "Colour drift");
    assert_eq!(webm["duration"], 4, "the real length of the 4 s sample");
    assert_eq!(
        (&webm["width"], &webm["height"]),
        (&json!(360), &json!(640))
    );
    assert_eq!(
        webm["user"],
        json!({"id": maya.id, "username": "maya", "displayName": "maya display",
               "profileImage": null})
    );
    assert_eq!(
        (
            &webm["likesCount"],
            &webm["commentsCount"],
            &webm["sharesCount"]
        ),
        (&json!(0), &json!(0), &json!(0))
    );
    assert!(webm["createdAt"].as_str().unwrap().ends_with('Z'));
    let webm_url = webm["videoUrl"].as_str().unwrap();
    assert!(webm_url.starts_with("/media/") && webm_url.ends_with(".webm"));
    assert_eq!(mp4["duration"], 2);
    assert_eq!((&mp4["width"], &mp4["height"]), (&json!(180), &json!(320)));
    assert!(mp4["videoUrl"].as_str().unwrap().ends_with(".mp4"));
    assert_eq!(mp4["user"]["id"], leo.id);

    // Newest first, for everyone; each creator's own on their profile.
    assert_eq!(maya.get_json("/api/reels").await, json!([mp4, webm]));
    assert_eq!(
        leo.get_json(&format!("/api/reels/user/{}", maya.id)).await,
        json!([webm])
    );
    assert_eq!(
        maya.get_json(&format!("/api/reels/user/{}", leo.id)).await,
        json!([mp4])
    );
    let (content_type, bytes) = fetched(&app, mp4["videoUrl"].as_str().unwrap()).await;
    assert_eq!(content_type, "video/mp4");
    assert_eq!(bytes, MP4);
}

async fn a_stored_video_is_served_with_its_type_and_byte_ranges(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let reel = posted(&app, &maya, "").await;
    let url = reel["videoUrl"].as_str().unwrap();

    let (content_type, whole) = fetched(&app, url).await;
    assert_eq!(content_type, "video/webm");
    assert_eq!(whole, SAMPLE_WEBM);
    let part = ranged(&app, url, "bytes=1000-1999").await;
    assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(part.headers()["content-type"], "video/webm");
    assert_eq!(
        part.headers()["content-range"],
        format!("bytes 1000-1999/{}", SAMPLE_WEBM.len()).as_str()
    );
    assert_eq!(
        part.bytes().await.unwrap().as_ref(),
        &SAMPLE_WEBM[1000..2000]
    );
    let tail = ranged(&app, url, "bytes=-100").await;
    assert_eq!(tail.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(
        tail.bytes().await.unwrap().as_ref(),
        &SAMPLE_WEBM[SAMPLE_WEBM.len() - 100..]
    );
}

async fn bytes_that_are_not_a_video_are_refused_and_nothing_is_stored(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let mut truncated = SAMPLE_WEBM[..4096].to_vec();
    truncated.extend(std::iter::repeat_n(0u8, 4096));

    for (name, bytes) in [
        (
            "html",
            b"<html><body><script>alert(1)</script></body></html>".to_vec(),
        ),
        ("png", png_declaring(64, 64)),
        ("text named .webm", b"just some text, honestly".repeat(10)),
        ("audio only", VOICE_WEBM.to_vec()),
        ("a webm header and zeros", truncated),
    ] {
        let form = Form::new().part("video", video_part(bytes, "reel.webm", "video/webm"));
        let (status, message, code) = error_of(post_form(&app, &maya, form).await).await;
        assert_eq!(status, 415, "{name}");
        assert_eq!(message, "Video must be WebM or MP4", "{name}");
        assert_eq!(code, "unsupported_media_type", "{name}");
    }
    assert_eq!(reel_count(&app).await, 0);
    assert_eq!(stored_files(&app), 0);

    let response = maya
        .client
        .post(maya.url("/api/reels"))
        .header("Origin", &app.address)
        .json(&json!({"video": "nope"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
}

async fn a_form_without_a_video_or_with_a_long_caption_is_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    for form in [
        Form::new().text("caption", "no video"),
        Form::new().part("video", video_part(Vec::new(), "empty.webm", "video/webm")),
        Form::new().part(
            "clip",
            video_part(SAMPLE_WEBM.to_vec(), "reel.webm", "video/webm"),
        ),
    ] {
        let (status, message, _) = error_of(post_form(&app, &maya, form).await).await;
        assert_eq!(
            (status, message.as_str()),
            (400, "A video file is required")
        );
    }
    let (status, message, _) =
        error_of(post_form(&app, &maya, webm_form(&"a".repeat(2201))).await).await;
    assert_eq!(
        (status, message.as_str()),
        (400, "Caption must be at most 2200 characters")
    );
    assert_eq!(reel_count(&app).await, 0);
    assert_eq!(stored_files(&app), 0);

    let reel = posted(&app, &maya, &"é".repeat(2200)).await;
    assert_eq!(reel["caption"].as_str().unwrap().chars().count(), 2200);
}

async fn a_video_over_60_seconds_is_refused_and_nothing_is_stored(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    let form = Form::new().part(
        "video",
        video_part(LONG_WEBM.to_vec(), "long.webm", "video/webm"),
    );
    let (status, message, code) = error_of(post_form(&app, &maya, form).await).await;
    assert_eq!(
        (status, message.as_str(), code.as_str()),
        (400, "Reels must be at most 60 seconds", "invalid_input")
    );
    assert_eq!(reel_count(&app).await, 0);
    assert_eq!(stored_files(&app), 0);
}

async fn a_video_over_100_mib_is_refused_without_being_stored(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    // A real WebM header, then zeros up to just past the limit.
    let mut huge = SAMPLE_WEBM[..4096].to_vec();
    huge.resize(100 * 1024 * 1024 + 1, 0);

    let form = Form::new().part("video", video_part(huge, "huge.webm", "video/webm"));
    let (status, message, code) = error_of(post_form(&app, &maya, form).await).await;
    assert_eq!(
        (status, message.as_str(), code.as_str()),
        (413, "Videos must be at most 100 MB", "payload_too_large")
    );
    assert_eq!(reel_count(&app).await, 0);
    assert_eq!(stored_files(&app), 0);
    // The server is fine afterwards.
    posted(&app, &maya, "after").await;
}

async fn ffmpeg_cuts_the_poster_when_it_is_installed(backend: Backend) {
    if !ffmpeg_installed() {
        crate::helpers::unavailable("ffmpeg is not installed (the reel poster test)");
        return;
    }
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    let reel = posted(&app, &maya, "").await;

    let poster = reel["posterUrl"].as_str().expect("a poster");
    let (content_type, bytes) = fetched(&app, poster).await;
    assert_eq!(content_type, "image/jpeg");
    let image = image::load_from_memory(&bytes).unwrap();
    assert_eq!((image.width(), image.height()), (360, 640));
    // A 2 s clip gets its frame too.
    let form = Form::new().part("video", video_part(MP4.to_vec(), "clip.mp4", "video/mp4"));
    let response = post_form(&app, &maya, form).await;
    let reel: Value = response.json().await.unwrap();
    assert!(reel["posterUrl"].as_str().is_some());
}

/// An app whose media pipeline never runs ffmpeg, and the folder it stores in.
async fn app_without_ffmpeg(backend: Backend) -> (TestApp, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let media = Media::open(&dir.path().display().to_string())
        .unwrap()
        .with_ffmpeg(None);
    (spawn_app_with_media(backend, media).await, dir)
}

async fn without_ffmpeg_the_clients_poster_is_used_or_none(backend: Backend) {
    let (app, _dir) = app_without_ffmpeg(backend).await;
    let maya = app.new_user("maya").await;

    let bare = posted(&app, &maya, "no poster").await;
    assert_eq!(bare["posterUrl"], Value::Null);

    let form = webm_form("with poster").part(
        "poster",
        Part::bytes(SAMPLE_POSTER.to_vec())
            .file_name("frame.jpg")
            .mime_str("image/jpeg")
            .unwrap(),
    );
    let response = post_form(&app, &maya, form).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let reel: Value = response.json().await.unwrap();
    let poster = reel["posterUrl"].as_str().expect("the client's poster");
    let (content_type, bytes) = fetched(&app, poster).await;
    assert!(content_type.starts_with("image/"), "{content_type}");
    let image = image::load_from_memory(&bytes).unwrap();
    assert_eq!((image.width(), image.height()), (360, 640));
}

async fn a_poster_that_is_not_an_image_is_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    let form = webm_form("bad poster").part(
        "poster",
        Part::bytes(b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec())
            .file_name("frame.png")
            .mime_str("image/png")
            .unwrap(),
    );
    let (status, message, _) = error_of(post_form(&app, &maya, form).await).await;
    assert_eq!(
        (status, message.as_str()),
        (415, "Only JPEG, PNG, GIF or WebP images can be uploaded")
    );
    assert_eq!(reel_count(&app).await, 0);
    assert_eq!(stored_files(&app), 0);
}

async fn pages_of_reels_have_no_repeats_or_gaps(backend: Backend) {
    let (app, _dir) = app_without_ffmpeg(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let mut ids = Vec::new();
    for n in 0..5 {
        let author = if n % 2 == 0 { &maya } else { &leo };
        ids.push(
            posted(&app, author, &format!("reel {n}")).await["id"]
                .as_i64()
                .unwrap(),
        );
    }
    ids.reverse();

    let mut seen = Vec::new();
    let mut path = "/api/reels?limit=2".to_owned();
    loop {
        let response = maya.get(&path).await;
        assert_eq!(response.status(), StatusCode::OK);
        let next = response
            .headers()
            .get("x-next-cursor")
            .map(|v| v.to_str().unwrap().to_owned());
        let page: Vec<Value> = response.json().await.unwrap();
        assert!(page.len() <= 2);
        seen.extend(page.iter().map(|r| r["id"].as_i64().unwrap()));
        match next {
            Some(cursor) => path = format!("/api/reels?limit=2&before={cursor}"),
            None => break,
        }
    }
    assert_eq!(seen, ids, "every reel once, newest first");

    let mayas: Vec<i64> = maya
        .get_json(&format!("/api/reels/user/{}?limit=100", maya.id))
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect();
    assert_eq!(mayas, vec![ids[0], ids[2], ids[4]]);
    let first = maya
        .get(&format!("/api/reels/user/{}?limit=1", maya.id))
        .await;
    let cursor = first.headers()["x-next-cursor"]
        .to_str()
        .unwrap()
        .to_owned();
    assert_eq!(cursor, ids[0].to_string());
    let rest = maya
        .get_json(&format!("/api/reels/user/{}?before={cursor}", maya.id))
        .await;
    assert_eq!(rest.as_array().unwrap().len(), 2);
    for bad in ["limit=0", "limit=101", "before=0", "limit=abc"] {
        let response = maya.get(&format!("/api/reels?{bad}")).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
    }
}

async fn an_unknown_creator_is_404_and_one_without_reels_has_none(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;

    let (status, message, code) = error_of(maya.get("/api/reels/user/999999").await).await;
    assert_eq!(
        (status, message.as_str(), code.as_str()),
        (404, "User not found", "not_found")
    );
    assert_eq!(
        maya.get_json(&format!("/api/reels/user/{}", leo.id)).await,
        json!([])
    );
    let response = maya.get("/api/reels/user/abc").await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
}

async fn the_demo_seed_posts_three_sample_reels_once(backend: Backend) {
    let app = spawn_app(backend).await;
    for _ in 0..2 {
        let seeded = app.cli(&["seed", "--demo"]);
        assert!(
            seeded.status.success(),
            "{}",
            String::from_utf8_lossy(&seeded.stderr)
        );
    }
    let maya = app
        .post_json(
            "/api/auth/login",
            &json!({"email": "maya@atelier.test", "password": "atelier-demo"}),
        )
        .await;
    assert_eq!(maya.status(), StatusCode::OK);

    let response = app.get("/api/reels").await;
    assert_eq!(response.status(), StatusCode::OK);
    let reels: Vec<Value> = response.json().await.unwrap();
    let creators: Vec<&str> = reels
        .iter()
        .map(|r| r["user"]["username"].as_str().unwrap())
        .collect();
    assert_eq!(creators, ["leo", "maya", "sofia"], "three reels, once each");
    for reel in &reels {
        assert!(
            (3..=5).contains(&reel["duration"].as_i64().unwrap()),
            "{reel}"
        );
        assert_eq!(
            (&reel["width"], &reel["height"]),
            (&json!(360), &json!(640))
        );
        assert!(!reel["caption"].as_str().unwrap().is_empty());
        let (content_type, bytes) = fetched(&app, reel["videoUrl"].as_str().unwrap()).await;
        assert_eq!(content_type, "video/webm");
        assert!(bytes.len() < 300 * 1024);
        let (content_type, _) = fetched(&app, reel["posterUrl"].as_str().unwrap()).await;
        assert_eq!(content_type, "image/jpeg");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reel_of_several_parts_round_trips_through_an_s3_compatible_store() {
    let s3 = LocalS3::start().await;
    let app = spawn_app_with_media(Backend::Sqlite, s3.media(&format!("{BUCKET}/reels"))).await;
    let maya = app.new_user("maya").await;
    // A recording cut short plays up to where it breaks: 12 MiB of zeros after the sample
    // still measure 4 s, and make three 5 MiB parts.
    let mut video = SAMPLE_WEBM.to_vec();
    video.resize(video.len() + 12 * 1024 * 1024, 0);

    let form = Form::new().part("video", video_part(video.clone(), "big.webm", "video/webm"));
    let response = post_form(&app, &maya, form).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let reel: Value = response.json().await.unwrap();

    assert_eq!(reel["duration"], 4);
    let url = reel["videoUrl"].as_str().unwrap();
    let (content_type, whole) = fetched(&app, url).await;
    assert_eq!(content_type, "video/webm");
    assert!(
        whole == video,
        "the stored object is the upload, byte for byte"
    );
    let start = 5 * 1024 * 1024 - 10;
    let part = ranged(&app, url, &format!("bytes={start}-{}", start + 31)).await;
    assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(
        part.bytes().await.unwrap().as_ref(),
        &video[start..start + 32]
    );
    assert_eq!(
        maya.get_json("/api/reels").await.as_array().unwrap().len(),
        1
    );
}

async fn deleting_a_reel_takes_its_likes_and_comments_and_only_its_author_or_an_admin_may(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let boss = crate::admin::admin(&app, "boss").await;
    let mut reels = Vec::new();
    for caption in ["Tide loop", "Second loop"] {
        let response = crate::bad_input::post_reel(&app, &maya, caption).await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let reel: serde_json::Value = response.json().await.unwrap();
        reels.push(reel["id"].as_i64().unwrap());
    }
    let first = format!("/api/reels/{}", reels[0]);
    assert_eq!(leo.post(&format!("{first}/like")).await.status(), 200);
    let commented = leo
        .post_json(
            &format!("{first}/comments"),
            &serde_json::json!({"content": "Lovely"}),
        )
        .await;
    assert_eq!(commented.status(), StatusCode::CREATED);

    let (status, message, _) = error_of(leo.delete(&first).await).await;
    assert_eq!(
        (status, message.as_str()),
        (403, "You cannot delete this reel")
    );
    assert_eq!(maya.delete(&first).await.status(), StatusCode::NO_CONTENT);
    let listed = leo.get_json(&format!("/api/reels/user/{}", maya.id)).await;
    let left: Vec<i64> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect();
    assert_eq!(left, vec![reels[1]]);
    assert_eq!(
        maya.get_json("/api/notifications").await,
        serde_json::json!([])
    );
    let (status, message, _) = error_of(maya.delete(&first).await).await;
    assert_eq!((status, message.as_str()), (404, "Reel not found"));

    assert_eq!(
        boss.delete(&format!("/api/reels/{}", reels[1]))
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        leo.get_json(&format!("/api/reels/user/{}", maya.id)).await,
        serde_json::json!([])
    );
}
