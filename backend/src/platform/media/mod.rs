//! Media: verify, re-encode and store uploads, and serve them back.
//! Objects live in an object store (a local folder or an S3 bucket) under a content hash, so
//! the same bytes are stored once and a key never changes meaning: `/media/{key}` is cached
//! forever. Each stored object has a `media` row (platform/media/usage.rs) with its size and, for images,
//! its dimensions and blurhash. Images are re-encoded (`ingest_image`); audio is checked,
//! cut to what its container declares (declared.rs) and measured, then stored
//! (`ingest_audio`); so is video, streamed through a temporary
//! file and copied to the store in parts (`ingest_video`).

pub mod art;
mod audio;
mod declared;
pub mod fetch;
#[cfg(test)]
mod fixtures;
mod process;
pub mod usage;
mod video;

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path as StorePath;
use object_store::prefix::PrefixStore;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload, WriteMultipart};
use sha2::{Digest, Sha256};
use tokio::sync::Semaphore;

use crate::kernel::error::DomainError;
use crate::kernel::image::{ImageSource, parse_audio_data_url};
use crate::platform::db::Db;

pub use audio::AudioFormat;
pub use process::{AVATAR_SIDE, AVATAR_SMALL_SIDE, POST_MAX_SIDE, POST_THUMB_SIDE};
pub use video::{
    SpooledVideo, VIDEO_MAX_BYTES, VIDEO_MAX_SECS, VideoFormat, VideoSpool, sniff as sniff_video,
};

/// At most this many images are decoded (or audio files demuxed) at once; an image may hold a
/// few hundred MiB.
const DECODE_SLOTS: usize = 2;
/// A real length may exceed the cap by this much (a recorder stopped at 60 s writes a little
/// more than 60 s) before it is refused.
const AUDIO_SLACK_MS: u64 = 1000;
/// A video goes to the store in parts of this size (S3's smallest part is 5 MiB).
const VIDEO_PART_SIZE: usize = 5 * 1024 * 1024;

/// The media store and the pipeline in front of it. Cheap to clone.
#[derive(Clone)]
pub struct Media {
    store: Arc<dyn ObjectStore>,
    decode_slots: Arc<Semaphore>,
    /// The ffmpeg that cuts reel posters (`ffmpeg` on the PATH by default); `None`: never run
    /// it, and use the poster the client sent.
    ffmpeg: Option<Arc<PathBuf>>,
    /// The bytes each user may store (`--media-quota-mb`).
    quota_bytes: i64,
    /// Whose quota this handle's uploads count against (`charged_to`); `None`: nobody's (the
    /// seed, and uploads not made by a user's request).
    owner: Option<i64>,
    /// Images given as a URL may also be fetched from loopback addresses
    /// (`--fetch-allow-loopback`, tests only).
    fetch_allow_loopback: bool,
}

/// What an image is for: it decides the renditions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    /// Longest side at most 1600 px (never upscaled), plus a 320 px thumbnail.
    Post,
    /// A centred square crop of 400 px, plus a 96 px one.
    Avatar,
}

/// A stored image as a post or an avatar refers to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredImage {
    /// The main rendition's key (`{sha256}.{ext}`).
    pub key: String,
    /// `/media/{key}`
    pub url: String,
    /// `/media/{thumbnail key}`
    pub thumbnail_url: String,
    pub width: i64,
    pub height: i64,
    pub blurhash: String,
}

/// An image a post, a story or an ad shows: where it is, and its stored object when it was
/// uploaded (the row refers to it, so the object is kept).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShownImage {
    /// `/media/{key}` for an upload, else the http(s) URL (or `/media/` path) as given.
    pub url: String,
    /// The stored object's key, for an upload.
    pub key: Option<String>,
}

/// What a recording is for: it decides the length cap and the words of a refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AudioKind {
    /// A chat voice message, 1–60 s.
    VoiceMessage,
    /// A voicemail, 1–30 s.
    Voicemail,
    /// A voice reaction to a post or a reel, 1–60 s (issue 43).
    VoiceReaction,
}

