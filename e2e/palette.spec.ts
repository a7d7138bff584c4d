import { apiGet } from './support/api';
import { expect, seriousAxeViolations, test } from './support/fixtures';
import { startConnected } from './support/session';

test.beforeEach(async ({ page }) => {
  await startConnected(page);
});

interface ApiTask {
  id: string;
  name: string;
}

test('Ctrl+K finds a task by name and opens it, keyboard only', async ({ page }) => {
  const { tasks } = await apiGet<{ tasks: ApiTask[] }>('/api/public/v1/tasks', { limit: '5' });
  const target = tasks[3];
  if (!target) throw new Error('the demo seed has fewer than 4 tasks');

  await page.goto('/');
  await expect(page.getByRole('button', { name: /Go to/ })).toBeVisible();
  await page.keyboard.press('Control+k');
  const box = page.getByRole('combobox', { name: 'Go to' });
  await expect(box).toBeFocused();
  await page.keyboard.type(target.name);

  const option = page.getByRole('group', { name: 'Tasks' }).getByRole('option', {
    name: new RegExp(`^${target.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  });
  await expect(option).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /match/ })).toBeVisible();
  // Walk down to the task with the arrow keys (other lists may match first).
  for (let step = 0; step < 30; step++) {
    if ((await box.getAttribute('aria-activedescendant')) === (await option.getAttribute('id'))) {
      break;
    }
    await page.keyboard.press('ArrowDown');
  }
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`#/tasks/${target.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
  await expect(page.getByRole('dialog', { name: /Go to/ })).toHaveCount(0);
});

test('the Go to button opens the palette; Escape closes it and focus returns', async ({ page }) => {
  await page.goto('/');
  const button = page.getByRole('button', { name: /Go to/ });
  await button.click();
  const dialog = page.getByRole('dialog', { name: /Go to/ });
  await expect(dialog).toBeVisible();
  // The header's language menu has options too.
  await expect(dialog.getByRole('option').first()).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: /Go to/ })).toHaveCount(0);
  await expect(button).toBeFocused();
});
