import { act, render, screen } from '@testing-library/react';
import type { ApiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/client';
import type { QuantityPriceView } from '@/lib/api/types';
import { pending, tShirtPrice, type Pending } from '../test/fixtures';
import { QuantityPrice, type QuantityPriceProps } from './quantity-price';

type QuantityPriceCall = ApiClient['products']['quantityPrice'];

let answers: Pending<QuantityPriceView>[];
let quantityPrice: ReturnType<typeof vi.fn<QuantityPriceCall>>;

beforeEach(() => {
  vi.useFakeTimers();
  answers = [];
  quantityPrice = vi.fn<QuantityPriceCall>(() => {
    const answer = pending<QuantityPriceView>();
    answers.push(answer);
    return answer.promise;
  });
});
afterEach(() => vi.useRealTimers());

function setup(props: Partial<QuantityPriceProps> = {}) {
  const base = { productId: 47, variationId: null, quantity: null, client: { quantityPrice }, ...props };
  const view = render(<QuantityPrice {...base}>$18.00</QuantityPrice>);
  return {
    ...view,
    set: (next: Partial<QuantityPriceProps>) => view.rerender(<QuantityPrice {...base} {...next}>$18.00</QuantityPrice>),
  };
}

const price = () => screen.getByTestId('product-price');
const settle = async (index: number, value: QuantityPriceView) => act(async () => answers[index]!.resolve(value));

describe('the price following the quantity', () => {
  it('shows the page price and asks nothing until the quantity changes', () => {
    setup();
    act(() => vi.runAllTimers());
    expect(price()).toHaveTextContent('$18.00');
    expect(quantityPrice).not.toHaveBeenCalled();
  });

  it('asks on the next turn (0 ms), not synchronously', () => {
    const { set } = setup();
    set({ quantity: 3 });
    expect(quantityPrice).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(0));
    expect(quantityPrice).toHaveBeenCalledTimes(1);
    expect(quantityPrice).toHaveBeenCalledWith(47, 3, null, expect.any(AbortSignal));
  });

  it('changes within one turn make one request, for the last quantity', () => {
    const { set } = setup();
    set({ quantity: 2 });
    set({ quantity: 3 });
    set({ quantity: 4 });
    act(() => vi.advanceTimersByTime(0));
    expect(quantityPrice).toHaveBeenCalledTimes(1);
    expect(quantityPrice.mock.calls[0]?.[1]).toBe(4);
  });

  it('shows the discounted price for that quantity and "You save"', async () => {
    const { set } = setup();
    set({ quantity: 3 });
    act(() => vi.advanceTimersByTime(0));
    await settle(0, tShirtPrice(3));
    expect(price()).toHaveTextContent('$18.00 $16.20');
    expect(price().querySelector('del')).toHaveTextContent('$18.00');
    expect(screen.getByTestId('product-you-save')).toHaveTextContent('You save $5.40');
  });

  it('shows no "You save" line when nothing is saved', async () => {
    const { set } = setup();
    set({ quantity: 2 });
    act(() => vi.advanceTimersByTime(0));
    await settle(0, tShirtPrice(2));
    expect(price()).toHaveTextContent('$18.00');
    expect(screen.queryByTestId('product-you-save')).not.toBeInTheDocument();
  });

  it('aborts a request overtaken by a newer quantity and never shows its late answer', async () => {
    const { set } = setup();
    set({ quantity: 3 });
    act(() => vi.advanceTimersByTime(0));
    set({ quantity: 6 });
    const firstSignal = quantityPrice.mock.calls[0]?.[3];
    expect(firstSignal?.aborted).toBe(true);
    act(() => vi.advanceTimersByTime(0));
    await settle(1, tShirtPrice(6));
    await settle(0, tShirtPrice(3));
    expect(price()).toHaveTextContent('$14.40');
    expect(price()).not.toHaveTextContent('$16.20');
    expect(screen.getByTestId('product-you-save')).toHaveTextContent('You save $21.60');
  });

  it('clears the price area when the request fails (spec §8), and fills it again on the next answer', async () => {
    const { set } = setup();
    set({ quantity: 3 });
    act(() => vi.advanceTimersByTime(0));
    await act(async () => answers[0]!.reject(new ApiError(400, { code: 'invalid_parameter', message: 'Invalid quantity' })));
    expect(price()).toBeEmptyDOMElement();
    expect(screen.queryByTestId('product-you-save')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    set({ quantity: 6 });
    act(() => vi.advanceTimersByTime(0));
    await settle(1, tShirtPrice(6));
    expect(price()).toHaveTextContent('$14.40');
  });

  it('a variable product asks nothing until a variation is chosen, then asks for it', () => {
    const { set } = setup({ needsVariation: true });
    set({ needsVariation: true, quantity: 3 });
    act(() => vi.advanceTimersByTime(0));
    expect(quantityPrice).not.toHaveBeenCalled();
    expect(price()).toHaveTextContent('$18.00');
    set({ needsVariation: true, quantity: 3, variationId: 12 });
    act(() => vi.advanceTimersByTime(0));
    expect(quantityPrice).toHaveBeenCalledWith(47, 3, 12, expect.any(AbortSignal));
  });

  it('shows the page price again when the variation is cleared', async () => {
    const { set } = setup({ needsVariation: true, variationId: 12 });
    set({ needsVariation: true, variationId: 12, quantity: 3 });
    act(() => vi.advanceTimersByTime(0));
    await settle(0, tShirtPrice(3));
    set({ needsVariation: true, variationId: null, quantity: 3 });
    expect(price()).toHaveTextContent('$18.00');
    expect(price()).not.toHaveTextContent('$16.20');
  });
});

describe('the price read from the add-to-cart form (spec §7, §8)', () => {
  function formWith(fields: Record<string, string>): HTMLFormElement {
    const element = document.createElement('form');
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement('input');
      input.name = name;
      input.value = value;
      element.append(input);
    }
    return element;
  }

  it("asks for the form's product, variation and quantity", () => {
    const { set } = setup({ form: () => formWith({ product_id: '12', variation_id: '31', quantity: '6' }) });
    set({ quantity: 6 });
    act(() => vi.advanceTimersByTime(0));
    expect(quantityPrice).toHaveBeenCalledWith(12, 6, 31, expect.any(AbortSignal));
  });

  it("logs 'Invalid product', asks nothing and clears the price for a form without a product", async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { set } = setup({ form: () => formWith({ quantity: '3' }) });
    set({ quantity: 3 });
    await act(async () => vi.advanceTimersByTime(0));
    expect(log).toHaveBeenCalledWith('Invalid product');
    expect(quantityPrice).not.toHaveBeenCalled();
    expect(price()).toBeEmptyDOMElement();
    log.mockRestore();
  });

  it("logs 'Incorrect form provided' when the page has no form", async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { set } = setup({ form: () => null });
    set({ quantity: 3 });
    await act(async () => vi.advanceTimersByTime(0));
    expect(log).toHaveBeenCalledWith('Incorrect form provided');
    expect(quantityPrice).not.toHaveBeenCalled();
    log.mockRestore();
  });
});
