import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetPageTrails, recordQueries } from '../features/records/api/record-queries';
import type { RecordQuery } from '../lib/api/types';
import { CONNECTION_STORAGE_KEY } from '../lib/auth/connection-storage';
import { createFakeApiClient } from '../lib/testing/fake-api-client';
import { createAppServices } from './app-services';

const KEY = 'svc_live_0123456789abcdef0123456789abcdef0123456789ab3f9a';
const view: RecordQuery = { sort: { column: 'amount', direction: 'desc' }, filters: {} };
const client = createFakeApiClient({
  listRecords: async () => ({
    items: [{ id: 'r1', fields: {}, createdAt: null, updatedAt: null }],
    nextCursor: 'cursor-of-page-2',
  }),
});

afterEach(() => forgetPageTrails());

describe('app services', () => {
  it('sign-out forgets the cursors of the records views seen with that key', async () => {
    sessionStorage.setItem(CONNECTION_STORAGE_KEY, JSON.stringify({ serviceUrl: '', apiKey: KEY }));
    const services = createAppServices({ retry: false });
    const session = services.authStore.getState().session;
    if (!session) throw new Error('no session from the stored key');
    await services.loadWorkspaceCaches();
    await services
      .queryClientFor(session.id)
      .fetchInfiniteQuery(recordQueries.list(client, 't1', view));
    expect(recordQueries.trail('t1', view).cursorOf(1)).toBe('cursor-of-page-2');

    services.authStore.signOut();
    // Another key must not page with this key's cursors.
    await waitFor(() => expect(recordQueries.trail('t1', view).cursorOf(1)).toBeUndefined());
  });
});
