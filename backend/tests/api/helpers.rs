//! `spawn_app`: the real application on a free port, with its own database (a clone of a
//! migrated template on PostgreSQL, dropped when the test's apps are gone); and what a test
//! does when a service it needs is missing (`unavailable`).

use std::sync::Arc;
use std::time::Duration;

use crate::image_server::image_url;
use atelier::app::{Application, Jobs};
use atelier::platform::clock::Clock;
use atelier::platform::config::Settings;
use atelier::platform::media::Media;
use atelier::platform::payments::Payments;
use reqwest::header::HeaderMap;
use serde_json::{Value, json};
use sqlx::{AssertSqlSafe, Connection};
use tokio::sync::{OnceCell, oneshot};
use tokio::task::JoinHandle;

#[derive(Debug, Clone)]
pub enum Backend {
    Sqlite,
    /// The server URL from `TEST_DATABASE_URL`; each test gets a database of its own there.
    Postgres(String),
}

impl Backend {
    /// PostgreSQL from `TEST_DATABASE_URL`; without it the test is `unavailable` (a failure
    /// under CI, a counted skip elsewhere).
    pub fn postgres() -> Option<Self> {
        match std::env::var("TEST_DATABASE_URL") {
            Ok(url) if !url.is_empty() => Some(Self::Postgres(url)),
            _ => {
                unavailable("TEST_DATABASE_URL is not set (the PostgreSQL variants)");
                None
            }
        }
    }
}

/// Redis from `TEST_REDIS_URL`; without it the test is `unavailable`.
pub fn redis_url() -> Option<String> {
    match std::env::var("TEST_REDIS_URL") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            unavailable("TEST_REDIS_URL is not set (the scale-out tests)");
            None
        }
    }
}

/// A Redis key prefix of the calling test's own (`atelier-test-{random}`), so tests sharing one
/// Redis never see each other's instances or presence.
pub fn fresh_redis_prefix() -> String {
    let mut suffix = [0u8; 6];
    getrandom::fill(&mut suffix).unwrap();
    let hex: String = suffix.iter().map(|b| format!("{b:02x}")).collect();
    format!("atelier-test-{hex}")
}

/// The calling test cannot run here: `missing` names what this machine lacks. Under `CI=true`
/// the test fails (a run that skips is not a pass); elsewhere it returns, and the caller
/// returns without testing: the skip is counted, listed in `SKIPPED_FILE` (the Makefile prints
/// it after `cargo test`) and summed up on stderr when the test binary exits.
pub fn unavailable(missing: &str) {
    if matches!(std::env::var("CI").as_deref(), Ok("true" | "1")) {
        panic!("{missing}, and CI=true: this test must run here, not be skipped");
    }
    skips::record(missing);
}

/// Where the skipped tests of a run are listed, one `test<TAB>what was missing` a line.
pub const SKIPPED_FILE: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/atelier-skipped-tests.txt");

mod skips {
    use std::collections::BTreeMap;
    use std::io::Write;
    use std::sync::{Mutex, Once, PoisonError};

    /// Each skipped test's name and what it missed.
    static SKIPPED: Mutex<Vec<(String, String)>> = Mutex::new(Vec::new());
    static SUMMARY_AT_EXIT: Once = Once::new();

    pub fn record(missing: &str) {
        // libtest runs each test on a thread named after it.
        let test = std::thread::current().name().unwrap_or("a test").to_owned();
        SUMMARY_AT_EXIT.call_once(|| {
            super::at_exit(summary);
        });
        let _ = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(super::SKIPPED_FILE)
            .and_then(|mut file| writeln!(file, "{test}\t{missing}"));
        SKIPPED
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push((test, missing.to_owned()));
    }

    /// Written straight to stderr after libtest's own summary (its output capture is per test
    /// thread, and the tests are over).
    extern "C" fn summary() {
        let skipped = SKIPPED.lock().unwrap_or_else(PoisonError::into_inner);
        let mut by_reason: BTreeMap<&str, usize> = BTreeMap::new();
        for (_, missing) in skipped.iter() {
            *by_reason.entry(missing.as_str()).or_default() += 1;
        }
        let mut text = format!(
            "\nSKIPPED: {} of these tests ran nothing (each reported ok; CI=true fails them):\n",
            skipped.len()
        );
        for (missing, count) in by_reason {
            text.push_str(&format!("  {count:>4}  {missing}\n"));
        }
        text.push_str(&format!("  listed in {}\n", super::SKIPPED_FILE));
        let _ = std::io::stderr().write_all(text.as_bytes());
    }
}

