//! The offline test provider's client: cards go to its emulated endpoint through the API
//! layer; a 3-D Secure redirect sends the window to its challenge page, which comes back to
//! the shop's return URL.

import { createTestPaymentMethod } from '@/lib/api/test-provider';
import { navigateWindow, type Navigate, type NextAction, type PaymentsClient } from './types';

export interface TestPaymentsClientOptions {
  /** The test provider's base (`BrowserConfig.api_base`, `/_test_provider/v1`). */
  apiBase: string;
  navigate?: Navigate;
  fetch?: typeof fetch;
}

/** Only a challenge page of this site may take the window (never another origin). */
function sameOriginPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

export function createTestPaymentsClient({ apiBase, navigate = navigateWindow, fetch }: TestPaymentsClientOptions): PaymentsClient {
  return {
    async createPaymentMethod(card, billing) {
      const answer = await createTestPaymentMethod(
        apiBase,
        { number: card.number.replace(/\s+/g, ''), exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc },
        billing,
        { fetch },
      );
      if ('error' in answer) {
        const { code, message, param } = answer.error;
        return { error: { code, message, param } };
      }
      return answer.paymentMethod;
    },

    async handleNextAction(nextAction: NextAction) {
      if (nextAction.type === 'redirect_to_url') {
        const { url } = (nextAction as Extract<NextAction, { type: 'redirect_to_url' }>).redirect_to_url;
        if (!sameOriginPath(url)) throw new Error('payments: the challenge page must be on this site');
        navigate(url);
        return;
      }
      throw new Error(`payments: the test provider cannot handle a ${nextAction.type} action`);
    },
  };
}
