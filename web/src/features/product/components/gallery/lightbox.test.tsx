import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installPointerEvent } from '../../test/pointer';
import type { GalleryImage } from './gallery-image';
import { Lightbox } from './lightbox';

function image(n: number, caption = ''): GalleryImage {
  return {
    src: `/media/${n}-600.svg`,
    srcset: '',
    sizes: '',
    src_w: 600,
    src_h: 600,
    alt: `Poster ${n}`,
    caption,
    full_src: `/media/${n}-1200.svg`,
    full_src_w: 1200,
    full_src_h: 800,
    thumb_src: `/media/${n}-300.svg`,
    gallery_thumbnail_src: `/media/${n}-100.svg`,
  };
}

const IMAGES = [image(1, 'The front'), image(2), image(3), image(4)];

function renderLightbox(startIndex = 0, onClose = vi.fn()) {
  render(<Lightbox open images={IMAGES} startIndex={startIndex} productName="Poster" onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Poster' });
  return { dialog, onClose, slide: () => within(dialog).getByRole('img') };
}

beforeEach(() => installPointerEvent());
afterEach(() => vi.unstubAllGlobals());

describe('Lightbox', () => {
  it("shows the large image with its size, alt text and caption", () => {
    const { dialog, slide } = renderLightbox();
    expect(slide()).toHaveAttribute('src', '/media/1-1200.svg');
    expect(slide()).toHaveAttribute('width', '1200');
    expect(slide()).toHaveAttribute('height', '800');
    expect(slide()).toHaveAccessibleName('Poster 1');
    expect(within(dialog).getByText('The front')).toBeInTheDocument();
    expect(within(dialog).getByText('Image 1 of 4')).toBeInTheDocument();
  });

  it('pages with the arrow keys, Home and End, going round at the ends', async () => {
    const user = userEvent.setup();
    const { slide } = renderLightbox(1);
    expect(slide()).toHaveAccessibleName('Poster 2');
    await user.keyboard('{ArrowRight}');
    expect(slide()).toHaveAccessibleName('Poster 3');
    await user.keyboard('{End}');
    expect(slide()).toHaveAccessibleName('Poster 4');
    await user.keyboard('{ArrowRight}');
    expect(slide()).toHaveAccessibleName('Poster 1');
    await user.keyboard('{ArrowLeft}');
    expect(slide()).toHaveAccessibleName('Poster 4');
    await user.keyboard('{Home}');
    expect(slide()).toHaveAccessibleName('Poster 1');
  });

  it('pages with the previous and next buttons', async () => {
    const user = userEvent.setup();
    const { dialog, slide } = renderLightbox();
    await user.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(slide()).toHaveAccessibleName('Poster 2');
    await user.click(within(dialog).getByRole('button', { name: 'Previous image' }));
    await user.click(within(dialog).getByRole('button', { name: 'Previous image' }));
    expect(slide()).toHaveAccessibleName('Poster 4');
  });

  it('pages with a finger swipe left and right, but not with a short or mostly vertical one', () => {
    const { slide } = renderLightbox();
    const stage = slide().closest('.lightbox__stage') as HTMLElement;
    const swipe = (fromX: number, toX: number, toY = 300) => {
      fireEvent.pointerDown(stage, { pointerType: 'touch', pointerId: 7, clientX: fromX, clientY: 300 });
      fireEvent.pointerUp(stage, { pointerType: 'touch', pointerId: 7, clientX: toX, clientY: toY });
    };
    swipe(300, 100);
    expect(slide()).toHaveAccessibleName('Poster 2');
    swipe(100, 300);
    expect(slide()).toHaveAccessibleName('Poster 1');
    swipe(300, 270);
    swipe(300, 200, 600);
    expect(slide()).toHaveAccessibleName('Poster 1');
  });

  it('does not page on a mouse drag', () => {
    const { slide } = renderLightbox();
    const stage = slide().closest('.lightbox__stage') as HTMLElement;
    fireEvent.pointerDown(stage, { pointerType: 'mouse', clientX: 300, clientY: 300 });
    fireEvent.pointerUp(stage, { pointerType: 'mouse', clientX: 50, clientY: 300 });
    expect(slide()).toHaveAccessibleName('Poster 1');
  });

  it('says which image failed: "The image #n could not be loaded"', async () => {
    const user = userEvent.setup();
    const { dialog, slide } = renderLightbox();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    fireEvent.error(slide());
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The image #3 could not be loaded');
    await user.keyboard('{ArrowRight}');
    expect(slide()).toHaveAccessibleName('Poster 4');
  });

  it('closes with Escape and with the Close button', async () => {
    const user = userEvent.setup();
    const { dialog, onClose } = renderLightbox();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('leaves out the paging buttons for a single image', () => {
    render(<Lightbox open images={[image(1)]} startIndex={0} productName="Poster" onClose={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });
});