/// Runs each named `async fn(Backend)` as one test per backend.
#[macro_export]
macro_rules! both_backends {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::helpers::Backend::Sqlite).await
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    if let Some(backend) = $crate::helpers::Backend::postgres() {
                        super::$name(backend).await
                    }
                }
            )*
        }
    };
}

pub struct TestApp {
    /// `http://127.0.0.1:PORT`
    pub address: String,
    /// A browser-like client: keeps cookies.
    pub client: reqwest::Client,
    pub settings: Settings,
    /// The app's clock of time rules (story expiry, ads, trending): `advance_clock` moves it.
    pub clock: Clock,
    /// The app's background jobs: a test runs a pass with `housekeeping` or `heartbeat`.
    jobs: Jobs,
    shutdown: Option<oneshot::Sender<()>>,
    server: Option<JoinHandle<anyhow::Result<()>>>,
    /// The PostgreSQL database, shared with twins and restarts: dropped with the last of them.
    database: Option<Arc<TestDatabase>>,
    _dir: tempfile::TempDir,
}

pub async fn spawn_app(backend: Backend) -> TestApp {
    spawn_app_with(backend, |_| {}).await
}

/// Like `spawn_app`, with settings changed first (rate limits, public URL, …).
pub async fn spawn_app_with(backend: Backend, configure: impl FnOnce(&mut Settings)) -> TestApp {
    let (dir, mut settings, database) = fresh_settings(&backend).await;
    configure(&mut settings);
    start(settings, dir, database, None).await
}

impl TestApp {
    /// A second instance of the same application: same database, media and Redis, its own
    /// port, hub and clock (scale-out tests).
    pub async fn spawn_twin(&self) -> TestApp {
        self.spawn_twin_with(|_| {}).await
    }

    /// Like `spawn_twin`, with its settings changed first (its own listen address, say).
    pub async fn spawn_twin_with(&self, configure: impl FnOnce(&mut Settings)) -> TestApp {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut settings = self.settings.clone();
        configure(&mut settings);
        start(settings, dir, self.database.clone(), None).await
    }
}

/// A temporary folder and default settings on port 0 with a fresh database in it (or on the
/// PostgreSQL server) and the media folder inside it.
async fn fresh_settings(
    backend: &Backend,
) -> (tempfile::TempDir, Settings, Option<Arc<TestDatabase>>) {
    let dir = tempfile::tempdir().expect("temp dir");
    let (database_url, database) = match backend {
        Backend::Sqlite => (
            format!("sqlite://{}", dir.path().join("atelier.db").display()),
            None,
        ),
        Backend::Postgres(server) => {
            let database = fresh_postgres_database(server).await;
            (database.url.clone(), Some(Arc::new(database)))
        }
    };
    let mut settings = Settings::for_database(database_url);
    settings.listen = "127.0.0.1:0".parse().unwrap();
    settings.media_store = dir.path().join("media").display().to_string();
    settings.mail_dir = dir.path().join("mail").display().to_string();
    // Posts' images given as a URL are fetched from the local image server (image_server.rs).
    settings.fetch_allow_loopback = true;
    (dir, settings, database)
}

/// Like `spawn_app`, with this media store instead of a folder (an S3 bucket, say).
pub async fn spawn_app_with_media(backend: Backend, media: Media) -> TestApp {
    let (dir, settings, database) = fresh_settings(&backend).await;
    start(settings, dir, database, Some(media)).await
}

/// Like `spawn_app`, charging orders through this payment provider.
pub async fn spawn_app_with_payments(backend: Backend, payments: Payments) -> TestApp {
    let (dir, settings, database) = fresh_settings(&backend).await;
    start_with(settings, dir, database, None, Some(payments)).await
}

