//! Two instances sharing one database and one Redis (`TEST_REDIS_URL`): events and presence
//! cross between them.

use futures_util::SinkExt;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::both_backends;
use crate::groups::group;
use crate::helpers::{Backend, TestApp, TestUser, fresh_redis_prefix, redis_url, spawn_app_with};
use crate::limits::{answers, closed_with, open_socket};
use crate::sockets::{
    assert_none_before, assert_silent_until_pong, close_and_wait, connect, conversation, next_of,
    ready, send_text,
};

both_backends!(
    a_message_posted_on_one_instance_reaches_a_socket_on_the_other,
    presence_is_counted_across_instances,
    a_dead_instances_sockets_do_not_keep_anyone_online,
    a_call_is_signalled_across_instances_and_busy_is_seen_on_both,
    a_notification_reaches_the_recipients_sockets_on_every_instance,
    a_groups_changes_reach_its_members_on_every_instance,
    the_thirty_first_message_in_ten_seconds_is_429_whichever_instance_takes_it,
    a_user_holds_sixteen_sockets_over_both_instances_together,
);

/// Two instances on one database and one Redis, under a key prefix of their own; `None`
/// without TEST_REDIS_URL (`helpers::unavailable`: a failure under CI, a counted skip elsewhere).
async fn two_instances(backend: Backend) -> Option<(TestApp, TestApp, String, String)> {
    let redis_url = redis_url()?;
    let prefix = fresh_redis_prefix();
    let (url, key_prefix) = (redis_url.clone(), prefix.clone());
    let first = spawn_app_with(backend, move |settings| {
        settings.redis_url = Some(url);
        settings.redis_prefix = key_prefix;
    })
    .await;
    let second = first.spawn_twin().await;
    Some((first, second, redis_url, prefix))
}

pub async fn is_online(viewer: &TestUser, conversation: i64, user: i64) -> bool {
    let list = viewer.get_json("/api/conversations").await;
    let entry = list
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == conversation)
        .unwrap();
    let person = entry["participants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["user"]["id"] == user)
        .unwrap();
    person["user"]["isOnline"].as_bool().unwrap()
}

async fn a_message_posted_on_one_instance_reaches_a_socket_on_the_other(backend: Backend) {
    let Some((first, second, _, _)) = two_instances(backend).await else {
        return;
    };
    let maya = first.new_user("maya").await;
    let leo = first.new_user("leo").await;
    let id = conversation(&maya, &leo).await;
    let mut leo_on_second = connect(&second, &leo).await;
    let mut maya_on_first = connect(&first, &maya).await;

    let sent: Value = maya
        .post_json(
            &format!("/api/conversations/{id}/messages"),
            &json!({"content": "across"}),
        )
        .await
        .json()
        .await
        .unwrap();
    let event = next_of(&mut leo_on_second, "newMessage").await;
    assert_eq!(event["message"], sent);
    // The sender's own instance delivered it once, not twice: not again by way of Redis
    // either, before a typing signal the other instance relays after it.
    assert_eq!(
        next_of(&mut maya_on_first, "newMessage").await["message"]["id"],
        sent["id"]
    );
    leo_on_second
        .send(Message::text(
            json!({"type": "typing", "conversationId": id}).to_string(),
        ))
        .await
        .unwrap();
    assert_none_before(&mut maya_on_first, &["newMessage"], "typing").await;
}

