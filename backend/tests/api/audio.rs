//! Recordings for the voice tests: real files of each accepted container (a WebM recorded by
//! Chromium's MediaRecorder, without a Duration element; Ogg/Opus, MP4/AAC and MP3 from ffmpeg;
//! all ~2–2.5 s, in tests/fixtures), a WebM video, and WAVs of any length made in code.

use base64::Engine;

pub const CHROME_WEBM: &[u8] = include_bytes!("../fixtures/voice-chrome.webm");
pub const OGG: &[u8] = include_bytes!("../fixtures/voice.ogg");
pub const M4A: &[u8] = include_bytes!("../fixtures/voice.m4a");
pub const MP3: &[u8] = include_bytes!("../fixtures/voice.mp3");
/// 1 s of VP8 video with an Opus sound track: a video, not a recording.
pub const VIDEO_WEBM: &[u8] = include_bytes!("../fixtures/video.webm");

/// A mono 8-bit PCM WAV of `ms` milliseconds at 8 kHz (the demo seed's chime).
pub fn wav(ms: u32) -> Vec<u8> {
    atelier::seed::sound::chime(ms)
}

/// `data:{mime};base64,…`
pub fn data_url(mime: &str, bytes: &[u8]) -> String {
    format!(
        "data:{mime};base64,{}",
        base64::engine::general_purpose::STANDARD.encode(bytes)
    )
}
