import { describe, expect, it } from 'vitest';
import { PLAN, rows } from '../find-test-fixtures';
import { FindStore } from './find-store';
import { addPageInSlices, nextTask, SLICE_RECORDS } from './page-in-slices';

function storeFor(query: string) {
  const store = new FindStore(PLAN);
  store.setQuery(query);
  return store;
}

describe('a page searched a slice at a time', () => {
  it('finds what the whole page finds, in the same order', async () => {
    const page = rows(450);
    const whole = storeFor('haddad').addPage(page);
    const sliced = await addPageInSlices(
      storeFor('haddad'),
      page,
      null,
      new AbortController().signal,
    );
    expect(sliced).toEqual(whole);
    expect(sliced.status).toMatchObject({ matches: 150, searched: 450 });
  });

  it('searches nothing before the event loop has run what waits (the next reply), then a slice a task', async () => {
    const store = storeFor('haddad');
    let yields = 0;
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const searched = addPageInSlices(
      store,
      rows(SLICE_RECORDS * 3),
      null,
      new AbortController().signal,
      () => {
        yields += 1;
        return gate;
      },
    );
    await Promise.resolve();
    expect(yields).toBe(1);
    expect(store.status().searched).toBe(0);
    open();
    const update = await searched;
    expect(yields).toBe(3);
    expect(update.status).toMatchObject({ searched: SLICE_RECORDS * 3, matches: SLICE_RECORDS });
  });

  it('waits for a task of its own between slices', async () => {
    const order: string[] = [];
    const first = nextTask().then(() => order.push('task'));
    await Promise.resolve();
    order.push('microtask');
    await first;
    expect(order).toEqual(['microtask', 'task']);
  });

  it('adds nothing when the walk stops between slices', async () => {
    const store = storeFor('haddad');
    const stop = new AbortController();
    let slices = 0;
    const searched = addPageInSlices(
      store,
      rows(SLICE_RECORDS * 3),
      null,
      stop.signal,
      async () => {
        slices += 1;
        if (slices === 2) stop.abort(new Error('stopped'));
      },
    );
    await expect(searched).rejects.toThrow('stopped');
    expect(store.status()).toMatchObject({ matches: 0, searched: 0 });
  });
});
