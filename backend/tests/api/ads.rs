//! Ads: serving by placement, dates and budget in rotation; stats for admins only; impressions
//! and clicks (anonymous allowed), click dedupe in 10 minutes, and a budget that concurrent
//! clicks never pass.

use std::time::Duration;

use atelier::ads::store::NewAd;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, TestApp, TestUser, error_of, spawn_app, spawn_app_with};

both_backends!(
    each_placement_serves_its_own_active_ads_inside_their_dates,
    ads_rotate_least_shown_first_and_at_most_ten_are_served,
    stats_are_only_in_an_admins_answer,
    ad_lists_need_a_session,
    an_impression_is_counted_once_in_ten_minutes_for_anyone_signed_in_or_not,
    a_click_charges_the_cost_per_click_once_per_user_in_ten_minutes,
    an_anonymous_client_is_its_address_whatever_user_agent_it_sends,
    an_address_past_thirty_interactions_a_minute_is_refused_and_not_counted,
    an_ad_whose_budget_is_spent_stops_being_served,
    fifty_concurrent_clicks_never_take_revenue_past_the_budget,
    interactions_with_unknown_inactive_or_malformed_ads_are_refused_and_change_nothing,
    a_cross_site_interaction_is_refused,
    story_ads_are_served_to_a_signed_in_user_and_refused_to_an_anonymous_one,
    the_story_placement_serves_only_active_story_ads_inside_their_dates_and_budget,
    story_ads_rotate_least_shown_first,
    a_story_ads_impression_and_click_count_through_the_interaction_endpoint,
);

const DAY: i64 = 86_400_000;

/// An ad shaped by `change`: by default a feed ad running from yesterday to tomorrow (by the
/// app's clock) with a budget of $10.00 and 25 ¢ a click.
async fn ad(app: &TestApp, change: impl FnOnce(&mut NewAd<'static>)) -> i64 {
    let now = app.clock.now_ms();
    let mut new = NewAd {
        title: "Gouache sale",
        description: "Twelve colours",
        image_url: "https://img.example.com/ad.jpg",
        target_url: "https://shop.example.com",
        advertiser_name: "Pigment & Co.",
        category: "feed",
        budget_cents: 1000,
        cost_per_click_cents: 25,
        start_date: now - DAY,
        end_date: now + DAY,
        is_active: true,
        created_at: now,
    };
    change(&mut new);
    let db = app.db().await;
    let id = atelier::ads::store::insert(&db, new)
        .await
        .expect("ad inserted");
    db.pool.close().await;
    id
}

/// `(total_impressions, total_clicks, revenue_cents)` of an ad, from the database.
async fn stats(app: &TestApp, id: i64) -> (i64, i64, i64) {
    let db = app.db().await;
    let row = atelier::ads::store::find(&db, id)
        .await
        .unwrap()
        .expect("ad exists");
    db.pool.close().await;
    (row.total_impressions, row.total_clicks, row.revenue_cents)
}

fn ids(ads: &Value) -> Vec<i64> {
    ads.as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_i64().unwrap())
        .collect()
}

async fn interact(user: &TestUser, id: i64, kind: &str) -> StatusCode {
    user.post_json(
        &format!("/api/ads/{id}/interaction"),
        &json!({"type": kind, "userAgent": "test"}),
    )
    .await
    .status()
}

async fn make_admin(app: &TestApp, username: &str) {
    let db = app.db().await;
    assert!(
        atelier::identity::store::users::grant_admin(&db, username)
            .await
            .unwrap()
    );
    db.pool.close().await;
}

