import { singlePrice } from '@/lib/api/fixtures/money';
import { createPersonalPrices, PERSONAL_PRICES_BATCH, type FetchPrices } from './personal-prices';

const price = (minor: number) => singlePrice(minor);

function setup(answer: FetchPrices = async (ids) => Object.fromEntries(ids.map((id) => [String(id), price(id * 10)]))) {
  const runs: Array<() => void> = [];
  const fetchPrices = vi.fn(answer);
  const overrides = createPersonalPrices(fetchPrices, { schedule: (run) => runs.push(run) });
  const flush = async () => {
    runs.splice(0).forEach((run) => run());
    await Promise.resolve();
    await Promise.resolve();
  };
  return { overrides, fetchPrices, flush };
}

describe('createPersonalPrices', () => {
  it('asks once for the ids of one render, each id once, and tells subscribers', async () => {
    const { overrides, fetchPrices, flush } = setup();
    const listener = vi.fn();
    overrides.subscribe(listener);
    overrides.want(47);
    overrides.want(48);
    overrides.want(47);
    expect(fetchPrices).not.toHaveBeenCalled();
    await flush();
    expect(fetchPrices).toHaveBeenCalledTimes(1);
    expect(fetchPrices).toHaveBeenCalledWith([47, 48]);
    expect(overrides.get(48)).toEqual(price(480));
    expect(listener).toHaveBeenCalled();
    overrides.want(48);
    await flush();
    expect(fetchPrices).toHaveBeenCalledTimes(1);
  });

  it(`splits more than ${PERSONAL_PRICES_BATCH} ids into requests of at most ${PERSONAL_PRICES_BATCH}`, async () => {
    expect(PERSONAL_PRICES_BATCH).toBe(100);
    const { overrides, fetchPrices, flush } = setup();
    for (let id = 1; id <= 101; id += 1) overrides.want(id);
    await flush();
    expect(fetchPrices.mock.calls.map(([ids]) => ids.length)).toEqual([100, 1]);
    const exactly = setup();
    for (let id = 1; id <= 100; id += 1) exactly.overrides.want(id);
    await exactly.flush();
    expect(exactly.fetchPrices).toHaveBeenCalledTimes(1);
  });

  it('keeps the page price when the request fails, and asks again later', async () => {
    const { overrides, fetchPrices, flush } = setup(async () => {
      throw new Error('offline');
    });
    overrides.want(47);
    await flush();
    expect(overrides.get(47)).toBeUndefined();
    overrides.want(47);
    await flush();
    expect(fetchPrices).toHaveBeenCalledTimes(2);
  });
});
