import { describe, expect, it } from 'vitest';
import { column, record } from '../../testing/records-test-utils';
import { appliedQuery, contradictionMessage, viewContradictions } from './view-contradictions';

const columns = [
  column('status', 'TEXT'),
  column('amount', 'NUMBER'),
  column('paid', 'BOOLEAN'),
  column('notes', 'FORMULA'),
];
const rows = [
  record('a', { status: 'paid', amount: 5, paid: true }),
  record('b', { status: 'open', amount: 3, paid: false }),
  record('c', { status: 'paid', amount: null, paid: true }),
];

describe('viewContradictions', () => {
  it('judges each window once a view, and a window with a new page afresh', () => {
    const query = { sort: null, filters: { status: 'paid' } };
    const firstPage = rows.filter((row) => row.fields.status === 'paid');
    expect(viewContradictions(query, columns, firstPage).filters).toEqual([]);
    expect(viewContradictions(query, columns, firstPage).filters).toEqual([]);
    // The next page brings a row of another status: the filter was not applied after all.
    const withNextPage = [...firstPage, record('d', { status: 'open' })];
    expect(viewContradictions(query, columns, withNextPage).filters).toEqual(['status']);
    // The same window under another view is judged for that view.
    expect(
      viewContradictions({ sort: null, filters: { status: 'open' } }, columns, firstPage).filters,
    ).toEqual(['status']);
  });

  it('reports a filter the rows contradict, and the summary stops claiming it', () => {
    const query = { sort: null, filters: { status: 'paid', paid: 'TRUE' } };
    const found = viewContradictions(query, columns, rows);
    expect(found).toEqual({ filters: ['status', 'paid'], sort: null });
    expect(contradictionMessage(found)).toBe(
      'The service did not apply the filter on status and paid: the rows below are not filtered that way.',
    );
    expect(appliedQuery(query, found)).toEqual({ sort: null, filters: {} });
  });

  it('accepts rows that match, and never judges what it cannot compare', () => {
    const paid = rows.filter((row) => row.fields.status === 'paid');
    expect(viewContradictions({ sort: null, filters: { status: 'paid' } }, columns, paid)).toEqual({
      filters: [],
      sort: null,
    });
    expect(
      viewContradictions({ sort: null, filters: { notes: 'x' } }, columns, rows).filters,
    ).toEqual([]);
  });

  it('reports a sort the rows are not in (nulls last either way)', () => {
    const asc = { column: 'amount', direction: 'asc' as const };
    expect(viewContradictions({ sort: asc, filters: {} }, columns, rows).sort).toBe('amount');
    const sorted = [rows[1], rows[0], rows[2]].filter((row) => row !== undefined);
    expect(viewContradictions({ sort: asc, filters: {} }, columns, sorted).sort).toBeNull();
    expect(contradictionMessage({ filters: [], sort: 'amount' })).toBe(
      'The service did not apply the sort on amount: the rows below are not in that order.',
    );
  });
});
