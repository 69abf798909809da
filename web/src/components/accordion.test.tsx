import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
