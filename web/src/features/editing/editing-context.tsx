//! Who may edit blocks, and how blocks are loaded and saved. The app wires it to the account
//! (features do not import each other); without a provider everyone is a visitor.

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ApiClient } from '@/lib/api/client';
import type { BlockView, UpdateBlockRequest } from '@/lib/api/types';

export interface EditingContextValue {
  /** The logged-in user has `edit_pages`. */
  canEdit: boolean;
  loadBlock(slug: string, signal?: AbortSignal): Promise<BlockView>;
  /** Rejects with the server's ApiError (invalid_parameter with field, forbidden, …). */
  saveBlock(slug: string, request: UpdateBlockRequest): Promise<BlockView>;
  /** The newer of `block` and what this tab saved for its slug (page data may be older). */
  latest(block: BlockView): BlockView;
}

const noClient = () => Promise.reject(new Error('Blocks need an <EditingProvider> to be loaded or saved.'));

const VISITOR: EditingContextValue = {
  canEdit: false,
  loadBlock: noClient,
  saveBlock: noClient,
  latest: (block) => block,
};

const EditingContext = createContext<EditingContextValue>(VISITOR);

export interface EditingProviderProps {
  canEdit: boolean;
  /** The session's client: saves travel with its nonce (POST + `X-HTTP-Method-Override: PUT`). */
  client: Pick<ApiClient, 'blocks'>;
  /** After every save (the app marks cached pages stale). */
  onSaved?: (block: BlockView) => void;
  children: ReactNode;
}

const time = (block: BlockView) => (block.updated_at ? Date.parse(block.updated_at) : -Infinity);

export function EditingProvider({ canEdit, client, onSaved, children }: EditingProviderProps) {
  const [saved, setSaved] = useState<Record<string, BlockView>>({});

  const loadBlock = useCallback((slug: string, signal?: AbortSignal) => client.blocks.get(slug, signal), [client]);
  const saveBlock = useCallback(
    async (slug: string, request: UpdateBlockRequest) => {
      const block = await client.blocks.update(slug, request);
      setSaved((previous) => ({ ...previous, [block.slug]: block }));
      onSaved?.(block);
      return block;
    },
    [client, onSaved],
  );
  const latest = useCallback(
    (block: BlockView) => {
      const mine = saved[block.slug];
      return mine && time(mine) >= time(block) ? mine : block;
    },
    [saved],
  );

  const value = useMemo(() => ({ canEdit, loadBlock, saveBlock, latest }), [canEdit, loadBlock, saveBlock, latest]);
  return <EditingContext.Provider value={value}>{children}</EditingContext.Provider>;
}

export function useEditing(): EditingContextValue {
  return useContext(EditingContext);
}
