import type { Page } from '@playwright/test';
import { expect, seriousAxeViolations, test } from './support/fixtures';
import { type ApiPage, type ApiProject, type ApiTask, allOf } from './support/resources';
import { startConnected } from './support/session';

/** A date as a reader of `locale` expects it (the same Intl data Chromium uses). */
function dateIn(locale: string, value: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(locale, options).format(Date.parse(value));
}

// "18 de jan. de 2026": day, month abbreviated in Portuguese, year.
const PT_BR_DATE = /^\d{1,2} de [a-zç]{3,4}\.? de \d{4}$/;

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

test.use({ locale: 'pt-BR' });
test.describe.configure({ timeout: 90_000 });

test('a Brazilian reader walks tasks board → a task → page tree → a page → projects in Portuguese, dates in pt-BR form', async ({
  page,
}) => {
  await startConnected(page);
  const main = page.getByRole('main');

  // The board: Portuguese column names and counts; the API's status values untouched.
  const todo = (await allOf<ApiTask>('tasks', { status: 'todo' })).slice(0, 25);
  const due = todo.find((task) => task.due_at !== null);
  if (!due?.due_at) throw new Error('no task on the first page of To do has a due date');
  await page.goto('/#/tasks?view=board');
  await expect(main.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Quadro' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  for (const name of [
    'Não planejado',
    'A fazer',
    'Em andamento',
    'Em revisão',
    'Concluído',
    'Cancelado',
  ]) {
    await expect(main.getByRole('region', { name: new RegExp(`^${name}\\s*, `) })).toBeVisible();
  }
  const todoColumn = main.getByRole('region', { name: /^A fazer\s*, / });
  await expect(todoColumn).toHaveAccessibleName(
    /^A fazer\s*, (\d+ tarefas carregadas, há mais|\d+ tarefas?)$/,
  );
  const status = main.getByRole('combobox', { name: 'Status' });
  await expect(status.getByRole('option', { name: 'Em andamento' })).toHaveAttribute(
    'value',
    'in_progress',
  );

  const card = todoColumn
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: due.name, exact: true }) });
  const dueText = dateIn('pt-BR', due.due_at, { dateStyle: 'medium' });
  expect(dueText).toMatch(PT_BR_DATE);
  await expect(card.locator('time')).toHaveText(dueText);
  await expect(card).toContainText(`Prazo${dueText}`);
  await expectNoSeriousAxeViolations(page);

  // A task: its facts' names in Portuguese, its name and body left as written.
  await card.getByRole('link', { name: due.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: due.name })).toHaveAttribute(
    'translate',
    'no',
  );
  const facts = main.locator('dl').first();
  for (const term of ['Status', 'Prioridade', 'Responsável', 'Prazo', 'Início', 'Criada']) {
    await expect(facts.getByText(term, { exact: true })).toBeVisible();
  }
  await expect(facts).toContainText('A fazer');
  await expect(main.getByRole('heading', { name: 'Descrição' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Decisão' })).toBeVisible();
  await expect(main.getByText('Ainda não há uma decisão.')).toBeVisible();
  await expect(main.getByRole('link', { name: '← Todas as tarefas' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The page tree: Portuguese around the workspace's own page names.
  const pages = await allOf<ApiPage>('pages');
  const root = pages.find((p) => p.parent_page_id === null && p.is_public);
  if (!root) throw new Error('the demo seed has no public root page');
  await page.goto('/#/pages');
  await expect(main.getByRole('heading', { level: 1, name: 'Páginas' })).toBeVisible();
  await expect(main.getByText('As setas percorrem a árvore')).toBeVisible();
  const tree = main.getByRole('tree', { name: 'Páginas' });
  const item = tree.getByRole('treeitem').filter({ hasText: root.name }).first();
  await expect(item).toContainText('Pública');
  await expectNoSeriousAxeViolations(page);

  // A page: public/updated words and the date in pt-BR form.
  await item.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(root.name);
  await expect(main.getByText('Pública', { exact: true })).toBeVisible();
  const updated = main.locator('time').filter({ hasText: /^Atualizada em / });
  await expect(updated).toHaveText(/^Atualizada em \d{1,2} de [a-zç]{3,4}\.? de \d{4}/);
  await expect(
    main
      .getByRole('navigation', { name: 'Trilha de navegação' })
      .getByRole('link', { name: 'Páginas' }),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Projects: status words and dates in Portuguese.
  const projects = await allOf<ApiProject & { start_date: string | null }>('projects');
  const dated = projects.find((p) => p.start_date !== null);
  await page.goto('/#/projects');
  await expect(main.getByRole('heading', { level: 1, name: 'Projetos' })).toBeVisible();
  const words: Record<string, string> = {
    draft: 'Rascunho',
    active: 'Ativo',
    paused: 'Pausado',
    completed: 'Concluído',
    archived: 'Arquivado',
  };
  for (const project of projects) {
    const row = main
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: project.name, exact: true }) });
    await expect(row).toContainText(words[project.status] ?? project.status);
  }
  if (dated?.start_date) {
    const row = main
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: dated.name, exact: true }) });
    const start = dateIn('pt-BR', dated.start_date, { dateStyle: 'medium', timeZone: 'UTC' });
    expect(start).toMatch(PT_BR_DATE);
    await expect(row).toContainText(`Início${start}`);
  }
  await expectNoSeriousAxeViolations(page);
});
