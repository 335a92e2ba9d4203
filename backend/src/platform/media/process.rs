//! The CPU-bound half of the image pipeline, run on a blocking thread: sniff the real type from
//! the bytes, decode under limits, turn upright, resize, re-encode without any metadata and
//! compute the blurhash. Nothing here touches the store or the database.

use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::imageops::FilterType;
use image::{
    DynamicImage, ExtendedColorType, ImageDecoder, ImageEncoder, ImageError, ImageFormat,
    ImageReader, Limits,
};

use super::{ImageKind, MediaError};

/// Longest side of a post image; larger ones are scaled down, smaller ones kept.
pub const POST_MAX_SIDE: u32 = 1600;
/// Longest side of a post's thumbnail.
pub const POST_THUMB_SIDE: u32 = 320;
/// Side of the square avatar and of its small rendition.
pub const AVATAR_SIDE: u32 = 400;
pub const AVATAR_SMALL_SIDE: u32 = 96;

/// Refused before any pixel is decoded: a side longer than this…
const MAX_SIDE: u32 = 12_000;
/// …or more pixels than this (a 48 MP camera still fits).
const MAX_PIXELS: u64 = 50_000_000;
/// What one decode may allocate.
const MAX_ALLOC: u64 = 256 * 1024 * 1024;
const JPEG_QUALITY: u8 = 85;
/// The blurhash is computed from a downscale this small; more detail would be blurred away.
const BLURHASH_SOURCE_SIDE: u32 = 32;

/// One stored rendition: the encoded bytes and what the `media` row records.
#[derive(Debug, Clone)]
pub struct Encoded {
    pub bytes: Vec<u8>,
    pub extension: &'static str,
    pub content_type: &'static str,
    pub width: u32,
    pub height: u32,
}

#[derive(Debug, Clone)]
pub struct Processed {
    pub main: Encoded,
    pub thumbnail: Encoded,
    pub blurhash: String,
}

/// The formats we accept, told by their magic numbers only (never by a claimed type).
pub fn sniff(bytes: &[u8]) -> Result<ImageFormat, MediaError> {
    match image::guess_format(bytes) {
        Ok(
            format @ (ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::Gif | ImageFormat::WebP),
        ) => Ok(format),
        _ => Err(MediaError::NotAnImage),
    }
}

/// The whole pipeline for one upload.
pub fn process(bytes: &[u8], kind: ImageKind) -> Result<Processed, MediaError> {
    let image = decode(bytes)?;
    let (main, thumbnail) = match kind {
        ImageKind::Post => {
            let main = fit_within(image, POST_MAX_SIDE);
            let thumbnail = fit_within(main.clone(), POST_THUMB_SIDE);
            (main, thumbnail)
        }
        ImageKind::Avatar => {
            let main = square(&image, AVATAR_SIDE);
            let thumbnail = square(&main, AVATAR_SMALL_SIDE);
            (main, thumbnail)
        }
    };
    let blurhash = blurhash_of(&thumbnail)?;
    Ok(Processed {
        main: encode(&main)?,
        thumbnail: encode(&thumbnail)?,
        blurhash,
    })
}

/// Decodes the first frame upright, refusing oversized images before allocating their pixels.
pub fn decode(bytes: &[u8]) -> Result<DynamicImage, MediaError> {
    let format = sniff(bytes)?;
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_ALLOC);

    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(from_image_error)?;
    let (width, height) = decoder.dimensions();
    if width == 0 || height == 0 {
        return Err(MediaError::Corrupt);
    }
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(MediaError::TooLarge);
    }
    // A broken EXIF block is no reason to refuse a picture that decodes: keep it as stored.
    let orientation = decoder
        .orientation()
        .unwrap_or(image::metadata::Orientation::NoTransforms);
    let mut image = DynamicImage::from_decoder(decoder).map_err(from_image_error)?;
    image.apply_orientation(orientation);
    Ok(image)
}

fn from_image_error(err: ImageError) -> MediaError {
    match err {
        ImageError::Limits(_) => MediaError::TooLarge,
        ImageError::Unsupported(_) => MediaError::NotAnImage,
        _ => MediaError::Corrupt,
    }
}

/// Scales down so the longest side is at most `side`; never scales up.
fn fit_within(image: DynamicImage, side: u32) -> DynamicImage {
    if image.width() <= side && image.height() <= side {
        image
    } else {
        image.resize(side, side, FilterType::CatmullRom)
    }
}

/// The centred square crop, scaled to exactly `side` × `side`.
fn square(image: &DynamicImage, side: u32) -> DynamicImage {
    image.resize_to_fill(side, side, FilterType::CatmullRom)
}

