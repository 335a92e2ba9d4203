//! Notifications (issue 21, docs/notifications-contract.md): each kind is made by its act and
//! by nothing else (your own acts, blocked accounts, removed content), likes and follows fold,
//! unliking and unfollowing leave nothing behind, unread counts and reads, pagination, and the
//! recipient's sockets hear each one live.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestUser, error_of, spawn_app};
use crate::private::{change_settings, set_private};
use crate::sockets::{
    assert_silent_until_pong, connect, conversation, next_of, read_to, send_text,
};
use crate::tags::post_with;

both_backends!(
    each_act_tells_the_one_it_concerns_and_your_own_acts_tell_nobody,
    likes_fold_within_a_day_and_taking_one_back_leaves_nothing,
    follows_fold_and_a_private_accounts_requests_are_asked_then_answered,
    turning_an_account_public_approves_its_requests_as_its_owner_would,
    blocked_accounts_and_removed_content_are_never_shown,
    unread_counts_follow_reads_of_some_or_all,
    reading_or_marking_is_only_ever_your_own,
    pages_follow_the_latest_activity_without_repeats_or_gaps,
    filters_pick_mentions_comments_or_follows,
    the_recipients_sockets_hear_the_notification_and_the_count,
    conversations_count_the_others_messages_after_the_read_pointer,
    a_kind_switched_off_in_settings_is_not_made,
    calls_voicemails_withdrawals_and_reports_tell_too,
    a_notification_about_a_post_its_reader_may_not_see_is_never_made_nor_shown,
);

async fn notifications(user: &TestUser) -> Vec<Value> {
    let list = user.get_json("/api/notifications").await;
    list.as_array().expect("a list").clone()
}

fn kinds(list: &[Value]) -> Vec<&str> {
    list.iter().map(|n| n["kind"].as_str().unwrap()).collect()
}