impl AudioKind {
    /// The longest recording, in whole seconds.
    pub fn max_secs(self) -> i64 {
        match self {
            Self::VoiceMessage | Self::VoiceReaction => 60,
            Self::Voicemail => 30,
        }
    }

    /// The 400 for a length outside 1..=max (claimed, or real past the slack).
    pub fn out_of_range(self) -> &'static str {
        match self {
            Self::VoiceMessage => "Voice messages must be 1 to 60 seconds",
            Self::Voicemail => "Voicemails must be 1 to 30 seconds",
            Self::VoiceReaction => "Voice reactions must be 1 to 60 seconds",
        }
    }

    /// The 400 for a missing or malformed audio data URL.
    pub fn required(self) -> &'static str {
        match self {
            Self::VoiceMessage => "Voice message audio is required",
            Self::Voicemail => "Voicemail audio is required",
            Self::VoiceReaction => "Voice reaction audio is required",
        }
    }

    /// A recording as a request body carries it: the bytes of its base64 `data:` URL (not yet
    /// checked: `ingest_audio` sniffs them) and its claimed duration in seconds, in range.
    pub fn parse_upload(
        self,
        voice_url: Option<&str>,
        duration: Option<i64>,
    ) -> Result<(Vec<u8>, i64), DomainError> {
        let bytes = voice_url
            .and_then(parse_audio_data_url)
            .ok_or_else(|| DomainError::invalid(self.required()))?;
        match duration {
            Some(secs) if (1..=self.max_secs()).contains(&secs) => Ok((bytes, secs)),
            _ => Err(DomainError::invalid(self.out_of_range())),
        }
    }
}

/// Stored audio as a message or a voicemail refers to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredAudio {
    /// `{sha256}.{ext}`
    pub key: String,
    /// `/media/{key}`
    pub url: String,
    /// Whole seconds: the real length (rounded, 1..=max) when the container keeps time, else
    /// the claimed one.
    pub duration: i64,
}

/// A stored video as a reel refers to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredVideo {
    /// `{sha256}.{webm|mp4}`
    pub key: String,
    /// `/media/{key}`
    pub url: String,
    /// Whole seconds, rounded, 1..=60.
    pub duration: i64,
    pub width: Option<i64>,
    pub height: Option<i64>,
    /// The poster frame: ffmpeg's when it is installed, else the client's, else none.
    pub poster: Option<StoredImage>,
}

#[derive(Debug, thiserror::Error)]
pub enum MediaError {
    /// The bytes are not JPEG, PNG, GIF or WebP (whatever type was claimed).
    #[error("not an accepted image type")]
    NotAnImage,
    /// Too many pixels to decode safely (a decompression bomb, or just huge).
    #[error("image too large")]
    TooLarge,
    /// Starts like an image but does not decode.
    #[error("image does not decode")]
    Corrupt,
    /// The bytes are not WebM/Opus, Ogg/Opus, MP4/AAC, MP3 or WAV.
    #[error("not an accepted audio type")]
    NotAudio,
    /// Starts like an accepted container but does not demux, or holds no audio.
    #[error("audio does not demux")]
    CorruptAudio,
    /// The real length is past the kind's cap (plus the slack).
    #[error("audio too long")]
    AudioTooLong(AudioKind),
    /// Not WebM or MP4, does not demux, or holds no video track.
    #[error("not an accepted video type")]
    NotVideo,
    /// Longer than 60 s (plus the slack).
    #[error("video too long")]
    VideoTooLong,
    /// More than 100 MiB.
    #[error("video too large")]
    VideoTooBig,
    /// The container claims bytes that did not arrive (or holds none).
    #[error("audio damaged")]
    DamagedAudio,
    /// An image given as a URL could not be fetched, or its body is not an image that decodes.
    #[error("image could not be fetched")]
    Unfetchable,
    /// The upload would take its owner past their media quota.
    #[error("media quota exceeded")]
    QuotaExceeded,
    #[error("media store: {0:#}")]
    Store(anyhow::Error),
}

/// The 400 of an image URL that could not be fetched, or whose body is not an image.
pub const IMAGE_UNFETCHABLE: &str = "Could not fetch that image";
/// The 400 of audio whose container claims more bytes than arrived.
pub const AUDIO_DAMAGED: &str = "The audio file is damaged";
/// The 413 of an upload past its owner's media quota.
pub const QUOTA_EXCEEDED: &str = "You have used your storage";

