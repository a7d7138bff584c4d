import type { Locator, Page } from '@playwright/test';
import { firstRecords, listRecords, tableNamed } from './support/api';
import { expect, seriousAxeViolations, test } from './support/fixtures';
import { startConnected } from './support/session';
import { untranslatedText } from './support/untranslated-text';

/** The test's clock and the browser's agree on where a day begins. */
test.use({ locale: 'en-US', timezoneId: 'UTC' });
test.describe.configure({ timeout: 90_000 });

/** Cards compared with the API's first page, per column. */
const FIRST_CARDS = 5;

async function orders() {
  const table = await tableNamed('Orders');
  const status = table.columns.find((column) => column.name === 'status') as
    | { settings?: { options?: string[] } }
    | undefined;
  const options = status?.settings?.options;
  if (!options) throw new Error('Orders has no status options');
  return { id: table.id, options };
}

/** A board column: the region named by its heading (the option, then its count). */
function boardColumn(page: Page, title: string): Locator {
  return page.getByRole('region', { name: new RegExp(`^${title}\\s*, `) });
}

async function firstCardIds(column: Locator, count: number): Promise<string[]> {
  const cards = column.getByRole('listitem');
  await expect(cards.nth(count - 1)).toBeVisible();
  return (
    await cards.evaluateAll((items) => items.map((item) => item.getAttribute('data-record-id')))
  ).slice(0, count) as string[];
}

