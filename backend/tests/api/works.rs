//! Creators' own works in the shop (issue 23, docs/economy-contract.md): listed by their
//! creator, bought like the catalogue (stock never below zero), each sale credited to the
//! seller less the platform's fee in the order's transaction; only the seller changes or
//! unlists a work; the ledger's identity holds under a mixed concurrent load.

use base64::Engine;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::admin::{admin, ledger_sums};
use crate::both_backends;
use crate::checkouts::{check_out_and_pay, order_of};
use crate::helpers::{Backend, TestApp, TestUser, error_of, spawn_app, spawn_app_with};

both_backends!(
    a_creator_lists_a_print_and_its_sale_credits_them_less_the_fee,
    bad_listings_are_refused_and_store_nothing,
    only_the_seller_changes_or_unlists_a_work,
    fifty_buyers_of_the_last_ten_prints_buy_ten,
    a_creator_blocked_either_way_is_not_in_your_shop,
    the_ledger_holds_under_sales_tips_withdrawals_and_decisions_at_once,
    a_digital_work_is_downloaded_by_its_buyer_alone,
    a_digital_work_without_its_file_or_over_100_mb_is_refused_and_stores_nothing,
    a_price_raised_after_add_to_cart_is_refused_and_nothing_is_charged_or_credited,
    a_digital_work_past_its_sellers_storage_quota_is_refused_and_not_listed,
);

/// `seller`'s multipart listing of a digital work with `file` (as `file_name`), from the app's
/// own page (a form post carries its Origin).
pub async fn list_digital(
    app: &TestApp,
    seller: &TestUser,
    file: Option<(Vec<u8>, &str)>,
) -> reqwest::Response {
    let mut form = Form::new()
        .text("name", "Brush pack")
        .text("description", "Twelve dry brushes")
        .text("price", "1500")
        .text("category", "digital")
        .text("kind", "digital")
        .text("image", picture());
    if let Some((bytes, name)) = file {
        form = form.part("file", Part::bytes(bytes).file_name(name.to_owned()));
    }
    seller
        .client
        .post(seller.url("/api/products"))
        .header("Origin", &app.address)
        .multipart(form)
        .send()
        .await
        .unwrap()
}

/// A small PNG as a `data:` URL.
fn picture() -> String {
    crate::helpers::png_data_url(24, 24, [180, 60, 90])
}

pub fn print(name: &str, price: i64, stock: i64) -> Value {
    json!({"name": name, "description": "Giclée on cotton rag", "price": price,
           "category": "prints", "image": picture(), "kind": "physical", "stock": stock})
}

/// `seller` lists `body`; answers the product.
pub async fn list(seller: &TestUser, body: &Value) -> Value {
    let response = seller.post_json("/api/products", body).await;
    assert_eq!(response.status(), 201, "listing");
    response.json().await.unwrap()
}

/// `buyer` checks out `quantity` of `product` at the price it has now (as a cart refreshed on
/// opening shows it) and pays with the test card: 200 and the paid checkout, or the refusal.
pub async fn buy(buyer: &TestUser, product: i64, quantity: i64) -> reqwest::Response {
    let priced = buyer
        .get_json(&format!("/api/products?ids={product}"))
        .await;
    let price = priced[0]["price"].as_i64().unwrap_or(1);
    check_out_and_pay(
        buyer,
        json!([{"productId": product, "quantity": quantity, "expectedUnitPrice": price}]),
    )
    .await
}

fn ids(list: &Value) -> Vec<i64> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect()
}

async fn balance(who: &TestUser) -> (i64, i64, i64) {
    let b = who.get_json("/api/user/balance").await;
    (
        b["availableBalance"].as_i64().unwrap(),
        b["pendingBalance"].as_i64().unwrap(),
        b["totalEarnings"].as_i64().unwrap(),
    )
}

