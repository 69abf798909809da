import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockReducedMotion } from '@/lib/testing/match-media';
import { installPointerEvent } from './testing/pointer-events';
import { SLIDER_INTERVAL_MS, Slider, type Slide } from './slider';

const slides: Slide[] = ['Fast delivery', 'Lovely fabric', 'Great fit'].map((quote) => ({
  key: quote,
  content: (
    <p>
      {quote} <a href="/reviews">Read review</a>
    </p>
  ),
}));

/** The slide showing: the one the picker marks current, and the only one not inert. */
function currentSlide(): number {
  const current = screen.getAllByRole('button', { name: /^Show slide/ }).findIndex((b) => b.getAttribute('aria-current') === 'true');
  const live = screen.getAllByRole('group', { name: /of 3$/ }).filter((slide) => !slide.hasAttribute('inert'));
  expect(live).toHaveLength(1);
  expect(live[0]).toHaveAccessibleName(`${current + 1} of 3`);
  return current + 1;
}

function track(): HTMLElement {
  return screen.getByText('Fast delivery', { exact: false }).closest('.slider__track') as HTMLElement;
}

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeAll(installPointerEvent);

beforeEach(() => {
  vi.useFakeTimers();
  // Testing Library drains its async wrapper with a setTimeout it only advances when it sees
  // Jest's fake timers; vitest's need this alias, or user-event calls never settle.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  mockReducedMotion(false);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Slider markup', () => {
  it('follows the APG carousel pattern', () => {
    render(<Slider label="What shoppers say" slides={slides} />);
    const carousel = screen.getByRole('region', { name: 'What shoppers say' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const groups = screen.getAllByRole('group', { name: /of 3$/ });
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    for (const group of groups) expect(group).toHaveAttribute('aria-roledescription', 'slide');
    expect(groups[1]).toHaveAttribute('inert');
    for (const name of ['Stop slide rotation', 'Previous slide', 'Next slide', 'Show slide 1', 'Show slide 2', 'Show slide 3']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-controls', track().id);
    }
    expect(currentSlide()).toBe(1);
  });

  it('puts the rotation control first in tab order', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Slider label="Reviews" slides={slides} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Stop slide rotation' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Previous slide' })).toHaveFocus();
  });

  it('shows a single slide without controls or rotation', () => {
    render(<Slider label="Reviews" slides={slides.slice(0, 1)} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: '1 of 1' })).not.toHaveAttribute('inert');
    tick(SLIDER_INTERVAL_MS * 3);
    expect(screen.getByRole('group', { name: '1 of 1' })).not.toHaveAttribute('inert');
  });

  it('renders nothing without slides', () => {
    const { container } = render(<Slider label="Reviews" slides={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('Slider rotation', () => {
  it('moves on every 5 s by default, wrapping round, with the live region off', () => {
    render(<Slider label="Reviews" slides={slides} />);
    expect(track()).toHaveAttribute('aria-live', 'off');
    tick(SLIDER_INTERVAL_MS - 1);
    expect(currentSlide()).toBe(1);
    tick(1);
    expect(currentSlide()).toBe(2);
    expect(track().style.transform).toBe('translate3d(-100%, 0, 0)');
    tick(SLIDER_INTERVAL_MS);
    expect(currentSlide()).toBe(3);
    tick(SLIDER_INTERVAL_MS);
    expect(currentSlide()).toBe(1);
  });

  it('uses the interval given', () => {
    render(<Slider label="Reviews" slides={slides} interval={2000} />);
    tick(2000);
    expect(currentSlide()).toBe(2);
  });

  it('stops and starts with the rotation control, the live region turning polite while stopped', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Slider label="Reviews" slides={slides} />);
    await user.click(screen.getByRole('button', { name: 'Stop slide rotation' }));
    expect(track()).toHaveAttribute('aria-live', 'polite');
    tick(SLIDER_INTERVAL_MS * 2);
    expect(currentSlide()).toBe(1);
    // Focus stays on the rotation control, which does not pause: starting shows at once.
    await user.click(screen.getByRole('button', { name: 'Start slide rotation' }));
    expect(track()).toHaveAttribute('aria-live', 'off');
    tick(SLIDER_INTERVAL_MS);
    expect(currentSlide()).toBe(2);
  });

  it('pauses while the pointer is over the slides', () => {
    render(<Slider label="Reviews" slides={slides} />);
    const viewport = track().parentElement as HTMLElement;
    fireEvent.pointerEnter(viewport);
    expect(track()).toHaveAttribute('aria-live', 'polite');
    tick(SLIDER_INTERVAL_MS * 2);
    expect(currentSlide()).toBe(1);
    fireEvent.pointerLeave(viewport);
    expect(screen.getByRole('button', { name: 'Stop slide rotation' })).toBeInTheDocument();
    tick(SLIDER_INTERVAL_MS);
    expect(currentSlide()).toBe(2);
  });

  it('pauses while focus is inside, and resumes when it leaves', () => {
    render(
      <>
        <Slider label="Reviews" slides={slides} />
        <button type="button">Elsewhere</button>
      </>,
    );
    act(() => screen.getAllByRole('link', { name: 'Read review' })[0]?.focus());
    tick(SLIDER_INTERVAL_MS * 2);
    expect(currentSlide()).toBe(1);
    act(() => screen.getByRole('button', { name: 'Next slide' }).focus());
    tick(SLIDER_INTERVAL_MS * 2);
    expect(currentSlide()).toBe(1);
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    tick(SLIDER_INTERVAL_MS);
    expect(currentSlide()).toBe(2);
  });
});

describe('Slider under prefers-reduced-motion', () => {
  it('does not rotate and changes slides without a transition', async () => {
    mockReducedMotion(true);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Slider label="Reviews" slides={slides} />);
    const carousel = screen.getByRole('region', { name: 'Reviews' });
    expect(carousel).toHaveAttribute('data-motion', 'reduce');
    expect(screen.getByRole('button', { name: 'Start slide rotation' })).toBeInTheDocument();
    expect(track()).toHaveAttribute('aria-live', 'polite');
    tick(SLIDER_INTERVAL_MS * 3);
    expect(currentSlide()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentSlide()).toBe(2);
  });

  it('stops rotating as soon as the visitor turns the setting on', () => {
    const media = mockReducedMotion(false);
    render(<Slider label="Reviews" slides={slides} />);
    tick(SLIDER_INTERVAL_MS);
    expect(currentSlide()).toBe(2);
    act(() => media.set(true));
    expect(screen.getByRole('region', { name: 'Reviews' })).toHaveAttribute('data-motion', 'reduce');
    expect(screen.getByRole('button', { name: 'Start slide rotation' })).toBeInTheDocument();
    tick(SLIDER_INTERVAL_MS * 3);
    expect(currentSlide()).toBe(2);
  });
});

describe('Slider controls', () => {
  it('works from the keyboard, wraps round, and stops rotation for good once used', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <>
        <Slider label="Reviews" slides={slides} />
        <button type="button">Elsewhere</button>
      </>,
    );
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Previous slide' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(currentSlide()).toBe(3);
    await user.tab();
    await user.keyboard(' ');
    expect(currentSlide()).toBe(1);
    await user.keyboard('{Enter}');
    expect(currentSlide()).toBe(2);
    expect(screen.getByRole('button', { name: 'Start slide rotation' })).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Show slide 3' }).focus());
    await user.keyboard('{Enter}');
    expect(currentSlide()).toBe(3);
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    tick(SLIDER_INTERVAL_MS * 3);
    expect(currentSlide()).toBe(3);
  });

  it('moves one slide per horizontal swipe longer than 40 px', () => {
    render(<Slider label="Reviews" slides={slides} />);
    const viewport = track().parentElement as HTMLElement;
    const swipe = (fromX: number, toX: number, toY = 100) => {
      fireEvent.pointerDown(viewport, { pointerId: 7, pointerType: 'touch', clientX: fromX, clientY: 100 });
      fireEvent.pointerUp(viewport, { pointerId: 7, pointerType: 'touch', clientX: toX, clientY: toY });
    };
    swipe(200, 170);
    expect(currentSlide()).toBe(1);
    swipe(200, 140, 180);
    expect(currentSlide()).toBe(1);
    swipe(200, 100);
    expect(currentSlide()).toBe(2);
    swipe(100, 200);
    expect(currentSlide()).toBe(1);
    swipe(100, 200);
    expect(currentSlide()).toBe(3);
    tick(SLIDER_INTERVAL_MS * 2);
    expect(currentSlide()).toBe(3);
  });

  it('does not follow a link that a swipe ended on', () => {
    render(<Slider label="Reviews" slides={slides} />);
    const link = screen.getAllByRole('link', { name: 'Read review' })[0] as HTMLElement;
    fireEvent.pointerDown(link, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 300, clientY: 10 });
    fireEvent.pointerUp(link, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 200, clientY: 10 });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(currentSlide()).toBe(2);
    const second = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(false);
  });
});
