//! `atelier seed --demo`: the demo accounts listed in the README with avatars, bios, skills,
//! follows and a dozen generated image posts each. Idempotent: an account that exists keeps
//! its fields (only the admin flag is ensured), follows are set once, and posts are added only
//! to an account that has none. Stories are topped up (a creator with no live story gets two
//! new ones, so a re-run after a day brings them back), and each ad placement is topped up to
//! `ADS_PER_PLACEMENT` ads. The shop's pictures, credits and orders are `shop.rs`.

mod reels;
mod shop;
pub mod sound;
pub mod synthetic;
pub mod synthetic_rows;

use crate::ads::store;
use crate::ads::store::NewAd;
use crate::calls::store::voicemails;
use crate::chat::store::{conversations, messages};
use crate::identity::store::users;
use crate::identity::store::users::NewUser;
use crate::kernel::page::Page;
use crate::platform::db;
use crate::platform::db::Db;
use crate::platform::media::art;
use crate::platform::media::{AudioKind, ImageKind, Media};
use crate::platform::password::PasswordHasher;
use crate::platform::transcribe;
use crate::social::rules::story::STORY_LIFETIME_MS;
use crate::social::store::posts::{NewPost, NewPostMedia};
use crate::social::store::stories::NewStory;
use crate::social::store::{comments, follows, posts, reels as reel_store, stories};

pub struct DemoAccount {
    pub username: &'static str,
    pub display_name: &'static str,
    pub email: &'static str,
    pub password: &'static str,
    pub is_admin: bool,
}

/// Keep in step with the README's table.
pub const DEMO_ACCOUNTS: &[DemoAccount] = &[
    DemoAccount {
        username: "admin",
        display_name: "Atelier Admin",
        email: "admin@atelier.test",
        password: "atelier-admin",
        is_admin: true,
    },
    DemoAccount {
        username: "maya",
        display_name: "Maya Chen",
        email: "maya@atelier.test",
        password: "atelier-demo",
        is_admin: false,
    },
    DemoAccount {
        username: "leo",
        display_name: "Leo Martins",
        email: "leo@atelier.test",
        password: "atelier-demo",
        is_admin: false,
    },
    DemoAccount {
        username: "sofia",
        display_name: "Sofia Rossi",
        email: "sofia@atelier.test",
        password: "atelier-demo",
        is_admin: false,
    },
];

/// What each demo creator shows: bio, skills, and what their posts are about.
struct Portfolio {
    username: &'static str,
    bio: &'static str,
    skills: &'static [&'static str],
    follows: &'static [&'static str],
    posts: &'static [(&'static str, &'static str, &'static [&'static str])],
}

