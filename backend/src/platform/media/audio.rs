//! The CPU-bound half of the audio pipeline, run on a blocking thread: tell the container from
//! its magic numbers (never from a claimed type), then demux it with symphonia to check that it
//! holds an audio track of the expected codec and to measure its real length from the packets'
//! timestamps. Chrome's MediaRecorder writes WebM without a Duration element, so the length is
//! counted, not read from a header. Nothing is decoded and nothing here touches the store.

use std::io::Cursor;

use symphonia::core::codecs::CodecParameters;
use symphonia::core::codecs::audio::AudioCodecId;
use symphonia::core::codecs::audio::well_known::{CODEC_ID_AAC, CODEC_ID_MP3, CODEC_ID_OPUS};
use symphonia::core::formats::probe::Hint;
use symphonia::core::formats::{FormatOptions, TrackType};
use symphonia::core::io::{MediaSourceStream, MediaSourceStreamOptions};
use symphonia::core::meta::MetadataOptions;
use symphonia::core::units::{Duration as Ticks, TimeBase};

use super::MediaError;

/// The containers a voice message or voicemail may come in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AudioFormat {
    /// WebM with Opus (Chrome's and Firefox's MediaRecorder).
    WebmOpus,
    /// Ogg with Opus (Firefox's `audio/ogg`).
    OggOpus,
    /// MP4 with AAC (Safari's MediaRecorder).
    Mp4Aac,
    Mp3,
    /// RIFF WAVE, any PCM the reader knows.
    Wav,
}

impl AudioFormat {
    /// The stored key's extension; `content_type_of_key` maps it back.
    pub fn extension(self) -> &'static str {
        match self {
            // Not `webm`: that key extension is served as video/webm for reels.
            Self::WebmOpus => "weba",
            Self::OggOpus => "ogg",
            Self::Mp4Aac => "m4a",
            Self::Mp3 => "mp3",
            Self::Wav => "wav",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Self::WebmOpus => "audio/webm",
            Self::OggOpus => "audio/ogg",
            Self::Mp4Aac => "audio/mp4",
            Self::Mp3 => "audio/mpeg",
            Self::Wav => "audio/wav",
        }
    }

    /// symphonia's short name of the reader that must open it.
    fn reader(self) -> &'static str {
        match self {
            Self::WebmOpus => "matroska",
            Self::OggOpus => "ogg",
            Self::Mp4Aac => "isomp4",
            Self::Mp3 => "mp3",
            Self::Wav => "wave",
        }
    }

    /// The codec the audio track must carry (`None`: any the reader accepts, for WAV's PCM).
    fn codec(self) -> Option<AudioCodecId> {
        match self {
            Self::WebmOpus | Self::OggOpus => Some(CODEC_ID_OPUS),
            Self::Mp4Aac => Some(CODEC_ID_AAC),
            Self::Mp3 => Some(CODEC_ID_MP3),
            Self::Wav => None,
        }
    }
}

/// The container, told by its first bytes only.
pub fn sniff(bytes: &[u8]) -> Result<AudioFormat, MediaError> {
    let head = &bytes[..bytes.len().min(64)];
    let format = if bytes.starts_with(&[0x1A, 0x45, 0xDF, 0xA3]) {
        // EBML: WebM names its DocType in the header.
        contains(head, b"webm").then_some(AudioFormat::WebmOpus)
    } else if bytes.starts_with(b"OggS") {
        Some(AudioFormat::OggOpus)
    } else if bytes.get(4..8) == Some(b"ftyp") {
        Some(AudioFormat::Mp4Aac)
    } else if bytes.starts_with(b"RIFF") && bytes.get(8..12) == Some(b"WAVE") {
        Some(AudioFormat::Wav)
    } else if bytes.starts_with(b"ID3") || is_mp3_frame(bytes) {
        Some(AudioFormat::Mp3)
    } else {
        None
    };
    format.ok_or(MediaError::NotAudio)
}

/// An MPEG-1/2 Layer III frame header (AAC's ADTS sync has layer bits 00 and does not match).
fn is_mp3_frame(bytes: &[u8]) -> bool {
    matches!(bytes, [0xFF, second, ..] if second & 0xE0 == 0xE0 && (second >> 1) & 0b11 == 0b01)
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// What demuxing found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Probed {
    pub format: AudioFormat,
    /// The real length in milliseconds, or `None` when the container keeps no time (then the
    /// claimed duration stands).
    pub length_ms: Option<u64>,
}

