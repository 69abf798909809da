import { dataLayerCalls, resetDocument, testEvent } from '../test-support';
import { adsUserData, conversionTargets, createGoogleAdsProvider } from './google-ads';

afterEach(resetDocument);

describe('Google Ads provider', () => {
  it('sends remarketing events and labelled conversions with the transaction id', () => {
    const win = {};
    const ads = createGoogleAdsProvider({ conversionIds: ['AW-1'], conversionLabels: { Purchase: ['AW-1/abc', 'AW-2/zzz'] } });
    ads.load({ win, doc: document });
    ads.fire(testEvent('Purchase', { ecommerce: { currency: 'EUR', value: 999, transactionId: 'o-5' } }));
    const events = dataLayerCalls(win).filter((c) => c[0] === 'event');
    expect(events).toEqual([
      ['event', 'purchase', { value: 9.99, currency: 'EUR', transaction_id: 'o-5', send_to: 'AW-1' }],
      ['event', 'conversion', { send_to: 'AW-1/abc', value: 9.99, currency: 'EUR', transaction_id: 'o-5' }],
    ]);
  });

  it('sets enhanced-conversion user data when enabled', () => {
    const win = {};
    const ads = createGoogleAdsProvider({ conversionIds: ['AW-1'], enhancedConversions: true });
    ads.load({ win, doc: document, advancedMatching: { email: 'a@b.co', first_name: 'Ada' } });
    expect(dataLayerCalls(win)).toContainEqual(['set', 'user_data', { email: 'a@b.co', address: { first_name: 'Ada' } }]);
    expect(adsUserData({})).toBeNull();
  });

  it('combines configured and event conversion labels for targeted accounts', () => {
    const config = { conversionIds: ['AW-1'], conversionLabels: { Lead: ['AW-1/a'] } };
    expect(conversionTargets(config, ['AW-1'], testEvent('Lead', { conversionLabels: ['AW-1/b', 'AW-1/a'] }))).toEqual([
      'AW-1/a',
      'AW-1/b',
    ]);
  });
});
