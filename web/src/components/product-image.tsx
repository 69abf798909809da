//! An <img> for a catalogue image, with its intrinsic size so the layout never shifts.

import type { ImageView } from '@/lib/api/types';

interface ProductImageProps {
  image: Pick<ImageView, 'src' | 'srcset' | 'sizes' | 'src_w' | 'src_h' | 'alt'>;
  /** Overrides the image's own alt text ("" for decorative use next to the product name). */
  alt?: string;
  /** Above the fold: load at once. */
  eager?: boolean;
  /** The page's largest element (its LCP): fetched before other images. */
  priority?: boolean;
  className?: string;
  sizes?: string;
}

export function ProductImage({ image, alt, eager = false, priority = false, className, sizes }: ProductImageProps) {
  return (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcset || undefined}
      sizes={image.srcset ? (sizes ?? image.sizes) : undefined}
      width={image.src_w || undefined}
      height={image.src_h || undefined}
      alt={alt ?? image.alt}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
