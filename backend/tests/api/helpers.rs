//! `spawn_app`: the real application on a free port, with its own database.

use std::time::Duration;

use atelier::clock::Clock;
use atelier::config::Settings;
use atelier::media::Media;
use atelier::payments::Payments;
use atelier::startup::Application;
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
    pub fn postgres() -> Option<Self> {
        match std::env::var("TEST_DATABASE_URL") {
            Ok(url) if !url.is_empty() => Some(Self::Postgres(url)),
            _ => {
                eprintln!("TEST_DATABASE_URL is not set: PostgreSQL variant not run");
                None
            }
        }
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
    shutdown: Option<oneshot::Sender<()>>,
    server: Option<JoinHandle<anyhow::Result<()>>>,
    _dir: tempfile::TempDir,
}

pub async fn spawn_app(backend: Backend) -> TestApp {
    spawn_app_with(backend, |_| {}).await
}

/// Like `spawn_app`, with settings changed first (rate limits, public URL, …).
pub async fn spawn_app_with(backend: Backend, configure: impl FnOnce(&mut Settings)) -> TestApp {
    let (dir, mut settings) = fresh_settings(&backend).await;
    configure(&mut settings);
    start(settings, dir, None).await
}

impl TestApp {
    /// A second instance of the same application: same database, media and Redis, its own
    /// port, hub and clock (scale-out tests).
    pub async fn spawn_twin(&self) -> TestApp {
        let dir = tempfile::tempdir().expect("temp dir");
        start(self.settings.clone(), dir, None).await
    }
}

/// A temporary folder and default settings on port 0 with a fresh database in it (or on the
/// PostgreSQL server) and the media folder inside it.
async fn fresh_settings(backend: &Backend) -> (tempfile::TempDir, Settings) {
    let dir = tempfile::tempdir().expect("temp dir");
    let database_url = match backend {
        Backend::Sqlite => format!("sqlite://{}", dir.path().join("atelier.db").display()),
        Backend::Postgres(server) => fresh_postgres_database(server).await,
    };
    let mut settings = Settings::for_database(database_url);
    settings.listen = "127.0.0.1:0".parse().unwrap();
    settings.media_store = dir.path().join("media").display().to_string();
    (dir, settings)
}

/// Like `spawn_app`, with this media store instead of a folder (an S3 bucket, say).
pub async fn spawn_app_with_media(backend: Backend, media: Media) -> TestApp {
    let (dir, settings) = fresh_settings(&backend).await;
    start(settings, dir, Some(media)).await
}

/// Like `spawn_app`, charging orders through this payment provider.
pub async fn spawn_app_with_payments(backend: Backend, payments: Payments) -> TestApp {
    let (dir, settings) = fresh_settings(&backend).await;
    start_with(settings, dir, None, Some(payments)).await
}

async fn start(settings: Settings, dir: tempfile::TempDir, media: Option<Media>) -> TestApp {
    start_with(settings, dir, media, None).await
}

async fn start_with(
    settings: Settings,
    dir: tempfile::TempDir,
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
    let (tx, rx) = oneshot::channel::<()>();
    let server = tokio::spawn(app.run_until(async move {
        let _ = rx.await;
    }));
    TestApp {
        address,
        client: browser(),
        settings,
        clock,
        shutdown: Some(tx),
        server: Some(server),
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
        let mut restarted = start(settings, dir, None).await;
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
        let swept = atelier::startup::sweep(&db, &self.clock)
            .await
            .expect("the sweep runs");
        db.pool.close().await;
        swept
    }

    /// A connection pool to this app's database, for arranging what the API cannot (time).
    pub async fn db(&self) -> atelier::db::Db {
        atelier::db::Db::connect(&self.settings.database_url)
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
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("sessions.tsv");
        let count = users.to_string();
        let seeded = self.cli(&[
            "seed",
            "--synthetic",
            "--users",
            &count,
            "--posts",
            "0",
            "--sessions-out",
            file.to_str().unwrap(),
        ]);
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

    /// Creates a post with an external image URL; answers the post.
    pub async fn create_post(&self, caption: &str) -> Value {
        let response = self
            .post_json(
                "/api/posts",
                &json!({"caption": caption, "imageUrl": "https://images.example.com/work.jpg"}),
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

/// A new, empty database on the PostgreSQL server, named after this test process; leftovers
/// of earlier runs whose process is gone are dropped once per test process, so two suites
/// running side by side on one server leave each other's databases alone.
async fn fresh_postgres_database(server_url: &str) -> String {
    static CLEANED: OnceCell<()> = OnceCell::const_new();
    let mut admin = sqlx::PgConnection::connect(server_url)
        .await
        .expect("PostgreSQL reachable");
    CLEANED
        .get_or_init(|| async {
            let mut conn = sqlx::PgConnection::connect(server_url).await.unwrap();
            let stale: Vec<(String,)> = sqlx::query_as(
                "SELECT datname FROM pg_database WHERE datname LIKE 'atelier_test_%'",
            )
            .fetch_all(&mut conn)
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
                let _ = sqlx::query(AssertSqlSafe(drop)).execute(&mut conn).await;
            }
        })
        .await;
    let mut suffix = [0u8; 8];
    getrandom::fill(&mut suffix).unwrap();
    let name = format!(
        "atelier_test_{}_{}",
        std::process::id(),
        suffix
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    );
    sqlx::query(AssertSqlSafe(format!("CREATE DATABASE \"{name}\"")))
        .execute(&mut admin)
        .await
        .expect("creating a test database");
    let mut url = url::Url::parse(server_url).expect("TEST_DATABASE_URL is a URL");
    url.set_path(&name);
    url.to_string()
}
