import { setupReturnFrom } from './setup-return';

const hashOf = (data: object) => `#response=${encodeURIComponent(btoa(JSON.stringify(data)))}`;

describe('the add page\'s return from 3-D Secure', () => {
  it('reads the setup intent and secret from the query and the setup return data from the hash', () => {
    const search = '?setup_intent=seti_1&setup_intent_client_secret=seti_1_secret_x&redirect_status=succeeded';
    expect(setupReturnFrom(search, hashOf({ type: 'setup', pm: 'pm_1', save_method: true, replace: null }))).toEqual({
      setupIntent: 'seti_1',
      clientSecret: 'seti_1_secret_x',
      replace: null,
    });
    expect(setupReturnFrom(search, hashOf({ type: 'setup', replace: 'pm_old' }))?.replace).toBe('pm_old');
  });

  it('is nothing for a payment intent\'s data, a missing secret or a broken hash', () => {
    const search = '?setup_intent=seti_1&setup_intent_client_secret=s';
    expect(setupReturnFrom(search, hashOf({ type: 'payment_intent' }))).toBeNull();
    expect(setupReturnFrom('?setup_intent=seti_1', hashOf({ type: 'setup' }))).toBeNull();
    expect(setupReturnFrom('?setup_intent=pi_1&setup_intent_client_secret=s', hashOf({ type: 'setup' }))).toBeNull();
    expect(setupReturnFrom(search, '#response=%%%')).toBeNull();
    expect(setupReturnFrom(search, hashOf({ type: 'setup', replace: 'javascript:1' }))?.replace).toBeNull();
  });
});
