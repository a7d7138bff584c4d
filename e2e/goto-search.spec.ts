import type { Page } from '@playwright/test';
import { type ApiRecord, apiGet, tableNamed } from './support/api';
import { listPage } from './support/fault-proxy';
import { expect, keys, test } from './support/fixtures';
import { dashboardBehindFaultProxy } from './support/proxied-dashboard';
import { startConnected } from './support/session';
import { untranslatedText } from './support/untranslated-text';

/**
 * Go to searches every item of each list the key may read (docs/decisions/043): past the
 * first page of tasks and skills, a record by its table's primary field, and a list whose
 * paging loops stops, says so, and shows nothing twice.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

interface Named {
  id: string;
  name: string;
}

/** Every item of a list, walked the way a careful client would, to know where a name is. */
async function everything(resource: 'tasks' | 'skills'): Promise<Named[]> {
  const all: Named[] = [];
  let cursor: string | null = null;
  do {
    const params: Record<string, string> = { limit: '200' };
    if (cursor) params.cursor = cursor;
    const body: Record<string, unknown> = await apiGet(`/api/public/v1/${resource}`, params);
    all.push(...(body[resource] as Named[]));
    cursor = (body.next_cursor as string | null) ?? null;
  } while (cursor);
  return all;
}

async function openGoTo(page: Page) {
  // The shortcut works once the workspace's page is up.
  await expect(page.getByRole('button', { name: /Go to/ })).toBeVisible();
  await page.keyboard.press('Control+k');
  const box = page.getByRole('combobox', { name: 'Go to' });
  await expect(box).toBeFocused();
  return box;
}

test.describe('on the demo workspace', () => {
  test.beforeEach(async ({ page }) => {
    await startConnected(page);
  });

  test('finds the 119th inbox task and a skill past the first page, and opens them', async ({
    page,
  }) => {
    const tasks = await everything('tasks');
    const skills = await everything('skills');
    const inbox = tasks.filter((task) => task.name.startsWith('Triage inbox item '));
    const task = inbox[118];
    expect(task?.name).toBe('Triage inbox item 119');
    expect(tasks.length).toBe(201);
    // Past the first page a screen asks for (50 tasks, 50 skills).
    expect(tasks.findIndex((item) => item.id === task?.id)).toBeGreaterThanOrEqual(50);
    const skillIndex = skills.findIndex((skill) => skill.name === 'Answer customer surveys');
    expect(skillIndex).toBeGreaterThanOrEqual(50);

    await page.goto('/');
    const box = await openGoTo(page);
    await box.fill('inbox item 119');
    const tasksGroup = page.getByRole('group', { name: 'Tasks' });
    await expect(tasksGroup.getByRole('option')).toHaveText(['Triage inbox item 119task']);
    const status = page.getByRole('status').filter({ hasText: /match/ });
    await expect(status).toHaveText('1 match.');

    // Word order, case and accents don't count.
    await box.fill('SURVEYS answer cústomer');
    const skill = page.getByRole('group', { name: 'Skills' }).getByRole('option').first();
    await expect(skill).toHaveText('Answer customer surveysskill');
    await expect(skill).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`#/skills/${skills[skillIndex]?.id}$`));
    await expect(page.getByRole('dialog', { name: /Go to/ })).toHaveCount(0);
  });

  test('"Orders 858" opens that order in its table', async ({ page }) => {
    const orders = await tableNamed('Orders');
    const { records } = await apiGet<{ records: ApiRecord[] }>(
      `/api/public/v1/tables/${orders.id}/records`,
      { 'filter[order_no]': '858' },
    );
    const [order] = records;
    if (!order || records.length !== 1) throw new Error('the demo seed has no single order 858');

    await page.goto('/');
    const box = await openGoTo(page);
    await box.fill('Orders 858');
    const option = page.getByRole('group', { name: 'Records' }).getByRole('option');
    await expect(option).toHaveText(['Orders · order_no 858record']);
    await expect(option.locator('[translate="no"]')).toHaveText('Orders · order_no 858');
    await option.click();
    await expect(page).toHaveURL(new RegExp(`#/tables/${orders.id}/records/${order.id}$`));
    await expect(page.getByRole('dialog', { name: /858/ })).toContainText(order.id);
  });
});

