import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { QuantityRules } from '@/lib/quantity';
import { QuantityInput } from './quantity-input';

function Harness({ initial, rules }: { initial: number; rules: QuantityRules }) {
  const [value, setValue] = useState(initial);
  return <QuantityInput label="Quantity" value={value} onChange={setValue} rules={rules} />;
}

describe('QuantityInput', () => {
  it('steps up and down within min and max', async () => {
    const user = userEvent.setup();
    render(<Harness initial={1} rules={{ min: 1, max: 3 }} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    expect(minus).toBeDisabled();
    await user.click(plus);
    await user.click(plus);
    expect(input).toHaveValue(3);
    expect(plus).toBeDisabled();
    await user.click(minus);
    expect(input).toHaveValue(2);
  });

  it('raises a typed value below min to min when leaving the field', async () => {
    const user = userEvent.setup();
    render(<Harness initial={2} rules={{ min: 2, max: 10 }} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(input);
    await user.type(input, '1');
    await user.tab();
    expect(input).toHaveValue(2);
  });

  it('lowers a typed value above max to max', async () => {
    const user = userEvent.setup();
    render(<Harness initial={1} rules={{ min: 1, max: 5 }} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(input);
    await user.type(input, '12');
    await user.tab();
    expect(input).toHaveValue(5);
  });

  it('exposes min, max and step to the browser', () => {
    render(<Harness initial={0.5} rules={{ min: 0.5, max: 4, step: 0.5 }} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    expect(input).toHaveAttribute('min', '0.5');
    expect(input).toHaveAttribute('max', '4');
    expect(input).toHaveAttribute('step', '0.5');
  });

  it('never offers more than the cart line maximum of 9999', async () => {
    const user = userEvent.setup();
    render(<Harness initial={9998} rules={{ min: 1, max: null }} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    expect(input).toHaveAttribute('max', '9999');
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    await user.click(plus);
    expect(input).toHaveValue(9999);
    expect(plus).toBeDisabled();
    await user.clear(input);
    await user.type(input, '3000000000');
    await user.tab();
    expect(input).toHaveValue(9999);
  });
});