/// The 415 of any audio that is not one of the accepted containers.
pub const AUDIO_TYPES: &str = "Audio must be WebM, Ogg, MP4, MP3 or WAV";

/// The 415 of anything that is not a WebM or MP4 video (docs/shop-contract.md).
pub const VIDEO_TYPES: &str = "Video must be WebM or MP4";
pub const VIDEO_TOO_LONG: &str = "Reels must be at most 60 seconds";
pub const VIDEO_TOO_BIG: &str = "Videos must be at most 100 MB";

/// `/media/{key}`
pub fn url_of(key: &str) -> String {
    format!("/media/{key}")
}

impl Media {
    /// A folder path (created if missing) or `s3://bucket[/prefix]`, configured from the usual
    /// `AWS_*` variables (`AWS_ENDPOINT`, `AWS_ALLOW_HTTP`, `AWS_REGION`, keys, …).
    pub fn open(setting: &str) -> anyhow::Result<Self> {
        match setting.strip_prefix("s3://") {
            Some(location) => Self::open_s3_with(AmazonS3Builder::from_env(), location),
            None => {
                std::fs::create_dir_all(setting)
                    .with_context(|| format!("creating the media folder {setting:?}"))?;
                let store = LocalFileSystem::new_with_prefix(setting)
                    .with_context(|| format!("opening the media folder {setting:?}"))?;
                Ok(Self::from_store(Arc::new(store)))
            }
        }
    }

    /// An S3 bucket with an explicit client configuration; `location` is `bucket[/prefix]`.
    /// (`open` uses it with the environment's configuration; tests pass their own.)
    pub fn open_s3_with(builder: AmazonS3Builder, location: &str) -> anyhow::Result<Self> {
        let (bucket, prefix) = location.split_once('/').unwrap_or((location, ""));
        anyhow::ensure!(
            !bucket.is_empty(),
            "the media store s3://{location} names no bucket"
        );
        let s3 = builder
            .with_bucket_name(bucket)
            .build()
            .with_context(|| format!("configuring the S3 media store s3://{location}"))?;
        let prefix = prefix.trim_matches('/');
        Ok(if prefix.is_empty() {
            Self::from_store(Arc::new(s3))
        } else {
            Self::from_store(Arc::new(PrefixStore::new(s3, prefix)))
        })
    }

    pub fn from_store(store: Arc<dyn ObjectStore>) -> Self {
        Self {
            store,
            decode_slots: Arc::new(Semaphore::new(DECODE_SLOTS)),
            ffmpeg: Some(Arc::new(PathBuf::from("ffmpeg"))),
            quota_bytes: i64::MAX,
            owner: None,
            fetch_allow_loopback: false,
        }
    }

    /// The same store with each user's quota set to `mb` MB.
    pub fn with_quota_mb(mut self, mb: u64) -> Self {
        self.quota_bytes = i64::try_from(mb.saturating_mul(1024 * 1024)).unwrap_or(i64::MAX);
        self
    }

    /// The same store, fetching images given as a URL from loopback addresses too when
    /// `allow` (`--fetch-allow-loopback`: tests serve their images on 127.0.0.1).
    pub fn with_fetch_allow_loopback(mut self, allow: bool) -> Self {
        self.fetch_allow_loopback = allow;
        self
    }

    /// The same store, its uploads counted against `user`'s quota: each one's stored bytes are
    /// added to the user's total (a `media_uploads` row) before anything is stored, and an
    /// upload past the quota is refused with `QuotaExceeded`, nothing stored.
    pub fn charged_to(&self, user: i64) -> Self {
        Self {
            owner: Some(user),
            ..self.clone()
        }
    }

    /// Counts `bytes` of `key` against the owner's quota (nothing without an owner).
    async fn charge(&self, db: &Db, key: &str, bytes: i64) -> Result<(), MediaError> {
        let Some(owner) = self.owner else {
            return Ok(());
        };
        let charged = usage::charge(db, owner, key, bytes, self.quota_bytes)
            .await
            .map_err(|err| MediaError::Store(err.into()))?;
        if charged {
            Ok(())
        } else {
            Err(MediaError::QuotaExceeded)
        }
    }