const PORTFOLIOS: &[Portfolio] = &[
    Portfolio {
        username: "maya",
        bio: "Painter and photographer. Harbours, light and long evenings.",
        skills: &["design", "photo"],
        follows: &["leo", "sofia"],
        posts: &[
            (
                "Blue hour over the harbour",
                "Lisbon",
                &["photo", "bluehour"],
            ),
            ("Gouache study, 20 minutes", "Studio", &["gouache", "study"]),
            ("Colour script for a short film", "", &["colour", "film"]),
            ("Morning fog on the river", "Porto", &["photo", "fog"]),
            ("Palette of the week", "", &["palette"]),
            ("Sketchbook page 41", "Café Central", &["sketchbook"]),
            ("Rooftops after the rain", "Lisbon", &["photo", "city"]),
            ("Abstract in three colours", "", &["abstract"]),
            (
                "Golden hour portrait light",
                "Studio",
                &["light", "portrait"],
            ),
            ("Warm-up shapes", "", &["practice"]),
            ("Tiles of Alfama", "Lisbon", &["pattern", "photo"]),
            ("Last light on the water", "Cascais", &["photo", "sunset"]),
        ],
    },
    Portfolio {
        username: "leo",
        bio: "Creative coder. Generative art, shaders and sound toys.",
        skills: &["code", "music", "motion"],
        follows: &["maya"],
        posts: &[
            (
                "Flow field, 10k particles",
                "",
                &["generative", "creativecoding"],
            ),
            ("Shader experiment: soft noise", "", &["shader", "glsl"]),
            ("Plotter test on A3", "Makerspace", &["plotter"]),
            ("Circles packing, seed 42", "", &["generative"]),
            ("Synth patch visualiser", "", &["music", "visualiser"]),
            ("Gradient mesh study", "", &["gradient"]),
            ("Live-coding set, frame 1", "Club Noise", &["livecoding"]),
            ("Voronoi garden", "", &["generative", "voronoi"]),
            ("Motion study: easing curves", "", &["motion"]),
            ("Glitch in the palette", "", &["glitch"]),
            ("Reaction-diffusion", "", &["simulation"]),
            ("Sunday sketch in p5.js", "", &["p5js", "sketch"]),
        ],
    },
    Portfolio {
        username: "sofia",
        bio: "Motion designer and illustrator. Loops, type and bold colour.",
        skills: &["design", "motion"],
        follows: &["maya", "leo"],
        posts: &[
            ("Title card for a festival", "Milan", &["type", "motion"]),
            ("Loop: bouncing shapes", "", &["loop", "motion"]),
            ("Poster series, part 1", "Milan", &["poster"]),
            ("Poster series, part 2", "Milan", &["poster"]),
            ("Character turnaround", "", &["illustration"]),
            ("Storyboard frames", "Studio", &["storyboard"]),
            ("Colour keys for an intro", "", &["colour"]),
            ("Kinetic type test", "", &["type"]),
            ("Brand shapes exploration", "", &["branding"]),
            ("Isometric room", "", &["illustration", "3d"]),
            ("Sunset loop", "Lake Como", &["loop"]),
            ("Sticker sheet", "", &["illustration", "stickers"]),
        ],
    },
];

/// Creates the missing demo accounts and their portfolios; returns how many accounts were
/// created.
pub async fn demo(db: &Db, media: &Media, fee_percent: u8) -> anyhow::Result<usize> {
    let created = demo_accounts(db).await?;
    let mut without_posts = Vec::new();
    for (n, portfolio) in PORTFOLIOS.iter().enumerate() {
        if let Some(user_id) = seed_portfolio(db, media, n as u64, portfolio).await? {
            without_posts.push((n, user_id));
        }
    }
    seed_posts(db, media, &without_posts).await?;
    seed_stories(db, media).await?;
    seed_ads(db, media).await?;
    seed_conversations(db).await?;
    seed_group(db).await?;
    seed_voicemails(db, media).await?;
    reels::seed_reels(db, media).await?;
    seed_comments(db).await?;
    seed_reel_likes(db).await?;
    shop::seed_shop(db, media, fee_percent).await?;
    Ok(created)
}

/// A demo conversation under a post: (the post's author, its caption, the commenter, the
/// comment, and the replies as (who, text)).
type DemoThread = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

const DEMO_THREADS: &[DemoThread] = &[
    (
        "maya",
        "Blue hour over the harbour",
        "leo",
        "The blues in this are unreal. @maya which lens?",
        &[
            ("maya", "@leo a 35mm, wide open. Thank you!"),
            ("sofia", "Saving this for my next colour key."),
        ],
    ),
    (
        "leo",
        "Flow field, 10k particles",
        "sofia",
        "Could watch this loop forever",
        &[(
            "leo",
            "Thanks @sofia! The seed goes in the caption next week.",
        )],
    ),
    (
        "sofia",
        "Title card for a festival",
        "maya",
        "The type and the colour together \u{2728}",
        &[("sofia", "@maya thank you! Three days of kerning.")],
    ),
];

