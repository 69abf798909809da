//! The product gallery: the main image and thumbnails that switch it. A chosen variation's image
//! takes the place of the first one, as WooCommerce does. A mouse over the main image zooms it;
//! the main image (or its button, by keyboard) opens the full-screen lightbox, whose code is a
//! chunk loaded when it first opens.

import { useEffect, useState } from 'react';
import { ExpandIcon } from '@/components/icons';
import { ChunkBoundary, onDemand } from '@/components/on-demand';
import { ProductImage } from '@/components/product-image';
import { chunk } from '@/lib/chunks';
import type { ImageView, VariationImage } from '@/lib/api/types';
import { useImageZoom } from '../hooks/use-image-zoom';
import type { GalleryImage } from './gallery/gallery-image';
import './gallery/gallery.css';

const Lightbox = onDemand(
  chunk(() => import('./gallery/lightbox')),
  (module) => module.Lightbox,
);

export const OPEN_LIGHTBOX_LABEL = 'View full-screen image gallery';

/**
 * Spec §9 "gallery refresh after 20 ms": a new variation image takes the first slot at once,
 * and this long after it the gallery refreshes: the first slot comes back into view (WooCommerce's
 * `setTimeout(…, 20)` around its gallery reset).
 */
export const GALLERY_REFRESH_MS = 20;

/** The server preloads the main image with the same sizes (storefront/head.rs GALLERY_IMAGE_SIZES). */
export const GALLERY_IMAGE_SIZES = '(min-width: 850px) 560px, 100vw';

interface ProductGalleryProps {
  images: ImageView[];
  productName: string;
  /** The chosen variation's image, or null. */
  override: VariationImage | null;
  onSale: boolean;
}

export function ProductGallery({ images, productName, override, onSale }: ProductGalleryProps) {
  const [index, setIndex] = useState(0);
  const [lightboxOpen, setLightboxOpen] = useState(false);
  // The lightbox's code is asked for on the first opening, and kept (it fades out on close).
  const [lightboxWanted, setLightboxWanted] = useState(false);
  if (lightboxOpen && !lightboxWanted) setLightboxWanted(true);
  // Focus goes back to the button on close, even where a tap did not focus it.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  // A new variation image brings the first slot back into view, once the refresh is due.
  useEffect(() => {
    if (!override) return;
    const timer = window.setTimeout(() => setIndex(0), GALLERY_REFRESH_MS);
    return () => window.clearTimeout(timer);
  }, [override]);

  const slotImage = (i: number): GalleryImage | undefined => (i === 0 && override ? override : images[i]);
  const slots: GalleryImage[] = images.length > 0 ? images.map((image, i) => slotImage(i) ?? image) : override ? [override] : [];
  const shownIndex = slots[index] ? index : 0;
  const main = slots[shownIndex];
  const zoom = useImageZoom(main ?? null);

  return (
    <div className="gallery">
      <div className="gallery__main" ref={zoom.frameRef} data-zooming={zoom.zooming} {...zoom.handlers}>
        {main ? (
          <ProductImage image={main} alt={main.alt || productName} priority className="gallery__image" sizes={GALLERY_IMAGE_SIZES} />
        ) : (
          <div className="gallery__placeholder" role="img" aria-label={`${productName}: no image yet`} />
        )}
        {main && zoom.ready && <img ref={zoom.layerRef} className="gallery__zoom" src={main.full_src} alt="" aria-hidden="true" decoding="async" />}
        {main && (
          <button
            type="button"
            className="gallery__trigger"
            aria-label={OPEN_LIGHTBOX_LABEL}
            onClick={(event) => {
              setOpener(event.currentTarget);
              setLightboxOpen(true);
            }}
          >
            <span className="gallery__trigger-icon">
              <ExpandIcon />
            </span>
          </button>
        )}
        {onSale && <span className="badge badge--sale badge--large">Sale!</span>}
        <p className="gallery__status" role="status">
          {zoom.message}
        </p>
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
                  aria-pressed={i === shownIndex}
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
      {slots.length > 0 && lightboxWanted && (
        <ChunkBoundary
          onDismiss={() => {
            setLightboxOpen(false);
            setLightboxWanted(false);
          }}
        >
          <Lightbox
            open={lightboxOpen}
            images={slots}
            startIndex={shownIndex}
            productName={productName}
            returnFocus={opener}
            onClose={() => setLightboxOpen(false)}
          />
        </ChunkBoundary>
      )}
    </div>
  );
}