async fn presence_is_counted_across_instances(backend: Backend) {
    let Some((first, second, _, _)) = two_instances(backend).await else {
        return;
    };
    let maya = first.new_user("maya").await;
    let leo = first.new_user("leo").await;
    let id = conversation(&maya, &leo).await;
    let mut maya_socket = connect(&first, &maya).await;

    let leo_on_second = connect(&second, &leo).await;
    let online = next_of(&mut maya_socket, "presence").await;
    assert_eq!(
        (online["userId"].as_i64(), &online["isOnline"]),
        (Some(leo.id), &json!(true))
    );
    // Both instances agree.
    assert!(is_online(&maya, id, leo.id).await);
    let maya_via_second = maya.clone_on(&second);
    assert!(is_online(&maya_via_second, id, leo.id).await);

    // A second socket on the other instance is not news, and closing one of the two is not:
    // nothing before a message the second instance publishes after the close is done.
    let mut leo_on_first = connect(&first, &leo).await;
    ready(&mut leo_on_first).await;
    close_and_wait(leo_on_second).await;
    let marker: Value = maya_via_second
        .post_json(
            &format!("/api/conversations/{id}/messages"),
            &json!({"content": "still here?"}),
        )
        .await
        .json()
        .await
        .unwrap();
    let relayed = assert_none_before(&mut maya_socket, &["presence"], "newMessage").await;
    assert_eq!(relayed["message"]["id"], marker["id"]);
    assert!(is_online(&maya, id, leo.id).await);

    leo_on_first.close(None).await.unwrap();
    let offline = next_of(&mut maya_socket, "presence").await;
    assert_eq!(offline["isOnline"], false);
    assert!(!is_online(&maya, id, leo.id).await);
    assert!(!is_online(&maya_via_second, id, leo.id).await);
}

async fn a_dead_instances_sockets_do_not_keep_anyone_online(backend: Backend) {
    let Some((first, _second, redis_url, prefix)) = two_instances(backend).await else {
        return;
    };
    let maya = first.new_user("maya").await;
    let leo = first.new_user("leo").await;
    let id = conversation(&maya, &leo).await;
    plant_dead_instance(&redis_url, &prefix, leo.id).await;
    assert!(!is_online(&maya, id, leo.id).await);
}

/// Leaves in Redis what an instance `deadbeef` that died holding `user`'s only socket leaves:
/// its membership, and no heartbeat key. Answers a connection to that Redis.
pub async fn plant_dead_instance(
    redis_url: &str,
    prefix: &str,
    user: i64,
) -> redis::aio::MultiplexedConnection {
    let client = redis::Client::open(redis_url).unwrap();
    let mut conn = client.get_multiplexed_async_connection().await.unwrap();
    let _: () = redis::pipe()
        .sadd(format!("{prefix}:presence:{user}"), "deadbeef")
        .sadd(format!("{prefix}:members:deadbeef"), user)
        .sadd(format!("{prefix}:instances"), "deadbeef")
        .query_async(&mut conn)
        .await
        .unwrap();
    conn
}

async fn a_call_is_signalled_across_instances_and_busy_is_seen_on_both(backend: Backend) {
    let Some((first, second, _, _)) = two_instances(backend).await else {
        return;
    };
    let maya = first.new_user("maya").await;
    let leo = first.new_user("leo").await;
    let ana = first.new_user("ana").await;
    let id = conversation(&maya, &leo).await;
    let with_leo = conversation(&ana, &leo).await;
    let mut leo_on_second = connect(&second, &leo).await;
    let mut maya_on_first = connect(&first, &maya).await;
    let mut ana_on_first = connect(&first, &ana).await;
    let offer = json!({"type": "offer", "sdp": "v=0"});
    maya_on_first
        .send(Message::text(
            json!({"type": "initiateCall", "toUserId": leo.id, "conversationId": id, "offer": offer})
                .to_string(),
        ))
        .await
        .unwrap();
    let incoming = next_of(&mut leo_on_second, "incomingCall").await;
    assert_eq!(incoming["fromUserId"], maya.id);
    leo_on_second
        .send(Message::text(
            json!({"type": "acceptCall", "toUserId": maya.id, "answer": {"type": "answer", "sdp": "v=0"}})
                .to_string(),
        ))
        .await
        .unwrap();
    assert_eq!(
        next_of(&mut maya_on_first, "callAccepted").await["fromUserId"],
        leo.id
    );
    // Leo's call is held on the other instance: this one still knows he is busy.
    ana_on_first
        .send(Message::text(
            json!({"type": "initiateCall", "toUserId": leo.id, "conversationId": with_leo, "offer": offer})
                .to_string(),
        ))
        .await
        .unwrap();
    assert_eq!(
        next_of(&mut ana_on_first, "callRejected").await["reason"],
        "busy"
    );
    // No ring reached him: nothing before Ana's typing, which the first instance relays after.
    ana_on_first
        .send(Message::text(
            json!({"type": "typing", "conversationId": with_leo}).to_string(),
        ))
        .await
        .unwrap();
    assert_none_before(&mut leo_on_second, &["incomingCall"], "typing").await;
}

