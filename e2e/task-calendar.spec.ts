import type { Page } from '@playwright/test';
import { expect, seriousAxeViolations, test } from './support/fixtures';
import { type ApiTask, allOf } from './support/resources';
import { startConnected } from './support/session';

/** The test's clock and the browser's agree on where a day begins. */
const TIME_ZONE = 'UTC';

/** A task with a due date, as the API lists it (the first, so the choice is stable). */
async function taskDue(): Promise<ApiTask & { due_at: string }> {
  const tasks = await allOf<ApiTask>('tasks');
  const due = tasks.find((task): task is ApiTask & { due_at: string } => task.due_at !== null);
  if (!due) throw new Error('the demo seed has no task with a due date');
  return due;
}

/** The day's cell's name as a reader of `locale` hears it (the same Intl data Chromium uses). */
function dayName(locale: string, iso: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: TIME_ZONE,
  }).format(Date.parse(iso));
}

async function expectOnItsDay(page: Page, locale: string, task: ApiTask & { due_at: string }) {
  const day = task.due_at.slice(0, 10);
  // The week of the due day lists every task of each day (a month shows three, then "+N").
  await page.goto(`/#/tasks?view=calendar&week=${day}`);
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  const cell = grid.getByRole('gridcell', { name: dayName(locale, task.due_at), exact: false });
  await expect(cell.locator(`a[href="#/tasks/${task.id}"]`)).toBeVisible({ timeout: 20_000 });
  await expect(cell.locator(`a[href="#/tasks/${task.id}"]`)).toContainText(task.name);
  return cell;
}

test.describe('tasks on a calendar, in English', () => {
  test.use({ locale: 'en-US', timezoneId: TIME_ZONE });

  test('a task is on its due day (as the API says), the week starts on Sunday, and the calendar is axe-clean', async ({
    page,
  }) => {
    await startConnected(page);
    const task = await taskDue();
    await expectOnItsDay(page, 'en-US', task);
    const headers = page.getByRole('grid').getByRole('columnheader');
    await expect(headers.first()).toHaveAccessibleName('Sunday');
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    await expect(page).toHaveURL(/month=\d{4}-\d{2}/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Back returns to the week, as the address said.
    await page.goBack();
    await expect(page).toHaveURL(/week=/);
    await expect(page.getByRole('grid').locator(`a[href="#/tasks/${task.id}"]`)).toBeVisible();
  });
});

test.describe('tasks on a calendar, in Spanish', () => {
  test.use({ locale: 'es-ES', timezoneId: TIME_ZONE });

  test('a task is on its due day, named in Spanish, and the week starts on Monday', async ({
    page,
  }) => {
    await startConnected(page);
    const task = await taskDue();
    await expectOnItsDay(page, 'es', task);
    await expect(page.getByRole('grid').getByRole('columnheader').first()).toHaveAccessibleName(
      'lunes',
    );
    await expect(page.getByRole('button', { name: 'Hoy' })).toBeVisible();
  });
});
