//! The inline block's list layout: every currency as a link to this page with
//! `?wmc-currency=CODE` (which works without script too); a plain click switches in place.

import { useLocation } from '@/lib/router';
import { useCurrency } from '../currency-context';
import { messages } from '../messages';
import { CURRENCY_PARAM } from '../url';
import { CurrencyFlag } from './currency-flag';

export function CurrencyLinks() {
  const { currency, switching, switchTo } = useCurrency();
  const { pathname, search } = useLocation();
  const busy = switching !== null;
  const hrefFor = (code: string) => {
    const params = new URLSearchParams(search);
    params.set(CURRENCY_PARAM, code);
    return `${pathname}?${params}`;
  };
  return (
    <ul className={`currency-links${busy ? ' loading' : ''}`} aria-label={messages.currency}>
      {currency.options.map((option) => (
        <li key={option.code}>
          <a
            className="currency-links__link"
            href={hrefFor(option.code)}
            aria-current={option.code === currency.current ? 'true' : undefined}
            aria-disabled={busy || undefined}
            onClick={(event) => {
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              if (!busy) void switchTo(option.code);
            }}
          >
            <CurrencyFlag flag={option.flag} size={currency.switcher.flag_size} />
            <span>{option.label || option.code}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
