import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Page, PageRequest, TaskFilters, TaskSummary } from '../../lib/api/types';
import { createFakeApiClient } from '../../lib/testing/fake-api-client';
import { renderWithProviders } from '../../lib/testing/render-with-providers';
import { TaskCalendar } from './task-calendar';

function task(id: string, dueAt: string | null): TaskSummary {
  return {
    id,
    name: `Task ${id}`,
    status: 'todo',
    priority: null,
    projectId: null,
    assigneeUserId: null,
    assigneeBotId: null,
    dueAt,
    eventAt: null,
    updatedAt: null,
  };
}

/** 450 tasks in pages as the service sends them; three with due dates in March 2026. */
const tasks = [
  ...Array.from({ length: 447 }, (_, i) => task(`n${i}`, null)),
  task('a', new Date(2026, 2, 4, 15, 30).toISOString()),
  task('b', new Date(2026, 2, 20, 9).toISOString()),
  task('c', new Date(2026, 3, 2, 9).toISOString()),
];

describe('TaskCalendar', () => {
  it('reads every page of the filtered tasks and places each on its due day, linked to the task', async () => {
    const listTasks = vi.fn(
      async (_filters: TaskFilters, request?: PageRequest): Promise<Page<TaskSummary>> => {
        const start = Number(request?.cursor ?? 0);
        const limit = request?.limit ?? 50;
        const items = tasks.slice(start, start + limit);
        return { items, nextCursor: start + limit < tasks.length ? String(start + limit) : null };
      },
    );
    renderWithProviders(<TaskCalendar filters={{ status: 'todo' }} />, {
      client: createFakeApiClient({ listTasks }),
      routePath: '/tasks',
      initialPath: '/tasks?view=calendar&month=2026-03',
    });
    const grid = await screen.findByRole('grid', { name: 'Tasks by due date' });
    const fourth = within(grid).getByRole('gridcell', { name: 'Wednesday, March 4, 2026' });
    const link = await within(fourth).findByRole('link', { name: /Task a/ });
    expect(link).toHaveAttribute('href', '/tasks/a');
    expect(link).toHaveTextContent('3:30 PM');
    expect(within(grid).getByRole('link', { name: /Task c/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Read all 450 tasks: each is shown on its due date.',
      ),
    );
    expect(listTasks).toHaveBeenCalledTimes(3);
    for (const [filters] of listTasks.mock.calls) expect(filters).toEqual({ status: 'todo' });
  });
});
