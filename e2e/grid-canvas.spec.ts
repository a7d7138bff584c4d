import type { Page } from '@playwright/test';
import { firstRecords, tableNamed } from './support/api';
import { expect, test } from './support/fixtures';
import { drawnRows, openRecordsTable, placeInGrid, recordsGrid } from './support/records-grid';
import { startConnected } from './support/session';

// While the person scrolls, the grid's body is drawn on a canvas and the DOM rows wait
// (decision 066); when the scrolling stops, the DOM rows are the records at their places.

test.use({ locale: 'en-US', timezoneId: 'UTC' });

test.beforeEach(async ({ page }) => {
  await startConnected(page);
});

/** The canvas drawn over the grid's body while it scrolls. */
function bodyCanvas(page: Page) {
  return recordsGrid(page).locator('xpath=..').locator('canvas');
}

/** The wheel over the grid's body, `turns` turns of `deltaY` pixels. */
async function wheelOverGrid(page: Page, deltaY: number, turns = 1) {
  const box = await recordsGrid(page).locator('xpath=..').boundingBox();
  if (!box) throw new Error('the grid is not on screen');
  await page.mouse.move(box.x + Math.min(box.width, 600) / 2, box.y + box.height / 2);
  for (let turn = 0; turn < turns; turn++) await page.mouse.wheel(0, deltaY);
}

/** Waits until the scrolling has stopped and the DOM rows are drawn again. */
async function rested(page: Page) {
  await expect(bodyCanvas(page)).toBeHidden();
}

test('after a wheel the rows drawn are the records at their places, and the canvas drew them on the way', async ({
  page,
}) => {
  const orders = await tableNamed('Orders');
  const records = await firstRecords(orders.id, 1_000);
  await openRecordsTable(page, orders.id);
  await expect(recordsGrid(page).locator('[data-row-index="0"]:not([aria-busy])')).toBeVisible();

  await wheelOverGrid(page, 1_200, 4);
  // The canvas drew records past the first screen (the bench reads this too).
  await expect
    .poll(async () => Number(await bodyCanvas(page).getAttribute('data-last-drawn-row')))
    .toBeGreaterThan(40);
  await rested(page);
  await expect.poll(async () => (await drawnRows(page))[0]?.index ?? 0).toBeGreaterThan(40);
  const rows = await drawnRows(page);
  expect(rows.length).toBeGreaterThan(8);
  for (const row of rows) {
    const record = records[row.index];
    expect(record, `record at ${row.index}`).toBeDefined();
    expect(row.cells.order_no?.replaceAll(',', '')).toBe(String(record?.fields.order_no));
  }
  // Accessible as before: the canvas is not part of the grid's content.
  await expect(bodyCanvas(page).locator('xpath=..')).toHaveAttribute('aria-hidden', 'true');
});

test('a focused cell keeps focus through a wheel and the keys go on from it', async ({ page }) => {
  const orders = await tableNamed('Orders');
  await openRecordsTable(page, orders.id);
  const cell = recordsGrid(page).locator(
    '[data-row-index="6"]:not([aria-busy]) [data-column-index="0"]',
  );
  await cell.focus();
  await expect(cell).toBeFocused();

  // Three rows down: the focused row is still in view, and its cell never left the page.
  await wheelOverGrid(page, 108);
  await expect.poll(() => placeInGrid(page).then((place) => place.firstRow)).toBe(3);
  await rested(page);
  await expect(cell).toBeFocused();
  // The keyboard goes on from the focused cell, in DOM rows (the grid's own scrolls never
  // bring the canvas up).
  await page.keyboard.press('ArrowDown');
  const below = recordsGrid(page).locator(
    '[data-row-index="7"]:not([aria-busy]) [data-column-index="0"]',
  );
  await expect(below).toBeFocused();
  await expect(bodyCanvas(page)).toBeHidden();
});

test('clicking a row after a wheel opens that row’s record', async ({ page }) => {
  const orders = await tableNamed('Orders');
  const records = await firstRecords(orders.id, 1_000);
  await openRecordsTable(page, orders.id);
  await expect(recordsGrid(page).locator('[data-row-index="0"]:not([aria-busy])')).toBeVisible();

  await wheelOverGrid(page, 900, 2);
  await rested(page);
  const [, target] = await drawnRows(page);
  if (!target) throw new Error('no rows drawn after the wheel');
  const record = records[target.index];
  if (!record) throw new Error(`no record at ${target.index}`);
  await recordsGrid(page)
    .locator(`[aria-rowindex="${target.index + 2}"] [data-column-index="0"]`)
    .click();
  await expect(page).toHaveURL(new RegExp(`/records/${record.id}`));
});

test('a tap on the canvas while it scrolls stops there and opens nothing', async ({ page }) => {
  const orders = await tableNamed('Orders');
  await openRecordsTable(page, orders.id);
  await expect(recordsGrid(page).locator('[data-row-index="0"]:not([aria-busy])')).toBeVisible();
  const url = page.url();

  // The page keeps scrolling, a frame at a time, until the pointer goes down.
  const canvas = bodyCanvas(page);
  await recordsGrid(page)
    .locator('xpath=..')
    .evaluate((scroller) => {
      let scrolling = true;
      window.addEventListener('pointerdown', () => (scrolling = false), {
        capture: true,
        once: true,
      });
      const step = () => {
        if (!scrolling) return;
        scroller.scrollTop += 30;
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the canvas is not shown while the grid scrolls');
  await page.mouse.click(box.x + 40, box.y + 50);
  await expect(canvas).toBeHidden();
  expect(page.url()).toBe(url);
  // The DOM rows are those where the scrolling stopped.
  const { firstRow } = await placeInGrid(page);
  expect(firstRow).toBeGreaterThan(0);
  expect((await drawnRows(page)).map((row) => row.index)).toContain(firstRow);
});
