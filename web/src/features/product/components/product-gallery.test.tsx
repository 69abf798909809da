import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sampleProduct } from '@/lib/api/fixtures/sample-catalogue';
import type { ProductView } from '@/lib/api/types';
import { ZOOM_ERROR_MS } from '../hooks/use-image-zoom';
import { installMatchMedia, installPointerEvent, installTestImage, TestImage } from '../test/pointer';
import { ProductGallery } from './product-gallery';

function hoodie(): ProductView {
  const view = sampleProduct('hoodie');
  if (!view) throw new Error('no hoodie fixture');
  return view;
}

function renderGallery(product = hoodie()) {
  render(<ProductGallery images={product.images} productName={product.name} override={null} onSale={product.on_sale} />);
  const frame = document.querySelector<HTMLElement>('.gallery__main');
  if (!frame) throw new Error('no main image frame');
  return { product, frame, status: within(frame).getByRole('status') };
}

const zoomLayer = () => document.querySelector('.gallery__zoom');

beforeEach(() => {
  installPointerEvent();
  installTestImage();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the main image', () => {
  it('is fetched first and at once, with its intrinsic size (the page\'s LCP)', () => {
    const { frame } = renderGallery();
    const image = within(frame).getByRole('img', { name: 'Hoodie' });
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
  });
});

describe('hover zoom', () => {
  it('loads the large image on a mouse hover, saying "Loading image", then shows it magnified', () => {
    const { product, frame, status } = renderGallery();
    fireEvent.pointerEnter(frame, { pointerType: 'mouse', clientX: 10, clientY: 10 });
    expect(status).toHaveTextContent('Loading image');
    expect(TestImage.last().src).toBe(product.images[0]?.full_src);
    expect(zoomLayer()).not.toBeInTheDocument();

    act(() => TestImage.last().onload?.());
    expect(status).toHaveTextContent('');
    expect(zoomLayer()).toHaveAttribute('src', product.images[0]?.full_src);
    expect(frame).toHaveAttribute('data-zooming', 'true');

    fireEvent.pointerLeave(frame, { pointerType: 'mouse' });
    expect(frame).toHaveAttribute('data-zooming', 'false');
  });

  it('says "The image could not be loaded" for 2500 ms when the large image fails', () => {
    vi.useFakeTimers();
    const { frame, status } = renderGallery();
    fireEvent.pointerEnter(frame, { pointerType: 'mouse' });
    act(() => TestImage.last().onerror?.());
    expect(status).toHaveTextContent('The image could not be loaded');
    expect(zoomLayer()).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(ZOOM_ERROR_MS - 1));
    expect(status).toHaveTextContent('The image could not be loaded');
    act(() => vi.advanceTimersByTime(1));
    expect(status).toHaveTextContent('');
    expect(ZOOM_ERROR_MS).toBe(2500);
  });

  it('never zooms for a finger', () => {
    const { frame, status } = renderGallery();
    fireEvent.pointerEnter(frame, { pointerType: 'touch' });
    fireEvent.pointerMove(frame, { pointerType: 'touch' });
    expect(TestImage.created).toHaveLength(0);
    expect(status).toHaveTextContent('');
  });

  it('never zooms on a screen that cannot hover', () => {
    installMatchMedia(['(hover: none)']);
    const { frame } = renderGallery();
    fireEvent.pointerEnter(frame, { pointerType: 'mouse' });
    expect(TestImage.created).toHaveLength(0);
  });

  it('loads the large image of the thumbnail chosen', async () => {
    const user = userEvent.setup();
    const { product, frame } = renderGallery();
    await user.click(screen.getByRole('button', { name: /^Show image 2 of 4/ }));
    fireEvent.pointerEnter(frame, { pointerType: 'mouse' });
    expect(TestImage.last().src).toBe(product.images[1]?.full_src);
  });
});

describe('opening the lightbox', () => {
  it('opens at the image shown, named by the product, and gives focus back on close', async () => {
    const user = userEvent.setup();
    const { product } = renderGallery();
    await user.click(screen.getByRole('button', { name: /^Show image 3 of 4/ }));
    const open = screen.getByRole('button', { name: 'View full-screen image gallery' });
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Hoodie' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', product.images[2]?.full_src);
    await user.keyboard('{Escape}');
    expect(open).toHaveFocus();
  });

  it('shows a chosen variation image as the first slide', async () => {
    const user = userEvent.setup();
    const product = hoodie();
    const base = product.images[1];
    if (!base) throw new Error('hoodie needs a second image');
    const variationImage = { ...base, full_src: '/media/variation-1200.svg', alt: 'Hoodie – Blue' };
    render(<ProductGallery images={product.images} productName="Hoodie" override={variationImage} onSale={false} />);
    await user.click(screen.getByRole('button', { name: 'View full-screen image gallery' }));
    const slide = within(screen.getByRole('dialog', { name: 'Hoodie' })).getByRole('img', { name: 'Hoodie – Blue' });
    expect(slide).toHaveAttribute('src', '/media/variation-1200.svg');
  });
});

describe('the gallery refresh after a variation image (spec §9: 20 ms)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the image in the first slot at once and brings that slot into view at 20 ms, not 19', () => {
    vi.useFakeTimers();
    const product = hoodie();
    const base = product.images[1];
    if (!base) throw new Error('hoodie needs a second image');
    const variationImage = { ...base, src: '/media/variation.svg', alt: 'Hoodie – Blue' };
    const { rerender } = render(<ProductGallery images={product.images} productName="Hoodie" override={null} onSale={false} />);
    fireEvent.click(screen.getByRole('button', { name: /^Show image 3 of 4/ }));
    expect(screen.getByRole('button', { name: /^Show image 3 of 4/ })).toHaveAttribute('aria-pressed', 'true');

    rerender(<ProductGallery images={product.images} productName="Hoodie" override={variationImage} onSale={false} />);
    expect(screen.getByRole('button', { name: 'Show image 1 of 4: Hoodie – Blue' })).toHaveAttribute('aria-pressed', 'false');
    act(() => vi.advanceTimersByTime(19));
    expect(screen.getByRole('button', { name: /^Show image 3 of 4/ })).toHaveAttribute('aria-pressed', 'true');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Show image 1 of 4: Hoodie – Blue' })).toHaveAttribute('aria-pressed', 'true');
  });
});