async fn like(user: &TestUser, post: i64) -> Value {
    let response = user.post(&format!("/api/posts/{post}/like")).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

async fn comment(user: &TestUser, post: i64, content: &str, parent: Option<i64>) -> Value {
    let response = user
        .post_json(
            &format!("/api/posts/{post}/comments"),
            &json!({"content": content, "parentId": parent}),
        )
        .await;
    assert_eq!(
        response.status(),
        StatusCode::CREATED,
        "commenting {content}"
    );
    response.json().await.unwrap()
}

async fn follow(user: &TestUser, whom: &TestUser) {
    let response = user.post(&format!("/api/users/{}/follow", whom.id)).await;
    assert_eq!(response.status(), StatusCode::OK);
}

async fn unread(user: &TestUser) -> i64 {
    user.get_json("/api/notifications/unread-count").await["count"]
        .as_i64()
        .unwrap()
}

async fn read(user: &TestUser, body: Value) -> StatusCode {
    user.post_json("/api/notifications/read", &body)
        .await
        .status()
}

async fn post_of(user: &TestUser, caption: &str) -> i64 {
    post_with(user, caption, &[]).await["id"].as_i64().unwrap()
}

async fn each_act_tells_the_one_it_concerns_and_your_own_acts_tell_nobody(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ines = app.new_user("ines").await;
    let post = post_of(&maya, "Kiln day").await;

    // Your own like, comment and mention tell nobody.
    like(&maya, post).await;
    comment(&maya, post, "First firing, @maya", None).await;
    assert!(notifications(&maya).await.is_empty());

    like(&leo, post).await;
    let top = comment(&leo, post, "So good", None).await["id"]
        .as_i64()
        .unwrap();
    comment(&maya, post, "Thanks @leo and @ines!", Some(top)).await;
    follow(&leo, &maya).await;

    let to_maya = notifications(&maya).await;
    assert_eq!(kinds(&to_maya), ["follow", "comment", "like"]);
    let liked = &to_maya[2];
    assert_eq!(liked["text"], "leo liked your post");
    assert_eq!(liked["target"]["type"], "post");
    assert_eq!(liked["target"]["id"], post);
    assert_eq!(liked["url"], format!("/p/{post}"));
    assert_eq!(liked["actors"][0]["username"], "leo");
    assert_eq!(liked["actorsCount"], 1);
    assert_eq!(liked["read"], false);
    let commented = &to_maya[1];
    assert_eq!(commented["text"], "leo commented: So good");
    assert_eq!(commented["target"]["type"], "comment");
    assert_eq!(commented["target"]["id"], top);
    assert_eq!(commented["target"]["preview"], "So good");
    assert_eq!(commented["url"], format!("/p/{post}"));
    assert_eq!(to_maya[0]["text"], "leo started following you");
    assert_eq!(to_maya[0]["url"], "/profile/leo");

    // Leo hears of the reply (not of a mention too: one notification for one act), Ines of
    // the mention.
    let to_leo = notifications(&leo).await;
    assert_eq!(kinds(&to_leo), ["reply"]);
    assert_eq!(
        to_leo[0]["text"],
        "maya replied to your comment: Thanks @leo and @ines!"
    );
    let to_ines = notifications(&ines).await;
    assert_eq!(kinds(&to_ines), ["mention"]);
    assert_eq!(to_ines[0]["url"], format!("/p/{post}"));

    // A caption's mention; a like of a comment.
    post_of(&leo, "Studio visit with @ines").await;
    let response = maya.post(&format!("/api/comments/{top}/like")).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(kinds(&notifications(&ines).await), ["mention", "mention"]);
    let to_leo = notifications(&leo).await;
    assert_eq!(kinds(&to_leo), ["like", "reply"]);
    assert_eq!(to_leo[0]["text"], "maya liked your comment: So good");
    assert_eq!(to_leo[0]["target"]["type"], "comment");
}

async fn likes_fold_within_a_day_and_taking_one_back_leaves_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let post = post_of(&maya, "Glaze tests").await;
    let mut fans = Vec::new();
    for name in ["leo", "ines", "eve", "otto"] {
        let fan = app.new_user(name).await;
        like(&fan, post).await;
        fans.push(fan);
    }
    let list = notifications(&maya).await;
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!(list[0]["text"], "otto and 3 others liked your post");
    assert_eq!(list[0]["actorsCount"], 4);
    let named: Vec<&str> = list[0]["actors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["username"].as_str().unwrap())
        .collect();
    assert_eq!(named, ["otto", "eve", "ines"], "the newest three");
    assert_eq!(unread(&maya).await, 1);

    // Unliking takes the like back out; the last one takes the notification with it.
    like(&fans[3], post).await;
    let list = notifications(&maya).await;
    assert_eq!(list[0]["text"], "eve and 2 others liked your post");
    for fan in &fans[..3] {
        like(fan, post).await;
    }
    assert!(notifications(&maya).await.is_empty());
    assert_eq!(unread(&maya).await, 0);

    // A day later a like is news again; so is one after the last was read.
    like(&fans[0], post).await;
    app.advance_clock(Duration::from_secs(25 * 60 * 60));
    like(&fans[1], post).await;
    assert_eq!(notifications(&maya).await.len(), 2);
    assert_eq!(
        read(&maya, json!({"all": true})).await,
        StatusCode::NO_CONTENT
    );
    like(&fans[2], post).await;
    let list = notifications(&maya).await;
    assert_eq!(list.len(), 3);
    assert_eq!(list[0]["text"], "eve liked your post");
    assert_eq!(list[0]["read"], false);
    assert_eq!(unread(&maya).await, 1);
}

async fn follows_fold_and_a_private_accounts_requests_are_asked_then_answered(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ines = app.new_user("ines").await;
    follow(&leo, &maya).await;
    follow(&ines, &maya).await;
    let list = notifications(&maya).await;
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["text"], "ines and leo started following you");
    assert_eq!(list[0]["url"], "/profile/ines");
    // Unfollowing leaves no follow behind.
    let response = ines.delete(&format!("/api/users/{}/follow", maya.id)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        notifications(&maya).await[0]["text"],
        "leo started following you"
    );

    set_private(&maya, true).await;
    follow(&ines, &maya).await;
    let list = notifications(&maya).await;
    assert_eq!(kinds(&list), ["follow_request", "follow"]);
    assert_eq!(list[0]["text"], "ines requested to follow you");
    let requests = maya.get_json("/api/user/follow-requests").await;
    let request = requests[0]["id"].as_i64().unwrap();
    let response = maya
        .post(&format!("/api/follow-requests/{request}/approve"))
        .await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    // The answered request goes and becomes the follow (joining the day's unread follows);
    // the requester hears she was approved.
    let list = notifications(&maya).await;
    assert_eq!(kinds(&list), ["follow"]);
    assert_eq!(list[0]["text"], "ines and leo started following you");
    assert_eq!(list[0]["read"], false);
    let to_ines = notifications(&ines).await;
    assert_eq!(kinds(&to_ines), ["follow_accepted"]);
    assert_eq!(to_ines[0]["text"], "maya accepted your follow request");
    assert_eq!(to_ines[0]["url"], "/profile/maya");

    // With nothing unread, the approved request becomes a follow already read: Maya has just
    // seen it, so the badge does not light for it. Declining leaves nothing.
    assert_eq!(
        read(&maya, json!({"all": true})).await,
        StatusCode::NO_CONTENT
    );
    let sam = app.new_user("sam").await;
    let kim = app.new_user("kim").await;
    follow(&sam, &maya).await;
    follow(&kim, &maya).await;
    assert_eq!(unread(&maya).await, 2);
    let requests = maya.get_json("/api/user/follow-requests").await;
    let of = |who: &TestUser| {
        requests
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["user"]["id"] == who.id)
            .map(|r| r["id"].as_i64().unwrap())
            .unwrap()
    };
    let response = maya
        .post(&format!("/api/follow-requests/{}/approve", of(&sam)))
        .await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let response = maya
        .post(&format!("/api/follow-requests/{}/decline", of(&kim)))
        .await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let list = notifications(&maya).await;
    assert_eq!(list[0]["text"], "sam started following you");
    assert_eq!(list[0]["read"], true);
    assert_eq!(kinds(&list), ["follow", "follow"]);
    assert_eq!(unread(&maya).await, 0);
    assert!(kinds(&notifications(&kim).await).is_empty());
}