test('a skills-only key: Go to says what it cannot search and searches skills', async ({
  page,
}) => {
  await startConnected(page, keys.noTables); // skills:read only
  await page.goto('/');
  const box = await openGoTo(page);
  await box.fill('surveys answer');
  const status = page.getByRole('dialog', { name: /Go to/ }).getByRole('status');
  await expect(page.getByRole('group', { name: 'Skills' }).getByRole('option').first()).toHaveText(
    'Answer customer surveysskill',
  );
  await expect(status).toHaveText(
    '1 match. This key can’t read tables, tasks, pages, or projects.',
  );
  // No table to name, so no record is looked up.
  await box.fill('Orders 858');
  await expect(status).toHaveText(
    'Nothing is named like “Orders 858”. This key can’t read tables, tasks, pages, or projects.',
  );
  await expect(page.getByRole('group', { name: 'Records' })).toHaveCount(0);
});

test('in the pseudo-locale, every word Go to shows is from the catalog', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('workspace-browser:locale', 'en-XA'));
  await startConnected(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  await expect(page.locator('a[href^="#/tables/"]').first()).toBeVisible();
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog');
  const box = dialog.getByRole('combobox');
  await expect(box).toBeFocused();
  await box.fill('Orders 858');
  await expect(
    dialog.getByRole('option').filter({ hasText: 'Orders · order_no 858' }),
  ).toBeVisible();
  expect(await untranslatedText(page)).toEqual([]);
  await box.fill('zzz qqq');
  await expect(dialog.getByRole('status')).toContainText('zzz qqq');
  expect(await untranslatedText(page)).toEqual([]);
});

test.describe('against a service whose lists loop', () => {
  const served = dashboardBehindFaultProxy();

  test('a looping skills list stops, says so, and shows each skill once; the rest is searched', async ({
    page,
  }) => {
    const { host, proxy } = served;
    proxy.clear();
    // Every skills page is the first one again, with the same next_cursor.
    proxy.add({ when: listPage('skills'), fault: { kind: 'loop' } });
    await startConnected(page, keys.full, proxy.url);
    const { skills: firstPage } = await apiGet<{ skills: Named[] }>('/api/public/v1/skills', {
      limit: '200',
    });

    await page.goto(host.url);
    const box = await openGoTo(page);
    // In every action's skills ("Draft …", "Answer …"): more than one page's worth would repeat.
    await box.fill('review');
    const status = page.getByRole('status').filter({ hasText: /match/ });
    await expect(status).toContainText(
      `Skills: The service sent a skill it had already sent (on page 2, id ${firstPage[0]?.id}). Stopped loading skills so nothing is shown twice. Showing the ${firstPage.length} found so far.`,
    );
    // The other lists were walked to their end: the progress line is gone, tasks still found.
    await expect(status).not.toContainText('Searching');
    await box.fill('inbox item 119');
    await expect(page.getByRole('group', { name: 'Tasks' }).getByRole('option')).toHaveText([
      'Triage inbox item 119task',
    ]);
    await box.fill('review');
    const names = await page
      .getByRole('group', { name: 'Skills' })
      .getByRole('option')
      .locator('[translate="no"]')
      .allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.length - new Set(names).size).toBe(0);

    await proxy.quiet();
    const skillPages = proxy.requests.filter(
      (request) => listPage('skills')(request) && request.query.get('limit') !== '1',
    );
    // The first page and the one that gave the loop away: no storm.
    expect(skillPages.length).toBeLessThanOrEqual(3);
  });
});
