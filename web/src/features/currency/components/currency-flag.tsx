//! The flag beside a currency (`CurrencyOptionView.flag`, an ISO 3166 code the server guessed):
//! drawn for the demo's regions, a two-letter badge otherwise. Emoji flags are not used: many
//! systems (Windows, Linux without an emoji font) show them as letters or empty boxes.
//! Decorative: the option's label names the currency.

import type { ReactNode } from 'react';

const FLAGS: Record<string, ReactNode> = {
  us: (
    <>
      <rect width="30" height="20" fill="#b22234" />
      {[1, 3, 5, 7, 9, 11].map((row) => (
        <rect key={row} y={(row * 20) / 13} width="30" height={20 / 13} fill="#fff" />
      ))}
      <rect width="12" height={(7 * 20) / 13} fill="#3c3b6e" />
    </>
  ),
  eu: (
    <>
      <rect width="30" height="20" fill="#039" />
      {Array.from({ length: 12 }, (_, index) => {
        const angle = (index * Math.PI) / 6;
        return <circle key={index} cx={15 + 6 * Math.sin(angle)} cy={10 - 6 * Math.cos(angle)} r="0.9" fill="#fc0" />;
      })}
    </>
  ),
  gb: (
    <>
      <rect width="30" height="20" fill="#012169" />
      <path d="M0 0 30 20M30 0 0 20" stroke="#fff" strokeWidth="4" />
      <path d="M0 0 30 20M30 0 0 20" stroke="#c8102e" strokeWidth="1.5" />
      <path d="M15 0v20M0 10h30" stroke="#fff" strokeWidth="6" />
      <path d="M15 0v20M0 10h30" stroke="#c8102e" strokeWidth="3.5" />
    </>
  ),
};

export function CurrencyFlag({ flag, size }: { flag: string; size: string }) {
  const className = `currency-flag currency-flag--${size === 'large' ? 'large' : 'small'}`;
  const drawn = FLAGS[flag.toLowerCase()];
  if (drawn) {
    return (
      <svg className={className} viewBox="0 0 30 20" aria-hidden="true" focusable="false" data-flag={flag}>
        {drawn}
      </svg>
    );
  }
  return (
    <span className={`${className} currency-flag--badge`} aria-hidden="true" data-flag={flag}>
      {flag.slice(0, 2).toUpperCase()}
    </span>
  );
}
