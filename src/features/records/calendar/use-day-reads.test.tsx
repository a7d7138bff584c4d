import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiClientProvider } from '../../../lib/api/api-client-context';
import type { ApiClient, RecordQuery } from '../../../lib/api/types';
import { createTestQueryClient } from '../../../lib/testing/render-with-providers';
import { badRequest, fakeClient, record, TABLE_ID } from '../testing/records-test-utils';
import { DAY_READS_AT_ONCE, useDayReads } from './use-day-reads';

const HOUR = 3600 * 1000;
const newest = Date.UTC(2025, 5, 30, 12);
/** 3,000 orders, one every six hours back from 30 June 2025: four a UTC day. */
const orders = Array.from({ length: 3000 }, (_, i) =>
  record(`o${i}`, {
    order_no: i + 1,
    kind: 'x',
    ordered_at: new Date(newest - i * 6 * HOUR).toISOString(),
  }),
);
const QUERY: RecordQuery = {
  sort: { column: 'order_no', direction: 'desc' },
  filters: { kind: 'x' },
};
const MARCH = Array.from({ length: 31 }, (_, i) => `2024-03-${String(i + 1).padStart(2, '0')}`);

function wrapperOf(client: ApiClient) {
  const queryClient = createTestQueryClient();
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>{children}</ApiClientProvider>
    </QueryClientProvider>
  );
}

function readDays(client: ApiClient, initialDays: readonly string[], bound?: number) {
  return renderHook(
    ({ days }: { days: readonly string[] }) =>
      useDayReads({
        tableId: TABLE_ID,
        query: QUERY,
        dateColumn: 'ordered_at',
        fields: ['ordered_at', 'order_no'],
        days,
        enabled: true,
        bound,
      }),
    { wrapper: wrapperOf(client), initialProps: { days: initialDays } },
  );
}

describe('useDayReads', () => {
  it("reads each day with the view's filters and the day's filter, a few at a time, in order", async () => {
    const { client, listRecords } = fakeClient({ records: orders });
    let inFlight = 0;
    let most = 0;
    const counting = { ...client };
    counting.listRecords = async (...args) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        return await listRecords(...args);
      } finally {
        inFlight -= 1;
      }
    };
    const { result } = readDays(counting, MARCH);
    await waitFor(() => expect(result.current.verdict).toBe('done'));
    expect(result.current.daysRead).toBe(31);
    expect(result.current.records).toHaveLength(31 * 4);
    expect(most).toBeLessThanOrEqual(DAY_READS_AT_ONCE);
    const asked = listRecords.mock.calls.map(([, query]) => query);
    expect(asked.map((query) => query.filters.ordered_at)).toEqual(MARCH);
    for (const query of asked) {
      expect(query.filters.kind).toBe('x');
      expect(query.sort).toEqual({ column: 'ordered_at', direction: 'asc' });
    }
    expect(Object.keys(result.current.records[0]?.fields ?? {}).sort()).toEqual([
      'order_no',
      'ordered_at',
    ]);
  });

  it('says the service cannot read days when it refuses the filter', async () => {
    const { client } = fakeClient({
      records: orders,
      failWhen: (query) =>
        query.filters.ordered_at ? badRequest('filter[ordered_at]', 'Not a filter.') : null,
    });
    const { result } = readDays(client, MARCH);
    await waitFor(() => expect(result.current.verdict).toBe('failed'));
    expect(result.current.unusable).toBe(true);
  });

  it('says so too when the service answers a day with records of other days (it ignores the filter)', async () => {
    const { client, listRecords } = fakeClient({ records: orders });
    const ignoring = { ...client };
    ignoring.listRecords = (tableId, query, request) =>
      listRecords(tableId, { ...query, filters: { kind: 'x' } }, request);
    const { result } = readDays(ignoring, MARCH);
    await waitFor(() => expect(result.current.verdict).toBe('failed'));
    expect(result.current.unusable).toBe(true);
  });

  it('stops asking for days at its bound and goes on when told', async () => {
    const { client, listRecords } = fakeClient({ records: orders });
    const { result } = readDays(client, MARCH, 40);
    await waitFor(() => expect(result.current.verdict).toBe('bound'));
    const readAtBound = result.current.daysRead;
    expect(readAtBound).toBeLessThan(31);
    expect(listRecords.mock.calls.length).toBeLessThan(31);
    act(() => result.current.goOn());
    await waitFor(() => expect(result.current.daysRead).toBeGreaterThan(readAtBound));
  });

  it("cancels the days in flight when the range changes, and reads the new range's", async () => {
    const { client, listRecords } = fakeClient({ records: orders });
    const signals = new Map<string, AbortSignal>();
    const hanging = { ...client };
    hanging.listRecords = (tableId, query, request) => {
      const day = String(query.filters.ordered_at);
      if (request?.signal) signals.set(day, request.signal);
      // March never answers: its requests are still in flight when April is shown.
      return day.startsWith('2024-03')
        ? new Promise(() => {})
        : listRecords(tableId, query, request);
    };
    const { result, rerender } = readDays(hanging, MARCH);
    await waitFor(() => expect(signals.size).toBe(DAY_READS_AT_ONCE));
    const april = MARCH.map((day) => day.replace('2024-03', '2024-04')).slice(0, 30);
    rerender({ days: april });
    await waitFor(() => expect(result.current.verdict).toBe('done'));
    const march = [...signals].filter(([day]) => day.startsWith('2024-03'));
    expect(march).toHaveLength(DAY_READS_AT_ONCE);
    expect(march.every(([, signal]) => signal.aborted)).toBe(true);
    expect(result.current.records).toHaveLength(30 * 4);
  });
});
