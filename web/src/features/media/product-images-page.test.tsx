import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, POST_PROCESS_MESSAGE, type MediaApi, type UploadStep } from '@/lib/api/client';
import type { MediaView } from '@/lib/api/types';
import { ProductImagesPage } from './product-images-page';

const uploaded: MediaView = {
  id: 3,
  file_name: 'hoodie.png',
  mime_type: 'image/png',
  width: 400,
  height: 200,
  sizes: [
    { name: 'thumbnail', url: '/media/uploads/3/thumbnail.webp', width: 150, height: 150 },
    { name: 'medium', url: '/media/uploads/3/medium.webp', width: 300, height: 150 },
    { name: 'large', url: '/media/uploads/3/large.webp', width: 400, height: 200 },
    { name: 'full', url: '/media/uploads/3/full.webp', width: 400, height: 200 },
  ],
  srcset: '/media/uploads/3/medium.webp 300w, /media/uploads/3/large.webp 400w, /media/uploads/3/full.webp 400w',
  source_url: '/media/uploads/3/full.webp?sizes=150x150-300x150-400x200-400x200',
};

function fakeApi(upload: MediaApi['upload'], setProductImage: MediaApi['setProductImage'] = vi.fn()): MediaApi {
  return { upload, postProcess: vi.fn(), remove: vi.fn(), setProductImage };
}

const file = new File([new Uint8Array([1, 2, 3])], 'hoodie.png', { type: 'image/png' });

describe('Product images page', () => {
  it('uploads the chosen file, announces it and shows the sizes with their srcset', async () => {
    const user = userEvent.setup();
    const upload = vi.fn(async (_file: File, onStep?: (step: UploadStep) => void) => {
      onStep?.({ kind: 'post-processing', attempt: 1, of: 5 });
      return uploaded;
    });
    render(<ProductImagesPage api={fakeApi(upload)} />);
    await user.upload(screen.getByLabelText('Image file (JPEG, PNG or WebP, at most 10 MB)'), file);
    await user.click(screen.getByRole('button', { name: 'Upload image' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Uploaded hoodie.png.');
    expect(upload).toHaveBeenCalledWith(file, expect.any(Function));
    expect(screen.getByRole('img', { name: 'hoodie.png' })).toHaveAttribute('srcset', uploaded.srcset);
    expect(screen.getByRole('link', { name: 'medium' })).toHaveAttribute('href', '/media/uploads/3/medium.webp');
    expect(screen.getByText(uploaded.source_url ?? '')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for a file first, and shows a failed upload’s message in an alert', async () => {
    const user = userEvent.setup();
    const upload = vi.fn(async () => {
      throw new ApiError(500, { code: 'post_process', message: POST_PROCESS_MESSAGE });
    });
    render(<ProductImagesPage api={fakeApi(upload)} />);
    await user.click(screen.getByRole('button', { name: 'Upload image' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose an image file to upload.');
    expect(upload).not.toHaveBeenCalled();
    await user.upload(screen.getByLabelText('Image file (JPEG, PNG or WebP, at most 10 MB)'), file);
    await user.click(screen.getByRole('button', { name: 'Upload image' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(POST_PROCESS_MESSAGE);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  describe('making the upload a product’s image (staff)', () => {
    const products = [
      { id: 46, name: 'Hoodie' },
      { id: 47, name: 'Hoodie with Logo' },
    ];

    async function uploadThen(setProductImage: MediaApi['setProductImage'], findProducts = vi.fn(async () => products)) {
      const user = userEvent.setup();
      render(<ProductImagesPage api={fakeApi(vi.fn(async () => uploaded), setProductImage)} findProducts={findProducts} />);
      expect(screen.queryByRole('button', { name: 'Use as product image' })).toBeNull();
      await user.upload(screen.getByLabelText('Image file (JPEG, PNG or WebP, at most 10 MB)'), file);
      await user.click(screen.getByRole('button', { name: 'Upload image' }));
      await screen.findByText('Uploaded hoodie.png.');
      return { user, findProducts };
    }

    it('finds products by name or SKU, and sets the chosen one’s image to this upload', async () => {
      const setProductImage = vi.fn(async () => ({ product_id: 47, image: {} as never }));
      const { user, findProducts } = await uploadThen(setProductImage);
      await user.type(screen.getByRole('searchbox', { name: 'Find a product by name or SKU' }), ' hood ');
      await user.click(screen.getByRole('button', { name: 'Find products' }));
      expect(findProducts).toHaveBeenCalledWith('hood');
      expect(await screen.findByText('2 products found.')).toBeInTheDocument();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Product' }), 'Hoodie with Logo');
      await user.click(screen.getByRole('button', { name: 'Use as product image' }));
      expect(setProductImage).toHaveBeenCalledWith(47, uploaded.id);
      expect(await screen.findByRole('status')).toHaveTextContent('hoodie.png is now the image of Hoodie with Logo.');
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('asks for 3 characters, says when nothing matches, and shows a refusal in the alert', async () => {
      const setProductImage = vi.fn(async () => {
        throw new ApiError(403, { code: 'forbidden', message: 'Sorry, you are not allowed to edit products.' });
      });
      const findProducts = vi.fn(async (q: string) => (q === 'zzz' ? [] : products));
      const { user } = await uploadThen(setProductImage, findProducts);
      const search = screen.getByRole('searchbox', { name: 'Find a product by name or SKU' });
      await user.type(search, 'ho');
      await user.click(screen.getByRole('button', { name: 'Find products' }));
      expect(screen.getByRole('alert')).toHaveTextContent('Type at least 3 characters');
      expect(findProducts).not.toHaveBeenCalled();
      await user.clear(search);
      await user.type(search, 'zzz');
      await user.click(screen.getByRole('button', { name: 'Find products' }));
      expect(await screen.findByText('No product matches “zzz”.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Use as product image' })).toBeNull();
      await user.clear(search);
      await user.type(search, 'hoodie');
      await user.click(screen.getByRole('button', { name: 'Find products' }));
      await user.click(await screen.findByRole('button', { name: 'Use as product image' }));
      expect(setProductImage).toHaveBeenCalledWith(46, uploaded.id);
      expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, you are not allowed to edit products.');
    });

    it('is not offered without the product search', async () => {
      const user = userEvent.setup();
      render(<ProductImagesPage api={fakeApi(vi.fn(async () => uploaded))} />);
      await user.upload(screen.getByLabelText('Image file (JPEG, PNG or WebP, at most 10 MB)'), file);
      await user.click(screen.getByRole('button', { name: 'Upload image' }));
      await screen.findByText('Uploaded hoodie.png.');
      expect(screen.queryByRole('searchbox')).toBeNull();
    });
  });
});
