//! A seller's sales (issue 42, docs/economy-contract.md 'Shipping'): each sold line with its
//! buyer and, for a physical line, the checkout's address (to that line's seller alone); the
//! seller marks it shipped once, with an optional tracking note, and the buyer is told.

use serde_json::{Value, json};

use crate::both_backends;
use crate::checkouts::{check_out_and_pay, order_of};
use crate::helpers::{Backend, TestApp, TestUser, error_of, spawn_app};
use crate::works::{list, list_digital, print};

both_backends!(
    each_seller_sees_where_their_physical_line_ships_and_no_address_for_a_digital_one,
    a_seller_marks_a_physical_sale_shipped_once_and_the_buyer_is_told,
    only_the_seller_ships_a_physical_line_of_a_checkout,
);

/// Brush pack: 1500 cents. The print: 4000 cents.
const BRUSHES: i64 = 1500;
const PRINT: i64 = 4000;

async fn save_address(user: &TestUser) {
    let saved = user
        .put_json(
            "/api/user/shipping-address",
            &json!({"name": "Maya Lin", "line1": "12 Harbour Road", "line2": "Flat 3",
                    "city": "Lisbon", "postalCode": "1100-001", "country": "pt"}),
        )
        .await;
    assert_eq!(saved.status(), 200);
}

/// `buyer` checks out `lines` ([product, unit price]) and pays with the test card; answers the
/// paid checkout.
async fn paid_checkout(buyer: &TestUser, lines: &[(i64, i64)]) -> Value {
    let lines: Vec<Value> = lines
        .iter()
        .map(|(product, price)| json!({"productId": product, "quantity": 1, "expectedUnitPrice": price}))
        .collect();
    let paid = check_out_and_pay(buyer, json!(lines)).await;
    assert_eq!(paid.status(), 200);
    let checkout: Value = paid.json().await.unwrap();
    assert_eq!(checkout["status"], "paid");
    checkout
}

fn id(value: &Value) -> i64 {
    value["id"].as_i64().unwrap()
}

/// Leo sells a print and a brush pack, Ines a print; Maya bought all three in one checkout.
struct Shop {
    leo: TestUser,
    ines: TestUser,
    maya: TestUser,
    print: i64,
    brushes: i64,
    other_print: i64,
    checkout: Value,
}

async fn shop(app: &TestApp) -> Shop {
    let leo = app.new_user("leo").await;
    let ines = app.new_user("ines").await;
    let maya = app.new_user("maya").await;
    let print_id = id(&list(&leo, &print("Harbour at dawn", PRINT, 5)).await);
    let listed = list_digital(app, &leo, Some((b"brushes".to_vec(), "brushes.zip"))).await;
    assert_eq!(listed.status(), 201);
    let brushes = id(&listed.json().await.unwrap());
    let other_print = id(&list(&ines, &print("Low tide", PRINT, 5)).await);
    save_address(&maya).await;
    let checkout = paid_checkout(
        &maya,
        &[(print_id, PRINT), (brushes, BRUSHES), (other_print, PRINT)],
    )
    .await;
    Shop {
        leo,
        ines,
        maya,
        print: print_id,
        brushes,
        other_print,
        checkout,
    }
}

fn sale_of(sales: &Value, product: i64) -> &Value {
    sales
        .as_array()
        .unwrap()
        .iter()
        .find(|sale| sale["productId"] == product)
        .expect("the sale is listed")
}

async fn ship(seller: &TestUser, order: i64, body: Value) -> reqwest::Response {
    seller
        .post_json(&format!("/api/user/sales/{order}/ship"), &body)
        .await
}

async fn each_seller_sees_where_their_physical_line_ships_and_no_address_for_a_digital_one(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let s = shop(&app).await;

    let leos = s.leo.get_json("/api/user/sales").await;
    assert_eq!(leos.as_array().unwrap().len(), 2, "{leos}");
    let print = sale_of(&leos, s.print);
    assert_eq!(print["kind"], "physical");
    assert_eq!(print["status"], "paid");
    assert_eq!(print["buyer"]["username"], "maya");
    assert_eq!(
        print["shippingAddress"],
        json!({"name": "Maya Lin", "line1": "12 Harbour Road", "line2": "Flat 3",
               "city": "Lisbon", "postalCode": "1100-001", "country": "PT"})
    );
    assert_eq!(print["shippedAt"], Value::Null);
    assert_eq!(print["trackingNote"], Value::Null);
    let brushes = sale_of(&leos, s.brushes);
    assert_eq!(brushes["kind"], "digital");
    assert_eq!(brushes["status"], "delivered");
    assert_eq!(brushes["shippingAddress"], Value::Null);

    // Ines sees her own line of the same checkout, not Leo's.
    let ines = s.ines.get_json("/api/user/sales").await;
    assert_eq!(ines.as_array().unwrap().len(), 1, "{ines}");
    assert_eq!(ines[0]["productId"], s.other_print);
    assert_eq!(ines[0]["shippingAddress"]["city"], "Lisbon");
    // The buyer sold nothing.
    assert_eq!(s.maya.get_json("/api/user/sales").await, json!([]));

    // An order placed before checkouts (a row with no checkout, as the one-click orders of
    // earlier versions were written) took no address: none is shown, and it cannot ship.
    let direct = {
        let db = app.db().await;
        let (direct,): (i64,) = sqlx::query_as(
            "INSERT INTO orders (user_id, product_id, quantity, unit_price_cents,
                                 total_amount_cents, payment_method, payment_reference, status,
                                 created_at, seller_id)
             VALUES ($1, $2, 1, $3, $3, 'stripe', 'test_before_checkouts', 'paid', 1, $4)
             RETURNING id",
        )
        .bind(s.maya.id)
        .bind(s.print)
        .bind(PRINT)
        .bind(s.leo.id)
        .fetch_one(&db.pool)
        .await
        .unwrap();
        db.pool.close().await;
        direct
    };
    let leos = s.leo.get_json("/api/user/sales").await;
    let old = leos
        .as_array()
        .unwrap()
        .iter()
        .find(|sale| sale["id"] == direct)
        .unwrap();
    assert_eq!(old["shippingAddress"], Value::Null);
    assert_eq!(old["status"], "paid");
    let (status, _, code) = error_of(ship(&s.leo, direct, json!({})).await).await;
    assert_eq!((status, code.as_str()), (422, "no_shipping_address"));
}

