import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { switchLocale } from '../../../lib/i18n/i18n';
import {
  column,
  fakeClient,
  record,
  renderRecordsPage,
  stubLayout,
} from '../testing/records-test-utils';
import { type RecordsStatusInput, recordsStatusText } from './status/records-status';
import { tailStatusText } from './tail/tail-status';

const columns = [
  column('name', 'TEXT', { orderIndex: 0 }),
  column('amount', 'NUMBER', { orderIndex: 1 }),
  column('placed', 'DATETIME', { orderIndex: 2 }),
  column('paid', 'BOOLEAN', { orderIndex: 3 }),
];

const orders = [
  record('rec-1', { name: 'Anvil', amount: 30, placed: '2025-08-12', paid: true }),
  record('rec-2', { name: 'Rope', amount: 20, placed: '2025-08-12', paid: false }),
  record('rec-3', { name: 'Glue', amount: 10, placed: '2025-08-13', paid: true }),
];

function statusLine() {
  return screen.getAllByRole('status').find((element) => element.textContent?.includes('Orders'));
}

beforeEach(() => stubLayout());

afterEach(async () => {
  await switchLocale('en');
});

describe('the records grid in Spanish', () => {
  it('words the toolbar, filters and view in Spanish, with the date in Spanish form; data stays as it is', async () => {
    await switchLocale('es');
    const { client } = fakeClient({ table: { columns }, records: orders });
    renderRecordsPage(client, '?sort=amount:desc&filter[placed]=2025-08-12');

    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(await screen.findByText('Anvil')).toBeInTheDocument();
    expect(statusLine()).toHaveTextContent(
      'Orders donde placed es el 12 ago 2025, por amount (de mayor a menor) · 2 registros en total',
    );
    expect(screen.getByRole('button', { name: 'Columnas' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Saltar a los registros' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Filtrar name' })).toHaveAttribute(
      'placeholder',
      'igual a…',
    );
    const paid = screen.getByRole('combobox', { name: 'Filtrar paid' });
    expect(
      within(paid)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['cualquiera', 'Sí', 'No']);
    expect(screen.getByRole('button', { name: 'Quitar filtro de placed' })).toBeInTheDocument();
  });

  it('says in Spanish that no record matches, with the way out', async () => {
    await switchLocale('es');
    const { client } = fakeClient({ table: { columns }, records: orders });
    renderRecordsPage(client, '?filter[name]=Hammer');

    expect(
      await screen.findByRole('heading', { name: 'Ningún registro coincide con estos filtros' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quitar filtros' })).toBeInTheDocument();
    expect(statusLine()).toHaveTextContent('Orders donde name es Hammer');
    expect(statusLine()).toHaveTextContent('Ningún registro');
  });
});

describe('switching language with the grid on screen', () => {
  it('redraws the status line, headers and toolbar in the new language, keeping the view', async () => {
    const { client } = fakeClient({ table: { columns }, records: orders });
    renderRecordsPage(client, '?sort=placed:asc');
    await screen.findByText('Anvil');
    expect(statusLine()).toHaveTextContent(
      'Orders, sorted by placed, oldest first · All 3 records',
    );

    await act(() => switchLocale('pt-BR'));
    expect(statusLine()).toHaveTextContent(
      'Orders, por placed (mais antigos primeiro) · 3 registros no total',
    );
    expect(screen.getByRole('button', { name: 'Colunas' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Filtrar amount' })).toBeInTheDocument();
    expect(screen.getByText('Anvil')).toBeInTheDocument();
  });
});

const base: RecordsStatusInput = {
  isLoadingFirstPage: false,
  hasData: true,
  knownRowCount: 0,
  reachedEnd: true,
  isFetchingPage: false,
  failureReason: null,
  jumpLoadedRows: null,
  isFallback: false,
  stopped: false,
};

describe('record counts in each language', () => {
  it('uses each language’s plural forms for no records, one and many', async () => {
    const counts = (reachedEnd: boolean) =>
      [0, 1, 1234, 12_500].map((knownRowCount) =>
        recordsStatusText({ ...base, reachedEnd, knownRowCount }),
      );

    expect(counts(true)).toEqual([
      'No records',
      '1 record',
      'All 1,234 records',
      'All 12,500 records',
    ]);

    await switchLocale('es');
    expect(counts(true)).toEqual([
      'Ningún registro',
      '1 registro',
      '1234 registros en total',
      '12.500 registros en total',
    ]);
    expect(counts(false)[1]).toBe('1 registro cargado · hay más');
    expect(counts(false)[3]).toBe('12.500 registros cargados · hay más');
    expect(
      tailStatusText({ rows: 1, reachedStart: false, full: false, loading: false, stopped: false }),
    ).toBe('Mostrando el final: el último registro');

    await switchLocale('pt-BR');
    expect(counts(true)).toEqual([
      'Nenhum registro',
      '1 registro',
      '1.234 registros no total',
      '12.500 registros no total',
    ]);
    expect(counts(false)[1]).toBe('1 registro carregado · há mais');
    expect(
      tailStatusText({
        rows: 500,
        reachedStart: false,
        full: false,
        loading: true,
        stopped: false,
      }),
    ).toBe('Mostrando o fim: os últimos 500 registros · Carregando registros anteriores…');
  });

  it('writes the Jump to end progress with the language’s number and percent forms', async () => {
    const jump = { ...base, reachedEnd: false, jumpLoadedRows: 12_500, knownTotal: 50_000 };
    expect(recordsStatusText(jump)).toBe('Loading to the end… 12,500 records passed (25%)');
    await switchLocale('es');
    expect(recordsStatusText(jump)).toBe(
      'Cargando hasta el final… 12.500 registros recorridos (25\u00a0%)',
    );
    await switchLocale('pt-BR');
    expect(recordsStatusText(jump)).toBe(
      'Carregando até o fim… 12.500 registros percorridos (25%)',
    );
  });
});
