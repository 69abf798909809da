//! The client for the shop's provider, from its browser config.

import { createStripePaymentsClient } from './stripe-payments-client';
import { createTestPaymentsClient } from './test-payments-client';
import type { BrowserConfig, Navigate, PaymentsClient } from './types';

/** The test provider's endpoint when the config names none (the shop mounts it there). */
export const TEST_PROVIDER_API_BASE = '/_test_provider/v1';

export function paymentsClientFor(config: BrowserConfig, options: { navigate?: Navigate; fetch?: typeof fetch } = {}): PaymentsClient {
  if (config.provider === 'stripe') return createStripePaymentsClient(config.publishable_key, { navigate: options.navigate });
  if (config.provider === 'test') {
    return createTestPaymentsClient({ apiBase: config.api_base ?? TEST_PROVIDER_API_BASE, ...options });
  }
  throw new Error(`payments: unknown provider ${config.provider}`);
}
