//! Coming-soon mode's page (ADR 0010): what visitors get while the shop is not launched
//! (WooCommerce's default template text).

import type { SiteView } from '@/lib/api/types';
import { ACCOUNT_MESSAGES } from './messages';

export function ComingSoonPage({ site }: { site: SiteView }) {
  return (
    <div className="coming-soon">
      <p className="coming-soon__site">{site.name}</p>
      <div className="coming-soon__body">
        <h1 className="coming-soon__title">{ACCOUNT_MESSAGES.comingSoonTitle}</h1>
        <p className="coming-soon__text">{ACCOUNT_MESSAGES.comingSoonText}</p>
      </div>
    </div>
  );
}
