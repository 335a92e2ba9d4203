//! The video half of the media pipeline (reels). An upload is spooled to a temporary file while
//! it arrives, hashed on the way, and never held whole in memory; then the container is told
//! from its magic numbers (never from a claimed type), demuxed with symphonia to check that it
//! holds a video track and to measure its real length from the packets' timestamps (a browser's
//! MediaRecorder writes WebM without a Duration element), and copied to the store in parts.
//! A poster frame is cut with ffmpeg when it is installed (`poster_frame`).

use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use sha2::{Digest, Sha256};
use symphonia::core::codecs::CodecParameters;
use symphonia::core::formats::probe::Hint;
use symphonia::core::formats::{FormatOptions, TrackType};
use symphonia::core::io::{MediaSourceStream, MediaSourceStreamOptions};
use symphonia::core::meta::MetadataOptions;
use symphonia::core::units::{Duration as Ticks, TimeBase};
use tokio::io::AsyncWriteExt;

use super::MediaError;

/// The largest video accepted: 100 MiB.
pub const VIDEO_MAX_BYTES: u64 = 100 * 1024 * 1024;
/// The longest reel, in whole seconds.
pub const VIDEO_MAX_SECS: u64 = 60;
/// A real length may pass the cap by this much (a recorder stopped at 60 s writes a little
/// more) before it is refused.
pub const VIDEO_SLACK_MS: u64 = 1000;
/// How long ffmpeg may take to cut one poster frame.
const POSTER_TIMEOUT: Duration = Duration::from_secs(30);

/// The containers a reel may come in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VideoFormat {
    /// WebM, or Matroska (Chrome's MediaRecorder writes either); served as video/webm.
    Webm,
    /// MP4 / QuickTime (an `ftyp` box): Safari's recorder and phone cameras.
    Mp4,
}

impl VideoFormat {
    /// The stored key's extension; `content_type_of_key` maps it back.
    pub fn extension(self) -> &'static str {
        match self {
            Self::Webm => "webm",
            Self::Mp4 => "mp4",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Self::Webm => "video/webm",
            Self::Mp4 => "video/mp4",
        }
    }

    /// symphonia's short name of the reader that must open it.
    fn reader(self) -> &'static str {
        match self {
            Self::Webm => "matroska",
            Self::Mp4 => "isomp4",
        }
    }
}

/// The container, told by its first bytes only (64 are enough).
pub fn sniff(head: &[u8]) -> Result<VideoFormat, MediaError> {
    let head = &head[..head.len().min(64)];
    let format = if head.starts_with(&[0x1A, 0x45, 0xDF, 0xA3]) {
        // EBML: WebM and Matroska name their DocType in the header.
        (contains(head, b"webm") || contains(head, b"matroska")).then_some(VideoFormat::Webm)
    } else if head.get(4..8) == Some(b"ftyp") {
        Some(VideoFormat::Mp4)
    } else {
        None
    };
    format.ok_or(MediaError::NotVideo)
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// An upload on its way to a temporary file: bytes are written as they arrive and hashed on
/// the way; past `VIDEO_MAX_BYTES` the spool refuses (and the file goes with it).
pub struct VideoSpool {
    file: tokio::fs::File,
    path: tempfile::TempPath,
    hasher: Sha256,
    size: u64,
    head: Vec<u8>,
}

/// A complete upload in its temporary file (deleted when this is dropped).
pub struct SpooledVideo {
    pub(super) path: tempfile::TempPath,
    pub(super) size: u64,
    /// Hex sha256 of the whole file.
    pub(super) sha256: String,
    pub(super) head: Vec<u8>,
}

impl SpooledVideo {
    /// Its size in bytes.
    pub fn size(&self) -> u64 {
        self.size
    }
}

impl VideoSpool {
    pub async fn new() -> Result<Self, MediaError> {
        let named = tokio::task::spawn_blocking(tempfile::NamedTempFile::new)
            .await
            .map_err(|err| MediaError::Store(anyhow::Error::new(err)))?
            .map_err(|err| MediaError::Store(anyhow::Error::new(err).context("a temp file")))?;
        let (file, path) = named.into_parts();
        Ok(Self {
            file: tokio::fs::File::from_std(file),
            path,
            hasher: Sha256::new(),
            size: 0,
            head: Vec::new(),
        })
    }

    /// Appends one chunk; `TooBig` once the whole passes 100 MiB.
    pub async fn write(&mut self, chunk: &[u8]) -> Result<(), MediaError> {
        self.size += chunk.len() as u64;
        if self.size > VIDEO_MAX_BYTES {
            return Err(MediaError::VideoTooBig);
        }
        if self.head.len() < 64 {
            let take = chunk.len().min(64 - self.head.len());
            self.head.extend_from_slice(&chunk[..take]);
        }
        self.hasher.update(chunk);
        self.file
            .write_all(chunk)
            .await
            .map_err(|err| MediaError::Store(anyhow::Error::new(err).context("spooling a video")))
    }

    /// Bytes received so far.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The first bytes, for an early refusal of what is not a video at all.
    pub fn head(&self) -> &[u8] {
        &self.head
    }

    pub async fn finish(mut self) -> Result<SpooledVideo, MediaError> {
        self.file.flush().await.map_err(|err| {
            MediaError::Store(anyhow::Error::new(err).context("spooling a video"))
        })?;
        let digest = self.hasher.finalize();
        Ok(SpooledVideo {
            path: self.path,
            size: self.size,
            sha256: digest.iter().map(|byte| format!("{byte:02x}")).collect(),
            head: self.head,
        })
    }
}

/// What demuxing found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Probed {
    pub format: VideoFormat,
    /// From the first packet's start to the last one's end, in milliseconds.
    pub length_ms: u64,
    pub width: Option<u32>,
    pub height: Option<u32>,
}

