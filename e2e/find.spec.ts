import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parseCsv } from '../src/features/records/export/testing/parse-csv';
import { type ApiRecord, allRecords, apiGet, tableNamed } from './support/api';
import { recordsPage, withNextCursor } from './support/fault-proxy';
import { expect, keys, seriousAxeViolations, test } from './support/fixtures';
import { dashboardBehindFaultProxy } from './support/proxied-dashboard';
import { openRecordsTable, recordsGrid } from './support/records-grid';
import { startConnected } from './support/session';
import { picker, saveViewAs, tablesNav } from './support/your-views';

/**
 * Find in a table (decision 057) against the real server: what it finds is checked
 * against the API's own answers. The view is Orders' refunded ones (about 5,000, the
 * whole view read in the background), so a test reads it in seconds.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });
test.setTimeout(120_000);

const REFUNDED = { status: 'refunded' };
const REFUNDED_SEARCH = '?filter%5Bstatus%5D=refunded';

/** Case, accents and punctuation aside, as the find compares. */
function folded(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

function findBox(page: Page) {
  return page.getByRole('textbox', { name: 'Find in this table' });
}

function findStatus(page: Page) {
  return page.getByRole('region', { name: 'Find' }).getByRole('status');
}

/** The order numbers of the rows drawn (the grid draws the first ones of the matches). */
async function drawnOrderNumbers(page: Page): Promise<number[]> {
  const cells = await recordsGrid(page)
    .locator('tbody [role="row"]:not([aria-busy]) [role="gridcell"]:first-child')
    .allTextContents();
  return cells.map((text) => Number(text.replace(/[^\d]/g, '')));
}

async function find(page: Page, text: string, matches: number) {
  await findBox(page).fill(text);
  await expect(findStatus(page)).toContainText(
    `${matches.toLocaleString('en-US')} ${matches === 1 ? 'match' : 'matches'} · searched the whole view`,
    { timeout: 60_000 },
  );
}

/** Orders of the refunded view whose customer's name holds `word`: customers first, then theirs. */
async function ordersOfCustomersNamed(word: string): Promise<ApiRecord[]> {
  const [orders, customers] = await Promise.all([tableNamed('Orders'), tableNamed('Customers')]);
  const named = (await allRecords(customers.id)).filter((customer) =>
    folded(String(customer.fields.name)).includes(folded(word)),
  );
  const theirs: ApiRecord[] = [];
  for (const customer of named) {
    theirs.push(
      ...(await allRecords(orders.id, { filters: { ...REFUNDED, customer: customer.id } })),
    );
  }
  return theirs;
}

test.describe('on a desk', () => {
  test.beforeEach(async ({ page }) => {
    await startConnected(page);
    // Without a person to answer the file picker, Export takes the download path.
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'showSaveFilePicker');
    });
  });

  test('a customer’s surname finds exactly their orders; the address keeps it over a reload; Export of the matches is the API’s truth', async ({
    page,
  }) => {
    const orders = await tableNamed('Orders');
    const expected = await ordersOfCustomersNamed('Haddad');
    expect(expected.length).toBeGreaterThan(5);
    const expectedIds = new Set(expected.map((record) => record.id));

    await openRecordsTable(page, orders.id, REFUNDED_SEARCH);
    await find(page, 'haddad', expected.length);
    await expect(page).toHaveURL(/[?&]find=haddad(&|$)/);
    const firstOrderNumbers = expected
      .map((record) => Number(record.fields.order_no))
      .sort((a, b) => a - b)
      .slice(0, 5);
    await expect
      .poll(async () => (await drawnOrderNumbers(page)).slice(0, 5))
      .toEqual(firstOrderNumbers);
    // Marked where it is drawn: the customers' names in the cells.
    await expect
      .poll(() =>
        page.evaluate(() =>
          [
            ...((CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get(
              'find-match',
            ) ?? []),
          ].map((range) => range.toString()),
        ),
      )
      .toContain('Haddad');

    await page.reload();
    await expect(findBox(page)).toHaveValue('haddad');
    await expect(findStatus(page)).toContainText(`${expected.length} matches`, { timeout: 60_000 });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Export these ${expected.length}` }).click();
    await page.getByRole('radio', { name: 'CSV' }).check();
    await page.getByRole('checkbox', { name: /Links as ids only/ }).check();
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const rows = parseCsv(await readFile(await (await download).path(), 'utf8'));
    const header = rows[0] ?? [];
    const ids = rows.slice(1).map((row) => row[header.indexOf('id')]);
    expect(new Set(ids)).toEqual(expectedIds);
    expect(ids).toHaveLength(expected.length);
  });

  test('a find is part of a view of one’s own: saved with it, another find marks it changed, Back puts it back', async ({
    page,
  }) => {
    const orders = await tableNamed('Orders');
    const haddad = await ordersOfCustomersNamed('Haddad');
    await openRecordsTable(page, orders.id, REFUNDED_SEARCH);
    await find(page, 'haddad', haddad.length);
    await saveViewAs(page, 'Haddad refunds');
    await expect(picker(page).locator('option:checked')).toHaveText('Haddad refunds');
    const back = page.getByRole('button', { name: 'Back to “Haddad refunds”' });
    await expect(page.getByText('Haddad refunds (changed)')).toHaveCount(0);
    await expect(back).toHaveCount(0);

    // Another find over the saved view changes it, as a sort or a filter would.
    await findBox(page).fill('okafor');
    await expect(page).toHaveURL(/[?&]find=okafor(&|$)/);
    await expect(page.getByText('Haddad refunds (changed)')).toBeVisible();
    await expect(back).toBeVisible();

    // Back to the view: its find again, and its matches.
    await back.click();
    await expect(findBox(page)).toHaveValue('haddad');
    await expect(page).toHaveURL(/[?&]find=haddad(&|$)/);
    await expect(back).toHaveCount(0);
    await expect(findStatus(page)).toContainText(`${haddad.length} matches`, { timeout: 60_000 });

    // Away to another table and back from the sidebar: where you were, the find with it.
    await findBox(page).fill('okafor');
    await expect(page).toHaveURL(/[?&]find=okafor(&|$)/);
    await tablesNav(page).getByRole('link', { name: 'Customers' }).click();
    await expect(recordsGrid(page)).toBeVisible();
    await expect(findBox(page)).toHaveValue('');
    await tablesNav(page).getByRole('link', { name: 'Orders' }).click();
    await expect(findBox(page)).toHaveValue('okafor');
    await expect(page.getByText('Haddad refunds (changed)')).toBeVisible();
    await back.click();
    await expect(findBox(page)).toHaveValue('haddad');

    // Clearing the find changes the view too; a reload keeps it so.
    await findBox(page).fill('');
    await expect(page).not.toHaveURL(/find=/);
    await expect(back).toBeVisible();
    await page.reload();
    await expect(back).toBeVisible();
    await expect(findBox(page)).toHaveValue('');
  });

  test('a person’s name finds the records whose field holds their id (the demo’s people directory)', async ({
    page,
  }) => {
    const team = await tableNamed('Team');
    const members = await allRecords(team.id);
    const coyote = members.find((member) => String(member.fields.name).includes('Coyote'));
    if (!coyote) throw new Error('the demo’s Team has no Coyote');
    await openRecordsTable(page, team.id);
    // Only the member's id left on screen: their name can come from the directory alone.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'name', exact: true }).uncheck();
    await page.getByRole('checkbox', { name: 'email', exact: true }).uncheck();
    await page.keyboard.press('Escape');
    await expect(recordsGrid(page).getByRole('columnheader', { name: /^name/ })).toHaveCount(0);
    await find(page, 'coyote', 1);
    await expect(recordsGrid(page).locator('tbody [role="row"]:not([aria-busy])')).toHaveCount(1);
    await expect(recordsGrid(page).locator('tbody')).toContainText(String(coyote.fields.member_id));
  });

  test('on a board and a calendar only the matches are shown, and marked', async ({ page }) => {
    const orders = await tableNamed('Orders');
    const expected = await ordersOfCustomersNamed('Haddad');
    const expectedIds = new Set(expected.map((record) => record.id));
    const highlighted = () =>
      page.evaluate(() =>
        [
          ...((CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get(
            'find-match',
          ) ?? []),
        ].map((range) => range.toString()),
      );

    // The board by status: the refunded view keeps one column, holding only the matches.
    await page.goto(
      `/#/tables/${orders.id}${REFUNDED_SEARCH}&layout=board&group=status&find=haddad`,
    );
    await expect(findStatus(page)).toContainText(
      `${expected.length} matches · searched the whole view`,
      { timeout: 60_000 },
    );
    const column = page.getByRole('region', { name: /^refunded\s*, / });
    await expect(column.getByRole('heading', { level: 2 })).toHaveAccessibleName(
      new RegExp(`^refunded\\s*, ${expected.length} records$`),
    );
    const drawn = await column
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-record-id')));
    expect(drawn.length).toBeGreaterThan(0);
    for (const id of drawn) expect(expectedIds.has(String(id))).toBe(true);
    // Marked on the cards: the customer's name.
    await expect.poll(highlighted).toContain('Haddad');

    // The calendar of the month of the first match: its matches, and no other order.
    const first = [...expected].sort((a, b) =>
      String(a.fields.ordered_at).localeCompare(String(b.fields.ordered_at)),
    )[0];
    const month = String(first?.fields.ordered_at).slice(0, 7);
    const inMonth = expected
      .filter((record) => String(record.fields.ordered_at).startsWith(month))
      .map((record) => `order_no ${Number(record.fields.order_no).toLocaleString('en-US')}`)
      .sort();
    await page.goto(
      `/#/tables/${orders.id}${REFUNDED_SEARCH}&layout=calendar&date=ordered_at&month=${month}&find=haddad`,
    );
    await expect(findStatus(page)).toContainText('searched the whole view', { timeout: 60_000 });
    const grid = page.getByRole('grid', { name: 'Orders by ordered_at' });
    await expect
      .poll(async () =>
        (await grid.getByRole('gridcell').getByRole('button').allTextContents())
          .filter((text) => !text.includes('more'))
          .map((text) => text.replace(/^.*(AM|PM)\s*/, '').trim())
          .sort(),
      )
      .toEqual(inMonth);
    // An order found by its number is marked where the calendar names it.
    const number = (inMonth[0] ?? '').replace('order_no ', '');
    await findBox(page).fill(number);
    await expect(findStatus(page)).toContainText('searched the whole view', { timeout: 60_000 });
    await expect.poll(highlighted).toContain(number);
  });

  test('a tag word, a formatted amount and a name typed without its accents', async ({ page }) => {
    const orders = await tableNamed('Orders');
    const refunded = await allRecords(orders.id, { filters: REFUNDED });
    await openRecordsTable(page, orders.id, REFUNDED_SEARCH);

    // "wholesale" is only ever a tag (the notes' words don't hold it).
    const wholesale = await allRecords(orders.id, { filters: { ...REFUNDED, tags: 'wholesale' } });
    await find(page, 'Wholesale', wholesale.length);

    // An amount as the grid shows it in English ("€123.45"): that amount, wherever a cell
    // shows those digits (an amount holding them, as "€1,123.45" would).
    const euros = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });
    const withAmount = refunded.find((record) => Number(record.fields.amount) > 100);
    const shown = euros.format(Number(withAmount?.fields.amount));
    const digits = shown.replace('€', '');
    const sameAmount = refunded.filter(
      (record) =>
        typeof record.fields.amount === 'number' &&
        euros.format(record.fields.amount).includes(digits),
    );
    expect(sameAmount.length).toBeGreaterThanOrEqual(1);
    await find(page, shown, sameAmount.length);

    // "Muller" finds "Müller", "lopez" finds "López".
    const muller = await ordersOfCustomersNamed('Müller');
    await find(page, 'Muller', muller.length);
    const lopezMuller = await ordersOfCustomersNamed('López');
    await find(page, 'lopez', lopezMuller.length);
  });

  test('Ctrl+F in the grid goes to the find box; in the box it is the browser’s again', async ({
    page,
  }) => {
    const orders = await tableNamed('Orders');
    await openRecordsTable(page, orders.id, REFUNDED_SEARCH);
    await recordsGrid(page).getByRole('gridcell').first().focus();
    await page.keyboard.press('Control+f');
    await expect(findBox(page)).toBeFocused();
    await page.keyboard.type('haddad');
    await expect(findStatus(page)).toContainText('matches');
    await page.keyboard.press('Escape');
    await expect(findBox(page)).toHaveValue('');
    await expect(page).not.toHaveURL(/find=/);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the find control finds the surname’s orders as cards; the sheet holds the box too', async ({
    page,
  }) => {
    await startConnected(page);
    const orders = await tableNamed('Orders');
    const expected = await ordersOfCustomersNamed('Haddad');
    await page.goto(`/#/tables/${orders.id}${REFUNDED_SEARCH}`);
    await expect(page.getByRole('list', { name: 'Orders' })).toBeVisible();
    await page.getByRole('button', { name: 'Find', exact: true }).tap();
    await expect(findBox(page)).toBeFocused();
    await find(page, 'haddad', expected.length);
    const box = await findBox(page).boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);

    await page.getByRole('button', { name: /Sort and filter/ }).tap();
    const sheet = page.getByRole('dialog');
    await expect(sheet.getByRole('textbox', { name: 'Find in this table' })).toHaveValue('haddad');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test.describe('against a failing or looping service', () => {
  const dashboard = dashboardBehindFaultProxy();

  /** The refunded view's cursors as the grid and the find page it: 100, then 500 a page. */
  async function cursorsOf(tableId: string, pages: number): Promise<string[]> {
    const cursors: string[] = [];
    let cursor: string | null = null;
    for (let k = 0; k < pages; k += 1) {
      const params: Record<string, string> = {
        limit: k === 0 ? '100' : '500',
        'filter[status]': 'refunded',
      };
      if (cursor) params.cursor = cursor;
      const page: { next_cursor: string | null } = await apiGet(
        `/api/public/v1/tables/${tableId}/records`,
        params,
      );
      if (page.next_cursor === null) break;
      cursor = page.next_cursor;
      cursors.push(cursor);
    }
    return cursors;
  }

  test.beforeEach(async ({ page }) => {
    dashboard.proxy.clear();
    await startConnected(page, keys.full, dashboard.proxy.url);
  });

  test('a loop mid-search stops with the service’s problem said, keeping what was found', async ({
    page,
  }) => {
    const orders = await tableNamed('Orders');
    const [, second, third] = await cursorsOf(orders.id, 4);
    if (!second || !third) throw new Error('the refunded view has fewer than four pages');
    // The fourth page (the find's third) hands out the third's cursor again.
    dashboard.proxy.add({ when: recordsPage(orders.id, third), fault: withNextCursor(second) });
    await page.goto(`${dashboard.host.url}#/tables/${orders.id}${REFUNDED_SEARCH}`);
    await expect(recordsGrid(page)).toBeVisible();
    await findBox(page).fill('haddad');
    const alert = page.getByRole('region', { name: 'Find' }).getByRole('alert');
    await expect(alert).toContainText('The search stopped', { timeout: 60_000 });
    await expect(findStatus(page)).toContainText('searched 1,600');
    await expect(findStatus(page)).toContainText(/\d+ match/);
    await expect(page.getByRole('button', { name: 'Search again' })).toBeVisible();
  });

  test('a page that keeps failing stops the search with a message; the matches found stay', async ({
    page,
  }) => {
    const orders = await tableNamed('Orders');
    const [, second] = await cursorsOf(orders.id, 3);
    if (!second) throw new Error('the refunded view has fewer than three pages');
    dashboard.proxy.add({
      when: recordsPage(orders.id, second),
      fault: { kind: 'status', status: 500 },
    });
    await page.goto(`${dashboard.host.url}#/tables/${orders.id}${REFUNDED_SEARCH}`);
    await expect(recordsGrid(page)).toBeVisible();
    await findBox(page).fill('haddad');
    const alert = page.getByRole('region', { name: 'Find' }).getByRole('alert');
    await expect(alert).toContainText('The search stopped', { timeout: 60_000 });
    await expect(findStatus(page)).toContainText('searched 600');
    const kept = await drawnOrderNumbers(page);
    expect(kept.length).toBeGreaterThan(0);
  });
});