async fn a_seller_marks_a_physical_sale_shipped_once_and_the_buyer_is_told(backend: Backend) {
    let app = spawn_app(backend).await;
    let s = shop(&app).await;
    let checkout = id(&s.checkout);
    let order = order_of(&s.checkout, s.print);

    let shipped = ship(
        &s.leo,
        order,
        json!({"trackingNote": "  Royal Mail AB123 "}),
    )
    .await;
    assert_eq!(shipped.status(), 200);
    let sale: Value = shipped.json().await.unwrap();
    assert_eq!(sale["id"], order);
    assert_eq!(sale["status"], "shipped");
    assert_eq!(sale["trackingNote"], "Royal Mail AB123");
    let shipped_at = sale["shippedAt"].as_str().unwrap().to_owned();

    // The buyer is told, and the notification opens the receipt.
    let told = s.maya.get_json("/api/notifications").await;
    let shipped_notes: Vec<&Value> = told
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["kind"] == "shipped")
        .collect();
    assert_eq!(shipped_notes.len(), 1, "{told}");
    assert_eq!(
        shipped_notes[0]["text"],
        "leo shipped your order: Royal Mail AB123"
    );
    assert_eq!(shipped_notes[0]["url"], format!("/orders/{checkout}"));
    assert_eq!(shipped_notes[0]["target"]["type"], "order");
    assert_eq!(shipped_notes[0]["target"]["id"], checkout);

    // Her receipt shows the line shipped with its note; the other seller's line is not.
    let receipt = s.maya.get_json(&format!("/api/checkouts/{checkout}")).await;
    for line in receipt["lines"].as_array().unwrap() {
        if line["productId"] == s.print {
            assert_eq!(line["shippedAt"], shipped_at.as_str());
            assert_eq!(line["trackingNote"], "Royal Mail AB123");
        } else {
            assert_eq!(line["shippedAt"], Value::Null, "{line}");
        }
    }

    // Again: answered as it is; the first note stands and she is not told twice.
    let again = ship(&s.leo, order, json!({"trackingNote": "DHL 999"})).await;
    assert_eq!(again.status(), 200);
    let again: Value = again.json().await.unwrap();
    assert_eq!(again["trackingNote"], "Royal Mail AB123");
    assert_eq!(again["shippedAt"], shipped_at.as_str());
    let told = s.maya.get_json("/api/notifications").await;
    let count = told
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["kind"] == "shipped")
        .count();
    assert_eq!(count, 1);

    // Without a note the sentence says no more.
    let other = order_of(&s.checkout, s.other_print);
    let shipped = ship(&s.ines, other, json!({})).await;
    assert_eq!(shipped.status(), 200);
    assert_eq!(
        shipped.json::<Value>().await.unwrap()["trackingNote"],
        Value::Null
    );
    let newest = &s.maya.get_json("/api/notifications").await[0];
    assert_eq!(newest["text"], "ines shipped your order");
    assert_eq!(
        s.ines.get_json("/api/user/sales").await[0]["status"],
        "shipped"
    );
}

async fn only_the_seller_ships_a_physical_line_of_a_checkout(backend: Backend) {
    let app = spawn_app(backend).await;
    let s = shop(&app).await;
    let order = order_of(&s.checkout, s.print);
    let digital = order_of(&s.checkout, s.brushes);

    // The buyer, another seller of the same checkout, and an order that does not exist.
    for (who, target) in [(&s.maya, order), (&s.ines, order), (&s.leo, 999_999)] {
        let (status, message, _) = error_of(ship(who, target, json!({})).await).await;
        assert_eq!((status, message.as_str()), (404, "Sale not found"));
    }
    let (status, message, _) = error_of(ship(&s.leo, digital, json!({})).await).await;
    assert_eq!(
        (status, message.as_str()),
        (400, "Digital items are not shipped")
    );
    // A note too long, or of two lines.
    let long = "a".repeat(201);
    for note in [long.as_str(), "UPS\n1Z9"] {
        let response = ship(&s.leo, order, json!({"trackingNote": note})).await;
        assert_eq!(response.status(), 400, "{note}");
    }
    let response = ship(&s.leo, order, json!({"trackingNote": 42})).await;
    assert!(response.status().is_client_error());

    // Nothing shipped, nobody told.
    let leos = s.leo.get_json("/api/user/sales").await;
    assert_eq!(sale_of(&leos, s.print)["status"], "paid");
    let told = s.maya.get_json("/api/notifications").await;
    assert!(
        told.as_array()
            .unwrap()
            .iter()
            .all(|n| n["kind"] != "shipped"),
        "{told}"
    );
}
