import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RecordQuery } from '../../../lib/api/types';
import { column } from '../testing/records-test-utils';
import { SortFilterSheet } from './sort-filter-sheet';

const COLUMNS = [
  column('order_no', 'SERIAL', { isPrimary: true }),
  column('status', 'SELECT', {
    settings: { options: [{ value: 'paid' }, { value: 'refunded' }] },
  }),
  column('amount', 'NUMBER'),
];

function renderSheet(query: RecordQuery, errorOf: (name: string) => string | null = () => null) {
  const handlers = { onSort: vi.fn(), onFilter: vi.fn(), onClose: vi.fn() };
  render(
    <SortFilterSheet
      open
      onClose={handlers.onClose}
      columns={COLUMNS}
      query={query}
      errorOf={errorOf}
      onSort={handlers.onSort}
      onFilter={handlers.onFilter}
      onClearFilters={vi.fn()}
      viewPicker={null}
      result={null}
    />,
  );
  return handlers;
}

// jsdom has no modal dialogs (showModal): the sheet's contents are queried as hidden.
const hidden = { hidden: true } as const;

describe('SortFilterSheet', () => {
  it('sorts by a chosen column, ascending first, then by the chosen direction', () => {
    const first = renderSheet({ sort: null, filters: {} });
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by', ...hidden }), {
      target: { value: 'amount' },
    });
    expect(first.onSort).toHaveBeenCalledWith({ column: 'amount', direction: 'asc' });
  });

  it('offers each column its typed filter, with the service’s refusal under it', () => {
    const handlers = renderSheet(
      { sort: { column: 'amount', direction: 'asc' }, filters: { amount: 'abc' } },
      (name) => (name === 'amount' ? 'The filter on "amount" needs a number.' : null),
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Descending', ...hidden }));
    expect(handlers.onSort).toHaveBeenCalledWith({ column: 'amount', direction: 'desc' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter status', ...hidden }), {
      target: { value: 'refunded' },
    });
    expect(handlers.onFilter).toHaveBeenCalledWith('status', 'refunded', expect.anything());
    expect(screen.getByRole('spinbutton', { name: 'Filter amount', ...hidden })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByText('The filter on "amount" needs a number.')).toBeInTheDocument();
    expect(
      screen.getByRole('group', { name: 'Filters (1 applied)', ...hidden }),
    ).toBeInTheDocument();
  });
});