/// A survivor's heartbeat takes a dead instance's users out and reports those now offline
/// everywhere (the server then stores their lastSeen and tells their contacts).
#[tokio::test]
async fn a_survivors_heartbeat_sweeps_a_dead_instance() {
    let Some(redis_url) = redis_url() else {
        return;
    };
    let prefix = fresh_redis_prefix();
    let hub = atelier::platform::realtime::hub::Hub::default();
    let survivor = atelier::platform::realtime::cluster::Cluster::start(&redis_url, &prefix, hub)
        .await
        .unwrap();
    let client = redis::Client::open(redis_url.as_str()).unwrap();
    let mut conn = client.get_multiplexed_async_connection().await.unwrap();
    // User 7 was only on the dead instance; user 8 also has a socket on a live one.
    let _: () = redis::pipe()
        .sadd(format!("{prefix}:instances"), "deadbeef")
        .sadd(format!("{prefix}:members:deadbeef"), &[7, 8])
        .sadd(format!("{prefix}:presence:7"), "deadbeef")
        .sadd(format!("{prefix}:presence:8"), &["deadbeef", "alive01"])
        .set_ex(format!("{prefix}:instance:alive01"), 1, 30)
        .query_async(&mut conn)
        .await
        .unwrap();

    assert!(
        survivor.arrived(9).await.unwrap(),
        "user 9 came online here"
    );
    let offline = survivor.heartbeat().await.unwrap();
    assert_eq!(offline, [7]);
    let online = survivor.online_among(&[7, 8, 9]).await.unwrap();
    assert_eq!(online, [8, 9].into_iter().collect());
    let members: Vec<i64> =
        redis::AsyncCommands::smembers(&mut conn, format!("{prefix}:members:deadbeef"))
            .await
            .unwrap();
    assert!(members.is_empty());
    // Swept once: a second heartbeat finds nothing more.
    assert_eq!(survivor.heartbeat().await.unwrap(), Vec::<i64>::new());
}

/// Issue 21: a like taken by one instance tells the author's sockets on both, the notification
/// and the unread count, each once.
async fn a_notification_reaches_the_recipients_sockets_on_every_instance(backend: Backend) {
    let Some((first, second, _, _)) = two_instances(backend).await else {
        return;
    };
    let maya = first.new_user("maya").await;
    let leo = first.new_user("leo").await;
    let post = crate::tags::post_with(&maya, "Across", &[]).await["id"]
        .as_i64()
        .unwrap();
    let mut maya_on_first = connect(&first, &maya).await;
    let mut maya_on_second = connect(&second, &maya).await;

    let liked = leo.post(&format!("/api/posts/{post}/like")).await;
    assert_eq!(liked.status(), 200);
    for socket in [&mut maya_on_first, &mut maya_on_second] {
        let event = next_of(socket, "notification").await;
        assert_eq!(event["notification"]["text"], "leo liked your post");
        assert_eq!(next_of(socket, "unreadCount").await["count"], 1);
    }
    // Once each: the next thing either hears is the read's count, not a second copy.
    let read = maya
        .post_json("/api/notifications/read", &json!({"all": true}))
        .await;
    assert_eq!(read.status(), 204);
    for socket in [&mut maya_on_first, &mut maya_on_second] {
        let event = assert_none_before(socket, &["notification"], "unreadCount").await;
        assert_eq!(event["count"], 0);
    }
}

