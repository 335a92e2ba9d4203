//! Ratings and reviews of products (issue 42, docs/shop-contract.md "Reviews"): only buyers,
//! once, editable; the product's average and count follow every write; the list pages newest
//! first and leaves out authors blocked either way (the count does not); a review is reported
//! like a comment, and removing it takes it out of the average.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::admin::{admin, put_json};
use crate::both_backends;
use crate::helpers::{Backend, TestApp, TestUser, error_of, spawn_app};
use crate::reports::report;
use crate::works::{list, print};

both_backends!(
    reviews_need_a_session,
    only_a_buyer_reviews_a_product_once_and_edits_it,
    a_seller_cannot_review_their_own_work,
    bad_reviews_are_refused_and_change_nothing,
    the_average_and_count_follow_every_review_edit_and_deletion,
    reviews_page_newest_first_by_cursor,
    a_block_either_way_hides_a_review_from_the_list_but_not_from_the_count,
    a_review_is_reported_and_removing_it_takes_it_out_of_the_average,
    a_deleted_account_takes_its_review_out_of_the_average,
);

/// Brushstroke Tee: 5800 cents.
const TEE: i64 = 4;
const TEE_PRICE: i64 = 5800;
const TEE_REVIEWS: &str = "/api/products/4/reviews";
const MINE: &str = "/api/products/4/reviews/mine";

async fn buy_tee(buyer: &TestUser) {
    let response = crate::checkouts::check_out_and_pay(
        buyer,
        json!([{"productId": TEE, "quantity": 1, "expectedUnitPrice": TEE_PRICE}]),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK, "buying the tee");
}

async fn review(user: &TestUser, rating: i64, text: &str) -> Value {
    let response = user
        .post_json(TEE_REVIEWS, &json!({"rating": rating, "text": text}))
        .await;
    assert_eq!(response.status(), StatusCode::CREATED, "reviewing");
    response.json().await.unwrap()
}

async fn put(user: &TestUser, path: &str, body: &Value) -> reqwest::Response {
    put_json(user, path, body).await
}

/// The tee as the catalogue shows it: (rating, reviewCount).
async fn tee_on_the_card(user: &TestUser) -> (Value, i64) {
    let products = user.get_json("/api/products").await;
    let tee = &products[(TEE - 1) as usize];
    assert_eq!(tee["id"], TEE);
    (tee["rating"].clone(), tee["reviewCount"].as_i64().unwrap())
}

/// The stored aggregate next to what the rows say: (review_count, rating_sum, live rows, their
/// sum).
async fn stored(app: &TestApp, product: i64) -> (i64, i64, i64, i64) {
    let db = app.db().await;
    let counts: (i64, i64, i64, i64) = sqlx::query_as(
        "SELECT p.review_count, p.rating_sum,
                CAST((SELECT COUNT(*) FROM product_reviews r
                      WHERE r.product_id = p.id AND r.removed_at IS NULL) AS BIGINT),
                CAST((SELECT COALESCE(SUM(r.rating), 0) FROM product_reviews r
                      WHERE r.product_id = p.id AND r.removed_at IS NULL) AS BIGINT)
         FROM products p WHERE p.id = $1",
    )
    .bind(product)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    db.pool.close().await;
    counts
}

fn authors(page: &Value) -> Vec<i64> {
    page["reviews"]
        .as_array()
        .unwrap()
        .iter()
        .map(|review| review["author"]["id"].as_i64().unwrap())
        .collect()
}