    /// The same store with another ffmpeg for reel posters, or none (then the client's poster
    /// is used): tests take both paths.
    pub fn with_ffmpeg(mut self, program: Option<PathBuf>) -> Self {
        self.ffmpeg = program.map(Arc::new);
        self
    }

    /// Refuses bytes that are not a JPEG, PNG, GIF or WebP image, without decoding them.
    pub fn check_image(bytes: &[u8]) -> Result<(), MediaError> {
        process::sniff(bytes).map(|_| ())
    }

    pub(crate) fn store(&self) -> &Arc<dyn ObjectStore> {
        &self.store
    }

    /// The image of an ad (admin-entered): an external URL is kept as given (never fetched);
    /// uploaded bytes go through `ingest_image` as a post's image, whatever else the request
    /// claims, so a non-image is refused.
    pub async fn show_image(&self, db: &Db, source: ImageSource) -> Result<ShownImage, MediaError> {
        match source {
            ImageSource::External(url) => Ok(ShownImage { url, key: None }),
            ImageSource::Data(bytes) => {
                let stored = self.ingest_image(db, bytes, ImageKind::Post).await?;
                Ok(ShownImage {
                    url: stored.url,
                    key: Some(stored.key),
                })
            }
        }
    }

    /// The image of a post or a story: uploaded bytes, or the bytes an http(s) URL answers
    /// (fetched once, now: `fetch.rs`), go through `ingest_image` as a post's image, so the
    /// image is always served from `/media/` and no viewer's browser loads it from elsewhere.
    /// A URL that cannot be fetched, or whose body is not an image that decodes, is
    /// `Unfetchable`, and nothing is stored.
    pub async fn fetched_image(
        &self,
        db: &Db,
        source: ImageSource,
    ) -> Result<ShownImage, MediaError> {
        self.fetched_images(db, vec![source])
            .await?
            .pop()
            .ok_or_else(|| MediaError::Store(anyhow::anyhow!("no image stored")))
    }

    /// The images of a post of several (issue 44), as `fetched_image` each, in order; every
    /// URL is fetched and every image's kind checked before the first is stored, so a post
    /// refused for its third image stores nothing of the first two (an image that passes the
    /// check and then fails to decode is the rare exception).
    pub async fn fetched_images(
        &self,
        db: &Db,
        sources: Vec<ImageSource>,
    ) -> Result<Vec<ShownImage>, MediaError> {
        let mut all = Vec::with_capacity(sources.len());
        for source in sources {
            let (bytes, fetched) = match source {
                ImageSource::Data(bytes) => (bytes, false),
                ImageSource::External(url) => (
                    fetch::fetch(&url, self.fetch_allow_loopback)
                        .await
                        .map_err(|_| MediaError::Unfetchable)?,
                    true,
                ),
            };
            match process::sniff(&bytes) {
                Ok(_) => all.push((bytes, fetched)),
                Err(_) if fetched => return Err(MediaError::Unfetchable),
                Err(err) => return Err(err),
            }
        }
        let mut shown = Vec::with_capacity(all.len());
        for (bytes, fetched) in all {
            let stored = self
                .ingest_image(db, bytes, ImageKind::Post)
                .await
                .map_err(|err| match err {
                    MediaError::NotAnImage | MediaError::Corrupt | MediaError::TooLarge
                        if fetched =>
                    {
                        MediaError::Unfetchable
                    }
                    other => other,
                })?;
            shown.push(ShownImage {
                url: stored.url,
                key: Some(stored.key),
            });
        }
        Ok(shown)
    }

