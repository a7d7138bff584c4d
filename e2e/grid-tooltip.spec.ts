import type { Page } from '@playwright/test';
import { firstRecords, tableNamed } from './support/api';
import { expect, seriousAxeViolations, test } from './support/fixtures';
import { openRecordsTable, recordsGrid } from './support/records-grid';
import { startConnected } from './support/session';

// The grid has one tooltip in place of a `title` on every cell (decision 024): the whole
// value of a cell that can't show it all, on hover and on keyboard focus.

test.beforeEach(async ({ page }) => {
  await startConnected(page);
});

/** The index cells of `column` carry (data-column-index), whether or not columns are windowed. */
function columnIndexOf(page: Page, column: string): Promise<number> {
  return recordsGrid(page).evaluate((grid, name) => {
    const headers = [...grid.querySelectorAll('[role="columnheader"]')];
    const header = headers.find((candidate) => candidate.getAttribute('aria-label') === name);
    if (!header) throw new Error(`no column ${name}`);
    const colindex = header.getAttribute('aria-colindex');
    return colindex ? Number(colindex) - 1 : headers.indexOf(header);
  }, column);
}

function cellAt(page: Page, rowIndex: number, columnIndex: number) {
  return recordsGrid(page).locator(
    `[data-row-index="${rowIndex}"]:not([aria-busy]) [data-column-index="${columnIndex}"]`,
  );
}

test('a note the column cuts shows in full on hover and on keyboard focus; Escape dismisses it', async ({
  page,
}) => {
  const orders = await tableNamed('Orders');
  const records = await firstRecords(orders.id, 100);
  await openRecordsTable(page, orders.id);
  const notes = await columnIndexOf(page, 'notes');
  await expect(cellAt(page, 0, notes)).toBeVisible();
  // The first drawn row whose note is wider than its column.
  const rowIndex = await recordsGrid(page).evaluate((grid, column) => {
    const rows = [...grid.querySelectorAll<HTMLElement>('tbody [data-row-index]:not([aria-busy])')];
    rows.sort((a, b) => Number(a.dataset.rowIndex) - Number(b.dataset.rowIndex));
    for (const row of rows) {
      const text = row.querySelector(`[data-column-index="${column}"] span`);
      if (text && text.scrollWidth > text.clientWidth) return Number(row.dataset.rowIndex);
    }
    return -1;
  }, notes);
  expect(rowIndex).toBeGreaterThanOrEqual(0);
  const note = String(records[rowIndex]?.fields.notes);
  // Its text is all there, but the column's width shows it only up to an ellipsis.
  const cell = cellAt(page, rowIndex, notes);

  const tooltip = page.getByRole('tooltip');
  // In view first: a scroll while the pointer rests takes the tooltip away (the next test).
  await cell.scrollIntoViewIfNeeded();
  // The scroll event of that comes with the next frame.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  // Until that scroll stops, the body is a canvas drawn over the rows (decision 066).
  await expect(recordsGrid(page).locator('xpath=..').locator('canvas')).toBeHidden();
  await cell.hover();
  await expect(tooltip).toHaveText(note);
  await expect(cell).toHaveAttribute('aria-describedby', (await tooltip.getAttribute('id')) ?? '');
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.mouse.move(1, 1);
  await expect(tooltip).toBeHidden();
  await expect(cell).not.toHaveAttribute('aria-describedby');

  // From the keyboard: into the grid, down to the row, across to the notes.
  await page.getByRole('button', { name: 'Skip to records' }).focus();
  await page.keyboard.press('Enter');
  await expect(cellAt(page, 0, 0)).toBeFocused();
  for (let row = 0; row < rowIndex; row++) await page.keyboard.press('ArrowDown');
  for (let column = 0; column < notes; column++) await page.keyboard.press('ArrowRight');
  await expect(cell).toBeFocused();
  await expect(tooltip).toHaveText(note);
  await expect(cell).toHaveAttribute('aria-describedby', (await tooltip.getAttribute('id')) ?? '');
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();
  await expect(cell).toBeFocused();
});

test('a row reused for another record as the grid scrolls never shows the previous record’s tooltip', async ({
  page,
}) => {
  const orders = await tableNamed('Orders');
  await openRecordsTable(page, orders.id);
  const orderedAt = await columnIndexOf(page, 'ordered_at');
  const cell = cellAt(page, 3, orderedAt);
  const before = await cell.locator('time').getAttribute('datetime');
  expect(before).not.toBeNull();
  const box = await cell.boundingBox();
  if (!box) throw new Error('row 3 is not drawn');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const tooltip = page.getByRole('tooltip');
  await page.mouse.move(x, y);
  // A date shows readably; its tooltip has the exact time as the service sent it.
  await expect(tooltip).toHaveText(before ?? '');

  // The wheel under the resting pointer: the rows' elements now show records further down.
  const scroller = recordsGrid(page).locator('..');
  await page.mouse.wheel(0, 20 * 36);
  await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).toBeGreaterThan(500);
  await expect(recordsGrid(page).locator('[data-row-index="3"]')).toHaveCount(0);
  // Gone with the scroll (or, had the browser reported the pointer moving, the record now
  // under it): never the record before.
  expect((await tooltip.isVisible()) ? await tooltip.textContent() : null).not.toBe(before);

  // The pointer moves a little: the tooltip is the record now under it, never the one before.
  await page.mouse.move(x + 1, y);
  const under = await page.evaluate(
    ({ px, py }) =>
      document
        .elementFromPoint(px, py)
        ?.closest('[role="gridcell"]')
        ?.querySelector('time')
        ?.getAttribute('datetime') ?? null,
    { px: x + 1, py: y },
  );
  expect(under).not.toBeNull();
  expect(under).not.toBe(before);
  await expect(tooltip).toHaveText(under ?? '');
});