async fn a_creator_lists_a_print_and_its_sale_credits_them_less_the_fee(backend: Backend) {
    let app = spawn_app(backend).await;
    let leo = app.new_user("leo").await;
    let maya = app.new_user("maya").await;
    let ada = admin(&app, "ada").await;

    let work = list(&leo, &print(" Harbour at dawn ", 4_995, 5)).await;
    let id = work["id"].as_i64().unwrap();
    assert!(id > 13, "after the catalogue's ids: {id}");
    assert_eq!(work["name"], "Harbour at dawn");
    assert_eq!(work["kind"], "physical");
    assert_eq!(work["category"], "prints");
    assert_eq!(work["price"], 4_995);
    assert_eq!(work["stock"], 5);
    assert_eq!(work["inStock"], true);
    assert_eq!(work["seller"]["id"], leo.id);
    assert_eq!(work["seller"]["username"], "leo");
    assert!(work["imageUrl"].as_str().unwrap().starts_with("/media/"));
    assert_eq!(
        app.get(work["imageUrl"].as_str().unwrap()).await.status(),
        200
    );

    // Not in the house catalogue (whose items have no seller); in the creators' list and Leo's.
    let house = maya.get_json("/api/products").await;
    assert!(!ids(&house).contains(&id));
    assert!(
        house
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["seller"].is_null())
    );
    assert_eq!(
        ids(&maya.get_json("/api/products?source=creators").await),
        vec![id]
    );
    assert_eq!(
        ids(&maya
            .get_json(&format!("/api/products?seller={}", leo.id))
            .await),
        vec![id]
    );
    assert!(
        ids(&maya
            .get_json(&format!("/api/products?seller={}", maya.id))
            .await)
        .is_empty()
    );

    // Maya buys two: 9,990 paid, 999 kept (10 %), 8,991 to Leo.
    let bought = buy(&maya, id, 2).await;
    assert_eq!(bought.status(), 200);
    let checkout: Value = bought.json().await.unwrap();
    assert_eq!(checkout["total"], 9_990);
    let order = json!({"id": order_of(&checkout, id)});
    assert_eq!(balance(&leo).await, (8_991, 0, 8_991));
    let sales = leo.get_json("/api/user/sales").await;
    assert_eq!(sales.as_array().unwrap().len(), 1);
    assert_eq!(sales[0]["id"], order["id"]);
    assert_eq!(sales[0]["productName"], "Harbour at dawn");
    assert_eq!(sales[0]["quantity"], 2);
    assert_eq!(sales[0]["totalAmount"], 9_990);
    assert_eq!(sales[0]["credited"], 8_991);
    assert_eq!(sales[0]["fee"], 999);
    assert_eq!(sales[0]["buyer"]["id"], maya.id);
    assert!(
        maya.get_json("/api/user/sales")
            .await
            .as_array()
            .unwrap()
            .is_empty()
    );
    let credits = leo.get_json("/api/user/earnings/credits").await;
    assert_eq!(credits[0]["source"], "sale");
    assert_eq!(credits[0]["note"], "Harbour at dawn");
    assert_eq!(credits[0]["orderId"], order["id"]);
    let summary = leo.get_json("/api/user/earnings/summary").await;
    assert_eq!(summary["totals"]["sales"], 8_991);
    assert_eq!(summary["totals"]["fees"], 999);
    let told = &leo.get_json("/api/notifications").await[0];
    assert_eq!(told["kind"], "sale");
    assert!(
        told["text"].as_str().unwrap().contains("bought your work"),
        "{told}"
    );
    let revenue = ada.get_json("/api/admin/revenue").await;
    assert_eq!(revenue["salesVolume"], 9_990);
    assert_eq!(revenue["platformFees"], 999);
    // Stock followed; a house product's order credits nobody.
    assert_eq!(
        maya.get_json("/api/products?source=creators").await[0]["stock"],
        3
    );
    assert_eq!(buy(&maya, 4, 1).await.status(), 200);
    assert_eq!(
        leo.get_json("/api/user/sales")
            .await
            .as_array()
            .unwrap()
            .len(),
        1
    );

    // A creator cannot buy their own work.
    let (status, message, code) = error_of(buy(&leo, id, 1).await).await;
    assert_eq!(
        (status, message.as_str(), code.as_str()),
        (422, "You cannot buy your own work", "own_work")
    );
    assert!(ledger_sums(&app).await);
}

