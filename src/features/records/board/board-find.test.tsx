import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Column } from '../../../lib/api/types';
import { renderWithProviders } from '../../../lib/testing/render-with-providers';
import { column, fakeClient, record, stubLayout, TABLE_ID } from '../testing/records-test-utils';
import { groupMatches } from './board-groups';
import { RecordsBoard } from './records-board';

const status = column('status', 'SELECT', {
  settings: { options: ['pending', 'paid', 'refunded'] },
});
const columns: Column[] = [column('order_no', 'SERIAL', { isPrimary: true }), status];
const records = [
  record('a', { order_no: 1, status: 'pending' }),
  record('b', { order_no: 2, status: 'paid' }),
  record('c', { order_no: 3, status: 'paid' }),
  record('d', { order_no: 4, status: null }),
  record('e', { order_no: 5 }),
  record('f', { order_no: 6, status: 'lost' }),
];

beforeEach(() => stubLayout());
afterEach(() => vi.restoreAllMocks());

describe('a board while a find is on (decision 057)', () => {
  it('puts each match in the column its value names, empty ones under Empty', () => {
    const ids = (group: { value: string; label: string | null }) =>
      groupMatches(records, 'status', group).map((row) => row.id);
    expect(ids({ value: 'paid', label: 'paid' })).toEqual(['b', 'c']);
    expect(ids({ value: '', label: null })).toEqual(['d', 'e']);
    expect(ids({ value: 'refunded', label: 'refunded' })).toEqual([]);
  });

  it('shows only the matches, counted exactly, and reads no column from the service', async () => {
    const { client, listRecords } = fakeClient({ records });
    const found = [records[1], records[3]].filter((row) => row !== undefined);
    renderWithProviders(
      <div style={{ height: 600 }}>
        <RecordsBoard
          tableId={TABLE_ID}
          tableName="Orders"
          columns={columns}
          visibleColumns={columns}
          requestQuery={{ sort: null, filters: {} }}
          shownFilters={{}}
          groupColumn={status}
          onGroupChange={() => {}}
          onOpen={() => {}}
          narrow={false}
          found={found}
        />
      </div>,
      { client },
    );
    const paid = await screen.findByRole('list', { name: /^paid/ });
    expect(
      within(paid)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['order_no 2']);
    expect(screen.getByRole('heading', { name: /^paid, 1 record$/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /^pending, no records$/ })).toBeInTheDocument();
    const empty = screen.getByRole('list', { name: /^Empty/ });
    expect(
      within(empty)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['order_no 4']);
    expect(listRecords).not.toHaveBeenCalled();
  });
});
