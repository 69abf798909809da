import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STICKY_HEIGHT_VAR } from '@/lib/scroll';
import { ScrollToBullets } from './scroll-to-bullets';

// Section tops in the window, changed by each test's "scroll".
const tops: Record<string, number> = {};

function renderBullets() {
  render(
    <>
      {['intro', 'details', 'reviews'].map((id) => (
        <section key={id} id={id} />
      ))}
      <ScrollToBullets
        sections={[
          { id: 'intro', label: 'Intro' },
          { id: 'details', label: 'Details' },
          { id: 'reviews', label: 'Reviews' },
        ]}
      />
    </>,
  );
}

const current = () => screen.getAllByRole('link').filter((link) => link.hasAttribute('aria-current'));

beforeEach(() => {
  vi.useFakeTimers();
  Object.assign(tops, { intro: 150, details: 900, reviews: 1600 });
  document.documentElement.style.setProperty(STICKY_HEIGHT_VAR, '120px');
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const top = tops[this.id] ?? 0;
    return { top, bottom: top + 100, left: 0, right: 0, width: 0, height: 100, x: 0, y: top, toJSON: () => ({}) };
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.documentElement.style.removeProperty(STICKY_HEIGHT_VAR);
  window.history.replaceState(null, '', '/');
});

describe('ScrollToBullets', () => {
  it('links each section by hash in a named navigation', () => {
    renderBullets();
    const nav = screen.getByRole('navigation', { name: 'Page sections' });
    expect(nav).toContainElement(screen.getByRole('link', { name: 'Details' }));
    expect(screen.getByRole('link', { name: 'Reviews' })).toHaveAttribute('href', '#reviews');
    expect(current().map((link) => link.textContent)).toEqual(['Intro']);
  });

  it('marks the section within sticky height + 100 px, 100 ms after scrolling stops', () => {
    renderBullets();
    Object.assign(tops, { intro: -700, details: 220, reviews: 900 });
    fireEvent.scroll(window);
    act(() => vi.advanceTimersByTime(60));
    fireEvent.scroll(window); // debounced: the wait starts again
    act(() => vi.advanceTimersByTime(99));
    expect(current()[0]).toHaveTextContent('Intro');
    act(() => vi.advanceTimersByTime(1));
    expect(current()[0]).toHaveTextContent('Details');
    expect(current()[0]).toHaveAttribute('aria-current', 'location');
  });

  it('follows the URL hash', () => {
    window.history.replaceState(null, '', '/#reviews');
    renderBullets();
    expect(current()[0]).toHaveTextContent('Reviews');
    act(() => {
      window.history.replaceState(null, '', '/#details');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(current()[0]).toHaveTextContent('Details');
  });
});
