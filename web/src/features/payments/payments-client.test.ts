import { ApiError } from '@/lib/api/errors';
import { paymentsClientFor } from './payments-client';
import { createStripePaymentsClient, type StripeJs } from './stripe-payments-client';

const testConfig = { provider: 'test', publishable_key: 'pk_test_offline', api_base: '/_test_provider/v1', livemode: false };
const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };

function respond(status: number, body: unknown) {
  return vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

describe('the test provider client', () => {
  it('sends the card to the test provider and answers the payment method', async () => {
    const fetch = respond(200, {
      id: 'pm_abc',
      object: 'payment_method',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
    });
    const client = paymentsClientFor(testConfig, { fetch });
    const result = await client.createPaymentMethod(card, { name: 'Ada', email: 'ada@example.com' });
    expect(result).toEqual({ id: 'pm_abc', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/_test_provider/v1/payment_methods');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
      billing_details: { name: 'Ada', email: 'ada@example.com' },
    });
  });

  it("answers the provider's refusal with its code and message", async () => {
    const fetch = respond(402, {
      error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is invalid.', param: 'number' },
    });
    const result = await paymentsClientFor(testConfig, { fetch }).createPaymentMethod(card, {});
    expect(result).toEqual({ error: { code: 'incorrect_number', message: 'Your card number is invalid.', param: 'number' } });
  });

  it('rejects with the API error when there is no answer', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const failure = paymentsClientFor(testConfig, { fetch }).createPaymentMethod(card, {});
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 'fetch_error', message: 'You are probably offline.' });
  });

  it('sends the window to the challenge page, and only to a page of this site', async () => {
    const navigate = vi.fn();
    const client = paymentsClientFor(testConfig, { navigate });
    const url = '/_test_provider/3ds/pi_1?client_secret=pi_1_secret_x&return_url=%2Fcheckout%2F';
    await client.handleNextAction({ type: 'redirect_to_url', redirect_to_url: { url, return_url: '/checkout/' } });
    expect(navigate).toHaveBeenCalledWith(url);
    await expect(
      client.handleNextAction({ type: 'redirect_to_url', redirect_to_url: { url: 'https://evil.example/' } }),
    ).rejects.toThrow();
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('uses the default endpoint when the config names none', async () => {
    const fetch = respond(200, { id: 'pm_1', card: { brand: 'visa', last4: '4242', exp_month: 1, exp_year: 2030 } });
    await paymentsClientFor({ ...testConfig, api_base: null }, { fetch }).createPaymentMethod(card, {});
    expect(fetch.mock.calls[0]![0]).toBe('/_test_provider/v1/payment_methods');
  });
});

describe('the Stripe client', () => {
  it('refuses an unknown provider', () => {
    expect(() => paymentsClientFor({ ...testConfig, provider: 'paypal' })).toThrow();
  });

  it('reads the card from the Stripe Element and hands next actions to Stripe.js', async () => {
    const stripe: StripeJs = {
      createPaymentMethod: vi.fn(async () => ({
        paymentMethod: { id: 'pm_live', card: { brand: 'visa', last4: '4242', exp_month: 1, exp_year: 2030 } },
      })),
      handleNextAction: vi.fn(async () => ({})),
    };
    const factory = vi.fn(() => stripe);
    const client = createStripePaymentsClient('pk_test_1', { load: async () => factory });
    expect(await client.createPaymentMethod(card, {})).toEqual({
      error: { code: 'incomplete_card', message: 'Enter your card details.' },
    });
    const element = { mounted: true };
    client.attachCardElement(element);
    const result = await client.createPaymentMethod(card, { name: 'Ada' });
    expect(result).toMatchObject({ id: 'pm_live' });
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: element, billing_details: { name: 'Ada' } });
    expect(factory).toHaveBeenCalledWith('pk_test_1');
    await client.handleNextAction({ type: 'use_stripe_sdk', client_secret: 'pi_1_secret_x' });
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_x' });
  });
});
