//! The media tests' sample files (backend/tests/fixtures, backend/assets).

pub const CHROME_WEBM: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/voice-chrome.webm"
));
pub const M4A: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/voice.m4a"
));
pub const MP3: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/voice.mp3"
));
pub const OGG: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/voice.ogg"
));
pub const SAMPLE: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/reels/gradients.webm"
));
/// 1 s of VP8 video with an Opus sound track.
pub const VIDEO_WEBM: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/video.webm"
));