/// Like `spawn_app_with_payments`, with the settings changed first.
pub async fn spawn_app_with_payments_and(
    backend: Backend,
    payments: Payments,
    configure: impl FnOnce(&mut Settings),
) -> TestApp {
    let (dir, mut settings, database) = fresh_settings(&backend).await;
    configure(&mut settings);
    start_with(settings, dir, database, None, Some(payments)).await
}

async fn start(
    settings: Settings,
    dir: tempfile::TempDir,
    database: Option<Arc<TestDatabase>>,
    media: Option<Media>,
) -> TestApp {
    start_with(settings, dir, database, media, None).await
}

async fn start_with(
    settings: Settings,
    dir: tempfile::TempDir,
    database: Option<Arc<TestDatabase>>,
    media: Option<Media>,
    payments: Option<Payments>,
) -> TestApp {
    let media = match media {
        Some(media) => media,
        None => Media::open(&settings.media_store).expect("the media store opens"),
    };
    let clock = Clock::manual();
    let mut app = Application::build_with(settings.clone(), media, clock.clone())
        .await
        .expect("the app builds");
    if let Some(payments) = payments {
        app = app.with_payments(payments);
    }
    let address = format!("http://{}", app.local_addr());
    let jobs = app.jobs();
    let (tx, rx) = oneshot::channel::<()>();
    let server = tokio::spawn(app.run_until(async move {
        let _ = rx.await;
    }));
    TestApp {
        address,
        client: browser(),
        settings,
        clock,
        jobs,
        shutdown: Some(tx),
        server: Some(server),
        database,
        _dir: dir,
    }
}

