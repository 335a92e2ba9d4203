//! Sound for the demo seed, made in code like its pictures (art.rs): a short WAV chime, so the
//! demo's voicemail plays something and re-seeding makes the same bytes (one stored object).

/// Samples a second: telephone quality is plenty for a chime.
const RATE: u32 = 8_000;

/// A mono 8-bit PCM WAV of two notes (E5 then C5), each fading out, `ms` milliseconds long.
pub fn chime(ms: u32) -> Vec<u8> {
    let samples = RATE * ms / 1000;
    let half = samples / 2;
    let mut out = b"RIFF".to_vec();
    out.extend_from_slice(&(36 + samples).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&RATE.to_le_bytes()); // bytes a second: one a sample
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&8u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&samples.to_le_bytes());
    out.extend((0..samples).map(|i| {
        let (pitch, start) = if i < half {
            (659.25, 0)
        } else {
            (523.25, half)
        };
        let t = f64::from(i - start) / f64::from(RATE);
        let fade = 1.0 - f64::from(i - start) / f64::from(half.max(1));
        let level = (2.0 * std::f64::consts::PI * pitch * t).sin() * fade * 90.0;
        (128.0 + level).round() as u8
    }));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chime_is_a_wav_of_the_asked_length() {
        let wav = chime(2500);
        assert!(wav.starts_with(b"RIFF") && &wav[8..12] == b"WAVE");
        assert_eq!(wav.len(), 44 + 20_000);
        assert_eq!(chime(2500), wav, "the same bytes every time");
    }
}