/// PNG when some pixel is not fully opaque (transparency must survive), JPEG otherwise.
fn encode(image: &DynamicImage) -> Result<Encoded, MediaError> {
    let (width, height) = (image.width(), image.height());
    let mut bytes = Vec::new();
    let failed = |err: ImageError| MediaError::Store(anyhow::Error::new(err).context("encoding"));
    if has_real_alpha(image) {
        let rgba = image.to_rgba8();
        PngEncoder::new(&mut bytes)
            .write_image(rgba.as_raw(), width, height, ExtendedColorType::Rgba8)
            .map_err(failed)?;
        Ok(Encoded {
            bytes,
            extension: "png",
            content_type: "image/png",
            width,
            height,
        })
    } else {
        let rgb = image.to_rgb8();
        JpegEncoder::new_with_quality(&mut bytes, JPEG_QUALITY)
            .write_image(rgb.as_raw(), width, height, ExtendedColorType::Rgb8)
            .map_err(failed)?;
        Ok(Encoded {
            bytes,
            extension: "jpg",
            content_type: "image/jpeg",
            width,
            height,
        })
    }
}

fn has_real_alpha(image: &DynamicImage) -> bool {
    image.color().has_alpha() && image.to_rgba8().pixels().any(|pixel| pixel[3] < u8::MAX)
}

