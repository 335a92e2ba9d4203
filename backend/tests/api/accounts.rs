//! Accounts people can keep (issue 41, docs/accounts-contract.md): sign-in by username or
//! email, password reset and email verification by mail (the mail folder, the embedded
//! default), email change, the sessions list, two-factor sign-in with codes computed by an
//! independent implementation (PyPI's pyotp), the read-only grace, people to follow and the
//! first run. Mail through a real SMTP server is in `mail.rs`.

use std::time::Duration;

use serde_json::{Value, json};

use crate::both_backends;
use crate::helpers::{
    Backend, PASSWORD, TestApp, TestUser, error_of, mail_is_to, mail_subject, mail_text,
    mail_token, spawn_app, spawn_app_with, test_python, wait_for_subject,
};

both_backends!(
    sign_in_takes_a_username_or_an_email_in_one_field_and_the_older_bodies,
    a_forgotten_password_is_reset_by_the_mailed_link_once_and_every_session_ends,
    a_reset_asked_for_an_unknown_address_answers_the_same_and_mails_nothing,
    a_reset_link_expires_after_an_hour,
    reset_links_are_limited_to_five_an_hour_per_address_known_or_not,
    sign_up_mails_a_verification_link_and_the_account_is_read_only_after_seven_days,
    verification_is_resent_at_most_once_a_minute_and_not_when_verified,
    an_email_change_waits_for_the_new_address_to_confirm_and_tells_the_old_one,
    an_email_change_to_an_address_in_use_or_with_a_wrong_password_is_refused,
    the_sessions_list_shows_each_browser_and_ends_one_or_all_others,
    two_factor_is_set_up_with_a_code_from_an_independent_authenticator,
    five_wrong_codes_end_a_two_factor_challenge,
    a_recovery_code_signs_in_once_and_turns_two_factor_off,
    people_to_follow_share_your_skills_first_and_never_the_private_or_blocked,
    the_first_run_is_over_once_finished_or_skipped,
);

async fn me(user: &TestUser) -> Value {
    user.get_json("/api/auth/user").await
}

async fn login(app: &TestApp, body: Value) -> reqwest::Response {
    app.client
        .post(app.url("/api/auth/login"))
        .json(&body)
        .send()
        .await
        .unwrap()
}

