//! English copy of the currency switcher (docs/ui-contract-additions.md "Pricing").

export const messages = {
  /** The listbox, and the contract's name for the switcher ("Currency"). */
  currency: 'Currency',
  /** The button: the current currency's code, whatever the label's format. */
  button: (code: string) => `Currency: ${code}`,
  sidebar: 'Currency sidebar',
  inline: 'Currency switcher',
  switching: 'Changing currency…',
} as const;
