import type { Locator, Page } from '@playwright/test';
import { listRecords, tableNamed } from './support/api';
import { expect, test } from './support/fixtures';
import { openRecordsTable, recordsGrid, recordsStatus } from './support/records-grid';
import { startConnected } from './support/session';

test.beforeEach(async ({ page }) => {
  await startConnected(page);
});

/** The grid's scroll element (the table's parent). */
function scroller(page: Page): Locator {
  return recordsGrid(page).locator('xpath=..');
}

/** Whether the element at the middle of `locator`'s box is inside it (nothing drawn over it). */
async function isUncovered(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

// Survey responses: 82 columns (respondent, answered_at, Q01…Q80); respondent is primary.
test('the primary column stays in view with its header while reading column 80, and shows each row its own value', async ({
  page,
}) => {
  const survey = await tableNamed('Survey responses');
  await openRecordsTable(page, survey.id);
  await expect(recordsStatus(page)).toContainText('records loaded');
  const grid = recordsGrid(page);
  const respondentHeader = grid.getByRole('columnheader', { name: 'respondent', exact: true });
  const gridBox = await grid.locator('xpath=..').boundingBox();
  if (!gridBox) throw new Error('the grid has no box');

  // Keyboard to column 80 in the fourth row.
  const row = grid.locator('tbody [role="row"][aria-rowindex="5"]');
  // Focused, not clicked: a click opens the record's panel.
  await row.getByRole('gridcell').nth(1).focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  const focused = page.locator('[role="gridcell"]:focus');
  await expect(focused).toHaveAttribute('aria-colindex', '80');
  await expect(focused).toBeInViewport();
  await expect.poll(() => scroller(page).evaluate((e) => e.scrollLeft)).toBeGreaterThan(3000);

  // respondent is still there, at the left edge, above its own row's cells, uncovered.
  await expect(respondentHeader).toBeInViewport();
  expect(await isUncovered(respondentHeader)).toBe(true);
  const frozenCell = row.locator('[role="gridcell"][aria-colindex="1"]');
  await expect(frozenCell).toBeInViewport();
  expect(await isUncovered(frozenCell)).toBe(true);
  const cellBox = await frozenCell.boundingBox();
  expect(Math.abs((cellBox?.x ?? -1) - gridBox.x)).toBeLessThan(2);
  const { records } = await listRecords(survey.id, { limit: 20 });
  await expect(frozenCell).toHaveText(String(records[3]?.fields.respondent));
  // The edge shows it is frozen over scrolled columns.
  const shadowOf = (locator: Locator) => locator.evaluate((e) => getComputedStyle(e).boxShadow);
  expect(await shadowOf(respondentHeader)).toContain('4px 0px 6px -3px');

  // Scrolling down keeps it, each row with its own respondent.
  await scroller(page).evaluate((e) => {
    e.scrollTop += 360;
  });
  const lower = grid.locator('tbody [role="row"][aria-rowindex="16"]');
  await expect(lower.locator('[role="gridcell"][aria-colindex="1"]')).toHaveText(
    String(records[14]?.fields.respondent),
  );
  await expect(lower.locator('[role="gridcell"][aria-colindex="1"]')).toBeInViewport();
  await expect(respondentHeader).toBeInViewport();

  // A cell hidden under the frozen column is scrolled out from under it when focus comes.
  await scroller(page).evaluate((e) => {
    e.scrollTop = 0;
    e.scrollLeft = 0;
  });
  const third = row.locator('[role="gridcell"][aria-colindex="3"]');
  const thirdStart = await third.evaluate((e) => (e as HTMLElement).offsetLeft);
  const frozenWidth = (await frozenCell.boundingBox())?.width ?? 0;
  // Its start 20 px under the frozen column's right edge.
  await scroller(page).evaluate(
    (e, left) => {
      e.scrollLeft = left;
    },
    thirdStart - frozenWidth + 20,
  );
  // Polled: until the scrolling stops, the body is a canvas drawn over the rows (decision 066).
  await expect.poll(() => isUncovered(third)).toBe(true);
  expect(
    await third.evaluate(
      (e, edge) => e.getBoundingClientRect().left < edge,
      (cellBox?.x ?? 0) + frozenWidth,
    ),
  ).toBe(true);
  await row.locator('[role="gridcell"][aria-colindex="4"]').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(focused).toHaveAttribute('aria-colindex', '3');
  await expect.poll(() => isUncovered(focused)).toBe(true);

  // And back to the start: every column where it was, no shadow.
  await page.keyboard.press('Home');
  await expect(focused).toHaveAttribute('aria-colindex', '1');
  await scroller(page).evaluate((e) => {
    e.scrollLeft = 0;
  });
  await expect.poll(() => shadowOf(respondentHeader)).toBe('none');
  await expect
    .poll(() => isUncovered(row.locator('[role="gridcell"][aria-colindex="2"]')))
    .toBe(true);
});
