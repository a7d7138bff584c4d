import { screen } from '@testing-library/react';
import { type ReactNode, useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../lib/testing/render-with-providers';
import { column } from '../testing/records-test-utils';
import { ColumnFilter } from './column-filter';

/** What the first commit showed: the header's filter boxes as the first rows paint. */
function FirstCommit({ children, seen }: { children: ReactNode; seen: string[] }) {
  useLayoutEffect(() => {
    for (const box of document.querySelectorAll('input, select')) {
      seen.push(box.getAttribute('aria-label') ?? '');
    }
  }, [seen]);
  return children;
}

describe('ColumnFilter', () => {
  it('draws an empty filter after the first render, and one holding a value at once', async () => {
    const seen: string[] = [];
    renderWithProviders(
      <FirstCommit seen={seen}>
        <ColumnFilter
          column={column('city', 'TEXT')}
          value={undefined}
          error={null}
          onCommit={() => {}}
        />
        <ColumnFilter
          column={column('status', 'TEXT')}
          value="paid"
          error={null}
          onCommit={() => {}}
        />
        <ColumnFilter
          column={column('total', 'NUMBER')}
          value={undefined}
          error="Filter total needs a number, like 12.5."
          onCommit={() => {}}
        />
      </FirstCommit>,
    );
    // The first commit: the filter with a value and the refused one, not the empty one.
    expect(seen).toEqual(['Filter status', 'Filter total']);
    // The empty one follows, as a box a person can type in.
    expect(await screen.findByRole('textbox', { name: 'Filter city' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Filter status' })).toHaveValue('paid');
    expect(screen.getByRole('spinbutton', { name: 'Filter total' })).toHaveAccessibleDescription(
      'Filter total needs a number, like 12.5.',
    );
  });
});
