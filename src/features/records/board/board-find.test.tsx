import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Column } from '../../../lib/api/types';
import { record, stubLayout } from '../testing/records-test-utils';
import { groupMatches } from './board-groups';
import { cardsOf, orderNo, renderBoard, status } from './board-test-setup';

const columns: Column[] = [orderNo, status];
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
    const found = [records[1], records[3]].filter((row) => row !== undefined);
    const { listRecords } = renderBoard({ columns, records, found });
    expect(await cardsOf(/^paid/)).toEqual(['order_no 2']);
    expect(screen.getByRole('heading', { name: /^paid, 1 record$/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /^pending, no records$/ })).toBeInTheDocument();
    expect(await cardsOf(/^Empty/)).toEqual(['order_no 4']);
    expect(listRecords).not.toHaveBeenCalled();
  });
});
