//! The top of the frame for logged-in users: the toolbar and the coming-soon banner. Their code
//! (account-bars-parts.tsx) is a chunk asked for only once the session says this account has
//! one of them (ADR 0037): visitors and customers never load it, and nothing takes space for them.

import { ChunkBoundary, onDemand } from '@/components/on-demand';
import { chunk } from '@/lib/chunks';
import { useAccount } from './account-context';
import type { AccountBarsProps } from './account-bars-parts';

const AccountBarsParts = onDemand(
  chunk(() => import('./account-bars-parts')),
  (module) => module.AccountBarsParts,
);

export function AccountBars(props: AccountBarsProps) {
  const { account } = useAccount();
  if (!account?.capabilities.admin_bar && !account?.coming_soon_banner) return null;
  return (
    <ChunkBoundary>
      <AccountBarsParts {...props} />
    </ChunkBoundary>
  );
}
