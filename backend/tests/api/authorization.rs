//! The authorization table (issue 20, docs/safety-contract.md item 2): every operation of the
//! served OpenAPI document, called as anonymous, as another user (a stranger), as a user the
//! owner blocked, as an admin and as the owner, against the owner's things, each with the
//! answer it must get. An operation without a row fails the test (so a new route cannot ship
//! unguarded), and so does a row without an operation.
//!
//! Adding a row: one `row(METHOD, PATH, [anonymous, stranger, blocked, admin, owner])` with the
//! path exactly as the OpenAPI document spells it; `.on(Target::…)` says what `{id}` names
//! (add a `Target` when it is a new kind of thing, made in `Fixture::resolve`), `.json(…)` the
//! body that would succeed (so the status tells authorization, not validation), `.fresh()` or
//! `.fresh_all()` when the call changes the caller's relations or ends their session, `.last()`
//! when it ends the owner's thing for the rows after it. Rows run in the table's order,
//! `.last()` ones at the end; within a row the callers in the columns' order.
//!
//! For a 200 that can carry the owner's things, `Shows` and `Hides` also read the answer: the
//! owner's username (`olivia`) must be in it, or must not be (a list that forgets the
//! visibility rule leaks her to the user she blocked).

use std::collections::BTreeSet;
use std::io::Cursor;
use std::sync::atomic::{AtomicUsize, Ordering};

use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::audio::{CHROME_WEBM, data_url};
use crate::both_backends;
use crate::earnings::credit;
use crate::helpers::{Backend, PASSWORD, TestApp, TestUser, spawn_app_with};
use crate::image_server::image_url;
use crate::reels::SAMPLE_WEBM;

both_backends!(every_operation_answers_each_caller_as_the_table_says);

/// The owner's username: every answer that shows her or her things carries it.
const OWNER: &str = "olivia";
/// A tag only the owner's post has.
const TAG: &str = "harbourstudies";

/// What a caller must get.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    /// 200, whatever the answer.
    Ok200,
    /// 200, and the answer shows the owner (her username is in it).
    Shows,
    /// 200, and nothing of the owner is in the answer.
    Hides,
    Created,
    Accepted,
    NoContent,
    BadRequest,
    Unauthorized,
    Forbidden,
    NotFound,
    Conflict,
}

use Expect::*;

impl Expect {
    fn accepts(self, status: u16, body: &str) -> bool {
        match self {
            Ok200 => status == 200,
            Shows => status == 200 && body.contains(OWNER),
            Hides => status == 200 && !body.contains(OWNER),
            Created => status == 201,
            Accepted => status == 202,
            NoContent => status == 204,
            BadRequest => status == 400,
            Unauthorized => status == 401,
            Forbidden => status == 403,
            NotFound => status == 404,
            Conflict => status == 409,
        }
    }
}

/// What `{id}` in a row's path names. `{messageId}`, `{userId}`, `{username}` and `{tag}`
/// always name the owner's message in her conversation, the owner, her username and her tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    /// No `{id}` in the path.
    Nothing,
    /// The owner herself.
    Owner,
    Post,
    Reel,
    /// Her comment on her post, with a reply of hers.
    Comment,
    /// A new comment of hers on her post, made for each call (deleting takes it).
    FreshComment,
    Story,
    /// Her conversation with the user she blocked, started before the block.
    Conversation,
    /// The voicemail the blocked user left her before the block.
    Voicemail,
    Withdrawal,
    /// An ad the admin made.
    Ad,
    /// A new request to follow the private owner, made for each call. Its owner column is
    /// the private account (`rhea`, who also blocked the blocked user).
    FollowRequest,
    /// The moderation case of her reel, which the stranger reported.
    Report,
    /// The group she owns with her friend and the private account (issue 22).
    Group,
    /// A print she lists in the shop (issue 23).
    Work,
    /// Her order of a digital work her friend sells (issue 23).
    DigitalOrder,
    /// That digital work of her friend's, which she bought and reviewed (issue 42).
    ReviewedWork,
    /// Her print, bought by her friend in a paid checkout: a physical sale of hers (issue 42).
    PhysicalSale,
    /// Her invite-only canvas, to which she invited her friend (issue 25).
    Canvas,
    /// A new post, reel, story or invite-only canvas of hers, made for each call (deleting
    /// takes it, issue 43).
    FreshPost,
    FreshReel,
    /// A new draft of hers with one image, made for each call (issue 44).
    FreshDraft,
    /// A new reel draft of hers (the sample video), made for each call (issue 44).
    FreshReelDraft,
    /// A new collection of hers holding her post, made for each call (issue 44).
    FreshCollection,
    FreshStory,
    FreshCanvas,
    /// Another signed-in session of hers, made for each call (issue 41): ending it leaves the
    /// session she calls with.
    Session,
    /// A new checkout of hers (a tee to her saved address), pending payment (issue 42).
    Checkout,
    /// A new checkout of hers whose card asked for the extra confirmation step (issue 42).
    ConfirmingCheckout,
    /// A new tip she sends her friend, paid with the test card (issue 42).
    SentTip,
    /// A new voice reaction of hers on her post, made for each call (issue 43); her 'Voice
    /// Reactions Privacy' is on, as by default: only she hears it.
    FreshVoiceReaction,
}

/// Who plays the callers of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Callers {
    /// The fixture's stranger, blocked user, admin and owner.
    Shared,
    /// New users in the stranger's, blocked user's and admin's roles: the call changes their
    /// relations with the owner (follow, block, mute, a new conversation).
    Fresh,
    /// New users in every role, the owner's too: the call ends a session or the account.
    FreshAll,
}

type JsonBody = fn(&Fixture, &Caller) -> Value;

#[derive(Clone, Copy)]
enum Body {
    None,
    Json(JsonBody),
    /// multipart/form-data with a short WebM `video`.
    Reel,
    /// multipart/form-data with a small PNG `profileImage`.
    ProfileImage,
}

#[derive(Clone, Copy)]
struct Row {
    method: &'static str,
    /// As the OpenAPI document spells it.
    path: &'static str,
    query: &'static str,
    target: Target,
    body: Body,
    callers: Callers,
    last: bool,
    /// Anonymous, a stranger, a user the owner blocked, an admin, the owner.
    expect: [Expect; 5],
}

const fn row(method: &'static str, path: &'static str, expect: [Expect; 5]) -> Row {
    Row {
        method,
        path,
        query: "",
        target: Target::Nothing,
        body: Body::None,
        callers: Callers::Shared,
        last: false,
        expect,
    }
}

impl Row {
    const fn on(mut self, target: Target) -> Row {
        self.target = target;
        self
    }
    const fn json(mut self, body: JsonBody) -> Row {
        self.body = Body::Json(body);
        self
    }
    const fn body(mut self, body: Body) -> Row {
        self.body = body;
        self
    }
    const fn query(mut self, query: &'static str) -> Row {
        self.query = query;
        self
    }
    const fn fresh(mut self) -> Row {
        self.callers = Callers::Fresh;
        self
    }
    const fn fresh_all(mut self) -> Row {
        self.callers = Callers::FreshAll;
        self
    }
    const fn last(mut self) -> Row {
        self.last = true;
        self
    }
}

const ROLES: [&str; 5] = ["anonymous", "stranger", "blocked", "admin", "owner"];

/// Only admins.
const ADMIN_ONLY: [Expect; 5] = [Unauthorized, Forbidden, Forbidden, Ok200, Forbidden];
/// Anyone signed in, about themselves.
const SIGNED_IN: [Expect; 5] = [Unauthorized, Ok200, Ok200, Ok200, Ok200];
/// Anyone signed in creates something of their own.
const SIGNED_IN_CREATES: [Expect; 5] = [Unauthorized, Created, Created, Created, Created];
/// A list that has the owner's things: everyone signed in sees them but the user she blocked.
const LIST_OF_HERS: [Expect; 5] = [Unauthorized, Shows, Hides, Shows, Shows];
/// One of her things by id: hidden (404) from the user she blocked.
const HERS_BY_ID: [Expect; 5] = [Unauthorized, Shows, NotFound, Shows, Shows];
/// An act on one of her things (like, bookmark, view): not by the user she blocked.
const ACT_ON_HERS: [Expect; 5] = [Unauthorized, Ok200, NotFound, Ok200, Ok200];
/// Something of hers only she may touch.
const HERS_ONLY: [Expect; 5] = [Unauthorized, NotFound, NotFound, NotFound, Ok200];
/// Deleting one of her things: she and admins may; the user she blocked does not find it.
const DELETE_HERS: [Expect; 5] = [Unauthorized, Forbidden, NotFound, NoContent, NoContent];
/// Public: no session needed.
const PUBLIC: [Expect; 5] = [Ok200, Ok200, Ok200, Ok200, Ok200];

