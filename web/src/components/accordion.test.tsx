import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccordionSection } from './accordion';

describe('AccordionSection', () => {
  it('opens and closes its region from the heading button', async () => {
    const user = userEvent.setup();
    render(
      <AccordionSection title="Shipping" headingLevel={2}>
        <p>Ships in two days.</p>
      </AccordionSection>,
    );
    const button = screen.getByRole('button', { name: 'Shipping' });
    expect(screen.getByRole('heading', { level: 2, name: 'Shipping' })).toContainElement(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).toHaveAttribute('inert');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Shipping' })).toHaveTextContent('Ships in two days.');
    expect(panel).not.toHaveAttribute('inert');

    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('can start open', () => {
    render(
      <AccordionSection title="Returns" defaultOpen>
        <p>30 days.</p>
      </AccordionSection>,
    );
    expect(screen.getByRole('button', { name: 'Returns' })).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('the accordion slide (spec §9: 200 ms)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands the CSS a 200 ms slide and hides the content when it has ended: shown at 199 ms, hidden at 200', () => {
    vi.useFakeTimers();
    render(
      <AccordionSection title="Shipping" defaultOpen>
        <p>Ships in two days.</p>
      </AccordionSection>,
    );
    const button = screen.getByRole('button', { name: 'Shipping' });
    const text = screen.getByText('Ships in two days.');
    expect(button.closest('.accordion')).toHaveStyle({ '--accordion-slide': '200ms' });
    expect(text).toBeVisible();

    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    act(() => vi.advanceTimersByTime(199));
    expect(text.closest('[hidden]')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(text.closest('[hidden]')).not.toBeNull();

    // Opening shows the content at once, for the slide to reveal.
    fireEvent.click(button);
    expect(text.closest('[hidden]')).toBeNull();
    expect(screen.getByRole('region', { name: 'Shipping' })).toHaveTextContent('Ships in two days.');
  });

  it('starts shut with its content hidden, and a reopen within the slide keeps it', () => {
    vi.useFakeTimers();
    render(
      <AccordionSection title="Returns">
        <p>30 days.</p>
      </AccordionSection>,
    );
    const button = screen.getByRole('button', { name: 'Returns' });
    expect(screen.getByText('30 days.').closest('[hidden]')).not.toBeNull();
    fireEvent.click(button);
    fireEvent.click(button);
    act(() => vi.advanceTimersByTime(150));
    fireEvent.click(button);
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByText('30 days.').closest('[hidden]')).toBeNull();
  });
});
