//! Test-only card fields with the contract's names, standing where the payments feature's
//! `CardFields` goes (features do not import each other; the app hands the real one in).

import { useState } from 'react';
import type { CardFieldsProps } from '../payments-port';

export function TestCardFields({ onChange, disabled, errors }: CardFieldsProps) {
  const [value, setValue] = useState({ number: '', expiry: '', cvc: '' });
  const update = (key: keyof typeof value, text: string) => {
    const next = { ...value, [key]: text };
    setValue(next);
    const number = next.number.replace(/\s/g, '');
    const [month, year] = next.expiry.split('/').map((part) => Number(part.trim()));
    const complete = number.length >= 12 && month && year && next.cvc.length >= 3;
    onChange({ card: complete ? { number, expMonth: month, expYear: 2000 + year, cvc: next.cvc } : null });
  };
  return (
    <div>
      <label>
        Card number <input value={value.number} disabled={disabled} onChange={(e) => update('number', e.target.value)} />
      </label>
      <label>
        Expiration date (MM / YY) <input value={value.expiry} disabled={disabled} onChange={(e) => update('expiry', e.target.value)} />
      </label>
      <label>
        Security code <input value={value.cvc} disabled={disabled} onChange={(e) => update('cvc', e.target.value)} />
      </label>
      {errors?.number && <span>{errors.number}</span>}
    </div>
  );
}