/// Adds each demo thread to its post when that post has no comments yet (so a re-run adds
/// nothing), through the same insert as the API (counts and mentions follow).
async fn seed_comments(db: &Db) -> anyhow::Result<()> {
    use comments::{Item, NewComment};
    let first_page = Page {
        limit: 100,
        before: i64::MAX,
    };
    for (author, caption, commenter, content, replies) in DEMO_THREADS {
        let (Some(author), Some(commenter)) = (
            users::find_by_username(db, author).await?,
            users::find_by_username(db, commenter).await?,
        ) else {
            continue;
        };
        let ids: Vec<i64> = posts::by_user(db, author.id, author.id, first_page)
            .await?
            .iter()
            .map(|card| card.id)
            .collect();
        let posts = posts::bodies_of(db, &ids).await?;
        let Some(post) = posts.iter().find(|p| p.body.caption == *caption) else {
            continue;
        };
        let item = Item::Post(post.id);
        let one = Page {
            limit: 1,
            before: i64::MAX,
        };
        if comments::top_level(db, author.id, item, one)
            .await?
            .is_none_or(|rows| !rows.is_empty())
        {
            continue;
        }
        let comment = |user_id, parent_id, content: &'static str| NewComment {
            item,
            parent_id,
            user_id,
            content,
            mentions: &[],
            created_at: db::now_ms(),
        };
        let mentions = crate::social::rules::comment::mentioned_usernames(content);
        let top = comments::insert(
            db,
            NewComment {
                mentions: &mentions,
                ..comment(commenter.id, None, content)
            },
        )
        .await
        .map_err(|err| anyhow::anyhow!("seeding a comment: {err:?}"))?
        .0
        .id;
        for (who, text) in *replies {
            let Some(who) = users::find_by_username(db, who).await? else {
                continue;
            };
            let mentions = crate::social::rules::comment::mentioned_usernames(text);
            comments::insert(
                db,
                NewComment {
                    mentions: &mentions,
                    ..comment(who.id, Some(top), text)
                },
            )
            .await
            .map_err(|err| anyhow::anyhow!("seeding a reply: {err:?}"))?;
        }
    }
    Ok(())
}

/// Each demo creator likes the others' reels (once: a reel they like already is left as it is).
async fn seed_reel_likes(db: &Db) -> anyhow::Result<()> {
    let first_page = Page {
        limit: 100,
        before: i64::MAX,
    };
    for portfolio in PORTFOLIOS {
        let Some(fan) = users::find_by_username(db, portfolio.username).await? else {
            continue;
        };
        for reel in reel_store::page(db, fan.id, first_page).await? {
            if reel.user_id != fan.id && reel.is_liked == 0 {
                reel_store::toggle_like(db, fan.id, reel.id, db::now_ms()).await?;
            }
        }
    }
    Ok(())
}

/// The demo voicemail: (from, to, its recording: espeak-ng saying "Hey Maya, the palette
/// renders are ready. Call me back when you can.", as Ogg Opus).
const DEMO_VOICEMAILS: &[(&str, &str, &[u8])] = &[(
    "leo",
    "maya",
    include_bytes!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/voice/demo-voicemail.ogg"
    )),
)];

/// Leaves each demo voicemail whose recipient has none from that sender yet, so /voicemail is
/// not empty; its transcript is queued like any other (made once the server transcribes).
async fn seed_voicemails(db: &Db, media: &Media) -> anyhow::Result<()> {
    for (from, to, recording) in DEMO_VOICEMAILS {
        let (Some(sender), Some(recipient)) = (
            users::find_by_username(db, from).await?,
            users::find_by_username(db, to).await?,
        ) else {
            continue;
        };
        let newest = Page {
            limit: 100,
            before: i64::MAX,
        };
        let inbox = voicemails::page(db, recipient.id, newest, None).await?;
        if inbox.iter().any(|v| v.sender_id == sender.id) {
            continue;
        }
        let stored = media
            .ingest_audio(db, recording.to_vec(), AudioKind::Voicemail, 5)
            .await?;
        let created_at = db::now_ms() - 30 * 60_000;
        let (left, _) = voicemails::insert(
            db,
            voicemails::NewVoicemail {
                sender_id: sender.id,
                recipient_id: recipient.id,
                media_key: &stored.key,
                duration: stored.duration,
                created_at,
            },
        )
        .await?;
        let subject = transcribe::Subject::Voicemail(left.id);
        transcribe::store::queue(db, subject, sender.id, &stored.key, created_at).await?;
    }
    Ok(())
}

