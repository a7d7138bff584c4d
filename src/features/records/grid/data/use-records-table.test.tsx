import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiClientProvider } from '../../../../lib/api/api-client-context';
import type { RecordRow, TableDetail } from '../../../../lib/api/types';
import { switchLocale } from '../../../../lib/i18n/i18n';
import { createFakeApiClient } from '../../../../lib/testing/fake-api-client';
import { createTestQueryClient } from '../../../../lib/testing/render-with-providers';
import { column, record, TABLE_ID } from '../../testing/records-test-utils';
import { useRecordsTable } from './use-records-table';

const tableDetail: TableDetail = {
  id: TABLE_ID,
  aliasId: null,
  name: 'Orders',
  description: null,
  projectId: null,
  createdAt: null,
  updatedAt: null,
  columns: [column('order_no', 'TEXT', { isPrimary: true })],
  views: [],
};
/** The query cache and API client a grid's linked names are read from. */
function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createTestQueryClient);
  const [client] = useState(() => createFakeApiClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>{children}</ApiClientProvider>
    </QueryClientProvider>
  );
}

const recordsOf = (from: number, count: number): RecordRow[] =>
  Array.from({ length: count }, (_, i) => record(`r${from + i}`, { order_no: `SO-${from + i}` }));

describe('the records table’s rows', () => {
  it('keep their identity as pages arrive and leave, so a drawn row does not draw again', () => {
    const first = recordsOf(0, 500);
    const second = recordsOf(500, 500);
    const { result, rerender } = renderHook((props) => useRecordsTable(props), {
      wrapper: Providers,
      initialProps: {
        tableId: TABLE_ID,
        tableDetail,
        tableLoaded: true,
        view: null,
        rows: first,
        firstRow: 0,
        endRow: 500,
      },
    });
    const drawn = result.current.rowAt(499);
    expect(drawn?.original).toBe(first[499]);
    expect(drawn?.getVisibleCells().map((cell) => cell.getValue())).toEqual(['SO-499']);

    // The next page arrives: the rows in memory are a new array of the same records.
    rerender({
      tableId: TABLE_ID,
      tableDetail,
      tableLoaded: true,
      view: null,
      rows: [...first, ...second],
      firstRow: 0,
      endRow: 1000,
    });
    expect(result.current.rowAt(499)).toBe(drawn);
    expect(result.current.rowAt(700)?.original).toBe(second[200]);

    // The first page leaves memory: its rows are not to be had, the second's still are.
    rerender({
      tableId: TABLE_ID,
      tableDetail,
      tableLoaded: true,
      view: null,
      rows: second,
      firstRow: 500,
      endRow: 1000,
    });
    expect(result.current.rowAt(499)).toBeUndefined();
    expect(result.current.rowAt(700)?.original).toBe(second[200]);
  });

  it('keep one array of visible columns as pages arrive, and get new ones in a new language', async () => {
    const props = {
      tableId: TABLE_ID,
      tableDetail,
      tableLoaded: true,
      view: null,
      rows: recordsOf(0, 500),
      firstRow: 0,
      endRow: 500,
    };
    const { result, rerender } = renderHook((current) => useRecordsTable(current), {
      wrapper: Providers,
      initialProps: props,
    });
    // Memoized rows and cards take this array: the same one draws nothing again.
    const columns = result.current.table.getVisibleLeafColumns();
    rerender({ ...props, rows: [...props.rows, ...recordsOf(500, 500)], endRow: 1000 });
    expect(result.current.table.getVisibleLeafColumns()).toBe(columns);

    // A new language: new columns, whose cells draw the values in its formats.
    await act(() => switchLocale('es'));
    expect(result.current.table.getVisibleLeafColumns()).not.toBe(columns);
    await act(() => switchLocale('en'));
  });
});
