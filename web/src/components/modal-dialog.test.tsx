import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ModalDialog, POPUP_REMOVAL_DELAY_MS } from './modal-dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div data-testid="page">
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      </div>
      <ModalDialog open={open} onClose={() => setOpen(false)} label="Hoodie">
        <button type="button">First</button>
        <a href="/product/hoodie/">Middle</a>
        <button type="button" onClick={() => setOpen(false)}>
          Last
        </button>
      </ModalDialog>
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ModalDialog', () => {
  it('opens as a modal dialog with its name, focus on its first control', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Hoodie' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.tab();
    expect(screen.getByRole('link', { name: 'Middle' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
  });

  it('makes the rest of the page inert while open, and lively again once closed', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect((container as HTMLElement & { inert?: boolean }).inert).toBe(true);
    await user.keyboard('{Escape}');
    expect((container as HTMLElement & { inert?: boolean }).inert).toBe(false);
  });

  it('closes on Escape, gives focus back to the opener, and tells later listeners it was handled', async () => {
    const user = userEvent.setup();
    const seenOnDocument = vi.fn();
    const listener = (event: KeyboardEvent) => event.key === 'Escape' && seenOnDocument(event.defaultPrevented);
    document.addEventListener('keydown', listener);
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(opener).toHaveFocus();
    expect(seenOnDocument).toHaveBeenCalledWith(true);
    document.removeEventListener('keydown', listener);
  });

  it('closes from the backdrop', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const backdrop = document.querySelector('.modal__backdrop');
    if (!backdrop) throw new Error('no backdrop');
    fireEvent.click(backdrop);
    expect(document.querySelector('.modal')).toHaveAttribute('data-state', 'closing');
  });

  it('stays 300 ms after closing to fade out, then is removed', () => {
    vi.useFakeTimers();
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(screen.getByRole('button', { name: 'Last' }));
    const layer = document.querySelector('.modal');
    expect(layer).toHaveAttribute('data-state', 'closing');
    act(() => vi.advanceTimersByTime(POPUP_REMOVAL_DELAY_MS - 1));
    expect(layer).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(layer).not.toBeInTheDocument();
    expect(POPUP_REMOVAL_DELAY_MS).toBe(300);
  });
});
