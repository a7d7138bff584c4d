import type { Locator, Page } from '@playwright/test';
import { tableNamed } from './support/api';
import { expect, test } from './support/fixtures';
import { type AuditOptions, auditScreen } from './support/layout-audit';
import { startConnected } from './support/session';

/**
 * The phone audit: every screen, and every menu, sheet and dialog opened on it, on touch
 * phones (360, 390, 430 px) and at a desk (1366 px), in English, Spanish and Brazilian
 * Portuguese: no control off screen, no page scrolling sideways, no target under 44 px on
 * touch (24 px with a mouse; inline text links excepted), no text below AA contrast, no cut
 * heading, button, label or placeholder, no English word outside data in es and pt-BR.
 * The whole walk at 390 px in all three languages; the other widths in Spanish, whose words
 * run longest; contrast in the dark scheme too in English at 390 px and at the desk. Findings
 * are collected per walk and compared once, so one run lists them all.
 */

// Six long walks: each is its own unit of work for the workers, so that neither is left
// with several of them at the end of the run while the other has nothing to do.
test.describe.configure({ mode: 'parallel', timeout: 240_000 });

const READY_TEXT = /Loading|Cargando|Carregando/;

async function settle(page: Page, ready: Locator) {
  await expect(ready).toBeVisible();
  await expect(page.getByRole('main').getByText(READY_TEXT)).toHaveCount(0);
}

/** A panel that hangs from a control (placed by Floating UI) lies wholly on the screen. */
async function expectOnScreen(page: Page, panel: Locator) {
  const box = await panel.boundingBox();
  const viewport = page.viewportSize();
  expect(box, 'the panel is shown').not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

/**
 * Opens the first linked-record filter's list in `scope` (the sort and filter sheet, the
 * grid's header), checks that it lies on the screen and audits it.
 */
async function auditReferenceList(
  page: Page,
  scope: Locator,
  audit: (label: string) => Promise<void>,
) {
  const filter = scope.locator('input[role="combobox"][aria-autocomplete="list"]').first();
  await filter.focus();
  await filter.press('ArrowDown');
  const list = page.locator(`[id="${await filter.getAttribute('aria-controls')}"]`);
  await expect(list.getByRole('option').first()).toBeVisible();
  await expectOnScreen(page, list.locator('..'));
  await audit('a linked record filter’s list');
  await filter.press('Escape');
  await expect(list).toBeHidden();
  // Only the list closed: a sheet around it stays open.
  await expect(filter).toBeVisible();
}

/**
 * A calendar's days whose cell is under `min` px either way, as "WxH day" lines. The cell is
 * what a finger has: a day drawn 44 px wide (every button's minimum on touch) in a 41 px
 * cell overlaps its neighbours, so the button's own size proves nothing.
 */
function smallDays(calendar: Locator, min: number): Promise<string[]> {
  return calendar.locator('td:has([role="button"]:not([hidden]))').evaluateAll(
    (cells, min) =>
      cells.flatMap((cell) => {
        const box = cell.getBoundingClientRect();
        return Math.round(box.width) < min || Math.round(box.height) < min
          ? [`${box.width.toFixed(1)}x${box.height.toFixed(1)} day ${cell.textContent}`]
          : [];
      }),
    min,
  );
}

/**
 * Opens the first date filter's calendar in `scope`, checks that it lies on the screen and
 * audits it; Escape closes it and nothing else (a sheet around it stays open). On touch, the
 * days too narrow for a thumb, as lines.
 */
async function auditCalendar(
  page: Page,
  scope: Locator,
  audit: (label: string) => Promise<void>,
  touch: boolean,
): Promise<string[]> {
  const opener = scope.locator('[role="group"] button[aria-haspopup="dialog"]').first();
  await opener.click();
  const calendar = page.getByRole('dialog', {
    name: (await opener.getAttribute('aria-label')) ?? '',
    exact: true,
  });
  await expect(calendar.getByRole('grid')).toBeVisible();
  await expectOnScreen(page, calendar);
  await audit('a date filter’s calendar');
  const days = touch ? await smallDays(calendar, 44) : [];
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(opener).toBeFocused();
  return days.map((line) => `a date filter’s calendar · small target: ${line}`);
}

interface Walk extends AuditOptions {
  width: number;
}

/** Opens each screen and each of its floating parts, auditing every state. */
async function walk(page: Page, options: Walk): Promise<string[]> {
  const found: string[] = [];
  const audit = async (label: string) => {
    found.push(...(await auditScreen(page, label, options)));
  };
  const phone = options.width < 768;
  const orders = await tableNamed('Orders');

  // The connect screen, before any key.
  await page.goto('/');
  await settle(page, page.locator('form').first());
  await audit('connect');

  await startConnected(page);
  await page.goto(`/#/tables/${orders.id}`);
  await page.reload();
  const main = page.getByRole('main');
  await settle(page, phone ? main.locator('li[data-row-id]').first() : page.getByRole('grid'));
  await audit('a table');

  // The table's menus: on a phone behind ⋯, at a desk in the toolbar.
  if (phone) {
    const more = main.locator('header button[aria-controls]').filter({ hasText: '⋯' });
    await more.tap();
    const menu = page.locator(`[id="${await more.getAttribute('aria-controls')}"]`);
    await expect(menu).toBeVisible();
    await audit('the ⋯ menu');
    for (const opener of await menu.locator('button[aria-controls]').all()) {
      await opener.tap();
      await audit(`the ⋯ menu's ${(await opener.textContent())?.trim()}`);
      await opener.tap();
    }
    await page.keyboard.press('Escape');
    await main.locator('header button[aria-haspopup="dialog"]').tap();
    await expect(page.getByRole('dialog')).toBeVisible();
    await audit('the sort and filter sheet');
    await auditReferenceList(page, page.getByRole('dialog'), audit);
    found.push(...(await auditCalendar(page, page.getByRole('dialog'), audit, true)));
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await main.locator('li[data-row-id] h3 button, li[data-row-id] button').first().tap();
  } else {
    for (const opener of await main.locator('button[aria-controls][aria-expanded]').all()) {
      if (!(await opener.isVisible()) || !(await opener.isEnabled())) continue;
      await opener.click();
      await audit(`the toolbar's ${(await opener.textContent())?.trim()}`);
      await page.keyboard.press('Escape');
    }
    await auditReferenceList(page, page.getByRole('grid'), audit);
    found.push(...(await auditCalendar(page, page.getByRole('grid'), audit, options.touch)));
    // A click on a row opens its record, focus on the panel's Close (an Enter after it
    // closed the panel again once focus came in as the panel is drawn).
    await page.getByRole('grid').getByRole('gridcell').first().click();
  }
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit('a record');
  await page.keyboard.press('Escape');

  // The header's floating parts: the workspace switcher and Go to; the drawer on a phone.
  const banner = page.getByRole('banner');
  await banner.locator('button[aria-controls][aria-expanded]').last().click();
  await audit('the workspace switcher');
  await page.keyboard.press('Escape');
  await banner.locator('button[aria-haspopup="dialog"]').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit('Go to');
  await page.keyboard.press('Escape');
  if (options.width < 1024) {
    await banner.locator('button[aria-controls="app-nav"]').click();
    await expect(page.locator('#app-nav')).toBeVisible();
    await audit('the navigation drawer');
    await banner.locator('button[aria-controls="app-nav"]').click();
  }

  const screens: [string, string][] = [
    ['/#/tasks?view=board', 'the tasks board'],
    ['/#/tasks?view=list', 'the tasks list'],
    ['/#/projects', 'projects'],
    ['/#/pages', 'pages'],
    ['/#/skills', 'skills'],
  ];
  for (const [url, label] of screens) {
    await page.goto(url);
    await settle(page, page.getByRole('heading', { level: 1 }));
    await audit(label);
    // The first thing each list links to: a task, a project, a page, a skill.
    if (label === 'the tasks board') {
      const filters = main.locator('button[aria-controls][aria-expanded]').first();
      if (phone && (await filters.isVisible())) {
        await filters.tap();
        await audit('the tasks filters');
      }
      continue;
    }
    const first = main
      .locator(
        'a[href^="#/tasks/"], a[href^="#/projects/"], a[href^="#/pages/"], a[href^="#/skills/"], [role="treeitem"]',
      )
      .first();
    await first.click();
    await settle(page, page.getByRole('heading', { level: 1 }));
    await audit(`${label}: the first one`);
  }
  return found;
}

async function useLocale(page: Page, locale: string) {
  await page.addInitScript(
    (value) => localStorage.setItem('workspace-browser:locale', value),
    locale,
  );
}

for (const locale of ['en', 'es', 'pt-BR']) {
  test.describe(`a phone at 390 px in ${locale}`, () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale });
    test('every screen, menu, sheet and dialog fits, reads and takes a thumb', async ({ page }) => {
      await useLocale(page, locale);
      expect(await walk(page, { width: 390, locale, touch: true, dark: locale === 'en' })).toEqual(
        [],
      );
    });
  });
}

