//! The `atelier` command line against a live server's database: seeding and admin grants.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{Backend, spawn_app};
use crate::stories::strip_of;

both_backends!(
    the_demo_seed_is_idempotent_and_its_accounts_sign_in,
    admin_grant_makes_a_user_an_admin,
    admin_grant_of_an_unknown_user_fails_and_says_so,
    admin_credit_adds_to_the_ledger_and_prints_the_new_balance,
    admin_credit_refuses_an_unknown_user_a_blank_note_and_no_cents,
    a_synthetic_seed_fills_pages_of_posts_whose_like_counts_are_true,
    a_synthetic_seed_adds_neighbours_chats_and_its_sessions_file_signs_them_in,
);

async fn the_demo_seed_is_idempotent_and_its_accounts_sign_in(backend: Backend) {
    let app = spawn_app(backend).await;

    for _ in 0..2 {
        let seeded = app.cli(&["seed", "--demo"]);
        assert!(
            seeded.status.success(),
            "{}",
            String::from_utf8_lossy(&seeded.stderr)
        );
    }

    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM users")
        .fetch_one(&app.db().await.pool)
        .await
        .unwrap();
    assert_eq!(count, 4, "admin, maya, leo, sofia — once each");
    let admin = app
        .post_json(
            "/api/auth/login",
            &json!({"username": "admin", "password": "atelier-admin"}),
        )
        .await;
    assert_eq!(admin.status(), StatusCode::OK);
    assert_eq!(admin.json::<Value>().await.unwrap()["isAdmin"], true);
    let maya = app
        .post_json(
            "/api/auth/login",
            &json!({"email": "maya@atelier.test", "password": "atelier-demo"}),
        )
        .await;
    assert_eq!(maya.json::<Value>().await.unwrap()["isAdmin"], false);

    // A living app: portfolios with avatars, bios, skills, follows and stored images, once.
    let profile: Value = app
        .get("/api/users/username/maya")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(profile["postsCount"], 12, "twice seeded, twelve posts");
    assert_eq!(profile["followingCount"], 2);
    assert!(profile["bio"].as_str().is_some_and(|bio| !bio.is_empty()));
    assert_eq!(profile["skills"], json!(["design", "photo"]));
    let avatar = profile["profileImageUrl"].as_str().expect("an avatar");
    assert_eq!(app.get(avatar).await.status(), StatusCode::OK);
    let feed: Value = app.get("/api/posts?limit=100").await.json().await.unwrap();
    assert_eq!(feed.as_array().unwrap().len(), 36);
    let post = &feed[0];
    assert!(post["blurhash"].is_string() && post["width"].is_number());
    let image = app.get(post["thumbnailUrl"].as_str().unwrap()).await;
    assert_eq!(image.headers()["content-type"], "image/jpeg");

    // Two live stories for each creator, and three ads of each placement, once.
    let strip: Value = app.get("/api/stories").await.json().await.unwrap();
    let circles = strip.as_array().unwrap();
    assert_eq!(circles.len(), 3);
    assert_eq!(
        circles[0]["user"]["username"], "maya",
        "her own group first"
    );
    let mut groups = Vec::new();
    for circle in circles {
        let opened = format!("/api/users/{}/stories", circle["user"]["id"]);
        let group: Value = app.get(&opened).await.json().await.unwrap();
        assert_eq!(group["stories"].as_array().unwrap().len(), 2, "{opened}");
        groups.push(group);
    }
    let story = app
        .get(groups[0]["stories"][0]["imageUrl"].as_str().unwrap())
        .await;
    assert_eq!(story.status(), StatusCode::OK);
    for placement in ["feed", "banner", "sidebar", "story"] {
        let ads: Value = app
            .get(&format!("/api/ads/{placement}"))
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(ads.as_array().unwrap().len(), 3, "{placement}");
        let picture = ads[0]["imageUrl"].as_str().unwrap();
        assert!(picture.starts_with("/media/"), "{placement}: {picture}");
        assert_eq!(app.get(picture).await.status(), StatusCode::OK);
    }

    // Maya (signed in above) has one voicemail from Leo, that plays.
    let voicemails: Value = app.get("/api/voicemails").await.json().await.unwrap();
    assert_eq!(voicemails.as_array().unwrap().len(), 1, "twice seeded, one");
    assert_eq!(voicemails[0]["fromUser"]["username"], "leo");
    // espeak-ng's line, 4.9 s (assets/voice/demo-voicemail.ogg).
    assert_eq!(voicemails[0]["duration"], 5);
    assert_eq!(voicemails[0]["isListened"], false);
    let audio = app.get(voicemails[0]["voiceUrl"].as_str().unwrap()).await;
    assert_eq!(audio.headers()["content-type"], "audio/ogg");

    // The shop: every product has its picture; maya has $1,250.00 credited, plus her print's
    // two sales ($45.00 and $90.00) and three tips ($5, $10, $2), each less the 10 % fee, and
    // two orders, once; leo and sofia have credits too.
    let products: Value = app.get("/api/products").await.json().await.unwrap();
    assert_eq!(products.as_array().unwrap().len(), 13);
    let picture = app.get(products[0]["imageUrl"].as_str().unwrap()).await;
    assert_eq!(picture.status(), StatusCode::OK);
    // Real reviews (issue 42), once, each by someone who bought what they review.
    let card = |id: usize| {
        let p = &products[id - 1];
        (p["rating"].clone(), p["reviewCount"].clone())
    };
    assert_eq!(card(4), (json!(4.5), json!(2)), "the tee: maya 5, leo 4");
    assert_eq!(card(8), (json!(4.5), json!(2)), "maya 4, sofia 5");
    assert_eq!(card(1), (json!(3.0), json!(1)), "leo 3");
    assert_eq!(card(2), (Value::Null, json!(0)), "nobody reviewed it");
    let (reviews, unbought): (i64, i64) = sqlx::query_as(
        "SELECT CAST(COUNT(*) AS BIGINT),
                CAST(COALESCE(SUM(CASE WHEN EXISTS (SELECT 1 FROM orders o
                     WHERE o.user_id = r.author_id AND o.product_id = r.product_id
                       AND o.status = 'paid') THEN 0 ELSE 1 END), 0) AS BIGINT)
         FROM product_reviews r",
    )
    .fetch_one(&app.db().await.pool)
    .await
    .unwrap();
    assert_eq!((reviews, unbought), (7, 0), "seven reviews, all by buyers");
    let balance: Value = app.get("/api/user/balance").await.json().await.unwrap();
    assert_eq!(
        balance,
        json!({"availableBalance": 138_680, "pendingBalance": 0, "totalEarnings": 138_680})
    );
    let summary: Value = app
        .get("/api/user/earnings/summary?days=30")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        summary["totals"],
        json!({"sales": 12_150, "tips": 1_530, "other": 125_000, "fees": 1_520})
    );
    let works: Value = app
        .get("/api/products?source=creators")
        .await
        .json()
        .await
        .unwrap();
    let works = works.as_array().unwrap();
    assert_eq!(works.len(), 1, "twice seeded, one print");
    assert_eq!(works[0]["seller"]["username"], "maya");
    assert_eq!(works[0]["stock"], 17);
    let sales: Value = app.get("/api/user/sales").await.json().await.unwrap();
    assert_eq!(sales.as_array().unwrap().len(), 2);
    let orders: Value = app.get("/api/orders").await.json().await.unwrap();
    assert_eq!(
        orders.as_array().unwrap().len(),
        2,
        "twice seeded, two orders"
    );
    let (credited,): (i64,) = sqlx::query_as("SELECT COUNT(DISTINCT user_id) FROM earning_credits")
        .fetch_one(&app.db().await.pool)
        .await
        .unwrap();
    assert_eq!(credited, 3, "maya, leo and sofia");
}

