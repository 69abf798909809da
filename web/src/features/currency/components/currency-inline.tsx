//! The inline placement (the plugin's `[woo_multi_currency]` shortcode): a block in the page's
//! content laid out as `switcher.layout` says, a dropdown or a list of links.

import { useCurrency } from '../currency-context';
import { messages } from '../messages';
import { CurrencyDropdownOnDemand } from './currency-on-demand';
import { CurrencyLinks } from './currency-links';

export function CurrencyInline() {
  const { currency } = useCurrency();
  return (
    <section className="currency-inline" aria-label={messages.inline}>
      {/* Said by the control's own name ("Currency: USD"); shown for sighted shoppers. */}
      <span className="currency-inline__label" aria-hidden="true">
        {messages.currency}
      </span>
      {currency.switcher.layout === 'list' ? <CurrencyLinks /> : <CurrencyDropdownOnDemand className="currency-switcher--inline" />}
    </section>
  );
}
