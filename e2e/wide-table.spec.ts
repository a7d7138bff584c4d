import { tableNamed } from './support/api';
import { expect, seriousAxeViolations, test } from './support/fixtures';
import {
  nextRecordsRequest,
  openRecordsTable,
  recordsGrid,
  recordsStatus,
} from './support/records-grid';
import { startConnected } from './support/session';

test.beforeEach(async ({ page }) => {
  await startConnected(page);
});

// Survey responses: 82 columns (respondent, answered_at, Q01…Q80), wider than any screen.
test('a table of 82 columns draws the columns in view; the keyboard reaches every column and the header follows', async ({
  page,
}) => {
  // Its axe pass over 82 column headers (target-size included) takes seconds; on a busy
  // machine it and the page load can pass the default 30 s, as in accessibility.spec.ts.
  test.setTimeout(60_000);
  const survey = await tableNamed('Survey responses');
  await openRecordsTable(page, survey.id);
  const grid = recordsGrid(page);
  await expect(recordsStatus(page)).toContainText('records loaded');
  await expect(grid).toHaveAttribute('aria-colcount', '82');

  // Only the columns near the viewport are in the DOM, in the header and in every row.
  const firstRow = grid.locator('tbody [role="row"]:not([aria-busy])').first();
  await expect(firstRow.getByRole('gridcell').first()).toBeVisible();
  const drawnCells = await firstRow.getByRole('gridcell').count();
  expect(drawnCells).toBeGreaterThan(2);
  expect(drawnCells).toBeLessThan(30);
  expect(await grid.getByRole('columnheader').count()).toBeLessThan(30);
  await expect(grid.getByRole('columnheader', { name: 'Q80', exact: true })).toHaveCount(0);

  // End goes to the last column: it is drawn, scrolled into view, focused, and named by
  // its header, which is drawn with it.
  // Focused, not clicked: a click opens the record's panel, which takes the focus when it
  // arrives (its code loads on first use, later than the key press on a busy machine).
  const first = firstRow.getByRole('gridcell').first();
  await first.focus();
  await first.press('End');
  const focused = page.locator('[role="gridcell"]:focus');
  await expect(focused).toHaveAttribute('aria-colindex', '82');
  await expect(focused).toBeInViewport();
  const lastHeader = grid.getByRole('columnheader', { name: 'Q80', exact: true });
  await expect(lastHeader).toHaveAttribute('aria-colindex', '82');
  await expect(lastHeader).toBeInViewport();

  // Arrow keys walk column by column across the window's edge.
  await page.keyboard.press('ArrowLeft');
  await expect(focused).toHaveAttribute('aria-colindex', '81');
  await page.keyboard.press('Home');
  await expect(focused).toHaveAttribute('aria-colindex', '1');
  await expect(focused).toBeInViewport();
  await expect(
    grid.getByRole('columnheader', { name: 'respondent', exact: true }),
  ).toBeInViewport();

  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('a filter typed in a far column keeps its input while the grid scrolls, and applies', async ({
  page,
}) => {
  const survey = await tableNamed('Survey responses');
  await openRecordsTable(page, survey.id);
  const grid = recordsGrid(page);
  await expect(recordsStatus(page)).toContainText('records loaded');
  const scrollGridBy = (left: number) =>
    grid.evaluate((element, by) => {
      element.parentElement?.scrollBy({ left: by });
    }, left);
  // Q44 is a comment (every fourth question from Q04), far off screen at first.
  const header = grid.getByRole('columnheader', { name: 'Q44', exact: true });
  await expect(header).toHaveCount(0);
  // Q44 is ~11 scrolls away: polled every 100 ms, not at the default's slowing pace.
  await expect
    .poll(
      async () => {
        if ((await header.count()) === 0) await scrollGridBy(600);
        return header.count();
      },
      { intervals: [100] },
    )
    .toBe(1);
  const input = header.getByRole('textbox');
  const applied = nextRecordsRequest(page, survey.id, (request) => 'Q44' in request.filters);
  await input.fill('Nothing said');
  // Scrolling back to the start does not take the focused input out of the page.
  await scrollGridBy(-100_000);
  await expect(
    grid.getByRole('columnheader', { name: 'respondent', exact: true }),
  ).toBeInViewport();
  await expect(input).toBeFocused();
  expect((await applied).filters).toEqual({ Q44: 'Nothing said' });
  await expect(recordsStatus(page)).toContainText('Q44');
});