fn blurhash_of(image: &DynamicImage) -> Result<String, MediaError> {
    let small = image
        .thumbnail(BLURHASH_SOURCE_SIDE, BLURHASH_SOURCE_SIDE)
        .to_rgba8();
    blurhash::encode(4, 3, small.width(), small.height(), small.as_raw())
        .map_err(|err| MediaError::Store(anyhow::anyhow!("computing the blurhash: {err:?}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, RgbImage, Rgba, RgbaImage};

    fn encoded(image: &DynamicImage, format: ImageFormat) -> Vec<u8> {
        let mut bytes = Cursor::new(Vec::new());
        image.write_to(&mut bytes, format).unwrap();
        bytes.into_inner()
    }

    fn photo(width: u32, height: u32) -> DynamicImage {
        DynamicImage::ImageRgb8(RgbImage::from_fn(width, height, |x, y| {
            Rgb([(x % 256) as u8, (y % 256) as u8, 128])
        }))
    }

    #[test]
    fn the_four_image_formats_are_recognised_by_their_bytes() {
        let image = photo(8, 8);
        for format in [
            ImageFormat::Jpeg,
            ImageFormat::Png,
            ImageFormat::Gif,
            ImageFormat::WebP,
        ] {
            assert_eq!(sniff(&encoded(&image, format)).unwrap(), format);
        }
    }

    #[test]
    fn markup_documents_and_other_files_are_not_images() {
        for bytes in [
            &b"<html><body>hi</body></html>"[..],
            b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            b"<?xml version=\"1.0\"?><svg/>",
            b"%PDF-1.7\n",
            b"#!/bin/sh\necho hi",
            b"",
            b"BM\0\0\0\0", // BMP: an image, but not one we take
        ] {
            assert!(
                matches!(sniff(bytes), Err(MediaError::NotAnImage)),
                "{bytes:?}"
            );
        }
    }

    #[test]
    fn a_gif_header_followed_by_script_does_not_decode() {
        let polyglot = b"GIF89a/*\x00\x00*/=1;alert(document.cookie)//";
        assert!(matches!(decode(polyglot), Err(MediaError::Corrupt)));
    }

    #[test]
    fn a_decompression_bomb_is_refused_before_decoding() {
        assert!(matches!(decode(BOMB), Err(MediaError::TooLarge)));
    }

    #[test]
    fn post_images_shrink_to_1600_and_are_never_upscaled() {
        let big = process(
            &encoded(&photo(2000, 1000), ImageFormat::Png),
            ImageKind::Post,
        )
        .unwrap();
        assert_eq!((big.main.width, big.main.height), (1600, 800));
        assert_eq!((big.thumbnail.width, big.thumbnail.height), (320, 160));
        assert_eq!(big.main.extension, "jpg");

        let small = process(
            &encoded(&photo(300, 200), ImageFormat::Png),
            ImageKind::Post,
        )
        .unwrap();
        assert_eq!((small.main.width, small.main.height), (300, 200));
        assert_eq!((small.thumbnail.width, small.thumbnail.height), (300, 200));
        assert!(!small.blurhash.is_empty());
    }

    #[test]
    fn avatars_are_square_crops_of_400_and_96() {
        let done = process(
            &encoded(&photo(640, 480), ImageFormat::Jpeg),
            ImageKind::Avatar,
        )
        .unwrap();
        assert_eq!((done.main.width, done.main.height), (400, 400));
        assert_eq!((done.thumbnail.width, done.thumbnail.height), (96, 96));
    }

    #[test]
    fn transparency_keeps_png_and_opaque_alpha_becomes_jpeg() {
        let see_through = DynamicImage::ImageRgba8(RgbaImage::from_fn(20, 20, |x, _| {
            Rgba([200, 10, 10, if x < 10 { 0 } else { 255 }])
        }));
        let done = process(&encoded(&see_through, ImageFormat::Png), ImageKind::Post).unwrap();
        assert_eq!(
            (done.main.extension, done.main.content_type),
            ("png", "image/png")
        );

        let opaque = DynamicImage::ImageRgba8(RgbaImage::from_pixel(20, 20, Rgba([1, 2, 3, 255])));
        let done = process(&encoded(&opaque, ImageFormat::Png), ImageKind::Post).unwrap();
        assert_eq!(
            (done.main.extension, done.main.content_type),
            ("jpg", "image/jpeg")
        );
    }

    #[test]
    fn an_animated_gif_becomes_its_first_frame() {
        use image::codecs::gif::{GifEncoder, Repeat};
        use image::{Delay, Frame};
        let frame = |colour: [u8; 4]| {
            Frame::from_parts(
                RgbaImage::from_pixel(16, 16, Rgba(colour)),
                0,
                0,
                Delay::from_numer_denom_ms(100, 1),
            )
        };
        let mut gif = Vec::new();
        {
            let mut encoder = GifEncoder::new(&mut gif);
            encoder.set_repeat(Repeat::Infinite).unwrap();
            encoder
                .encode_frames([frame([255, 0, 0, 255]), frame([0, 0, 255, 255])])
                .unwrap();
        }

        let done = process(&gif, ImageKind::Post).unwrap();

        assert_eq!(done.main.extension, "jpg");
        let still = image::load_from_memory(&done.main.bytes).unwrap().to_rgb8();
        let Rgb([red, _, blue]) = *still.get_pixel(8, 8);
        assert!(
            red > 200 && blue < 60,
            "the first (red) frame, got {red}/{blue}"
        );
    }

    #[test]
    fn exif_orientation_is_applied_and_the_block_dropped() {
        // 300 × 200 stored, orientation 6 ("rotate 90° clockwise to view"): shown 200 × 300.
        let jpeg = with_exif_orientation(&encoded(&photo(300, 200), ImageFormat::Jpeg), 6);
        let done = process(&jpeg, ImageKind::Post).unwrap();
        assert_eq!((done.main.width, done.main.height), (200, 300));
        assert!(!contains(&done.main.bytes, b"Exif"));
    }

    /// A valid 65-byte PNG declaring 30,000 × 30,000 RGB pixels (IHDR, a tiny IDAT, IEND).
    const BOMB: &[u8] = &[
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44,
        0x52, 0x00, 0x00, 0x75, 0x30, 0x00, 0x00, 0x75, 0x30, 0x08, 0x02, 0x00, 0x00, 0x00, 0xe9,
        0x45, 0x6f, 0xed, 0x00, 0x00, 0x00, 0x08, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x03, 0x00,
        0x00, 0x00, 0x00, 0x01, 0x48, 0x06, 0x89, 0xd2, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e,
        0x44, 0xae, 0x42, 0x60, 0x82,
    ];

    fn contains(haystack: &[u8], needle: &[u8]) -> bool {
        haystack.windows(needle.len()).any(|w| w == needle)
    }

    /// Inserts an APP1 Exif segment holding only an orientation tag right after SOI.
    fn with_exif_orientation(jpeg: &[u8], orientation: u16) -> Vec<u8> {
        let mut tiff = Vec::new();
        tiff.extend_from_slice(b"II*\0");
        tiff.extend_from_slice(&8u32.to_le_bytes());
        tiff.extend_from_slice(&1u16.to_le_bytes()); // one entry
        tiff.extend_from_slice(&0x0112u16.to_le_bytes()); // Orientation
        tiff.extend_from_slice(&3u16.to_le_bytes()); // SHORT
        tiff.extend_from_slice(&1u32.to_le_bytes());
        tiff.extend_from_slice(&orientation.to_le_bytes());
        tiff.extend_from_slice(&[0, 0]);
        tiff.extend_from_slice(&0u32.to_le_bytes()); // no next IFD
        let mut segment = b"Exif\0\0".to_vec();
        segment.extend_from_slice(&tiff);
        let mut out = jpeg[..2].to_vec();
        out.extend_from_slice(&[0xFF, 0xE1]);
        out.extend_from_slice(&((segment.len() + 2) as u16).to_be_bytes());
        out.extend_from_slice(&segment);
        out.extend_from_slice(&jpeg[2..]);
        out
    }
}
