import { firstRecords, tableNamed } from '../e2e/support/api';
import { type App, expect, test } from './support/fixtures';

/**
 * A table at a phone's width (390 × 844), in each engine: the cards and the sort-and-filter
 * sheet. The engines are driven as desk browsers at that width: neither driver here
 * emulates a touch screen, so this checks the layout and the sheet, not target sizes.
 */
const PHONE = { width: 390, height: 844 };

/** The record ids of the first `count` cards drawn with their record, in order. */
function cardIds(app: App, count: number) {
  return app.evaluate(
    (max) =>
      [...document.querySelectorAll<HTMLElement>('ul[aria-label="Orders"] > li[data-row-id]')]
        .slice(0, max)
        .map((card) => card.dataset.rowId ?? ''),
    count,
  );
}

test('Orders on a phone: cards in the API’s order, no grid, nothing wider than the screen', async ({
  app,
}) => {
  const orders = await tableNamed('Orders');
  const expected = (await firstRecords(orders.id, 3)).slice(0, 3);
  await app.start({ viewport: PHONE });
  await app.open(`/tables/${orders.id}`);
  await app.waitFor({ role: 'list', name: 'Orders' });
  await expect.poll(() => cardIds(app, 3)).toEqual(expected.map((record) => record.id));
  expect(await app.count({ role: 'grid' })).toBe(0);
  const title = await app.text({
    role: 'heading',
    within: { css: 'ul[aria-label="Orders"] > li' },
  });
  expect(title).toBe(`order_no ${Number(expected[0]?.fields.order_no).toLocaleString('en-US')}`);
  expect(
    await app.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth, null),
  ).toBe(true);
});

test('the sort-and-filter sheet sorts and filters the cards, and closes on its button', async ({
  app,
}) => {
  const orders = await tableNamed('Orders');
  const expected = (
    await firstRecords(orders.id, 3, {
      sort: 'amount:desc',
      filters: { status: 'refunded' },
    })
  ).slice(0, 3);
  await app.start({ viewport: PHONE });
  await app.open(`/tables/${orders.id}`);
  await app.waitFor({ role: 'list', name: 'Orders' });
  await app.click({ role: 'button', name: 'Sort and filter' });
  const sheet = { role: 'dialog', name: 'Sort and filter' };
  await app.waitFor(sheet);
  await app.select({ role: 'combobox', name: 'Sort by', within: sheet }, 'amount');
  await app.click({ role: 'radio', name: 'Descending', within: sheet });
  await app.select({ role: 'combobox', name: 'Filter status', within: sheet }, 'refunded');
  await expect.poll(() => app.hash()).toMatch(/sort=amount:desc/);
  await expect.poll(() => app.hash()).toMatch(/filter\[status\]=refunded/);
  await app.click({ role: 'button', name: 'Show the records', within: sheet });
  await expect.poll(() => app.count(sheet)).toBe(0);
  await expect.poll(() => cardIds(app, 3)).toEqual(expected.map((record) => record.id));
  await app.waitFor({ role: 'button', nameMatches: '^Sort and filter.*2 applied' });
});
