import { readDiscountForm } from './discount-form';

function form(fields: Record<string, string>): HTMLFormElement {
  const element = document.createElement('form');
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.name = name;
    input.value = value;
    element.append(input);
  }
  return element;
}

describe('reading a discount request from the add-to-cart form (spec §7, §8)', () => {
  it('takes the product from add-to-cart, the quantity from quantity', () => {
    const log = vi.fn();
    expect(readDiscountForm(form({ 'add-to-cart': '47', quantity: '3' }), log)).toEqual({ productId: 47, variationId: null, quantity: 3 });
    expect(log).not.toHaveBeenCalled();
  });

  it('takes product_id and the chosen variation_id of a variations form', () => {
    expect(readDiscountForm(form({ product_id: '12', variation_id: '31', quantity: '6' }), vi.fn())).toEqual({ productId: 12, variationId: 31, quantity: 6 });
    // variation_id 0: none chosen yet.
    expect(readDiscountForm(form({ product_id: '12', variation_id: '0', quantity: '1' }), vi.fn())?.variationId).toBeNull();
  });

  it('asks for one when the quantity is empty or not a number', () => {
    expect(readDiscountForm(form({ 'add-to-cart': '47', quantity: '' }), vi.fn())?.quantity).toBe(1);
    expect(readDiscountForm(form({ 'add-to-cart': '47', quantity: 'two' }), vi.fn())?.quantity).toBe(1);
  });

  it("logs 'Invalid product' for a form without a valid product", () => {
    const forms: Record<string, string>[] = [{ quantity: '2' }, { 'add-to-cart': '', quantity: '2' }, { 'add-to-cart': '0' }, { product_id: '-4' }, { product_id: '4.5' }];
    for (const fields of forms) {
      const log = vi.fn();
      expect(readDiscountForm(form(fields), log)).toBeNull();
      expect(log).toHaveBeenCalledExactlyOnceWith('Invalid product');
    }
  });

  it("logs 'Incorrect form provided' for anything but a form", () => {
    for (const notAForm of [null, undefined, document.createElement('div'), { product_id: 47 }]) {
      const log = vi.fn();
      expect(readDiscountForm(notAForm, log)).toBeNull();
      expect(log).toHaveBeenCalledExactlyOnceWith('Incorrect form provided');
    }
  });

  it('logs to the console by default', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    readDiscountForm(null);
    expect(log).toHaveBeenCalledWith('Incorrect form provided');
    log.mockRestore();
  });
});
