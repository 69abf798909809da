import { describe, expect, it } from 'vitest';
import { activeSection, SCROLL_SPY_DEBOUNCE_MS, SCROLL_SPY_OFFSET, sectionFromHash } from './scroll-spy';

const sections = (...tops: number[]) => tops.map((top, i) => ({ id: `s${i + 1}`, top }));

describe('activeSection', () => {
  it('uses the spec numbers: sticky height + 100 px, 100 ms debounce', () => {
    expect(SCROLL_SPY_OFFSET).toBe(100);
    expect(SCROLL_SPY_DEBOUNCE_MS).toBe(100);
  });

  it('is the last section whose top has reached sticky height + 100 px', () => {
    expect(activeSection(sections(-500, 224, 900), 124)).toBe('s2');
    expect(activeSection(sections(-500, 225, 900), 124)).toBe('s1');
    expect(activeSection(sections(-900, -400, 50), 0)).toBe('s3');
  });

  it('is none before the first section reaches the line', () => {
    expect(activeSection(sections(400, 900), 124)).toBeNull();
    expect(activeSection([], 124)).toBeNull();
  });

  it('is the last section at the bottom of the page', () => {
    expect(activeSection(sections(-900, -400, 600), 124, true)).toBe('s3');
  });
});

describe('sectionFromHash', () => {
  it('finds a known section, decoded, and ignores others', () => {
    expect(sectionFromHash('#s2', ['s1', 's2'])).toBe('s2');
    expect(sectionFromHash('#caf%C3%A9', ['café'])).toBe('café');
    expect(sectionFromHash('#other', ['s1'])).toBeNull();
    expect(sectionFromHash('', ['s1'])).toBeNull();
  });
});