/// Issue 22: a group made, renamed and trimmed on one instance is heard on the other, and a
/// member removed there stops hearing it.
async fn a_groups_changes_reach_its_members_on_every_instance(backend: Backend) {
    let Some((first, second, _, _)) = two_instances(backend).await else {
        return;
    };
    let maya = first.new_user("maya").await;
    let leo = first.new_user("leo").await;
    let ines = first.new_user("ines").await;
    let mut leo_on_second = connect(&second, &leo).await;
    let mut ines_on_second = connect(&second, &ines).await;
    ready(&mut leo_on_second).await;
    ready(&mut ines_on_second).await;

    let id = group(&maya, &[&leo, &ines], "Crew").await["id"]
        .as_i64()
        .unwrap();
    let made = next_of(&mut leo_on_second, "conversationUpdated").await;
    assert_eq!(made["conversation"]["name"], "Crew");
    next_of(&mut ines_on_second, "conversationUpdated").await;

    let renamed = maya
        .patch_json(
            &format!("/api/conversations/{id}"),
            &json!({"name": "Night crew"}),
        )
        .await;
    assert_eq!(renamed.status(), 200);
    let event = next_of(&mut ines_on_second, "conversationUpdated").await;
    assert_eq!(event["conversation"]["name"], "Night crew");
    next_of(&mut leo_on_second, "conversationUpdated").await;

    let removed = maya
        .delete(&format!("/api/conversations/{id}/participants/{}", leo.id))
        .await;
    assert_eq!(removed.status(), 204);
    let gone = next_of(&mut leo_on_second, "conversationUpdated").await;
    assert_eq!(gone["conversation"], Value::Null);
    let kept = next_of(&mut ines_on_second, "conversationUpdated").await;
    assert_eq!(
        kept["conversation"]["participants"]
            .as_array()
            .unwrap()
            .len(),
        2
    );

    let sent = send_text(&maya, id, "just us").await;
    assert_eq!(
        next_of(&mut ines_on_second, "newMessage").await["message"]["id"],
        sent
    );
    assert_silent_until_pong(&mut leo_on_second).await;
}

async fn the_thirty_first_message_in_ten_seconds_is_429_whichever_instance_takes_it(
    backend: Backend,
) {
    let Some((first, second, _, _)) = two_instances(backend).await else {
        return;
    };
    let maya = first.new_user("maya").await;
    let leo = first.new_user("leo").await;
    let id = conversation(&maya, &leo).await;
    let maya_on_second = maya.clone_on(&second);
    let path = format!("/api/conversations/{id}/messages");

    // Seventy messages, every other one through each instance: each instance alone would take
    // thirty (sixty in all); together they take thirty, and one more each third of a second
    // the sending lasts.
    let started = std::time::Instant::now();
    let mut accepted = 0;
    let mut refused_by = [false, false];
    for n in 0..70 {
        let who = if n % 2 == 0 { &maya } else { &maya_on_second };
        let status = who
            .post_json(&path, &json!({"content": format!("spam {n}")}))
            .await
            .status();
        match status.as_u16() {
            201 => accepted += 1,
            429 => refused_by[n % 2] = true,
            other => panic!("message {n} answered {other}"),
        }
        if n == 30 && started.elapsed() < std::time::Duration::from_millis(300) {
            assert_eq!(status, 429, "the 31st, sent within a third of a second");
        }
    }
    let refills = started.elapsed().as_secs_f64() * 3.0;

    assert!(accepted >= 30, "{accepted} accepted");
    assert!(
        f64::from(accepted) <= 30.0 + refills.ceil(),
        "{accepted} accepted in {:?}: the instances share one allowance",
        started.elapsed()
    );
    assert_eq!(refused_by, [true, true], "both instances refuse");
}

async fn a_user_holds_sixteen_sockets_over_both_instances_together(backend: Backend) {
    let Some((first, second, _, _)) = two_instances(backend).await else {
        return;
    };
    let maya = first.new_user("maya").await;
    let mut sockets = Vec::new();
    for n in 0..16 {
        let app = if n % 2 == 0 { &first } else { &second };
        sockets.push(connect(app, &maya).await);
    }

    for app in [&first, &second] {
        let mut seventeenth = open_socket(app, &maya).await;
        assert_eq!(
            closed_with(&mut seventeenth).await,
            (4008, "Too many connections".to_owned())
        );
    }
    assert!(
        answers(&mut sockets[0]).await,
        "the oldest socket still works"
    );
    assert!(answers(&mut sockets[1]).await);
    // A place freed on one instance can be taken on the other.
    close_and_wait(sockets.remove(0)).await;
    let mut on_second = open_socket(&second, &maya).await;
    assert!(answers(&mut on_second).await);
}
