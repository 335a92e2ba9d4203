//! Recordings for the voice tests: real files of each accepted container (a WebM recorded by
//! Chromium's MediaRecorder, without a Duration element; Ogg/Opus, MP4/AAC and MP3 from ffmpeg;
//! all ~2–2.5 s, in tests/fixtures), a WebM video, and WAVs built here of any length.

use base64::Engine;

pub const CHROME_WEBM: &[u8] = include_bytes!("../fixtures/voice-chrome.webm");
pub const OGG: &[u8] = include_bytes!("../fixtures/voice.ogg");
pub const M4A: &[u8] = include_bytes!("../fixtures/voice.m4a");
pub const MP3: &[u8] = include_bytes!("../fixtures/voice.mp3");
/// 1 s of VP8 video with an Opus sound track: a video, not a recording.
pub const VIDEO_WEBM: &[u8] = include_bytes!("../fixtures/video.webm");

/// A mono 8-bit PCM WAV of `ms` milliseconds at 8 kHz: a square wave, so it is not silence.
pub fn wav(ms: u32) -> Vec<u8> {
    let data = ms * 8;
    let mut out = b"RIFF".to_vec();
    out.extend_from_slice(&(36 + data).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&8000u32.to_le_bytes()); // samples a second
    out.extend_from_slice(&8000u32.to_le_bytes()); // bytes a second
    out.extend_from_slice(&1u16.to_le_bytes()); // block align
    out.extend_from_slice(&8u16.to_le_bytes()); // bits a sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data.to_le_bytes());
    out.extend((0..data).map(|i| if (i / 20) % 2 == 0 { 0x40 } else { 0xC0 }));
    out
}

/// `data:{mime};base64,…`
pub fn data_url(mime: &str, bytes: &[u8]) -> String {
    format!(
        "data:{mime};base64,{}",
        base64::engine::general_purpose::STANDARD.encode(bytes)
    )
}
