//! Read receipts (issue 22, docs/groups-contract.md): a member's read pointer is shown to the
//! others of the conversation, in the list and live as `read`, only while both have read
//! receipts on; your own is always yours to see.

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestUser, spawn_app};
use crate::private::change_settings;
use crate::sockets::{
    accept, assert_silent_until_pong, connect, conversation, next_of, read_to, send_text,
};

both_backends!(
    the_list_shows_reads_only_between_members_who_both_have_receipts_on,
    the_other_member_hears_a_read_live_unless_either_turned_receipts_off,
);

async fn receipts(who: &TestUser, on: bool) {
    let saved = change_settings(who, json!({"readReceipts": on})).await;
    assert_eq!(saved["readReceipts"], on);
}

/// What `who`'s list says of each person's read pointer in `conversation`: (theirs, the other's).
async fn reads_seen_by(who: &TestUser, conversation: i64) -> (Value, Value) {
    let list = who.get_json("/api/conversations").await;
    let entry = list
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == conversation)
        .expect("the conversation is listed")
        .clone();
    let read_of = |mine: bool| {
        entry["participants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| (p["user"]["id"] == who.id) == mine)
            .map(|p| p["lastReadMessageId"].clone())
            .unwrap()
    };
    (read_of(true), read_of(false))
}

async fn the_list_shows_reads_only_between_members_who_both_have_receipts_on(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = conversation(&maya, &leo).await;
    accept(&leo, id).await;
    let first = send_text(&maya, id, "one").await;
    let second = send_text(&maya, id, "two").await;
    // Nothing read yet: null both ways.
    assert_eq!(reads_seen_by(&maya, id).await, (Value::Null, Value::Null));

    assert_eq!(read_to(&leo, id, first).await, 204);
    assert_eq!(reads_seen_by(&maya, id).await, (Value::Null, json!(first)));
    assert_eq!(reads_seen_by(&leo, id).await, (json!(first), Value::Null));
    assert_eq!(read_to(&leo, id, second).await, 204);
    assert_eq!(reads_seen_by(&maya, id).await.1, json!(second));

    // Leo turns them off: Maya no longer sees his reads; he still sees his own.
    receipts(&leo, false).await;
    assert_eq!(reads_seen_by(&maya, id).await, (Value::Null, Value::Null));
    assert_eq!(reads_seen_by(&leo, id).await.0, json!(second));
    // Maya reads Leo's reply: he does not see it either (off is both ways).
    let reply = send_text(&leo, id, "three").await;
    assert_eq!(read_to(&maya, id, reply).await, 204);
    assert_eq!(reads_seen_by(&leo, id).await, (json!(second), Value::Null));
    assert_eq!(reads_seen_by(&maya, id).await, (json!(reply), Value::Null));

    // Leo on again and Maya off: still hidden both ways.
    receipts(&leo, true).await;
    receipts(&maya, false).await;
    assert_eq!(reads_seen_by(&maya, id).await.1, Value::Null);
    assert_eq!(reads_seen_by(&leo, id).await.1, Value::Null);
    // Both on: both shown.
    receipts(&maya, true).await;
    assert_eq!(reads_seen_by(&maya, id).await.1, json!(second));
    assert_eq!(reads_seen_by(&leo, id).await.1, json!(reply));
}

async fn the_other_member_hears_a_read_live_unless_either_turned_receipts_off(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = conversation(&maya, &leo).await;
    let first = send_text(&maya, id, "one").await;
    let second = send_text(&maya, id, "two").await;
    let third = send_text(&maya, id, "three").await;
    let mut mayas = connect(&app, &maya).await;
    let mut leos = connect(&app, &leo).await;

    assert_eq!(read_to(&leo, id, first).await, 204);
    let event = next_of(&mut mayas, "read").await;
    assert_eq!(
        event,
        json!({"type": "read", "conversationId": id, "userId": leo.id, "messageId": first})
    );
    // A pointer that does not move tells nobody; the reader hears nothing of their own read.
    assert_eq!(read_to(&leo, id, first).await, 204);
    assert_silent_until_pong(&mut mayas).await;
    assert_silent_until_pong(&mut leos).await;

    // Leo off: his reads are not told.
    receipts(&leo, false).await;
    assert_eq!(read_to(&leo, id, second).await, 204);
    assert_silent_until_pong(&mut mayas).await;
    // Maya off: she hears nobody's.
    receipts(&leo, true).await;
    receipts(&maya, false).await;
    assert_eq!(read_to(&leo, id, third).await, 204);
    assert_silent_until_pong(&mut mayas).await;

    // Someone outside the conversation never hears it.
    let ines = app.new_user("ines").await;
    let mut ines_socket = connect(&app, &ines).await;
    receipts(&maya, true).await;
    let fourth = send_text(&maya, id, "four").await;
    next_of(&mut leos, "newMessage").await;
    assert_eq!(read_to(&leo, id, fourth).await, 204);
    assert_eq!(next_of(&mut mayas, "read").await["messageId"], fourth);
    assert_silent_until_pong(&mut ines_socket).await;
}