async fn each_placement_serves_its_own_active_ads_inside_their_dates(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let now = app.clock.now_ms();
    let feed = ad(&app, |_| {}).await;
    let banner = ad(&app, |a| a.category = "banner").await;
    let sidebar = ad(&app, |a| a.category = "sidebar").await;
    let story = ad(&app, |a| a.category = "story").await;
    let paused = ad(&app, |a| a.is_active = false).await;
    let ended = ad(&app, |a| {
        (a.start_date, a.end_date) = (now - 3 * DAY, now - DAY)
    })
    .await;
    let upcoming = ad(&app, |a| {
        (a.start_date, a.end_date) = (now + DAY, now + 3 * DAY)
    })
    .await;

    assert_eq!(ids(&maya.get_json("/api/ads/feed").await), vec![feed]);
    assert_eq!(ids(&maya.get_json("/api/ads/banner").await), vec![banner]);
    assert_eq!(ids(&maya.get_json("/api/ads/sidebar").await), vec![sidebar]);
    assert_eq!(ids(&maya.get_json("/api/ads/story").await), vec![story]);
    let served = maya.get_json("/api/ads/feed").await;
    assert_eq!(
        served[0],
        json!({"id": feed, "title": "Gouache sale", "description": "Twelve colours",
               "imageUrl": "https://img.example.com/ad.jpg", "targetUrl": "https://shop.example.com",
               "advertiserName": "Pigment & Co.", "category": "feed"})
    );

    // Two days on, the upcoming one runs and the first one has ended.
    app.advance_clock(Duration::from_secs(2 * 86_400));
    assert_eq!(ids(&maya.get_json("/api/ads/feed").await), vec![upcoming]);
    let _ = (paused, ended);
}

async fn ads_rotate_least_shown_first_and_at_most_ten_are_served(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let first = ad(&app, |_| {}).await;
    let second = ad(&app, |_| {}).await;
    assert_eq!(
        ids(&maya.get_json("/api/ads/feed").await),
        vec![first, second]
    );

    assert_eq!(
        interact(&maya, first, "impression").await,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        ids(&maya.get_json("/api/ads/feed").await),
        vec![second, first]
    );
    assert_eq!(
        interact(&maya, second, "impression").await,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        interact(&maya, second, "impression").await,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        ids(&maya.get_json("/api/ads/feed").await),
        vec![first, second]
    );

    for _ in 0..10 {
        ad(&app, |_| {}).await;
    }
    assert_eq!(
        maya.get_json("/api/ads/feed")
            .await
            .as_array()
            .unwrap()
            .len(),
        10
    );
}

async fn stats_are_only_in_an_admins_answer(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let boss = app.new_user("boss").await;
    make_admin(&app, "boss").await;
    let id = ad(&app, |a| a.category = "banner").await;
    assert_eq!(
        interact(&maya, id, "impression").await,
        StatusCode::NO_CONTENT
    );
    assert_eq!(interact(&maya, id, "click").await, StatusCode::NO_CONTENT);

    let for_maya = maya.get_json("/api/ads/banner").await;
    for field in [
        "totalImpressions",
        "totalClicks",
        "revenue",
        "budget",
        "costPerClick",
    ] {
        assert!(for_maya[0].get(field).is_none(), "{field} shown to a user");
    }
    let for_boss = boss.get_json("/api/ads/banner").await;
    assert_eq!(
        (
            for_boss[0]["totalImpressions"].clone(),
            for_boss[0]["totalClicks"].clone(),
            for_boss[0]["revenue"].clone(),
            for_boss[0]["budget"].clone(),
            for_boss[0]["costPerClick"].clone()
        ),
        (json!(1), json!(1), json!(25), json!(1000), json!(25))
    );
}

async fn ad_lists_need_a_session(backend: Backend) {
    let app = spawn_app(backend).await;
    ad(&app, |_| {}).await;
    for path in [
        "/api/ads/feed",
        "/api/ads/banner",
        "/api/ads/sidebar",
        "/api/ads/story",
    ] {
        let (status, _, code) = error_of(app.anonymous().get(path).await).await;
        assert_eq!((status, code.as_str()), (401, "not_signed_in"), "{path}");
    }
}