async fn turning_an_account_public_approves_its_requests_as_its_owner_would(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ines = app.new_user("ines").await;
    set_private(&maya, true).await;
    follow(&leo, &maya).await;
    follow(&ines, &maya).await;
    assert_eq!(
        kinds(&notifications(&maya).await),
        ["follow_request", "follow_request"]
    );
    assert_eq!(unread(&maya).await, 2);

    set_private(&maya, false).await;
    // The requests' rows became the follows they now are, read: she turned the switch herself.
    let list = notifications(&maya).await;
    assert_eq!(kinds(&list), ["follow", "follow"]);
    let mut texts: Vec<&str> = list.iter().map(|n| n["text"].as_str().unwrap()).collect();
    texts.sort_unstable();
    assert_eq!(
        texts,
        ["ines started following you", "leo started following you"]
    );
    assert!(list.iter().all(|n| n["read"] == true));
    assert_eq!(unread(&maya).await, 0);
    for requester in [&leo, &ines] {
        let told = notifications(requester).await;
        assert_eq!(kinds(&told), ["follow_accepted"]);
        assert_eq!(told[0]["text"], "maya accepted your follow request");
    }
    assert!(
        maya.get_json("/api/user/follow-requests")
            .await
            .as_array()
            .unwrap()
            .is_empty()
    );
}