/// Sniffs and demuxes the file at `path` (read from disk, a buffer at a time). Counting stops
/// once the length passes `stop_after_ms` (the caller refuses it anyway).
pub fn probe(path: &Path, head: &[u8], stop_after_ms: u64) -> Result<Probed, MediaError> {
    let format = sniff(head)?;
    let file = std::fs::File::open(path).map_err(|err| MediaError::Store(err.into()))?;
    let source = MediaSourceStream::new(Box::new(file), MediaSourceStreamOptions::default());
    let mut hint = Hint::new();
    hint.with_extension(format.extension());
    let mut reader = symphonia::default::get_probe()
        .probe(
            &hint,
            source,
            FormatOptions::default(),
            MetadataOptions::default(),
        )
        .map_err(|_| MediaError::NotVideo)?;
    if reader.format_info().short_name != format.reader() {
        return Err(MediaError::NotVideo);
    }
    // A video track is required; its size is what the client reserves.
    let track = reader
        .default_track(TrackType::Video)
        .ok_or(MediaError::NotVideo)?;
    let (width, height) = match &track.codec_params {
        Some(CodecParameters::Video(params)) => (
            params.width.map(u32::from).filter(|w| *w > 0),
            params.height.map(u32::from).filter(|h| *h > 0),
        ),
        _ => return Err(MediaError::NotVideo),
    };
    let track_id = track.id;
    let time_base = track.time_base.ok_or(MediaError::NotVideo)?;

    // The span of the video track's packets, in its ticks.
    let mut first: Option<i64> = None;
    let mut end: i64 = i64::MIN;
    loop {
        let packet = match reader.next_packet() {
            Ok(Some(packet)) => packet,
            Ok(None) => break,
            // A recording cut short plays up to where it breaks.
            Err(_) if first.is_some() => break,
            Err(_) => return Err(MediaError::NotVideo),
        };
        if packet.track_id != track_id {
            continue;
        }
        let start = packet.pts.get();
        let earliest = first.map_or(start, |f| f.min(start));
        first = Some(earliest);
        end = end.max(start.saturating_add(ticks(packet.dur)));
        if millis(time_base, end.saturating_sub(earliest)) > stop_after_ms {
            break;
        }
    }
    let Some(first) = first else {
        return Err(MediaError::NotVideo);
    };
    Ok(Probed {
        format,
        length_ms: millis(time_base, end.saturating_sub(first)),
        width,
        height,
    })
}

/// `span` ticks of `base` in milliseconds (saturating: an absurd span is simply too long).
fn millis(base: TimeBase, span: i64) -> u64 {
    let span = Ticks::new(u64::try_from(span).unwrap_or(0));
    base.calc_duration(span).map_or(u64::MAX, |t| {
        u64::try_from(t.as_millis()).unwrap_or(u64::MAX)
    })
}

fn ticks(duration: Ticks) -> i64 {
    i64::try_from(duration.get()).unwrap_or(i64::MAX)
}

