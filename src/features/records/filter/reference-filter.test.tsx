import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient, RecordRow, TableDetail } from '../../../lib/api/types';
import { createFakeApiClient } from '../../../lib/testing/fake-api-client';
import { renderWithProviders } from '../../../lib/testing/render-with-providers';
import { column, record } from '../testing/records-test-utils';
import { ColumnFilter } from './column-filter';
import { SCAN_PAGE_SIZE, SCAN_PAGES } from './use-reference-search';

const CUSTOMERS = 'tbl-customers';
const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const customerColumn = column('customer', 'REFERENCE', { settings: { table_id: CUSTOMERS } });
const customersTable: TableDetail = {
  id: CUSTOMERS,
  aliasId: null,
  name: 'Customers',
  description: null,
  projectId: null,
  createdAt: null,
  updatedAt: null,
  columns: [column('name', 'TEXT', { isPrimary: true }), column('email', 'EMAIL')],
  views: [],
};

/** A customers table in memory: pages on offset cursors, `filter[name]` exact as the service's. */
function customersService(customers: readonly RecordRow[]) {
  const listRecords = vi.fn<ApiClient['listRecords']>(async (_tableId, query, request) => {
    const name = query.filters.name;
    const matching =
      name === undefined ? customers : customers.filter((c) => c.fields.name === name);
    const start = Number(request?.cursor ?? 0);
    const limit = request?.limit ?? 100;
    const end = start + limit;
    return {
      items: matching.slice(start, end),
      nextCursor: end < matching.length ? String(end) : null,
    };
  });
  const client = createFakeApiClient({
    getTable: async () => customersTable,
    listRecords,
    getRecord: async (_tableId, recordId) => {
      const found = customers.find((c) => c.id === recordId);
      if (!found) throw new Error('not found');
      return found;
    },
  });
  return { client, listRecords };
}

/** Gives `element` a fixed `property` (a layout figure jsdom leaves at 0); returns the undo. */
function stubValue(element: Element, property: string, value: number): () => void {
  Object.defineProperty(element, property, { configurable: true, get: () => value });
  return () => {
    delete (element as unknown as Record<string, unknown>)[property];
  };
}

const customers = [
  record(idOf(1), { name: 'Bernadette Lovelace' }),
  record(idOf(2), { name: 'Ada Lovelace' }),
  record(idOf(3), { name: 'Dana Scully' }),
  record(idOf(4), { name: 'Dana Scully' }),
];

/** The filter as the grid holds it: the URL's value, updated by each commit. */
function renderFilter(
  client: ApiClient,
  { initial, error = null }: { initial?: string; error?: string | null } = {},
) {
  const onCommit = vi.fn();
  function Harness() {
    const [value, setValue] = useState<string | undefined>(initial);
    return (
      <ColumnFilter
        column={customerColumn}
        value={value}
        error={error}
        onCommit={(next, mode) => {
          onCommit(next, mode);
          setValue(next ?? undefined);
        }}
      />
    );
  }
  renderWithProviders(<Harness />, { client });
  return { onCommit, input: screen.getByRole('combobox', { name: 'Filter customer' }) };
}

