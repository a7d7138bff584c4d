// Tests only (records-board.test.tsx, board-find.test.tsx): Orders grouped by status on a
// board, over a fake service.
import { screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import type { Column, RecordQuery, RecordRow } from '../../../lib/api/types';
import { renderWithProviders } from '../../../lib/testing/render-with-providers';
import { column, fakeClient, TABLE_ID } from '../testing/records-test-utils';
import { RecordsBoard } from './records-board';

/** The board's column: an order's status, three options. */
export const status = column('status', 'SELECT', {
  settings: { options: ['pending', 'paid', 'refunded'] },
});
export const orderNo = column('order_no', 'SERIAL', { isPrimary: true });

/**
 * The board of `records` grouped by status, 600 px tall, with the view's `query` (its
 * filters shown as they are sent) and, when a find is on, the matches it `found`.
 */
export function renderBoard({
  columns,
  records,
  query = { sort: null, filters: {} },
  narrow = false,
  found,
}: {
  columns: Column[];
  records: RecordRow[];
  query?: RecordQuery;
  narrow?: boolean;
  found?: readonly RecordRow[];
}) {
  const { client, listRecords } = fakeClient({ records });
  const onOpen = vi.fn();
  const onGroupChange = vi.fn();
  renderWithProviders(
    <div style={{ height: 600 }}>
      <RecordsBoard
        tableId={TABLE_ID}
        tableName="Orders"
        columns={columns}
        visibleColumns={columns}
        requestQuery={query}
        shownFilters={query.filters}
        groupColumn={status}
        onGroupChange={onGroupChange}
        onOpen={onOpen}
        narrow={narrow}
        {...(found ? { found } : {})}
      />
    </div>,
    { client },
  );
  return { listRecords, onOpen, onGroupChange };
}

/** The cards of a status's list, as they read ("order_no 500"). */
export async function cardsOf(name: RegExp): Promise<(string | null)[]> {
  const list = await screen.findByRole('list', { name });
  return within(list)
    .getAllByRole('button')
    .map((card) => card.textContent);
}