test('Orders as a board by status: a column per option whose first cards are the API first page for it; a filter narrows every column; the address round-trips', async ({
  page,
}) => {
  await startConnected(page);
  const { id, options } = await orders();
  await page.goto(`/#/tables/${id}?layout=board&group=status`);
  const board = page.getByRole('region', { name: 'Orders as a board by status' });
  await expect(board).toBeVisible();
  for (const option of options) {
    const api = await listRecords(id, { filters: { status: option }, limit: FIRST_CARDS });
    const column = boardColumn(page, option);
    expect(await firstCardIds(column, FIRST_CARDS)).toEqual(api.records.map((r) => r.id));
    // More than its first page (30): the count says how many so far, and that more follow.
    await expect(column.getByRole('heading', { level: 2 })).toContainText('30+');
  }
  // Every record of Orders has a status: the Empty column says so.
  await expect(boardColumn(page, 'Empty')).toContainText('No records');
  expect(await seriousAxeViolations(page)).toEqual([]);

  // A filter (through Sort and filter) narrows every column: only paid orders remain.
  await page.goto(`/#/tables/${id}?layout=board&group=status&sort=&filter%5Bpaid%5D=true`);
  for (const option of options) {
    const api = await listRecords(id, {
      filters: { status: option, paid: 'true' },
      limit: FIRST_CARDS,
    });
    const column = boardColumn(page, option);
    if (api.records.length === 0) {
      await expect(column.getByRole('heading', { level: 2 })).toHaveAccessibleName(
        new RegExp(`^${option}\\s*, no records$`),
      );
    } else {
      expect(await firstCardIds(column, FIRST_CARDS)).toEqual(api.records.map((r) => r.id));
    }
  }

  // The address round-trips: reload, then Back to the board from the calendar.
  await page.reload();
  await expect(board).toBeVisible();
  await expect(page).toHaveURL(/layout=board/);
  await chooseDisplay(page, 'Calendar');
  await expect(page).toHaveURL(/layout=calendar&date=ordered_at/);
  await expect(page.getByRole('grid', { name: 'Orders by ordered_at' })).toBeVisible();
  await page.goBack();
  await expect(board).toBeVisible();
  await expect(page).toHaveURL(/filter%5Bpaid%5D=true/);

  // Saved as a view of one's own, the board comes back when the view is chosen again.
  await page.getByRole('button', { name: /^Sort and filter/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Sort and filter' });
  await sheet.getByRole('button', { name: 'Your views' }).click();
  await page.getByRole('button', { name: 'Save view as…' }).click();
  await page.getByLabel('Name of the view').fill('Paid by status');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/[?&]mine=.*layout=board|layout=board.*[?&]mine=/);
  await page.keyboard.press('Escape');
  await chooseDisplay(page, 'Table');
  await expect(board).toHaveCount(0);
  await page.getByRole('combobox', { name: 'View' }).selectOption({ label: 'Paid by status' });
  await expect(board).toBeVisible();
  await expect(page).toHaveURL(/group=status/);

  // Opening a card opens the record's panel.
  const first = boardColumn(page, options[1] ?? 'paid')
    .getByRole('listitem')
    .first();
  const title = await first.getByRole('button').first().innerText();
  await first.getByRole('button').first().click();
  await expect(page).toHaveURL(/\/records\//);
  await expect(page.getByRole('complementary').or(page.getByRole('dialog')).first()).toContainText(
    title,
  );
});

test('Orders on a calendar: the newest month says "+N more" on a crowded day, N as the API counts that day', async ({
  page,
}) => {
  await startConnected(page);
  const { id } = await orders();
  const [newest] = (await listRecords(id, { sort: 'ordered_at:desc', limit: 1 })).records;
  const newestAt = String(newest?.fields.ordered_at);
  const day = newestAt.slice(0, 10);
  // The whole UTC day, as the service's day filter reads it.
  const onDay = await firstRecords(id, 10_000, { filters: { ordered_at: day } });
  expect(onDay.length).toBeGreaterThan(3);
  await page.goto(`/#/tables/${id}?layout=calendar&date=ordered_at&month=${day.slice(0, 7)}`);
  const grid = page.getByRole('grid', { name: 'Orders by ordered_at' });
  const dayName = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.parse(newestAt));
  const cell = grid.getByRole('gridcell', { name: dayName, exact: false });
  await expect(cell.getByRole('button', { name: /more on/ })).toHaveText(
    `+${onDay.length - 3} more`,
    { timeout: 30_000 },
  );
  await expect(
    page.getByRole('status').filter({ hasText: 'every record of these days is shown' }),
  ).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  // "+N more" opens that day's week, where every record of the day is listed.
  await cell.getByRole('button', { name: /more on/ }).click();
  await expect(page).toHaveURL(/week=/);
  const weekCell = grid.getByRole('gridcell', { name: dayName, exact: false });
  // A week lists a day's first 50; the rest on request.
  await weekCell.getByRole('button', { name: /show them here/ }).click();
  await expect(weekCell.getByRole('listitem')).toHaveCount(onDay.length);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the board shows one column at a time and the calendar an agenda, neither scrolling sideways', async ({
    page,
  }) => {
    await startConnected(page);
    const { id, options } = await orders();
    await page.goto(`/#/tables/${id}?layout=board&group=status`);
    const tabs = page.getByRole('tablist', { name: 'Columns by status' });
    await expect(tabs.getByRole('tab')).toHaveCount(options.length + 1);
    await expect(page.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible();
    await tabs.getByRole('tab', { name: options[2] }).click();
    const api = await listRecords(id, { filters: { status: options[2] ?? '' }, limit: 1 });
    await expect(page.getByRole('tabpanel').getByRole('listitem').first()).toHaveAttribute(
      'data-record-id',
      api.records[0]?.id ?? '',
    );
    expect(await sidewaysOverflow(page)).toBe(0);

    const [newest] = (await listRecords(id, { sort: 'ordered_at:desc', limit: 1 })).records;
    const month = String(newest?.fields.ordered_at).slice(0, 7);
    await page.goto(`/#/tables/${id}?layout=calendar&date=ordered_at&month=${month}`);
    const agenda = page.getByRole('list', { name: 'Orders by ordered_at' });
    await expect(agenda.getByRole('heading').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('grid')).toHaveCount(0);
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});

/** How far the page scrolls sideways (0: not at all). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Picks a layout as a person does: its label (the radio inside is visually hidden). */
async function chooseDisplay(page: Page, name: string): Promise<void> {
  await page.locator('label', { has: page.getByRole('radio', { name }) }).click();
  await expect(page.getByRole('radio', { name })).toBeChecked();
}

test('in the pseudo-locale, every word of the board and the calendar is from the catalog', async ({
  page,
}) => {
  const { id } = await orders();
  await page.addInitScript(() => localStorage.setItem('workspace-browser:locale', 'en-XA'));
  await startConnected(page);
  await page.goto(`/#/tables/${id}?layout=board&group=status`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expect(page.getByRole('region').getByRole('listitem').first()).toBeVisible();
  expect(await untranslatedText(page), 'the board').toEqual([]);
  const [newest] = (await listRecords(id, { sort: 'ordered_at:desc', limit: 1 })).records;
  const month = String(newest?.fields.ordered_at).slice(0, 7);
  await page.goto(`/#/tables/${id}?layout=calendar&date=ordered_at&month=${month}`);
  await expect(page.getByRole('grid').getByRole('button', { name: /⟦/ }).first()).toBeVisible({
    timeout: 30_000,
  });
  expect(await untranslatedText(page), 'the calendar').toEqual([]);
});