async fn reviews_need_a_session(backend: Backend) {
    let app = spawn_app(backend).await;
    let stranger = app.anonymous();

    let (status, _, code) = error_of(stranger.get(TEE_REVIEWS).await).await;
    assert_eq!((status, code.as_str()), (401, "not_signed_in"));
    let posted = stranger.post_json(TEE_REVIEWS, &json!({"rating": 5})).await;
    assert_eq!(posted.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(stored(&app, TEE).await, (0, 0, 0, 0));
}

async fn only_a_buyer_reviews_a_product_once_and_edits_it(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;

    // Before buying: no review, and the answer says so.
    let page = maya.get_json(TEE_REVIEWS).await;
    assert_eq!(page["canReview"], false);
    assert_eq!(page["viewerReview"], Value::Null);
    assert_eq!(
        (page["rating"].clone(), page["reviewCount"].clone()),
        (Value::Null, json!(0))
    );
    let (status, message, code) =
        error_of(maya.post_json(TEE_REVIEWS, &json!({"rating": 5})).await).await;
    assert_eq!((status, code.as_str()), (403, "not_a_buyer"));
    assert_eq!(message, "Only people who bought this product can review it");
    assert_eq!(stored(&app, TEE).await, (0, 0, 0, 0));
    assert_eq!(tee_on_the_card(&maya).await, (Value::Null, 0));

    buy_tee(&maya).await;
    assert_eq!(maya.get_json(TEE_REVIEWS).await["canReview"], true);
    let created = review(&maya, 4, "  Soft cotton  ").await;
    assert_eq!(created["rating"], 4);
    assert_eq!(created["text"], "Soft cotton");
    assert_eq!(created["author"]["username"], "maya");
    assert_eq!(created["editedAt"], Value::Null);

    // Once: a second review is a conflict and changes nothing.
    let (status, _, code) =
        error_of(maya.post_json(TEE_REVIEWS, &json!({"rating": 1})).await).await;
    assert_eq!((status, code.as_str()), (409, "already_reviewed"));
    let page = maya.get_json(TEE_REVIEWS).await;
    assert_eq!(page["canReview"], false);
    assert_eq!(page["viewerReview"]["id"], created["id"]);
    assert_eq!(
        (page["rating"].clone(), page["reviewCount"].clone()),
        (json!(4.0), json!(1))
    );

    // Edited: stars and text replaced, the average follows.
    let edited = put(
        &maya,
        MINE,
        &json!({"rating": 2, "text": "Shrank in the wash"}),
    )
    .await;
    assert_eq!(edited.status(), StatusCode::OK);
    let edited: Value = edited.json().await.unwrap();
    assert_eq!(
        (edited["id"].clone(), edited["rating"].clone()),
        (created["id"].clone(), json!(2))
    );
    assert_eq!(edited["text"], "Shrank in the wash");
    assert!(edited["editedAt"].is_string());
    assert_eq!(tee_on_the_card(&maya).await, (json!(2.0), 1));
    // Her data export carries it as it is now.
    let export = maya.get("/api/user/export").await.text().await.unwrap();
    let export: Value = serde_json::from_str(&export).unwrap();
    let exported = &export["reviews"][0];
    assert_eq!(
        (
            &exported["productId"],
            &exported["rating"],
            &exported["text"]
        ),
        (&json!(TEE), &json!(2), &json!("Shrank in the wash"))
    );

    // Someone with no review of it has none to edit or delete.
    let leo = app.new_user("leo").await;
    let (status, message, _) = error_of(put(&leo, MINE, &json!({"rating": 3})).await).await;
    assert_eq!(
        (status, message.as_str()),
        (404, "You have not reviewed this product")
    );
    assert_eq!(leo.delete(MINE).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(stored(&app, TEE).await, (1, 2, 1, 2));
}

async fn a_seller_cannot_review_their_own_work(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let work = list(&maya, &print("Harbour at dawn", 2_500, 5)).await;
    let path = format!("/api/products/{}/reviews", work["id"]);

    let (status, message, _) = error_of(maya.post_json(&path, &json!({"rating": 5})).await).await;
    assert_eq!(
        (status, message.as_str()),
        (400, "You cannot review your own product")
    );
    let page = maya.get_json(&path).await;
    assert_eq!(
        (page["canReview"].clone(), page["reviewCount"].clone()),
        (json!(false), json!(0))
    );
    assert_eq!(
        stored(&app, work["id"].as_i64().unwrap()).await,
        (0, 0, 0, 0)
    );
}

async fn bad_reviews_are_refused_and_change_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    buy_tee(&maya).await;
    const RATING: &str = "Rating must be a whole number from 1 to 5";
    const TOO_LONG: &str = "Review text must be at most 1000 characters";
    let bad = [
        (json!({"rating": 0}), RATING),
        (json!({"rating": 6}), RATING),
        (json!({"rating": 2.5}), RATING),
        (json!({"rating": "5"}), RATING),
        (json!({"text": "no stars"}), RATING),
        (json!({"rating": 4, "text": "x".repeat(1001)}), TOO_LONG),
    ];
    for (body, expected) in &bad {
        let (status, message, _) = error_of(maya.post_json(TEE_REVIEWS, body).await).await;
        assert_eq!((status, message.as_str()), (400, *expected), "{body}");
    }
    assert_eq!(stored(&app, TEE).await, (0, 0, 0, 0));
    let (status, _, _) = error_of(maya.get("/api/products/abc/reviews").await).await;
    assert_eq!(status, 400);
    let (status, message, _) = error_of(
        maya.post_json("/api/products/9999/reviews", &json!({"rating": 5}))
            .await,
    )
    .await;
    assert_eq!((status, message.as_str()), (404, "Product not found"));

    // 1000 characters are fine; a bad edit leaves the review as it was.
    let text = "é".repeat(1000);
    let created = review(&maya, 5, &text).await;
    assert_eq!(created["text"], text.as_str());
    for (body, expected) in &bad {
        let (status, message, _) = error_of(put(&maya, MINE, body).await).await;
        assert_eq!((status, message.as_str()), (400, *expected), "{body}");
    }
    let mine = maya.get_json(TEE_REVIEWS).await["viewerReview"].clone();
    assert_eq!(
        (mine["rating"].clone(), mine["editedAt"].clone()),
        (json!(5), Value::Null)
    );
    assert_eq!(stored(&app, TEE).await, (1, 5, 1, 5));
}

async fn the_average_and_count_follow_every_review_edit_and_deletion(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    for (buyer, stars) in [(&maya, 5), (&leo, 4), (&sofia, 4)] {
        buy_tee(buyer).await;
        review(buyer, stars, "").await;
    }
    assert_eq!(tee_on_the_card(&maya).await, (json!(4.3), 3));

    assert_eq!(
        put(&leo, MINE, &json!({"rating": 1})).await.status(),
        StatusCode::OK
    );
    assert_eq!(tee_on_the_card(&maya).await, (json!(3.3), 3));

    assert_eq!(sofia.delete(MINE).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(tee_on_the_card(&maya).await, (json!(3.0), 2));
    let page = sofia.get_json(TEE_REVIEWS).await;
    assert_eq!(
        (page["rating"].clone(), page["reviewCount"].clone()),
        (json!(3.0), json!(2))
    );
    // She bought it and deleted hers: she may write one again.
    assert_eq!(page["canReview"], true);
    assert_eq!(page["viewerReview"], Value::Null);
    assert_eq!(stored(&app, TEE).await, (2, 6, 2, 6));
    // The other products still have none.
    let products = maya.get_json("/api/products").await;
    let unrated = products
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["id"] != TEE)
        .all(|p| p["rating"].is_null() && p["reviewCount"] == 0);
    assert!(unrated, "{products}");
}

async fn reviews_page_newest_first_by_cursor(backend: Backend) {
    let app = spawn_app(backend).await;
    let mut buyers = Vec::new();
    for name in ["maya", "leo", "sofia"] {
        let buyer = app.new_user(name).await;
        buy_tee(&buyer).await;
        review(&buyer, 5, name).await;
        buyers.push(buyer);
    }
    let reader = app.new_user("reader").await;

    let first = reader.get(&format!("{TEE_REVIEWS}?limit=2")).await;
    assert_eq!(first.status(), StatusCode::OK);
    let cursor = first
        .headers()
        .get("x-next-cursor")
        .expect("a next cursor")
        .to_str()
        .unwrap()
        .to_owned();
    let first: Value = first.json().await.unwrap();
    assert_eq!(authors(&first), vec![buyers[2].id, buyers[1].id]);
    assert_eq!(first["reviewCount"], 3);

    let second = reader
        .get(&format!("{TEE_REVIEWS}?limit=2&before={cursor}"))
        .await;
    assert!(second.headers().get("x-next-cursor").is_none());
    let second: Value = second.json().await.unwrap();
    assert_eq!(authors(&second), vec![buyers[0].id]);

    let (status, _, _) = error_of(reader.get(&format!("{TEE_REVIEWS}?limit=0")).await).await;
    assert_eq!(status, 400);
}

async fn a_block_either_way_hides_a_review_from_the_list_but_not_from_the_count(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    let sofia = app.new_user("sofia").await;
    for buyer in [&maya, &leo, &sofia] {
        buy_tee(buyer).await;
        review(buyer, 4, "ok").await;
    }
    let reader = app.new_user("reader").await;
    // The reader blocks maya; leo blocks the reader.
    for (who, whom) in [(&reader, &maya), (&leo, &reader)] {
        let blocked = who.post(&format!("/api/users/{}/block", whom.id)).await;
        assert_eq!(blocked.status(), StatusCode::NO_CONTENT);
    }

    let page = reader.get_json(TEE_REVIEWS).await;
    assert_eq!(authors(&page), vec![sofia.id]);
    assert_eq!(page["reviewCount"], 3);
    // Those not part of a block see all three.
    assert_eq!(
        authors(&sofia.get_json(TEE_REVIEWS).await),
        vec![sofia.id, leo.id, maya.id]
    );
}

async fn a_review_is_reported_and_removing_it_takes_it_out_of_the_average(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    buy_tee(&maya).await;
    buy_tee(&leo).await;
    let spam = review(&maya, 1, "Buy followers at example.com").await;
    review(&leo, 5, "Lovely").await;
    let boss = admin(&app, "boss").await;

    // Her own review is not hers to report; a missing one is 404.
    let (status, message, _) = error_of(
        maya.post_json(
            "/api/reports",
            &json!({"targetType": "review", "targetId": spam["id"], "reason": "spam"}),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, message.as_str()),
        (400, "You cannot report yourself")
    );
    let (status, message, _) = error_of(
        leo.post_json(
            "/api/reports",
            &json!({"targetType": "review", "targetId": 99_999, "reason": "spam"}),
        )
        .await,
    )
    .await;
    assert_eq!((status, message.as_str()), (404, "Review not found"));

    report(&leo, "review", &spam["id"], "spam").await;
    let queue = boss.get_json("/api/admin/reports?status=open").await;
    let case = queue
        .as_array()
        .unwrap()
        .iter()
        .find(|case| case["targetType"] == "review")
        .expect("the review's case")
        .clone();
    assert_eq!(case["targetId"], spam["id"]);
    assert_eq!(case["author"]["username"], "maya");
    assert_eq!(case["preview"], "1/5: Buy followers at example.com");
    let target = boss
        .get_json(&format!("/api/admin/reports/{}/target", case["id"]))
        .await;
    assert_eq!(target["contextId"], TEE);

    let decided = put_json(
        &boss,
        &format!("/api/admin/reports/{}", case["id"]),
        &json!({"action": "remove"}),
    )
    .await;
    assert_eq!(decided.status(), StatusCode::OK);
    assert_eq!(tee_on_the_card(&leo).await, (json!(5.0), 1));
    assert_eq!(authors(&leo.get_json(TEE_REVIEWS).await), vec![leo.id]);
    // Removed, hers is neither shown to her as editable nor replaced by a new one.
    let hers = maya.get_json(TEE_REVIEWS).await;
    assert_eq!(
        (hers["viewerReview"].clone(), hers["canReview"].clone()),
        (Value::Null, json!(false))
    );
    assert_eq!(
        put(&maya, MINE, &json!({"rating": 5})).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(stored(&app, TEE).await, (1, 5, 1, 5));
}

async fn a_deleted_account_takes_its_review_out_of_the_average(backend: Backend) {
    let app = spawn_app(backend).await;
    let maya = app.new_user("maya").await;
    let leo = app.new_user("leo").await;
    buy_tee(&maya).await;
    buy_tee(&leo).await;
    review(&maya, 2, "").await;
    review(&leo, 4, "").await;

    let db = app.db().await;
    sqlx::query("DELETE FROM users WHERE id = $1")
        .bind(maya.id)
        .execute(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;

    assert_eq!(stored(&app, TEE).await, (1, 4, 1, 4));
    assert_eq!(tee_on_the_card(&leo).await, (json!(4.0), 1));
}
