//! Where the magnified image sits under the pointer: the large image covers the frame (as the
//! main image does) at its own pixel size, clamped to 1.5×–3×, and slides so the point under
//! the pointer stays under it.

export interface Size {
  width: number;
  height: number;
}

export interface ZoomPlacement {
  width: number;
  height: number;
  /** Offsets from the frame's top left corner (≤ 0). */
  x: number;
  y: number;
}

const MIN_ZOOM = 1.5;
const MAX_ZOOM = 3;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * `pointer` is the pointer's place in the frame as fractions (0 left/top … 1 right/bottom).
 * An image of unknown size (0 × 0) is taken to have the frame's shape, magnified 2×.
 */
export function zoomPlacement(frame: Size, image: Size, pointer: { x: number; y: number }): ZoomPlacement {
  const known = image.width > 0 && image.height > 0;
  const natural = known ? image : frame;
  const cover = Math.max(frame.width / natural.width, frame.height / natural.height);
  const zoom = known ? clamp(1 / cover, MIN_ZOOM, MAX_ZOOM) : 2;
  const width = natural.width * cover * zoom;
  const height = natural.height * cover * zoom;
  const fx = clamp(pointer.x, 0, 1);
  const fy = clamp(pointer.y, 0, 1);
  return { width, height, x: -fx * (width - frame.width), y: -fy * (height - frame.height) };
}
