import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClientProvider } from '../../../../lib/api/api-client-context';
import { FIRST_PAGE_SIZE, forgetPageTrails } from '../../api/record-queries';
import { fakeClient, record, TABLE_ID } from '../../testing/records-test-utils';
import { usePageFetching } from './page-fetching';
import { useRecordWindow } from './use-record-window';

const records = Array.from({ length: 2_000 }, (_, i) =>
  record(`rec-${String(i).padStart(5, '0')}`, { n: i }),
);
const query = { sort: null, filters: {} };

function renderWindow() {
  const { client, listRecords } = fakeClient({ records });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>{children}</ApiClientProvider>
    </QueryClientProvider>
  );
  let renders = 0;
  const hook = renderHook(
    () => {
      renders += 1;
      return useRecordWindow(TABLE_ID, query);
    },
    { wrapper },
  );
  /** What the status line reads: a page of this view on its way. */
  const status = renderHook(() => usePageFetching(hook.result.current.queryKey), { wrapper });
  /** The replies wait until released; those asked after it answer at once. */
  const holdReplies = () => {
    const reply = listRecords.getMockImplementation();
    let release = () => {};
    listRecords.mockImplementation(async (...args) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      if (!reply) throw new Error('no fake reply');
      return reply(...args);
    });
    return () => {
      if (reply) listRecords.mockImplementation(reply);
      release();
    };
  };
  return { hook, listRecords, renders: () => renders, status, holdReplies };
}

afterEach(() => forgetPageTrails());

describe('useRecordWindow', () => {
  it('does not re-render the view for scroll frames that change nothing to fetch', async () => {
    const { hook, renders } = renderWindow();
    await waitFor(() => expect(hook.result.current.rows).toHaveLength(FIRST_PAGE_SIZE));
    const before = renders();
    act(() => {
      for (let start = 0; start < 20; start += 1) {
        hook.result.current.onVisibleRangeChange({ startIndex: start, endIndex: start + 20 });
      }
    });
    expect(renders() - before).toBe(0);
  });

  it('still fetches the next page when the rows in view near the end of the window', async () => {
    const { hook, listRecords } = renderWindow();
    await waitFor(() => expect(hook.result.current.rows).toHaveLength(FIRST_PAGE_SIZE));
    act(() => hook.result.current.onVisibleRangeChange({ startIndex: 60, endIndex: 90 }));
    await waitFor(() => expect(hook.result.current.rows.length).toBeGreaterThan(FIRST_PAGE_SIZE));
    expect(listRecords).toHaveBeenCalledTimes(2);
  });

  it('asks for each next page once as frames near the end, with rows in order and none twice', async () => {
    const { hook, listRecords, renders } = renderWindow();
    await waitFor(() => expect(hook.result.current.rows).toHaveLength(FIRST_PAGE_SIZE));
    const before = renders();
    // Frames near the end of the first page: the first asks, the others find it on its way.
    act(() => {
      for (let start = 60; start < 80; start += 1) {
        hook.result.current.onVisibleRangeChange({ startIndex: start, endIndex: start + 20 });
      }
    });
    // Asked without drawing the view again to ask.
    expect(renders() - before).toBe(0);
    await waitFor(() => expect(listRecords).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(hook.result.current.rows.length).toBeGreaterThan(FIRST_PAGE_SIZE));
    const { endRow } = hook.result.current;
    act(() => {
      for (let start = endRow - 100; start < endRow - 60; start += 1) {
        hook.result.current.onVisibleRangeChange({ startIndex: start, endIndex: start + 20 });
      }
    });
    await waitFor(() => expect(hook.result.current.endRow).toBeGreaterThan(endRow));
    expect(listRecords).toHaveBeenCalledTimes(3);
    const ids = hook.result.current.rows.map((row) => row.id);
    expect(ids).toEqual(records.slice(0, ids.length).map((row) => row.id));
  });

  it('renders nothing as a page is asked for; the status line sees it; it lands at its own rows', async () => {
    const { hook, listRecords, renders, status, holdReplies } = renderWindow();
    await waitFor(() => expect(hook.result.current.rows).toHaveLength(FIRST_PAGE_SIZE));
    const release = holdReplies();
    const before = renders();
    act(() => hook.result.current.onVisibleRangeChange({ startIndex: 60, endIndex: 90 }));
    await waitFor(() => expect(status.result.current).toBe(true));
    // The query tells its observers in a task of its own: let it run.
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    expect(renders() - before).toBe(0);
    // Frames go on while the page is on its way (the view still says it has not started):
    // none asks again, and none seeks (the window reads the query's own state).
    act(() => {
      for (let start = 60; start < 100; start += 1) {
        hook.result.current.onVisibleRangeChange({ startIndex: start, endIndex: start + 20 });
      }
    });
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    expect(listRecords).toHaveBeenCalledTimes(2);
    // The person has moved far on by the time it arrives: its rows are still its own.
    act(() => hook.result.current.onVisibleRangeChange({ startIndex: 580, endIndex: 600 }));
    release();
    await waitFor(() => expect(hook.result.current.rows.length).toBeGreaterThan(FIRST_PAGE_SIZE));
    await waitFor(() => expect(status.result.current).toBe(false));
    const { firstRow, rows } = hook.result.current;
    for (const [offset, row] of rows.entries()) {
      expect(row.id).toBe(records[firstRow + offset]?.id);
    }
  });
});