/// Issue 39: impressions are deduplicated as clicks are, per viewer and ad in 10 minutes.
async fn an_impression_is_counted_once_in_ten_minutes_for_anyone_signed_in_or_not(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let id = ad(&app, |_| {}).await;

    assert_eq!(
        interact(&maya, id, "impression").await,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        interact(&maya, id, "impression").await,
        StatusCode::NO_CONTENT
    );
    let anonymous = app.anonymous();
    let response = anonymous
        .post_json(
            &format!("/api/ads/{id}/interaction"),
            &json!({"type": "impression", "userId": null, "ipAddress": null, "userAgent": "x"}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    assert!(response.bytes().await.unwrap().is_empty());
    // Maya's second impression was within the window.
    assert_eq!(stats(&app, id).await, (2, 0, 0));

    app.advance_clock(Duration::from_secs(11 * 60));
    app.sweep().await;
    assert_eq!(
        interact(&maya, id, "impression").await,
        StatusCode::NO_CONTENT
    );
    assert_eq!(stats(&app, id).await, (3, 0, 0));
}

async fn a_click_charges_the_cost_per_click_once_per_user_in_ten_minutes(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let id = ad(&app, |_| {}).await;

    assert_eq!(interact(&maya, id, "click").await, StatusCode::NO_CONTENT);
    assert_eq!(interact(&maya, id, "click").await, StatusCode::NO_CONTENT);
    assert_eq!(stats(&app, id).await, (0, 1, 25));
    // Another user's click counts.
    assert_eq!(interact(&leo, id, "click").await, StatusCode::NO_CONTENT);
    assert_eq!(stats(&app, id).await, (0, 2, 50));

    // Nine minutes on, still the same window (and the sweep keeps the window's rows).
    app.advance_clock(Duration::from_secs(9 * 60));
    app.sweep().await;
    assert_eq!(interact(&maya, id, "click").await, StatusCode::NO_CONTENT);
    assert_eq!(stats(&app, id).await, (0, 2, 50));

    // Eleven minutes after the first click, it counts again.
    app.advance_clock(Duration::from_secs(2 * 60));
    assert_eq!(interact(&maya, id, "click").await, StatusCode::NO_CONTENT);
    assert_eq!(stats(&app, id).await, (0, 3, 75));
    // And that click opened a new window.
    assert_eq!(interact(&maya, id, "click").await, StatusCode::NO_CONTENT);
    assert_eq!(stats(&app, id).await, (0, 3, 75));
}

/// An anonymous client from `address` (a loopback address of its own), sending `agent`.
fn client_at(address: [u8; 4], agent: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(std::net::IpAddr::from(address))
        .user_agent(agent)
        .build()
        .unwrap()
}

/// Issue 39: anonymous clicks drained a budget by changing the User-Agent each time. The
/// anonymous viewer is its address alone, for clicks and impressions.
async fn an_anonymous_client_is_its_address_whatever_user_agent_it_sends(backend: Backend) {
    let app = spawn_app(backend).await;
    let id = ad(&app, |_| {}).await;
    let url = app.url(&format!("/api/ads/{id}/interaction"));
    let send = |address: [u8; 4], agent: String, kind: &'static str| {
        let request = client_at(address, &agent)
            .post(&url)
            .json(&json!({"type": kind, "userId": null, "userAgent": agent}));
        async move { request.send().await.unwrap().status() }
    };

    for n in 0..5 {
        for kind in ["click", "impression"] {
            let agent = format!("Bot/{n}");
            assert_eq!(
                send([127, 0, 0, 1], agent, kind).await,
                StatusCode::NO_CONTENT
            );
        }
    }
    assert_eq!(
        stats(&app, id).await,
        (1, 1, 25),
        "one address, five user agents"
    );
    // Another address is another viewer.
    for kind in ["click", "impression"] {
        let agent = "Bot/0".to_owned();
        assert_eq!(
            send([127, 0, 0, 2], agent, kind).await,
            StatusCode::NO_CONTENT
        );
    }
    assert_eq!(stats(&app, id).await, (2, 2, 50));
    // Past the window the first address counts again.
    app.advance_clock(Duration::from_secs(11 * 60));
    assert_eq!(
        send([127, 0, 0, 1], "Bot/9".to_owned(), "click").await,
        StatusCode::NO_CONTENT
    );
    assert_eq!(stats(&app, id).await, (2, 3, 75));
}

/// Issue 39: an address past 30 interactions a minute gets 429 and is not counted, signed in or
/// not; another address is not held back by it.
async fn an_address_past_thirty_interactions_a_minute_is_refused_and_not_counted(backend: Backend) {
    let app = spawn_app(backend).await;
    let id = ad(&app, |_| {}).await;
    let other = ad(&app, |_| {}).await;
    let path = format!("/api/ads/{id}/interaction");
    let anonymous = client_at([127, 0, 0, 1], "Bot");
    for _ in 0..30 {
        let status = anonymous
            .post(app.url(&path))
            .json(&json!({"type": "impression"}))
            .send()
            .await
            .unwrap()
            .status();
        assert_eq!(status, StatusCode::NO_CONTENT);
    }
    assert_eq!(stats(&app, id).await, (1, 0, 0));

    // The 31st, a click from a user signed in at the same address that would count, is refused.
    let maya = app.new_user("maya").await;
    let refused = maya
        .post_json(
            &format!("/api/ads/{other}/interaction"),
            &json!({"type": "click"}),
        )
        .await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(refused.headers().contains_key("retry-after"));
    let (_, _, code) = error_of(refused).await;
    assert_eq!(code, "rate_limited");
    assert_eq!(stats(&app, other).await, (0, 0, 0));

    // Another address still counts.
    let status = client_at([127, 0, 0, 3], "Bot")
        .post(app.url(&format!("/api/ads/{other}/interaction")))
        .json(&json!({"type": "click"}))
        .send()
        .await
        .unwrap()
        .status();
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(stats(&app, other).await, (0, 1, 25));
}

async fn an_ad_whose_budget_is_spent_stops_being_served(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    let id = ad(&app, |a| {
        (a.budget_cents, a.cost_per_click_cents) = (40, 25)
    })
    .await;

    assert_eq!(interact(&maya, id, "click").await, StatusCode::NO_CONTENT);
    assert_eq!(ids(&maya.get_json("/api/ads/feed").await), vec![id]);
    // The second click is charged only what is left of the budget.
    assert_eq!(interact(&leo, id, "click").await, StatusCode::NO_CONTENT);
    assert_eq!(stats(&app, id).await, (0, 2, 40));
    assert_eq!(maya.get_json("/api/ads/feed").await, json!([]));

    // A click on a spent ad is accepted, and neither counted nor charged.
    assert_eq!(interact(&sofia, id, "click").await, StatusCode::NO_CONTENT);
    assert_eq!(stats(&app, id).await, (0, 2, 40));
}

async fn fifty_concurrent_clicks_never_take_revenue_past_the_budget(backend: Backend) {
    let app = spawn_app_with(backend, |s| {
        s.auth_limit_per_ip = 1000;
        s.limit_ad_interactions_per_min = 1000;
    })
    .await;
    let id = ad(&app, |a| {
        (a.budget_cents, a.cost_per_click_cents) = (100, 30)
    })
    .await;
    let mut users = Vec::new();
    for n in 0..50 {
        users.push(app.new_user(&format!("clicker{n:02}")).await);
    }

    let path = format!("/api/ads/{id}/interaction");
    let mut clicks = tokio::task::JoinSet::new();
    for user in &users {
        let (client, url) = (user.client.clone(), user.url(&path));
        clicks.spawn(async move {
            let response = client
                .post(url)
                .json(&json!({"type": "click"}))
                .send()
                .await;
            response.expect("request sent").status()
        });
    }
    let statuses = clicks.join_all().await;

    assert!(
        statuses.iter().all(|s| *s == StatusCode::NO_CONTENT),
        "{statuses:?}"
    );
    // 30 + 30 + 30 + the 10 left: four clicks counted, revenue exactly the budget.
    assert_eq!(stats(&app, id).await, (0, 4, 100));
}

async fn interactions_with_unknown_inactive_or_malformed_ads_are_refused_and_change_nothing(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let now = app.clock.now_ms();
    let live = ad(&app, |_| {}).await;
    let paused = ad(&app, |a| a.is_active = false).await;
    let ended = ad(&app, |a| {
        (a.start_date, a.end_date) = (now - 3 * DAY, now - DAY)
    })
    .await;

    for id in [999_999, paused, ended] {
        for kind in ["impression", "click"] {
            let response = maya
                .post_json(
                    &format!("/api/ads/{id}/interaction"),
                    &json!({"type": kind}),
                )
                .await;
            let (status, message, code) = error_of(response).await;
            assert_eq!(
                (status, message.as_str(), code.as_str()),
                (404, "Ad not found", "not_found")
            );
        }
    }
    let path = format!("/api/ads/{live}/interaction");
    for body in [
        json!({"type": "view"}),
        json!({}),
        json!({"type": 1}),
        json!([]),
    ] {
        let (status, _, code) = error_of(maya.post_json(&path, &body).await).await;
        assert_eq!((status, code.as_str()), (400, "invalid_input"), "{body}");
    }
    for path in ["/api/ads/abc/interaction", "/api/ads/1.5/interaction"] {
        let (status, _, _) = error_of(maya.post_json(path, &json!({"type": "click"})).await).await;
        assert_eq!(status, 400, "{path}");
    }
    for id in [live, paused, ended] {
        assert_eq!(stats(&app, id).await, (0, 0, 0));
    }
}

async fn a_cross_site_interaction_is_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let id = ad(&app, |_| {}).await;

    let response = crate::helpers::browser()
        .post(app.url(&format!("/api/ads/{id}/interaction")))
        .header("origin", "https://evil.example")
        .json(&json!({"type": "click"}))
        .send()
        .await
        .unwrap();

    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert_eq!(stats(&app, id).await, (0, 0, 0));
}