    /// Verify, re-encode and store an image; records its `media` rows and returns what a post
    /// or an avatar needs. Nothing is stored when the image is refused.
    pub async fn ingest_image(
        &self,
        db: &Db,
        bytes: Vec<u8>,
        kind: ImageKind,
    ) -> Result<StoredImage, MediaError> {
        // Cheap refusal first: no decode slot for something that is not an image at all.
        process::sniff(&bytes)?;
        let slot = Arc::clone(&self.decode_slots)
            .acquire_owned()
            .await
            .map_err(|err| MediaError::Store(err.into()))?;
        // The slot moves into the task: if the request is dropped mid-decode, the slot stays
        // taken until the decode really ends.
        let processed = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            process::process(&bytes, kind)
        })
        .await
        .map_err(|err| MediaError::Store(anyhow::Error::new(err).context("decode task")))??;

        let main_key = key_for(&processed.main);
        let thumbnail_key = key_for(&processed.thumbnail);
        let stored = StoredImage {
            url: url_of(&main_key),
            thumbnail_url: url_of(&thumbnail_key),
            width: processed.main.width.into(),
            height: processed.main.height.into(),
            blurhash: processed.blurhash.clone(),
            key: main_key.clone(),
        };
        self.charge(
            db,
            &main_key,
            (processed.main.bytes.len() + processed.thumbnail.bytes.len()) as i64,
        )
        .await?;
        let known = usage::find(db, &main_key)
            .await
            .map_err(|err| MediaError::Store(err.into()))?;
        if known.is_some() {
            return Ok(stored);
        }

        // Objects first, rows after: a row always names an object that exists.
        for (key, rendition) in [
            (&thumbnail_key, &processed.thumbnail),
            (&main_key, &processed.main),
        ] {
            self.put(key, rendition.bytes.clone()).await?;
        }
        let renditions = [
            (&thumbnail_key, &processed.thumbnail, None),
            (&main_key, &processed.main, Some(thumbnail_key.as_str())),
        ];
        for (key, rendition, thumbnail) in renditions {
            usage::insert(
                db,
                usage::NewMedia {
                    key,
                    content_type: rendition.content_type,
                    byte_size: rendition.bytes.len() as i64,
                    width: Some(rendition.width.into()),
                    height: Some(rendition.height.into()),
                    blurhash: Some(&processed.blurhash),
                    thumbnail_key: thumbnail,
                },
            )
            .await
            .map_err(|err| MediaError::Store(err.into()))?;
        }
        Ok(stored)
    }

    /// Checks that `bytes` are audio in an accepted container, measures them and stores them as
    /// sent under their content hash, with a `media` row. `claimed` (whole seconds, already in
    /// range) stands only when the container keeps no time. Nothing is stored when refused.
    pub async fn ingest_audio(
        &self,
        db: &Db,
        bytes: Vec<u8>,
        kind: AudioKind,
        claimed: i64,
    ) -> Result<StoredAudio, MediaError> {
        // Cheap refusal first, as for images.
        audio::sniff(&bytes)?;
        let cap_ms = kind.max_secs() as u64 * 1000;
        let slot = Arc::clone(&self.decode_slots)
            .acquire_owned()
            .await
            .map_err(|err| MediaError::Store(err.into()))?;
        let (probed, bytes) = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            // What does not demux is not audio (415); then only what the container declares
            // is kept (a container claiming bytes that did not arrive is damaged, 400), and
            // measured again when something was cut.
            let probed = audio::probe(&bytes, cap_ms + AUDIO_SLACK_MS)?;
            let sent = bytes.len();
            let bytes = declared::trim(probed.format, bytes)?;
            let probed = if bytes.len() == sent {
                probed
            } else {
                audio::probe(&bytes, cap_ms + AUDIO_SLACK_MS)?
            };
            Ok::<_, MediaError>((probed, bytes))
        })
        .await
        .map_err(|err| MediaError::Store(anyhow::Error::new(err).context("demux task")))??;
        let duration = match probed.length_ms {
            Some(ms) if ms > cap_ms + AUDIO_SLACK_MS => return Err(MediaError::AudioTooLong(kind)),
            // Rounded to the nearest second, at least 1, at most the cap (within the slack).
            Some(ms) => ((ms + 500) / 1000).clamp(1, kind.max_secs() as u64) as i64,
            None => claimed,
        };

        let key = content_key(&bytes, probed.format.extension());
        self.charge(db, &key, bytes.len() as i64).await?;
        let known = usage::find(db, &key)
            .await
            .map_err(|err| MediaError::Store(err.into()))?;
        if known.is_none() {
            let byte_size = bytes.len() as i64;
            self.put(&key, bytes).await?;
            usage::insert(
                db,
                usage::NewMedia {
                    key: &key,
                    content_type: probed.format.content_type(),
                    byte_size,
                    width: None,
                    height: None,
                    blurhash: None,
                    thumbnail_key: None,
                },
            )
            .await
            .map_err(|err| MediaError::Store(err.into()))?;
        }
        Ok(StoredAudio {
            url: url_of(&key),
            key,
            duration,
        })
    }

    /// Checks that a spooled upload is a WebM or MP4 video of at most 60 s, cuts its poster
    /// (ffmpeg's frame at 1 s, or 0 s for a shorter video; else `client_poster`, which the
    /// caller has sniffed already; else none) and copies it to the store under its content
    /// hash, in parts, with a `media` row. Nothing is stored when it is refused.
    pub async fn ingest_video(
        &self,
        db: &Db,
        spooled: SpooledVideo,
        client_poster: Option<Vec<u8>>,
    ) -> Result<StoredVideo, MediaError> {
        // Cheap refusal first, as for images.
        video::sniff(&spooled.head)?;
        let cap_ms = VIDEO_MAX_SECS * 1000 + video::VIDEO_SLACK_MS;
        let slot = Arc::clone(&self.decode_slots)
            .acquire_owned()
            .await
            .map_err(|err| MediaError::Store(err.into()))?;
        let (probed, spooled) = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            (video::probe(&spooled.path, &spooled.head, cap_ms), spooled)
        })
        .await
        .map_err(|err| MediaError::Store(anyhow::Error::new(err).context("demux task")))?;
        let probed = probed?;
        if probed.length_ms > cap_ms {
            return Err(MediaError::VideoTooLong);
        }
        let duration = ((probed.length_ms + 500) / 1000).clamp(1, VIDEO_MAX_SECS) as i64;

        let cut = match &self.ffmpeg {
            Some(ffmpeg) => {
                // ffmpeg decodes too: it takes a slot like any decode.
                let _slot = self
                    .decode_slots
                    .acquire()
                    .await
                    .map_err(|err| MediaError::Store(err.into()))?;
                let at = if duration >= 2 { 1 } else { 0 };
                video::poster_frame(ffmpeg, &spooled.path, at).await
            }
            None => None,
        };
        let poster = match cut.or(client_poster) {
            Some(bytes) => Some(self.ingest_image(db, bytes, ImageKind::Post).await?),
            None => None,
        };

        let key = format!("{}.{}", spooled.sha256, probed.format.extension());
        self.charge(db, &key, spooled.size as i64).await?;
        let known = usage::find(db, &key)
            .await
            .map_err(|err| MediaError::Store(err.into()))?;
        if known.is_none() {
            self.put_file(&key, &spooled.path).await?;
            usage::insert(
                db,
                usage::NewMedia {
                    key: &key,
                    content_type: probed.format.content_type(),
                    byte_size: spooled.size as i64,
                    width: probed.width.map(i64::from),
                    height: probed.height.map(i64::from),
                    blurhash: None,
                    thumbnail_key: None,
                },
            )
            .await
            .map_err(|err| MediaError::Store(err.into()))?;
        }
        Ok(StoredVideo {
            url: url_of(&key),
            key,
            duration,
            width: probed.width.map(i64::from),
            height: probed.height.map(i64::from),
            poster,
        })
    }

    /// Stores a digital work's file, as spooled (`VideoSpool` takes any bytes up to 100 MiB), under
    /// `works/{sha256}`: a key with a slash, which `/media/{key}` never serves, so only the
    /// download route (for its buyers) reads it. Answers the key.
    pub async fn store_work(&self, db: &Db, spooled: &SpooledVideo) -> Result<String, MediaError> {
        let key = format!("works/{}", spooled.sha256);
        self.charge(db, &key, spooled.size as i64).await?;
        self.put_file(&key, &spooled.path).await?;
        Ok(key)
    }

    /// Copies a file to the store under `key` in 5 MiB parts, reading a part at a time.
    async fn put_file(&self, key: &str, path: &std::path::Path) -> Result<(), MediaError> {
        use tokio::io::AsyncReadExt;
        let failed = |err: anyhow::Error| MediaError::Store(err.context(format!("storing {key}")));
        let mut file = tokio::fs::File::open(path)
            .await
            .map_err(|err| failed(err.into()))?;
        let upload = self
            .store
            .put_multipart(&StorePath::from(key))
            .await
            .map_err(|err| failed(err.into()))?;
        let mut writer = WriteMultipart::new_with_chunk_size(upload, VIDEO_PART_SIZE);
        let mut buffer = vec![0u8; VIDEO_PART_SIZE];
        loop {
            let read = match file.read(&mut buffer).await {
                Ok(0) => break,
                Ok(read) => read,
                Err(err) => {
                    let _ = writer.abort().await;
                    return Err(failed(err.into()));
                }
            };
            // At most two parts in flight: memory stays at a few parts, not the file.
            if let Err(err) = writer.wait_for_capacity(2).await {
                let _ = writer.abort().await;
                return Err(failed(err.into()));
            }
            writer.write(&buffer[..read]);
        }
        writer
            .finish()
            .await
            .map(|_| ())
            .map_err(|err| failed(err.into()))
    }

    /// Stores bytes under `key`. Content-addressed, so writing a key again is harmless.
    async fn put(&self, key: &str, bytes: Vec<u8>) -> Result<(), MediaError> {
        self.store
            .put(&StorePath::from(key), PutPayload::from(bytes))
            .await
            .map(|_| ())
            .map_err(|err| {
                MediaError::Store(anyhow::Error::new(err).context(format!("storing {key}")))
            })
    }
}