/// Sniffs and demuxes `bytes`. Counting stops once the length passes `stop_after_ms` (the
/// caller refuses it anyway), so a long file costs no more than a file of the limit.
pub fn probe(bytes: &[u8], stop_after_ms: u64) -> Result<Probed, MediaError> {
    let format = sniff(bytes)?;
    let source = MediaSourceStream::new(
        Box::new(Cursor::new(bytes.to_vec())),
        MediaSourceStreamOptions::default(),
    );
    let mut hint = Hint::new();
    hint.with_extension(format.extension());
    let mut reader = symphonia::default::get_probe()
        .probe(
            &hint,
            source,
            FormatOptions::default(),
            MetadataOptions::default(),
        )
        .map_err(|_| MediaError::CorruptAudio)?;
    if reader.format_info().short_name != format.reader() {
        return Err(MediaError::CorruptAudio);
    }
    // A recording, not a video (or anything else) with a sound track.
    if reader
        .tracks()
        .iter()
        .any(|track| track.track_type() != Some(TrackType::Audio))
    {
        return Err(MediaError::NotAudio);
    }
    let track = reader
        .default_track(TrackType::Audio)
        .ok_or(MediaError::CorruptAudio)?;
    let codec = match &track.codec_params {
        Some(CodecParameters::Audio(params)) => params.codec,
        _ => return Err(MediaError::CorruptAudio),
    };
    if format.codec().is_some_and(|wanted| wanted != codec) {
        return Err(MediaError::NotAudio);
    }
    let (track_id, time_base) = (track.id, track.time_base);

    // The span from the first packet's start to the last one's end, in the track's ticks.
    let mut first: Option<i64> = None;
    let mut end: i64 = i64::MIN;
    let mut packets = 0u64;
    loop {
        let packet = match reader.next_packet() {
            Ok(Some(packet)) => packet,
            Ok(None) => break,
            // A recording cut short (a tab closed mid-write) plays up to where it breaks.
            Err(_) if packets > 0 => break,
            Err(_) => return Err(MediaError::CorruptAudio),
        };
        if packet.track_id != track_id {
            continue;
        }
        packets += 1;
        let start = packet.pts.get();
        first = Some(first.map_or(start, |f| f.min(start)));
        end = end.max(start.saturating_add(ticks(packet.dur)));
        if let (Some(base), Some(first)) = (time_base, first) {
            let so_far = millis(base, end.saturating_sub(first));
            if so_far > stop_after_ms {
                return Ok(Probed {
                    format,
                    length_ms: Some(so_far),
                });
            }
        }
    }
    let Some(first) = first else {
        return Err(MediaError::CorruptAudio);
    };
    let length_ms = time_base.map(|base| millis(base, end.saturating_sub(first)));
    Ok(Probed { format, length_ms })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::media::fixtures::{CHROME_WEBM, M4A, MP3, OGG, VIDEO_WEBM};

    fn length(bytes: &[u8]) -> (AudioFormat, u64) {
        let probed = probe(bytes, 120_000).expect("accepted");
        (probed.format, probed.length_ms.expect("a length"))
    }

    #[test]
    fn a_chrome_webm_without_a_duration_element_is_measured_from_its_packets() {
        let (format, ms) = length(CHROME_WEBM);
        assert_eq!(format, AudioFormat::WebmOpus);
        assert!((2400..=2700).contains(&ms), "{ms}");
    }

    #[test]
    fn ogg_mp4_and_mp3_are_measured() {
        for (bytes, format) in [
            (OGG, AudioFormat::OggOpus),
            (M4A, AudioFormat::Mp4Aac),
            (MP3, AudioFormat::Mp3),
        ] {
            let (found, ms) = length(bytes);
            assert_eq!(found, format);
            assert!((1900..=2200).contains(&ms), "{format:?}: {ms}");
        }
    }

    #[test]
    fn counting_stops_past_the_limit() {
        let probed = probe(OGG, 500).unwrap();
        let ms = probed.length_ms.unwrap();
        assert!(ms > 500 && ms < 1000, "{ms}");
    }

    #[test]
    fn other_bytes_are_not_audio_whatever_they_claim() {
        for bad in [
            &b"<html><body>hi</body></html>"[..],
            b"\x89PNG\r\n\x1a\n0000",
            b"",
            b"\xFF\xF1\x50\x80", // AAC ADTS, not MP3
            VIDEO_WEBM,
        ] {
            assert!(
                matches!(probe(bad, 60_000), Err(MediaError::NotAudio)),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn a_container_that_does_not_demux_is_refused() {
        let mut broken = CHROME_WEBM[..40].to_vec();
        broken.extend_from_slice(&[0u8; 64]);
        assert!(probe(&broken, 60_000).is_err());
        assert!(probe(b"OggS garbage that is not a page", 60_000).is_err());
        assert!(probe(&MP3[..3], 60_000).is_err());
    }
}
