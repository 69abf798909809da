//! My account → Product images (ADR 0016): staff choose an image, it is uploaded (with the
//! post-process retry of the API client), and the sizes the storefront's srcset uses are shown.
//! Progress is announced in a status region, failures in an alert.

import { useId, useState, type FormEvent } from 'react';
import { ApiError, type MediaApi, type UploadStep } from '@/lib/api/client';
import type { MediaView } from '@/lib/api/types';
import { UseForProduct, type FindProducts } from './use-for-product';

export const PRODUCT_IMAGES_PATH = '/my-account/product-images/';

export const messages = {
  fileLabel: 'Image file (JPEG, PNG or WebP, at most 10 MB)',
  upload: 'Upload image',
  chooseFirst: 'Choose an image file to upload.',
  uploading: (name: string) => `Uploading ${name}…`,
  postProcessing: (attempt: number, of: number) => `Making the image sizes (attempt ${attempt} of ${of})…`,
  deleting: 'Removing the failed upload…',
  uploaded: (name: string) => `Uploaded ${name}.`,
  sizesHeading: 'Sizes',
  useInProducts: 'To use it for a product, put this address in the product’s Images column:',
  unknownError: 'An unknown error occurred.',
} as const;

function stepMessage(step: UploadStep, name: string): string {
  if (step.kind === 'uploading') return messages.uploading(name);
  if (step.kind === 'post-processing') return messages.postProcessing(step.attempt, step.of);
  return messages.deleting;
}

interface ProductImagesPageProps {
  api: MediaApi;
  /** The shop's product search: with it, an upload can be made a product's image here. */
  findProducts?: FindProducts;
}

export function ProductImagesPage({ api, findProducts }: ProductImagesPageProps) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [uploaded, setUploaded] = useState<MediaView | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError('');
    if (!file) {
      setError(messages.chooseFirst);
      return;
    }
    setBusy(true);
    setUploaded(null);
    try {
      const media = await api.upload(file, (step) => setStatus(stepMessage(step, file.name)));
      setUploaded(media);
      setStatus(messages.uploaded(media.file_name));
    } catch (e) {
      setStatus('');
      setError(e instanceof ApiError ? e.message : messages.unknownError);
    } finally {
      setBusy(false);
    }
  }

  const full = uploaded?.sizes.find((s) => s.name === 'full');
  return (
    <div className="product-images">
      <form className="product-images__form" aria-label="Upload a product image" onSubmit={(e) => void submit(e)} noValidate>
        <p className="form-row">
          <label htmlFor={inputId}>{messages.fileLabel}</label>
          <input
            id={inputId}
            type="file"
            name="file"
            accept="image/jpeg,image/png,image/webp"
            aria-invalid={error ? true : undefined}
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
        </p>
        <button type="submit" className="button" disabled={busy}>
          {messages.upload}
        </button>
      </form>
      <p role="status" className="product-images__status">
        {status}
      </p>
      {error ? (
        <div role="alert" className="woocommerce-error">
          {error}
        </div>
      ) : null}
      {uploaded && full ? (
        <figure className="product-images__result">
          <img src={full.url} srcSet={uploaded.srcset} sizes="(max-width: 600px) 100vw, 600px" width={full.width} height={full.height} alt={uploaded.file_name} />
          <figcaption>
            <h2>{messages.sizesHeading}</h2>
            <ul>
              {uploaded.sizes.map((s) => (
                <li key={s.name}>
                  <a href={s.url}>{s.name}</a> {s.width}×{s.height}
                </li>
              ))}
            </ul>
            {uploaded.source_url ? (
              <p>
                {messages.useInProducts} <code>{uploaded.source_url}</code>
              </p>
            ) : null}
          </figcaption>
        </figure>
      ) : null}
      {uploaded?.source_url && findProducts ? (
        <UseForProduct key={uploaded.id} media={uploaded} api={api} findProducts={findProducts} onStatus={setStatus} onError={setError} />
      ) : null}
    </div>
  );
}
