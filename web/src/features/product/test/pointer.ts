//! Test helpers (test-only): jsdom has no PointerEvent and loads no images, so the gallery's
//! tests bring a PointerEvent with pointerType and an Image whose load or failure they decide.

import { vi } from 'vitest';
import { TestPointerEvent } from '@/components/testing/pointer-events';

/** Makes fireEvent.pointer*(el, { pointerType, pointerId, clientX, clientY }) carry those. */
export function installPointerEvent(): void {
  vi.stubGlobal('PointerEvent', TestPointerEvent);
}

export class TestImage {
  static created: TestImage[] = [];
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  src = '';
  constructor() {
    TestImage.created.push(this);
  }
  /** The image this test made last (the large image the zoom asked for). */
  static last(): TestImage {
    const image = TestImage.created[TestImage.created.length - 1];
    if (!image) throw new Error('no image was loaded');
    return image;
  }
}

/** `new Image()` gives a TestImage; the test calls its onload / onerror. */
export function installTestImage(): void {
  TestImage.created = [];
  vi.stubGlobal('Image', TestImage);
}

/** matchMedia answering `matches` for the queries given, false for the rest. */
export function installMatchMedia(matching: string[]): void {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: matching.includes(query), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
}
