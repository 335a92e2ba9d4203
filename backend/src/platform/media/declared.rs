//! How long an audio file says it is: the bytes its container declares, so whatever follows
//! them (11 MB appended to a 2 s WAV) is cut before the file is stored, and a container that
//! claims more bytes than arrived is refused as damaged. Per container (docs/decisions.md):
//!
//! - WAV: up to the end of the `data` chunk (chunks before it kept, anything after it dropped),
//!   and the RIFF size rewritten to match. A `data` chunk longer than the file is damaged.
//! - Ogg: whole pages from the start, up to and including the first page that ends the stream
//!   (the end-of-stream flag); without one (a recording cut short), every complete page. A
//!   page's length comes from its segment table.
//! - WebM: the EBML header and the Segment. A Segment of known size ends where it says (past
//!   the file: damaged); one of unknown size (a live recorder's) is walked child by child, and
//!   a Cluster of unknown size block by block, up to the first bytes that are no element a
//!   Segment holds.
//! - MP4: the top-level boxes, each as long as its header says (a box past the file is
//!   damaged), up to the first bytes that are no box.
//! - MP3: an ID3v2 tag, then MPEG audio frames (each as long as its header's bit rate, sample
//!   rate and padding make it), then an optional 128-byte ID3v1 tag; nothing after.
//!
//! Nothing here allocates more than the answer; all of it is bounds-checked arithmetic.

use super::MediaError;
use super::audio::AudioFormat;

/// The declared prefix of `bytes`: `Ok(n)` keeps `bytes[..n]` (with WAV's size field fixed by
/// `trim`), `Err(DamagedAudio)` when the container claims bytes that are not there or has none.
pub fn declared_len(format: AudioFormat, bytes: &[u8]) -> Result<usize, MediaError> {
    let len = match format {
        AudioFormat::Wav => wav(bytes),
        AudioFormat::OggOpus => ogg(bytes),
        AudioFormat::WebmOpus => webm(bytes),
        AudioFormat::Mp4Aac => mp4(bytes),
        AudioFormat::Mp3 => mp3(bytes),
    };
    match len {
        Some(n) if n > 0 && n <= bytes.len() => Ok(n),
        _ => Err(MediaError::DamagedAudio),
    }
}

/// `bytes` cut to what the container declares (a WAV's RIFF size set to the cut length).
pub fn trim(format: AudioFormat, mut bytes: Vec<u8>) -> Result<Vec<u8>, MediaError> {
    let n = declared_len(format, &bytes)?;
    bytes.truncate(n);
    if format == AudioFormat::Wav {
        let riff = u32::try_from(n - 8).map_err(|_| MediaError::DamagedAudio)?;
        bytes[4..8].copy_from_slice(&riff.to_le_bytes());
    }
    Ok(bytes)
}