pub fn browser() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap()
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    /// Stops the server (finishing in-flight requests) and starts it again on the same
    /// database; the client and its cookies are kept.
    pub async fn restart(mut self) -> TestApp {
        self.stop().await;
        let mut settings = self.settings.clone();
        settings.listen = "127.0.0.1:0".parse().unwrap();
        let dir = std::mem::replace(&mut self._dir, tempfile::tempdir().unwrap());
        let mut restarted = start(settings, dir, self.database.take(), None).await;
        // Cookies are per host, not per port: the same client is the same signed-in browser.
        restarted.client = self.client.clone();
        restarted
    }

    /// Sends the shutdown signal (as SIGTERM would) without waiting.
    pub fn begin_shutdown(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }

    /// Shuts down and waits until the server has finished.
    pub async fn stop(&mut self) {
        self.begin_shutdown();
        if let Some(server) = self.server.take() {
            server
                .await
                .expect("server task")
                .expect("server stopped cleanly");
        }
    }

    /// Moves the app's clock forward (stories expire, ad click windows pass, posts age) without
    /// sleeping. Sessions keep the real time.
    pub fn advance_clock(&self, by: Duration) {
        self.clock.advance(by);
    }

    /// Runs the housekeeping sweep now (expired stories and their views, old ad clicks), by the
    /// app's clock; answers how many stories went.
    pub async fn sweep(&self) -> u64 {
        let db = self.db().await;
        let swept = atelier::app::sweep(&db, &self.clock)
            .await
            .expect("the sweep runs");
        db.pool.close().await;
        swept
    }

    /// Runs one pass of the app's housekeeping job now (as its interval would): expired
    /// sessions, stories and ad clicks, and stale calls, by the app's clock.
    pub async fn housekeeping(&self) {
        self.jobs.housekeeping().await;
    }

    /// Runs one pass of the app's scheduled-posts job now (issue 44), by the app's clock;
    /// answers how many went out.
    pub async fn publish_scheduled(&self) -> usize {
        self.jobs.publish_scheduled().await
    }

    /// Runs one pass of the app's Redis heartbeat job now: the users of dead instances are
    /// announced offline.
    pub async fn heartbeat(&self) {
        self.jobs.heartbeat().await;
    }

    /// Wakes the app's push drainer, as a handler does after queuing a push.
    pub fn wake_push(&self) {
        self.jobs.wake_push();
    }

    /// Sends every push due by the app's clock now (one pass of the outbox, as the drainer's).
    pub async fn drain_push(&self) {
        self.jobs
            .drain_push()
            .await
            .expect("the push outbox drains");
    }

    /// Sends every activity due by the app's clock now (one pass of federation's outbox).
    pub async fn drain_federation(&self) {
        self.jobs
            .drain_federation()
            .await
            .expect("the federation outbox drains");
    }

    /// Sends every mail due by the app's clock now (one pass of the outbox, as the drainer's).
    pub async fn drain_mail(&self) {
        self.jobs
            .drain_mail()
            .await
            .expect("the mail outbox drains");
    }

    /// Opens the verification link mailed to `username@example.com` at sign-up (`new_user`'s
    /// address): the account is verified, as a test that moves the clock past the 7 days' grace
    /// needs.
    pub async fn verify_email_of(&self, username: &str) {
        let to = format!("{username}@example.com");
        let mail = wait_for_subject(self, &to, "Verify your email for Atelier").await;
        let opened = self
            .post_json(
                "/api/auth/verify-email",
                &json!({"token": mail_token(&mail)}),
            )
            .await;
        assert_eq!(opened.status(), 200, "verifying {to}");
    }

    /// The messages written to the mail folder so far (the embedded default: no SMTP server),
    /// each as its raw text.
    pub fn folder_mails(&self) -> Vec<String> {
        read_mails(std::path::Path::new(&self.settings.mail_dir))
    }

    /// A connection pool to this app's database, for arranging what the API cannot (time).
    pub async fn db(&self) -> atelier::platform::db::Db {
        atelier::platform::db::Db::connect(&self.settings.database_url)
            .await
            .expect("test database")
    }

    /// Runs the real `atelier` binary against this app's database.
    pub fn cli(&self, args: &[&str]) -> std::process::Output {
        std::process::Command::new(env!("CARGO_BIN_EXE_atelier"))
            .args(args)
            .args(["--database-url", &self.settings.database_url])
            .args(["--media-store", &self.settings.media_store])
            .env("ATELIER_LOG_FORMAT", "json")
            .output()
            .expect("atelier runs")
    }

    pub async fn post_json(&self, path: &str, body: &Value) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .json(body)
            .send()
            .await
            .expect("request sent")
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("request sent")
    }

    /// Like `post_json`, from a browser with no cookies (a stranger, or a new device).
    pub async fn post_from_another_browser(&self, path: &str, body: &Value) -> reqwest::Response {
        browser()
            .post(self.url(path))
            .json(body)
            .send()
            .await
            .expect("request sent")
    }

    /// Registers a new account with this app's client (so the client is signed in as it).
    pub async fn register(&self, username: &str) -> Value {
        let response = self.register_response(username).await;
        assert_eq!(response.status(), 201, "registering {username}");
        response.json().await.unwrap()
    }

    /// The raw answer to registering `username` (email `{username}@example.com`).
    pub async fn register_response(&self, username: &str) -> reqwest::Response {
        self.post_json(
            "/api/auth/register",
            &json!({
                "username": username,
                "email": format!("{username}@example.com"),
                "password": PASSWORD,
                "displayName": format!("{username} display"),
            }),
        )
        .await
    }
}

/// A signed-in user with a browser of their own (cookies kept), for tests with several people.
pub struct TestUser {
    pub id: i64,
    pub client: reqwest::Client,
    /// `atelier_session=…` as a Cookie header value (for the WebSocket handshake).
    pub cookie: String,
    address: String,
}

impl TestApp {
    /// Registers `username` in a new browser of its own.
    pub async fn new_user(&self, username: &str) -> TestUser {
        let client = browser();
        let response = client
            .post(self.url("/api/auth/register"))
            .json(&json!({
                "username": username,
                "email": format!("{username}@example.com"),
                "password": PASSWORD,
                "displayName": format!("{username} display"),
            }))
            .send()
            .await
            .expect("request sent");
        assert_eq!(response.status(), 201, "registering {username}");
        let cookie = session_cookie(response.headers())
            .and_then(|c| c.split(';').next().map(str::to_owned))
            .expect("a session cookie");
        let user: Value = response.json().await.unwrap();
        TestUser {
            id: user["id"].as_i64().unwrap(),
            client,
            cookie,
            address: self.address.clone(),
        }
    }

    /// Runs `atelier seed --synthetic --users N --posts 0 --sessions-out FILE` and answers the
    /// N synthetic users, each signed in with their session from FILE.
    pub fn synthetic_users_signed_in(&self, users: usize) -> Vec<TestUser> {
        self.seed_synthetic(users, 0, None)
    }

