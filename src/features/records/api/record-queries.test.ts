import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordQuery } from '../../../lib/api/types';
import { createFakeApiClient } from '../../../lib/testing/fake-api-client';
import {
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