async fn bad_listings_are_refused_and_store_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    let leo = app.new_user("leo").await;
    let good = print("Tide chart", 2_500, 3);
    let with = |field: &str, value: Value| {
        let mut body = good.clone();
        body[field] = value;
        body
    };
    let cases = [
        (
            with("price", json!(99)),
            400,
            "Price must be between $1.00 and $10,000.00",
        ),
        (
            with("price", json!(1_000_001)),
            400,
            "Price must be between $1.00 and $10,000.00",
        ),
        (
            with("price", json!(12.5)),
            400,
            "Price must be between $1.00 and $10,000.00",
        ),
        (
            with("stock", json!(0)),
            400,
            "Stock must be between 1 and 10,000",
        ),
        (
            with("stock", json!(10_001)),
            400,
            "Stock must be between 1 and 10,000",
        ),
        (with("name", json!("  ")), 400, "A name is required"),
        (
            with("name", json!("n".repeat(101))),
            400,
            "Name must be at most 100 characters",
        ),
        (
            with("description", json!("d".repeat(2001))),
            400,
            "Description must be at most 2000 characters",
        ),
        (
            with("category", json!("shirts")),
            400,
            "Category must be prints, digital, apparel or accessories",
        ),
        (
            with("kind", json!("digital")),
            400,
            "A digital work is uploaded with its file as multipart/form-data",
        ),
        (
            with("image", json!("https://example.com/a.png")),
            400,
            "The image must be an uploaded picture (a data: URL)",
        ),
    ];
    for (body, status, message) in cases {
        let (got, said, _) = error_of(leo.post_json("/api/products", &body).await).await;
        assert_eq!((got, said.as_str()), (status, message));
    }
    // Bytes that are not an image: 415.
    let text = format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(b"not an image at all")
    );
    let refused = leo
        .post_json("/api/products", &with("image", json!(text)))
        .await;
    assert_eq!(refused.status(), 415);
    assert!(
        ids(&leo.get_json("/api/products?source=creators").await).is_empty(),
        "nothing was listed"
    );
    assert_eq!(
        app.anonymous()
            .post_json("/api/products", &good)
            .await
            .status(),
        401
    );
}

async fn only_the_seller_changes_or_unlists_a_work(backend: Backend) {
    let app = spawn_app(backend).await;
    let leo = app.new_user("leo").await;
    let maya = app.new_user("maya").await;
    let id = list(&leo, &print("Salt marsh", 3_000, 4)).await["id"]
        .as_i64()
        .unwrap();
    let path = format!("/api/products/{id}");
    assert_eq!(buy(&maya, id, 1).await.status(), 200);

    // Someone else's work, or the house's: 404, nothing changed.
    assert_eq!(
        maya.patch_json(&path, &json!({"price": 100}))
            .await
            .status(),
        404
    );
    assert_eq!(maya.delete(&path).await.status(), 404);
    assert_eq!(
        leo.patch_json("/api/products/4", &json!({"price": 100}))
            .await
            .status(),
        404
    );
    assert_eq!(leo.delete("/api/products/4").await.status(), 404);
    // Bad changes: 400.
    assert_eq!(
        leo.patch_json(&path, &json!({"price": 50})).await.status(),
        400
    );
    assert_eq!(
        leo.patch_json(&path, &json!({"stock": 0})).await.status(),
        400
    );
    assert_eq!(leo.patch_json(&path, &json!({})).await.status(), 400);

    let changed = leo
        .patch_json(
            &path,
            &json!({"price": 3_500, "stock": 10, "description": "Second run"}),
        )
        .await;
    assert_eq!(changed.status(), 200);
    let body: Value = changed.json().await.unwrap();
    assert_eq!(
        (body["price"].clone(), body["stock"].clone()),
        (json!(3_500), json!(10))
    );
    assert_eq!(body["description"], "Second run");

    assert_eq!(leo.delete(&path).await.status(), 204);
    assert!(ids(&maya.get_json("/api/products?source=creators").await).is_empty());
    assert!(
        ids(&maya
            .get_json(&format!("/api/products?seller={}", leo.id))
            .await)
        .is_empty()
    );
    assert_eq!(buy(&maya, id, 1).await.status(), 404);
    assert_eq!(
        leo.patch_json(&path, &json!({"price": 4_000}))
            .await
            .status(),
        404
    );
    assert_eq!(leo.delete(&path).await.status(), 404);
    // The order keeps naming it.
    let orders = maya.get_json("/api/orders").await;
    assert_eq!(orders[0]["productName"], "Salt marsh");
    assert_eq!(
        leo.get_json("/api/user/sales").await[0]["productName"],
        "Salt marsh"
    );
}