    /// Runs `atelier seed --synthetic --users N --posts P [--now MS] --sessions-out FILE` and
    /// answers the N synthetic users, each signed in with their session from FILE.
    pub fn seed_synthetic(&self, users: usize, posts: usize, now: Option<i64>) -> Vec<TestUser> {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("sessions.tsv");
        let (users, posts) = (users.to_string(), posts.to_string());
        let mut args = vec![
            "seed".to_owned(),
            "--synthetic".to_owned(),
            "--users".to_owned(),
            users,
            "--posts".to_owned(),
            posts,
            "--sessions-out".to_owned(),
            file.to_str().unwrap().to_owned(),
        ];
        if let Some(now) = now {
            args.extend(["--now".to_owned(), now.to_string()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let seeded = self.cli(&args);
        assert!(
            seeded.status.success(),
            "{}",
            String::from_utf8_lossy(&seeded.stderr)
        );
        std::fs::read_to_string(&file)
            .expect("the sessions file")
            .lines()
            .map(|line| {
                let (id, token) = line.split_once('\t').expect("user_id<TAB>token");
                self.signed_in_with(id.parse().unwrap(), token)
            })
            .collect()
    }

    /// Another browser signed in as `user` (a second session of theirs), by username and the
    /// tests' password.
    pub async fn signed_in_again(&self, user: &TestUser) -> TestUser {
        let me = user.get_json("/api/auth/user").await;
        let username = me["username"].as_str().expect("a username").to_owned();
        self.sign_in(&username, PASSWORD).await
    }

    /// A new browser signed in with `login` (a username or an email) and `password`.
    pub async fn sign_in(&self, login: &str, password: &str) -> TestUser {
        let client = browser();
        let response = client
            .post(self.url("/api/auth/login"))
            .json(&json!({"login": login, "password": password}))
            .send()
            .await
            .expect("request sent");
        assert_eq!(response.status(), 200, "signing in as {login}");
        let cookie = session_cookie(response.headers())
            .and_then(|c| c.split(';').next().map(str::to_owned))
            .expect("a session cookie");
        let user: Value = response.json().await.unwrap();
        TestUser {
            id: user["id"].as_i64().unwrap(),
            client,
            cookie,
            address: self.address.clone(),
        }
    }

    /// A browser that carries an existing session token (one that
    /// `atelier seed --sessions-out` wrote) in its Cookie header.
    pub fn signed_in_with(&self, id: i64, token: &str) -> TestUser {
        let cookie = format!("atelier_session={token}");
        let mut headers = HeaderMap::new();
        headers.insert(reqwest::header::COOKIE, cookie.parse().unwrap());
        let client = reqwest::Client::builder()
            .default_headers(headers)
            .redirect(reqwest::redirect::Policy::none())
            .timeout(Duration::from_secs(30))
            .build()
            .unwrap();
        TestUser {
            id,
            client,
            cookie,
            address: self.address.clone(),
        }
    }

    /// The same request as a browser that is signed in as nobody.
    pub fn anonymous(&self) -> TestUser {
        TestUser {
            id: 0,
            client: browser(),
            cookie: String::new(),
            address: self.address.clone(),
        }
    }
}

impl TestUser {
    /// The same person (same browser and session) talking to another instance.
    pub fn clone_on(&self, app: &TestApp) -> TestUser {
        TestUser {
            id: self.id,
            client: self.client.clone(),
            cookie: self.cookie.clone(),
            address: app.address.clone(),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("request sent")
    }

    /// GET and parse a 200 JSON answer.
    pub async fn get_json(&self, path: &str) -> Value {
        let response = self.get(path).await;
        assert_eq!(response.status(), 200, "GET {path}");
        response.json().await.unwrap()
    }

    pub async fn post(&self, path: &str) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .send()
            .await
            .expect("request sent")
    }

    pub async fn post_json(&self, path: &str, body: &Value) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .json(body)
            .send()
            .await
            .expect("request sent")
    }

    pub async fn put_json(&self, path: &str, body: &Value) -> reqwest::Response {
        self.client
            .put(self.url(path))
            .json(body)
            .send()
            .await
            .expect("request sent")
    }

    pub async fn patch_json(&self, path: &str, body: &Value) -> reqwest::Response {
        self.client
            .patch(self.url(path))
            .json(body)
            .send()
            .await
            .expect("request sent")
    }

    pub async fn delete(&self, path: &str) -> reqwest::Response {
        self.client
            .delete(self.url(path))
            .send()
            .await
            .expect("request sent")
    }

    /// Creates a post with an image URL (fetched from the local image server); answers the post.
    pub async fn create_post(&self, caption: &str) -> Value {
        let response = self
            .post_json(
                "/api/posts",
                &json!({"caption": caption, "imageUrl": image_url("work.jpg")}),
            )
            .await;
        assert_eq!(response.status(), 201, "creating a post");
        response.json().await.unwrap()
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}

pub const PASSWORD: &str = "s3cret-pass";

/// The session token in a response's Set-Cookie, if it sets one.
pub fn session_cookie(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(reqwest::header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("atelier_session="))
        .map(str::to_owned)
}

/// `{message, code}` of an error answer.
pub async fn error_of(response: reqwest::Response) -> (u16, String, String) {
    let status = response.status().as_u16();
    let body: Value = response.json().await.expect("error body is JSON");
    let message = body["message"].as_str().expect("message").to_owned();
    let code = body["code"].as_str().expect("code").to_owned();
    (status, message, code)
}

/// A PostgreSQL database of one test (and its twins): dropped when the last `TestApp` using it
/// is, whether the test passed or panicked.
pub struct TestDatabase {
    name: String,
    pub url: String,
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        dropper::drop_later(std::mem::take(&mut self.name));
    }
}

/// Drops the test databases on a thread of its own, a few at a time: a DROP DATABASE waits for a
/// checkpoint (~2 s on a busy machine), which the test that ended should not sit through and
/// which drops waiting together share. FORCE ends the connections a stopping server or a test's
/// own pool still holds. The test binary waits for the queue when it exits, then drops the
/// template.
mod dropper {
    use std::sync::{Mutex, OnceLock, PoisonError};
    use std::thread::JoinHandle;

    use sqlx::AssertSqlSafe;
    use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};

    struct Dropper {
        template: String,
        queue: Mutex<Option<UnboundedSender<String>>>,
        thread: Mutex<Option<JoinHandle<()>>>,
    }

    static DROPPER: OnceLock<Dropper> = OnceLock::new();

    /// Starts the dropper for this process's databases on `server_url`, `template` last.
    pub fn start(server_url: &str, template: &str) {
        let (queue, mut names) = unbounded_channel::<String>();
        let server_url = server_url.to_owned();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime for dropping test databases");
            runtime.block_on(async move {
                // A backlog waits its turn: no time limit on getting a connection.
                let admin = sqlx::postgres::PgPoolOptions::new()
                    .max_connections(8)
                    .acquire_timeout(std::time::Duration::from_secs(600))
                    .connect_lazy(&server_url)
                    .expect("TEST_DATABASE_URL is a PostgreSQL URL");
                let mut drops = tokio::task::JoinSet::new();
                while let Some(name) = names.recv().await {
                    let admin = admin.clone();
                    drops.spawn(async move {
                        let sql = format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)");
                        if let Err(err) = sqlx::query(AssertSqlSafe(sql)).execute(&admin).await {
                            // Straight to stderr: this thread inherited a test's output capture.
                            // The next run's sweep of dead processes' databases takes it.
                            let _ = std::io::Write::write_all(
                                &mut std::io::stderr(),
                                format!("test database {name} was not dropped: {err}\n").as_bytes(),
                            );
                        }
                    });
                    while drops.try_join_next().is_some() {}
                }
                while drops.join_next().await.is_some() {}
                admin.close().await;
            });
        });
        let started = DROPPER.set(Dropper {
            template: template.to_owned(),
            queue: Mutex::new(Some(queue)),
            thread: Mutex::new(Some(thread)),
        });
        assert!(started.is_ok(), "one dropper per process");
        super::at_exit(finish);
    }

    pub fn drop_later(name: String) {
        let queued = DROPPER.get().and_then(|dropper| {
            let queue = dropper.queue.lock().unwrap_or_else(PoisonError::into_inner);
            queue.as_ref().map(|queue| queue.send(name.clone()).is_ok())
        });
        if queued != Some(true) {
            let _ = std::io::Write::write_all(
                &mut std::io::stderr(),
                format!("test database {name} was not dropped: no dropper running\n").as_bytes(),
            );
        }
    }

    /// At exit: the template goes last; waits until every queued drop is done.
    extern "C" fn finish() {
        let Some(dropper) = DROPPER.get() else {
            return;
        };
        let queue = dropper
            .queue
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(queue) = queue {
            let _ = queue.send(dropper.template.clone());
        }
        let thread = dropper
            .thread
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(thread) = thread {
            let _ = thread.join();
        }
    }
}

