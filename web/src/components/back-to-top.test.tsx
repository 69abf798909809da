import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACK_TO_TOP_SCROLL_MS, BackToTop } from './back-to-top';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  scrollTo(0);
});

describe('BackToTop', () => {
  it('is active only once the page has scrolled past one window height', () => {
    render(<BackToTop focusTargetId="top" />);
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
    scrollTo(window.innerHeight);
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
    scrollTo(window.innerHeight + 1);
    expect(screen.getByRole('button', { name: 'Back to top' })).toBeVisible();
  });

  it('scrolls to the top over 1000 ms and moves focus to the target', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(
      <>
        <header id="top" tabIndex={-1} />
        <BackToTop focusTargetId="top" />
      </>,
    );
    scrollTo(2000);
    fireEvent.click(screen.getByRole('button', { name: 'Back to top' }));
    expect(document.getElementById('top')).toHaveFocus();
    act(() => vi.advanceTimersByTime(BACK_TO_TOP_SCROLL_MS / 2));
    expect(scroll).not.toHaveBeenLastCalledWith(expect.objectContaining({ top: 0 }));
    act(() => vi.advanceTimersByTime(BACK_TO_TOP_SCROLL_MS / 2 + 50));
    expect(scroll).toHaveBeenLastCalledWith(expect.objectContaining({ top: 0 }));
  });
});

describe('BackToTopOnDemand', () => {
  it('renders nothing until one window height of scrolling, then the button', async () => {
    const { BackToTopOnDemand } = await import('./back-to-top-on-demand');
    const { container } = render(<BackToTopOnDemand focusTargetId="top" />);
    expect(container).toBeEmptyDOMElement();
    scrollTo(window.innerHeight + 1);
    expect(await screen.findByRole('button', { name: 'Back to top' })).toBeVisible();
  });
});
