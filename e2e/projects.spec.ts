import { expect, keys, seriousAxeViolations, test } from './support/fixtures';
import { type ApiPage, type ApiProject, type ApiTask, allOf } from './support/resources';
import { startConnected } from './support/session';

test.describe.configure({ timeout: 60_000 });

test('the projects list shows every project with its status; a project lists exactly its tables, tasks and pages', async ({
  page,
}) => {
  await startConnected(page);
  const projects = await allOf<ApiProject>('projects');
  await page.goto('/#/projects');
  const main = page.getByRole('main');
  for (const project of projects) {
    await expect(main.getByRole('link', { name: project.name, exact: true })).toBeVisible();
  }
  await expect(main.getByRole('listitem')).toHaveCount(projects.length);
  // The colour that is not a colour never reaches a style.
  expect(await main.innerHTML()).not.toContain('evil.example');

  for (const name of ['Website relaunch', 'Support playbook', 'Loyalty programme']) {
    const project = projects.find((p) => p.name === name);
    if (!project) throw new Error(`the demo seed has no project ${name}`);
    const tables = (await allOf<{ name: string; project_id: string | null }>('tables')).filter(
      (t) => t.project_id === project.id,
    );
    const tasks = await allOf<ApiTask>('tasks', { project_id: project.id });
    const pages = (await allOf<ApiPage>('pages')).filter((p) => p.project_id === project.id);

    await page.goto('/#/projects');
    await main.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    const section = (title: string) => main.getByRole('region', { name: title });
    const linksOf = async (title: string, what: string, count: number) => {
      if (count === 0) {
        await expect(section(title)).toContainText(`No ${what} in this project.`);
        return [];
      }
      const list = section(title).getByRole('list', { name: what });
      await expect(list.getByRole('link')).toHaveCount(count);
      return list.getByRole('link').allTextContents();
    };
    expect(await linksOf('Tables', 'tables', tables.length)).toEqual(tables.map((t) => t.name));
    // Tasks page on next_cursor: load them all. The button reads "Loading…" while a page is
    // on its way, so its absence alone is no end: the whole list is (a loaded suite's rate
    // limit may hold a page for seconds).
    const more = section('Tasks').getByRole('button', { name: 'Load more tasks' });
    const taskLinks = section('Tasks').getByRole('list', { name: 'tasks' }).getByRole('link');
    await expect(async () => {
      if ((await more.count()) > 0 && (await more.isEnabled())) {
        await more.click({ timeout: 2_000 }).catch(() => undefined);
      }
      await expect(taskLinks).toHaveCount(tasks.length, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(more).toHaveCount(0);
    expect(await linksOf('Tasks', 'tasks', tasks.length)).toEqual(tasks.map((t) => t.name));
    expect(await linksOf('Pages', 'pages', pages.length)).toEqual(pages.map((p) => p.name));
  }

  // Each link leads to its item.
  const website = projects.find((p) => p.name === 'Website relaunch');
  for (const [title, path] of [
    ['Tables', /#\/tables\/[0-9a-f-]+$/],
    ['Pages', /#\/pages\/[0-9a-f-]+$/],
    ['Tasks', /#\/tasks\/[0-9a-f-]+$/],
  ] as const) {
    await page.goto(`/#/projects/${website?.id}`);
    await main.getByRole('region', { name: title }).getByRole('link').first().click();
    await expect(page).toHaveURL(path);
  }
});

test('a missing project, or another workspace’s, shows not found with a way back', async ({
  page,
}) => {
  await startConnected(page);
  const [globexProject] = await allOf<ApiProject>('projects', {}, keys.globex);
  for (const id of ['no-such-project', globexProject?.id]) {
    await page.goto(`/#/projects/${id}`);
    await expect(page.getByText('Project not found')).toBeVisible();
  }
  await page.getByRole('main').getByRole('link', { name: 'All projects' }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`projects and a project have no serious axe violations (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await startConnected(page);
    await page.goto('/#/projects');
    await page.getByRole('link', { name: 'Website relaunch', exact: true }).click();
    // The app follows the system scheme: make sure axe checks the scheme meant.
    await expect(page.locator('html')).toHaveClass(
      colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
    );
    await expect(
      page.getByRole('region', { name: 'Pages' }).getByRole('link').first(),
    ).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto('/#/projects');
    await expect(page.getByRole('link', { name: 'Website relaunch', exact: true })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}