async fn admin_grant_makes_a_user_an_admin(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;

    let granted = app.cli(&["admin", "grant", "MAYA"]);

    assert!(
        granted.status.success(),
        "{}",
        String::from_utf8_lossy(&granted.stderr)
    );
    let me: Value = app.get("/api/auth/user").await.json().await.unwrap();
    assert_eq!(me["isAdmin"], true);
}

async fn admin_grant_of_an_unknown_user_fails_and_says_so(backend: Backend) {
    let app = spawn_app(backend).await;

    let granted = app.cli(&["admin", "grant", "nobody"]);

    assert!(!granted.status.success());
    assert!(String::from_utf8_lossy(&granted.stderr).contains("no user named \"nobody\""));
}

async fn admin_credit_adds_to_the_ledger_and_prints_the_new_balance(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;

    let first = app.cli(&[
        "admin",
        "credit",
        "MAYA",
        "125000",
        "--note",
        "Spring prints",
    ]);
    let second = app.cli(&["admin", "credit", "maya", "1", "--note", "A tip"]);

    for done in [&first, &second] {
        assert!(
            done.status.success(),
            "{}",
            String::from_utf8_lossy(&done.stderr)
        );
    }
    assert_eq!(
        String::from_utf8_lossy(&first.stdout).trim(),
        "maya: credited $1,250.00; total earnings $1,250.00, available $1,250.00, pending $0.00"
    );
    assert_eq!(
        String::from_utf8_lossy(&second.stdout).trim(),
        "maya: credited $0.01; total earnings $1,250.01, available $1,250.01, pending $0.00"
    );
    let balance: Value = app.get("/api/user/balance").await.json().await.unwrap();
    assert_eq!(
        balance,
        json!({"availableBalance": 125_001, "pendingBalance": 0, "totalEarnings": 125_001})
    );
    let notes: Vec<(String, i64)> =
        sqlx::query_as("SELECT note, amount_cents FROM earning_credits ORDER BY id")
            .fetch_all(&app.db().await.pool)
            .await
            .unwrap();
    assert_eq!(
        notes,
        [
            ("Spring prints".to_owned(), 125_000),
            ("A tip".to_owned(), 1)
        ]
    );
}

