//! The product gallery: the main image and thumbnails that switch it. A chosen variation's image
//! takes the place of the first one, as WooCommerce does.

import { useState } from 'react';
import { ProductImage } from '@/components/product-image';
import type { ImageView, VariationImage } from '@/lib/api/types';

interface ProductGalleryProps {
  images: ImageView[];
  productName: string;
  /** The chosen variation's image, or null. */
  override: VariationImage | null;
  onSale: boolean;
}

export function ProductGallery({ images, productName, override, onSale }: ProductGalleryProps) {
  const [index, setIndex] = useState(0);
  const [lastOverride, setLastOverride] = useState(override);
  // A new variation image brings the first slot back into view.
  if (override !== lastOverride) {
    setLastOverride(override);
    if (override) setIndex(0);
  }

  const slotImage = (i: number) => (i === 0 && override ? override : images[i]);
  const main = slotImage(index) ?? slotImage(0);

  return (
    <div className="gallery">
      <div className="gallery__main">
        {main ? (
          <ProductImage image={main} alt={main.alt || productName} eager className="gallery__image" sizes="(min-width: 850px) 560px, 100vw" />
        ) : (
          <div className="gallery__placeholder" role="img" aria-label={`${productName}: no image yet`} />
        )}
        {onSale && <span className="badge badge--sale badge--large">Sale!</span>}
      </div>
      {images.length > 1 && (
        <ul className="gallery__thumbs" aria-label="Product images">
          {images.map((image, i) => {
            const shown = slotImage(i) ?? image;
            return (
              <li key={image.id}>
                <button
                  type="button"
                  className="gallery__thumb"
                  aria-pressed={i === index}
                  aria-label={`Show image ${i + 1} of ${images.length}${shown.alt ? `: ${shown.alt}` : ''}`}
                  onClick={() => setIndex(i)}
                >
                  <img src={shown.gallery_thumbnail_src || shown.thumb_src} alt="" width={100} height={100} loading="lazy" decoding="async" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
