//! A test-only payments client: payment methods numbered pm_1, pm_2, … unless an error is
//! scripted; next actions recorded instead of leaving the page.

import type { BillingDetails, CardInput, PaymentMethodResult, PaymentsPort, RedirectNextAction } from '../payments-port';

export class FakePayments implements PaymentsPort {
  readonly created: Array<{ card: CardInput; billing: BillingDetails }> = [];
  readonly nextActions: RedirectNextAction[] = [];
  errors: Array<{ code: string; message: string; param?: string }> = [];

  async createPaymentMethod(card: CardInput, billing: BillingDetails): Promise<PaymentMethodResult> {
    this.created.push({ card, billing });
    const error = this.errors.shift();
    if (error) return { error };
    return { id: `pm_${this.created.length}`, card: { brand: 'visa', last4: card.number.slice(-4) } };
  }

  async handleNextAction(next: RedirectNextAction): Promise<void> {
    this.nextActions.push(next);
  }
}
