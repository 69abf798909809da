//! The icon after the switcher's current currency (`switcher.dropdown_icon`): arrow, caret or none.

import { ChevronDownIcon } from '@/components/icons';

export function DropdownIcon({ kind }: { kind: string }) {
  if (kind === 'none') return null;
  if (kind === 'caret') return <span className="currency-switcher__caret" aria-hidden="true" />;
  return (
    <span className="currency-switcher__arrow" aria-hidden="true">
      <ChevronDownIcon />
    </span>
  );
}
