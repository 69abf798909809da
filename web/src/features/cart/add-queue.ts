//! A first-in-first-out queue that runs one request at a time (spec §4: add-to-cart requests
//! are queued and sent one at a time), so five fast clicks add five, in order.

export interface TaskQueue {
  /** Runs `task` after every task enqueued before it has settled; resolves or rejects with it. */
  enqueue<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks enqueued and not yet settled, the running one included. */
  readonly size: number;
}

export function createAddQueue(): TaskQueue {
  const waiting: Array<() => void> = [];
  let running = false;
  let size = 0;

  const next = () => {
    const start = waiting.shift();
    if (start) {
      running = true;
      start();
    } else {
      running = false;
    }
  };

  return {
    get size() {
      return size;
    },
    enqueue<T>(task: () => Promise<T>): Promise<T> {
      size += 1;
      return new Promise<T>((resolve, reject) => {
        waiting.push(() => {
          let settled: Promise<T>;
          try {
            settled = Promise.resolve(task());
          } catch (error) {
            settled = Promise.reject(error);
          }
          // Settled either way, the next request starts (a failure must not stall the rest)
          // before this one's caller hears back, so an idle queue is idle at once.
          const done = () => {
            size -= 1;
            next();
          };
          settled.then(
            (value) => {
              done();
              resolve(value);
            },
            (error: unknown) => {
              done();
              reject(error);
            },
          );
        });
        if (!running) next();
      });
    },
  };
}
