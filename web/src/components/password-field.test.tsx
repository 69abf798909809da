import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { PasswordField } from './password-field';

function Controlled() {
  const [value, setValue] = useState('');
  return <PasswordField label="Password" name="password" value={value} onChange={(e) => setValue(e.target.value)} />;
}

// jsdom gives a password input no role; the label finds it.
const passwordInput = () => screen.getByLabelText('Password') as HTMLInputElement;

describe('PasswordField', () => {
  it('starts masked, with a "Show password" toggle that is not pressed', () => {
    render(<Controlled />);
    expect(passwordInput()).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveAttribute('aria-controls', passwordInput().id);
  });

  it('toggles visible and masked again', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByRole('textbox', { name: 'Password' })).toHaveAttribute('type', 'text');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');
    await user.click(hide);
    expect(passwordInput()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('keeps focus and the caret in the input when the toggle is clicked', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.type(passwordInput(), 'secret');
    passwordInput().setSelectionRange(2, 4);
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    const input = screen.getByRole('textbox', { name: 'Password' }) as HTMLInputElement;
    expect(input).toHaveFocus();
    expect(input.value).toBe('secret');
    expect([input.selectionStart, input.selectionEnd]).toEqual([2, 4]);
  });

  it('keeps keyboard focus on the toggle, so it can be pressed again', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.type(passwordInput(), 'secret');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveFocus();
    expect(passwordInput()).toHaveAttribute('type', 'password');
  });

  it('marks a required field without changing its name', () => {
    render(<PasswordField label="Password" required />);
    expect(passwordInput()).toBeRequired();
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });
});