fn u32_le(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

fn u32_be(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

fn wav(bytes: &[u8]) -> Option<usize> {
    if !(bytes.starts_with(b"RIFF") && bytes.get(8..12)? == b"WAVE") {
        return None;
    }
    let mut at = 12usize;
    loop {
        let id = bytes.get(at..at + 4)?;
        let size = usize::try_from(u32_le(bytes, at + 4)?).ok()?;
        let end = at.checked_add(8)?.checked_add(size)?;
        if end > bytes.len() {
            return None;
        }
        if id == b"data" {
            return Some(end);
        }
        // Chunks are padded to an even length.
        at = end + (size & 1);
    }
}

fn ogg(bytes: &[u8]) -> Option<usize> {
    let mut at = 0usize;
    loop {
        let page = match ogg_page(bytes, at) {
            Some(page) => page,
            // Trailing bytes that are no complete page: the stream ended at the last one.
            None => return (at > 0).then_some(at),
        };
        at += page.len;
        if page.end_of_stream {
            return Some(at);
        }
    }
}

struct OggPage {
    len: usize,
    end_of_stream: bool,
}

fn ogg_page(bytes: &[u8], at: usize) -> Option<OggPage> {
    let header = bytes.get(at..at + 27)?;
    if &header[..4] != b"OggS" || header[4] != 0 {
        return None;
    }
    let segments = usize::from(header[26]);
    let table = bytes.get(at + 27..at + 27 + segments)?;
    let body: usize = table.iter().map(|&s| usize::from(s)).sum();
    let len = 27 + segments + body;
    (at + len <= bytes.len()).then_some(OggPage {
        len,
        end_of_stream: header[5] & 0x04 != 0,
    })
}

/// An EBML variable-length integer at `at`: (value, its length); `None` for the value when all
/// its bits are set (an unknown size).
fn vint(bytes: &[u8], at: usize, keep_marker: bool) -> Option<(Option<u64>, usize)> {
    let first = *bytes.get(at)?;
    let len = first.leading_zeros() as usize + 1;
    if len > 8 {
        return None;
    }
    let mut value = if keep_marker {
        u64::from(first)
    } else {
        u64::from(first) & (0xFF >> len)
    };
    for &byte in bytes.get(at + 1..at + len)? {
        value = (value << 8) | u64::from(byte);
    }
    let all_ones = (1u64 << (7 * len)) - 1;
    let unknown = !keep_marker && value == all_ones;
    Some(((!unknown).then_some(value), len))
}

/// An element header at `at`: (id, size or unknown, header length).
fn element(bytes: &[u8], at: usize) -> Option<(u64, Option<u64>, usize)> {
    let (id, id_len) = vint(bytes, at, true)?;
    let (size, size_len) = vint(bytes, at + id_len, false)?;
    Some((id?, size, id_len + size_len))
}

const EBML: u64 = 0x1A45_DFA3;
const SEGMENT: u64 = 0x1853_8067;
const CLUSTER: u64 = 0x1F43_B675;
/// What a Segment holds: SeekHead, Info, Tracks, Cluster, Cues, Attachments, Chapters, Tags,
/// Void, CRC-32.
const SEGMENT_CHILDREN: [u64; 10] = [
    0x114D_9B74,
    0x1549_A966,
    0x1654_AE6B,
    CLUSTER,
    0x1C53_BB6B,
    0x1941_A469,
    0x1043_A770,
    0x1254_C367,
    0xEC,
    0xBF,
];
/// What a Cluster holds: Timestamp, SilentTracks, Position, PrevSize, SimpleBlock, BlockGroup,
/// EncryptedBlock, Void, CRC-32.
const CLUSTER_CHILDREN: [u64; 9] = [0xE7, 0x5854, 0xA7, 0xAB, 0xA3, 0xA0, 0xAF, 0xEC, 0xBF];

fn sized_end(at: usize, header: usize, size: u64, limit: usize) -> Option<usize> {
    let end = at
        .checked_add(header)?
        .checked_add(usize::try_from(size).ok()?)?;
    (end <= limit).then_some(end)
}

fn webm(bytes: &[u8]) -> Option<usize> {
    let (id, size, header) = element(bytes, 0)?;
    if id != EBML {
        return None;
    }
    let at = sized_end(0, header, size?, bytes.len())?;
    let (id, size, header) = element(bytes, at)?;
    if id != SEGMENT {
        return None;
    }
    match size {
        Some(size) => sized_end(at, header, size, bytes.len()),
        None => Some(walk(bytes, at + header, &SEGMENT_CHILDREN)),
    }
}

/// Walks elements from `at` while they are among `children` and fit in the file; answers where
/// the walk stopped. An unknown-size Cluster is walked block by block in turn.
fn walk(bytes: &[u8], mut at: usize, children: &[u64]) -> usize {
    while let Some((id, size, header)) = element(bytes, at) {
        if !children.contains(&id) {
            break;
        }
        match size {
            Some(size) => match sized_end(at, header, size, bytes.len()) {
                Some(end) => at = end,
                None => break,
            },
            None if id == CLUSTER => {
                let end = walk(bytes, at + header, &CLUSTER_CHILDREN);
                if end == at + header {
                    break;
                }
                at = end;
            }
            None => break,
        }
    }
    at
}

fn mp4(bytes: &[u8]) -> Option<usize> {
    let mut at = 0usize;
    while at + 8 <= bytes.len() {
        let kind = bytes.get(at + 4..at + 8)?;
        if !kind.iter().all(|b| b.is_ascii_alphanumeric() || *b == b' ') {
            break;
        }
        let (size, header) = match u32_be(bytes, at)? {
            // To the end of the file.
            0 => (bytes.len() - at, 8),
            1 => {
                let large = u64::from_be_bytes(bytes.get(at + 8..at + 16)?.try_into().ok()?);
                (usize::try_from(large).ok()?, 16)
            }
            size => (usize::try_from(size).ok()?, 8),
        };
        if size < header {
            break;
        }
        let end = at.checked_add(size)?;
        if end > bytes.len() {
            return None;
        }
        at = end;
    }
    (at > 0).then_some(at)
}

fn mp3(bytes: &[u8]) -> Option<usize> {
    let mut at = 0usize;
    if bytes.starts_with(b"ID3") {
        let size = bytes.get(6..10)?.iter().try_fold(0usize, |size, &b| {
            (b < 0x80).then_some((size << 7) | usize::from(b))
        })?;
        // A footer doubles the header.
        let footer = if bytes.get(5)? & 0x10 != 0 { 10 } else { 0 };
        at = 10 + size + footer;
    }
    let start = at;
    while let Some(frame) = mp3_frame_len(bytes.get(at..at + 4)) {
        if at + frame > bytes.len() {
            break;
        }
        at += frame;
    }
    if at == start {
        return None;
    }
    if bytes.get(at..at + 3) == Some(b"TAG") && at + 128 <= bytes.len() {
        at += 128;
    }
    Some(at)
}

/// The length of the MPEG audio Layer III frame whose header is `header`.
fn mp3_frame_len(header: Option<&[u8]>) -> Option<usize> {
    let [sync, b1, b2, _] = *header? else {
        return None;
    };
    if sync != 0xFF || b1 & 0xE0 != 0xE0 || (b1 >> 1) & 0b11 != 0b01 {
        return None;
    }
    let version = (b1 >> 3) & 0b11; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
    let bitrate_index = usize::from(b2 >> 4);
    let rate_index = usize::from((b2 >> 2) & 0b11);
    let padding = usize::from((b2 >> 1) & 1);
    const V1: [usize; 15] = [
        0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320,
    ];
    const V2: [usize; 15] = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
    let (kbps, rate, per) = match version {
        3 => (
            V1.get(bitrate_index)?,
            [44100usize, 48000, 32000].get(rate_index)?,
            144usize,
        ),
        2 => (
            V2.get(bitrate_index)?,
            [22050usize, 24000, 16000].get(rate_index)?,
            72usize,
        ),
        0 => (
            V2.get(bitrate_index)?,
            [11025usize, 12000, 8000].get(rate_index)?,
            72usize,
        ),
        _ => return None,
    };
    if *kbps == 0 {
        return None;
    }
    Some(per * kbps * 1000 / rate + padding)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::media::fixtures::{CHROME_WEBM, M4A, MP3, OGG};

    #[test]
    fn trailing_bytes_are_cut_from_every_container() {
        for (format, bytes) in [
            (AudioFormat::WebmOpus, CHROME_WEBM),
            (AudioFormat::OggOpus, OGG),
            (AudioFormat::Mp4Aac, M4A),
            (AudioFormat::Mp3, MP3),
        ] {
            let declared = declared_len(format, bytes).expect("a whole file");
            assert!(declared + 16 >= bytes.len(), "{format:?}: {declared}");
            let mut padded = bytes.to_vec();
            padded.extend(std::iter::repeat_n(0u8, 100_000));
            assert_eq!(
                declared_len(format, &padded).unwrap(),
                declared,
                "{format:?}"
            );
        }
    }

    #[test]
    fn a_webm_of_unknown_size_is_walked_to_its_last_element() {
        let declared = declared_len(AudioFormat::WebmOpus, CHROME_WEBM).unwrap();
        let mut live = CHROME_WEBM[..declared].to_vec();
        // The Segment's size at 0x28..0x30: 8 bytes, all ones = unknown.
        live[0x28..0x30].copy_from_slice(&[0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]);
        let mut padded = live.clone();
        padded.extend_from_slice(&[0u8; 5000]);
        assert_eq!(
            declared_len(AudioFormat::WebmOpus, &padded).unwrap(),
            live.len()
        );
    }

    #[test]
    fn a_container_claiming_more_than_arrived_is_damaged() {
        let m4a = &M4A[..M4A.len() - 10];
        assert!(matches!(
            declared_len(AudioFormat::Mp4Aac, m4a),
            Err(MediaError::DamagedAudio)
        ));
        // A WAV whose data chunk says 4000 bytes, of which 3990 arrived.
        let mut wav = b"RIFF".to_vec();
        wav.extend_from_slice(&(36u32 + 4000).to_le_bytes());
        wav.extend_from_slice(b"WAVEfmt ");
        wav.extend_from_slice(&16u32.to_le_bytes());
        wav.extend_from_slice(&[1, 0, 1, 0, 0x40, 0x1F, 0, 0, 0x40, 0x1F, 0, 0, 1, 0, 8, 0]);
        wav.extend_from_slice(b"data");
        wav.extend_from_slice(&4000u32.to_le_bytes());
        wav.extend(std::iter::repeat_n(0x80u8, 3990));
        assert!(matches!(
            declared_len(AudioFormat::Wav, &wav),
            Err(MediaError::DamagedAudio)
        ));
    }
}