async fn sign_in_with_two_factor(app: &TestApp, login_name: &str, code: &str) -> (u16, Value) {
    let client = crate::helpers::browser();
    let first = client
        .post(app.url("/api/auth/login"))
        .json(&json!({"login": login_name, "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(first.status(), 202, "the password was right: a challenge");
    let challenge: Value = first.json().await.unwrap();
    assert_eq!(challenge["twoFactorRequired"], true);
    let second = client
        .post(app.url("/api/auth/login/2fa"))
        .json(&json!({"challenge": challenge["challenge"], "code": code}))
        .send()
        .await
        .unwrap();
    let status = second.status().as_u16();
    (status, second.json().await.unwrap_or(Value::Null))
}

/// The code pyotp (an authenticator implementation independent of the server's) computes for
/// `secret` at the app's clock.
fn authenticator_code(app: &TestApp, secret: &str) -> Option<String> {
    let python = test_python()?;
    let seconds = app.clock.now_ms() / 1000;
    let output = std::process::Command::new(python)
        .args([
            "-c",
            "import sys, pyotp; print(pyotp.TOTP(sys.argv[1]).at(int(sys.argv[2])))",
            secret,
            &seconds.to_string(),
        ])
        .output()
        .expect("python runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    Some(String::from_utf8(output.stdout).unwrap().trim().to_owned())
}

async fn sign_in_takes_a_username_or_an_email_in_one_field_and_the_older_bodies(backend: Backend) {
    let app = spawn_app(backend).await;
    app.new_user("ines").await;
    for body in [
        json!({"login": "ines", "password": PASSWORD}),
        json!({"login": "INES@example.com", "password": PASSWORD}),
        json!({"username": "ines", "password": PASSWORD}),
        json!({"email": "ines@example.com", "password": PASSWORD}),
        json!({"username": "ines", "email": "ines@example.com", "password": PASSWORD}),
    ] {
        let response = login(&app, body.clone()).await;
        assert_eq!(response.status(), 200, "{body}");
        let user: Value = response.json().await.unwrap();
        assert_eq!(user["username"], "ines");
    }
    let (status, _, code) =
        error_of(login(&app, json!({"login": "ines", "password": "wrong-pass"})).await).await;
    assert_eq!((status, code.as_str()), (401, "invalid_credentials"));
    let (status, _, _) = error_of(login(&app, json!({"password": PASSWORD})).await).await;
    assert_eq!(status, 400);
}

async fn a_forgotten_password_is_reset_by_the_mailed_link_once_and_every_session_ends(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let nora = app.new_user("nora").await;
    let other_browser = app.signed_in_again(&nora).await;

    let asked = app
        .post_json(
            "/api/auth/password-reset",
            &json!({"email": "NORA@example.com"}),
        )
        .await;
    assert_eq!(asked.status(), 202);
    let answer: Value = asked.json().await.unwrap();
    assert_eq!(
        answer["message"],
        "If an account uses that address, we've sent it a link to reset the password."
    );
    let mail = wait_for_subject(&app, "nora@example.com", "Reset your Atelier password").await;
    assert_eq!(mail_subject(&mail), "Reset your Atelier password");
    let text = mail_text(&mail);
    assert!(text.contains("/reset-password?token="), "{text}");
    assert!(!text.contains(PASSWORD), "no secret but the link");
    let token = mail_token(&mail);

    let confirmed = app
        .post_json(
            "/api/auth/password-reset/confirm",
            &json!({"token": token, "password": "a-new-pass-9"}),
        )
        .await;
    assert_eq!(confirmed.status(), 204);
    // Every session of the account ended, on every browser.
    assert_eq!(nora.get("/api/auth/user").await.status(), 401);
    assert_eq!(other_browser.get("/api/auth/user").await.status(), 401);
    // The old password is gone, the new one works.
    let old = login(&app, json!({"login": "nora", "password": PASSWORD})).await;
    assert_eq!(old.status(), 401);
    let new = login(&app, json!({"login": "nora", "password": "a-new-pass-9"})).await;
    assert_eq!(new.status(), 200);
    // The link works once.
    let again = app
        .post_json(
            "/api/auth/password-reset/confirm",
            &json!({"token": token, "password": "third-pass-9"}),
        )
        .await;
    let (status, message, code) = error_of(again).await;
    assert_eq!((status, code.as_str()), (400, "link_expired"));
    assert_eq!(message, "This link has expired");
    // A notice tells the address.
    let notice = wait_for_subject(
        &app,
        "nora@example.com",
        "Your Atelier password was changed",
    )
    .await;
    assert!(
        !mail_text(&notice).contains("token="),
        "a notice carries no link"
    );
    // A token that is not one, and a bad password, are 400 too, and change nothing.
    for body in [
        json!({"token": "nonsense", "password": "whatever-9"}),
        json!({"token": "1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "password": "whatever-9"}),
        json!({"token": token, "password": "short"}),
    ] {
        let response = app
            .post_json("/api/auth/password-reset/confirm", &body)
            .await;
        assert_eq!(response.status(), 400, "{body}");
    }
}

async fn a_reset_asked_for_an_unknown_address_answers_the_same_and_mails_nothing(backend: Backend) {
    let app = spawn_app(backend).await;
    app.new_user("olga").await;
    let known = app
        .post_json(
            "/api/auth/password-reset",
            &json!({"email": "olga@example.com"}),
        )
        .await;
    let unknown = app
        .post_json(
            "/api/auth/password-reset",
            &json!({"email": "nobody@example.com"}),
        )
        .await;
    assert_eq!(known.status(), unknown.status());
    assert_eq!(
        known.text().await.unwrap(),
        unknown.text().await.unwrap(),
        "the same answer: no account enumeration"
    );
    for _ in 0..10 {
        app.drain_mail().await;
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mails = app.folder_mails();
    assert!(
        mails
            .iter()
            .any(|m| mail_subject(m) == "Reset your Atelier password")
    );
    assert!(!mails.iter().any(|m| mail_is_to(m, "nobody@example.com")));
    let (status, _, _) = error_of(
        app.post_json(
            "/api/auth/password-reset",
            &json!({"email": "not-an-address"}),
        )
        .await,
    )
    .await;
    assert_eq!(status, 400);
}

async fn a_reset_link_expires_after_an_hour(backend: Backend) {
    let app = spawn_app(backend).await;
    app.new_user("pia").await;
    app.post_json(
        "/api/auth/password-reset",
        &json!({"email": "pia@example.com"}),
    )
    .await;
    let token = wait_for_subject(&app, "pia@example.com", "Reset your Atelier password").await;
    app.advance_clock(Duration::from_secs(61 * 60));
    let (status, _, code) = error_of(
        app.post_json(
            "/api/auth/password-reset/confirm",
            &json!({"token": mail_token(&token), "password": "a-new-pass-9"}),
        )
        .await,
    )
    .await;
    assert_eq!((status, code.as_str()), (400, "link_expired"));
    assert_eq!(
        login(&app, json!({"login": "pia", "password": PASSWORD}))
            .await
            .status(),
        200,
        "the password did not change"
    );
}

async fn reset_links_are_limited_to_five_an_hour_per_address_known_or_not(backend: Backend) {
    let app = spawn_app(backend).await;
    app.new_user("rosa").await;
    for address in ["rosa@example.com", "ghost@example.com"] {
        for n in 0..5 {
            let response = app
                .post_json("/api/auth/password-reset", &json!({"email": address}))
                .await;
            assert_eq!(response.status(), 202, "{address} #{n}");
        }
        let response = app
            .post_json("/api/auth/password-reset", &json!({"email": address}))
            .await;
        assert_eq!(response.status(), 429, "{address}: the sixth in an hour");
        assert!(response.headers().contains_key("retry-after"));
    }
}

async fn sign_up_mails_a_verification_link_and_the_account_is_read_only_after_seven_days(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let vera = app.new_user("vera").await;
    let state = me(&vera).await;
    assert_eq!(state["emailVerified"], false);
    assert!(state["emailVerifyBy"].is_string());
    assert_eq!(state["readOnly"], false);
    assert_eq!(state["onboarded"], false);
    assert_eq!(state["twoFactorEnabled"], false);
    assert_eq!(state["pendingEmail"], Value::Null);
    let mail = wait_for_subject(&app, "vera@example.com", "Verify your email for Atelier").await;
    assert!(mail_text(&mail).contains("/verify-email?token="));

    // Within the grace everything works.
    let post = vera.create_post("Week one").await;
    assert!(post["id"].is_i64());
    // After it: read-only.
    app.advance_clock(Duration::from_secs(8 * 24 * 3600));
    assert_eq!(me(&vera).await["readOnly"], true);
    let refused = vera
        .post_json(
            "/api/posts",
            &json!({"imageUrl": crate::image_server::image_url("late.jpg"), "caption": "Too late"}),
        )
        .await;
    let (status, message, code) = error_of(refused).await;
    assert_eq!((status, code.as_str()), (403, "email_unverified"));
    assert_eq!(
        message,
        "Verify your email to post, comment or send messages."
    );
    let comment = vera
        .post_json(
            &format!("/api/posts/{}/comments", post["id"]),
            &json!({"content": "hello"}),
        )
        .await;
    assert_eq!(comment.status(), 403);
    // Reading still works.
    assert_eq!(vera.get("/api/posts").await.status(), 200);

    // The first link lived 7 days: a new one is asked for (the banner's 'Resend'), and opening
    // it (signed in or not) verifies the address.
    let expired = app
        .post_json(
            "/api/auth/verify-email",
            &json!({"token": mail_token(&mail)}),
        )
        .await;
    assert_eq!(error_of(expired).await.2, "link_expired");
    assert_eq!(
        vera.post("/api/auth/verify-email/resend").await.status(),
        202
    );
    let mail = loop {
        let newest =
            wait_for_subject(&app, "vera@example.com", "Verify your email for Atelier").await;
        if mail_token(&newest) != mail_token(&mail) {
            break newest;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let opened = app
        .post_json(
            "/api/auth/verify-email",
            &json!({"token": mail_token(&mail)}),
        )
        .await;
    assert_eq!(opened.status(), 200);
    let opened: Value = opened.json().await.unwrap();
    assert_eq!(opened["email"], "vera@example.com");
    let state = me(&vera).await;
    assert_eq!(state["emailVerified"], true);
    assert_eq!(state["emailVerifyBy"], Value::Null);
    assert_eq!(state["readOnly"], false);
    let comment = vera
        .post_json(
            &format!("/api/posts/{}/comments", post["id"]),
            &json!({"content": "verified now"}),
        )
        .await;
    assert_eq!(comment.status(), 201);
    // Once only.
    let again = app
        .post_json(
            "/api/auth/verify-email",
            &json!({"token": mail_token(&mail)}),
        )
        .await;
    assert_eq!(error_of(again).await.2, "link_expired");
}

async fn verification_is_resent_at_most_once_a_minute_and_not_when_verified(backend: Backend) {
    let app = spawn_app(backend).await;
    let wren = app.new_user("wren").await;
    let first = wren.post("/api/auth/verify-email/resend").await;
    assert_eq!(first.status(), 202);
    let second = wren.post("/api/auth/verify-email/resend").await;
    assert_eq!(second.status(), 429, "at most once a minute");
    // The newest link is the one that works.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mail = wait_for_subject(&app, "wren@example.com", "Verify your email for Atelier").await;
    let opened = app
        .post_json(
            "/api/auth/verify-email",
            &json!({"token": mail_token(&mail)}),
        )
        .await;
    assert_eq!(opened.status(), 200);
    let (status, _, code) = error_of(wren.post("/api/auth/verify-email/resend").await).await;
    assert_eq!((status, code.as_str()), (409, "already_verified"));
    assert_eq!(
        app.anonymous()
            .post("/api/auth/verify-email/resend")
            .await
            .status(),
        401
    );
}

async fn an_email_change_waits_for_the_new_address_to_confirm_and_tells_the_old_one(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let yara = app.new_user("yara").await;
    let asked = yara
        .post_json(
            "/api/user/email",
            &json!({"email": "yara.studio@example.com", "password": PASSWORD}),
        )
        .await;
    assert_eq!(asked.status(), 202);
    let answer: Value = asked.json().await.unwrap();
    assert_eq!(
        answer["message"],
        "We've sent a link to yara.studio@example.com. Your email changes when you open it."
    );
    let state = me(&yara).await;
    assert_eq!(state["email"], "yara@example.com", "not changed yet");
    assert_eq!(state["pendingEmail"], "yara.studio@example.com");
    let notice = wait_for_subject(&app, "yara@example.com", "Your Atelier email is changing").await;
    assert!(mail_text(&notice).contains("yara.studio@example.com"));
    assert!(
        !mail_text(&notice).contains("token="),
        "the old address gets no link"
    );
    let confirm = wait_for_subject(
        &app,
        "yara.studio@example.com",
        "Confirm your new email for Atelier",
    )
    .await;
    let opened = app
        .post_json(
            "/api/auth/verify-email",
            &json!({"token": mail_token(&confirm)}),
        )
        .await;
    assert_eq!(opened.status(), 200);
    let state = me(&yara).await;
    assert_eq!(state["email"], "yara.studio@example.com");
    assert_eq!(state["emailVerified"], true);
    assert_eq!(state["pendingEmail"], Value::Null);
    assert_eq!(
        login(
            &app,
            json!({"login": "yara.studio@example.com", "password": PASSWORD})
        )
        .await
        .status(),
        200
    );
    assert_eq!(
        login(
            &app,
            json!({"login": "yara@example.com", "password": PASSWORD})
        )
        .await
        .status(),
        401
    );
}

async fn an_email_change_to_an_address_in_use_or_with_a_wrong_password_is_refused(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let zoe = app.new_user("zoe").await;
    app.new_user("zack").await;
    let cases = [
        (
            json!({"email": "zack@example.com", "password": PASSWORD}),
            409,
            "email_taken",
        ),
        (
            json!({"email": "zoe2@example.com", "password": "wrong-pass"}),
            400,
            "invalid_input",
        ),
        (
            json!({"email": "not-an-email", "password": PASSWORD}),
            400,
            "invalid_input",
        ),
        (
            json!({"email": "ZOE@example.com", "password": PASSWORD}),
            400,
            "invalid_input",
        ),
    ];
    for (body, status, code) in cases {
        let (got, _, got_code) = error_of(zoe.post_json("/api/user/email", &body).await).await;
        assert_eq!((got, got_code.as_str()), (status, code), "{body}");
    }
    assert_eq!(me(&zoe).await["pendingEmail"], Value::Null);
}

async fn the_sessions_list_shows_each_browser_and_ends_one_or_all_others(backend: Backend) {
    let app = spawn_app(backend).await;
    let lena = app.new_user("lena").await;
    let phone = {
        let client = reqwest::Client::builder()
            .cookie_store(true)
            .user_agent(
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 \
                 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
            )
            .build()
            .unwrap();
        let response = client
            .post(app.url("/api/auth/login"))
            .json(&json!({"login": "lena", "password": PASSWORD}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        client
    };
    let laptop = app.signed_in_again(&lena).await;

    let sessions = lena.get_json("/api/user/sessions").await;
    let sessions = sessions.as_array().unwrap();
    assert_eq!(sessions.len(), 3);
    assert_eq!(sessions.iter().filter(|s| s["current"] == true).count(), 1);
    assert!(
        sessions
            .iter()
            .any(|s| s["userAgent"] == "Safari on iPhone"),
        "{sessions:?}"
    );
    for session in sessions {
        assert!(session["id"].as_str().unwrap().len() >= 16);
        assert!(session["createdAt"].is_string() && session["lastSeenAt"].is_string());
    }
    // End the phone's session: it is signed out.
    let phone_id = sessions
        .iter()
        .find(|s| s["userAgent"] == "Safari on iPhone")
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    // Someone else cannot end it.
    let stranger = app.new_user("stranger").await;
    let (status, message, _) = error_of(
        stranger
            .delete(&format!("/api/user/sessions/{phone_id}"))
            .await,
    )
    .await;
    assert_eq!((status, message.as_str()), (404, "Session not found"));
    assert_eq!(
        lena.delete(&format!("/api/user/sessions/{phone_id}"))
            .await
            .status(),
        204
    );
    let after = phone.get(app.url("/api/auth/user")).send().await.unwrap();
    assert_eq!(after.status(), 401, "the phone is signed out");
    assert_eq!(laptop.get("/api/auth/user").await.status(), 200);
    // Every other session ends; this one stays.
    let ended = lena.delete("/api/user/sessions").await;
    assert_eq!(ended.status(), 200);
    let ended: Value = ended.json().await.unwrap();
    assert_eq!(ended["ended"], 1);
    assert_eq!(laptop.get("/api/auth/user").await.status(), 401);
    assert_eq!(lena.get("/api/auth/user").await.status(), 200);
    let left = lena.get_json("/api/user/sessions").await;
    assert_eq!(left.as_array().unwrap().len(), 1);
    assert_eq!(left[0]["current"], true);
    // Ending the current one signs this browser out.
    let mine = left[0]["id"].as_str().unwrap().to_owned();
    let response = lena.delete(&format!("/api/user/sessions/{mine}")).await;
    assert_eq!(response.status(), 204);
    assert_eq!(lena.get("/api/auth/user").await.status(), 401);
}

/// Sets up and turns on two-factor for `user` (username `name`); answers the secret and the
/// recovery codes, or `None` where pyotp is not installed (the test is then `unavailable`).
async fn turn_on_two_factor(app: &TestApp, user: &TestUser) -> Option<(String, Vec<String>)> {
    let setup = user
        .post_json("/api/user/2fa/setup", &json!({"password": PASSWORD}))
        .await;
    assert_eq!(setup.status(), 200);
    let setup: Value = setup.json().await.unwrap();
    let secret = setup["secret"].as_str().unwrap().to_owned();
    let uri = setup["otpauthUri"].as_str().unwrap();
    assert!(uri.starts_with("otpauth://totp/Atelier:"), "{uri}");
    assert!(uri.contains(&format!("secret={secret}")));
    let wrong = user
        .post_json("/api/user/2fa/enable", &json!({"code": "000000"}))
        .await;
    assert_eq!(error_of(wrong).await.2, "invalid_code");
    let code = authenticator_code(app, &secret)?;
    let enabled = user
        .post_json("/api/user/2fa/enable", &json!({"code": code}))
        .await;
    assert_eq!(enabled.status(), 200);
    let enabled: Value = enabled.json().await.unwrap();
    let codes: Vec<String> = enabled["recoveryCodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_owned())
        .collect();
    assert_eq!(codes.len(), 10);
    assert_eq!(me(user).await["twoFactorEnabled"], true);
    Some((secret, codes))
}

/// An app whose sign-in limits leave room for the many password and code checks of a test
/// (the limits have tests of their own).
async fn roomy_app(backend: Backend) -> TestApp {
    spawn_app_with(backend, |settings| {
        settings.auth_limit_per_ip = 10_000;
        settings.auth_limit_per_account = 10_000;
    })
    .await
}

async fn two_factor_is_set_up_with_a_code_from_an_independent_authenticator(backend: Backend) {
    let app = roomy_app(backend).await;
    let tess = app.new_user("tess").await;
    let wrong = tess
        .post_json("/api/user/2fa/setup", &json!({"password": "wrong-pass"}))
        .await;
    assert_eq!(error_of(wrong).await.1, "Password is incorrect");
    let Some((secret, _)) = turn_on_two_factor(&app, &tess).await else {
        return;
    };
    // Sign-in now asks for a code; a wrong password still says only that.
    let (status, _, code) =
        error_of(login(&app, json!({"login": "tess", "password": "wrong-pass"})).await).await;
    assert_eq!((status, code.as_str()), (401, "invalid_credentials"));
    let response = login(&app, json!({"login": "tess", "password": PASSWORD})).await;
    assert_eq!(response.status(), 202);
    assert!(
        crate::helpers::session_cookie(response.headers()).is_none(),
        "no session before the second factor"
    );
    // The code used to turn it on is not taken again; the next step's is.
    app.advance_clock(Duration::from_secs(30));
    let code = authenticator_code(&app, &secret).unwrap();
    let (status, user) = sign_in_with_two_factor(&app, "tess@example.com", &code).await;
    assert_eq!(status, 200, "{user}");
    assert_eq!(user["username"], "tess");
    // The same code does not sign in twice.
    let (status, body) = sign_in_with_two_factor(&app, "tess", &code).await;
    assert_eq!(status, 401, "{body}");
    assert_eq!(body["code"], "invalid_code");
    // Setting it up again while on is refused.
    let again = tess
        .post_json("/api/user/2fa/setup", &json!({"password": PASSWORD}))
        .await;
    assert_eq!(error_of(again).await.2, "two_factor_on");
}

async fn five_wrong_codes_end_a_two_factor_challenge(backend: Backend) {
    let app = roomy_app(backend).await;
    let uma = app.new_user("uma").await;
    let Some((secret, _)) = turn_on_two_factor(&app, &uma).await else {
        return;
    };
    app.advance_clock(Duration::from_secs(30));
    let first = login(&app, json!({"login": "uma", "password": PASSWORD})).await;
    let challenge: Value = first.json().await.unwrap();
    let attempt = |code: String| {
        let challenge = challenge["challenge"].clone();
        let app = &app;
        async move {
            app.post_json(
                "/api/auth/login/2fa",
                &json!({"challenge": challenge, "code": code}),
            )
            .await
        }
    };
    for n in 1..=4 {
        let (status, _, code) = error_of(attempt("111111".into()).await).await;
        assert_eq!(
            (status, code.as_str()),
            (401, "invalid_code"),
            "wrong code {n}"
        );
    }
    let (status, message, code) = error_of(attempt("111111".into()).await).await;
    assert_eq!(
        (status, code.as_str()),
        (401, "challenge_expired"),
        "the fifth ends it"
    );
    assert_eq!(message, "This sign-in has expired. Please sign in again.");
    // Even the right code cannot use it now.
    let right = authenticator_code(&app, &secret).unwrap();
    let (status, _, code) = error_of(attempt(right).await).await;
    assert_eq!((status, code.as_str()), (401, "challenge_expired"));
    // A challenge also expires after 10 minutes.
    let fresh = login(&app, json!({"login": "uma", "password": PASSWORD})).await;
    let fresh: Value = fresh.json().await.unwrap();
    app.advance_clock(Duration::from_secs(11 * 60));
    let code = authenticator_code(&app, &secret).unwrap();
    let late = app
        .post_json(
            "/api/auth/login/2fa",
            &json!({"challenge": fresh["challenge"], "code": code}),
        )
        .await;
    assert_eq!(error_of(late).await.2, "challenge_expired");
}

async fn a_recovery_code_signs_in_once_and_turns_two_factor_off(backend: Backend) {
    let app = roomy_app(backend).await;
    let kai = app.new_user("kai").await;
    let Some((secret, codes)) = turn_on_two_factor(&app, &kai).await else {
        return;
    };
    let (status, _) = sign_in_with_two_factor(&app, "kai", &codes[0].to_uppercase()).await;
    assert_eq!(status, 200, "a recovery code in place of a code");
    let (status, body) = sign_in_with_two_factor(&app, "kai", &codes[0]).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (401, Some("invalid_code")),
        "once only"
    );
    // Turning it off takes the password and a code.
    let wrong = kai
        .post_json(
            "/api/user/2fa/disable",
            &json!({"password": PASSWORD, "code": "000000"}),
        )
        .await;
    assert_eq!(error_of(wrong).await.2, "invalid_code");
    app.advance_clock(Duration::from_secs(30));
    let code = authenticator_code(&app, &secret).unwrap();
    let off = kai
        .post_json(
            "/api/user/2fa/disable",
            &json!({"password": PASSWORD, "code": code}),
        )
        .await;
    assert_eq!(off.status(), 204);
    assert_eq!(me(&kai).await["twoFactorEnabled"], false);
    assert_eq!(
        login(&app, json!({"login": "kai", "password": PASSWORD}))
            .await
            .status(),
        200,
        "no second step any more"
    );
    let again = kai
        .post_json(
            "/api/user/2fa/disable",
            &json!({"password": PASSWORD, "code": codes[1]}),
        )
        .await;
    assert_eq!(error_of(again).await.2, "two_factor_off");
}

async fn people_to_follow_share_your_skills_first_and_never_the_private_or_blocked(
    backend: Backend,
) {
    let app = spawn_app(backend).await;
    let me_user = app.new_user("newcomer").await;
    let skilled = |skills: Value| json!({"skills": skills});
    me_user
        .patch_json("/api/user/profile", &skilled(json!(["design", "motion"])))
        .await;
    let designer = app.new_user("designer").await;
    designer
        .patch_json("/api/user/profile", &skilled(json!(["design", "motion"])))
        .await;
    let coder = app.new_user("coder").await;
    coder
        .patch_json("/api/user/profile", &skilled(json!(["code"])))
        .await;
    let popular = app.new_user("popular").await;
    let hidden = app.new_user("hidden").await;
    hidden
        .patch_json("/api/user/profile", &skilled(json!(["design"])))
        .await;
    hidden
        .client
        .put(hidden.url("/api/user/settings"))
        .json(&json!({"privateAccount": true}))
        .send()
        .await
        .unwrap();
    let blocker = app.new_user("blocker").await;
    blocker
        .patch_json("/api/user/profile", &skilled(json!(["design"])))
        .await;
    blocker
        .post(&format!("/api/users/{}/block", me_user.id))
        .await;
    let followed = app.new_user("followed").await;
    followed
        .patch_json("/api/user/profile", &skilled(json!(["motion"])))
        .await;
    me_user
        .post(&format!("/api/users/{}/follow", followed.id))
        .await;
    // Followers make 'popular' the most followed.
    for fan in [&designer, &coder, &hidden, &followed] {
        fan.post(&format!("/api/users/{}/follow", popular.id)).await;
    }

    let suggestions = me_user.get_json("/api/users/suggestions?limit=20").await;
    let names: Vec<&str> = suggestions
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["username"].as_str().unwrap())
        .collect();
    assert_eq!(names[0], "designer", "{names:?}: sharing two skills first");
    assert_eq!(suggestions[0]["sharedSkills"], json!(["design", "motion"]));
    assert!(
        names.contains(&"popular") && names.contains(&"coder"),
        "{names:?}"
    );
    let popular_at = names.iter().position(|n| *n == "popular").unwrap();
    let coder_at = names.iter().position(|n| *n == "coder").unwrap();
    assert!(popular_at < coder_at, "{names:?}: the most followed next");
    assert_eq!(suggestions[popular_at]["followersCount"], 4);
    for never in ["newcomer", "hidden", "blocker", "followed"] {
        assert!(!names.contains(&never), "{names:?} must not hold {never}");
    }
    let (status, _, _) = error_of(me_user.get("/api/users/suggestions?limit=0").await).await;
    assert_eq!(status, 400);
    let two = me_user.get_json("/api/users/suggestions?limit=2").await;
    assert_eq!(two.as_array().unwrap().len(), 2);
}

async fn the_first_run_is_over_once_finished_or_skipped(backend: Backend) {
    let app = spawn_app(backend).await;
    let ada = app.new_user("ada").await;
    assert_eq!(me(&ada).await["onboarded"], false);
    assert_eq!(ada.post("/api/user/onboarding").await.status(), 204);
    assert_eq!(me(&ada).await["onboarded"], true);
    assert_eq!(
        ada.post("/api/user/onboarding").await.status(),
        204,
        "idempotent"
    );
}
