//! Voice reactions to posts and reels (issue 43, docs/community-contract.md "Voice reactions"):
//! who hears what ('Voice Reactions Privacy'), the author's folded notification, blocks,
//! private accounts, the per-user limit, reports, deleting, the data export, and bad input
//! refused with nothing stored.

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::audio::{CHROME_WEBM, data_url, wav};
use crate::both_backends;
use crate::helpers::{Backend, TestApp, TestUser, error_of, spawn_app, spawn_app_with};
use crate::private::{change_settings, set_private};

both_backends!(
    the_author_hears_every_voice_reaction_and_others_only_those_their_senders_share,
    the_author_is_told_and_voice_reactions_fold_like_likes,
    a_block_either_way_stops_sending_and_hearing,
    a_private_accounts_post_takes_voice_reactions_from_its_followers_only,
    voice_reactions_have_a_per_user_limit,
    a_voice_reaction_is_reported_by_those_who_hear_it,
    a_voice_reaction_is_deleted_by_its_sender_the_author_or_an_admin_only,
    bad_input_is_refused_and_nothing_is_stored,
    a_reel_takes_voice_reactions_as_a_multipart_form,
    the_data_export_holds_the_voice_reactions_sent,
);

fn reactions_of_post(post: i64) -> String {
    format!("/api/posts/{post}/voice-reactions")
}

fn body(emotion: &str) -> Value {
    json!({"emotion": emotion, "duration": 2,
           "voiceUrl": data_url("audio/webm;codecs=opus", CHROME_WEBM)})
}

/// Sends a voice reaction as JSON; answers it.
async fn react(user: &TestUser, path: &str, emotion: &str) -> Value {
    let response = user.post_json(path, &body(emotion)).await;
    assert_eq!(response.status(), StatusCode::CREATED, "reacting on {path}");
    response.json().await.unwrap()
}

async fn post_by(user: &TestUser) -> i64 {
    user.create_post("Harbour at dawn").await["id"]
        .as_i64()
        .unwrap()
}

/// The senders' usernames of the reactions `user` hears, newest first, and the page.
async fn heard(user: &TestUser, path: &str) -> (Vec<String>, Value) {
    let page = user.get_json(path).await;
    let names = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["user"]["username"].as_str().unwrap().to_owned())
        .collect();
    (names, page)
}

async fn stored(app: &TestApp) -> i64 {
    let db = app.db().await;
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM voice_reactions")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    count
}

async fn share_my_voice_reactions(user: &TestUser) {
    let settings = change_settings(user, json!({"voiceReactionsPrivacy": false})).await;
    assert_eq!(settings["voiceReactionsPrivacy"], false);
}

async fn the_author_hears_every_voice_reaction_and_others_only_those_their_senders_share(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ines = app.new_user("ines").await;
    let sam = app.new_user("sam").await;
    let post = post_by(&maya).await;
    let path = reactions_of_post(post);
    share_my_voice_reactions(&ines).await;

    let sent = react(&leo, &path, "inspired").await;
    react(&ines, &path, "love").await;

    // The answer: the one user shape, the emotion, a measured length and playable audio.
    assert_eq!(sent["emotion"], "inspired");
    assert_eq!(sent["postId"], post);
    assert_eq!(sent["user"]["username"], "leo");
    assert!(sent["user"].get("profileImageUrl").is_some());
    let duration = sent["duration"].as_i64().unwrap();
    assert!((1..=60).contains(&duration), "{duration}");
    assert!(sent["createdAt"].as_str().unwrap().ends_with('Z'));
    let audio = sam.get(sent["audioUrl"].as_str().unwrap()).await;
    assert_eq!(audio.status(), StatusCode::OK);

    // The author hears both, newest first; leo his own and the shared one; sam only the shared.
    let (names, page) = heard(&maya, &path).await;
    assert_eq!(names, ["ines", "leo"]);
    assert_eq!(heard(&leo, &path).await.0, ["ines", "leo"]);
    let (names, sams) = heard(&sam, &path).await;
    assert_eq!(names, ["ines"]);
    // Everyone sees the counts of all of them.
    for counts in [&page, &sams] {
        assert_eq!(
            counts["counts"],
            json!({"love": 1, "excited": 0, "inspired": 1, "impressed": 0})
        );
        assert_eq!(counts["total"], 2);
    }

    // Turning the switch off shares leo's earlier ones too; on again, they are the author's.
    share_my_voice_reactions(&leo).await;
    assert_eq!(heard(&sam, &path).await.0, ["ines", "leo"]);
    change_settings(&leo, json!({"voiceReactionsPrivacy": true})).await;
    assert_eq!(heard(&sam, &path).await.0, ["ines"]);

    // Keyset pages, newest first, without gaps.
    let first = sam.get(&format!("{path}?limit=1")).await;
    assert_eq!(first.status(), StatusCode::OK);
    assert!(first.headers().get("x-next-cursor").is_none());
    let first = maya.get(&format!("{path}?limit=1")).await;
    let cursor = first.headers()["x-next-cursor"]
        .to_str()
        .unwrap()
        .to_owned();
    let page: Value = first.json().await.unwrap();
    assert_eq!(page["items"][0]["user"]["username"], "ines");
    let (older, _) = heard(&maya, &format!("{path}?limit=1&before={cursor}")).await;
    assert_eq!(older, ["leo"]);
}

