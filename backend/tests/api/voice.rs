//! Voice messages: the recording goes through the audio pipeline (sniffed, measured, stored by
//! hash), the message carries its `/media` URL, and `/media` serves it as audio with ranges.
//! Refusals store nothing.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::audio::{CHROME_WEBM, M4A, MP3, OGG, VIDEO_WEBM, data_url, wav};
use crate::both_backends;
use crate::helpers::{Backend, TestApp, TestUser, browser, error_of, spawn_app, spawn_app_with};
use crate::media::{ranged, stored_files};
use crate::sockets::{accept, connect, conversation, next_of};

both_backends!(
    a_chrome_voice_message_is_stored_and_served_as_audio_with_ranges,
    every_accepted_container_is_measured_and_served_with_its_type,
    the_stored_duration_is_the_real_one_not_the_claimed_one,
    non_audio_is_refused_with_415_and_nothing_is_stored,
    missing_audio_and_durations_out_of_range_are_refused_and_nothing_is_stored,
    a_voice_message_to_a_conversation_you_are_not_in_is_404_and_stores_nothing,
    a_voice_body_over_16_mib_is_refused,
    voice_messages_reach_both_people_and_preview_in_the_list,
    call_lines_cannot_be_sent_by_clients,
    a_retried_key_finds_its_voice_message_before_storing_audio,
    a_wav_is_stored_only_up_to_what_its_header_declares,
    audio_claiming_more_than_arrived_is_refused_as_damaged_and_nothing_is_stored,
    uploads_past_the_media_quota_are_refused_with_413_and_nothing_is_stored,
);

async fn chat(app: &TestApp) -> (TestUser, TestUser, i64) {
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = conversation(&maya, &leo).await;
    (maya, leo, id)
}

async fn send_voice(user: &TestUser, conversation: i64, body: Value) -> reqwest::Response {
    user.post_json(
        &format!("/api/conversations/{conversation}/messages"),
        &body,
    )
    .await
}

fn voice(mime: &str, bytes: &[u8], duration: i64) -> Value {
    json!({"messageType": "voice", "voiceUrl": data_url(mime, bytes), "duration": duration})
}

async fn messages(user: &TestUser, conversation: i64) -> Value {
    user.get_json(&format!("/api/conversations/{conversation}/messages"))
        .await
}

async fn a_chrome_voice_message_is_stored_and_served_as_audio_with_ranges(backend: Backend) {
    let app = spawn_app(backend).await;
    let (maya, leo, id) = chat(&app).await;

    let response = send_voice(&maya, id, voice("audio/webm;codecs=opus", CHROME_WEBM, 3)).await;
    assert_eq!(response.status(), 201);
    let sent: Value = response.json().await.unwrap();
    assert_eq!(sent["messageType"], "voice");
    assert_eq!(sent["content"], "");
    assert_eq!(sent["duration"], 3);
    assert_eq!(sent["callOutcome"], Value::Null);
    let url = sent["voiceUrl"].as_str().unwrap().to_owned();
    assert!(
        url.starts_with("/media/") && url.ends_with(".weba"),
        "{url}"
    );
    assert_eq!(messages(&leo, id).await[0], sent);

    // Public, as <audio> needs, with its audio type, whole and by range.
    let whole = browser().get(app.url(&url)).send().await.unwrap();
    assert_eq!(whole.status(), StatusCode::OK);
    assert_eq!(whole.headers()["content-type"], "audio/webm");
    assert_eq!(whole.headers()["accept-ranges"], "bytes");
    assert_eq!(whole.bytes().await.unwrap().as_ref(), CHROME_WEBM);
    let part = ranged(&app, &url, "bytes=100-199").await;
    assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(
        part.headers()["content-range"],
        format!("bytes 100-199/{}", CHROME_WEBM.len()).as_str()
    );
    assert_eq!(part.bytes().await.unwrap().as_ref(), &CHROME_WEBM[100..200]);
}

async fn every_accepted_container_is_measured_and_served_with_its_type(backend: Backend) {
    let app = spawn_app(backend).await;
    let (maya, _, id) = chat(&app).await;
    let three_seconds = wav(3000);
    for (claimed_type, bytes, extension, served_type, seconds) in [
        ("audio/ogg", OGG, "ogg", "audio/ogg", 2),
        ("audio/mp4", M4A, "m4a", "audio/mp4", 2),
        ("audio/mpeg", MP3, "mp3", "audio/mpeg", 2),
        ("audio/wav", &three_seconds[..], "wav", "audio/wav", 3),
    ] {
        let response = send_voice(&maya, id, voice(claimed_type, bytes, 10)).await;
        assert_eq!(response.status(), 201, "{claimed_type}");
        let sent: Value = response.json().await.unwrap();
        assert_eq!(sent["duration"], seconds, "{claimed_type}");
        let url = sent["voiceUrl"].as_str().unwrap();
        assert!(url.ends_with(&format!(".{extension}")), "{url}");
        let served = browser().get(app.url(url)).send().await.unwrap();
        assert_eq!(served.headers()["content-type"], served_type);
        assert_eq!(served.bytes().await.unwrap().as_ref(), bytes);
    }
}