async fn admin_credit_refuses_an_unknown_user_a_blank_note_and_no_cents(backend: Backend) {
    let app = spawn_app(backend).await;
    app.register("maya").await;

    let unknown = app.cli(&["admin", "credit", "nobody", "100", "--note", "x"]);
    assert!(!unknown.status.success());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("no user named \"nobody\""));
    for args in [
        &["admin", "credit", "maya", "0", "--note", "x"][..],
        &["admin", "credit", "maya", "-5", "--note", "x"],
        &["admin", "credit", "maya", "1.5", "--note", "x"],
        &["admin", "credit", "maya", "100"],
        &["admin", "credit", "maya", "100", "--note", "  "],
    ] {
        let refused = app.cli(args);
        assert!(!refused.status.success(), "{args:?}");
    }
    let balance: Value = app.get("/api/user/balance").await.json().await.unwrap();
    assert_eq!(balance["totalEarnings"], 0);
}

async fn a_synthetic_seed_fills_pages_of_posts_whose_like_counts_are_true(backend: Backend) {
    let app = spawn_app(backend).await;

    let seeded = app.cli(&["seed", "--synthetic", "--users", "20", "--posts", "200"]);

    assert!(
        seeded.status.success(),
        "{}",
        String::from_utf8_lossy(&seeded.stderr)
    );
    let reader = app.new_user("reader").await;
    let mut seen = Vec::new();
    let mut path = "/api/posts?limit=30".to_owned();
    loop {
        let response = reader.get(&path).await;
        assert_eq!(response.status(), StatusCode::OK);
        let next = response
            .headers()
            .get("x-next-cursor")
            .map(|v| v.to_str().unwrap().to_owned());
        let page: Vec<Value> = response.json().await.unwrap();
        seen.extend(page);
        match next {
            Some(cursor) => path = format!("/api/posts?limit=30&before={cursor}"),
            None => break,
        }
    }
    assert_eq!(seen.len(), 200, "every synthetic post, once, across pages");
    assert!(
        seen.iter()
            .all(|p| p["imageUrl"].as_str().unwrap().starts_with("http"))
    );

    let db = app.db().await;
    let counts: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT p.id, (SELECT COUNT(*) FROM post_likes l WHERE l.post_id = p.id) FROM posts p",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    let likes: i64 = counts.iter().map(|(_, n)| n).sum();
    assert!(
        (400..=800).contains(&likes),
        "about 3 likes a post: {likes}"
    );
    for post in &seen {
        let id = post["id"].as_i64().unwrap();
        let real = counts.iter().find(|(p, _)| *p == id).unwrap().1;
        assert_eq!(post["likesCount"], real, "post {id}");
    }
    let (users, follows): (i64, i64) =
        sqlx::query_as("SELECT (SELECT COUNT(*) FROM users), (SELECT COUNT(*) FROM follows)")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(
        (users, follows),
        (21, 200),
        "20 synthetic users following 10 each"
    );
    let prolific = reader.get_json("/api/users/username/user000001").await;
    assert!(prolific["postsCount"].as_i64().unwrap() >= 10);

    // Trending agrees with the recounted likes: the hot scores were set after the recount.
    let trending = reader.get_json("/api/posts/trending?limit=100").await;
    let score = |p: &Value| {
        let likes = p["likesCount"].as_f64().unwrap().max(1.0);
        let created = chrono::DateTime::parse_from_rfc3339(p["createdAt"].as_str().unwrap())
            .unwrap()
            .timestamp_millis() as f64;
        likes.log10() + created / 45_000_000.0
    };
    for pair in trending.as_array().unwrap().windows(2) {
        assert!(
            score(&pair[0]) >= score(&pair[1]) - 1e-6,
            "{} before {}",
            pair[0]["id"],
            pair[1]["id"]
        );
    }
    // Two synthetic users in twenty have one or two live stories each.
    let strip = strip_of(&reader).await;
    let groups = strip.as_array().unwrap();
    assert_eq!(groups.len(), 2);
    assert!(
        groups
            .iter()
            .all(|g| (1..=2).contains(&g["stories"].as_array().unwrap().len()))
    );
}

