import type { Locator, Page } from '@playwright/test';
import { expect, keys, seriousAxeViolations, test } from './support/fixtures';
import { type ApiProject, type ApiTask, allOf } from './support/resources';
import { startConnected } from './support/session';

/** The links to tasks (a row or card also links its project). */
function taskLinks(scope: Locator): Locator {
  return scope.locator('a[href^="#/tasks/"]');
}

const STATUS_LABELS: [string, string][] = [
  ['backlog', 'Backlog'],
  ['todo', 'To do'],
  ['in_progress', 'In progress'],
  ['in_review', 'In review'],
  ['done', 'Done'],
  ['cancelled', 'Cancelled'],
];

function column(page: Page, label: string): Locator {
  return page.getByRole('region', { name: new RegExp(`^${label}\\s*(,|$)`) });
}

/** Loads a board column to its end ("Load more" until its count has no "+" and says "N tasks", "1 task" or "no tasks"), then its task names. */
async function wholeColumn(page: Page, label: string): Promise<string[]> {
  const region = column(page, label);
  const heading = region.getByRole('heading', { level: 2 });
  await expect(async () => {
    const more = region.getByRole('button', { name: /^Load more/ });
    if ((await more.count()) > 0 && (await more.isEnabled())) {
      await more.click({ timeout: 2_000 }).catch(() => undefined);
    }
    await expect(heading).toHaveText(/^[^+]*, (\d+ tasks?|no tasks)$/, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  // The task's own link (a card also links its project).
  return region.getByRole('listitem').locator('h3').getByRole('link').allTextContents();
}

test.describe.configure({ timeout: 90_000 });

test('board columns hold exactly the tasks the API returns for each status, alone and with assignee and project filters', async ({
  page,
}) => {
  await startConnected(page);
  const projects = await allOf<ApiProject>('projects');
  const support = projects.find((p) => p.name === 'Support playbook');
  if (!support) throw new Error('the demo seed has no Support playbook project');
  const supportTasks = await allOf<ApiTask>('tasks', { project_id: support.id });
  const bot = supportTasks.find((t) => t.assignee_bot_id !== null)?.assignee_bot_id;
  if (!bot) throw new Error('no Support playbook task is assigned to a bot');

  // Unfiltered: the backlog column pages through all of its tasks on its own cursor.
  await page.goto('/#/tasks?view=board');
  const backlog = await allOf<ApiTask>('tasks', { status: 'backlog' });
  expect(backlog.length).toBeGreaterThan(100);
  expect(await wholeColumn(page, 'Backlog')).toEqual(backlog.map((t) => t.name));
  // The other columns did not wait for it and hold their first pages.
  await expect(column(page, 'Done').getByRole('listitem').first()).toBeVisible();

  // Assignee (a bot) and project filters: every column equals the API's answer.
  await page.goto(`/#/tasks?view=board&project_id=${support.id}&assignee=${bot}`);
  await expect(page.getByRole('combobox', { name: 'Project' })).toHaveValue(support.id);
  await expect(page.getByRole('combobox', { name: 'Assignee' })).toHaveValue(bot);
  for (const [status, label] of STATUS_LABELS) {
    const expected = await allOf<ApiTask>('tasks', {
      status,
      project_id: support.id,
      assignee: bot,
    });
    if (expected.length === 0) {
      await expect(column(page, label)).toContainText('No tasks');
    } else {
      expect(await wholeColumn(page, label), status).toEqual(expected.map((t) => t.name));
    }
  }

  // A status filter leaves only its column.
  await page.getByRole('combobox', { name: 'Status' }).selectOption('in_review');
  await expect(page).toHaveURL(/status=in_review/);
  await expect(page.getByRole('main').getByRole('region')).toHaveCount(1);
  await expect(column(page, 'In review')).toBeVisible();
});

test('the list view pages on next_cursor, filters live in the URL, and the view is remembered', async ({
  page,
}) => {
  await startConnected(page);
  await page.goto('/#/tasks');
  await page.getByRole('button', { name: 'List' }).click();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('done');
  await expect(page).toHaveURL(/view=list/);
  await expect(page).toHaveURL(/status=done/);
  const done = await allOf<ApiTask>('tasks', { status: 'done' });
  const rows = page.getByRole('table', { name: 'Tasks' }).getByRole('row');
  await expect(rows).toHaveCount(done.length + 1);
  expect(await taskLinks(rows).allTextContents()).toEqual(done.map((t) => t.name));

  // Reload keeps the filter; a bare #/tasks opens the list again.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('done');
  await page.goto('/#/skills');
  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'Tasks' })
    .click();
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');

  // The unfiltered list: every task once, a page at a time.
  const all = await allOf<ApiTask>('tasks');
  await expect(async () => {
    const more = page.getByRole('button', { name: 'Load more tasks' });
    if ((await more.count()) > 0 && (await more.isEnabled())) {
      await more.click({ timeout: 2_000 }).catch(() => undefined);
    }
    await expect(rows).toHaveCount(all.length + 1, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  expect(await taskLinks(rows).allTextContents()).toEqual(all.map((t) => t.name));
});

test('a task shows its Markdown, decision and tags; hostile content stays inert', async ({
  page,
}) => {
  await startConnected(page);
  const all = await allOf<ApiTask>('tasks');
  const hostile = all.find((t) => t.name.includes('<img src=x onerror=alert(1)>'));
  if (!hostile) throw new Error('the demo seed has no hostile task');
  await page.goto('/#/tasks?view=board');
  await page.getByRole('link', { name: hostile.name }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hostile.name);
  await expect(page.getByRole('heading', { name: 'Checklist' })).toHaveCount(0);
  const description = page.getByRole('region', { name: 'Description' });
  await expect(description.getByRole('link', { name: 'safe link' })).toHaveAttribute(
    'href',
    'https://example.com/safe',
  );
  await expect(description.getByRole('link', { name: 'click me' })).toHaveCount(0);
  await expect(page.locator('main script, main iframe, main img[onerror]')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Decision' })).toContainText('<script>');

  // A done task: body checklist, output table, decision.
  const done = all.find((t) => t.status === 'done');
  await page.goto(`/#/tasks/${done?.id}`);
  await expect(page.getByRole('heading', { name: 'Checklist' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Output' }).getByRole('table')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Decision' })).toContainText('Approved');
});

test('a missing task, or another workspace’s, shows not found with a way back', async ({
  page,
}) => {
  await startConnected(page);
  const [globexTask] = await allOf<ApiTask>('tasks', {}, keys.globex);
  for (const id of ['no-such-task', globexTask?.id]) {
    await page.goto(`/#/tasks/${id}`);
    await expect(page.getByText('Task not found')).toBeVisible();
  }
  await page.getByRole('main').getByRole('link', { name: 'All tasks' }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
});

test('on a tablet the board scrolls sideways inside itself; no new screen scrolls the page sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await startConnected(page);
  await page.goto('/#/tasks?view=board');
  await expect(column(page, 'Backlog').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('region')).toHaveCount(6);
  // The navigation sits behind the menu button; the page itself never scrolls sideways.
  await expect(page.getByRole('navigation', { name: 'Workspace' })).toBeHidden();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // The last column is reachable by scrolling the board.
  const cancelled = column(page, 'Cancelled');
  await cancelled.scrollIntoViewIfNeeded();
  await expect(cancelled).toBeInViewport();

  // The other new screens fit a tablet too.
  for (const [url, ready] of [
    ['/#/tasks?view=list', page.getByRole('table', { name: 'Tasks' })],
    ['/#/pages', page.getByRole('tree', { name: 'Pages' })],
    ['/#/projects', page.getByRole('link', { name: 'Website relaunch', exact: true })],
  ] as const) {
    await page.goto(url);
    await expect(ready).toBeVisible();
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways, url).toBeLessThanOrEqual(0);
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`tasks board, list and a task have no serious axe violations (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await startConnected(page);
    await page.goto('/#/tasks?view=board');
    await expect(column(page, 'Backlog').getByRole('listitem').first()).toBeVisible();
    // The app follows the system scheme: make sure axe checks the scheme meant.
    await expect(page.locator('html')).toHaveClass(
      colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto('/#/tasks?view=list');
    await expect(page.getByRole('table', { name: 'Tasks' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await taskLinks(page.getByRole('table', { name: 'Tasks' }))
      .first()
      .click();
    await expect(page.getByRole('region', { name: 'Description' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the board shows one status at a time, full width, with a status picker holding counts; filters fold behind one button', async ({
    page,
  }) => {
    await startConnected(page);
    await page.goto('/#/tasks?view=board');
    const picker = page.getByRole('navigation', { name: 'Statuses' });
    const backlogTab = picker.getByRole('button', { name: /^Backlog\s*,/ });
    await expect(backlogTab).toHaveAttribute('aria-current', 'true');
    // Each status's count from its column's own list (the first page: "25+").
    const todo = await allOf<ApiTask>('tasks', { status: 'todo' });
    const todoTab = picker.getByRole('button', { name: /^To do\s*,/ });
    await expect(todoTab).toContainText(todo.length > 25 ? '25+' : String(todo.length));

    // One column fills the board's width; the next is off screen, and the page never scrolls sideways.
    const backlog = column(page, 'Backlog');
    await expect(backlog.getByRole('listitem').first()).toBeVisible();
    const box = await backlog.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(390 - 48);
    await expect(column(page, 'To do')).not.toBeInViewport({ ratio: 0.2 });
    const sideways = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await sideways()).toBeLessThanOrEqual(0);

    // A tap on a status brings its column, whole, and the picker follows.
    await picker.getByRole('button', { name: /^Done\s*,/ }).tap();
    await expect(column(page, 'Done')).toBeInViewport({ ratio: 0.95 });
    await expect(picker.getByRole('button', { name: /^Done\s*,/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(backlogTab).not.toHaveAttribute('aria-current', 'true');
    // A swipe (the board scrolled by one column) moves the picker too.
    await column(page, 'Done').evaluate((region) => {
      const board = region.parentElement;
      board?.scrollBy({ left: region.getBoundingClientRect().width });
    });
    await expect(picker.getByRole('button', { name: /^Cancelled\s*,/ })).toHaveAttribute(
      'aria-current',
      'true',
    );

    // The three filters sit behind one button until asked for.
    const status = page.getByRole('combobox', { name: 'Status' });
    await expect(status).toBeHidden();
    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await filters.tap();
    await expect(status).toBeVisible();
    await status.selectOption('in_review');
    await expect(page).toHaveURL(/status=in_review/);
    // One status: no picker, one column; the button counts the filter.
    await expect(page.getByRole('main').getByRole('region')).toHaveCount(1);
    await expect(picker).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Filters \(1\)$/ })).toBeVisible();
    expect(await sideways()).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test('at a desk the board keeps its six columns side by side, with no status picker and the filters in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await startConnected(page);
  await page.goto('/#/tasks?view=board');
  await expect(column(page, 'Backlog').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('region')).toHaveCount(6);
  await expect(page.getByRole('navigation', { name: 'Statuses' })).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Status' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeHidden();
  const backlog = await column(page, 'Backlog').boundingBox();
  const todo = await column(page, 'To do').boundingBox();
  expect(todo?.y).toBe(backlog?.y);
  expect(backlog?.width).toBe(288);
});