async fn blocked_accounts_and_removed_content_are_never_shown(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ines = app.new_user("ines").await;
    let post = post_of(&maya, "Blue hour").await;
    let other = post_of(&maya, "Green hour").await;
    like(&leo, post).await;
    like(&ines, post).await;
    comment(&leo, other, "Lovely", None).await;
    assert_eq!(notifications(&maya).await.len(), 2);

    // Maya blocks Leo: his comment's notification goes, and the folded like names Ines alone
    // (counting him).
    let response = maya.post(&format!("/api/users/{}/block", leo.id)).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let list = notifications(&maya).await;
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["text"], "ines and 1 other liked your post");
    assert!(!json!(list).to_string().contains("\"leo\""));
    assert_eq!(unread(&maya).await, 1);

    // Moderation removes the post: its notifications go too.
    let db = app.db().await;
    sqlx::query("UPDATE posts SET removed_at = 1 WHERE id = $1")
        .bind(post)
        .execute(&db.pool)
        .await
        .unwrap();
    assert!(notifications(&maya).await.is_empty());
    assert_eq!(unread(&maya).await, 0);
}

async fn unread_counts_follow_reads_of_some_or_all(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = post_of(&maya, "Sketchbook").await;
    for n in 0..3 {
        comment(&leo, post, &format!("Page {n}"), None).await;
    }
    assert_eq!(unread(&maya).await, 3);
    let list = notifications(&maya).await;
    let newest = list[0]["id"].as_i64().unwrap();
    assert_eq!(
        read(&maya, json!({"ids": [newest]})).await,
        StatusCode::NO_CONTENT
    );
    assert_eq!(unread(&maya).await, 2);
    let list = notifications(&maya).await;
    assert_eq!(list[0]["read"], true);
    assert_eq!(list[1]["read"], false);
    // Reading again changes nothing.
    assert_eq!(
        read(&maya, json!({"ids": [newest]})).await,
        StatusCode::NO_CONTENT
    );
    assert_eq!(unread(&maya).await, 2);
    assert_eq!(
        read(&maya, json!({"all": true})).await,
        StatusCode::NO_CONTENT
    );
    assert_eq!(unread(&maya).await, 0);

    // Neither, both, none, or too many: 400, nothing read.
    comment(&leo, post, "One more", None).await;
    let too_many: Vec<i64> = (1..=101).collect();
    for body in [
        json!({}),
        json!({"all": false}),
        json!({"ids": []}),
        json!({"ids": [1], "all": true}),
        json!({"ids": too_many}),
        json!({"ids": ["one"]}),
    ] {
        let response = maya.post_json("/api/notifications/read", &body).await;
        let (status, _, _) = error_of(response).await;
        assert_eq!(status, 400, "{body}");
    }
    assert_eq!(unread(&maya).await, 1);
}

async fn reading_or_marking_is_only_ever_your_own(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = post_of(&maya, "Prints").await;
    comment(&leo, post, "Want one", None).await;
    let id = notifications(&maya).await[0]["id"].as_i64().unwrap();

    // Leo names Maya's notification: nothing changes for her, and he sees none of it.
    assert_eq!(
        read(&leo, json!({"ids": [id]})).await,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        read(&leo, json!({"all": true})).await,
        StatusCode::NO_CONTENT
    );
    assert_eq!(unread(&maya).await, 1);
    assert!(notifications(&leo).await.is_empty());

    let anonymous = app.anonymous();
    for response in [
        anonymous.get("/api/notifications").await,
        anonymous.get("/api/notifications/unread-count").await,
        anonymous
            .post_json("/api/notifications/read", &json!({"all": true}))
            .await,
    ] {
        let (status, _, code) = error_of(response).await;
        assert_eq!((status, code.as_str()), (401, "not_signed_in"));
    }
    assert_eq!(unread(&maya).await, 1);
}