async fn a_synthetic_seed_adds_neighbours_chats_and_its_sessions_file_signs_them_in(
    backend: Backend,
) {
    let app = spawn_app(backend).await;

    let users = app.synthetic_users_signed_in(20);

    assert_eq!(users.len(), 20, "a session for each synthetic user");
    let first = &users[0];
    let me = first.get_json("/api/auth/user").await;
    assert_eq!(me["username"], "user000001");

    // Its conversations with the two users on either side (wrapping round), in two pages, the
    // most recent activity first.
    let page = first.get("/api/conversations?limit=2").await;
    let cursor = page.headers()["x-next-cursor"].to_str().unwrap().to_owned();
    let mut list: Vec<Value> = page.json().await.unwrap();
    let rest = first
        .get_json(&format!("/api/conversations?limit=2&before={cursor}"))
        .await;
    list.extend(rest.as_array().unwrap().iter().cloned());
    let mut others: Vec<String> = list
        .iter()
        .flat_map(|c| c["participants"].as_array().unwrap().clone())
        .map(|p| p["user"]["username"].as_str().unwrap().to_owned())
        .filter(|name| name != "user000001")
        .collect();
    others.sort();
    assert_eq!(
        others,
        ["user000002", "user000003", "user000019", "user000020"]
    );
    let times: Vec<&str> = list
        .iter()
        .map(|c| c["lastActivityAt"].as_str().unwrap())
        .collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "{times:?}");

    // Each conversation's newest message is its lastMessage and sets its time; replies quote
    // messages of the same conversation; some messages carry reactions.
    let (mut replies, mut reacted) = (0, 0);
    for conversation in &list {
        let messages = first
            .get_json(&format!(
                "/api/conversations/{}/messages?limit=100",
                conversation["id"]
            ))
            .await;
        let messages = messages.as_array().unwrap();
        assert!((10..=30).contains(&messages.len()), "{}", messages.len());
        let newest = messages.last().unwrap();
        assert_eq!(conversation["lastMessage"]["id"], newest["id"]);
        assert_eq!(conversation["lastActivityAt"], newest["createdAt"]);
        let ids: Vec<&Value> = messages.iter().map(|m| &m["id"]).collect();
        for message in messages {
            if !message["replyTo"].is_null() {
                replies += 1;
                assert!(ids.contains(&&message["replyTo"]["id"]));
            }
            if !message["reactions"].as_array().unwrap().is_empty() {
                reacted += 1;
            }
        }
    }
    assert!(
        replies > 0 && reacted > 0,
        "{replies} replies, {reacted} reacted"
    );

    // Every conversation is as db::messages::post leaves it.
    let db = app.db().await;
    let (conversations, members, stale_last, stale_times): (i64, i64, i64, i64) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM conversations),
                    (SELECT COUNT(*) FROM conversation_members),
                    (SELECT COUNT(*) FROM conversations c WHERE c.last_message_id IS NULL
                        OR c.last_message_id <> (SELECT MAX(m.id) FROM messages m
                                                 WHERE m.conversation_id = c.id)),
                    (SELECT COUNT(*) FROM conversation_members cm
                     JOIN conversations c ON c.id = cm.conversation_id
                     JOIN messages m ON m.id = c.last_message_id
                     WHERE cm.last_activity_at <> m.created_at)",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!((conversations, members), (40, 80));
    assert_eq!((stale_last, stale_times), (0, 0));

    // A new message moves the oldest conversation to the top.
    let oldest = list.last().unwrap()["id"].as_i64().unwrap();
    let sent = first
        .post_json(
            &format!("/api/conversations/{oldest}/messages"),
            &json!({"content": "still there?"}),
        )
        .await;
    assert_eq!(sent.status(), StatusCode::CREATED);
    let top = first.get_json("/api/conversations?limit=1").await;
    assert_eq!(top[0]["id"], oldest);
}
