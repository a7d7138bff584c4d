import type { Page } from '@playwright/test';
import { tableNamed } from './support/api';
import { expect, seriousAxeViolations, test } from './support/fixtures';
import { recordsGrid, recordsStatus } from './support/records-grid';
import { startConnected } from './support/session';

/**
 * Controls drawn smaller than `min` px either way, as "WxH role name" lines. Links in text
 * (a sentence, a cell's value) are exempt as WCAG's inline targets; hidden ones (a skip
 * link until focused, a visually hidden radio inside its label) are no targets.
 */
function smallControls(page: Page, min: number): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, select, input:not([type="hidden"]), [role="button"], [role="separator"][tabindex], summary',
    );
    const lines: string[] = [];
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (getComputedStyle(control).visibility === 'hidden') continue;
      // A drag handle's own width is the column edge; its size is its height.
      const small =
        control.getAttribute('role') === 'separator'
          ? box.height < min
          : box.width < min || box.height < min;
      if (small)
        lines.push(
          `${Math.round(box.width)}x${Math.round(box.height)} ${control.tagName} ${control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 30)}`,
        );
    }
    return lines;
  }, min);
}

// A page load and an axe pass over the grid and its panel take seconds on a busy machine.
test.describe.configure({ timeout: 60_000 });

async function openKitchenSinkWithPanel(page: Page) {
  await startConnected(page);
  const sink = await tableNamed('Kitchen sink');
  // Three rows of every cell kind: axe's pass stays short on a busy machine.
  await page.goto(`/#/tables/${sink.id}?filter[Choice]=Red`);
  await expect(recordsStatus(page)).toContainText('All 3 records');
  await recordsGrid(page).getByRole('gridcell', { name: 'Plain row', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('report.pdf');
}

test('with a mouse every control on the grid and the record panel is at least 24 × 24 px', async ({
  page,
}) => {
  await openKitchenSinkWithPanel(page);
  expect(await smallControls(page, 24)).toEqual([]);
  // The panel's Copy buttons were 38 × 16.
  const copy = page.getByRole('button', { name: 'Copy Title', exact: true });
  const box = await copy.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(24);
  // axe's target-size runs with every axe pass (support/fixtures.ts; accessibility.spec.ts
  // covers this screen with the mouse).
});

test.describe('with a finger for a pointer', () => {
  test.use({ hasTouch: true });

  test('every control on the grid and the record panel is at least 44 × 44 px, the header holds them', async ({
    page,
  }) => {
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true);
    await openKitchenSinkWithPanel(page);
    expect(await smallControls(page, 44)).toEqual([]);
    // The grid's header grew with its controls: the filter is inside its header.
    const header = recordsGrid(page).getByRole('columnheader', { name: 'Title', exact: true });
    const filter = page.getByLabel('Filter Title', { exact: true });
    const [headerBox, filterBox] = [await header.boundingBox(), await filter.boundingBox()];
    expect((filterBox?.y ?? 0) + (filterBox?.height ?? 0)).toBeLessThanOrEqual(
      (headerBox?.y ?? 0) + (headerBox?.height ?? 0) + 0.5,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