/// One row per operation of the OpenAPI document.
const ROWS: &[Row] = &[
    // The admin area.
    row("GET", "/api/admin/ads", ADMIN_ONLY),
    row("GET", "/api/admin/audit", ADMIN_ONLY),
    // Her reel's case (the stranger reported it), with her name as its author.
    row(
        "GET",
        "/api/admin/reports",
        [Unauthorized, Forbidden, Forbidden, Shows, Forbidden],
    ),
    row("GET", "/api/admin/reports/{id}/target", ADMIN_ONLY).on(Target::Report),
    row("PUT", "/api/admin/reports/{id}", ADMIN_ONLY)
        .on(Target::Report)
        .json(|_, _| json!({"action": "dismiss"})),
    row("GET", "/api/admin/revenue", ADMIN_ONLY),
    // Federation (issue 46): the admin's overview and server blocks (the block first: the
    // unblock after it finds it blocked).
    row("GET", "/api/admin/federation", ADMIN_ONLY),
    row(
        "PUT",
        "/api/admin/federation/blocks/{host}",
        [Unauthorized, Forbidden, Forbidden, NoContent, Forbidden],
    ),
    row(
        "DELETE",
        "/api/admin/federation/blocks/{host}",
        [Unauthorized, Forbidden, Forbidden, NoContent, Forbidden],
    ),
    // Finding another server's account: signed in; with federation off (as here) nobody is
    // found.
    row(
        "GET",
        "/api/federation/accounts/lookup",
        [Unauthorized, NotFound, NotFound, NotFound, NotFound],
    )
    .query("handle=%40alice%40social.example"),
    row(
        "GET",
        "/api/admin/users",
        [Unauthorized, Forbidden, Forbidden, Shows, Forbidden],
    ),
    row("GET", "/api/admin/users/summary", ADMIN_ONLY),
    row(
        "GET",
        "/api/admin/withdrawals",
        [Unauthorized, Forbidden, Forbidden, Shows, Forbidden],
    ),
    row("GET", "/api/admin/withdrawals/summary", ADMIN_ONLY),
    row("PUT", "/api/admin/withdrawals/{id}", ADMIN_ONLY)
        .on(Target::Withdrawal)
        .json(|_, _| json!({"status": "completed", "notes": "paid"})),
    // Ads.
    row(
        "POST",
        "/api/ads",
        [Unauthorized, Forbidden, Forbidden, Created, Forbidden],
    )
    .json(|_, _| ad()),
    row("GET", "/api/ads/banner", SIGNED_IN),
    row("GET", "/api/ads/feed", SIGNED_IN),
    row("GET", "/api/ads/sidebar", SIGNED_IN),
    row("GET", "/api/ads/story", SIGNED_IN),
    row("PATCH", "/api/ads/{id}", ADMIN_ONLY)
        .on(Target::Ad)
        .json(|_, _| json!({"isActive": true})),
    // The spec allows a null user here.
    row("POST", "/api/ads/{id}/interaction", [NoContent; 5])
        .on(Target::Ad)
        .json(|_, _| json!({"type": "impression"})),
    // Signing in and out: public, each caller a new account (anonymous signs in as the owner).
    row("POST", "/api/auth/login", PUBLIC)
        .fresh_all()
        .json(|fx, caller| {
            let name = caller.name.as_deref().unwrap_or(&fx.owner_name);
            json!({"username": name, "password": PASSWORD})
        }),
    // A second factor without a challenge of the caller's: refused alike (issue 41).
    row("POST", "/api/auth/login/2fa", [Unauthorized; 5])
        .json(|_, _| json!({"challenge": "1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "code": "123456"})),
    row("POST", "/api/auth/logout", PUBLIC).fresh_all(),
    // Password reset and verification links (issue 41): public; the same 202 whether or not an
    // account has the address; a link that is not one is 400 for everyone.
    row("POST", "/api/auth/password-reset", [Accepted; 5]).json(|_, caller| {
        let name = caller.name.as_deref().unwrap_or("anonymous");
        json!({"email": format!("{name}-reset@example.com")})
    }),
    row("POST", "/api/auth/password-reset/confirm", [BadRequest; 5])
        .json(|_, _| json!({"token": "1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "password": "an0ther-pass"})),
    row("POST", "/api/auth/verify-email", [BadRequest; 5])
        .json(|_, _| json!({"token": "1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"})),
    // Everyone in the table signed up without verifying.
    row(
        "POST",
        "/api/auth/verify-email/resend",
        [Unauthorized, Accepted, Accepted, Accepted, Accepted],
    ),
    row("POST", "/api/auth/register", [Created; 5])
        .fresh_all()
        .json(|_, caller| {
            let name = format!("new_{}", caller.name.as_deref().unwrap_or("anonymous"));
            json!({"username": name, "email": format!("{name}@example.com"),
                   "password": PASSWORD})
        }),
    row("GET", "/api/auth/user", SIGNED_IN),
    row("GET", "/api/bookmarks", SIGNED_IN),
    // Live canvases (issue 25): hers is invite-only (Finn is invited), so nobody else may open,
    // invite to or post it; the list shows each caller their own.
    row(
        "GET",
        "/api/canvases",
        [Unauthorized, Hides, Hides, Hides, Shows],
    ),
    row("POST", "/api/canvases", SIGNED_IN_CREATES)
        .json(|_, _| json!({"title": "Tide studies", "visibility": "followers"})),
    row(
        "GET",
        "/api/canvases/{id}",
        [Unauthorized, NotFound, NotFound, NotFound, Shows],
    )
    .on(Target::Canvas),
    row("POST", "/api/canvases/{id}/members", HERS_ONLY)
        .on(Target::Canvas)
        .json(|fx, _| json!({"userIds": [fx.friend]})),
    row(
        "POST",
        "/api/canvases/{id}/snapshot",
        [Unauthorized, NotFound, NotFound, NotFound, Created],
    )
    .on(Target::Canvas)
    .json(|_, _| json!({"image": work()["image"], "caption": "From the canvas"})),
    // Deleting a canvas (issue 43): hers only; nobody else may even open it.
    row("DELETE", "/api/canvases/{id}", [Unauthorized, NotFound, NotFound, NotFound, NoContent])
        .on(Target::FreshCanvas),
    // Comments: the comment's author, the post's author and admins may delete one.
    row(
        "DELETE",
        "/api/comments/{id}",
        [Unauthorized, Forbidden, NotFound, NoContent, NoContent],
    )
    .on(Target::FreshComment),
    row("POST", "/api/comments/{id}/like", ACT_ON_HERS).on(Target::Comment),
    row("GET", "/api/comments/{id}/replies", HERS_BY_ID).on(Target::Comment),
    // Chat: only participants (others 404); blocked, the conversation stays readable and takes
    // nothing (403).
    row(
        "GET",
        "/api/conversations",
        [Unauthorized, Hides, Shows, Hides, Ok200],
    ),
    row(
        "POST",
        "/api/conversations",
        [Unauthorized, Created, NotFound, Created, BadRequest],
    )
    .fresh()
    .json(|fx, _| json!({"otherUserId": fx.owner})),
    row(
        "GET",
        "/api/conversations/{id}/messages",
        [Unauthorized, NotFound, Ok200, NotFound, Ok200],
    )
    .on(Target::Conversation),
    // Searching a conversation (issue 47): its members only, as reading it.
    row(
        "GET",
        "/api/conversations/{id}/messages/search",
        [Unauthorized, NotFound, Ok200, NotFound, Ok200],
    )
    .on(Target::Conversation)
    .query("q=hello"),
    row(
        "POST",
        "/api/conversations/{id}/messages",
        [Unauthorized, NotFound, Forbidden, NotFound, Forbidden],
    )
    .on(Target::Conversation)
    .json(|_, _| json!({"content": "hello"})),
    row(
        "POST",
        "/api/conversations/{id}/messages/{messageId}/reactions",
        [Unauthorized, NotFound, Forbidden, NotFound, Forbidden],
    )
    .on(Target::Conversation)
    .json(|_, _| json!({"emoji": "👍"})),
    // Unsend and edit (issue 43): the sender's own (the member she blocked: 403); an edit
    // across a block is refused like a new message, unsending is not.
    row(
        "PATCH",
        "/api/conversations/{id}/messages/{messageId}",
        [Unauthorized, NotFound, Forbidden, NotFound, Forbidden],
    )
    .on(Target::Conversation)
    .json(|_, _| json!({"content": "See you at the pier"})),
    row(
        "DELETE",
        "/api/conversations/{id}/messages/{messageId}",
        [Unauthorized, NotFound, Forbidden, NotFound, NoContent],
    )
    .on(Target::Conversation)
    .last(),
    // Message requests (issue 43): a member's own; this conversation is in both inboxes.
    row(
        "POST",
        "/api/conversations/{id}/accept",
        [Unauthorized, NotFound, Conflict, NotFound, Conflict],
    )
    .on(Target::Conversation),
    row(
        "DELETE",
        "/api/conversations/{id}/request",
        [Unauthorized, NotFound, Conflict, NotFound, Conflict],
    )
    .on(Target::Conversation),
    // The read pointer: members only (the one she blocked still reads what is there).
    row(
        "POST",
        "/api/conversations/{id}/read",
        [Unauthorized, NotFound, NoContent, NotFound, NoContent],
    )
    .on(Target::Conversation)
    .json(|fixture, _| json!({"messageId": fixture.message})),
    row("GET", "/api/conversations/unread-count", SIGNED_IN),
    // Groups (issue 22): any member renames; the owner adds (here the admin, who is then a
    // member) and removes; `{userId}` is the owner, so her own call is leaving.
    row(
        "PATCH",
        "/api/conversations/{id}",
        [Unauthorized, NotFound, NotFound, NotFound, Ok200],
    )
    .on(Target::Group)
    .json(|_, _| json!({"name": "Harbour crew at dawn"})),
    row(
        "POST",
        "/api/conversations/{id}/participants",
        [Unauthorized, NotFound, NotFound, NotFound, Ok200],
    )
    .on(Target::Group)
    .json(|fixture, _| json!({"userIds": [fixture.callers[2].user.id]})),
    row(
        "DELETE",
        "/api/conversations/{id}/participants/{userId}",
        [Unauthorized, NotFound, NotFound, Forbidden, NoContent],
    )
    .on(Target::Group)
    .last(),
    row(
        "DELETE",
        "/api/conversations/{id}/participants/me",
        [Unauthorized, NotFound, NoContent, NotFound, NoContent],
    )
    .on(Target::Conversation)
    .last(),
    // Follow requests: the private account's own.
    row(
        "POST",
        "/api/follow-requests/{id}/approve",
        [Unauthorized, NotFound, NotFound, NotFound, NoContent],
    )
    .on(Target::FollowRequest),
    row(
        "POST",
        "/api/follow-requests/{id}/decline",
        [Unauthorized, NotFound, NotFound, NotFound, NoContent],
    )
    .on(Target::FollowRequest),
    // Notifications: everyone reads and marks only their own; the user she blocked hears
    // nothing of her.
    row(
        "GET",
        "/api/notifications",
        [Unauthorized, Ok200, Hides, Ok200, Ok200],
    ),
    row("GET", "/api/notifications/unread-count", SIGNED_IN),
    row(
        "POST",
        "/api/notifications/read",
        [Unauthorized, NoContent, NoContent, NoContent, NoContent],
    )
    .json(|_, _| json!({"all": true})),
    // The shop.
    row("GET", "/api/orders", SIGNED_IN),
    row("GET", "/api/products", SIGNED_IN),
    // Checkout (issue 42): each caller's own address and checkouts; another's checkout is not
    // found (404) by anyone else, the admin too.
    row("GET", "/api/user/shipping-address", SIGNED_IN),
    row("PUT", "/api/user/shipping-address", SIGNED_IN).json(|_, _| address()),
    row("GET", "/api/checkouts", SIGNED_IN),
    row("POST", "/api/checkouts", SIGNED_IN_CREATES)
        .json(|_, _| json!({"lines": [{"productId": 4, "quantity": 1, "expectedUnitPrice": 5800}]})),
    row("GET", "/api/checkouts/{id}", [Unauthorized, NotFound, NotFound, NotFound, Ok200])
        .on(Target::Checkout),
    row("POST", "/api/checkouts/{id}/pay", [Unauthorized, NotFound, NotFound, NotFound, Ok200])
        .on(Target::Checkout)
        .json(|_, _| card_of("4242 4242 4242 4242")),
    row(
        "POST",
        "/api/checkouts/{id}/confirm",
        [Unauthorized, NotFound, NotFound, NotFound, Ok200],
    )
    .on(Target::ConfirmingCheckout)
    .json(|_, _| json!({"completed": true})),
    // Stripe's PaymentIntent: the owner's checkout only; in test mode (these tests) the
    // owner is told the test provider takes the payments (409 `wrong_provider`).
    row(
        "POST",
        "/api/checkouts/{id}/payment-intent",
        [Unauthorized, NotFound, NotFound, NotFound, Conflict],
    )
    .on(Target::Checkout),
    // Web Push: each caller subscribes a browser of their own; ending someone else's
    // subscription changes nothing and answers 204 as one's own does (tests/api/push.rs).
    row(
        "DELETE",
        "/api/push/subscriptions",
        [Unauthorized, NoContent, NoContent, NoContent, NoContent],
    )
    .json(|fx, _| json!({"endpoint": push_endpoint(&fx.owner_name)})),
    row("POST", "/api/push/subscriptions", SIGNED_IN_CREATES).json(|_, caller| {
        let name = caller.name.as_deref().unwrap_or("anonymous");
        json!({"endpoint": push_endpoint(name),
               "keys": {"p256dh": PUSH_P256DH, "auth": PUSH_AUTH}})
    }),
    row("GET", "/api/push/vapid-public-key", SIGNED_IN),
    // Posts.
    row("GET", "/api/posts", LIST_OF_HERS),
    row("POST", "/api/posts", SIGNED_IN_CREATES)
        .json(|_, _| json!({"caption": "A new study", "imageUrl": image_url("new.jpg")})),
    row("GET", "/api/posts/trending", LIST_OF_HERS),
    row("GET", "/api/posts/user/{userId}", LIST_OF_HERS),
    row("GET", "/api/posts/{id}", HERS_BY_ID).on(Target::Post),
    // Deleting (issue 43): her own, and admins as moderation would.
    row("DELETE", "/api/posts/{id}", DELETE_HERS).on(Target::FreshPost),
    // Editing (issue 44): hers alone; an admin moderates by removing, not by rewriting.
    row(
        "PATCH",
        "/api/posts/{id}",
        [Unauthorized, Forbidden, NotFound, Forbidden, Ok200],
    )
    .on(Target::FreshPost)
    .json(|_, _| json!({"caption": "A study, edited"})),
    row("GET", "/api/posts/{id}/history", ACT_ON_HERS).on(Target::Post),
    // Drafts (issue 44): hers alone; anyone else's id is not there for them, admins included.
    row("GET", "/api/drafts", SIGNED_IN),
    row("POST", "/api/drafts", SIGNED_IN_CREATES).json(|_, _| json!({"caption": "Later"})),
    row("PATCH", "/api/drafts/{id}", HERS_ONLY)
        .on(Target::FreshDraft)
        .json(|_, _| json!({"caption": "Later still"})),
    row(
        "DELETE",
        "/api/drafts/{id}",
        [Unauthorized, NotFound, NotFound, NotFound, NoContent],
    )
    .on(Target::FreshDraft),
    row(
        "POST",
        "/api/drafts/{id}/publish",
        [Unauthorized, NotFound, NotFound, NotFound, Created],
    )
    .on(Target::FreshDraft)
    .json(|_, _| json!({})),
    row("DELETE", "/api/drafts/{id}/schedule", HERS_ONLY).on(Target::FreshDraft),
    // Collections (issue 44): hers alone, as drafts are; the blocked user cannot put her post
    // in a collection of theirs (400 'Post not found': a body naming a post they may not see).
    row("GET", "/api/collections", SIGNED_IN),
    row(
        "POST",
        "/api/collections",
        [Unauthorized, Created, BadRequest, Created, Created],
    )
    .json(|fx, _| json!({"name": fx.fresh_name("Set "), "postId": fx.post})),
    row("GET", "/api/collections/{id}", HERS_ONLY).on(Target::FreshCollection),
    row("PATCH", "/api/collections/{id}", HERS_ONLY)
        .on(Target::FreshCollection)
        .json(|fx, _| json!({"name": fx.fresh_name("Renamed ")})),
    row(
        "DELETE",
        "/api/collections/{id}",
        [Unauthorized, NotFound, NotFound, NotFound, NoContent],
    )
    .on(Target::FreshCollection),
    row(
        "GET",
        "/api/collections/{id}/posts",
        [Unauthorized, NotFound, NotFound, NotFound, Shows],
    )
    .on(Target::FreshCollection),
    row("POST", "/api/collections/{id}/posts", HERS_ONLY)
        .on(Target::FreshCollection)
        .json(|fx, _| json!({"postId": fx.post})),
    row(
        "DELETE",
        "/api/collections/{id}/posts/{postId}",
        [Unauthorized, NotFound, NotFound, NotFound, NoContent],
    )
    .on(Target::FreshCollection),
    row("GET", "/api/posts/{id}/collections", SIGNED_IN).on(Target::Post),
    row("POST", "/api/posts/{id}/bookmark", ACT_ON_HERS).on(Target::Post),
    row("GET", "/api/posts/{id}/bookmark-status", ACT_ON_HERS).on(Target::Post),
    row("GET", "/api/posts/{id}/comments", HERS_BY_ID).on(Target::Post),
    row(
        "POST",
        "/api/posts/{id}/comments",
        [Unauthorized, Created, NotFound, Created, Created],
    )
    .on(Target::Post)
    .json(|_, _| json!({"content": "Lovely light"})),
    row("POST", "/api/posts/{id}/like", ACT_ON_HERS).on(Target::Post),
    // Voice reactions (issue 43): hers are private to her, so a list shows her nothing of hers
    // to others; the user she blocked may neither send nor list.
    row("GET", "/api/posts/{id}/voice-reactions", ACT_ON_HERS).on(Target::Post),
    row(
        "POST",
        "/api/posts/{id}/voice-reactions",
        [Unauthorized, Created, NotFound, Created, Created],
    )
    .on(Target::Post)
    .json(|_, _| voice_reaction()),
    row("GET", "/api/posts/{id}/like-status", ACT_ON_HERS).on(Target::Post),
    // Shared into the caller's own conversation with a friend.
    row(
        "POST",
        "/api/posts/{id}/share",
        [Unauthorized, Created, NotFound, Created, Created],
    )
    .on(Target::Post)
    .json(|_, caller| json!({"conversationId": caller.chat})),
    // Reels.
    row("GET", "/api/reels", LIST_OF_HERS),
    row("POST", "/api/reels", SIGNED_IN_CREATES).body(Body::Reel),
    row("GET", "/api/reels/user/{userId}", LIST_OF_HERS),
    row("GET", "/api/reels/{id}/comments", HERS_BY_ID).on(Target::Reel),
    row(
        "POST",
        "/api/reels/{id}/comments",
        [Unauthorized, Created, NotFound, Created, Created],
    )
    .on(Target::Reel)
    .json(|_, _| json!({"content": "Lovely loop"})),
    row("POST", "/api/reels/{id}/like", ACT_ON_HERS).on(Target::Reel),
    row("DELETE", "/api/reels/{id}", DELETE_HERS).on(Target::FreshReel),
    // Editing its caption (issue 44): hers alone; an admin moderates by removing, not rewriting.
    row(
        "PATCH",
        "/api/reels/{id}",
        [Unauthorized, Forbidden, NotFound, Forbidden, Ok200],
    )
    .on(Target::FreshReel)
    .json(|_, _| json!({"caption": "A loop, edited"})),
    row("GET", "/api/reels/{id}/history", ACT_ON_HERS).on(Target::Reel),
    // Reel drafts (issue 44): hers alone; anyone else's id is not there for them, admins included.
    row("GET", "/api/reel-drafts", SIGNED_IN),
    row("POST", "/api/reel-drafts", SIGNED_IN_CREATES).body(Body::Reel),
    row("PATCH", "/api/reel-drafts/{id}", HERS_ONLY)
        .on(Target::FreshReelDraft)
        .json(|_, _| json!({"caption": "Later still"})),
    row(
        "DELETE",
        "/api/reel-drafts/{id}",
        [Unauthorized, NotFound, NotFound, NotFound, NoContent],
    )
    .on(Target::FreshReelDraft),
    row(
        "POST",
        "/api/reel-drafts/{id}/publish",
        [Unauthorized, NotFound, NotFound, NotFound, Created],
    )
    .on(Target::FreshReelDraft),
    row("GET", "/api/reels/{id}/voice-reactions", ACT_ON_HERS).on(Target::Reel),
    row(
        "POST",
        "/api/reels/{id}/voice-reactions",
        [Unauthorized, Created, NotFound, Created, Created],
    )
    .on(Target::Reel)
    .json(|_, _| voice_reaction()),
    // Its sender, the item's author and admins may delete one; to anyone else who cannot hear
    // it, it is not there.
    row(
        "DELETE",
        "/api/voice-reactions/{id}",
        [Unauthorized, NotFound, NotFound, NoContent, NoContent],
    )
    .on(Target::FreshVoiceReaction),
    row(
        "POST",
        "/api/reels/{id}/share",
        [Unauthorized, Created, NotFound, Created, Created],
    )
    .on(Target::Reel)
    .json(|_, caller| json!({"conversationId": caller.chat})),
    // Reports: a block never shields a post from a report; her own is 400.
    row(
        "POST",
        "/api/reports",
        [Unauthorized, Created, Created, Created, BadRequest],
    )
    .json(|f, _| json!({"targetType": "post", "targetId": f.post, "reason": "spam"})),
    row("GET", "/api/rtc/config", SIGNED_IN),
    // Search.
    row("GET", "/api/search", LIST_OF_HERS).query("q=olivia"),
    row("GET", "/api/search/users", LIST_OF_HERS).query("q=olivia"),
    // Stories.
    row("GET", "/api/stories", LIST_OF_HERS),
    row("POST", "/api/stories", SIGNED_IN_CREATES)
        .json(|_, _| json!({"content": image_url("new-story.jpg")})),
    row("POST", "/api/stories/{id}/view", ACT_ON_HERS).on(Target::Story),
    row("DELETE", "/api/stories/{id}", DELETE_HERS).on(Target::FreshStory),
    // Who saw her story: hers alone to know (issue 43).
    row(
        "GET",
        "/api/stories/{id}/viewers",
        [Unauthorized, Forbidden, NotFound, Forbidden, Ok200],
    )
    .on(Target::Story),
    // A strip's circle opened: her live stories (issue 45).
    row("GET", "/api/users/{id}/stories", HERS_BY_ID).on(Target::Owner),
    // Tags.
    row("GET", "/api/tags/{tag}", SIGNED_IN),
    row("GET", "/api/tags/{tag}/posts", LIST_OF_HERS),
    // The session user's own account.
    row("GET", "/api/user/balance", SIGNED_IN),
    row("GET", "/api/user/earnings/summary", SIGNED_IN),
    row("GET", "/api/user/earnings/credits", SIGNED_IN),
    row(
        "GET",
        "/api/user/blocks",
        [Unauthorized, Hides, Hides, Hides, Ok200],
    ),
    row("POST", "/api/user/2fa/setup", SIGNED_IN).json(|_, _| json!({"password": PASSWORD})),
    // After the setup row: a wrong code, told by whoever is signed in.
    row(
        "POST",
        "/api/user/2fa/enable",
        [Unauthorized, BadRequest, BadRequest, BadRequest, BadRequest],
    )
    .json(|_, _| json!({"code": "000000"})),
    row(
        "POST",
        "/api/user/2fa/disable",
        [Unauthorized, Conflict, Conflict, Conflict, Conflict],
    )
    .json(|_, _| json!({"password": PASSWORD, "code": "000000"})),
    row("POST", "/api/user/deactivate", SIGNED_IN)
        .fresh_all()
        .json(|_, _| json!({"password": PASSWORD})),
    row(
        "POST",
        "/api/user/email",
        [Unauthorized, Accepted, Accepted, Accepted, Accepted],
    )
    .json(|_, caller| {
        let name = caller.name.as_deref().unwrap_or("anonymous");
        json!({"email": format!("{name}-new@example.com"), "password": PASSWORD})
    }),
    row("GET", "/api/user/export", SIGNED_IN),
    row("GET", "/api/user/follow-requests", SIGNED_IN),
    row("POST", "/api/user/password", SIGNED_IN)
        .fresh_all()
        .json(|_, _| json!({"currentPassword": PASSWORD, "newPassword": "an0ther-pass"})),
    row(
        "POST",
        "/api/user/onboarding",
        [Unauthorized, NoContent, NoContent, NoContent, NoContent],
    ),
    row("PATCH", "/api/user/profile", SIGNED_IN).json(|_, _| json!({"bio": "Ink and paper"})),
    row("POST", "/api/user/profile-image", SIGNED_IN).body(Body::ProfileImage),
    row("GET", "/api/user/sessions", SIGNED_IN),
    row("DELETE", "/api/user/sessions", SIGNED_IN).fresh_all(),
    // Only she can end a session of hers; to anyone else it does not exist.
    row(
        "DELETE",
        "/api/user/sessions/{id}",
        [Unauthorized, NotFound, NotFound, NotFound, NoContent],
    )
    .on(Target::Session),
    row("GET", "/api/user/settings", SIGNED_IN),
    row("GET", "/api/user/settings/transcription", SIGNED_IN),
    row("PUT", "/api/user/settings", SIGNED_IN).json(|_, _| json!({"darkTheme": true})),
    // Users: the user she blocked does not find her (404) nor follows her; blocking and muting
    // her back (acts that only protect the caller) work on any existing account.
    row(
        "GET",
        "/api/users/skill-matches",
        [Unauthorized, Shows, Hides, Shows, Ok200],
    )
    .query("skills=motion"),
    // People to follow: never someone who blocked you.
    row(
        "GET",
        "/api/users/suggestions",
        [Unauthorized, Ok200, Hides, Ok200, Ok200],
    ),
    row("GET", "/api/users/username/{username}", HERS_BY_ID),
    row(
        "POST",
        "/api/users/{id}/block",
        [Unauthorized, NoContent, NoContent, NoContent, BadRequest],
    )
    .on(Target::Owner)
    .fresh(),
    row(
        "DELETE",
        "/api/users/{id}/block",
        [Unauthorized, NoContent, NoContent, NoContent, BadRequest],
    )
    .on(Target::Owner)
    .fresh(),
    row(
        "POST",
        "/api/users/{id}/follow",
        [Unauthorized, Ok200, NotFound, Ok200, BadRequest],
    )
    .on(Target::Owner)
    .fresh(),
    row(
        "DELETE",
        "/api/users/{id}/follow",
        [Unauthorized, Ok200, NotFound, Ok200, BadRequest],
    )
    .on(Target::Owner)
    .fresh(),
    row(
        "GET",
        "/api/users/{id}/follow-status",
        [Unauthorized, Ok200, NotFound, Ok200, Ok200],
    )
    .on(Target::Owner),
    // Her lists (issue 43): she is public; the user she blocked does not find her.
    row(
        "GET",
        "/api/users/{id}/followers",
        [Unauthorized, Ok200, NotFound, Ok200, Ok200],
    )
    .on(Target::Owner),
    row(
        "GET",
        "/api/users/{id}/following",
        [Unauthorized, Ok200, NotFound, Ok200, Ok200],
    )
    .on(Target::Owner),
    row(
        "POST",
        "/api/users/{id}/mute",
        [Unauthorized, NoContent, NoContent, NoContent, BadRequest],
    )
    .on(Target::Owner)
    .fresh(),
    row(
        "DELETE",
        "/api/users/{id}/mute",
        [Unauthorized, NoContent, NoContent, NoContent, BadRequest],
    )
    .on(Target::Owner)
    .fresh(),
    // Voicemail: only for someone you chat with, never across a block.
    row(
        "GET",
        "/api/voicemails",
        [Unauthorized, Hides, Hides, Hides, Ok200],
    ),
    row(
        "POST",
        "/api/voicemails",
        [Unauthorized, Forbidden, Forbidden, Forbidden, BadRequest],
    )
    .json(|fx, _| {
        json!({"toUserId": fx.owner, "duration": 2,
               "voiceUrl": data_url("audio/webm;codecs=opus", CHROME_WEBM)})
    }),
    row("GET", "/api/voicemails/unread", SIGNED_IN),
    row("PATCH", "/api/voicemails/{id}/listen", HERS_ONLY).on(Target::Voicemail),
    // Earnings.
    // Tips (issue 23): anyone signed in tips her; the user she blocked cannot find her (404);
    // she cannot tip herself (400).
    row(
        "POST",
        "/api/tips",
        [Unauthorized, Created, NotFound, Created, BadRequest],
    )
    .json(|fixture, _| json!({"toUserId": fixture.owner, "amount": 500, "card": card_of("4242 4242 4242 4242")["card"]})),
    // Tips you sent (issue 42): each caller's own, after the row above: the stranger and the
    // admin tipped her, the user she blocked and she herself could not.
    row(
        "GET",
        "/api/tips/sent",
        [Unauthorized, Shows, Hides, Shows, Hides],
    ),
    // One tip you sent: the sender's only (404 for anyone else, the admin too).
    row("GET", "/api/tips/{id}", [Unauthorized, NotFound, NotFound, NotFound, Ok200])
        .on(Target::SentTip),
    // A tip through Stripe: in test mode (these tests) everyone signed in is told the test
    // provider takes the payments (409 `wrong_provider`), before anything is looked up.
    row(
        "POST",
        "/api/tips/payment-intent",
        [Unauthorized, Conflict, Conflict, Conflict, Conflict],
    )
    .json(|fixture, _| json!({"toUserId": fixture.owner, "amount": 500})),
    // Creators' works (issue 23): anyone signed in lists one; only its seller changes or
    // unlists it (404 for everyone else, as if it were not theirs to see).
    row("POST", "/api/products", SIGNED_IN_CREATES).json(|_, _| work()),
    row(
        "PATCH",
        "/api/products/{id}",
        [Unauthorized, NotFound, NotFound, NotFound, Ok200],
    )
    .on(Target::Work)
    .json(|_, _| json!({"price": 2_600})),
    row(
        "DELETE",
        "/api/products/{id}",
        [Unauthorized, NotFound, NotFound, NotFound, NoContent],
    )
    .on(Target::Work)
    .last(),
    row("GET", "/api/user/sales", SIGNED_IN),
    // Marking a sale shipped (issue 42): its seller's alone; 404 for everyone else.
    row("POST", "/api/user/sales/{id}/ship", HERS_ONLY)
        .on(Target::PhysicalSale)
        .json(|_, _| json!({"trackingNote": "Royal Mail AB123"})),
    // A digital work's file: its buyer's alone.
    row(
        "GET",
        "/api/orders/{id}/download",
        [Unauthorized, NotFound, NotFound, NotFound, Ok200],
    )
    .on(Target::DigitalOrder),
    // Reviews (issue 42) of Finn's work, which she bought and reviewed: everyone signed in reads
    // them, her review hidden from the user she blocked; only she has a review to edit or delete,
    // and nobody else bought it (403); her second review is a conflict.
    row(
        "GET",
        "/api/products/{id}/reviews",
        [Unauthorized, Shows, Hides, Shows, Shows],
    )
    .on(Target::ReviewedWork),
    row(
        "POST",
        "/api/products/{id}/reviews",
        [Unauthorized, Forbidden, Forbidden, Forbidden, Conflict],
    )
    .on(Target::ReviewedWork)
    .json(|_, _| json!({"rating": 5, "text": "Again"})),
    row("PUT", "/api/products/{id}/reviews/mine", HERS_ONLY)
        .on(Target::ReviewedWork)
        .json(|_, _| json!({"rating": 4, "text": "Still good"})),
    row(
        "DELETE",
        "/api/products/{id}/reviews/mine",
        [Unauthorized, NotFound, NotFound, NotFound, NoContent],
    )
    .on(Target::ReviewedWork)
    .last(),
    row("GET", "/api/withdrawals", SIGNED_IN),
    // The payment provider and its mode (issue 42): anyone signed in, nothing of hers.
    row("GET", "/api/payments/config", SIGNED_IN),
    // Stripe's webhook takes no session (its signature is its authorization, tests/api/stripe.rs):
    // an unsigned request is 400 for anyone; a signed one under the test provider is 404.
    row("POST", "/api/payments/stripe/webhook", [BadRequest; 5]),
    row("POST", "/api/withdrawals", SIGNED_IN_CREATES).json(|_, _| payout()),
];

/// A browser's push keys (web-push's test vectors); the endpoints are on loopback, which this
/// test's app accepts (nothing is pushed here).
const PUSH_P256DH: &str =
    "BLMbF9ffKBiWQLCKvTHb6LO8Nb6dcUh6TItC455vu2kElga6PQvUmaFyCdykxY2nOSSL3yKgfbmFLRTUaGv4yV8";
const PUSH_AUTH: &str = "xS03Fi5ErfTNH_l9WHE9Ig";

/// A voice reaction as JSON: an emotion and two seconds of WebM/Opus.
fn voice_reaction() -> Value {
    json!({"emotion": "inspired", "duration": 2,
           "voiceUrl": data_url("audio/webm;codecs=opus", CHROME_WEBM)})
}

fn push_endpoint(name: &str) -> String {
    format!("http://127.0.0.1:9/push/{name}")
}

/// A print for the shop, its picture a small PNG.
fn address() -> Value {
    json!({"name": "Olivia Hart", "line1": "3 Quay Street", "city": "Bristol",
           "postalCode": "BS1 4DJ", "country": "GB"})
}

fn card_of(number: &str) -> Value {
    json!({"card": {"number": number, "expMonth": 12, "expYear": 2034, "cvc": "123"}})
}

fn work() -> Value {
    use base64::Engine;
    json!({"name": "Harbour print", "price": 2_500, "category": "prints", "kind": "physical",
           "stock": 3,
           "image": format!("data:image/png;base64,{}",
                            base64::engine::general_purpose::STANDARD.encode(png()))})
}

fn payout() -> Value {
    json!({"amount": 1000, "paymentMethod": "bank_transfer",
           "accountDetails": {"accountHolder": "A. Person",
                              "accountNumber": "DE89 3704 0044 0532 0130 00",
                              "routingNumber": "COBADEFF"}})
}

fn ad() -> Value {
    json!({
        "title": "Gouache sale",
        "description": "Twelve colours",
        "imageUrl": "https://img.example.com/ad.jpg",
        "targetUrl": "https://shop.example.com/gouache",
        "advertiserName": "Pigment & Co.",
        "category": "feed",
        "budget": 5000,
        "costPerClick": 75,
    })
}

/// One caller: a browser, and who it is signed in as (none for anonymous).
struct Caller {
    name: Option<String>,
    user: TestUser,
    /// Their conversation with a friend (shares go there).
    chat: Option<i64>,
}

/// The owner's things, and the people around her.
struct Fixture {
    owner: i64,
    owner_name: String,
    post: i64,
    reel: i64,
    comment: i64,
    story: i64,
    conversation: i64,
    message: i64,
    group: i64,
    work: i64,
    digital_order: i64,
    /// Finn's digital work that she bought and reviewed.
    digital: i64,
    physical_sale: i64,
    canvas: i64,
    /// Finn, whom she follows (the people a canvas invites).
    friend: i64,
    voicemail: i64,
    withdrawal: i64,
    ad: i64,
    report: i64,
    /// [stranger, blocked, admin, owner]
    callers: [Caller; 4],
    /// The private account whose follow requests are answered.
    recluse: Caller,
    fresh: AtomicUsize,
}

async fn created(response: reqwest::Response, what: &str) -> Value {
    let status = response.status();
    let body = response.text().await.unwrap();
    assert_eq!(status, 201, "{what}: {body}");
    serde_json::from_str(&body).unwrap()
}

fn id(value: &Value) -> i64 {
    value["id"].as_i64().expect("an id")
}

/// Saves the sample video as a reel draft of `user`'s (issue 44).
async fn reel_draft(app: &TestApp, user: &TestUser) -> reqwest::Response {
    let video = Part::bytes(SAMPLE_WEBM.to_vec())
        .file_name("reel.webm")
        .mime_str("video/webm")
        .unwrap();
    user.client
        .post(user.url("/api/reel-drafts"))
        .header("Origin", &app.address)
        .multipart(Form::new().part("video", video).text("caption", "Later"))
        .send()
        .await
        .expect("request sent")
}

async fn signed_up(app: &TestApp, name: &str) -> Caller {
    Caller {
        name: Some(name.to_owned()),
        user: app.new_user(name).await,
        chat: None,
    }
}

async fn grant_admin(app: &TestApp, name: &str) {
    let db = app.db().await;
    assert!(
        atelier::identity::store::users::grant_admin(&db, name)
            .await
            .unwrap()
    );
    db.pool.close().await;
}

async fn block(who: &Caller, whom: &Caller) {
    let response = who
        .user
        .post(&format!("/api/users/{}/block", whom.user.id))
        .await;
    assert_eq!(response.status(), 204, "blocking");
}

async fn chat(a: &Caller, b: &Caller) -> i64 {
    let response = a
        .user
        .post_json("/api/conversations", &json!({"otherUserId": b.user.id}))
        .await;
    assert!(response.status().is_success(), "starting a conversation");
    id(&response.json().await.unwrap())
}

fn png() -> Vec<u8> {
    let image = image::RgbImage::from_pixel(16, 16, image::Rgb([200, 80, 40]));
    let mut bytes = Cursor::new(Vec::new());
    image.write_to(&mut bytes, image::ImageFormat::Png).unwrap();
    bytes.into_inner()
}

impl Fixture {
    async fn new(app: &TestApp) -> Fixture {
        let owner = signed_up(app, OWNER).await;
        let stranger = signed_up(app, "sam").await;
        let blocked = signed_up(app, "blake").await;
        let admin = signed_up(app, "ada").await;
        let friend = signed_up(app, "finn").await;
        let recluse = signed_up(app, "rhea").await;
        grant_admin(app, "ada").await;

        let o = &owner.user;
        let profile = o
            .patch_json("/api/user/profile", &json!({"skills": ["motion"]}))
            .await;
        assert_eq!(profile.status(), 200);
        let post = id(&o.create_post(&format!("Harbour at dawn #{TAG}")).await);
        let reel = id(&created(
            crate::bad_input::post_reel(app, o, "Tide loop").await,
            "reel",
        )
        .await);
        let story = id(&created(
            o.post_json("/api/stories", &json!({"content": image_url("story.jpg")}))
                .await,
            "story",
        )
        .await);
        let comment = id(&created(
            o.post_json(
                &format!("/api/posts/{post}/comments"),
                &json!({"content": "The first light"}),
            )
            .await,
            "comment",
        )
        .await);
        created(
            o.post_json(
                &format!("/api/posts/{post}/comments"),
                &json!({"content": "and the second", "parentId": comment}),
            )
            .await,
            "reply",
        )
        .await;
        created(
            o.post_json(
                &format!("/api/reels/{reel}/comments"),
                &json!({"content": "Shot at low tide"}),
            )
            .await,
            "reel comment",
        )
        .await;

        // Her conversation with Blake, and his voicemail, before she blocks him.
        let conversation = chat(&owner, &blocked).await;
        let message = id(&created(
            o.post_json(
                &format!("/api/conversations/{conversation}/messages"),
                &json!({"content": "See you at the harbour"}),
            )
            .await,
            "message",
        )
        .await);
        // Blake answered, so it is in his inbox, not his message requests (issue 43).
        created(
            blocked
                .user
                .post_json(
                    &format!("/api/conversations/{conversation}/messages"),
                    &json!({"content": "On my way"}),
                )
                .await,
            "answer",
        )
        .await;
        let voicemail = id(&created(
            blocked
                .user
                .post_json(
                    "/api/voicemails",
                    &json!({"toUserId": o.id, "duration": 2,
                            "voiceUrl": data_url("audio/webm;codecs=opus", CHROME_WEBM)}),
                )
                .await,
            "voicemail",
        )
        .await);
        block(&owner, &blocked).await;

        // Rhea is private and blocked Blake too.
        let private = recluse
            .user
            .client
            .put(recluse.user.url("/api/user/settings"))
            .json(&json!({"privateAccount": true}))
            .send()
            .await
            .unwrap();
        assert_eq!(private.status(), 200);
        block(&recluse, &blocked).await;

        // Money to withdraw, a withdrawal of hers, an ad.
        for caller in [&owner, &stranger, &blocked, &admin] {
            credit(app, caller.user.id, 100_000).await;
        }
        let withdrawal = id(&created(
            owner.user.post_json("/api/withdrawals", &payout()).await,
            "withdrawal",
        )
        .await);
        let ad = id(&created(admin.user.post_json("/api/ads", &ad()).await, "ad").await);
        // A report of her reel, so the moderation queue has her case.
        created(
            stranger
                .user
                .post_json(
                    "/api/reports",
                    &json!({"targetType": "reel", "targetId": reel, "reason": "spam"}),
                )
                .await,
            "report",
        )
        .await;
        let queue = admin.user.get_json("/api/admin/reports?status=open").await;
        let report = queue
            .as_array()
            .unwrap()
            .iter()
            .find(|case| case["targetType"] == "reel" && case["targetId"] == reel)
            .map(id)
            .expect("her reel's case");

        let mut callers = [stranger, blocked, admin, owner];
        for caller in &mut callers {
            caller.chat = Some(chat(caller, &friend).await);
        }
        // Her group with Finn and Rhea.
        let group = id(&created(
            callers[3]
                .user
                .post_json(
                    "/api/conversations",
                    &json!({"participantIds": [friend.user.id, recluse.user.id],
                            "name": "Harbour crew"}),
                )
                .await,
            "group",
        )
        .await);
        // Her print in the shop.
        let work = id(&created(
            callers[3].user.post_json("/api/products", &work()).await,
            "work",
        )
        .await);
        // A digital work of Finn's, which she bought.
        let form = Form::new()
            .text("name", "Brush pack")
            .text("price", "1500")
            .text("category", "digital")
            .text("kind", "digital")
            .text("image", self::work()["image"].as_str().unwrap().to_owned())
            .part(
                "file",
                Part::bytes(b"brushes".to_vec()).file_name("brushes.zip"),
            );
        let listed = friend
            .user
            .client
            .post(friend.user.url("/api/products"))
            .header("Origin", &app.address)
            .multipart(form)
            .send()
            .await
            .unwrap();
        let digital = id(&created(listed, "digital work").await);
        let bought = crate::checkouts::check_out_and_pay(
            &callers[3].user,
            json!([{"productId": digital, "quantity": 1, "expectedUnitPrice": 1500}]),
        )
        .await;
        assert_eq!(bought.status(), 200, "the digital order");
        let digital_order = crate::checkouts::order_of(&bought.json().await.unwrap(), digital);
        let reviewed = callers[3]
            .user
            .post_json(
                &format!("/api/products/{digital}/reviews"),
                &json!({"rating": 5, "text": "Worth every cent"}),
            )
            .await;
        assert_eq!(reviewed.status(), 201, "reviewing Finn's work");
        // Finn buys her print in a paid checkout: a physical sale of hers to ship.
        let saved = friend
            .user
            .put_json("/api/user/shipping-address", &address())
            .await;
        assert_eq!(saved.status(), 200, "Finn's shipping address");
        let checkout = id(&created(
            friend
                .user
                .post_json(
                    "/api/checkouts",
                    &json!({"lines": [{"productId": work, "quantity": 1, "expectedUnitPrice": 2_500}]}),
                )
                .await,
            "Finn's checkout",
        )
        .await);
        let paid = friend
            .user
            .post_json(
                &format!("/api/checkouts/{checkout}/pay"),
                &card_of("4242 4242 4242 4242"),
            )
            .await;
        assert_eq!(paid.status(), 200, "Finn pays");
        let paid: Value = paid.json().await.unwrap();
        let physical_sale = paid["lines"][0]["orderId"].as_i64().expect("her sale");
        // Her invite-only canvas, Finn (whom she follows) invited.
        let follows = callers[3]
            .user
            .post(&format!("/api/users/{}/follow", friend.user.id))
            .await;
        assert_eq!(follows.status(), 200, "following Finn");
        let canvas = id(&created(
            callers[3]
                .user
                .post_json(
                    "/api/canvases",
                    &json!({"title": "Harbour sketch", "visibility": "invite"}),
                )
                .await,
            "canvas",
        )
        .await);
        let invited = callers[3]
            .user
            .post_json(
                &format!("/api/canvases/{canvas}/members"),
                &json!({"userIds": [friend.user.id]}),
            )
            .await;
        assert_eq!(invited.status(), 200, "inviting Finn");
        Fixture {
            owner: callers[3].user.id,
            owner_name: OWNER.to_owned(),
            post,
            reel,
            comment,
            story,
            conversation,
            message,
            group,
            work,
            digital_order,
            digital,
            physical_sale,
            canvas,
            friend: friend.user.id,
            voicemail,
            withdrawal,
            ad,
            report,
            callers,
            recluse,
            fresh: AtomicUsize::new(0),
        }
    }

    /// A new account's name.
    fn fresh_name(&self, role: &str) -> String {
        let n = self.fresh.fetch_add(1, Ordering::Relaxed);
        format!("{role}{n}")
    }

    /// The callers of a row: [anonymous, stranger, blocked, admin, owner].
    async fn callers_for<'a>(&'a self, app: &TestApp, row: &Row) -> Vec<CallerRef<'a>> {
        let anonymous = CallerRef::Own(Caller {
            name: None,
            user: app.anonymous(),
            chat: None,
        });
        let owner = |fx: &'a Fixture| {
            if row.target == Target::FollowRequest {
                CallerRef::Shared(&fx.recluse)
            } else {
                CallerRef::Shared(&fx.callers[3])
            }
        };
        match row.callers {
            Callers::Shared => vec![
                anonymous,
                CallerRef::Shared(&self.callers[0]),
                CallerRef::Shared(&self.callers[1]),
                CallerRef::Shared(&self.callers[2]),
                owner(self),
            ],
            Callers::Fresh | Callers::FreshAll => {
                let stranger = signed_up(app, &self.fresh_name("stranger")).await;
                let blocked = signed_up(app, &self.fresh_name("blocked")).await;
                block(&self.callers[3], &blocked).await;
                let admin_name = self.fresh_name("admin");
                let admin = signed_up(app, &admin_name).await;
                grant_admin(app, &admin_name).await;
                let owner = if row.callers == Callers::FreshAll {
                    CallerRef::Own(signed_up(app, &self.fresh_name("self")).await)
                } else {
                    owner(self)
                };
                vec![
                    anonymous,
                    CallerRef::Own(stranger),
                    CallerRef::Own(blocked),
                    CallerRef::Own(admin),
                    owner,
                ]
            }
        }
    }

    /// What `{id}` is for this call.
    async fn resolve(&self, app: &TestApp, target: Target) -> Option<String> {
        Some(
            match target {
                Target::Nothing => return None,
                Target::Session => {
                    let owner = &self.callers[3];
                    let browser = app.signed_in_again(&owner.user).await;
                    let sessions = browser.get_json("/api/user/sessions").await;
                    let mine = sessions
                        .as_array()
                        .unwrap()
                        .iter()
                        .find(|s| s["current"] == true)
                        .expect("the new session is listed as current");
                    return Some(mine["id"].as_str().unwrap().to_owned());
                }
                Target::Checkout => self.checkout(None).await,
                Target::ConfirmingCheckout => self.checkout(Some("4000 0027 6000 3184")).await,
                Target::SentTip => id(&created(
                    self.callers[3]
                        .user
                        .post_json(
                            "/api/tips",
                            &json!({"toUserId": self.friend, "amount": 300,
                                    "card": card_of("4242 4242 4242 4242")["card"]}),
                        )
                        .await,
                    "a tip to her friend",
                )
                .await),
                Target::Owner => self.owner,
                Target::Post => self.post,
                Target::Reel => self.reel,
                Target::Comment => self.comment,
                Target::Story => self.story,
                Target::Conversation => self.conversation,
                Target::Group => self.group,
                Target::Work => self.work,
                Target::DigitalOrder => self.digital_order,
                Target::ReviewedWork => self.digital,
                Target::PhysicalSale => self.physical_sale,
                Target::Canvas => self.canvas,
                Target::Voicemail => self.voicemail,
                Target::Withdrawal => self.withdrawal,
                Target::Ad => self.ad,
                Target::Report => self.report,
                Target::FreshPost => id(&self.callers[3].user.create_post("Another study").await),
                Target::FreshDraft => id(&created(
                    self.callers[3]
                        .user
                        .post_json(
                            "/api/drafts",
                            &json!({"media": [{"image": image_url("draft.jpg")}]}),
                        )
                        .await,
                    "a draft",
                )
                .await),
                Target::FreshReelDraft => id(&created(
                    reel_draft(app, &self.callers[3].user).await,
                    "a reel draft",
                )
                .await),
                Target::FreshCollection => id(&created(
                    self.callers[3]
                        .user
                        .post_json(
                            "/api/collections",
                            &json!({"name": self.fresh_name("Studies "), "postId": self.post}),
                        )
                        .await,
                    "a collection",
                )
                .await),
                Target::FreshReel => id(&created(
                    crate::bad_input::post_reel(app, &self.callers[3].user, "Another loop").await,
                    "a reel",
                )
                .await),
                Target::FreshStory => id(&created(
                    self.callers[3]
                        .user
                        .post_json("/api/stories", &json!({"content": image_url("again.jpg")}))
                        .await,
                    "a story",
                )
                .await),
                Target::FreshCanvas => id(&created(
                    self.callers[3]
                        .user
                        .post_json(
                            "/api/canvases",
                            &json!({"title": "Scratch", "visibility": "invite"}),
                        )
                        .await,
                    "a canvas",
                )
                .await),
                Target::FreshComment => id(&created(
                    self.callers[3]
                        .user
                        .post_json(
                            &format!("/api/posts/{}/comments", self.post),
                            &json!({"content": "One more thought"}),
                        )
                        .await,
                    "a comment",
                )
                .await),
                Target::FreshVoiceReaction => id(&created(
                    self.callers[3]
                        .user
                        .post_json(
                            &format!("/api/posts/{}/voice-reactions", self.post),
                            &voice_reaction(),
                        )
                        .await,
                    "a voice reaction",
                )
                .await),
                Target::FollowRequest => {
                    let requester = signed_up(app, &self.fresh_name("requester")).await;
                    let follow = requester
                        .user
                        .post(&format!("/api/users/{}/follow", self.recluse.user.id))
                        .await;
                    assert_eq!(follow.status(), 200, "asking to follow");
                    let requests = self
                        .recluse
                        .user
                        .get_json("/api/user/follow-requests")
                        .await;
                    let newest = &requests[0];
                    assert_eq!(newest["user"]["id"], requester.user.id);
                    id(newest)
                }
            }
            .to_string(),
        )
    }

    /// A new checkout of the owner's, paid with `card` when given (the test card that asks for
    /// the extra confirmation step).
    async fn checkout(&self, card: Option<&str>) -> i64 {
        let owner = &self.callers[3].user;
        let saved = owner
            .put_json("/api/user/shipping-address", &address())
            .await;
        assert_eq!(saved.status(), 200, "her shipping address");
        let checkout = id(&created(
            owner
                .post_json(
                    "/api/checkouts",
                    &json!({"lines": [{"productId": 4, "quantity": 1, "expectedUnitPrice": 5800}]}),
                )
                .await,
            "a checkout",
        )
        .await);
        if let Some(number) = card {
            let paid = owner
                .post_json(&format!("/api/checkouts/{checkout}/pay"), &card_of(number))
                .await;
            assert_eq!(paid.status(), 200, "paid with {number}");
        }
        checkout
    }

    fn path(&self, row: &Row, id: Option<String>) -> String {
        let mut path = row
            .path
            .replace("{messageId}", &self.message.to_string())
            .replace("{userId}", &self.owner.to_string())
            .replace("{username}", &self.owner_name)
            .replace("{tag}", TAG)
            .replace("{host}", "blocked.example")
            .replace("{postId}", &self.post.to_string());
        if let Some(id) = id {
            path = path.replace("{id}", &id);
        }
        assert!(!path.contains('{'), "{path}: a placeholder without a value");
        if !row.query.is_empty() {
            path = format!("{path}?{}", row.query);
        }
        path
    }
}

enum CallerRef<'a> {
    Shared(&'a Caller),
    Own(Caller),
}

impl CallerRef<'_> {
    fn caller(&self) -> &Caller {
        match self {
            CallerRef::Shared(caller) => caller,
            CallerRef::Own(caller) => caller,
        }
    }
}

/// Sends one call as a browser of this site would (its Origin on every request).
async fn call(
    app: &TestApp,
    fx: &Fixture,
    caller: &Caller,
    row: &Row,
    path: &str,
) -> (u16, String) {
    let method = Method::from_bytes(row.method.as_bytes()).unwrap();
    let mut request = caller
        .user
        .client
        .request(method, caller.user.url(path))
        .header("Origin", &app.address);
    request = match row.body {
        Body::None => request,
        Body::Json(body) => request.json(&body(fx, caller)),
        Body::Reel => {
            let video = Part::bytes(SAMPLE_WEBM.to_vec())
                .file_name("reel.webm")
                .mime_str("video/webm")
                .unwrap();
            request.multipart(Form::new().part("video", video).text("caption", "A loop"))
        }
        Body::ProfileImage => {
            let image = Part::bytes(png())
                .file_name("avatar.png")
                .mime_str("image/png")
                .unwrap();
            request.multipart(Form::new().part("profileImage", image))
        }
    };
    let response = request.send().await.expect("request sent");
    let status = response.status().as_u16();
    (status, response.text().await.unwrap_or_default())
}

/// Every (METHOD, path) of the served OpenAPI document.
async fn operations(app: &TestApp) -> BTreeSet<(String, String)> {
    let response = app.get("/api/openapi.json").await;
    assert_eq!(response.status(), 200);
    let doc: Value = response.json().await.unwrap();
    let mut operations = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("a path item").keys() {
            let method = method.to_uppercase();
            if [
                "GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE",
            ]
            .contains(&method.as_str())
            {
                operations.insert((method, path.clone()));
            }
        }
    }
    operations
}

async fn every_operation_answers_each_caller_as_the_table_says(backend: Backend) {
    let app = spawn_app_with(backend, |settings| {
        // Sign-ups and sign-ins are many here; their limits have tests of their own.
        settings.auth_limit_per_ip = 10_000;
        settings.auth_limit_per_account = 10_000;
        // The owner makes a fresh post, reel, story or reel draft for many rows, past the
        // posting limit's 30 an hour; the limit has tests of its own.
        settings.limit_posts_per_hour = 10_000;
        // The push subscription rows subscribe loopback endpoints.
        settings.push_allow_loopback = true;
    })
    .await;

    let served = operations(&app).await;
    let mut tabled = BTreeSet::new();
    let mut twice = Vec::new();
    for row in ROWS {
        if !tabled.insert((row.method.to_owned(), row.path.to_owned())) {
            twice.push(format!("{} {}", row.method, row.path));
        }
    }
    let unguarded: Vec<String> = served
        .difference(&tabled)
        .map(|(m, p)| format!("{m} {p}"))
        .collect();
    let gone: Vec<String> = tabled
        .difference(&served)
        .map(|(m, p)| format!("{m} {p}"))
        .collect();
    assert!(
        unguarded.is_empty() && gone.is_empty() && twice.is_empty(),
        "the authorization table and the OpenAPI document differ:\n\
         operations without a row (add one to ROWS in tests/api/authorization.rs): {unguarded:#?}\n\
         rows without an operation: {gone:#?}\nrows given twice: {twice:#?}"
    );

    let fx = Fixture::new(&app).await;
    let ordered = ROWS
        .iter()
        .filter(|row| !row.last)
        .chain(ROWS.iter().filter(|row| row.last));
    let mut wrong = Vec::new();
    for row in ordered {
        let callers = fx.callers_for(&app, row).await;
        for ((role, expect), caller) in ROLES.iter().zip(row.expect).zip(&callers) {
            let id = fx.resolve(&app, row.target).await;
            let path = fx.path(row, id);
            let (status, body) = call(&app, &fx, caller.caller(), row, &path).await;
            if !expect.accepts(status, &body) {
                let excerpt: String = body.chars().take(300).collect();
                wrong.push(format!(
                    "{} {} as {role}: expected {expect:?}, got {status} {excerpt}",
                    row.method, row.path
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} calls answered otherwise than the table says:\n{}",
        wrong.len(),
        ROWS.len() * ROLES.len(),
        wrong.join("\n")
    );
}