/// `atelier_test_{pid}_{suffix}`: the process id lets a later run tell leftovers of dead runs
/// from databases of a suite running beside it.
fn test_database_name(suffix: &str) -> String {
    format!("atelier_test_{}_{suffix}", std::process::id())
}

fn database_url(server_url: &str, name: &str) -> String {
    let mut url = url::Url::parse(server_url).expect("TEST_DATABASE_URL is a URL");
    url.set_path(name);
    url.to_string()
}

/// A new database on the PostgreSQL server, cloned from this process's migrated template
/// (`CREATE DATABASE … TEMPLATE`: a file copy, no migrations run per test).
async fn fresh_postgres_database(server_url: &str) -> TestDatabase {
    let template = migrated_template(server_url).await;
    let mut suffix = [0u8; 8];
    getrandom::fill(&mut suffix).unwrap();
    let name = test_database_name(
        &suffix
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>(),
    );
    let mut admin = sqlx::PgConnection::connect(server_url)
        .await
        .expect("PostgreSQL reachable");
    sqlx::query(AssertSqlSafe(format!(
        "CREATE DATABASE \"{name}\" TEMPLATE \"{template}\""
    )))
    .execute(&mut admin)
    .await
    .expect("cloning the template database");
    let _ = admin.close().await;
    TestDatabase {
        url: database_url(server_url, &name),
        name,
    }
}