async fn pages_follow_the_latest_activity_without_repeats_or_gaps(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ines = app.new_user("ines").await;
    let liked = post_of(&maya, "Liked first").await;
    like(&leo, liked).await;
    let post = post_of(&maya, "Threads").await;
    for n in 0..24 {
        comment(&leo, post, &format!("Note {n}"), None).await;
    }
    // A like joining the first notification moves it to the top.
    app.advance_clock(Duration::from_secs(60));
    like(&ines, liked).await;

    let first = maya.get("/api/notifications?limit=20").await;
    assert_eq!(first.status(), StatusCode::OK);
    let cursor = first
        .headers()
        .get("x-next-cursor")
        .expect("a next page")
        .to_str()
        .unwrap()
        .to_owned();
    let first: Vec<Value> = first.json().await.unwrap();
    assert_eq!(first.len(), 20);
    assert_eq!(first[0]["text"], "ines and leo liked your post");
    let second = maya
        .get(&format!("/api/notifications?limit=20&before={cursor}"))
        .await;
    assert!(second.headers().get("x-next-cursor").is_none());
    let second: Vec<Value> = second.json().await.unwrap();
    assert_eq!(second.len(), 5);
    let mut ids: Vec<i64> = first
        .iter()
        .chain(&second)
        .map(|n| n["id"].as_i64().unwrap())
        .collect();
    let texts: Vec<&str> = second.iter().map(|n| n["text"].as_str().unwrap()).collect();
    assert_eq!(texts.last(), Some(&"leo commented: Note 0"));
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 25);

    for bad in ["limit=0", "limit=101", "before=0", "filter=likes"] {
        let response = maya.get(&format!("/api/notifications?{bad}")).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
    }
}

