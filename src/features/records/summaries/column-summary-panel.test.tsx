import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { column, record } from '../testing/records-test-utils';
import { summarizeColumn } from './column-stats';
import { ColumnSummaryPanel } from './column-summary-panel';

const status = column('status', 'SELECT', {
  settings: { options: ['paid', 'pending', 'refunded'] },
});
const amount = column('amount', 'NUMBER');
const rows = [
  record('r1', { status: 'paid', amount: 10 }),
  record('r2', { status: 'paid', amount: 30 }),
  record('r3', { status: 'pending', amount: null }),
  record('r4', { status: null, amount: 20 }),
];

describe('ColumnSummaryPanel', () => {
  it('shows value counts of the loaded rows as a table with shares, and says they are only the loaded ones', () => {
    render(
      <ColumnSummaryPanel
        column={status}
        source={{ walked: null, loadedRows: rows, loadedIsAll: false }}
        onClose={() => {}}
      />,
    );
    const panel = screen.getByRole('dialog', { name: 'status' });
    expect(panel).toHaveTextContent('The 4 records loaded so far. Count or Export the view');
    const table = within(panel).getByRole('table', { name: 'Records per value' });
    const rowsShown = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 2)
          .map((cell) => cell.textContent),
      );
    expect(rowsShown).toEqual([
      ['2', '50%'],
      ['1', '25%'],
      ['0', '0%'],
    ]);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['paid', 'pending', 'refunded']);
    expect(panel).toHaveTextContent('Empty1 (25%)');
  });

  it('uses a walked summary of the whole view when there is one', () => {
    const walked = summarizeColumn(amount, [...rows, record('r5', { amount: 1_000 })]);
    render(
      <ColumnSummaryPanel
        column={amount}
        source={{
          walked: { summary: walked, countedAt: Date.now() },
          loadedRows: rows,
          loadedIsAll: false,
        }}
        onClose={() => {}}
      />,
    );
    const panel = screen.getByRole('dialog', { name: 'amount' });
    expect(panel).toHaveTextContent(/All 5 records of this view, counted at/);
    const stats = within(panel)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    // Minimum, maximum, mean, median of 10, 20, 30, 1000; one empty.
    expect(stats.slice(0, 5)).toEqual(['10', '1,000', '265', '25', '1 (20%)']);
    // The histogram's numbers are a table for screen readers.
    expect(
      within(panel).getByRole('table', { name: 'Records per range of values' }),
    ).toBeInTheDocument();
  });

  it('closes on Escape and on its Close button', async () => {
    const onClose = vi.fn();
    render(
      <ColumnSummaryPanel
        column={status}
        source={{ walked: null, loadedRows: rows, loadedIsAll: true }}
        onClose={onClose}
      />,
    );
    expect(screen.getByRole('button', { name: 'Close summary' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Close summary' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
