import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiClientProvider } from '../api/api-client-context';
import type { PageRequest, RecordQuery, RecordRow } from '../api/types';
import { createFakeApiClient } from '../testing/fake-api-client';
import { createTestQueryClient } from '../testing/render-with-providers';
import {
  CHANGES_AUTO_PAGES,
  CHANGES_FIRST_PAGE_SIZE,
  CHANGES_PAGE_SIZE,
  changedSince,
  useRecordChanges,
} from './record-changes';

const SINCE = Date.parse('2026-11-24T14:05:00Z');

/** `count` records newest first; the first `changed` updated after SINCE, the first `created` also created after it. */
function table(count: number, changed: number, created = 0): RecordRow[] {
  return Array.from({ length: count }, (_, index) => {
    const updated = index < changed ? SINCE + (changed - index) * 1000 : SINCE - (index + 1) * 1000;
    return {
      id: `r${index}`,
      fields: {},
      createdAt: new Date(index < created ? updated : SINCE - 10_000_000).toISOString(),
      updatedAt: new Date(updated).toISOString(),
    };
  });
}

function setUp(rows: RecordRow[]) {
  const listRecords = vi.fn(async (_tableId: string, query: RecordQuery, request?: PageRequest) => {
    expect(query.sort).toEqual({ column: 'updated_at', direction: 'desc' });
    const start = request?.cursor ? Number(request.cursor) : 0;
    const end = start + (request?.limit ?? 50);
    return { items: rows.slice(start, end), nextCursor: end < rows.length ? String(end) : null };
  });
  const client = createFakeApiClient({ listRecords });
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>{children}</ApiClientProvider>
    </QueryClientProvider>
  );
  return { listRecords, wrapper };
}

describe('what changed in a table since the last visit', () => {
  it('reads newest first until a record older than the last visit, never further', async () => {
    const { listRecords, wrapper } = setUp(table(1_000, 150, 2));
    const { result } = renderHook(() => useRecordChanges('t1', SINCE), { wrapper });
    await waitFor(() => expect(result.current.complete).toBe(true));
    expect(result.current.records).toHaveLength(150);
    expect(result.current.records[0]?.id).toBe('r0');
    // A small first page, then full ones: page 3 (records 120–219) holds the first older
    // record, and the walk ends there.
    expect(listRecords).toHaveBeenCalledTimes(3);
    expect(listRecords.mock.calls[0]?.[2]).toMatchObject({ limit: CHANGES_FIRST_PAGE_SIZE });
    expect(listRecords.mock.calls[1]?.[2]).toMatchObject({ limit: CHANGES_PAGE_SIZE });
  });

  it('reads a few pages by itself, then more only when asked', async () => {
    const { listRecords, wrapper } = setUp(table(1_000, 450));
    const { result } = renderHook(() => useRecordChanges('t1', SINCE), { wrapper });
    await waitFor(() => expect(listRecords).toHaveBeenCalledTimes(CHANGES_AUTO_PAGES));
    const byItself = CHANGES_FIRST_PAGE_SIZE + (CHANGES_AUTO_PAGES - 1) * CHANGES_PAGE_SIZE;
    await waitFor(() => expect(result.current.records).toHaveLength(byItself));
    expect(result.current.complete).toBe(false);
    act(() => result.current.readMore());
    await waitFor(() => expect(result.current.complete).toBe(true));
    expect(result.current.records).toHaveLength(450);
    // 20 + 100 + 100 by itself, then 100 + 100 + 100 when asked: the last one ends the walk.
    expect(listRecords).toHaveBeenCalledTimes(6);
  });

  it('asks nothing on a first visit', () => {
    const { listRecords, wrapper } = setUp(table(10, 5));
    const { result } = renderHook(() => useRecordChanges('t1', null), { wrapper });
    expect(result.current.records).toEqual([]);
    expect(listRecords).not.toHaveBeenCalled();
  });
});

describe('what changed among loaded items since the last visit', () => {
  const at = (offset: number) => new Date(SINCE + offset).toISOString();

  it('keeps the items updated after the last visit, newest first', () => {
    const items = [
      { id: 'older', updatedAt: at(-60_000) },
      { id: 'changed', updatedAt: at(1_000) },
      { id: 'newest', updatedAt: at(5_000) },
      { id: 'at the visit', updatedAt: at(0) },
      { id: 'no date', updatedAt: null },
      { id: 'unreadable', updatedAt: 'yesterday' },
    ];
    expect(changedSince(items, SINCE).map((item) => item.id)).toEqual(['newest', 'changed']);
    // The loaded list belongs to the query cache: it is never reordered.
    expect(items[0]?.id).toBe('older');
  });
});