async fn filters_pick_mentions_comments_or_follows(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = post_of(&maya, "Filters").await;
    like(&leo, post).await;
    let top = comment(&leo, post, "Nice", None).await["id"]
        .as_i64()
        .unwrap();
    follow(&leo, &maya).await;
    post_of(&leo, "Drawing with @maya").await;
    comment(&maya, post, "Thank you", Some(top)).await;
    comment(&leo, post, "Welcome", Some(top)).await; // a reply in her thread: a comment to her

    let filtered = async |filter: &str| {
        let list = maya
            .get_json(&format!("/api/notifications?filter={filter}"))
            .await;
        list.as_array()
            .unwrap()
            .iter()
            .map(|n| n["kind"].as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(filtered("mentions").await, ["mention"]);
    assert_eq!(filtered("comments").await, ["comment", "comment"]);
    assert_eq!(filtered("follows").await, ["follow"]);
    assert_eq!(filtered("all").await.len(), 5);
}

async fn the_recipients_sockets_hear_the_notification_and_the_count(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = post_of(&maya, "Live").await;
    let mut phone = connect(&app, &maya).await;
    let mut laptop = connect(&app, &maya).await;
    let mut leos = connect(&app, &leo).await;

    like(&leo, post).await;
    for socket in [&mut phone, &mut laptop] {
        let event = next_of(socket, "notification").await;
        assert_eq!(event["notification"]["text"], "leo liked your post");
        assert_eq!(event["notification"], notifications(&maya).await[0]);
        assert_eq!(next_of(socket, "unreadCount").await["count"], 1);
    }
    // Taking the like back: the count drops (no notification to show).
    like(&leo, post).await;
    assert_eq!(next_of(&mut phone, "unreadCount").await["count"], 0);
    like(&leo, post).await;
    assert_eq!(next_of(&mut phone, "unreadCount").await["count"], 1);
    assert_eq!(
        read(&maya, json!({"all": true})).await,
        StatusCode::NO_CONTENT
    );
    // Every change of the count, in order, on every socket.
    for count in [0, 1, 0] {
        assert_eq!(next_of(&mut laptop, "unreadCount").await["count"], count);
    }
    assert_silent_until_pong(&mut leos).await;
}

async fn conversations_count_the_others_messages_after_the_read_pointer(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ines = app.new_user("ines").await;
    let id = conversation(&maya, &leo).await;
    let other = conversation(&leo, &ines).await;
    let unread_in = async |who: &TestUser| -> (i64, i64) {
        let list = who.get_json("/api/conversations").await;
        let listed = list
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == id)
            .map_or(-1, |c| c["unreadCount"].as_i64().unwrap());
        let total = who.get_json("/api/conversations/unread-count").await["count"]
            .as_i64()
            .unwrap();
        (listed, total)
    };
    let first = send_text(&leo, id, "one").await;
    let second = send_text(&leo, id, "two").await;
    send_text(&leo, id, "three").await;
    let elsewhere = send_text(&ines, other, "hi leo").await;
    assert_eq!(unread_in(&maya).await, (3, 3));
    assert_eq!(unread_in(&leo).await, (0, 1));

    assert_eq!(read_to(&maya, id, second).await, 204);
    assert_eq!(unread_in(&maya).await, (1, 1));
    // Never back.
    assert_eq!(read_to(&maya, id, first).await, 204);
    assert_eq!(unread_in(&maya).await, (1, 1));
    // A message of another conversation, or one that does not exist: 400; a conversation
    // that is not yours: 404. Nothing moves.
    assert_eq!(read_to(&maya, id, elsewhere).await, 400);
    assert_eq!(read_to(&maya, id, 999_999).await, 400);
    assert_eq!(read_to(&maya, other, elsewhere).await, 404);
    assert_eq!(unread_in(&maya).await, (1, 1));
    // Your own messages are never unread to you.
    let mine = send_text(&maya, id, "four").await;
    assert_eq!(unread_in(&maya).await, (1, 1));
    assert_eq!(unread_in(&leo).await, (1, 2));
    assert_eq!(read_to(&maya, id, mine).await, 204);
    assert_eq!(unread_in(&maya).await, (0, 0));

    // Counted to 100, in the list and in the total: the pill and the badge read '99+'.
    let db = app.db().await;
    for _ in 0..101 {
        sqlx::query(
            "INSERT INTO messages (conversation_id, sender_id, content, created_at)
             SELECT $1, $2, 'again', MAX(created_at) FROM messages",
        )
        .bind(id)
        .bind(leo.id)
        .execute(&db.pool)
        .await
        .unwrap();
    }
    assert_eq!(unread_in(&maya).await, (100, 100));
}

async fn a_kind_switched_off_in_settings_is_not_made(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let post = post_of(&maya, "Quiet please").await;
    let settings = change_settings(
        &maya,
        json!({"likeNotifications": false, "followNotifications": false}),
    )
    .await;
    assert_eq!(settings["likeNotifications"], false);
    assert_eq!(settings["commentNotifications"], true);

    like(&leo, post).await;
    follow(&leo, &maya).await;
    comment(&leo, post, "Still here", None).await;
    assert_eq!(kinds(&notifications(&maya).await), ["comment"]);
    assert_eq!(unread(&maya).await, 1);
}

async fn calls_voicemails_withdrawals_and_reports_tell_too(backend: Backend) {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::Message;

    let app = spawn_app(backend).await;
    let boss = crate::admin::admin(&app, "boss").await;
    let (maya, withdrawal) =
        crate::admin::creator_with_withdrawal(&app, "maya", 10_000, 2_500).await;
    let leo = app.new_user("leo").await;
    let id = conversation(&maya, &leo).await;

    // A call to Leo, who has no socket open: he missed it.
    let mut socket = connect(&app, &maya).await;
    socket
        .send(Message::text(
            json!({"type": "initiateCall", "toUserId": leo.id, "conversationId": id,
                   "offer": {"type": "offer", "sdp": "v=0"}})
            .to_string(),
        ))
        .await
        .unwrap();
    next_of(&mut socket, "callRejected").await;
    let to_leo = notifications(&leo).await;
    assert_eq!(kinds(&to_leo), ["missed_call"]);
    assert_eq!(to_leo[0]["text"], "You missed a call from maya");
    assert_eq!(to_leo[0]["url"], format!("/chat/{id}"));

    // A voicemail.
    let response = maya
        .post_json(
            "/api/voicemails",
            &json!({"toUserId": leo.id, "duration": 3,
                    "voiceUrl": crate::audio::data_url("audio/webm;codecs=opus", crate::audio::CHROME_WEBM)}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let to_leo = notifications(&leo).await;
    assert_eq!(kinds(&to_leo), ["voicemail", "missed_call"]);
    assert_eq!(to_leo[0]["text"], "maya left you a voicemail");
    assert_eq!(to_leo[0]["url"], "/voicemail");

    // The admin pays Maya's withdrawal out.
    let response = crate::admin::put_json(
        &boss,
        &format!("/api/admin/withdrawals/{withdrawal}"),
        &json!({"status": "completed", "notes": "Approved and processed"}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let to_maya = notifications(&maya).await;
    assert_eq!(kinds(&to_maya), ["withdrawal"]);
    assert_eq!(
        to_maya[0]["text"],
        "Your withdrawal of $25.00 was completed"
    );
    assert_eq!(to_maya[0]["actors"], json!([]));
    assert_eq!(to_maya[0]["url"], "/earnings");

    // Leo reports Maya's post; a dismissal tells nobody, a removal tells him.
    let post = post_of(&maya, "Spam spam").await;
    let other = post_of(&maya, "Not spam").await;
    for target in [post, other] {
        let response = leo
            .post_json(
                "/api/reports",
                &json!({"targetType": "post", "targetId": target, "reason": "spam"}),
            )
            .await;
        assert_eq!(response.status(), StatusCode::CREATED);
    }
    let queue = boss.get_json("/api/admin/reports").await;
    let case = |target: i64| {
        queue
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["targetId"] == target)
            .unwrap()["id"]
            .as_i64()
            .unwrap()
    };
    for (target, action) in [(other, "dismiss"), (post, "remove")] {
        let response = crate::admin::put_json(
            &boss,
            &format!("/api/admin/reports/{}", case(target)),
            &json!({"action": action}),
        )
        .await;
        assert_eq!(response.status(), StatusCode::OK, "{action}");
    }
    let to_leo = notifications(&leo).await;
    assert_eq!(kinds(&to_leo), ["report", "voicemail", "missed_call"]);
    assert_eq!(
        to_leo[0]["text"],
        "Thanks for your report: we removed the post you reported"
    );
}

/// Issue 39: a mention or reply about a private account's post reaches only someone who may
/// see the post (no thumbnail of it goes to anyone else, nor to someone its author blocked),
/// and a notification whose post its reader may no longer see leaves their list and count.
async fn a_notification_about_a_post_its_reader_may_not_see_is_never_made_nor_shown(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let ines = app.new_user("ines").await;
    let sam = app.new_user("sam").await;
    follow(&leo, &maya).await;
    follow(&ines, &maya).await;
    set_private(&maya, true).await;
    let post = post_of(&maya, "Studio day").await;
    let first = comment(&ines, post, "Lovely light", None).await["id"]
        .as_i64()
        .unwrap();

    // Sam does not follow her private account: mentioned in her post, he is told nothing; Leo,
    // a follower, is.
    post_of(&maya, "With @sam and @leo").await;
    assert!(notifications(&sam).await.is_empty());
    let told = notifications(&leo).await;
    assert_eq!(kinds(&told), ["mention"]);

    // Maya blocks Ines (the follow ends): Leo's reply to her comment tells her nothing.
    let response = maya.post(&format!("/api/users/{}/block", ines.id)).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let before = notifications(&ines).await.len();
    comment(&leo, post, "Agreed", Some(first)).await;
    assert_eq!(notifications(&ines).await.len(), before);
    assert!(!kinds(&notifications(&ines).await).contains(&"reply"));

    // Leo unfollows her: the mention he was told of is no longer his to see, nor counted.
    assert_eq!(unread(&leo).await, 1);
    let response = leo.delete(&format!("/api/users/{}/follow", maya.id)).await;
    assert!(response.status().is_success());
    assert!(notifications(&leo).await.is_empty());
    assert_eq!(unread(&leo).await, 0);
}
