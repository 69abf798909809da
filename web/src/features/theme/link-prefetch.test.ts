import { fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOVER_PREFETCH_DELAY_MS, installLinkPrefetch, TOUCH_MOUSE_GUARD_MS } from './link-prefetch';

let prefetch: ReturnType<typeof vi.fn<(path: string) => void>>;
let uninstall: () => void;

function link(href: string, attributes: Record<string, string> = { 'data-router-link': '' }) {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.innerHTML = '<span>label</span>';
  for (const [name, value] of Object.entries(attributes)) anchor.setAttribute(name, value);
  document.body.append(anchor);
  return anchor;
}

beforeEach(() => {
  vi.useFakeTimers();
  prefetch = vi.fn<(path: string) => void>();
  uninstall = installLinkPrefetch({ prefetch, now: () => Date.now() });
});

afterEach(() => {
  uninstall();
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('prefetch on hover', () => {
  it('prefetches a link hovered for 65 ms', () => {
    const anchor = link('/product/cap/');
    fireEvent.mouseOver(anchor);
    vi.advanceTimersByTime(HOVER_PREFETCH_DELAY_MS - 1);
    expect(prefetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(prefetch).toHaveBeenCalledExactlyOnceWith('/product/cap/');
    expect(HOVER_PREFETCH_DELAY_MS).toBe(65);
  });

  it('does not prefetch a link left before 65 ms', () => {
    const anchor = link('/product/cap/');
    fireEvent.mouseOver(anchor);
    vi.advanceTimersByTime(40);
    fireEvent.mouseOut(anchor, { relatedTarget: document.body });
    vi.advanceTimersByTime(100);
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('keeps waiting while the pointer moves between the link’s own children', () => {
    const anchor = link('/product/cap/');
    const inner = anchor.querySelector('span') as HTMLElement;
    fireEvent.mouseOver(anchor);
    vi.advanceTimersByTime(30);
    fireEvent.mouseOut(anchor, { relatedTarget: inner });
    fireEvent.mouseOver(inner);
    vi.advanceTimersByTime(35);
    expect(prefetch).toHaveBeenCalledExactlyOnceWith('/product/cap/');
  });

  it('moving to another link restarts the wait for that one only', () => {
    const first = link('/product/cap/');
    const second = link('/product/beanie/');
    fireEvent.mouseOver(first);
    vi.advanceTimersByTime(50);
    fireEvent.mouseOut(first, { relatedTarget: second });
    fireEvent.mouseOver(second);
    vi.advanceTimersByTime(65);
    expect(prefetch.mock.calls).toEqual([['/product/beanie/']]);
  });

  it('applies the link rules', () => {
    for (const anchor of [
      link('/shop/?orderby=price'),
      link('https://elsewhere.example/'),
      link('mailto:shop@example.com'),
      link('#reviews'),
      link('/shop/', { 'data-router-link': '', 'data-no-instant': '' }),
      link('/cart/', {}),
    ]) {
      fireEvent.mouseOver(anchor);
      vi.advanceTimersByTime(100);
      fireEvent.mouseOut(anchor, { relatedTarget: document.body });
    }
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('honours data-no-instant on an ancestor', () => {
    const wrapper = document.createElement('div');
    wrapper.setAttribute('data-no-instant', '');
    document.body.append(wrapper);
    const anchor = link('/shop/');
    wrapper.append(anchor);
    fireEvent.mouseOver(anchor);
    vi.advanceTimersByTime(100);
    expect(prefetch).not.toHaveBeenCalled();
  });
});

describe('prefetch on touch', () => {
  it('prefetches at touchstart, at once', () => {
    fireEvent.touchStart(link('/product/cap/'));
    expect(prefetch).toHaveBeenCalledExactlyOnceWith('/product/cap/');
  });

  it('ignores mouse events within 1100 ms of a touch', () => {
    const touched = link('/product/cap/');
    const other = link('/product/beanie/');
    fireEvent.touchStart(touched);
    vi.advanceTimersByTime(TOUCH_MOUSE_GUARD_MS - 100);
    fireEvent.mouseOver(other);
    vi.advanceTimersByTime(100);
    expect(prefetch.mock.calls).toEqual([['/product/cap/']]);

    fireEvent.mouseOut(other, { relatedTarget: document.body });
    vi.advanceTimersByTime(100); // now past 1100 ms
    fireEvent.mouseOver(other);
    vi.advanceTimersByTime(HOVER_PREFETCH_DELAY_MS);
    expect(prefetch.mock.calls).toEqual([['/product/cap/'], ['/product/beanie/']]);
    expect(TOUCH_MOUSE_GUARD_MS).toBe(1100);
  });
});

describe('installLinkPrefetch', () => {
  it('stops listening when uninstalled', () => {
    uninstall();
    fireEvent.touchStart(link('/product/cap/'));
    expect(prefetch).not.toHaveBeenCalled();
  });

  it('prefetches nothing when the visitor asked to save data', () => {
    uninstall();
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    try {
      uninstall = installLinkPrefetch({ prefetch });
      fireEvent.touchStart(link('/product/cap/'));
      expect(prefetch).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
    }
  });
});
