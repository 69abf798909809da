//! The toolbar and the coming-soon banner together: one chunk, loaded by account-bars.tsx.

import { AdminBar } from './admin-bar';
import { ComingSoonBanner } from './coming-soon';

export interface AccountBarsProps {
  siteName: string;
  /** Where focus goes when a bar holding it goes (after logging out, or dismissing the banner). */
  onFocusLost: () => void;
}

export function AccountBarsParts({ siteName, onFocusLost }: AccountBarsProps) {
  return (
    <>
      <AdminBar siteName={siteName} onFocusLost={onFocusLost} />
      <ComingSoonBanner onDismiss={onFocusLost} />
    </>
  );
}
