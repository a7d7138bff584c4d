import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TableDetail } from '../../../lib/api/types';
import { switchLocale } from '../../../lib/i18n/i18n';
import { createFakeApiClient } from '../../../lib/testing/fake-api-client';
import { renderWithProviders } from '../../../lib/testing/render-with-providers';
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

describe('ColumnSummaryPanel in Spanish and Brazilian Portuguese', () => {
  afterEach(async () => {
    await switchLocale('en');
  });

  const panelFor = (loaded: number, loadedIsAll = false) =>
    render(
      <ColumnSummaryPanel
        column={amount}
        source={{
          walked: null,
          loadedRows: Array.from({ length: loaded }, (_, i) =>
            record(`r${i}`, { amount: i * 12_345.5 }),
          ),
          loadedIsAll,
        }}
        onClose={() => {}}
      />,
    );

  it('says in Spanish where the numbers come from, for 0, 1 and many records', async () => {
    await switchLocale('es');
    const { unmount } = panelFor(0);
    expect(screen.getByRole('dialog', { name: 'amount' })).toHaveTextContent(
      'Aún no se ha cargado ningún registro. Usa Contar o Exportar',
    );
    expect(screen.getByText('No hay registros que resumir.')).toBeInTheDocument();
    unmount();
    const one = panelFor(1, true);
    expect(screen.getByRole('dialog')).toHaveTextContent('El único registro de esta vista.');
    one.unmount();
    panelFor(12_000);
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Los 12.000 registros cargados hasta ahora.',
    );
  });

  it('labels and formats the statistics in the language on screen', async () => {
    await switchLocale('es');
    panelFor(3, true);
    const panel = screen.getByRole('dialog', { name: 'amount' });
    expect(panel).toHaveTextContent('Resumen de la columna');
    expect(within(panel).getByRole('button', { name: 'Cerrar resumen' })).toHaveFocus();
    const stat = (label: string) => within(panel).getByText(label).nextElementSibling?.textContent;
    // 0, 12 345,5 and 24 691: Spanish groups thousands from five digits on.
    expect(stat('Máximo')).toBe('24.691');
    expect(stat('Media')).toBe('12.345,5');
    expect(stat('Vacíos')).toBe('0 (0\u00a0%)');
    expect(
      within(panel).getByRole('table', { name: 'Registros por intervalo de valores' }),
    ).toBeInTheDocument();
  });

  it('counts a yes/no column in words of the language', async () => {
    await switchLocale('pt-BR');
    const paid = column('paid', 'BOOLEAN');
    render(
      <ColumnSummaryPanel
        column={paid}
        source={{
          walked: null,
          loadedRows: [
            record('r1', { paid: true }),
            record('r2', { paid: false }),
            record('r3', { paid: true }),
          ],
          loadedIsAll: true,
        }}
        onClose={() => {}}
      />,
    );
    const table = screen.getByRole('table', { name: 'Registros por valor' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Sim', 'Não']);
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Todos os 3 registros desta visualização.',
    );
  });

  it('counts a link column per linked record, each shown by its name, with its id one click away', async () => {
    const CUSTOMERS = '9c2f84f9-efb7-4129-b21c-a032067768ed';
    const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const names: Record<string, string> = { [idOf(1)]: 'Ada Lovelace', [idOf(2)]: 'Grace Hopper' };
    const client = createFakeApiClient({
      getTable: async () =>
        ({
          id: CUSTOMERS,
          columns: [column('name', 'TEXT', { isPrimary: true })],
        }) as TableDetail,
      getRecord: async (_table, id) => record(id, { name: names[id] }),
    });
    const customer = column('customer', 'REFERENCE', {
      settings: { table_id: CUSTOMERS, multiple: false },
    });
    const orders = [
      record('o1', { customer: idOf(1) }),
      record('o2', { customer: idOf(2) }),
      record('o3', { customer: idOf(1) }),
      record('o4', { customer: null }),
    ];
    renderWithProviders(
      <ColumnSummaryPanel
        column={customer}
        source={{ walked: null, loadedRows: orders, loadedIsAll: true }}
        onClose={() => {}}
      />,
      { client },
    );
    const table = screen.getByRole('table', { name: 'Most often linked records' });
    const ada = await within(table).findByRole(
      'link',
      { name: 'Ada Lovelace' },
      { timeout: 3_000 },
    );
    expect(ada.closest('tr')).toHaveTextContent(/^Ada Lovelace2/);
    expect(await within(table).findByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(table).not.toHaveTextContent(idOf(1));
    await userEvent.click(screen.getByRole('button', { name: 'Show ids', pressed: false }));
    expect(ada.closest('tr')).toHaveTextContent(`Ada Lovelace${idOf(1)}2`);
    expect(screen.getByRole('button', { name: 'Show ids', pressed: true })).toBeInTheDocument();
  });
});
