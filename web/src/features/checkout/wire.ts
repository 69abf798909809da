//! The form's values as the API takes them: every address field present (the server reads
//! blanks as missing), and an attribution object with every field (null: not known).

import type { AddressFields, AttributionFields } from '@/lib/api/types';
import type { AddressValues } from './address';

export function addressToWire(address: AddressValues, section: 'billing' | 'shipping' = 'billing'): AddressFields {
  return {
    ...address,
    full_name: address.full_name ?? '',
    company: '',
    // A shipping address has neither (spec §3): nothing typed elsewhere travels with it.
    ...(section === 'shipping' ? { phone: '', email: '' } : {}),
  };
}

/** No attribution known: the server keeps what its own visitor session recorded. */
export const NO_ATTRIBUTION: AttributionFields = {
  source_type: null,
  source: null,
  medium: null,
  campaign: null,
  content: null,
  term: null,
  landing_page: null,
  referrer: null,
  device_type: null,
  session_pages: null,
  session_count: null,
};
