import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrency-limit';

function deferred() {
  let resolve: (value: string) => void = () => {};
  const promise = new Promise<string>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('createConcurrencyLimit', () => {
  it('runs at most max tasks at once, the rest in order as slots free up', async () => {
    const limit = createConcurrencyLimit(2);
    const tasks = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const results = tasks.map((task, index) =>
      limit.run(() => {
        started.push(index);
        return task.promise;
      }),
    );
    expect(started).toEqual([0, 1]);
    expect(limit.waiting).toBe(2);
    tasks[1]?.resolve('b');
    await results[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    tasks[0]?.resolve('a');
    tasks[2]?.resolve('c');
    tasks[3]?.resolve('d');
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c', 'd']);
    expect(limit.active).toBe(0);
  });

  it('drops a waiting task whose signal aborts: it never starts', async () => {
    const limit = createConcurrencyLimit(1);
    const first = deferred();
    const controller = new AbortController();
    let secondStarted = false;
    void limit.run(() => first.promise);
    const second = limit.run(() => {
      secondStarted = true;
      return Promise.resolve('x');
    }, controller.signal);
    controller.abort();
    await expect(second).rejects.toHaveProperty('name', 'AbortError');
    first.resolve('done');
    await Promise.resolve();
    await Promise.resolve();
    expect(secondStarted).toBe(false);
    expect(limit.waiting).toBe(0);
  });

  it('a failing task frees its slot', async () => {
    const limit = createConcurrencyLimit(1);
    await expect(limit.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limit.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});
