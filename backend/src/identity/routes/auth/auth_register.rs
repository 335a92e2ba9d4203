use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::identity::rules::account::{DisplayName, Password, REQUIRED_FIELDS, Username, filled};
use crate::identity::store::users;
use crate::identity::store::users::{Duplicate, NewUser};
use crate::identity::wire::SessionUser;
use crate::identity::{accounts, session, session_user};
use crate::kernel::email::Email;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::limits::{Limit, Limits};
use crate::platform::state::AppState;

const USERNAME_TAKEN: &str = "Username is already taken";

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterRequest {
    /// 3–30 of letters, digits, `_` and `.`; unique case-insensitively. Required (a missing
    /// or null field is answered with the spec's message rather than a parse error).
    #[serde(default)]
    #[schema(
        required = true,
        nullable = false,
        pattern = r"^[\t\n\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*[A-Za-z0-9_.]{3,30}[\t\n\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*$"
    )]
    pub username: Option<String>,
    /// `local@domain.tld` (one `@`, a dot in the domain, no spaces); unique
    /// case-insensitively. Required.
    #[serde(default)]
    #[schema(
        required = true,
        nullable = false,
        max_length = 254,
        pattern = r"^[\t\n\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*[^\u0000-\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000@]+@[^\u0000-\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000@.]+\.[^\u0000-\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000@]*[^\u0000-\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000@.][\t\n\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*$"
    )]
    pub email: Option<String>,
    /// 6–256 characters, not all blank. Required.
    #[serde(default)]
    #[schema(
        required = true,
        nullable = false,
        min_length = 6,
        max_length = 256,
        pattern = r"^[^\u0000-\u0008\u000B\u000C\u000E-\u001F]*[^\u0000-\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000][^\u0000-\u0008\u000B\u000C\u000E-\u001F]*$"
    )]
    pub password: Option<String>,
    /// Optional; falls back to the username. At most 50 characters.
    #[serde(default)]
    #[schema(max_length = 50)]
    pub display_name: Option<String>,
}

/// Create an account and sign in.
#[utoipa::path(
    post, path = "/register", tag = "auth",
    request_body = RegisterRequest,
    responses(
        (status = 201, description = "Account created; session cookie set", body = SessionUser),
        (status = 400, description = "Invalid input (spec wording)", body = ErrorBody),
        (status = 409, description = "Username or email already taken", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until another attempt is allowed"))),
    )
)]
pub async fn register(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Json(body): Json<RegisterRequest>,
) -> ApiResult<Response> {
    let (Some(raw_username), Some(raw_email), Some(raw_password)) = (
        filled(body.username.as_deref()),
        filled(body.email.as_deref()),
        body.password.as_deref().filter(|p| !p.trim().is_empty()),
    ) else {
        return Err(ApiError::bad_request(REQUIRED_FIELDS));
    };
    let address = peer.ip();
    state.limits.check(Limit::SignInAddress, address).await?;
    for name in [raw_username, raw_email] {
        let key = Limits::account_key(format!("name:{}", name.to_lowercase()), address);
        state.limits.check(Limit::SignInAccount, key).await?;
    }

    // The spec's order: length, then email shape; then what the spec leaves to the server.
    let password = Password::parse(raw_password)?;
    let email = Email::parse(raw_email)?;
    let username = Username::parse(raw_username)?;
    let display_name = DisplayName::parse_or(body.display_name.as_deref(), &username)?;

    if let Some(duplicate) = users::taken(&state.db, username.as_str(), email.as_str()).await? {
        return Err(conflict(duplicate));
    }
    let password_hash = state.hasher.hash(password.expose()).await?;
    let new_user = NewUser {
        username: username.as_str(),
        email: email.as_str(),
        display_name: display_name.as_str(),
        password_hash: &password_hash,
        is_admin: false,
        verified: false,
    };
    // The unique indexes decide races between two sign-ups for the same name.
    let user =
        users::insert(&state.db, new_user).await.map_err(|err| {
            match users::duplicate_of(&err) {
                Some(duplicate) => conflict(duplicate),
                None => err.into(),
            }
        })?;

    let cookie = session::start(&state.db, user.id, &headers, state.secure_cookies).await?;
    tracing::info!(user_id = user.id, "account created");
    // The account works at once; the link confirms the address (7 days' grace).
    accounts::send_verification(&state, &user).await?;
    let answer = session_user(&state, user).await?;
    Ok((
        StatusCode::CREATED,
        [(header::SET_COOKIE, cookie)],
        Json(answer),
    )
        .into_response())
}

fn conflict(duplicate: Duplicate) -> ApiError {
    let (message, code) = match duplicate {
        Duplicate::Username => (USERNAME_TAKEN, "username_taken"),
        Duplicate::Email => (accounts::EMAIL_TAKEN, "email_taken"),
    };
    ApiError::Conflict {
        message: message.to_owned(),
        code,
    }
}
