import { zoomPlacement } from './zoom-geometry';

const frame = { width: 600, height: 600 };

describe('zoomPlacement', () => {
  it('shows a 1200 px image at its own size in a 600 px frame', () => {
    const placed = zoomPlacement(frame, { width: 1200, height: 1200 }, { x: 0.5, y: 0.5 });
    expect(placed).toEqual({ width: 1200, height: 1200, x: -300, y: -300 });
  });

  it('keeps the corner under the pointer at the corners', () => {
    const topLeft = zoomPlacement(frame, { width: 1200, height: 1200 }, { x: 0, y: 0 });
    expect([topLeft.x, topLeft.y]).toEqual([expect.closeTo(0), expect.closeTo(0)]);
    expect(zoomPlacement(frame, { width: 1200, height: 1200 }, { x: 1, y: 1 })).toMatchObject({ x: -600, y: -600 });
  });

  it('magnifies a small image at least one and a half times', () => {
    const placed = zoomPlacement(frame, { width: 300, height: 300 }, { x: 0, y: 0 });
    expect(placed.width).toBe(900);
  });

  it('magnifies a huge image at most three times', () => {
    const placed = zoomPlacement(frame, { width: 6000, height: 6000 }, { x: 0, y: 0 });
    expect(placed.width).toBe(1800);
  });

  it('covers the frame with a wide image, as the main image does', () => {
    const placed = zoomPlacement(frame, { width: 2400, height: 1200 }, { x: 0.5, y: 0.5 });
    // Cover scale 0.5 → 1200 × 600 shown; 2× its own size → 2400 × 1200.
    expect(placed).toEqual({ width: 2400, height: 1200, x: -900, y: -300 });
  });

  it('magnifies an image of unknown size twice', () => {
    expect(zoomPlacement(frame, { width: 0, height: 0 }, { x: 0.5, y: 0.5 })).toEqual({ width: 1200, height: 1200, x: -300, y: -300 });
  });

  it('clamps a pointer outside the frame to its edge', () => {
    const placed = zoomPlacement(frame, { width: 1200, height: 1200 }, { x: 1.4, y: -0.2 });
    expect([placed.x, placed.y]).toEqual([-600, expect.closeTo(0)]);
  });
});
