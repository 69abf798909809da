//! The full-screen lightbox over the gallery: a dialog named by the product showing each image's
//! large version with its caption; previous / next buttons, arrow keys, Home and End, swipes on
//! touch; Escape or "Close" closes. An image that fails says "The image #n could not be loaded".

import { useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '@/components/icons';
import { ModalDialog } from '@/components/modal-dialog';
import { useSwipe } from '../../hooks/use-swipe';
import type { GalleryImage } from './gallery-image';
import './lightbox.css';

export const lightboxMessages = {
  close: 'Close',
  previous: 'Previous image',
  next: 'Next image',
  failed: (n: number) => `The image #${n} could not be loaded`,
  position: (n: number, total: number) => `Image ${n} of ${total}`,
};

interface LightboxProps {
  open: boolean;
  images: GalleryImage[];
  /** Where it opens (0-based). */
  startIndex: number;
  productName: string;
  /** Focused again on close (the button that opened it). */
  returnFocus?: HTMLElement | null;
  onClose: () => void;
}

export function Lightbox({ open, images, startIndex, productName, returnFocus, onClose }: LightboxProps) {
  const [index, setIndex] = useState(startIndex);
  const [wasOpen, setWasOpen] = useState(open);
  // Each opening starts at the image the gallery shows.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setIndex(startIndex);
  }
  const count = images.length;
  const go = (next: number) => setIndex(((next % count) + count) % count);
  const swipe = useSwipe({ onSwipeLeft: () => go(index + 1), onSwipeRight: () => go(index - 1) });

  const onKeyDown = (event: KeyboardEvent) => {
    const target = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: count - 1 }[event.key];
    if (target === undefined || count < 2) return;
    event.preventDefault();
    go(target);
  };

  const image = images[index] ?? images[0];
  if (!image) return null;
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      label={productName}
      className="modal--fullscreen lightbox"
      returnFocus={returnFocus}
      onKeyDown={onKeyDown}
    >
      <div className="lightbox__bar">
        <p className="lightbox__counter" aria-live="polite">
          <span aria-hidden="true">
            {index + 1} / {count}
          </span>
          <span className="sr-only">{lightboxMessages.position(index + 1, count)}</span>
        </p>
        <button type="button" className="lightbox__control lightbox__close" aria-label={lightboxMessages.close} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className="lightbox__stage" {...swipe}>
        <LightboxSlide key={`${index}:${image.full_src}`} image={image} number={index + 1} productName={productName} />
      </div>
      {count > 1 && (
        <>
          <button type="button" className="lightbox__control lightbox__prev" aria-label={lightboxMessages.previous} onClick={() => go(index - 1)}>
            <ChevronLeftIcon />
          </button>
          <button type="button" className="lightbox__control lightbox__next" aria-label={lightboxMessages.next} onClick={() => go(index + 1)}>
            <ChevronRightIcon />
          </button>
        </>
      )}
    </ModalDialog>
  );
}

function LightboxSlide({ image, number, productName }: { image: GalleryImage; number: number; productName: string }) {
  const [status, setStatus] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const src = image.full_src || image.src;
  return (
    <figure className="lightbox__figure" data-status={status}>
      {status === 'failed' ? (
        <p className="lightbox__error" role="alert">
          {lightboxMessages.failed(number)}
        </p>
      ) : (
        <img
          className="lightbox__image"
          src={src}
          width={image.full_src_w || image.src_w || undefined}
          height={image.full_src_h || image.src_h || undefined}
          alt={image.alt || productName}
          decoding="async"
          onLoad={() => setStatus('loaded')}
          onError={() => setStatus('failed')}
        />
      )}
      {image.caption && <figcaption className="lightbox__caption">{image.caption}</figcaption>}
    </figure>
  );
}
