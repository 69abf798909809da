//! One image of the product gallery (spec §3 "Gallery image": large URL, width, height, caption,
//! alt), as both the product's images and a chosen variation's image carry it.

import type { ImageView } from '@/lib/api/types';

export type GalleryImage = Pick<
  ImageView,
  'src' | 'srcset' | 'sizes' | 'src_w' | 'src_h' | 'alt' | 'caption' | 'full_src' | 'full_src_w' | 'full_src_h' | 'thumb_src' | 'gallery_thumbnail_src'
>;