describe('REFERENCE filter', () => {
  it('finds a customer by part of the name; arrows and Enter choose it and the input shows the name', async () => {
    const user = userEvent.setup();
    const { client } = customersService(customers);
    const { onCommit, input } = renderFilter(client);
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.type(input, 'lovel');
    const listbox = await screen.findByRole('listbox', { name: 'Customers' });
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Bernadette Lovelace',
        'Ada Lovelace',
      ]),
    );
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { name: 'Ada Lovelace' });
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', active.id);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Bernadette Lovelace' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{ArrowUp}{Enter}');

    expect(onCommit).toHaveBeenCalledWith(idOf(2), { replace: false });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(input).toHaveValue('Ada Lovelace'));
  });

  it('keeps its list on a 360 px phone screen when the column sits at the right edge', async () => {
    const user = userEvent.setup();
    const { client } = customersService(customers);
    const { input } = renderFilter(client);
    // jsdom lays nothing out: a 360 × 740 screen, the filter's input at its right edge, a
    // 288 × 200 list (w-72).
    const popup = screen.getByRole('listbox', { hidden: true }).parentElement;
    if (!popup) throw new Error('the listbox has no popup around it');
    const restore = [
      stubValue(document.documentElement, 'clientWidth', 360),
      stubValue(document.documentElement, 'clientHeight', 740),
      stubValue(popup, 'offsetWidth', 288),
      stubValue(popup, 'offsetHeight', 200),
    ];
    input.getBoundingClientRect = () =>
      DOMRect.fromRect({ x: 250, y: 100, width: 100, height: 28 });
    try {
      await user.type(input, 'dana');
      await screen.findByRole('listbox', { name: 'Customers' });
      // Fixed to the screen (the grid's scrolling box no longer cuts it), under the input
      // and hung from its right edge (350 − 288), as no room is left right of its left edge;
      // never wider than the screen's room.
      await waitFor(() => expect(popup.style.transform).toBe('translate(62px, 132px)'));
      expect(popup.style.position).toBe('fixed');
      expect(popup.style.maxWidth).toBe(`${360 - 2 * 8}px`);
      await user.keyboard('{Escape}');
      expect(popup).not.toBeVisible();
    } finally {
      for (const undo of restore) undo();
    }
  });

  it('shows a filter from a link by the record’s name, and a value that is not an id as it is', async () => {
    const { client } = customersService(customers);
    const { input } = renderFilter(client, { initial: idOf(3) });
    await waitFor(() => expect(input).toHaveValue('Dana Scully'));
  });

  it('shows text from a link that is no record id as it is, with the service’s refusal', () => {
    const { client } = customersService(customers);
    const { input } = renderFilter(client, {
      initial: 'Dana',
      error: 'The filter on "customer" needs a record id (a UUID).',
    });
    expect(input).toHaveValue('Dana');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'The filter on "customer" needs a record id (a UUID).',
    );
  });

  it('Enter on typed text picks the one exact name; several or none are said, and nothing is sent', async () => {
    const user = userEvent.setup();
    const { client } = customersService(customers);
    const { onCommit, input } = renderFilter(client);

    await user.type(input, 'dana scully{Enter}');
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        '2 customers fit “dana scully”: choose one from the list.',
      ),
    );
    // Same names are told apart.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Dana Scully00000000…',
      'Dana Scully00000000…',
    ]);

    await user.clear(input);
    await user.type(input, 'Mulder{Enter}');
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription('No customers named “Mulder”; nothing applied.'),
    );
    expect(onCommit).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, 'ADA LOVELACE{Enter}');
    expect(onCommit).toHaveBeenCalledWith(idOf(2), { replace: false });
  });

  it('a pasted record id applies as it is', async () => {
    const user = userEvent.setup();
    const { client } = customersService(customers);
    const { onCommit, input } = renderFilter(client);
    await user.click(input);
    await user.paste(idOf(4));
    await user.keyboard('{Enter}');
    expect(onCommit).toHaveBeenCalledWith(idOf(4), { replace: false });
    await waitFor(() => expect(input).toHaveValue('Dana Scully'));
  });

  it('Escape closes the list and shows the applied name again; Escape again removes the filter', async () => {
    const user = userEvent.setup();
    const { client } = customersService(customers);
    const { onCommit, input } = renderFilter(client, { initial: idOf(2) });
    await waitFor(() => expect(input).toHaveValue('Ada Lovelace'));

    await user.clear(input);
    await user.type(input, 'dan');
    expect(await screen.findByRole('listbox')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('Ada Lovelace');
    expect(onCommit).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    expect(onCommit).toHaveBeenCalledWith(null, { replace: false });
    expect(input).toHaveValue('');
  });

  it('a click on an option chooses it', async () => {
    const user = userEvent.setup();
    const { client } = customersService(customers);
    const { onCommit, input } = renderFilter(client);
    await user.type(input, 'bern');
    await user.click(await screen.findByRole('option', { name: 'Bernadette Lovelace' }));
    expect(onCommit).toHaveBeenCalledWith(idOf(1), { replace: false });
    expect(input).toHaveValue('Bernadette Lovelace');
  });

  it('asks nothing of the linked table until the filter is used', async () => {
    const user = userEvent.setup();
    const { client, listRecords } = customersService(customers);
    const { input } = renderFilter(client);
    expect(listRecords).not.toHaveBeenCalled();
    await user.click(input);
    await waitFor(() => expect(listRecords).toHaveBeenCalledTimes(1));
  });

  it('past the scanned records, says so and asks the service for the exact name', async () => {
    const user = userEvent.setup();
    const scanned = SCAN_PAGE_SIZE * SCAN_PAGES;
    const many = Array.from({ length: scanned + 10 }, (_, i) =>
      record(idOf(i), { name: i === scanned + 5 ? 'Fox Mulder' : `Customer ${i}` }),
    );
    const { client, listRecords } = customersService(many);
    const { onCommit, input } = renderFilter(client);

    await user.type(input, 'mulder');
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        'No customers match “mulder”. Searched the first 2,000 customers; type the full name to search all.',
      ),
    );
    // Four pages at the largest size, no more.
    expect(listRecords.mock.calls.filter(([, query]) => !query.filters.name)).toHaveLength(
      SCAN_PAGES,
    );

    await user.clear(input);
    await user.type(input, 'Fox Mulder');
    expect(await screen.findByRole('option', { name: 'Fox Mulder' })).toBeVisible();
    expect(listRecords).toHaveBeenCalledWith(
      CUSTOMERS,
      { sort: null, filters: { name: 'Fox Mulder' } },
      expect.objectContaining({ limit: 20 }),
    );
    await user.keyboard('{Enter}');
    expect(onCommit).toHaveBeenCalledWith(idOf(scanned + 5), { replace: false });
  });

  it('Enter pressed before the search answers is resolved when it does', async () => {
    const user = userEvent.setup();
    const { client, listRecords } = customersService(customers);
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = listRecords.getMockImplementation();
    listRecords.mockImplementation(async (...args) => {
      await answered;
      return answer ? answer(...args) : { items: [], nextCursor: null };
    });
    const { onCommit, input } = renderFilter(client);
    await user.type(input, 'ada lovelace{Enter}');
    expect(onCommit).not.toHaveBeenCalled();
    release();
    await waitFor(() => expect(onCommit).toHaveBeenCalledWith(idOf(2), { replace: false }));
  });
});
