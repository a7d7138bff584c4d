import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Page, TaskFilters, TaskSummary } from '../../lib/api/types';
import { switchLocale } from '../../lib/i18n/i18n';
import { createFakeApiClient } from '../../lib/testing/fake-api-client';
import { renderWithProviders } from '../../lib/testing/render-with-providers';
import { TasksPage } from './tasks-page';

function task(id: string, status: string, extra: Partial<TaskSummary> = {}): TaskSummary {
  return {
    id,
    name: `Task ${id}`,
    status,
    priority: null,
    projectId: null,
    assigneeUserId: null,
    assigneeBotId: null,
    dueAt: null,
    eventAt: null,
    updatedAt: null,
    ...extra,
  };
}

/** Backlog empty, To do one task, In progress three, Done one page of two with more to come. */
async function listTasks(filters: TaskFilters): Promise<Page<TaskSummary>> {
  switch (filters.status) {
    case 'todo':
      return {
        items: [
          task('t1', 'todo', {
            priority: 'urgent',
            dueAt: '2026-01-18T12:00:00Z',
            assigneeUserId: 'c2221234-aaaa-bbbb-cccc-000000000001',
          }),
        ],
        nextCursor: null,
      };
    case 'in_progress':
      return {
        items: [task('p1', 'in_progress'), task('p2', 'in_progress'), task('p3', 'in_progress')],
        nextCursor: null,
      };
    case 'done':
      return { items: [task('d1', 'done'), task('d2', 'done')], nextCursor: 'more' };
    default:
      return { items: [], nextCursor: null };
  }
}

afterEach(async () => {
  await switchLocale('en');
});

describe('the tasks board in Spanish', () => {
  it('names the columns, counts tasks per column (0, 1, many) and writes the due date in Spanish', async () => {
    await switchLocale('es');
    renderWithProviders(<TasksPage />, {
      client: createFakeApiClient({ listTasks }),
      routePath: '/tasks',
      initialPath: '/tasks?view=board',
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Tareas' })).toBeInTheDocument();
    const todo = await screen.findByRole('region', { name: 'Por hacer, 1 tarea' });
    expect(
      await screen.findByRole('region', { name: 'Sin planificar, ninguna tarea' }),
    ).toHaveTextContent('Ninguna tarea');
    expect(await screen.findByRole('region', { name: 'En curso, 3 tareas' })).toBeInTheDocument();
    const done = await screen.findByRole('region', {
      name: 'Hecho, 2 tareas cargadas, hay más',
    });
    expect(within(done).getByRole('button', { name: 'Cargar más tareas hechas' })).toBeVisible();
    expect(screen.getByRole('region', { name: /^En revisión/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^Cancelado/ })).toBeInTheDocument();

    const card = within(todo).getByRole('article');
    expect(card).toHaveTextContent('Vencimiento18 ene 2026');
    expect(within(card).getByText('18 ene 2026')).toHaveAttribute(
      'datetime',
      '2026-01-18T12:00:00Z',
    );
    expect(within(card).getByText('Urgente')).toBeInTheDocument();
    expect(card).toHaveTextContent('Usuario sin nombre c2221234…');
    // The id is data: the browser's page translation leaves it alone; the task name too.
    expect(within(card).getByText('c2221234…')).toHaveAttribute('translate', 'no');
    expect(within(card).getByRole('link', { name: 'Task t1' })).toHaveAttribute('translate', 'no');

    expect(screen.getByRole('button', { name: 'Tablero' })).toHaveAttribute('aria-pressed', 'true');
    const status = screen.getByRole('combobox', { name: 'Estado' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Cualquier estado',
      'Sin planificar',
      'Por hacer',
      'En curso',
      'En revisión',
      'Hecho',
      'Cancelado',
    ]);
    // The filter's value stays the API's own word.
    expect(within(status).getByRole('option', { name: 'En curso' })).toHaveValue('in_progress');
  });
});