async fn the_stored_duration_is_the_real_one_not_the_claimed_one(backend: Backend) {
    let app = spawn_app(backend).await;
    let (maya, _, id) = chat(&app).await;
    // Claimed 60, really 7.4 s: stored 7. Claimed 1, really 60.8 s (within the slack): 60.
    for (ms, claimed, stored) in [(7_400, 60, 7), (60_800, 1, 60), (400, 5, 1)] {
        let response = send_voice(&maya, id, voice("audio/wav", &wav(ms), claimed)).await;
        assert_eq!(response.status(), 201, "{ms} ms");
        let sent: Value = response.json().await.unwrap();
        assert_eq!(sent["duration"], stored, "{ms} ms claimed {claimed}");
    }
}

async fn non_audio_is_refused_with_415_and_nothing_is_stored(backend: Backend) {
    let app = spawn_app(backend).await;
    let (maya, _, id) = chat(&app).await;
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    let mut truncated_webm = CHROME_WEBM[..48].to_vec();
    truncated_webm.extend_from_slice(&[0; 32]);
    for (claimed, bytes) in [
        ("audio/webm", &b"<html><script>alert(1)</script></html>"[..]),
        ("audio/webm", &png[..]),
        (
            "audio/ogg",
            &b"OggS but not really an ogg stream at all"[..],
        ),
        ("audio/webm", &truncated_webm[..]),
        ("audio/webm", VIDEO_WEBM),
    ] {
        let response = send_voice(&maya, id, voice(claimed, bytes, 3)).await;
        let (status, message, code) = error_of(response).await;
        assert_eq!(
            (status, message.as_str(), code.as_str()),
            (
                415,
                "Audio must be WebM, Ogg, MP4, MP3 or WAV",
                "unsupported_media_type"
            ),
            "{bytes:?}"
        );
    }
    assert_eq!(stored_files(&app), 0);
    assert_eq!(messages(&maya, id).await, json!([]));
}

async fn missing_audio_and_durations_out_of_range_are_refused_and_nothing_is_stored(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let (maya, _, id) = chat(&app).await;
    let required = "Voice message audio is required";
    let range = "Voice messages must be 1 to 60 seconds";
    let sound = data_url("audio/wav", &wav(2000));
    for (body, expected) in [
        (json!({"messageType": "voice", "duration": 3}), required),
        (
            json!({"messageType": "voice", "voiceUrl": "https://example.com/a.webm", "duration": 3}),
            required,
        ),
        (
            json!({"messageType": "voice", "voiceUrl": "data:audio/webm,plain", "duration": 3}),
            required,
        ),
        (json!({"messageType": "voice", "voiceUrl": sound}), range),
        (
            json!({"messageType": "voice", "voiceUrl": sound, "duration": 0}),
            range,
        ),
        (
            json!({"messageType": "voice", "voiceUrl": sound, "duration": 61}),
            range,
        ),
        // Really 62.5 s, whatever it claims.
        (voice("audio/wav", &wav(62_500), 60), range),
    ] {
        let (status, message, _) = error_of(send_voice(&maya, id, body.clone()).await).await;
        assert_eq!((status, message.as_str()), (400, expected), "{body}");
    }
    assert_eq!(stored_files(&app), 0);
    assert_eq!(messages(&maya, id).await, json!([]));
}

async fn a_voice_message_to_a_conversation_you_are_not_in_is_404_and_stores_nothing(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let (maya, _, id) = chat(&app).await;
    let eve = app.new_user("eve").await;
    let response = send_voice(&eve, id, voice("audio/ogg", OGG, 2)).await;
    let (status, message, _) = error_of(response).await;
    assert_eq!((status, message.as_str()), (404, "Conversation not found"));
    assert_eq!(stored_files(&app), 0);
    let anonymous = app.anonymous();
    let response = send_voice(&anonymous, id, voice("audio/ogg", OGG, 2)).await;
    assert_eq!(response.status(), 401);
    assert_eq!(stored_files(&app), 0);
    assert_eq!(messages(&maya, id).await, json!([]));
}

async fn a_voice_body_over_16_mib_is_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let (maya, _, id) = chat(&app).await;
    let mut huge = OGG.to_vec();
    huge.resize(13 * 1024 * 1024, 0); // 17+ MiB once base64-encoded
    let response = send_voice(&maya, id, voice("audio/ogg", &huge, 2)).await;
    assert_eq!(error_of(response).await.0, 413);
    assert_eq!(stored_files(&app), 0);
}

