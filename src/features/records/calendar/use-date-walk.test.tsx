import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiClientProvider } from '../../../lib/api/api-client-context';
import type { ApiClient } from '../../../lib/api/types';
import { createTestQueryClient } from '../../../lib/testing/render-with-providers';
import { fakeClient, record, TABLE_ID } from '../testing/records-test-utils';
import { useDateWalk } from './use-date-walk';

const HOUR = 3600 * 1000;
const newest = Date.UTC(2025, 5, 30, 12);
/** 3,000 orders, one every six hours back from 30 June 2025 (about two years). */
const orders = Array.from({ length: 3000 }, (_, i) =>
  record(`o${i}`, { order_no: i + 1, ordered_at: new Date(newest - i * 6 * HOUR).toISOString() }),
);

function wrapperOf(client: ApiClient) {
  const queryClient = createTestQueryClient();
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>{children}</ApiClientProvider>
    </QueryClientProvider>
  );
}

const monthRange = (year: number, month: number) => ({
  start: new Date(year, month - 1, 1).getTime(),
  end: new Date(year, month, 1).getTime(),
});

function walkOf(range: { start: number; end: number }, bound?: number) {
  const { client, listRecords } = fakeClient({ records: orders });
  const hook = renderHook(
    (props: { range: { start: number; end: number } }) =>
      useDateWalk({
        tableId: TABLE_ID,
        query: { sort: null, filters: { kind: 'x' }, view: null },
        dateColumn: 'ordered_at',
        fields: ['ordered_at', 'order_no'],
        range: props.range,
        bound,
      }),
    { wrapper: wrapperOf(client), initialProps: { range } },
  );
  return { ...hook, listRecords };
}

for (const row of orders) row.fields.kind = 'x';

describe('useDateWalk', () => {
  it("reads the newest month backwards and stops at the first page past it, with only the calendar's fields", async () => {
    const { result, listRecords } = walkOf(monthRange(2025, 6));
    await waitFor(() => expect(result.current.verdict).toBe('past'));
    expect(result.current.direction).toBe('desc');
    const walkCalls = listRecords.mock.calls.filter(([, , request]) => request?.limit !== 1);
    expect(walkCalls).toHaveLength(1);
    expect(walkCalls[0]?.[1]).toMatchObject({
      sort: { column: 'ordered_at', direction: 'desc' },
      filters: { kind: 'x' },
    });
    expect(Object.keys(result.current.records[0]?.fields ?? {}).sort()).toEqual([
      'order_no',
      'ordered_at',
    ]);
    const june = result.current.records.filter((r) =>
      String(r.fields.ordered_at).startsWith('2025-06'),
    );
    expect(june.length).toBeGreaterThanOrEqual(119);
  });

  it('reads the oldest months forwards', async () => {
    const oldestDay = new Date(newest - 2999 * 6 * HOUR);
    const { result } = walkOf(monthRange(oldestDay.getFullYear(), oldestDay.getMonth() + 2));
    await waitFor(() => expect(result.current.verdict).toBe('past'));
    expect(result.current.direction).toBe('asc');
  });

  it('continues the cached walk for an earlier month, and stops at its bound until told to go on', async () => {
    const { result, rerender, listRecords } = walkOf(monthRange(2025, 6), 500);
    await waitFor(() => expect(result.current.verdict).toBe('past'));
    // Nine months back: some 1,200 records from the newest, more than 500 past what June read.
    rerender({ range: monthRange(2024, 9) });
    await waitFor(() => expect(result.current.verdict).toBe('bound'));
    const readAtBound = result.current.records.length;
    expect(readAtBound).toBe(1000);
    act(() => result.current.goOn());
    await waitFor(() => expect(result.current.verdict).toBe('past'));
    expect(result.current.records.length).toBeGreaterThan(readAtBound);
    const firstPages = listRecords.mock.calls.filter(
      ([, , request]) => request?.cursor == null && request?.limit !== 1,
    );
    expect(firstPages).toHaveLength(1);
  });
});
