import { ApiError } from './errors';
import { lazyParts } from './lazy';

interface Greeter {
  hello(name: string): Promise<string>;
  bye(): Promise<string>;
}

describe('lazyParts', () => {
  it('loads the part on its first call only, and hands every call on', async () => {
    const load = vi.fn(async () => ({ greeter: { hello: async (name: string) => `Hello ${name}`, bye: async () => 'Bye' } as Greeter }));
    const { greeter } = lazyParts(load, { greeter: { hello: true, bye: true } });
    expect(load).not.toHaveBeenCalled();
    await expect(greeter.hello('Ada')).resolves.toBe('Hello Ada');
    await expect(greeter.bye()).resolves.toBe('Bye');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fails a call whose part cannot load as a network failure, and asks again on the next call', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<{ greeter: Greeter }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ greeter: { hello: async () => 'Hello again', bye: async () => 'Bye' } });
    const { greeter } = lazyParts(load, { greeter: { hello: true, bye: true } });
    const failure = await greeter.hello('Ada').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'fetch_error', status: 0 });
    await expect(greeter.hello('Ada')).resolves.toBe('Hello again');
    expect(load).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });
});
