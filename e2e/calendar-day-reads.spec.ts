import { type ApiRecord, apiGet, listRecords, tableNamed } from './support/api';
import { expect, test } from './support/fixtures';
import { startConnected } from './support/session';

/** The test's clock and the browser's agree on where a day begins. */
test.use({ locale: 'en-US', timezoneId: 'UTC' });
test.describe.configure({ timeout: 120_000 });

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Every record of Orders dated in [start, end), read the API's own way without a day
 * filter: the whole table sorted by the date, oldest first, up to the first record past
 * the end.
 */
async function ordersBetween(tableId: string, start: number, end: number): Promise<ApiRecord[]> {
  const found: ApiRecord[] = [];
  const params = { limit: '500', sort: 'ordered_at:asc' };
  let cursor: string | null = null;
  for (;;) {
    const page: { records: ApiRecord[]; next_cursor: string | null } = await apiGet(
      `/api/public/v1/tables/${tableId}/records`,
      cursor ? { ...params, cursor } : params,
    );
    for (const record of page.records) {
      const at = Date.parse(String(record.fields.ordered_at));
      if (at >= end) return found;
      if (at >= start) found.push(record);
    }
    cursor = page.next_cursor;
    if (cursor === null) return found;
  }
}

test('a month in the middle of Orders is read day by day: every record of its days, as the API has them, with progress on the way', async ({
  page,
}) => {
  await startConnected(page);
  const orders = await tableNamed('Orders');
  const edge = async (direction: string) =>
    Date.parse(
      String(
        (await listRecords(orders.id, { sort: `ordered_at:${direction}`, limit: 1 })).records[0]
          ?.fields.ordered_at,
      ),
    );
  const middle = new Date(((await edge('desc')) + (await edge('asc'))) / 2);
  const month = middle.toISOString().slice(0, 7);
  // The month's weeks as en-US draws them: Sunday before the 1st to Saturday after the last.
  const first = Date.UTC(middle.getUTCFullYear(), middle.getUTCMonth(), 1);
  const last = Date.UTC(middle.getUTCFullYear(), middle.getUTCMonth() + 1, 0);
  const start = first - new Date(first).getUTCDay() * DAY;
  const end = last + (7 - new Date(last).getUTCDay()) * DAY;
  const days = (end - start) / DAY;
  const expected = await ordersBetween(orders.id, start, end);
  expect(expected.length).toBeGreaterThan(5_000);

  // The last day's answer waits until the progress has been seen.
  const lastDay = isoDay(end - DAY);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.searchParams.get('filter[ordered_at]') === lastDay,
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto(`/#/tables/${orders.id}?layout=calendar&date=ordered_at&month=${month}`);
  const status = page.getByRole('status').filter({ hasText: /day by day/ });
  await expect(status).toContainText(`Reading day by day: ${days - 1} of ${days} days`, {
    timeout: 60_000,
  });
  release();
  await expect(status).toContainText(
    `${expected.length.toLocaleString('en-US')} records, read day by day: every record of these days is shown.`,
  );

  // A day of the month shows three and "+N more", N as the API's records of that day.
  const day = Date.UTC(middle.getUTCFullYear(), middle.getUTCMonth(), 15);
  const onDay = expected.filter((record) =>
    String(record.fields.ordered_at).startsWith(isoDay(day)),
  );
  const dayName = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'full',
    timeZone: 'UTC',
  }).format(day);
  const cell = page
    .getByRole('grid', { name: 'Orders by ordered_at' })
    .getByRole('gridcell', { name: dayName, exact: false });
  await expect(cell.getByRole('button', { name: /more on/ })).toHaveText(
    `+${onDay.length - 3} more`,
  );
});
