//! Generated artwork: gradients with simple shapes, drawn in code so the demo and the built-in
//! catalogue need no downloads and every image is different.

use image::{ImageFormat, Rgb, RgbImage};

/// A deterministic pseudo-random sequence (xorshift), so a seed draws the same picture.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u32) -> u32 {
        (self.next() % u64::from(n.max(1))) as u32
    }

    fn colour(&mut self) -> [f32; 3] {
        [0, 1, 2].map(|_| self.below(256) as f32)
    }
}

/// A `width`×`height` PNG: a diagonal gradient between two colours with a few discs and
/// bands over it.
pub fn artwork(seed: u64, width: u32, height: u32) -> Vec<u8> {
    let mut dice = Dice(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let (from, to) = (dice.colour(), dice.colour());
    let discs: Vec<(f32, f32, f32, [f32; 3])> = (0..3 + dice.below(4))
        .map(|_| {
            let r = (width.min(height) / 10 + dice.below(width.min(height) / 3)) as f32;
            (
                dice.below(width) as f32,
                dice.below(height) as f32,
                r,
                dice.colour(),
            )
        })
        .collect();
    let band = 20 + dice.below(60);
    let span = (width + height) as f32;

    let picture = RgbImage::from_fn(width, height, |x, y| {
        let t = (x + y) as f32 / span;
        let mut px = [0, 1, 2].map(|i| from[i] * (1.0 - t) + to[i] * t);
        for &(cx, cy, r, colour) in &discs {
            let d = ((x as f32 - cx).powi(2) + (y as f32 - cy).powi(2)).sqrt();
            if d < r {
                let a = 0.55 * (1.0 - d / r).min(0.4) / 0.4;
                px = [0, 1, 2].map(|i| px[i] * (1.0 - a) + colour[i] * a);
            }
        }
        if (y / band) % 7 == 3 {
            px = px.map(|v| v * 0.85);
        }
        Rgb(px.map(|v| v.clamp(0.0, 255.0) as u8))
    });
    let mut bytes = std::io::Cursor::new(Vec::new());
    picture
        .write_to(&mut bytes, ImageFormat::Png)
        .expect("encoding a PNG in memory");
    bytes.into_inner()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_draws_the_same_picture_and_others_differ() {
        assert_eq!(artwork(7, 64, 48), artwork(7, 64, 48));
        assert_ne!(artwork(7, 64, 48), artwork(8, 64, 48));
        let decoded = image::load_from_memory(&artwork(1, 64, 48)).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (64, 48));
    }
}
