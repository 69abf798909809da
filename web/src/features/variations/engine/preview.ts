//! Which image the gallery shows: the match's, a preview for one chosen value, or the original.

import type { Variation, VariationImage, VariationsFormData } from '@/lib/api/types';
import { attributesMatch } from './matching';
import { isComplete, type Selection } from './selection';
import type { VariationIndex } from './variation-index';

/** The attribute whose choice previews an image: `preview_attribute`, else the first. */
export function previewKey(data: VariationsFormData): string | null {
  const keys = data.attributes.map((a) => a.key);
  if (data.preview_attribute !== null && keys.includes(data.preview_attribute)) {
    return data.preview_attribute;
  }
  return keys[0] ?? null;
}

/** The value to preview: the preview attribute's choice while not all are chosen, else null. */
export function previewValue(
  index: VariationIndex,
  selection: Selection,
  key: string | null,
): string | null {
  if (key === null || isComplete(index, selection)) return null;
  const value = selection[key] ?? '';
  return value === '' ? null : value;
}

export function hasImage(image: VariationImage | null | undefined): image is VariationImage {
  return image != null && image.src !== '';
}

/** From preloaded data: the first variation matching that one value that has an image. */
export function previewImageFrom(
  variations: readonly Variation[],
  key: string,
  value: string,
): VariationImage | null {
  const found = variations.find((v) => hasImage(v.image) && attributesMatch(v.attributes, { [key]: value }));
  return found?.image ?? null;
}

/**
 * A shown variation's image (or the original if it has none) wins over a preview; with neither
 * the gallery shows the product's original image (null).
 */
export function displayedImage(
  variation: Variation | null,
  preview: VariationImage | null,
): VariationImage | null {
  if (variation) return hasImage(variation.image) ? variation.image : null;
  return preview;
}
