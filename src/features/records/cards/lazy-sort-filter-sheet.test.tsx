import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { column } from '../testing/records-test-utils';
import { LazySortFilterSheet } from './lazy-sort-filter-sheet';

describe('LazySortFilterSheet', () => {
  it('says it is loading while its code loads on the first tap, then shows the sheet', async () => {
    const props = {
      onClose: vi.fn(),
      columns: [column('amount', 'NUMBER')],
      query: { sort: null, filters: {} },
      errorOf: () => null,
      onSort: vi.fn(),
      onFilter: vi.fn(),
      onClearFilters: vi.fn(),
      viewPicker: null,
      result: null,
    };
    const { rerender } = render(<LazySortFilterSheet {...props} open={false} />);
    expect(screen.queryByRole('status')).toBeNull();

    rerender(<LazySortFilterSheet {...props} open />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    // jsdom has no modal dialogs (showModal): the sheet's contents are queried as hidden.
    expect(
      await screen.findByRole('combobox', { name: 'Sort by', hidden: true }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
