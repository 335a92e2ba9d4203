//! `atelier`: telemetry → configuration → command.

use anyhow::Context;
use clap::Parser;

use atelier::app::{Application, shutdown_signal};
use atelier::economy::store::earnings;
use atelier::identity::store::users;
use atelier::platform::config::{AdminCommand, Cli, Command};
use atelier::platform::db;
use atelier::platform::db::Db;
use atelier::platform::media::Media;

/// mimalloc instead of glibc's malloc: a request allocates many small, short-lived values (rows,
/// JSON, headers) across the async and SQLite worker threads, where glibc's arenas showed up
/// as ~15 % of the server's CPU in a profile of the feed.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `mi_option_purge_delay` (mimalloc.h's `mi_option_e`; libmimalloc-sys names no
/// constant for it).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    // Memory freed back to mimalloc goes back to the OS when it is freed, not up to a second
    // later, and only if some thread allocates again by then: a server that went quiet kept
    // what a burst had used (a sign-in's 19 MiB for argon2id, the buffers of 10,000 sockets'
    // handshakes) resident. Measured: no throughput lost on the feed or the chat path, ~4 KB
    // less per idle socket, 3 MB lower peak under the feed (docs/benchmarks.md, issue 24).
    // SAFETY: sets one of mimalloc's options; no pointers, any time.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0) };
    let Cli { command, settings } = Cli::parse();
    let _log_writer = atelier::platform::telemetry::init(settings.log_format);

    match command.unwrap_or(Command::Serve) {
        Command::Serve => {
            let app = Application::build(settings).await?;
            tracing::info!(address = %app.local_addr(), "Atelier is listening");
            app.run_until(shutdown_signal()).await?;
        }
        Command::Migrate => {
            atelier::app::migrate(&Db::connect(&settings.database_url).await?).await?;
            tracing::info!("migrations applied");
        }
        Command::Seed {
            demo,
            synthetic,
            users,
            posts,
            sessions_out,
            now,
        } => {
            anyhow::ensure!(
                demo || synthetic,
                "nothing to seed: pass --demo or --synthetic"
            );
            let db = Db::connect(&settings.database_url).await?;
            atelier::app::migrate(&db).await?;
            if demo {
                let media = Media::open(&settings.media_store)?;
                let created =
                    atelier::seed::demo(&db, &media, settings.platform_fee_percent).await?;
                tracing::info!(created, "demo data seeded");
            }
            if synthetic {
                let started = std::time::Instant::now();
                let seeded = atelier::seed::synthetic::seed(&db, users, posts, now).await?;
                tracing::info!(
                    users = seeded.user_ids.len(),
                    posts = seeded.posts,
                    likes = seeded.likes,
                    comments = seeded.comments,
                    follows = seeded.follows,
                    stories = seeded.stories,
                    conversations = seeded.conversations,
                    messages = seeded.messages,
                    reactions = seeded.reactions,
                    seconds = started.elapsed().as_secs_f64(),
                    "synthetic data seeded"
                );
                if let Some(path) = sessions_out {
                    let sessions = atelier::seed::synthetic::sign_in(&db, &seeded.user_ids).await?;
                    atelier::seed::synthetic::write_sessions(&path, &sessions)
                        .with_context(|| format!("writing {}", path.display()))?;
                    tracing::info!(sessions = sessions.len(), file = %path.display(), "sessions written");
                }
            }
        }
        Command::Admin {
            command: AdminCommand::Grant { user },
        } => {
            let db = Db::connect(&settings.database_url).await?;
            atelier::app::migrate(&db).await?;
            let granted = users::grant_admin(&db, &user).await?;
            anyhow::ensure!(granted, "no user named {user:?}");
            tracing::info!(user, "admin role granted");
        }
        Command::Admin {
            command: AdminCommand::Restore { user },
        } => {
            let db = Db::connect(&settings.database_url).await?;
            atelier::app::migrate(&db).await?;
            match users::restore(&db, &user).await? {
                users::Restored::Restored(name) => println!("{name}: restored"),
                users::Restored::WasActive(name) => println!("{name}: was not deactivated"),
                users::Restored::NoSuchUser => anyhow::bail!("no user named {user:?}"),
            }
        }
        Command::Admin {
            command: AdminCommand::Credit { user, cents, note },
        } => {
            let note = note.trim();
            anyhow::ensure!(!note.is_empty(), "the note must not be blank");
            let db = Db::connect(&settings.database_url).await?;
            atelier::app::migrate(&db).await?;
            let found = users::find_by_username(&db, &user)
                .await?
                .with_context(|| format!("no user named {user:?}"))?;
            let balance = earnings::credit(&db, found.id, cents, note, db::now_ms()).await?;
            println!(
                "{}: credited {}; total earnings {}, available {}, pending {}",
                found.username,
                atelier::kernel::money::dollars(cents),
                atelier::kernel::money::dollars(balance.total_earnings_cents),
                atelier::kernel::money::dollars(balance.available_cents),
                atelier::kernel::money::dollars(balance.pending_cents),
            );
        }
        Command::Openapi => {
            let document = atelier::app::api::openapi()
                .to_pretty_json()
                .context("serialising")?;
            println!("{document}");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::MI_OPTION_PURGE_DELAY;

    /// The option is set by its number: if an update of mimalloc renumbered its options, the
    /// number would name another one. Option 15 must still be the purge delay, whose default in
    /// mimalloc v3 is 1,000 ms (and reading it back after a set gives what was set).
    #[test]
    fn option_15_is_mimallocs_purge_delay() {
        // SAFETY: reads and sets one of mimalloc's options; no pointers.
        unsafe {
            assert_eq!(libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY), 1000);
            libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0);
            assert_eq!(libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY), 0);
            libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 1000);
        }
    }
}