async fn fifty_buyers_of_the_last_ten_prints_buy_ten(backend: Backend) {
    let app = spawn_app(backend).await;
    let leo = app.new_user("leo").await;
    let id = list(&leo, &print("Last light", 1_000, 10)).await["id"]
        .as_i64()
        .unwrap();
    let buyers = app.synthetic_users_signed_in(50);
    let answers = futures_util::future::join_all(buyers.iter().map(|b| buy(b, id, 1))).await;
    let mut statuses: Vec<u16> = answers.iter().map(|a| a.status().as_u16()).collect();
    statuses.sort_unstable();
    assert_eq!(
        statuses.iter().filter(|&&s| s == 200).count(),
        10,
        "{statuses:?}"
    );
    assert_eq!(
        statuses.iter().filter(|&&s| s == 422).count(),
        40,
        "{statuses:?}"
    );
    let work = &leo
        .get_json(&format!("/api/products?seller={}", leo.id))
        .await[0];
    assert_eq!(work["stock"], 0);
    assert_eq!(work["inStock"], false);
    let credits = leo.get_json("/api/user/earnings/credits?limit=100").await;
    assert_eq!(credits.as_array().unwrap().len(), 10);
    assert_eq!(balance(&leo).await, (9_000, 0, 9_000));
    assert!(ledger_sums(&app).await);
}

async fn a_creator_blocked_either_way_is_not_in_your_shop(backend: Backend) {
    let app = spawn_app(backend).await;
    let leo = app.new_user("leo").await;
    let maya = app.new_user("maya").await;
    let id = list(&leo, &print("Fog", 1_500, 2)).await["id"]
        .as_i64()
        .unwrap();
    assert!(
        leo.post(&format!("/api/users/{}/block", maya.id))
            .await
            .status()
            .is_success()
    );
    assert!(ids(&maya.get_json("/api/products?source=creators").await).is_empty());
    assert!(
        ids(&maya
            .get_json(&format!("/api/products?seller={}", leo.id))
            .await)
        .is_empty()
    );
    assert_eq!(buy(&maya, id, 1).await.status(), 404);
    assert_eq!(balance(&leo).await, (0, 0, 0));
}

async fn the_ledger_holds_under_sales_tips_withdrawals_and_decisions_at_once(backend: Backend) {
    let app = spawn_app(backend).await;
    let leo = app.new_user("leo").await;
    let boss = admin(&app, "boss").await;
    let id = list(&leo, &print("Night ferry", 2_000, 100)).await["id"]
        .as_i64()
        .unwrap();
    let fans = app.synthetic_users_signed_in(12);
    // A first sale so there is something to withdraw while the rest arrive.
    assert_eq!(buy(&fans[0], id, 5).await.status(), 200);
    let payout = json!({"amount": 1_000, "paymentMethod": "paypal",
                        "accountDetails": {"email": "leo@example.com"}});
    let first = leo.post_json("/api/withdrawals", &payout).await;
    assert_eq!(first.status(), 201);
    let first: Value = first.json().await.unwrap();

    let sales = fans.iter().map(|fan| buy(fan, id, 1));
    let tip = json!({"toUserId": leo.id, "amount": 333, "card": crate::tips::paying_card()});
    let tips = fans.iter().map(|fan| fan.post_json("/api/tips", &tip));
    let withdrawals = (0..6).map(|_| leo.post_json("/api/withdrawals", &payout));
    let decision = boss
        .client
        .put(boss.url(&format!("/api/admin/withdrawals/{}", first["id"])));
    let (sold, tipped, withdrew, decided) = tokio::join!(
        futures_util::future::join_all(sales),
        futures_util::future::join_all(tips),
        futures_util::future::join_all(withdrawals),
        decision.json(&json!({"status": "completed"})).send(),
    );
    let sold_statuses: Vec<u16> = sold.iter().map(|r| r.status().as_u16()).collect();
    assert!(sold_statuses.iter().all(|&s| s == 200), "{sold_statuses:?}");
    assert!(tipped.iter().all(|r| r.status() == 201));
    assert!(
        withdrew
            .iter()
            .all(|r| [201, 422].contains(&r.status().as_u16()))
    );
    assert_eq!(decided.unwrap().status(), 200);

    // 17 prints at 2,000 less 10 %, 12 tips of 333 less 33: what Leo has in all.
    let earned = 17 * 1_800 + 12 * 300;
    let (available, pending, total) = balance(&leo).await;
    assert_eq!(total, earned);
    let withdrawn: i64 = withdrew.iter().filter(|r| r.status() == 201).count() as i64 * 1_000;
    assert_eq!(pending, withdrawn);
    assert_eq!(available, earned - withdrawn - 1_000);
    assert!(available >= 0);
    assert!(ledger_sums(&app).await);
}