/// This process's template: created and migrated by the first test that needs it, after the
/// databases of dead test processes are dropped (so two suites running side by side on one
/// server leave each other's alone). The template itself goes when the process exits
/// (`dropper`), or with the next run's sweep if the process was killed.
async fn migrated_template(server_url: &str) -> &'static str {
    static TEMPLATE: OnceCell<String> = OnceCell::const_new();
    TEMPLATE
        .get_or_init(|| async {
            let mut admin = sqlx::PgConnection::connect(server_url)
                .await
                .expect("PostgreSQL reachable");
            drop_dead_runs_databases(&mut admin).await;
            let name = test_database_name("template");
            let _ = sqlx::query(AssertSqlSafe(format!(
                "DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"
            )))
            .execute(&mut admin)
            .await;
            sqlx::query(AssertSqlSafe(format!("CREATE DATABASE \"{name}\"")))
                .execute(&mut admin)
                .await
                .expect("creating the template database");
            let _ = admin.close().await;
            let db = atelier::platform::db::Db::connect(&database_url(server_url, &name))
                .await
                .expect("the template database");
            atelier::app::migrate(&db)
                .await
                .expect("migrating the template database");
            // No connection may stay open on a template while it is cloned.
            db.pool.close().await;
            dropper::start(server_url, &name);
            name
        })
        .await
}

async fn drop_dead_runs_databases(admin: &mut sqlx::PgConnection) {
    let stale: Vec<(String,)> =
        sqlx::query_as("SELECT datname FROM pg_database WHERE datname LIKE 'atelier_test_%'")
            .fetch_all(&mut *admin)
            .await
            .unwrap();
    for (name,) in stale {
        let owner_alive = name
            .strip_prefix("atelier_test_")
            .and_then(|rest| rest.split('_').next())
            .and_then(|pid| pid.parse::<u32>().ok())
            .is_some_and(|pid| std::path::Path::new(&format!("/proc/{pid}")).exists());
        if owner_alive {
            continue;
        }
        let drop = format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)");
        let _ = sqlx::query(AssertSqlSafe(drop)).execute(&mut *admin).await;
    }
}

