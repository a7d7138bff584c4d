/**
 * Runs at most `max` tasks at once; the rest wait in order. A task whose signal aborts
 * while it waits is dropped without ever starting, so work for something that scrolled
 * out of sight costs nothing.
 */
export interface ConcurrencyLimit {
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Tasks started and not yet settled. */
  readonly active: number;
  /** Tasks waiting for a slot. */
  readonly waiting: number;
}

interface Waiting {
  start: () => void;
}

export function createConcurrencyLimit(max: number): ConcurrencyLimit {
  if (!Number.isInteger(max) || max < 1) throw new RangeError('max must be a whole number ≥ 1');
  let active = 0;
  const queue: Waiting[] = [];

  const next = () => {
    while (active < max && queue.length > 0) queue.shift()?.start();
  };

  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (signal?.aborted) {
          reject(abortReason(signal));
          return;
        }
        const onAbort = () => {
          const index = queue.indexOf(entry);
          if (index !== -1) {
            queue.splice(index, 1);
            reject(abortReason(signal));
          }
        };
        const entry: Waiting = {
          start: () => {
            signal?.removeEventListener('abort', onAbort);
            active += 1;
            let settled: Promise<T>;
            try {
              settled = task();
            } catch (error) {
              settled = Promise.reject(error);
            }
            settled.then(resolve, reject).finally(() => {
              active -= 1;
              next();
            });
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(entry);
        next();
      });
    },
  };
}

function abortReason(signal: AbortSignal | undefined): unknown {
  return (
    signal?.reason ?? new DOMException('The task was cancelled before it started.', 'AbortError')
  );
}