async fn a_digital_work_is_downloaded_by_its_buyer_alone(backend: Backend) {
    let app = spawn_app(backend).await;
    let leo = app.new_user("leo").await;
    let maya = app.new_user("maya").await;
    let ines = app.new_user("ines").await;
    let contents = b"twelve dry brushes, zipped".to_vec();
    let listed = list_digital(&app, &leo, Some((contents.clone(), "brushes \"v2\".zip"))).await;
    assert_eq!(listed.status(), 201);
    let work: Value = listed.json().await.unwrap();
    let id = work["id"].as_i64().unwrap();
    assert_eq!(work["kind"], "digital");
    assert_eq!(work["stock"], Value::Null);
    assert_eq!(work["inStock"], true);
    assert_eq!(work["category"], "digital");
    // Its file is nowhere in the listing, and /media serves no key with a slash.
    assert!(!work.to_string().contains("works/"));

    // One copy at a time; bought, its order carries the download.
    assert_eq!(buy(&maya, id, 2).await.status(), 400);
    let bought = buy(&maya, id, 1).await;
    assert_eq!(bought.status(), 200);
    let checkout: Value = bought.json().await.unwrap();
    let order = &checkout["lines"][0];
    assert_eq!(order["kind"], "digital");
    let url = order["downloadUrl"].as_str().unwrap().to_owned();
    assert_eq!(url, format!("/api/orders/{}/download", order["orderId"]));
    assert_eq!(
        maya.get_json("/api/orders").await[0]["downloadUrl"],
        url.as_str()
    );
    // Buying again is fine; the work never runs out.
    assert_eq!(buy(&maya, id, 1).await.status(), 200);
    assert_eq!(balance(&leo).await.2, 2 * 1_350);

    let download = maya.get(&url).await;
    assert_eq!(download.status(), 200);
    let disposition = download.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        disposition.starts_with("attachment; filename=\"brushes v2.zip\""),
        "{disposition}"
    );
    assert!(
        disposition.ends_with("filename*=UTF-8''brushes%20v2.zip"),
        "{disposition}"
    );
    assert_eq!(download.headers()["accept-ranges"], "bytes");
    let etag = download.headers()["etag"].to_str().unwrap().to_owned();
    assert_eq!(download.bytes().await.unwrap().to_vec(), contents);
    // A broken download resumes: the rest from byte 7, while the file is the same one.
    let rest = maya
        .client
        .get(maya.url(&url))
        .header("Range", "bytes=7-")
        .header("If-Range", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(rest.status(), 206);
    assert_eq!(
        rest.headers()["content-range"],
        format!("bytes 7-{}/{}", contents.len() - 1, contents.len()).as_str()
    );
    assert_eq!(rest.bytes().await.unwrap().to_vec(), contents[7..].to_vec());
    let changed = maya
        .client
        .get(maya.url(&url))
        .header("Range", "bytes=7-")
        .header("If-Range", "\"another\"")
        .send()
        .await
        .unwrap();
    assert_eq!(changed.status(), 200);
    let past_the_end = maya
        .client
        .get(maya.url(&url))
        .header("Range", "bytes=500-")
        .send()
        .await
        .unwrap();
    assert_eq!(past_the_end.status(), 416);
    // Nobody else: the seller, a stranger, anonymous.
    assert_eq!(leo.get(&url).await.status(), 404);
    assert_eq!(ines.get(&url).await.status(), 404);
    assert_eq!(app.anonymous().get(&url).await.status(), 401);
    // A physical order has no download.
    let tee = buy(&maya, 4, 1).await.json::<Value>().await.unwrap();
    let tee = &tee["lines"][0];
    assert_eq!(tee["kind"], "physical");
    assert_eq!(tee["downloadUrl"], Value::Null);
    assert_eq!(
        maya.get(&format!("/api/orders/{}/download", tee["orderId"]))
            .await
            .status(),
        404
    );
    // A digital work has no stock to change.
    let path = format!("/api/products/{id}");
    let (status, message, _) = error_of(leo.patch_json(&path, &json!({"stock": 5})).await).await;
    assert_eq!(
        (status, message.as_str()),
        (400, "A digital work has no stock")
    );
    assert_eq!(
        leo.patch_json(&path, &json!({"price": 2_000}))
            .await
            .status(),
        200
    );
}

