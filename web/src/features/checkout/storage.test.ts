import { CHECKOUT_FIELDS_KEY } from './constants';
import { emptyForm } from './form';
import { clearFields, loadFields, saveFields } from './storage';
import { usAddress } from './test/fixtures';

describe('checkout fields in sessionStorage (spec §3: one key)', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps every field under the one key "vitrine_checkout_fields", never the password nor the terms', () => {
    const form = { ...emptyForm(), billing: usAddress(), order_comments: 'Ring twice', terms: true, create_account: true, account_password: 'hunter2', shipping_method: 'flat_rate:1' };
    saveFields(form);
    expect(sessionStorage.length).toBe(1);
    const raw = sessionStorage.getItem('vitrine_checkout_fields')!;
    expect(raw).not.toContain('hunter2');
    expect(JSON.parse(raw)).not.toHaveProperty('terms');
    expect(loadFields()).toEqual({
      billing: usAddress(),
      shipping: emptyForm().shipping,
      ship_to_different_address: false,
      order_comments: 'Ring twice',
      shipping_method: 'flat_rate:1',
      create_account: true,
    });
  });

  it('reads nothing from an empty, broken or foreign value', () => {
    expect(loadFields()).toBeNull();
    sessionStorage.setItem(CHECKOUT_FIELDS_KEY, '{not json');
    expect(loadFields()).toBeNull();
    sessionStorage.setItem(CHECKOUT_FIELDS_KEY, JSON.stringify({ billing: { first_name: 7, city: 'Paris' }, ship_to_different_address: 'yes' }));
    const loaded = loadFields()!;
    expect(loaded.billing.first_name).toBe('');
    expect(loaded.billing.city).toBe('Paris');
    expect(loaded.ship_to_different_address).toBe(false);
  });

  it('clears the key', () => {
    saveFields(emptyForm());
    clearFields();
    expect(sessionStorage.getItem(CHECKOUT_FIELDS_KEY)).toBeNull();
  });
});
