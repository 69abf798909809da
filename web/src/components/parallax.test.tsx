import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockReducedMotion } from '@/lib/testing/match-media';
import { PARALLAX_SPEED, Parallax, parallaxShift } from './parallax';

let frames: Map<number, FrameRequestCallback>;
let observers: { callback: IntersectionObserverCallback; targets: Element[] }[];

function flushFrames() {
  const pending = [...frames.values()];
  frames.clear();
  act(() => pending.forEach((callback) => callback(performance.now())));
}

function setIntersecting(isIntersecting: boolean) {
  act(() => {
    for (const { callback, targets } of observers) {
      callback(
        targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
        {} as IntersectionObserver,
      );
    }
  });
}

/** Puts the section's top `offset` px above the viewport's top and fires a scroll. */
function scrollSectionBy(offset: number) {
  const root = screen.getByTestId('parallax-layer').parentElement as HTMLElement;
  vi.spyOn(root, 'getBoundingClientRect').mockReturnValue({ top: -offset } as DOMRect);
  fireEvent.scroll(window);
}

const layer = () => screen.getByTestId('parallax-layer');

beforeEach(() => {
  frames = new Map();
  observers = [];
  let nextFrame = 1;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.set(nextFrame, callback);
    return nextFrame++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      targets: Element[] = [];
      constructor(callback: IntersectionObserverCallback) {
        observers.push({ callback, targets: this.targets });
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      disconnect() {
        this.targets.length = 0;
      }
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('parallaxShift', () => {
  it('is speed × offset, to 0.1 px, without a negative zero', () => {
    expect(PARALLAX_SPEED).toBe(0.3);
    expect(parallaxShift(200, 0.3)).toBe(60);
    expect(parallaxShift(-100, 0.3)).toBe(-30);
    expect(parallaxShift(1, 0.33)).toBe(0.3);
    expect(Object.is(parallaxShift(-0.1, 0.3), 0)).toBe(true);
  });
});

describe('Parallax', () => {
  it('draws an aria-hidden layer behind its content', () => {
    render(
      <Parallax className="hero__parallax" layerClassName="hero__decor">
        <h1>Welcome</h1>
      </Parallax>,
    );
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(layer()).toHaveAttribute('aria-hidden', 'true');
    expect(layer()).toHaveClass('parallax__layer', 'hero__decor');
    expect(layer().parentElement).toHaveClass('parallax', 'hero__parallax');
  });

  it('moves the layer by speed × scroll offset, in an animation frame, while in view', () => {
    render(<Parallax speed={0.5} />);
    // Drawn once before the first paint, from jsdom's zero rect.
    expect(layer().style.transform).toBe('translate3d(0, 0px, 0)');
    setIntersecting(true);
    flushFrames();
    scrollSectionBy(100);
    scrollSectionBy(200);
    expect(layer().style.transform).toBe('translate3d(0, 0px, 0)');
    expect(frames.size).toBe(1);
    flushFrames();
    expect(layer().style.transform).toBe('translate3d(0, 100px, 0)');
    scrollSectionBy(300);
    flushFrames();
    expect(layer().style.transform).toBe('translate3d(0, 150px, 0)');
  });

  it('listens to scrolling only while the section is in view', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    render(<Parallax />);
    expect(add).not.toHaveBeenCalledWith('scroll', expect.anything(), expect.anything());
    scrollSectionBy(100);
    expect(frames.size).toBe(0);
    setIntersecting(true);
    expect(add).toHaveBeenCalledWith('scroll', expect.any(Function), { passive: true });
    flushFrames();
    expect(layer().style.transform).toBe('translate3d(0, 30px, 0)');
    setIntersecting(false);
    expect(remove).toHaveBeenCalledWith('scroll', expect.any(Function));
    scrollSectionBy(500);
    expect(frames.size).toBe(0);
  });

  it('stays static under prefers-reduced-motion, with no scroll listener', () => {
    mockReducedMotion(true);
    const add = vi.spyOn(window, 'addEventListener');
    render(<Parallax />);
    setIntersecting(true);
    scrollSectionBy(400);
    expect(frames.size).toBe(0);
    expect(layer().style.transform).toBe('');
    expect(observers).toHaveLength(0);
    expect(add).not.toHaveBeenCalledWith('scroll', expect.anything(), expect.anything());
  });

  it('follows the setting live: still at once when it turns on, moving again when it turns off', () => {
    const media = mockReducedMotion(false);
    render(<Parallax />);
    setIntersecting(true);
    scrollSectionBy(100);
    flushFrames();
    expect(layer().style.transform).toBe('translate3d(0, 30px, 0)');
    act(() => media.set(true));
    expect(layer().style.transform).toBe('');
    scrollSectionBy(200);
    expect(frames.size).toBe(0);
    act(() => media.set(false));
    setIntersecting(true);
    flushFrames();
    expect(layer().style.transform).toBe('translate3d(0, 60px, 0)');
  });

  it('stops listening when unmounted', () => {
    const remove = vi.spyOn(window, 'removeEventListener');
    const { unmount } = render(<Parallax />);
    setIntersecting(true);
    unmount();
    expect(remove).toHaveBeenCalledWith('scroll', expect.any(Function));
    expect(frames.size).toBe(0);
  });
});
