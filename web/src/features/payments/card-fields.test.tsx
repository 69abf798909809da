import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CardFields, type CardFieldsValue } from './card-fields';

function setup(props: Partial<Parameters<typeof CardFields>[0]> = {}) {
  const changes: CardFieldsValue[] = [];
  render(<CardFields onChange={(value) => changes.push(value)} {...props} />);
  return { user: userEvent.setup(), changes, last: () => changes[changes.length - 1] };
}

describe('the card fields', () => {
  it('are labelled inputs for card autofill and a numeric keyboard', () => {
    setup();
    const cases = [
      ['Card number', 'cc-number'],
      ['Expiration date (MM / YY)', 'cc-exp'],
      ['Security code', 'cc-csc'],
    ] as const;
    for (const [label, autocomplete] of cases) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('autocomplete', autocomplete);
      expect(input).toHaveAttribute('inputmode', 'numeric');
    }
    expect(screen.getByRole('group', { name: 'Card details' })).toBeInTheDocument();
  });

  it('formats as typed and hands the complete card to the parent', async () => {
    const { user, last } = setup();
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(last()?.card).toBeNull();
    await user.type(screen.getByLabelText('Expiration date (MM / YY)'), '1234');
    expect(screen.getByLabelText('Expiration date (MM / YY)')).toHaveValue('12 / 34');
    await user.type(screen.getByLabelText('Security code'), '12');
    expect(last()?.card).toBeNull();
    await user.type(screen.getByLabelText('Security code'), '3');
    expect(last()?.card).toEqual({ number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' });
  });

  it('asks four digits of an American Express code', async () => {
    const { user, last } = setup();
    await user.type(screen.getByLabelText('Card number'), '378282246310005');
    await user.type(screen.getByLabelText('Expiration date (MM / YY)'), '1234');
    await user.type(screen.getByLabelText('Security code'), '123');
    expect(last()?.card).toBeNull();
    await user.type(screen.getByLabelText('Security code'), '4');
    expect(last()?.card?.cvc).toBe('1234');
  });

  it('ties an error to its field', () => {
    setup({ errors: { cvc: "Your card's security code is invalid." } });
    const cvc = screen.getByLabelText('Security code');
    expect(cvc).toHaveAttribute('aria-invalid', 'true');
    expect(cvc).toHaveAccessibleDescription("Your card's security code is invalid.");
    expect(screen.getByLabelText('Card number')).not.toHaveAttribute('aria-invalid');
  });

  it('can be disabled while the order is placed', () => {
    setup({ disabled: true });
    expect(screen.getByLabelText('Card number')).toBeDisabled();
  });
});
