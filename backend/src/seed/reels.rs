//! The three sample reels of `atelier seed --demo`: short vertical WebM videos made for the
//! project from ffmpeg's test sources (scripts/make-sample-reels.sh), built into the binary so
//! seeding needs neither ffmpeg nor the network. Each goes through the same pipeline as an
//! upload (sniffed, measured, stored by content hash) with its committed poster, and is posted
//! by a demo creator who has no reel yet, so a re-run adds nothing.

use crate::identity::store::users;
use crate::platform::db;
use crate::platform::db::Db;
use crate::platform::media::{Media, VideoSpool};
use crate::social::store::reels;
use crate::social::store::reels::{NewReel, ReelVideo};

struct SampleReel {
    username: &'static str,
    video: &'static [u8],
    poster: &'static [u8],
    caption: &'static str,
}

/// Oldest first: the last one is the pager's first page.
const SAMPLE_REELS: &[SampleReel] = &[
    SampleReel {
        username: "sofia",
        video: include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/reels/test-pattern.webm"
        )),
        poster: include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/reels/test-pattern.jpg"
        )),
        caption: "Motion test: colour bars in a loop. Which frame is your favourite? #motion #loop",
    },
    SampleReel {
        username: "maya",
        video: include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/reels/gradients.webm"
        )),
        poster: include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/reels/gradients.jpg"
        )),
        caption: "Colour drift: four gradients, one slow evening loop #colour #palette",
    },
    SampleReel {
        username: "leo",
        video: include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/reels/mandelbrot.webm"
        )),
        poster: include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/reels/mandelbrot.jpg"
        )),
        caption: "Mandelbrot zoom, rendered frame by frame. Infinite detail in five seconds #generative #creativecoding",
    },
];

/// Posts each sample reel whose creator exists and has no reel yet.
pub async fn seed_reels(db: &Db, media: &Media) -> anyhow::Result<()> {
    // The committed posters, not frames cut again by ffmpeg where it is installed.
    let media = &media.clone().with_ffmpeg(None);
    let now = db::now_ms();
    for (n, sample) in SAMPLE_REELS.iter().enumerate() {
        let Some(user) = users::find_by_username(db, sample.username).await? else {
            continue;
        };
        if reels::count_by_user(db, user.id).await? > 0 {
            continue;
        }
        let mut spool = VideoSpool::new().await?;
        spool.write(sample.video).await?;
        let stored = media
            .ingest_video(db, spool.finish().await?, Some(sample.poster.to_vec()))
            .await?;
        // An hour apart, oldest first.
        let age_hours = (SAMPLE_REELS.len() - n) as i64;
        reels::insert(
            db,
            NewReel {
                user_id: user.id,
                video: &ReelVideo::from(&stored),
                caption: sample.caption,
                created_at: now - age_hours * 3_600_000,
            },
        )
        .await?;
    }
    Ok(())
}
