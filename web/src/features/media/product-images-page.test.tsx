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

function fakeApi(upload: MediaApi['upload']): MediaApi {
  return { upload, postProcess: vi.fn(), remove: vi.fn() };
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
});