async fn the_author_is_told_and_voice_reactions_fold_like_likes(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ines = app.new_user("ines").await;
    let post = post_by(&maya).await;
    let path = reactions_of_post(post);

    react(&leo, &path, "inspired").await;
    let told = maya.get_json("/api/notifications").await;
    assert_eq!(told[0]["kind"], "voice_reaction");
    assert_eq!(told[0]["text"], "leo sent you a voice reaction: Inspired!");
    assert_eq!(told[0]["url"], format!("/p/{post}"));

    react(&ines, &path, "love").await;
    // A second one by leo changes nothing: one notification, two senders.
    react(&leo, &path, "excited").await;
    let told = maya.get_json("/api/notifications").await;
    let of_kind: Vec<&Value> = told
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["kind"] == "voice_reaction")
        .collect();
    assert_eq!(of_kind.len(), 1);
    assert_eq!(of_kind[0]["actorsCount"], 2);
    assert_eq!(of_kind[0]["text"], "ines and leo sent you voice reactions");

    // Your own reaction tells nobody.
    react(&maya, &path, "love").await;
    assert_eq!(
        maya.get_json("/api/notifications")
            .await
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

async fn a_block_either_way_stops_sending_and_hearing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sam = app.new_user("sam").await;
    let post = post_by(&maya).await;
    let path = reactions_of_post(post);
    share_my_voice_reactions(&leo).await;
    react(&leo, &path, "love").await;

    // Sam blocks leo: sam no longer hears him, nor counts him.
    assert_eq!(
        sam.post(&format!("/api/users/{}/block", leo.id))
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
    let (names, page) = heard(&sam, &path).await;
    assert!(names.is_empty());
    assert_eq!(page["total"], 0);

    // Maya blocks leo: he can neither send nor list, and nothing is stored.
    assert_eq!(
        maya.post(&format!("/api/users/{}/block", leo.id))
            .await
            .status(),
        StatusCode::NO_CONTENT
    );
    let before = stored(&app).await;
    let refused = leo.post_json(&path, &body("love")).await;
    assert_eq!(refused.status(), StatusCode::NOT_FOUND);
    assert_eq!(leo.get(&path).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(stored(&app).await, before);
    // Nor does maya hear the one he sent before.
    assert!(heard(&maya, &path).await.0.is_empty());
}

async fn a_private_accounts_post_takes_voice_reactions_from_its_followers_only(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = post_by(&maya).await;
    let path = reactions_of_post(post);
    set_private(&maya, true).await;

    let refused = leo.post_json(&path, &body("love")).await;
    assert_eq!(refused.status(), StatusCode::NOT_FOUND);
    assert_eq!(leo.get(&path).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(stored(&app).await, 0);

    // Approved as a follower, leo may react.
    let asked = leo.post(&format!("/api/users/{}/follow", maya.id)).await;
    assert_eq!(asked.status(), StatusCode::OK);
    let requests = maya.get_json("/api/user/follow-requests").await;
    let request = requests[0]["id"].as_i64().unwrap();
    let approved = maya
        .post(&format!("/api/follow-requests/{request}/approve"))
        .await;
    assert!(approved.status().is_success(), "{}", approved.status());
    react(&leo, &path, "impressed").await;
    assert_eq!(heard(&maya, &path).await.0, ["leo"]);
}

async fn voice_reactions_have_a_per_user_limit(backend: Backend) {
    let app = spawn_app_with(backend, |s| s.limit_voice_reactions_per_10_min = 2).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = post_by(&maya).await;
    let path = reactions_of_post(post);
    react(&leo, &path, "love").await;
    react(&leo, &path, "excited").await;

    let refused = leo.post_json(&path, &body("inspired")).await;
    assert!(refused.headers().get("retry-after").is_some());
    let (status, message, _) = error_of(refused).await;
    assert_eq!(status, 429);
    assert_eq!(
        message,
        "You're sending voice reactions too often. Please try again later."
    );
    assert_eq!(stored(&app).await, 2);
    // The allowance is each person's own.
    react(&maya, &path, "love").await;
}

async fn a_voice_reaction_is_reported_by_those_who_hear_it(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sam = app.new_user("sam").await;
    let post = post_by(&maya).await;
    let reaction = react(&leo, &reactions_of_post(post), "love").await["id"]
        .as_i64()
        .unwrap();
    let report = |target: i64| json!({"targetType": "voice_reaction", "targetId": target, "reason": "harassment"});

    // Sam does not hear it (leo keeps them private): nothing to report.
    let (status, message, _) =
        error_of(sam.post_json("/api/reports", &report(reaction)).await).await;
    assert_eq!(
        (status, message.as_str()),
        (404, "Voice reaction not found")
    );
    // The author does.
    let reported = maya.post_json("/api/reports", &report(reaction)).await;
    assert_eq!(reported.status(), StatusCode::CREATED);
    // Its sender cannot report his own.
    let (status, ..) = error_of(leo.post_json("/api/reports", &report(reaction)).await).await;
    assert_eq!(status, 400);

    // The admin's queue shows its case; removing it hides it from the author.
    let db = app.db().await;
    atelier::identity::store::users::grant_admin(&db, "sam")
        .await
        .unwrap();
    db.pool.close().await;
    let sam = app.signed_in_again(&sam).await;
    let queue = sam.get_json("/api/admin/reports").await;
    let case = queue
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["targetType"] == "voice_reaction")
        .expect("the case is queued")
        .clone();
    assert_eq!(case["targetId"], reaction);
    let target = sam
        .get_json(&format!("/api/admin/reports/{}/target", case["id"]))
        .await;
    assert!(target["audioUrl"].as_str().unwrap().starts_with("/media/"));
}

async fn a_voice_reaction_is_deleted_by_its_sender_the_author_or_an_admin_only(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sam = app.new_user("sam").await;
    let ada = app.new_user("ada").await;
    let db = app.db().await;
    atelier::identity::store::users::grant_admin(&db, "ada")
        .await
        .unwrap();
    db.pool.close().await;
    let post = post_by(&maya).await;
    let path = reactions_of_post(post);
    let one = |value: Value| format!("/api/voice-reactions/{}", value["id"].as_i64().unwrap());

    // Private to maya: to sam it is not there; shared: he hears it but may not delete it.
    let private = one(react(&leo, &path, "love").await);
    assert_eq!(sam.delete(&private).await.status(), StatusCode::NOT_FOUND);
    share_my_voice_reactions(&leo).await;
    let (status, message, _) = error_of(sam.delete(&private).await).await;
    assert_eq!(
        (status, message.as_str()),
        (403, "You cannot delete this voice reaction")
    );

    // The sender deletes his own; his notification goes with his last one.
    assert_eq!(leo.delete(&private).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(leo.delete(&private).await.status(), StatusCode::NOT_FOUND);
    let told = maya.get_json("/api/notifications").await;
    assert!(
        told.as_array()
            .unwrap()
            .iter()
            .all(|n| n["kind"] != "voice_reaction")
    );

    // The author and an admin delete anyone's.
    let second = one(react(&leo, &path, "excited").await);
    assert_eq!(maya.delete(&second).await.status(), StatusCode::NO_CONTENT);
    let third = one(react(&leo, &path, "impressed").await);
    assert_eq!(ada.delete(&third).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(stored(&app).await, 0);
    assert_eq!(heard(&maya, &path).await.1["total"], 0);
}

async fn bad_input_is_refused_and_nothing_is_stored(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = post_by(&maya).await;
    let path = reactions_of_post(post);
    let webm = data_url("audio/webm;codecs=opus", CHROME_WEBM);
    let png = crate::posts::png_data_url(8, 8);

    let cases = [
        (
            json!({"emotion": "angry", "duration": 2, "voiceUrl": webm}),
            400,
        ),
        (json!({"duration": 2, "voiceUrl": webm}), 400),
        (json!({"emotion": "love", "duration": 2}), 400),
        (
            json!({"emotion": "love", "duration": 0, "voiceUrl": webm}),
            400,
        ),
        (
            json!({"emotion": "love", "duration": 61, "voiceUrl": webm}),
            400,
        ),
        (
            json!({"emotion": "love", "duration": 2, "voiceUrl": "not a data url"}),
            400,
        ),
        // The bytes decide: a PNG labelled audio is not audio; a WAV of 63 s is too long
        // whatever the claimed length.
        (
            json!({"emotion": "love", "duration": 2,
                "voiceUrl": png.replace("image/png", "audio/webm")}),
            415,
        ),
        (
            json!({"emotion": "love", "duration": 5,
                "voiceUrl": data_url("audio/wav", &wav(63_000))}),
            400,
        ),
    ];
    for (body, expected) in cases {
        let response = leo.post_json(&path, &body).await;
        let (status, message, _) = error_of(response).await;
        assert_eq!(status, expected, "{body} answered {message}");
    }
    let (_, message, _) = error_of(
        leo.post_json(
            &path,
            &json!({"emotion": "love", "duration": 5,
                                      "voiceUrl": data_url("audio/wav", &wav(63_000))}),
        )
        .await,
    )
    .await;
    assert_eq!(message, "Voice reactions must be 1 to 60 seconds");

    // A form without audio, or with something else as its audio.
    let form = Form::new().text("emotion", "love").text("duration", "2");
    assert_eq!(send_form(&app, &leo, &path, form).await.status(), 400);
    let form = Form::new()
        .text("emotion", "love")
        .text("duration", "2")
        .part(
            "audio",
            Part::bytes(b"plain text".to_vec()).file_name("a.webm"),
        );
    assert_eq!(send_form(&app, &leo, &path, form).await.status(), 415);
    // Neither JSON nor a form.
    let text = leo
        .client
        .post(leo.url(&path))
        .header("Content-Type", "text/plain")
        .header("Origin", &app.address)
        .body("love")
        .send()
        .await
        .unwrap();
    assert_eq!(text.status(), 415);
    // An id that names nothing.
    assert_eq!(
        leo.post_json("/api/posts/999999/voice-reactions", &body("love"))
            .await
            .status(),
        404
    );

    assert_eq!(stored(&app).await, 0);
    assert!(
        maya.get_json("/api/notifications")
            .await
            .as_array()
            .unwrap()
            .is_empty()
    );
}

async fn send_form(app: &TestApp, user: &TestUser, path: &str, form: Form) -> reqwest::Response {
    user.client
        .post(user.url(path))
        .header("Origin", &app.address)
        .multipart(form)
        .send()
        .await
        .expect("request sent")
}

async fn a_reel_takes_voice_reactions_as_a_multipart_form(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let reel: Value = crate::bad_input::post_reel(&app, &maya, "Tide loop")
        .await
        .json()
        .await
        .unwrap();
    let path = format!("/api/reels/{}/voice-reactions", reel["id"]);
    let form = Form::new()
        .text("emotion", "excited")
        .text("duration", "2")
        .part(
            "audio",
            Part::bytes(CHROME_WEBM.to_vec())
                .file_name("reaction.webm")
                .mime_str("audio/webm")
                .unwrap(),
        );
    let response = send_form(&app, &leo, &path, form).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let sent: Value = response.json().await.unwrap();
    assert_eq!(sent["reelId"], reel["id"]);
    assert_eq!(sent["postId"], Value::Null);
    assert_eq!(sent["emotion"], "excited");

    let (names, page) = heard(&maya, &path).await;
    assert_eq!(names, ["leo"]);
    assert_eq!(page["counts"]["excited"], 1);
    let told = maya.get_json("/api/notifications").await;
    assert_eq!(told[0]["text"], "leo sent you a voice reaction: Excited!");
}

async fn the_data_export_holds_the_voice_reactions_sent(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = post_by(&maya).await;
    let sent = react(&leo, &reactions_of_post(post), "impressed").await;

    let export = leo.get_json("/api/user/export").await;
    let list = export["voiceReactions"].as_array().unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["id"], sent["id"]);
    assert_eq!(list[0]["postId"], post);
    assert_eq!(list[0]["emotion"], "impressed");
    assert_eq!(list[0]["audioUrl"], sent["audioUrl"]);
    // The author's export does not hold what others sent her.
    let hers = maya.get_json("/api/user/export").await;
    assert_eq!(hers["voiceReactions"], json!([]));
}
