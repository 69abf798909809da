//! Coming-soon mode's banner (ADR 0010) for the users who may see the shop, dismissed with the
//! spec's REST call (PATCH /account/me through the nonce-carrying client). Loaded with the
//! toolbar only for the accounts that have one of them (account-bars.tsx).

import { useState } from 'react';
import { ApiError } from '@/lib/api/client';
import { useAccount } from './account-context';
import { ACCOUNT_MESSAGES } from './messages';

export interface ComingSoonBannerProps {
  /** Where keyboard focus goes once the banner (and its button) is gone. */
  onDismiss?: () => void;
}

export function ComingSoonBanner({ onDismiss }: ComingSoonBannerProps) {
  const { account, dismissComingSoonBanner } = useAccount();
  const [error, setError] = useState<string | null>(null);
  if (!account?.coming_soon_banner) return null;

  const dismiss = () => {
    setError(null);
    onDismiss?.();
    // Hidden at once; the provider brings it back if the server refuses.
    dismissComingSoonBanner().catch((failure: unknown) => {
      const reason = failure instanceof ApiError ? ` ${failure.message}` : '';
      setError(`${ACCOUNT_MESSAGES.dismissFailed}${reason}`);
    });
  };

  return (
    <section className="coming-soon-banner" aria-label="Coming soon">
      <div className="container coming-soon-banner__inner">
        <p className="coming-soon-banner__text">{ACCOUNT_MESSAGES.comingSoonBanner}</p>
        <button type="button" className="coming-soon-banner__dismiss" onClick={dismiss}>
          Dismiss coming soon banner
        </button>
      </div>
      {error && (
        <p role="alert" className="container coming-soon-banner__error">
          {error}
        </p>
      )}
    </section>
  );
}