async fn voice_messages_reach_both_people_and_preview_in_the_list(backend: Backend) {
    let app = spawn_app(backend).await;
    let (maya, leo, id) = chat(&app).await;
    accept(&leo, id).await;
    let mut leo_socket = connect(&app, &leo).await;
    let mut body = voice("audio/mp4", M4A, 2);
    body["content"] = json!("  listen to this ");
    let response = send_voice(&maya, id, body).await;
    assert_eq!(response.status(), 201);
    let sent: Value = response.json().await.unwrap();
    assert_eq!(sent["content"], "listen to this");
    let event = next_of(&mut leo_socket, "newMessage").await;
    assert_eq!(event["message"], sent);
    let list = leo.get_json("/api/conversations").await;
    let last = &list[0]["lastMessage"];
    assert_eq!(last["messageType"], "voice");
    assert_eq!(last["voiceUrl"], sent["voiceUrl"]);
    assert_eq!(last["duration"], 2);
    // A reply quotes it as a voice message.
    let reply: Value = leo
        .post_json(
            &format!("/api/conversations/{id}/messages"),
            &json!({"content": "nice", "replyToId": sent["id"]}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(reply["replyTo"]["messageType"], "voice");
}

async fn call_lines_cannot_be_sent_by_clients(backend: Backend) {
    let app = spawn_app(backend).await;
    let (maya, _, id) = chat(&app).await;
    let response = send_voice(
        &maya,
        id,
        json!({"messageType": "call", "content": "Voice call · 9:99"}),
    )
    .await;
    assert_eq!(error_of(response).await.0, 400);
    assert_eq!(messages(&maya, id).await, json!([]));
}

async fn a_retried_key_finds_its_voice_message_before_storing_audio(backend: Backend) {
    let app = spawn_app(backend).await;
    let (maya, _, id) = chat(&app).await;
    let keyed = |body: Value| {
        maya.client
            .post(maya.url(&format!("/api/conversations/{id}/messages")))
            .header("Idempotency-Key", "voice-1")
            .json(&body)
            .send()
    };
    let first = keyed(voice("audio/ogg", OGG, 2)).await.unwrap();
    assert_eq!(first.status(), StatusCode::CREATED);
    let first: Value = first.json().await.unwrap();
    assert_eq!(stored_files(&app), 1);

    // Other audio under the same key and caption: the first message, and no audio stored (the
    // recording is not compared; a retry sends the same one).
    let retry = keyed(voice("audio/mpeg", MP3, 2)).await.unwrap();
    assert_eq!(retry.status(), StatusCode::OK);
    assert_eq!(retry.json::<Value>().await.unwrap(), first);
    assert_eq!(stored_files(&app), 1);
    // A caption makes it another message.
    let mut captioned = voice("audio/ogg", OGG, 2);
    captioned["content"] = json!("listen");
    let (status, _, code) = error_of(keyed(captioned).await.unwrap()).await;
    assert_eq!((status, code.as_str()), (422, "idempotency_key_reused"));
    assert_eq!(messages(&maya, id).await.as_array().unwrap().len(), 1);
}

async fn a_wav_is_stored_only_up_to_what_its_header_declares(backend: Backend) {
    let app = spawn_app(backend).await;
    let (maya, _, id) = chat(&app).await;
    // A WAV whose header says 2 s, followed by 1 MB that no header declares.
    let two_seconds = wav(2000);
    let mut padded = two_seconds.clone();
    padded.extend(std::iter::repeat_n(0u8, 1_000_000));

    let response = send_voice(&maya, id, voice("audio/wav", &padded, 2)).await;
    assert_eq!(response.status(), 201);
    let sent: Value = response.json().await.unwrap();
    assert_eq!(sent["duration"], 2);
    let served = browser()
        .get(app.url(sent["voiceUrl"].as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(served.bytes().await.unwrap().as_ref(), &two_seconds[..]);
}

async fn audio_claiming_more_than_arrived_is_refused_as_damaged_and_nothing_is_stored(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let (maya, _, id) = chat(&app).await;
    // Its data chunk says 2 s; the last 1000 bytes never came.
    let mut cut = wav(2000);
    cut.truncate(cut.len() - 1000);
    let (status, message, _) =
        error_of(send_voice(&maya, id, voice("audio/wav", &cut, 2)).await).await;
    assert_eq!(
        (status, message.as_str()),
        (400, "The audio file is damaged")
    );
    assert_eq!(stored_files(&app), 0);
    assert_eq!(messages(&maya, id).await, json!([]));
}

async fn uploads_past_the_media_quota_are_refused_with_413_and_nothing_is_stored(backend: Backend) {
    let app = spawn_app_with(backend, |settings| settings.media_quota_mb = 1).await;
    let (maya, leo, id) = chat(&app).await;
    // 59 s of 8 kHz 8-bit WAV: ~472 KB each, so two fit in 1 MB and a third does not.
    for seconds in [59_000, 58_000] {
        let response = send_voice(&maya, id, voice("audio/wav", &wav(seconds), 59)).await;
        assert_eq!(response.status(), 201);
    }
    let (status, message, _) =
        error_of(send_voice(&maya, id, voice("audio/wav", &wav(57_000), 57)).await).await;
    assert_eq!(
        (status, message.as_str()),
        (413, "You have used your storage")
    );
    assert_eq!(stored_files(&app), 2);
    assert_eq!(messages(&maya, id).await.as_array().unwrap().len(), 2);
    // The quota is each user's: leo has stored nothing yet.
    let response = send_voice(&leo, id, voice("audio/wav", &wav(57_000), 57)).await;
    assert_eq!(response.status(), 201);
}
