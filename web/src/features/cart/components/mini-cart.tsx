//! The mini cart (spec §4, §9): a non-modal panel named "Mini cart" that opens on add and
//! closes itself after 5000 ms unless hovered or focused; Escape closes it. Lines can be
//! removed (blocked while pending, then replaced) and their quantities changed. The panel's
//! code (mini-cart-panel.tsx) is a chunk loaded when the mini cart first opens.

import { ChunkBoundary, onDemand } from '@/components/on-demand';
import { chunk } from '@/lib/chunks';
import { useMiniCart } from '../cart-context';
import { SHELL_MESSAGES as messages } from '../shell-messages';

const MiniCartPanel = onDemand(
  chunk(() => import('./mini-cart-panel')),
  (module) => module.MiniCartPanel,
);

/** Render once in the layout; the header opens it through useMiniCart / useMiniCartToggleProps. */
export function MiniCart() {
  const { isOpen, panelId } = useMiniCart();
  const headingId = `${panelId}-heading`;
  return (
    <section id={panelId} className="mini-cart" aria-label={messages.miniCart} hidden={!isOpen}>
      {isOpen && (
        <ChunkBoundary>
          <MiniCartPanel headingId={headingId} />
        </ChunkBoundary>
      )}
    </section>
  );
}

