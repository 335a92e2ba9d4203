//! The built-in catalogue's pictures, drawn in code (platform/media/art.rs) the first time a
//! database without them is read or seeded.

use crate::economy::store::shop;
use crate::platform::db::Db;
use crate::platform::media::art;
use crate::platform::media::{ImageKind, Media};

/// Draws and stores a square picture for each product that has none (content-addressed, so
/// two fillers at once store the same file and the first key wins).
pub async fn product_images(db: &Db, media: &Media) -> anyhow::Result<()> {
    for product in shop::products(db).await? {
        if product.image_key.is_some() {
            continue;
        }
        // Drawing and encoding is CPU work: off the async threads.
        let seed = 7000 + product.id as u64;
        let picture = tokio::task::spawn_blocking(move || art::artwork(seed, 480, 480)).await?;
        let stored = media.ingest_image(db, picture, ImageKind::Post).await?;
        shop::set_product_image(db, product.id, &stored.key).await?;
    }
    Ok(())
}