/// `{hex sha256 of the bytes}.{ext}`
fn key_for(rendition: &process::Encoded) -> String {
    content_key(&rendition.bytes, rendition.extension)
}

/// `{hex sha256 of bytes}.{extension}`: the same bytes always get the same key.
fn content_key(bytes: &[u8], extension: &str) -> String {
    format!("{}.{extension}", hex::encode(Sha256::digest(bytes)))
}

/// The content type of a stored object by its key's extension; `None` for anything that is
/// not a well-formed key (`^[0-9a-f]{64}\.[a-z0-9]{2,4}$`) of a type we serve.
pub fn content_type_of_key(key: &str) -> Option<&'static str> {
    let (hash, extension) = key.split_once('.')?;
    let well_formed = hash.len() == 64
        && hash.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        && (2..=4).contains(&extension.len())
        && extension
            .bytes()
            .all(|b| matches!(b, b'a'..=b'z' | b'0'..=b'9'));
    if !well_formed {
        return None;
    }
    Some(match extension {
        "jpg" => "image/jpeg",
        "png" => "image/png",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "webm" => "video/webm",
        "weba" => "audio/webm",
        "ogg" => "audio/ogg",
        "mp4" => "video/mp4",
        "m4a" => "audio/mp4",
        "mp3" => "audio/mpeg",
        "wav" => "audio/wav",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const HASH: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

    #[test]
    fn keys_are_a_hash_and_a_known_extension() {
        assert_eq!(
            content_type_of_key(&format!("{HASH}.jpg")),
            Some("image/jpeg")
        );
        assert_eq!(
            content_type_of_key(&format!("{HASH}.m4a")),
            Some("audio/mp4")
        );
        for format in [
            AudioFormat::WebmOpus,
            AudioFormat::OggOpus,
            AudioFormat::Mp4Aac,
            AudioFormat::Mp3,
            AudioFormat::Wav,
        ] {
            assert_eq!(
                content_type_of_key(&format!("{HASH}.{}", format.extension())),
                Some(format.content_type())
            );
        }
        for bad in [
            format!("{HASH}.exe"),
            format!("{HASH}.JPG"),
            format!("{}.jpg", HASH.to_uppercase()),
            format!("{}.jpg", &HASH[1..]),
            format!("../{HASH}.jpg"),
            format!("{HASH}.jpg/.."),
            format!("{HASH}.j"),
            HASH.to_owned(),
            "..".to_owned(),
        ] {
            assert_eq!(content_type_of_key(&bad), None, "{bad}");
        }
    }
}