/// One JPEG frame of the video at `path`, `at_secs` in, cut by `ffmpeg`; `None` when ffmpeg
/// is not installed, fails or takes too long (the reel then keeps the client's poster, or
/// none).
pub async fn poster_frame(ffmpeg: &Path, path: &Path, at_secs: u64) -> Option<Vec<u8>> {
    let mut command = tokio::process::Command::new(ffmpeg);
    command
        .args(["-nostdin", "-v", "error", "-ss", &at_secs.to_string(), "-i"])
        .arg(path)
        .args([
            "-frames:v",
            "1",
            "-an",
            "-f",
            "image2pipe",
            "-c:v",
            "mjpeg",
            "-q:v",
            "3",
            "pipe:1",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let output = match tokio::time::timeout(POSTER_TIMEOUT, command.output()).await {
        Ok(Ok(output)) => output,
        Ok(Err(err)) if err.kind() == std::io::ErrorKind::NotFound => return None,
        Ok(Err(err)) => {
            tracing::warn!(error = %err, "ffmpeg could not be started for a poster");
            return None;
        }
        Err(_) => {
            tracing::warn!("ffmpeg took too long to cut a poster");
            return None;
        }
    };
    if !output.status.success() || output.stdout.is_empty() {
        tracing::warn!(
            status = %output.status,
            stderr = %String::from_utf8_lossy(&output.stderr).trim(),
            "ffmpeg cut no poster"
        );
        return None;
    }
    Some(output.stdout)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::media::fixtures::{CHROME_WEBM, M4A, SAMPLE, VIDEO_WEBM};

    fn probed(bytes: &[u8], stop_after_ms: u64) -> Result<Probed, MediaError> {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        std::io::Write::write_all(&mut file, bytes).unwrap();
        probe(file.path(), bytes, stop_after_ms)
    }

    #[test]
    fn a_sample_reel_is_a_vertical_webm_of_four_seconds() {
        let found = probed(SAMPLE, 61_000).unwrap();
        assert_eq!(found.format, VideoFormat::Webm);
        assert_eq!((found.width, found.height), (Some(360), Some(640)));
        assert!((3900..=4100).contains(&found.length_ms), "{found:?}");
    }

    #[test]
    fn a_webm_with_sound_is_measured_by_its_video_track() {
        let found = probed(VIDEO_WEBM, 61_000).unwrap();
        assert!((900..=1100).contains(&found.length_ms), "{found:?}");
    }

    #[test]
    fn mp4_plain_and_fragmented_as_safari_records_are_measured() {
        for bytes in [
            &include_bytes!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/reel.mp4"
            ))[..],
            include_bytes!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/reel-fragmented.mp4"
            )),
        ] {
            let found = probed(bytes, 61_000).unwrap();
            assert_eq!(found.format, VideoFormat::Mp4);
            assert_eq!((found.width, found.height), (Some(180), Some(320)));
            assert!((1900..=2100).contains(&found.length_ms), "{found:?}");
        }
    }

    #[test]
    fn a_live_webm_of_unknown_size_without_a_duration_is_measured() {
        // As a browser's MediaRecorder writes it: VP8, unknown-size segment and clusters.
        let found = probed(
            include_bytes!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/reel-live.webm"
            )),
            61_000,
        )
        .unwrap();
        assert_eq!(found.format, VideoFormat::Webm);
        assert_eq!((found.width, found.height), (Some(180), Some(320)));
        assert!((1900..=2100).contains(&found.length_ms), "{found:?}");
    }

    #[test]
    fn sixty_one_seconds_are_within_the_slack_and_sixty_two_are_not() {
        let cap = VIDEO_MAX_SECS * 1000 + VIDEO_SLACK_MS;
        let within = probed(
            include_bytes!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/long-61s.webm"
            )),
            cap,
        )
        .unwrap();
        assert!(within.length_ms <= cap, "{within:?}");
        let over = probed(
            include_bytes!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/long-62s.webm"
            )),
            cap,
        )
        .unwrap();
        assert!(over.length_ms > cap, "{over:?}");
    }

    #[test]
    fn counting_stops_past_the_limit() {
        let found = probed(SAMPLE, 1000).unwrap();
        assert!(
            found.length_ms > 1000 && found.length_ms < 2000,
            "{found:?}"
        );
    }

    #[test]
    fn audio_only_and_other_bytes_are_not_video() {
        for bad in [
            M4A,
            CHROME_WEBM,
            &b"<html><body>hi</body></html>"[..],
            b"\x89PNG\r\n\x1a\n0000",
            b"",
            b"\x1A\x45\xDF\xA3 not a real header",
        ] {
            assert!(
                matches!(probed(bad, 61_000), Err(MediaError::NotVideo)),
                "{:?}",
                &bad[..bad.len().min(16)]
            );
        }
    }

    #[test]
    fn a_truncated_file_is_refused_or_measured_up_to_the_break() {
        assert!(probed(&SAMPLE[..200], 61_000).is_err());
        if let Ok(found) = probed(&SAMPLE[..SAMPLE.len() / 2], 61_000) {
            assert!(found.length_ms < 4000, "{found:?}");
        }
    }
}
