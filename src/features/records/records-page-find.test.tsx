import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../lib/api/types';
import type * as FindBoxModule from './find/screen/find-box';
import type * as HeaderCellModule from './grid/header/records-header-cell';
import {
  column,
  fakeClient,
  record,
  renderRecordsPage,
  stubLayout,
} from './testing/records-test-utils';

/**
 * A find over the whole view on the records screen (decision 057): a batch of matches
 * draws the list of matches and the status line, not the screen around them (its header
 * cells, its toolbar): the screen drawn for each batch made the main thread's long tasks.
 * The list still shows every match once, in the view's order, and opens the right one.
 */

const drawn = vi.hoisted(() => ({ headerCells: 0, findBoxes: 0 }));

vi.mock('./grid/header/records-header-cell', async (importOriginal) => {
  const real = await importOriginal<typeof HeaderCellModule>();
  return {
    ...real,
    RecordsHeaderCell: (props: Parameters<typeof real.RecordsHeaderCell>[0]) => {
      drawn.headerCells += 1;
      return real.RecordsHeaderCell(props);
    },
  };
});

vi.mock('./find/screen/find-box', async (importOriginal) => {
  const real = await importOriginal<typeof FindBoxModule>();
  return {
    ...real,
    FindBox: (props: Parameters<typeof real.FindBox>[0]) => {
      drawn.findBoxes += 1;
      return real.FindBox(props);
    },
  };
});

/** One or two on every page of 500 the walk reads after the grid's first 100. */
const HADDADS = [3, 250, 620, 1100, 1450, 1900, 2300, 2800];
const ORDERS = Array.from({ length: 3_100 }, (_, n) =>
  record(`rec-${n}`, { name: HADDADS.includes(n) ? `Order ${n} Haddad` : `Order ${n}` }),
);

/** The service, each page after the grid's first answered when the test lets it. */
function gatedService() {
  const { client: real } = fakeClient({
    table: { columns: [column('name', 'TEXT', { isPrimary: true })] },
    records: ORDERS,
  });
  const gates: Array<() => void> = [];
  const client: ApiClient = {
    ...real,
    listRecords: async (tableId, query, request) => {
      if ((request?.cursor ?? null) !== null) {
        // A request the find gave up (a search begun again) is not waiting any more.
        await new Promise<void>((resolve, reject) => {
          gates.push(resolve);
          request?.signal?.addEventListener('abort', () => {
            const at = gates.indexOf(resolve);
            if (at >= 0) gates.splice(at, 1);
            reject(new DOMException('aborted', 'AbortError'));
          });
        });
      }
      return real.listRecords(tableId, query, request);
    },
  };
  const next = async () => {
    await waitFor(() => expect(gates.length).toBeGreaterThan(0));
    act(() => gates.shift()?.());
  };
  return { client, next, pending: () => gates.length };
}

const grid = () => screen.getByRole('grid', { name: 'Orders' });
/** The names in the grid's rows, top to bottom. */
const shownNames = () =>
  within(grid())
    .getAllByRole('row')
    .filter((row) => Number(row.getAttribute('data-row-index') ?? -1) >= 0)
    .map((row) => within(row).getAllByRole('gridcell')[0]?.textContent ?? '');
const findStatus = () =>
  within(screen.getByRole('region', { name: 'Find' })).getAllByRole('status')[0];

beforeEach(() => {
  stubLayout();
  drawn.headerCells = 0;
  drawn.findBoxes = 0;
});

describe('a find over the whole view, on the records screen', () => {
  it('draws each batch of matches in the list alone, every match once and in the view’s order', async () => {
    const { client, next, pending } = gatedService();
    renderRecordsPage(client, '?find=haddad');
    await waitFor(() => expect(shownNames()).toEqual(['Order 3 Haddad']));
    await waitFor(() => expect(pending()).toBe(1));

    const all = HADDADS.map((n) => `Order ${n} Haddad`);
    const headerCells = drawn.headerCells;
    const findBoxes = drawn.findBoxes;
    // The walk reads 500 records a page after the grid's first 100: five pages, up to 2,600.
    for (let end = 600; end <= 2_600; end += 500) {
      await next();
      const expected = all.filter((_, k) => (HADDADS[k] as number) < end);
      await waitFor(() => expect(shownNames()).toEqual(expected));
      // The status line counts what the list shows; the walk waits for its next page.
      expect(findStatus()).toHaveTextContent(`${expected.length} matches · searched`);
      expect(findStatus()).not.toHaveTextContent('whole view');
      expect(pending()).toBe(1);
    }
    // The header's cells and the toolbar's find box were not drawn again for the matches.
    expect(drawn.headerCells).toBe(headerCells);
    expect(drawn.findBoxes).toBe(findBoxes);

    // A match that came in a batch opens as itself.
    fireEvent.click(within(grid()).getByText('Order 1900 Haddad'));
    expect(await screen.findByRole('dialog', { name: 'Order 1900 Haddad' })).toBeVisible();

    await next();
    await waitFor(() => expect(findStatus()).toHaveTextContent('whole view'));
    await waitFor(() => expect(shownNames()).toEqual(all));
    expect(findStatus()).toHaveTextContent('8 matches');
  });
});