async fn story_ads_are_served_to_a_signed_in_user_and_refused_to_an_anonymous_one(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let id = ad(&app, |a| a.category = "story").await;

    let (status, message, code) = error_of(app.anonymous().get("/api/ads/story").await).await;
    assert_eq!((status, code.as_str()), (401, "not_signed_in"), "{message}");

    let maya = app.new_user("maya").await;
    let response = maya.get("/api/ads/story").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!([{"id": id, "title": "Gouache sale", "description": "Twelve colours",
                "imageUrl": "https://img.example.com/ad.jpg",
                "targetUrl": "https://shop.example.com",
                "advertiserName": "Pigment & Co.", "category": "story"}])
    );
}

async fn the_story_placement_serves_only_active_story_ads_inside_their_dates_and_budget(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let now = app.clock.now_ms();
    let live = ad(&app, |a| a.category = "story").await;
    let _feed = ad(&app, |_| {}).await;
    let _banner = ad(&app, |a| a.category = "banner").await;
    let _paused = ad(&app, |a| (a.category, a.is_active) = ("story", false)).await;
    let _ended = ad(&app, |a| {
        (a.category, a.start_date, a.end_date) = ("story", now - 3 * DAY, now - DAY)
    })
    .await;
    let upcoming = ad(&app, |a| {
        (a.category, a.start_date, a.end_date) = ("story", now + DAY, now + 3 * DAY)
    })
    .await;
    let spent = ad(&app, |a| {
        (a.category, a.budget_cents, a.cost_per_click_cents) = ("story", 25, 25)
    })
    .await;

    assert_eq!(
        ids(&maya.get_json("/api/ads/story").await),
        vec![live, spent]
    );
    // A click spends the last one's whole budget: it stops being served.
    assert_eq!(
        interact(&maya, spent, "click").await,
        StatusCode::NO_CONTENT
    );
    assert_eq!(ids(&maya.get_json("/api/ads/story").await), vec![live]);

    // Two days on, the upcoming one runs and the first one has ended.
    app.advance_clock(Duration::from_secs(2 * 86_400));
    assert_eq!(ids(&maya.get_json("/api/ads/story").await), vec![upcoming]);
}

