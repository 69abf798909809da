//! After an upload, staff make it a product's main image: find the product by name or SKU (the
//! shop's search), choose it in the list, "Use as product image" (PUT /products/{id}/image).
//! What happens is announced through the page's status and alert regions.

import { useId, useState, type FormEvent } from 'react';
import { ApiError, type MediaApi } from '@/lib/api/client';
import type { MediaView } from '@/lib/api/types';

/** A product the search found. */
export interface ProductChoice {
  id: number;
  name: string;
}

/** The shop's product search (name or SKU), best first. */
export type FindProducts = (query: string) => Promise<ProductChoice[]>;

export const useMessages = {
  heading: 'Use it for a product',
  findLabel: 'Find a product by name or SKU',
  find: 'Find products',
  productLabel: 'Product',
  use: 'Use as product image',
  typeFirst: 'Type at least 3 characters of the product’s name or SKU.',
  noneFound: (query: string) => `No product matches “${query}”.`,
  found: (count: number) => (count === 1 ? '1 product found.' : `${count} products found.`),
  saving: (name: string) => `Setting the image of ${name}…`,
  done: (file: string, name: string) => `${file} is now the image of ${name}.`,
  unknownError: 'An unknown error occurred.',
} as const;

/** The shop's search asks for at least this many characters (storefront spec §9). */
const MIN_QUERY = 3;

interface UseForProductProps {
  media: MediaView;
  api: Pick<MediaApi, 'setProductImage'>;
  findProducts: FindProducts;
  onStatus(message: string): void;
  onError(message: string): void;
}

export function UseForProduct({ media, api, findProducts, onStatus, onError }: UseForProductProps) {
  const findId = useId();
  const productId = useId();
  const [query, setQuery] = useState('');
  const [choices, setChoices] = useState<ProductChoice[]>([]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (e: unknown) => onError(e instanceof ApiError ? e.message : useMessages.unknownError);

  async function find(event: FormEvent) {
    event.preventDefault();
    onError('');
    const q = query.trim();
    if (q.length < MIN_QUERY) {
      onError(useMessages.typeFirst);
      return;
    }
    setBusy(true);
    try {
      const found = await findProducts(q);
      setChoices(found);
      setChosen(found[0]?.id ?? null);
      onStatus(found.length === 0 ? useMessages.noneFound(q) : useMessages.found(found.length));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }

  async function use() {
    const product = choices.find((c) => c.id === chosen);
    if (!product) return;
    onError('');
    setBusy(true);
    onStatus(useMessages.saving(product.name));
    try {
      await api.setProductImage(product.id, media.id);
      onStatus(useMessages.done(media.file_name, product.name));
    } catch (e) {
      onStatus('');
      fail(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="product-images__use" aria-labelledby={`${findId}-heading`}>
      <h2 id={`${findId}-heading`}>{useMessages.heading}</h2>
      <form className="product-images__find" role="search" aria-label={useMessages.find} onSubmit={(e) => void find(e)} noValidate>
        <p className="form-row">
          <label htmlFor={findId}>{useMessages.findLabel}</label>
          <input id={findId} type="search" name="product-search" value={query} autoComplete="off" onChange={(e) => setQuery(e.currentTarget.value)} />
        </p>
        <button type="submit" className="button" disabled={busy}>
          {useMessages.find}
        </button>
      </form>
      {choices.length > 0 ? (
        <p className="form-row">
          <label htmlFor={productId}>{useMessages.productLabel}</label>
          <select id={productId} value={chosen ?? ''} onChange={(e) => setChosen(Number(e.currentTarget.value))}>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <button type="button" className="button button--primary" disabled={busy || chosen === null} onClick={() => void use()}>
            {useMessages.use}
          </button>
        </p>
      ) : null}
    </section>
  );
}
