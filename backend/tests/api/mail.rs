//! Mail through a real SMTP server (issue 41): aiosmtpd from PyPI, run by
//! tests/fixtures/smtp_server.py, stores what it accepts in a Maildir the test reads. The app
//! sends through it with `--smtp-url smtp://127.0.0.1:PORT?tls=none`; the links in what the
//! server received are followed. With the server down, the outbox keeps the mail and delivers it
//! once the server is back; an address the server refuses for good (550) is not mailed again.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{
    Backend, PASSWORD, TestApp, mail_is_to, mail_subject, mail_text, mail_token, read_mails,
    spawn_app_with, test_python,
};

both_backends!(
    a_reset_link_sent_through_smtp_arrives_and_works,
    mail_waits_in_the_outbox_while_the_server_is_down_and_goes_once_it_is_back,
    an_address_the_server_refuses_for_good_is_not_mailed_again,
);

/// An aiosmtpd server on 127.0.0.1, killed when dropped.
struct SmtpServer {
    child: Child,
    maildir: PathBuf,
    _dir: tempfile::TempDir,
}

impl SmtpServer {
    /// Starts one on `port`; `None` where aiosmtpd is not installed (the test is `unavailable`).
    fn start(port: u16) -> Option<Self> {
        let python = test_python()?;
        let dir = tempfile::tempdir().unwrap();
        let maildir = dir.path().join("maildir");
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/smtp_server.py");
        let mut child = Command::new(python)
            .arg(script)
            .arg(port.to_string())
            .arg(&maildir)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the SMTP server starts");
        let mut ready = String::new();
        use std::io::BufRead;
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut ready)
            .unwrap();
        assert_eq!(ready.trim(), "ready", "the SMTP server listens");
        Some(Self {
            child,
            maildir,
            _dir: dir,
        })
    }

    fn mails(&self) -> Vec<String> {
        read_mails(&self.maildir)
    }

    /// Waits (draining `app`'s outbox) until a message to `to` with `subject` arrived.
    async fn received(&self, app: &TestApp, to: &str, subject: &str) -> String {
        for _ in 0..200 {
            app.drain_mail().await;
            if let Some(mail) = self
                .mails()
                .into_iter()
                .rfind(|m| mail_is_to(m, to) && mail_subject(m) == subject)
            {
                return mail;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the SMTP server received no '{subject}' to {to}");
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A port nothing listens on (now).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

async fn app_mailing_to(backend: Backend, port: u16) -> TestApp {
    spawn_app_with(backend, move |settings| {
        settings.smtp_url = Some(format!("smtp://127.0.0.1:{port}?tls=none"));
        settings.mail_from = Some("Atelier <no-reply@atelier.test>".to_owned());
    })
    .await
}

async fn outbox(app: &TestApp) -> Vec<(String, i64)> {
    let db = app.db().await;
    let rows: Vec<(String, i64)> =
        sqlx::query_as("SELECT to_address, attempts FROM mail_outbox ORDER BY id")
            .fetch_all(&db.pool)
            .await
            .unwrap();
    db.pool.close().await;
    rows
}

/// Waits until the outbox is empty (a sent row is deleted just after the server took it).
async fn outbox_empties(app: &TestApp) -> bool {
    for _ in 0..100 {
        if outbox(app).await.is_empty() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

async fn a_reset_link_sent_through_smtp_arrives_and_works(backend: Backend) {
    let port = free_port();
    let Some(server) = SmtpServer::start(port) else {
        return;
    };
    let app = app_mailing_to(backend, port).await;
    app.new_user("mira").await;
    let verify = server
        .received(&app, "mira@example.com", "Verify your email for Atelier")
        .await;
    assert!(
        verify.contains("From: Atelier <no-reply@atelier.test>"),
        "{verify}"
    );
    assert!(
        verify.contains("multipart/alternative"),
        "plain text and HTML"
    );
    assert!(verify.contains("text/html"));

    let asked = app
        .post_json(
            "/api/auth/password-reset",
            &json!({"email": "mira@example.com"}),
        )
        .await;
    assert_eq!(asked.status(), 202);
    let mail = server
        .received(&app, "mira@example.com", "Reset your Atelier password")
        .await;
    assert!(mail_text(&mail).contains("/reset-password?token="));
    let reset = app
        .post_json(
            "/api/auth/password-reset/confirm",
            &json!({"token": mail_token(&mail), "password": "from-the-mail-9"}),
        )
        .await;
    assert_eq!(reset.status(), 204);
    let signed_in = app
        .post_json(
            "/api/auth/login",
            &json!({"login": "mira", "password": "from-the-mail-9"}),
        )
        .await;
    assert_eq!(signed_in.status(), 200);
    // The reset's notice follows through the same server; then nothing is left to send.
    server
        .received(
            &app,
            "mira@example.com",
            "Your Atelier password was changed",
        )
        .await;
    assert!(outbox_empties(&app).await, "nothing left to send");
}

async fn mail_waits_in_the_outbox_while_the_server_is_down_and_goes_once_it_is_back(
    backend: Backend,
) {
    let port = free_port();
    let app = app_mailing_to(backend, port).await;
    // The sign-up's verification mail cannot be sent: nothing listens. The app's own drainer,
    // woken by the sign-up, may hold the row's lease while it tries; on a loaded machine that
    // attempt can take a while to be recorded, so wait up to 10 s for it.
    app.new_user("noor").await;
    for _ in 0..200 {
        app.drain_mail().await;
        if outbox(&app)
            .await
            .iter()
            .any(|(_, attempts)| *attempts >= 1)
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let waiting = outbox(&app).await;
    assert_eq!(waiting.len(), 1, "{waiting:?}");
    assert_eq!(waiting[0].0, "noor@example.com");
    assert_eq!(waiting[0].1, 1, "one failed attempt, a retry scheduled");
    // Not before the backoff.
    app.drain_mail().await;
    assert_eq!(outbox(&app).await[0].1, 1);

    let Some(server) = SmtpServer::start(port) else {
        return;
    };
    app.advance_clock(Duration::from_secs(31));
    let mail = server
        .received(&app, "noor@example.com", "Verify your email for Atelier")
        .await;
    let opened = app
        .post_json(
            "/api/auth/verify-email",
            &json!({"token": mail_token(&mail)}),
        )
        .await;
    assert_eq!(opened.status(), 200);
    assert!(outbox_empties(&app).await);
    assert_eq!(
        server
            .mails()
            .iter()
            .filter(|m| mail_is_to(m, "noor@example.com"))
            .count(),
        1,
        "delivered once"
    );
}

async fn an_address_the_server_refuses_for_good_is_not_mailed_again(backend: Backend) {
    let port = free_port();
    let Some(server) = SmtpServer::start(port) else {
        return;
    };
    let app = app_mailing_to(backend, port).await;
    let response = app
        .client
        .post(app.url("/api/auth/register"))
        .json(
            &json!({"username": "bouncer", "email": "bounce.me@example.com",
                      "password": PASSWORD}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    let user: Value = response.json().await.unwrap();
    assert_eq!(user["emailVerified"], false);
    for _ in 0..40 {
        app.drain_mail().await;
        if outbox(&app).await.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(outbox(&app).await.is_empty(), "a 550 is not retried");
    let db = app.db().await;
    let suppressed: Vec<(String,)> = sqlx::query_as("SELECT address FROM mail_suppressed")
        .fetch_all(&db.pool)
        .await
        .unwrap();
    db.pool.close().await;
    assert_eq!(suppressed, vec![("bounce.me@example.com".to_owned(),)]);
    // Asking for another link queues nothing for it.
    let asked = app
        .post_json(
            "/api/auth/password-reset",
            &json!({"email": "bounce.me@example.com"}),
        )
        .await;
    assert_eq!(asked.status(), 202);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(outbox(&app).await.is_empty());
    assert!(server.mails().is_empty());
}