async fn story_ads_rotate_least_shown_first(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let first = ad(&app, |a| a.category = "story").await;
    let second = ad(&app, |a| a.category = "story").await;
    assert_eq!(
        ids(&maya.get_json("/api/ads/story").await),
        vec![first, second]
    );

    assert_eq!(
        interact(&maya, first, "impression").await,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        ids(&maya.get_json("/api/ads/story").await),
        vec![second, first]
    );

    for _ in 0..10 {
        ad(&app, |a| a.category = "story").await;
    }
    assert_eq!(
        maya.get_json("/api/ads/story")
            .await
            .as_array()
            .unwrap()
            .len(),
        10
    );
}

async fn a_story_ads_impression_and_click_count_through_the_interaction_endpoint(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let boss = app.new_user("boss").await;
    make_admin(&app, "boss").await;
    let id = ad(&app, |a| a.category = "story").await;

    assert_eq!(
        interact(&maya, id, "impression").await,
        StatusCode::NO_CONTENT
    );
    assert_eq!(interact(&maya, id, "click").await, StatusCode::NO_CONTENT);
    // A second click within ten minutes counts once, as on every placement.
    assert_eq!(interact(&maya, id, "click").await, StatusCode::NO_CONTENT);

    assert_eq!(stats(&app, id).await, (1, 1, 25));
    let for_boss = boss.get_json("/api/ads/story").await;
    assert_eq!(
        (
            for_boss[0]["totalImpressions"].clone(),
            for_boss[0]["totalClicks"].clone(),
            for_boss[0]["revenue"].clone()
        ),
        (json!(1), json!(1), json!(25))
    );
}
