//! Making an uploaded image a product's main image (issue 14, item 9): staff who may edit
//! products pick a ready upload; it takes the main image's place in the product's document in
//! one catalogue write, which raises the catalogue's change counter, so kept pages and the
//! search index follow. The storefront then shows its WebP sizes in the srcset.

use vitrine_domain::account::User;
use vitrine_domain::catalogue::{Image, Product, ProductId, with_main_image};
use vitrine_domain::media::{MediaId, source_url};

use crate::catalogue::Catalogue;
use crate::error::{AppError, AppResult, Missing, Refusal};
use crate::media::MediaLibrary;

fn may_edit_products(user: &User) -> AppResult<()> {
    if user.capabilities().edit_products {
        Ok(())
    } else {
        Err(AppError::refused(Refusal::Forbidden(
            "Sorry, you are not allowed to edit products.",
        )))
    }
}

fn invalid_media(message: String) -> AppError {
    AppError::Invalid {
        field: "media_id",
        message,
    }
}

/// Sets `product`'s main image to the uploaded image `media`; answers the product as stored.
pub async fn set_product_image(
    catalogue: &Catalogue,
    media: &MediaLibrary,
    user: &User,
    product: ProductId,
    media_id: MediaId,
) -> AppResult<Product> {
    may_edit_products(user)?;
    let attachment = media
        .attachment(media_id)
        .await?
        .ok_or_else(|| invalid_media(format!("There is no uploaded image {media_id}.")))?;
    let url = source_url(&attachment).ok_or_else(|| {
        invalid_media(format!(
            "The sizes of image {media_id} are not made yet: post-process it first."
        ))
    })?;
    let mut write = catalogue.store().begin_import().await?;
    let mut stored = write
        .existing_product(product)
        .await?
        .ok_or(AppError::NotFound(Missing::Product))?;
    let image_id = write.ensure_image(&url).await?;
    // No alt or title of its own: the storefront then names it by the product (a file name
    // is no description).
    let main = Image {
        id: image_id,
        source_url: url,
        alt: String::new(),
        title: String::new(),
        caption: String::new(),
        colour: None,
    };
    stored.images = with_main_image(&stored.images, main);
    write.upsert_product(&stored).await?;
    write.commit().await?;
    catalogue.cache().forget(product);
    tracing::info!(
        product = product.0,
        media = media_id.0,
        user = user.id.0,
        "product image set"
    );
    Ok(stored)
}
