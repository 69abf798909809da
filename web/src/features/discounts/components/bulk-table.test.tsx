import { act, render, screen, within } from '@testing-library/react';
import type { ApiClient } from '@/lib/api/client';
import type { BulkTableView } from '@/lib/api/types';
import { pending, T_SHIRT_TABLE, type Pending } from '../test/fixtures';
import { BulkTable } from './bulk-table';

type BulkTableCall = ApiClient['products']['bulkTable'];

let answers: Pending<BulkTableView>[];
let bulkTable: ReturnType<typeof vi.fn<BulkTableCall>>;

beforeEach(() => {
  vi.useFakeTimers();
  answers = [];
  bulkTable = vi.fn<BulkTableCall>(() => {
    const answer = pending<BulkTableView>();
    answers.push(answer);
    return answer.promise;
  });
});
afterEach(() => vi.useRealTimers());

function setup(variationId: number | null = null) {
  const view = render(<BulkTable productId={47} variationId={variationId} client={{ bulkTable }} />);
  return { ...view, setVariation: (next: number | null) => view.rerender(<BulkTable productId={47} variationId={next} client={{ bulkTable }} />) };
}

const table = () => screen.queryByRole('table', { name: 'Bulk discounts' });
const settle = async (index: number, value: BulkTableView) => act(async () => answers[index]!.resolve(value));

describe('the bulk-discount table', () => {
  it('is asked for 100 ms after the page shows the product, not at 99 ms', () => {
    setup();
    act(() => vi.advanceTimersByTime(99));
    expect(bulkTable).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(bulkTable).toHaveBeenCalledTimes(1);
    expect(bulkTable).toHaveBeenCalledWith(47, null, expect.any(AbortSignal));
  });

  it('shows one row per tier under Quantity / Discount / Price', async () => {
    setup();
    act(() => vi.advanceTimersByTime(100));
    await settle(0, T_SHIRT_TABLE);
    const shown = table();
    expect(shown).toBeInTheDocument();
    const headers = within(shown!).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Quantity', 'Discount', 'Price']);
    const rows = within(shown!)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['3 - 5', '10%', '$16.20'],
      ['6 +', '20%', '$14.40'],
    ]);
  });

  it('renders nothing for a product without bulk rules', async () => {
    const { container } = setup();
    act(() => vi.advanceTimersByTime(100));
    await settle(0, { rows: [] });
    expect(container).toBeEmptyDOMElement();
  });

  it('is refreshed per variation, again 100 ms after the choice', async () => {
    const { setVariation } = setup();
    act(() => vi.advanceTimersByTime(100));
    await settle(0, { rows: [] });
    setVariation(12);
    act(() => vi.advanceTimersByTime(99));
    expect(bulkTable).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1));
    expect(bulkTable).toHaveBeenLastCalledWith(47, 12, expect.any(AbortSignal));
    await settle(1, T_SHIRT_TABLE);
    expect(table()).toBeInTheDocument();
  });

  it('quick variation changes ask once, for the last one; a late answer for an earlier one is ignored', async () => {
    const { setVariation } = setup(10);
    act(() => vi.advanceTimersByTime(100));
    setVariation(11);
    act(() => vi.advanceTimersByTime(50));
    setVariation(12);
    act(() => vi.advanceTimersByTime(100));
    expect(bulkTable.mock.calls.map((call) => call[1])).toEqual([10, 12]);
    expect(bulkTable.mock.calls[0]?.[2]?.aborted).toBe(true);
    await settle(1, { rows: [] });
    await settle(0, T_SHIRT_TABLE);
    expect(table()).not.toBeInTheDocument();
  });

  it('is cleared when the request fails (spec §8)', async () => {
    const { setVariation } = setup(10);
    act(() => vi.advanceTimersByTime(100));
    await settle(0, T_SHIRT_TABLE);
    expect(table()).toBeInTheDocument();
    setVariation(11);
    act(() => vi.advanceTimersByTime(100));
    await act(async () => answers[1]!.reject(new Error('offline')));
    expect(table()).not.toBeInTheDocument();
  });

  it('a variable product asks nothing until a variation is chosen, and hides the table when it is cleared', async () => {
    const view = render(<BulkTable productId={44} variationId={null} needsVariation client={{ bulkTable }} />);
    act(() => vi.advanceTimersByTime(500));
    expect(bulkTable).not.toHaveBeenCalled();
    view.rerender(<BulkTable productId={44} variationId={76} needsVariation client={{ bulkTable }} />);
    act(() => vi.advanceTimersByTime(100));
    expect(bulkTable).toHaveBeenCalledWith(44, 76, expect.any(AbortSignal));
    await settle(0, T_SHIRT_TABLE);
    expect(table()).toBeInTheDocument();
    view.rerender(<BulkTable productId={44} variationId={null} needsVariation client={{ bulkTable }} />);
    expect(table()).not.toBeInTheDocument();
  });
});
