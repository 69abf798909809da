import { PURCHASES_KEPT, PURCHASES_KEY, reportPurchase } from './purchase-event';
import { paidOrder } from './test/fixtures';

describe('reportPurchase', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the last 50 order ids, forgetting the oldest', () => {
    expect(PURCHASES_KEPT).toBe(50);
    for (let id = 1; id <= 51; id += 1) expect(reportPurchase(paidOrder({ id }), localStorage, new EventTarget())).toBe(true);
    const kept = JSON.parse(localStorage.getItem(PURCHASES_KEY)!) as number[];
    expect(kept).toHaveLength(50);
    expect(kept[0]).toBe(2);
    expect(reportPurchase(paidOrder({ id: 51 }), localStorage, new EventTarget())).toBe(false);
    expect(reportPurchase(paidOrder({ id: 1 }), localStorage, new EventTarget())).toBe(true);
  });

  it('survives a broken stored value', () => {
    localStorage.setItem(PURCHASES_KEY, '{oops');
    expect(reportPurchase(paidOrder(), localStorage, new EventTarget())).toBe(true);
  });
});