unsafe extern "C" {
    /// The C library's exit hook: runs when libtest's `main` returns or calls `exit`, after
    /// every test has finished.
    fn atexit(callback: extern "C" fn()) -> std::ffi::c_int;
}

/// Runs `callback` when the test binary exits. It must not unwind (a panic there aborts).
fn at_exit(callback: extern "C" fn()) {
    // SAFETY: registers a plain function; the C library calls it once, at exit.
    unsafe { atexit(callback) };
}

/// The raw messages in a mail folder (`.eml` files) or a Maildir (its `new/` files), oldest
/// first.
pub fn read_mails(dir: &std::path::Path) -> Vec<String> {
    let mut files: Vec<(std::time::SystemTime, String)> = Vec::new();
    for dir in [dir.to_path_buf(), dir.join("new")] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if !path.is_file() || path.extension().is_some_and(|ext| ext == "json") {
                continue;
            }
            let when = entry
                .metadata()
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            if let Ok(text) = std::fs::read_to_string(&path) {
                files.push((when, text));
            }
        }
    }
    files.sort_by_key(|(when, _)| *when);
    files.into_iter().map(|(_, text)| text).collect()
}

/// Whether a raw message is addressed `To:` `to`.
pub fn mail_is_to(mail: &str, to: &str) -> bool {
    mail.lines()
        .take_while(|line| !line.is_empty())
        .any(|line| {
            line.to_ascii_lowercase().starts_with("to:")
                && line.to_ascii_lowercase().contains(&to.to_ascii_lowercase())
        })
}

/// A raw message's body text with quoted-printable undone (soft breaks, `=3D`).
pub fn mail_text(mail: &str) -> String {
    mail.replace("=\r\n", "")
        .replace("=\n", "")
        .replace("=3D", "=")
}

/// The `token` of the one-time link in a raw message.
pub fn mail_token(mail: &str) -> String {
    let text = mail_text(mail);
    let start = text
        .find("token=")
        .expect("the mail carries a link with a token")
        + "token=".len();
    text[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '.' || *c == '-' || *c == '_')
        .collect()
}

/// The subject line of a raw message.
pub fn mail_subject(mail: &str) -> String {
    mail.lines()
        .find_map(|line| line.strip_prefix("Subject: "))
        .unwrap_or_default()
        .to_owned()
}

/// Waits until a message to `to` with `subject` is in the mail folder; answers it.
pub async fn wait_for_subject(app: &TestApp, to: &str, subject: &str) -> String {
    for _ in 0..200 {
        app.drain_mail().await;
        if let Some(mail) = app
            .folder_mails()
            .into_iter()
            .rfind(|m| mail_is_to(m, to) && mail_subject(m) == subject)
        {
            return mail;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no mail '{subject}' to {to}");
}

/// The Python that has aiosmtpd and pyotp (`make services` installs it: scripts/test-services.sh);
/// without it the calling test is `unavailable`.
pub fn test_python() -> Option<std::path::PathBuf> {
    let python = std::env::var_os("ATELIER_TEST_PYTHON")
        .map(std::path::PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME").map(|home| {
                std::path::PathBuf::from(home).join(".cache/atelier-test-python/bin/python")
            })
        })?;
    let ready = std::process::Command::new(&python)
        .args(["-c", "import aiosmtpd, pyotp"])
        .output()
        .is_ok_and(|out| out.status.success());
    if ready {
        Some(python)
    } else {
        unavailable("aiosmtpd and pyotp (make services installs them)");
        None
    }
}

/// A `width`×`height` PNG of one `colour`.
pub fn png_bytes(width: u32, height: u32, colour: [u8; 3]) -> Vec<u8> {
    let image = image::RgbImage::from_pixel(width, height, image::Rgb(colour));
    let mut bytes = std::io::Cursor::new(Vec::new());
    image.write_to(&mut bytes, image::ImageFormat::Png).unwrap();
    bytes.into_inner()
}

/// A `width`×`height` PNG of one `colour`, as a `data:` URL (an upload in a JSON body).
pub fn png_data_url(width: u32, height: u32, colour: [u8; 3]) -> String {
    use base64::Engine;
    format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(png_bytes(width, height, colour))
    )
}