for (const width of [360, 430]) {
  test.describe(`a phone at ${width} px in es`, () => {
    test.use({ viewport: { width, height: 800 }, isMobile: true, hasTouch: true, locale: 'es' });
    test('every screen, menu, sheet and dialog fits, reads and takes a thumb', async ({ page }) => {
      await useLocale(page, 'es');
      expect(await walk(page, { width, locale: 'es', touch: true })).toEqual([]);
    });
  });
}

// The narrowest phone we promise (cards.spec.ts walks its ⋯ menu and sheet): the sort and
// filter sheet's calendar, whose seven days took 41 px each there.
test.describe('a phone at 320 px in es', () => {
  test.use({ viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true, locale: 'es' });
  test('a date filter’s calendar fits, and each of its days takes a thumb', async ({ page }) => {
    await useLocale(page, 'es');
    const found: string[] = [];
    const audit = async (label: string) => {
      found.push(...(await auditScreen(page, label, { locale: 'es', touch: true })));
    };
    const orders = await tableNamed('Orders');
    await startConnected(page);
    await page.goto(`/#/tables/${orders.id}`);
    const main = page.getByRole('main');
    await settle(page, main.locator('li[data-row-id]').first());
    await main.locator('header button[aria-haspopup="dialog"]').tap();
    await expect(page.getByRole('dialog')).toBeVisible();
    found.push(...(await auditCalendar(page, page.getByRole('dialog'), audit, true)));
    expect(found).toEqual([]);
  });
});

test.describe('a desk at 1366 px in pt-BR', () => {
  test.use({ viewport: { width: 1366, height: 900 }, locale: 'pt-BR' });
  test('every screen, menu and dialog fits and reads', async ({ page }) => {
    await useLocale(page, 'pt-BR');
    expect(await walk(page, { width: 1366, locale: 'pt-BR', touch: false, dark: true })).toEqual(
      [],
    );
  });
});
