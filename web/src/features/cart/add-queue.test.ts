import { createAddQueue } from './add-queue';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

describe('createAddQueue', () => {
  it('starts five fast requests one at a time, in the order they were queued', async () => {
    const queue = createAddQueue();
    const started: number[] = [];
    const gates = [1, 2, 3, 4, 5].map(() => deferred<string>());
    const results = gates.map((gate, index) =>
      queue.enqueue(() => {
        started.push(index + 1);
        return gate.promise;
      }),
    );

    await flush();
    expect(started).toEqual([1]);
    expect(queue.size).toBe(5);

    // Finishing out of order changes nothing: number 3 cannot start before 2 has finished.
    gates[2]!.resolve('c');
    await flush();
    expect(started).toEqual([1]);

    gates[0]!.resolve('a');
    await flush();
    expect(started).toEqual([1, 2]);

    gates[1]!.resolve('b');
    await flush();
    expect(started).toEqual([1, 2, 3, 4]);

    gates[3]!.resolve('d');
    gates[4]!.resolve('e');
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(queue.size).toBe(0);
  });

  it('runs the next request after one fails, and rejects only the failed one', async () => {
    const queue = createAddQueue();
    const first = queue.enqueue(() => Promise.reject(new Error('insufficient_stock')));
    const second = queue.enqueue(async () => 'added');
    await expect(first).rejects.toThrow('insufficient_stock');
    await expect(second).resolves.toBe('added');
  });

  it('treats a task that throws synchronously as a failed request', async () => {
    const queue = createAddQueue();
    const failing = queue.enqueue(() => {
      throw new Error('boom');
    });
    await expect(failing).rejects.toThrow('boom');
    await expect(queue.enqueue(async () => 1)).resolves.toBe(1);
  });

  it('starts at once when idle again', async () => {
    const queue = createAddQueue();
    await queue.enqueue(async () => 'one');
    let started = false;
    const gate = deferred<void>();
    const pending = queue.enqueue(() => {
      started = true;
      return gate.promise;
    });
    expect(started).toBe(true);
    gate.resolve();
    await pending;
  });
});
