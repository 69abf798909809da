import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installStickyHeader, type StickyHeaderSettings } from './sticky-header';
import { STICKY_DELAY_MS } from './sticky-header-state';

const HEADER_HEIGHT = 120;

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
}

let stop: (() => void) | null = null;

/** The server's header (storefront/frame.rs): the sentinel, then the header with its search field. */
function renderHeader(sticky: StickyHeaderSettings) {
  document.body.innerHTML =
    '<div class="site-header-sentinel" aria-hidden="true"></div><header class="site-header" id="site-header" tabindex="-1">' +
    '<form role="search" aria-label="Search products"><input type="search" aria-label="Search products"></form></header>';
  const header = screen.getByRole('banner');
  stop = installStickyHeader(header, document.querySelector<HTMLElement>('.site-header-sentinel')!, sticky);
  return header;
}

beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  // The sentinel sits at the top of the page (its window position moves with the scroll);
  // the header is HEADER_HEIGHT tall.
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const top = this.classList.contains('site-header-sentinel') ? -window.scrollY : 0;
    const height = this.tagName === 'HEADER' ? HEADER_HEIGHT : 0;
    return { top, bottom: top + height, left: 0, right: 0, width: 0, height, x: 0, y: top, toJSON: () => ({}) };
  });
});

afterEach(() => {
  stop?.();
  stop = null;
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('sticky header', () => {
  it('publishes its height as --sticky-height', () => {
    renderHeader({ enabled: true, hideOnScroll: 'never' });
    expect(document.documentElement.style.getPropertyValue('--sticky-height')).toBe(`${HEADER_HEIGHT}px`);
  });

  it('sticks 100 ms after scrolling past its height and unsticks back at the top', () => {
    const header = renderHeader({ enabled: true, hideOnScroll: 'never' });
    expect(header).toHaveAttribute('data-sticky', 'normal');
    act(() => scrollTo(HEADER_HEIGHT + 1));
    act(() => vi.advanceTimersByTime(STICKY_DELAY_MS - 1));
    expect(header).toHaveAttribute('data-sticky', 'normal');
    act(() => vi.advanceTimersByTime(1));
    expect(header).toHaveAttribute('data-sticky', 'stuck');

    act(() => scrollTo(60));
    act(() => vi.advanceTimersByTime(STICKY_DELAY_MS));
    expect(header).toHaveAttribute('data-sticky', 'stuck');
    act(() => scrollTo(0));
    act(() => vi.advanceTimersByTime(STICKY_DELAY_MS));
    expect(header).toHaveAttribute('data-sticky', 'normal');
  });

  it('samples once per delay however many scroll events arrive', () => {
    const header = renderHeader({ enabled: true, hideOnScroll: 'never' });
    act(() => {
      for (let y = 10; y <= 600; y += 10) scrollTo(y);
    });
    act(() => vi.advanceTimersByTime(STICKY_DELAY_MS));
    expect(header).toHaveAttribute('data-sticky', 'stuck');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('with hide-on-scroll, hides scrolling down and shows scrolling up, and shows for keyboard focus', () => {
    const header = renderHeader({ enabled: true, hideOnScroll: 'always' });
    act(() => scrollTo(600));
    act(() => vi.advanceTimersByTime(STICKY_DELAY_MS));
    expect(header).toHaveAttribute('data-sticky', 'hidden');
    expect(header).toHaveAttribute('data-sticky-from', 'normal');
    act(() => scrollTo(500));
    act(() => vi.advanceTimersByTime(STICKY_DELAY_MS));
    expect(header).toHaveAttribute('data-sticky', 'stuck');
    act(() => scrollTo(900));
    act(() => vi.advanceTimersByTime(STICKY_DELAY_MS));
    expect(header).toHaveAttribute('data-sticky', 'hidden');
    expect(header).toHaveAttribute('data-sticky-from', 'stuck');

    act(() => screen.getByRole('searchbox', { name: 'Search products' }).focus());
    expect(header).toHaveAttribute('data-sticky', 'stuck');
  });

  it('when turned off, stays in the flow and publishes no height', () => {
    const header = renderHeader({ enabled: false, hideOnScroll: 'never' });
    act(() => scrollTo(900));
    act(() => vi.advanceTimersByTime(STICKY_DELAY_MS));
    expect(header).not.toHaveAttribute('data-sticky');
    expect(document.documentElement.style.getPropertyValue('--sticky-height')).toBe('');
  });
});

describe('stopping', () => {
  it('puts the header back in the flow and withdraws the height', () => {
    const header = renderHeader({ enabled: true, hideOnScroll: 'never' });
    act(() => scrollTo(HEADER_HEIGHT + 1));
    act(() => vi.advanceTimersByTime(STICKY_DELAY_MS));
    expect(header).toHaveAttribute('data-sticky', 'stuck');
    stop?.();
    stop = null;
    expect(header).toHaveAttribute('data-sticky', 'normal');
    expect(document.documentElement.style.getPropertyValue('--sticky-height')).toBe('');
  });
});
