import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordQuery } from '../../../lib/api/types';
import { createFakeApiClient } from '../../../lib/testing/fake-api-client';
import {
  fetchRecordPage,
  forgetPageTrails,
  forgetPageTrailsWithTheirQueries,
  recordQueries,
} from './record-queries';

const view: RecordQuery = { sort: { column: 'amount', direction: 'desc' }, filters: {} };
const client = createFakeApiClient({
  listRecords: async () => ({
    items: [{ id: 'r1', fields: {}, createdAt: null, updatedAt: null }],
    nextCursor: 'cursor-of-page-2',
  }),
});

afterEach(() => forgetPageTrails());

describe('record page trails', () => {
  it('keep the cursors of a view while its cache entry lives, and drop them with it', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    forgetPageTrailsWithTheirQueries(queryClient.getQueryCache());
    await queryClient.fetchInfiniteQuery(recordQueries.list(client, 't1', view));
    expect(recordQueries.trail('t1', view).cursorOf(1)).toBe('cursor-of-page-2');

    // What sign-out does: another key must not page with this key's cursors.
    queryClient.clear();
    expect(recordQueries.trail('t1', view).cursorOf(1)).toBeUndefined();
  });
});

describe("a view's trail", () => {
  it('is the same for the same view, however its query was made, and its own for another', () => {
    const trail = recordQueries.trail('t1', view);
    expect(recordQueries.trail('t1', view)).toBe(trail);
    expect(recordQueries.trail('t1', { ...view, filters: {} })).toBe(trail);
    const filtered: RecordQuery = { ...view, filters: { status: 'paid' } };
    const other = recordQueries.trail('t1', filtered);
    expect(other).not.toBe(trail);
    expect(recordQueries.trail('t2', filtered)).not.toBe(other);
    expect(recordQueries.trail('t1', filtered)).toBe(other);
    expect(recordQueries.trail('t1', view)).toBe(trail);
  });

  it('is a new one once the trails are forgotten, even for the query asked just before', () => {
    const trail = recordQueries.trail('t1', view);
    forgetPageTrails();
    expect(recordQueries.trail('t1', view)).not.toBe(trail);
  });
});

describe('a view whose service keeps answering empty pages', () => {
  it('walks through two empty pages that point further and stops at the third', async () => {
    let served = 0;
    const emptyForever = createFakeApiClient({
      listRecords: async () => {
        served += 1;
        return served === 1
          ? {
              items: [{ id: 'r1', fields: {}, createdAt: null, updatedAt: null }],
              nextCursor: 'c1',
            }
          : { items: [], nextCursor: `c${served}` };
      },
    });
    const first = await fetchRecordPage(emptyForever, 't1', view, { index: 0, cursor: null });
    const pages = [first];
    for (let index = 1; index < 6 && pages.at(-1)?.nextCursor; index += 1) {
      const cursor = pages.at(-1)?.nextCursor ?? null;
      pages.push(await fetchRecordPage(emptyForever, 't1', view, { index, cursor }));
    }
    expect(pages.map((page) => page.items.length)).toEqual([1, 0, 0, 0]);
    expect(pages[1]?.problem).toBeUndefined();
    expect(pages[2]?.problem).toBeUndefined();
    expect(pages[3]?.problem).toEqual({ kind: 'no_progress', pageIndex: 3, recordId: null });
    expect(served).toBe(4);
    expect(recordQueries.trail('t1', view).problem?.kind).toBe('no_progress');
  });
});
