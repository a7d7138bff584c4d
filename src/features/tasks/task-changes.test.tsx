import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Page, TaskFilters, TaskSummary } from '../../lib/api/types';
import { createFakeApiClient } from '../../lib/testing/fake-api-client';
import { renderWithProviders } from '../../lib/testing/render-with-providers';
import { createVisitMemory, type Visit } from '../../lib/visit-memory/visit-memory';
import { VisitMemoryProvider } from '../../lib/visit-memory/visit-memory-context';
import type { WorkspaceVisitMemory } from '../../lib/visit-memory/workspace-visit-memory';
import { TasksPage } from './tasks-page';

const LAST_VISIT = Date.parse('2026-11-24T14:05:00Z');
const HOUR = 3_600_000;

function task(id: string, status: string, updatedMs: number): TaskSummary {
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
    updatedAt: new Date(updatedMs).toISOString(),
  };
}

function workspaceMemory(previous: Visit | null): WorkspaceVisitMemory {
  const memory = createVisitMemory({ session: () => sessionStorage, local: () => null });
  sessionStorage.clear();
  if (previous) memory.write('ws', 'tasks', previous, false);
  return {
    read: (key) => memory.read('ws', key, false),
    write: (key, visit) => memory.write('ws', key, visit, false),
    subscribe: memory.subscribe,
    version: memory.version,
  };
}

const TASKS = [
  task('moved', 'done', LAST_VISIT + HOUR),
  task('untouched', 'todo', LAST_VISIT - HOUR),
  task('edited', 'backlog', LAST_VISIT + 2 * HOUR),
];

function renderTasks(memory: WorkspaceVisitMemory) {
  const listTasks = async (filters: TaskFilters): Promise<Page<TaskSummary>> => ({
    items: TASKS.filter((item) => !filters.status || item.status === filters.status),
    nextCursor: null,
  });
  return renderWithProviders(
    <VisitMemoryProvider memory={memory}>
      <TasksPage />
    </VisitMemoryProvider>,
    { client: createFakeApiClient({ listTasks }), routePath: '/tasks', initialPath: '/tasks' },
  );
}

describe('tasks changed since the last visit', () => {
  it('lists the loaded tasks updated since, newest first, with the status a task moved from', async () => {
    const memory = workspaceMemory({ seenAt: LAST_VISIT, statuses: { moved: 'todo' } });
    renderTasks(memory);
    const summary = await screen.findByText(/^2 tasks new or changed since/);
    expect(summary).toHaveTextContent(/among those loaded$/);
    await userEvent.click(screen.getByRole('button', { name: 'Show them' }));
    const list = screen.getByRole('list', { name: 'Tasks new or changed since your last visit' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Task edited',
      'Task moved',
    ]);
    expect(items[1]).toHaveTextContent('moved from To do to Done');
    // A task the last visit did not see says nothing about where it came from.
    expect(items[0]).not.toHaveTextContent('moved from');

    await userEvent.click(screen.getByRole('button', { name: 'Mark as seen' }));
    expect(screen.queryByText(/tasks new or changed since/)).not.toBeInTheDocument();
    expect(memory.read('tasks')?.seenAt).toBeGreaterThan(LAST_VISIT + 2 * HOUR);
  });

  it('says nothing on a first visit, and notes the visit with the statuses it saw', async () => {
    const memory = workspaceMemory(null);
    renderTasks(memory);
    await screen.findAllByRole('link', { name: 'Task moved' });
    await waitFor(() => expect(memory.read('tasks')?.statuses).toMatchObject({ moved: 'done' }));
    expect(screen.queryByRole('button', { name: 'Mark as seen' })).not.toBeInTheDocument();
  });
});