/// Demo conversations: (from, to, lines), each line `(sender is the first person, text,
/// reply to line n, reactions of the other person)`.
type DemoLine = (bool, &'static str, Option<usize>, &'static [&'static str]);
const DEMO_CONVERSATIONS: &[(&str, &str, &[DemoLine])] = &[
    (
        "maya",
        "leo",
        &[
            (
                true,
                "Loved the shader you posted last night!",
                None,
                &["❤️"],
            ),
            (
                false,
                "Thank you! It took three evenings of tweaking the noise",
                None,
                &[],
            ),
            (
                true,
                "Could it work as a background for my next print series?",
                None,
                &[],
            ),
            (
                false,
                "Absolutely. Send me the palette and I'll render a few",
                Some(2),
                &["👍"],
            ),
        ],
    ),
    (
        "sofia",
        "maya",
        &[
            (
                true,
                "Hi Maya! Would you review my storyboard this week?",
                None,
                &[],
            ),
            (false, "Of course, Thursday works for me", None, &["❤️"]),
        ],
    ),
];

/// Starts each demo conversation that does not exist yet, with its messages a few minutes apart.
async fn seed_conversations(db: &Db) -> anyhow::Result<()> {
    const MINUTE_MS: i64 = 60_000;
    let now = db::now_ms();
    for (from, to, lines) in DEMO_CONVERSATIONS {
        let (Some(a), Some(b)) = (
            users::find_by_username(db, from).await?,
            users::find_by_username(db, to).await?,
        ) else {
            continue;
        };
        let start = now - (lines.len() as i64 + 5) * 10 * MINUTE_MS;
        let Some(conversations::Started::Created(id)) =
            conversations::start(db, a.id, b.id, start).await?
        else {
            continue;
        };
        let mut ids = Vec::new();
        for (n, (first, text, reply, reactions)) in lines.iter().enumerate() {
            let (sender, other) = if *first { (a.id, b.id) } else { (b.id, a.id) };
            let at = start + (n as i64 + 1) * 10 * MINUTE_MS;
            let message = messages::post(
                db,
                messages::NewMessage {
                    conversation_id: id,
                    sender_id: sender,
                    body: messages::Body::Text(text),
                    reply_to_id: reply.and_then(|r| ids.get(r).copied()),
                    created_at: at,
                },
            )
            .await
            .map_err(|err| anyhow::anyhow!("seeding a message: {err:?}"))?
            .message
            .id;
            for emoji in *reactions {
                messages::toggle_reaction(db, id, message, other, emoji, at + MINUTE_MS).await?;
            }
            ids.push(message);
        }
    }
    Ok(())
}

/// The demo group (issue 22): its name, its owner, the others, and what each said.
const DEMO_GROUP: (&str, &str, [&str; 2], [(&str, &str); 3]) = (
    "Studio crew",
    "maya",
    ["leo", "sofia"],
    [
        ("maya", "Crit on Friday? Bring one thing you are stuck on"),
        ("leo", "I'll bring the new shader renders"),
        ("sofia", "Count me in, I have a storyboard that needs eyes"),
    ],
);

/// Makes the demo group unless its owner has it already, with its messages minutes apart.
async fn seed_group(db: &Db) -> anyhow::Result<()> {
    const MINUTE_MS: i64 = 60_000;
    let (name, owner, others, lines) = DEMO_GROUP;
    let Some(owner) = users::find_by_username(db, owner).await? else {
        return Ok(());
    };
    if conversations::group_named(db, owner.id, name)
        .await?
        .is_some()
    {
        return Ok(());
    }
    let mut ids = Vec::new();
    for other in others {
        if let Some(user) = users::find_by_username(db, other).await? {
            ids.push(user.id);
        }
    }
    let start = db::now_ms() - 40 * MINUTE_MS;
    let Ok((id, _)) = conversations::create_group(db, owner.id, &ids, name, start).await? else {
        return Ok(());
    };
    for (n, (who, text)) in lines.iter().enumerate() {
        let Some(sender) = users::find_by_username(db, who).await? else {
            continue;
        };
        messages::post(
            db,
            messages::NewMessage {
                conversation_id: id,
                sender_id: sender.id,
                body: messages::Body::Text(text),
                reply_to_id: None,
                created_at: start + (n as i64 + 1) * 5 * MINUTE_MS,
            },
        )
        .await
        .map_err(|err| anyhow::anyhow!("seeding a group message: {err:?}"))?;
    }
    Ok(())
}

/// Two stories of each demo creator's day, with their captions.
const DEMO_STORIES: &[(&str, [&str; 2])] = &[
    ("maya", ["Mixing a new blue", "Studio light at 7 am"]),
    ("leo", ["Rendering overnight", "New shader, who dis"]),
    ("sofia", ["Storyboard wall", "Loop in progress"]),
];

/// Gives each demo creator without a live story two new ones, a few hours old.
async fn seed_stories(db: &Db, media: &Media) -> anyhow::Result<()> {
    const HOUR_MS: i64 = 3_600_000;
    let now = db::now_ms();
    for (n, (username, captions)) in DEMO_STORIES.iter().enumerate() {
        let Some(user) = users::find_by_username(db, username).await? else {
            continue;
        };
        if stories::live_count(db, user.id, now).await? > 0 {
            continue;
        }
        for (i, caption) in captions.iter().enumerate() {
            // Vertical frames: stories are shown full screen on a phone.
            let picture = art::artwork(5000 + (n * 10 + i) as u64, 540, 960);
            let stored = media.ingest_image(db, picture, ImageKind::Post).await?;
            let created_at = now - (2 * (captions.len() - i) as i64 + n as i64) * HOUR_MS;
            stories::insert(
                db,
                NewStory {
                    user_id: user.id,
                    image_url: &stored.url,
                    media_key: Some(&stored.key),
                    kind: "image",
                    caption: Some(caption),
                    created_at,
                    expires_at: created_at + STORY_LIFETIME_MS,
                },
            )
            .await?;
        }
    }
    Ok(())
}

/// Each placement is topped up to this many demo ads.
const ADS_PER_PLACEMENT: usize = 3;

/// The demo advertisers: (advertiser, title, description, target).
const DEMO_ADVERTISERS: &[(&str, &str, &str, &str)] = &[
    (
        "Pigment & Co.",
        "Artist-grade gouache, 20% off",
        "Twelve colours that dry matte and scan beautifully.",
        "https://example.com/pigment",
    ),
    (
        "Framewise",
        "Print your portfolio",
        "Gallery prints on cotton paper, shipped in three days.",
        "https://example.com/framewise",
    ),
    (
        "ShaderLab",
        "Learn real-time graphics",
        "A six-week course in GLSL for designers and coders.",
        "https://example.com/shaderlab",
    ),
    (
        "Loopstudio",
        "Motion presets for creators",
        "Two hundred easing curves and transitions, one click each.",
        "https://example.com/loopstudio",
    ),
];

/// Tops each placement up to `ADS_PER_PLACEMENT` ads with generated images, running for a year
/// from now with a budget that lasts.
async fn seed_ads(db: &Db, media: &Media) -> anyhow::Result<()> {
    const DAY_MS: i64 = 86_400_000;
    let now = db::now_ms();
    for (p, category) in ["feed", "banner", "sidebar", "story"].iter().enumerate() {
        let existing = usize::try_from(store::count_in(db, category).await?).unwrap_or(0);
        for i in existing..ADS_PER_PLACEMENT {
            let (advertiser, title, description, target) =
                DEMO_ADVERTISERS[(p + i) % DEMO_ADVERTISERS.len()];
            // Wide banners and sidebars; square cards in the feed; vertical in stories.
            let (width, height) = match *category {
                "banner" => (1200, 300),
                "sidebar" => (600, 500),
                "story" => (540, 960),
                _ => (800, 800),
            };
            let picture = art::artwork(9000 + (p * 10 + i) as u64, width, height);
            let stored = media.ingest_image(db, picture, ImageKind::Post).await?;
            store::insert(
                db,
                NewAd {
                    title,
                    description,
                    image_url: &stored.url,
                    target_url: target,
                    advertiser_name: advertiser,
                    category,
                    budget_cents: 50_000,
                    cost_per_click_cents: 25,
                    start_date: now - DAY_MS,
                    end_date: now + 365 * DAY_MS,
                    is_active: true,
                    created_at: now,
                },
            )
            .await?;
        }
    }
    Ok(())
}

/// Avatar, bio, skills and follows where missing; answers the user's id when they have no
/// posts yet.
async fn seed_portfolio(
    db: &Db,
    media: &Media,
    n: u64,
    portfolio: &Portfolio,
) -> anyhow::Result<Option<i64>> {
    let Some(user) = users::find_by_username(db, portfolio.username).await? else {
        return Ok(None);
    };
    let profile = users::profile_by_id(db, user.id, user.id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("demo user {} vanished", portfolio.username))?;
    for followee in portfolio.follows {
        if let Some(other) = users::find_by_username(db, followee).await? {
            follows::follow(db, user.id, other.id, db::now_ms()).await?;
        }
    }
    if user.profile_image_url.is_none() {
        let avatar = media
            .ingest_image(db, art::artwork(1000 + n, 480, 480), ImageKind::Avatar)
            .await?;
        users::set_profile_image(db, user.id, &avatar.url, &avatar.thumbnail_url).await?;
    }
    if profile.bio.is_none() {
        let skills = serde_json::Value::from(portfolio.skills.to_vec()).to_string();
        let change = users::ProfileChange {
            display_name: None,
            bio: Some(Some(portfolio.bio)),
            skills: Some(&skills),
        };
        users::update_profile(db, user.id, change).await?;
    }
    Ok((profile.posts_count == 0).then_some(user.id))
}

/// A demo post's age: the portfolios' posts interleave over the last days, so the feed (newest
/// id first) reads in time order and shows 'Nh ago' and 'Nd ago'.
fn demo_post_time(now: i64, round: usize, creator: usize) -> i64 {
    const HOUR_MS: i64 = 3_600_000;
    let hours_ago = (11 - round as i64) * 7 + (2 - creator as i64) * 2 + 1;
    now - hours_ago * HOUR_MS
}

/// Adds the twelve posts of each creator that has none, round by round, oldest first.
async fn seed_posts(db: &Db, media: &Media, creators: &[(usize, i64)]) -> anyhow::Result<()> {
    let now = db::now_ms();
    for round in 0..12 {
        for &(n, user_id) in creators {
            let Some((caption, location, tags)) = PORTFOLIOS[n].posts.get(round) else {
                continue;
            };
            // Portrait, square and landscape frames, so the grid and the feed show each shape.
            let (width, height) = [(720, 900), (800, 800), (960, 600)][(round + n) % 3];
            // Every fourth post is a carousel of three (issue 44); every image has its alt text.
            let count = if round % 4 == 1 { 3 } else { 1 };
            let mut stored = Vec::with_capacity(count);
            for k in 0..count {
                let picture = art::artwork((n * 100 + round + 1000 * k) as u64, width, height);
                stored.push(media.ingest_image(db, picture, ImageKind::Post).await?);
            }
            let alts: Vec<String> = (1..=count)
                .map(|k| {
                    let of = if count > 1 {
                        format!(" ({k} of {count})")
                    } else {
                        String::new()
                    };
                    format!(
                        "Abstract artwork: a colour gradient with soft discs and bands over it{of}"
                    )
                })
                .collect();
            let items: Vec<NewPostMedia> = stored
                .iter()
                .zip(&alts)
                .map(|(image, alt)| NewPostMedia {
                    image_url: &image.url,
                    media_key: Some(&image.key),
                    alt,
                })
                .collect();
            let tags: Vec<String> = tags.iter().map(|tag| (*tag).to_owned()).collect();
            posts::insert(
                db,
                NewPost {
                    user_id,
                    caption,
                    media: &items,
                    location: (!location.is_empty()).then_some(*location),
                    tags: &tags,
                    created_at: demo_post_time(now, round, n),
                },
            )
            .await?;
        }
    }
    Ok(())
}

/// Creates the missing demo accounts; returns how many were created.
async fn demo_accounts(db: &Db) -> anyhow::Result<usize> {
    let hasher = PasswordHasher::default();
    let mut created = 0;
    for account in DEMO_ACCOUNTS {
        if users::find_by_username(db, account.username)
            .await?
            .is_none()
        {
            let password_hash = hasher.hash(account.password).await?;
            users::insert(
                db,
                NewUser {
                    username: account.username,
                    email: account.email,
                    display_name: account.display_name,
                    password_hash: &password_hash,
                    is_admin: account.is_admin,
                    verified: true,
                },
            )
            .await?;
            created += 1;
        } else if account.is_admin {
            users::grant_admin(db, account.username).await?;
        }
    }
    Ok(created)
}
