import type { Page } from '@playwright/test';
import { firstRecords, tableNamed } from './support/api';
import { expect, test } from './support/fixtures';
import {
  openRecordsTable,
  placeInGrid,
  recordsGrid,
  scrollGridToRow,
  settledPlaceInGrid,
} from './support/records-grid';
import { type ApiPage, type ApiTask, allOf } from './support/resources';
import { startConnected } from './support/session';
import { untranslatedText } from './support/untranslated-text';

/**
 * Nothing a person reads bypasses the message catalog: in the pseudo-locale (every catalog
 * message accented, longer and between ⟦ ⟧; docs/i18n.md) the main screens hold no text
 * outside the markers but workspace data (marked translate="no"). And a language switch
 * keeps the person's view and place.
 */

const PSEUDO_LOCALE = 'en-XA';

async function choosePseudoLocale(page: Page): Promise<void> {
  await page.addInitScript((locale) => {
    localStorage.setItem('workspace-browser:locale', locale);
  }, PSEUDO_LOCALE);
}

/** The page once it has settled: no spinner, no placeholder row left. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO_LOCALE);
  await expect(page.getByRole('status').filter({ hasText: /^⟦Ļöàðîñĝ/ })).toHaveCount(0);
}

async function expectAllFromCatalog(page: Page, screen: string): Promise<void> {
  await settled(page);
  expect(await untranslatedText(page), `text outside the catalog on ${screen}`).toEqual([]);
}

test.describe('the pseudo-locale walk', () => {
  test.describe.configure({ timeout: 90_000 });

  test('connect screen: every word from the catalog', async ({ page }) => {
    await choosePseudoLocale(page);
    await page.goto('/#/connect');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAllFromCatalog(page, 'the connect screen');
    // A failed connection's message too.
    await page
      .getByRole('button', { name: /^⟦/ })
      .filter({ hasText: /Çöññéçţ/ })
      .first()
      .click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectAllFromCatalog(page, 'the connect screen with a problem');
  });

  test('grid, record panel, tasks board, page tree, projects and skills: every word from the catalog', async ({
    page,
  }) => {
    await choosePseudoLocale(page);
    await startConnected(page);
    const orders = await tableNamed('Orders');
    await openRecordsTable(page, orders.id);
    await expect(recordsGrid(page).getByRole('row').nth(5)).toBeVisible();
    await expectAllFromCatalog(page, 'the Orders grid');

    await recordsGrid(page).getByRole('row').nth(1).getByRole('gridcell').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAllFromCatalog(page, 'the record panel');
    await page.keyboard.press('Escape');

    await page.goto('/#/tasks?view=board');
    await expect(page.locator('a[href^="#/tasks/"]').first()).toBeVisible();
    await expectAllFromCatalog(page, 'the tasks board');

    const [task] = await allOf<ApiTask>('tasks');
    if (!task) throw new Error('the demo has no task');
    await page.goto(`/#/tasks/${task.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAllFromCatalog(page, 'a task');

    await page.goto('/#/pages');
    await expect(page.getByRole('tree')).toBeVisible();
    await expectAllFromCatalog(page, 'the page tree');

    const [first] = await allOf<ApiPage>('pages');
    if (!first) throw new Error('the demo has no page');
    await page.goto(`/#/pages/${first.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAllFromCatalog(page, 'a page');

    await page.goto('/#/projects');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAllFromCatalog(page, 'the projects');

    await page.goto('/#/skills');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAllFromCatalog(page, 'the skills');
  });
});

test.describe('switching language', () => {
  test.use({ locale: 'en-US', viewport: { width: 1366, height: 800 } });

  test('keeps the view, the place in the grid and the open record; no reload', async ({ page }) => {
    await startConnected(page);
    const orders = await tableNamed('Orders');
    await openRecordsTable(page, orders.id, '?sort=amount%3Adesc&filter%5Bstatus%5D=paid');
    await expect(recordsGrid(page).getByRole('row').nth(3)).toBeVisible();
    await scrollGridToRow(page, 300);
    // Read once the grid has drawn the rows at its new offset (right after the scroll it
    // may still show the old ones, above the header: no place at all).
    const before = await settledPlaceInGrid(page);
    const [record] = await firstRecords(orders.id, 1, {
      sort: 'amount:desc',
      filters: { status: 'paid' },
    });
    if (!record) throw new Error('no paid order');
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    const url = page.url();

    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');

    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
    expect(page.url()).toBe(url);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    const after = await placeInGrid(page);
    expect(after.firstRow).toBe(before.firstRow);
    await expect(
      page
        .getByRole('textbox', { name: /status/ })
        .or(page.getByRole('combobox', { name: /status/ })),
    ).toHaveValue('paid');

    // Remembered on this device.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });
});

test.describe('longer words fit', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 800 },
  ]) {
    test(`at ${viewport.width} px in the pseudo-locale: no page overflows sideways, no button or header is cut`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize(viewport);
      await choosePseudoLocale(page);
      await page.goto('/#/connect');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await overflowsOf(page), 'the connect screen').toEqual([]);

      await startConnected(page);
      // Orders: cards at 390 px, the grid at 1366.
      const orders = await tableNamed('Orders');
      for (const path of [
        '/#/tasks?view=board',
        '/#/pages',
        '/#/projects',
        '/#/skills',
        `/#/tables/${orders.id}`,
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await settled(page);
        expect(await overflowsOf(page), path).toEqual([]);
      }
    });
  }
});

/**
 * What a longer language pushes out of place: the page wider than the window, or a button,
 * a header's control or a heading whose text is cut (its content wider than its box).
 * Scrolling regions (a board's columns, a grid) may be wider than the window by design.
 */
function overflowsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1) {
      found.push(`page ${document.documentElement.scrollWidth} px wide in ${window.innerWidth}`);
    }
    for (const element of document.querySelectorAll<HTMLElement>(
      'button, header a, header select, h1, h2, label',
    )) {
      if (element.closest('[translate="no"]') || element.offsetParent === null) continue;
      // Screen-reader-only text is clipped to a pixel on purpose.
      if (element.getBoundingClientRect().width <= 1) continue;
      const style = getComputedStyle(element);
      // Truncation the design chose shows its full text elsewhere (a title, the switcher).
      if (style.textOverflow === 'ellipsis') continue;
      if (element.scrollWidth > element.clientWidth + 1 && style.overflowX !== 'visible') {
        found.push(
          `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').slice(0, 40)}" cut`,
        );
      }
      const box = element.getBoundingClientRect();
      if (box.right > window.innerWidth + 1 && !element.closest('[data-scrolls], main')) {
        found.push(
          `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').slice(0, 40)}" past the window`,
        );
      }
    }
    return found;
  });
}
