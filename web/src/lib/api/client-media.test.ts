import { withoutLocale } from '@/lib/testing/locale';
import { createApiClient, POST_PROCESS_MESSAGE } from './client';

const media = { id: 7, file_name: 'a.png', mime_type: 'image/png', width: 2, height: 2, sizes: [], srcset: '' };

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

const failed = () => json(500, { code: 'internal', message: 'Something went wrong on our side.' }, { 'X-WP-Upload-Attachment-ID': '7' });

/** A fake server: the upload answers `upload`; each post-process answers the next of `postProcess`. */
function server(upload: () => Response, postProcess: (() => Response)[]) {
  const calls: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  const fetchMock = vi.fn(async (address: string, init: RequestInit) => {
    const url = withoutLocale(address);
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ method: String(init.method), url, headers, body: init.body });
    if (url === '/api/v1/media') return upload();
    if (url === '/api/v1/media/7/post-process') return (postProcess.shift() ?? failed)();
    if (url === '/api/v1/media/7?force=true') return json(200, { deleted: true });
    return json(404, { code: 'not_found', message: 'no' });
  });
  return { fetchMock, calls };
}

const file = () => new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });

describe('media upload (spec §7, §8 post_process)', () => {
  it('sends the file as multipart form data with the nonce', async () => {
    const { fetchMock, calls } = server(() => json(201, { media }), []);
    const api = createApiClient({ fetch: fetchMock as unknown as typeof fetch, nonce: 'n-1' });
    await expect(api.media.upload(file())).resolves.toMatchObject({ id: 7 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toBeInstanceOf(FormData);
    expect((calls[0]?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(calls[0]?.headers['X-WP-Nonce']).toBe('n-1');
    expect(calls[0]?.headers['Content-Type']).toBeUndefined();
  });

  it('asks for post-processing after a 5xx naming the attachment, and stops when it works', async () => {
    const { fetchMock, calls } = server(failed, [failed, () => json(200, { media })]);
    const steps: unknown[] = [];
    const api = createApiClient({ fetch: fetchMock as unknown as typeof fetch });
    await expect(api.media.upload(file(), (step) => steps.push(step))).resolves.toMatchObject({ id: 7 });
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/media', '/api/v1/media/7/post-process', '/api/v1/media/7/post-process']);
    expect(JSON.parse(String(calls[1]?.body))).toEqual({ action: 'create-image-subsizes' });
    expect(steps).toEqual([{ kind: 'uploading' }, { kind: 'post-processing', attempt: 1, of: 5 }, { kind: 'post-processing', attempt: 2, of: 5 }]);
  });

  it('tries five times, then deletes the upload and fails with the spec message', async () => {
    const { fetchMock, calls } = server(failed, []);
    const api = createApiClient({ fetch: fetchMock as unknown as typeof fetch });
    const error = await api.media.upload(file()).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'post_process', message: POST_PROCESS_MESSAGE });
    const urls = calls.map((c) => c.url);
    expect(urls.filter((u) => u.endsWith('/post-process'))).toHaveLength(5);
    expect(urls.at(-1)).toBe('/api/v1/media/7?force=true');
    expect(calls.at(-1)).toMatchObject({ method: 'POST', headers: { 'X-HTTP-Method-Override': 'DELETE' } });
  });

  it('passes a refusal or a 5xx without an attachment id straight through', async () => {
    const tooBig = server(() => json(413, { code: 'payload_too_large', message: 'The file is larger than the 10 MiB upload limit.', field: 'file' }), []);
    let api = createApiClient({ fetch: tooBig.fetchMock as unknown as typeof fetch });
    await expect(api.media.upload(file())).rejects.toMatchObject({ status: 413, code: 'payload_too_large' });
    expect(tooBig.calls).toHaveLength(1);
    const bare = server(() => json(500, { code: 'internal', message: 'Something went wrong on our side.' }), []);
    api = createApiClient({ fetch: bare.fetchMock as unknown as typeof fetch });
    await expect(api.media.upload(file())).rejects.toMatchObject({ status: 500, code: 'internal' });
    expect(bare.calls).toHaveLength(1);
  });
});

describe('setting a product image (issue 14 item 9)', () => {
  it('PUTs the upload id to the product with the nonce and answers the new image', async () => {
    const image = { id: 90, src: '/media/uploads/7/large.webp', srcset: '/media/uploads/7/medium.webp 300w' };
    const calls: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
    const fetchMock = vi.fn(async (address: string, init: RequestInit) => {
      calls.push({ method: String(init.method), url: withoutLocale(address), headers: (init.headers ?? {}) as Record<string, string>, body: init.body });
      return json(200, { product_id: 46, image });
    });
    const api = createApiClient({ fetch: fetchMock as unknown as typeof fetch, nonce: 'n-1' });
    await expect(api.media.setProductImage(46, 7)).resolves.toMatchObject({ product_id: 46, image: { srcset: image.srcset } });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/v1/products/46/image');
    expect(calls[0]?.headers['X-WP-Nonce']).toBe('n-1');
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ media_id: 7 });
  });
});
