//! Money survives a crash (issue 42): the real `atelier` binary serves tips, checkouts (a
//! creator's print, paid with the test card) and withdrawals from several threads, is killed
//! with SIGKILL mid-way, and is started again on the same data. Every payment, order and credit
//! the server acknowledged is there, none twice, and every balance equals its ledger: credits
//! (sales and tips less the fee) minus pending and completed withdrawals.

use std::collections::BTreeSet;
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use tokio::sync::Mutex;

use crate::both_backends;
use crate::earnings::credit;
use crate::helpers::{Backend, TestApp, TestUser, spawn_app_with};

both_backends!(acknowledged_money_survives_a_sigkill_and_every_balance_equals_its_ledger);

/// The real server on `port`, on the app's database and media.
fn serve(app: &TestApp, port: u16) -> Child {
    Command::new(env!("CARGO_BIN_EXE_atelier"))
        .arg("serve")
        .args(["--listen", &format!("127.0.0.1:{port}")])
        .args(["--database-url", &app.settings.database_url])
        .args(["--media-store", &app.settings.media_store])
        .args(["--mail-dir", &app.settings.mail_dir])
        .args(["--auth-limit-per-ip", "10000"])
        .env("ATELIER_LOG_FORMAT", "json")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("atelier serves")
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

async fn wait_until_up(base: &str) {
    let client = reqwest::Client::new();
    for _ in 0..200 {
        if let Ok(answer) = client.get(format!("{base}/readyz")).send().await
            && answer.status().is_success()
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the server at {base} did not come up");
}

/// What the server acknowledged before it died.
#[derive(Default)]
struct Acknowledged {
    tips: BTreeSet<i64>,
    checkouts: BTreeSet<i64>,
    withdrawals: BTreeSet<i64>,
}

const CARD: &str = "4242424242424242";

/// One buyer's stream of money: a tip to the creator, a checkout of one print paid with the
/// test card, a withdrawal of $1.00 of their own credit; over and over until the server dies.
async fn stream(
    user: TestUser,
    creator: i64,
    work: i64,
    base: String,
    n: usize,
    seen: Arc<Mutex<Acknowledged>>,
) {
    let client = user.client.clone();
    for round in 0.. {
        let key = format!("crash-{n}-{round}");
        let tip = client
            .post(format!("{base}/api/tips"))
            .header("Idempotency-Key", &key)
            .json(&json!({"toUserId": creator, "amount": 300,
                         "card": {"number": CARD, "expMonth": 12, "expYear": 2034, "cvc": "123"}}))
            .send()
            .await;
        let Ok(tip) = tip else { return };
        if tip.status() == 201
            && let Ok(body) = tip.json::<Value>().await
        {
            seen.lock().await.tips.insert(body["id"].as_i64().unwrap());
        }
        let opened = client
            .post(format!("{base}/api/checkouts"))
            .header("Idempotency-Key", &key)
            .json(
                &json!({"lines": [{"productId": work, "quantity": 1, "expectedUnitPrice": 2000}]}),
            )
            .send()
            .await;
        let Ok(opened) = opened else { return };
        if opened.status() == 201
            && let Ok(body) = opened.json::<Value>().await
        {
            let id = body["id"].as_i64().unwrap();
            let paid = client
                .post(format!("{base}/api/checkouts/{id}/pay"))
                .json(&json!({"card": {"number": CARD, "expMonth": 12, "expYear": 2034, "cvc": "123"}}))
                .send()
                .await;
            let Ok(paid) = paid else { return };
            if paid.status() == 200 {
                seen.lock().await.checkouts.insert(id);
            }
        }
        let withdrawal = client
            .post(format!("{base}/api/withdrawals"))
            .header("Idempotency-Key", &key)
            .json(&json!({"amount": 100, "paymentMethod": "paypal",
                         "accountDetails": {"email": "payouts@example.com"}}))
            .send()
            .await;
        let Ok(withdrawal) = withdrawal else { return };
        if withdrawal.status() == 201
            && let Ok(body) = withdrawal.json::<Value>().await
        {
            seen.lock()
                .await
                .withdrawals
                .insert(body["id"].as_i64().unwrap());
        }
    }
}

async fn ids(app: &TestApp, sql: &str) -> Vec<i64> {
    let db = app.db().await;
    let rows: Vec<(i64,)> = sqlx::query_as(sqlx::AssertSqlSafe(sql.to_owned()))
        .fetch_all(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    rows.into_iter().map(|(id,)| id).collect()
}

async fn acknowledged_money_survives_a_sigkill_and_every_balance_equals_its_ledger(
    backend: Backend,
) {
    let app = spawn_app_with(backend, |settings| {
        settings.auth_limit_per_ip = 10_000;
    })
    .await;
    let creator = app.new_user("crash_creator").await;
    let work = crate::works::list(&creator, &crate::works::print("Crash print", 2000, 10000)).await
        ["id"]
        .as_i64()
        .unwrap();
    let mut buyers = Vec::new();
    for n in 0..4 {
        let buyer = app.new_user(&format!("crash_buyer{n}")).await;
        let saved = buyer
            .put_json(
                "/api/user/shipping-address",
                &json!({"name": "Ada", "line1": "1 Quay", "city": "Bristol",
                       "postalCode": "BS1 4DJ", "country": "GB"}),
            )
            .await;
        assert_eq!(saved.status(), 200);
        // Credit of their own to withdraw from.
        credit(&app, buyer.id, 100_000).await;
        buyers.push(buyer);
    }
    let mut app = app;
    app.stop().await;

    // The real server, killed with SIGKILL while the money moves.
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut server = serve(&app, port);
    wait_until_up(&base).await;
    let seen = Arc::new(Mutex::new(Acknowledged::default()));
    let mut streams = Vec::new();
    for (n, buyer) in buyers.into_iter().enumerate() {
        streams.push(tokio::spawn(stream(
            buyer,
            creator.id,
            work,
            base.clone(),
            n,
            seen.clone(),
        )));
    }
    // Until a few of each were acknowledged (bounded: the test must not hang).
    for _ in 0..400 {
        let seen = seen.lock().await;
        if seen.tips.len() >= 6 && seen.checkouts.len() >= 6 && seen.withdrawals.len() >= 6 {
            break;
        }
        drop(seen);
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    server.kill().expect("SIGKILL");
    server.wait().unwrap();
    for stream in streams {
        stream.await.unwrap();
    }
    let seen = Arc::try_unwrap(seen).ok().unwrap().into_inner();
    assert!(
        seen.tips.len() >= 6 && seen.checkouts.len() >= 6 && seen.withdrawals.len() >= 6,
        "enough moved before the kill: {} tips, {} checkouts, {} withdrawals",
        seen.tips.len(),
        seen.checkouts.len(),
        seen.withdrawals.len()
    );

    // Started again on the same data.
    let mut restarted = serve(&app, port);
    wait_until_up(&base).await;

    let tips: BTreeSet<i64> = ids(&app, "SELECT id FROM tips WHERE status = 'paid'")
        .await
        .into_iter()
        .collect();
    assert!(seen.tips.is_subset(&tips), "every acknowledged tip is paid");
    let paid: BTreeSet<i64> = ids(&app, "SELECT id FROM checkouts WHERE status = 'paid'")
        .await
        .into_iter()
        .collect();
    assert!(
        seen.checkouts.is_subset(&paid),
        "every acknowledged checkout is paid"
    );
    let withdrawals: BTreeSet<i64> = ids(&app, "SELECT id FROM withdrawals")
        .await
        .into_iter()
        .collect();
    assert!(seen.withdrawals.is_subset(&withdrawals));

    // None twice: one tip per key, one order per paid checkout line, one credit per paid tip
    // and per order of the creator's work.
    let twice = ids(
        &app,
        "SELECT from_user_id FROM tips WHERE idempotency_key IS NOT NULL
         GROUP BY from_user_id, idempotency_key HAVING COUNT(*) > 1",
    )
    .await;
    assert!(twice.is_empty(), "a tip key paid twice: {twice:?}");
    let orders_off = ids(
        &app,
        "SELECT c.id FROM checkouts c
         WHERE c.status = 'paid'
           AND (SELECT COUNT(*) FROM orders o WHERE o.checkout_id = c.id)
               <> (SELECT COUNT(*) FROM checkout_lines l WHERE l.checkout_id = c.id)",
    )
    .await;
    assert!(
        orders_off.is_empty(),
        "paid checkouts without exactly their orders: {orders_off:?}"
    );
    let stray_orders = ids(
        &app,
        "SELECT o.id FROM orders o JOIN checkouts c ON c.id = o.checkout_id WHERE c.status <> 'paid'",
    )
    .await;
    assert!(
        stray_orders.is_empty(),
        "orders of unpaid checkouts: {stray_orders:?}"
    );
    let uncredited = ids(
        &app,
        "SELECT t.id FROM tips t WHERE t.status = 'paid'
           AND (SELECT COUNT(*) FROM earning_credits e WHERE e.tip_id = t.id) <> 1
         UNION ALL
         SELECT o.id FROM orders o WHERE o.seller_id IS NOT NULL
           AND (SELECT COUNT(*) FROM earning_credits e WHERE e.order_id = o.id) <> 1",
    )
    .await;
    assert!(
        uncredited.is_empty(),
        "paid without exactly one credit: {uncredited:?}"
    );

    // Every balance equals its ledger.
    let off = ids(
        &app,
        "SELECT b.user_id FROM balances b
         WHERE b.total_earnings_cents <> COALESCE((SELECT SUM(e.amount_cents) FROM earning_credits e
                                                   WHERE e.user_id = b.user_id), 0)
            OR b.pending_cents <> COALESCE((SELECT SUM(w.amount_cents) FROM withdrawals w
                                            WHERE w.user_id = b.user_id AND w.status = 'pending'), 0)
            OR b.completed_cents <> COALESCE((SELECT SUM(w.amount_cents) FROM withdrawals w
                                              WHERE w.user_id = b.user_id AND w.status = 'completed'), 0)
            OR b.available_cents <> b.total_earnings_cents - b.pending_cents - b.completed_cents",
    )
    .await;
    assert!(
        off.is_empty(),
        "balances that differ from their ledger: {off:?}"
    );
    // Stock: what is left, sold and held adds up to what was listed.
    let stock = ids(
        &app,
        &format!(
            "SELECT CAST(p.stock
                    + COALESCE((SELECT SUM(o.quantity) FROM orders o WHERE o.product_id = p.id), 0)
                    + COALESCE((SELECT SUM(l.quantity) FROM checkout_lines l
                                JOIN checkouts c ON c.id = l.checkout_id
                                WHERE l.product_id = p.id
                                  AND c.status IN ('pending_payment', 'requires_action')), 0)
                    AS BIGINT)
             FROM products p WHERE p.id = {work}"
        ),
    )
    .await;
    assert_eq!(stock, vec![10_000]);

    // The restarted server answers as before: the creator's balance is the ledger's.
    let balance: Value = creator
        .client
        .get(format!("{base}/api/user/balance"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(balance["totalEarnings"].as_i64().unwrap() > 0);
    restarted.kill().unwrap();
    restarted.wait().unwrap();
}