async fn a_digital_work_without_its_file_or_over_100_mb_is_refused_and_stores_nothing(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let leo = app.new_user("leo").await;
    let (status, message, _) = error_of(list_digital(&app, &leo, None).await).await;
    assert_eq!(
        (status, message.as_str()),
        (400, "A digital work needs its file")
    );
    let mut huge = Vec::new();
    huge.resize(100 * 1024 * 1024 + 1, 7);
    let (status, message, _) =
        error_of(list_digital(&app, &leo, Some((huge, "huge.bin"))).await).await;
    assert_eq!(
        (status, message.as_str()),
        (413, "The file must be at most 100 MB")
    );
    assert!(ids(&leo.get_json("/api/products?source=creators").await).is_empty());
}

/// Issue 39: a seller raised a print from $1 to $10,000 between the buyer's Add to Cart and
/// Checkout, and 99 units were charged $990,000. The checkout carries the price the cart showed.
async fn a_price_raised_after_add_to_cart_is_refused_and_nothing_is_charged_or_credited(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let leo = app.new_user("leo").await;
    let maya = app.new_user("maya").await;
    let work = list(&leo, &print("Signed print", 100, 99)).await;
    let id = work["id"].as_i64().unwrap();
    let path = format!("/api/products/{id}");
    // Maya's cart shows $1.00 a print; then Leo asks $10,000.00.
    let shown = maya.get_json(&format!("/api/products?ids={id}")).await;
    assert_eq!(shown[0]["price"], 100);
    let raised = leo.patch_json(&path, &json!({"price": 1_000_000})).await;
    assert_eq!(raised.status(), 200);

    let line =
        |expected: i64| json!([{"productId": id, "quantity": 99, "expectedUnitPrice": expected}]);
    let refused = check_out_and_pay(&maya, line(100)).await;
    assert_eq!(refused.status(), 409);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["code"], "price_changed");
    assert_eq!(body["productId"], id);
    assert_eq!(body["unitPrice"], 1_000_000);
    assert!(body["message"].is_string());

    // Nothing charged, reserved or credited: no checkout, no order, the stock whole, Leo's
    // balance empty.
    assert_eq!(maya.get_json("/api/checkouts").await, json!([]));
    assert_eq!(maya.get_json("/api/orders").await, json!([]));
    let now = maya.get_json(&format!("/api/products?ids={id}")).await;
    assert_eq!(now[0]["stock"], 99);
    assert_eq!(now[0]["price"], 1_000_000);
    assert_eq!(balance(&leo).await, (0, 0, 0));
    assert!(
        leo.get_json("/api/user/sales")
            .await
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert!(ledger_sums(&app).await);

    // Told the new price, the cart checks out at it.
    let bought = check_out_and_pay(&maya, line(1_000_000)).await;
    assert_eq!(bought.status(), 200);
    let checkout: Value = bought.json().await.unwrap();
    assert_eq!(checkout["total"], 99_000_000);
    assert_eq!(balance(&leo).await.2, 99_000_000 - 9_900_000);
}

/// Issue 39: a work's file counts against its seller's storage like any upload.
async fn a_digital_work_past_its_sellers_storage_quota_is_refused_and_not_listed(backend: Backend) {
    let app = spawn_app_with(backend, |settings| settings.media_quota_mb = 1).await;
    let leo = app.new_user("leo").await;
    let response = list_digital(&app, &leo, Some((vec![1; 600 * 1024], "brushes.zip"))).await;
    assert_eq!(response.status(), 201);

    let again = list_digital(&app, &leo, Some((vec![2; 600 * 1024], "more-brushes.zip"))).await;
    let (status, message, _) = error_of(again).await;
    assert_eq!(
        (status, message.as_str()),
        (413, "You have used your storage")
    );
    assert_eq!(
        ids(&leo.get_json("/api/products?source=creators").await).len(),
        1
    );

    // The quota is the seller's own: maya lists hers.
    let maya = app.new_user("maya").await;
    let response = list_digital(&app, &maya, Some((vec![3; 600 * 1024], "maya.zip"))).await;
    assert_eq!(response.status(), 201);
}
