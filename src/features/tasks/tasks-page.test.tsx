import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  Page,
  PageRequest,
  ProjectSummary,
  TaskFilters,
  TaskSummary,
} from '../../lib/api/types';
import { createFakeApiClient } from '../../lib/testing/fake-api-client';
import {
  createTestQueryClient,
  renderWithProviders,
} from '../../lib/testing/render-with-providers';
import { TasksPage } from './tasks-page';

function task(id: string, status: string, extra: Partial<TaskSummary> = {}): TaskSummary {
  return {
    id,
    name: `Task ${id}`,
    status,
    priority: 'high',
    projectId: null,
    assigneeUserId: null,
    assigneeBotId: null,
    dueAt: null,
    eventAt: null,
    updatedAt: null,
    ...extra,
  };
}

function project(id: string): ProjectSummary {
  return {
    id,
    aliasId: null,
    name: `Project ${id}`,
    description: null,
    icon: null,
    color: null,
    leadId: null,
    status: 'active',
    isPrivate: false,
    startDate: null,
    endDate: null,
    targetDate: null,
    createdAt: null,
    updatedAt: null,
  };
}

afterEach(() => localStorage.clear());

describe('tasks board', () => {
  it('loads each status column on its own next_cursor, and shows a repeated task once', async () => {
    const listTasks = vi.fn(
      async (
        filters: TaskFilters,
        request?: { cursor?: string | null },
      ): Promise<Page<TaskSummary>> => {
        if (filters.status === 'backlog' && !request?.cursor) {
          return { items: [task('b1', 'backlog'), task('b2', 'backlog')], nextCursor: 'after-b2' };
        }
        if (filters.status === 'backlog' && request?.cursor === 'after-b2') {
          return { items: [task('b2', 'backlog'), task('b3', 'backlog')], nextCursor: null };
        }
        if (filters.status === 'done') return { items: [task('d1', 'done')], nextCursor: null };
        return { items: [], nextCursor: null };
      },
    );
    renderWithProviders(<TasksPage />, {
      client: createFakeApiClient({ listTasks }),
      routePath: '/tasks',
      initialPath: '/tasks?view=board',
    });
    await screen.findByRole('link', { name: 'Task b1' });
    const backlog = screen.getByRole('region', { name: /^Backlog/ });
    expect(
      within(backlog)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Task b1', 'Task b2']);
    await screen.findByRole('link', { name: 'Task d1' });
    expect(
      within(screen.getByRole('region', { name: /^Done/ })).getByRole('link', { name: 'Task d1' }),
    ).toBeInTheDocument();
    // Every status asked once, each with its own status filter and no cursor.
    expect(listTasks.mock.calls.map(([filters]) => filters.status).sort()).toEqual(
      ['backlog', 'cancelled', 'done', 'in_progress', 'in_review', 'todo'].sort(),
    );
    await userEvent.click(within(backlog).getByRole('button', { name: 'Load more backlog tasks' }));
    await waitFor(() =>
      expect(
        within(backlog)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['Task b1', 'Task b2', 'Task b3']),
    );
    // Only the backlog column asked for its next page.
    expect(listTasks).toHaveBeenCalledTimes(7);
    expect(listTasks.mock.calls[6]?.[0]).toMatchObject({ status: 'backlog' });
    expect(listTasks.mock.calls[6]?.[1]).toMatchObject({ cursor: 'after-b2' });
  });

  it('stops a column and the projects walk on a service that repeats its first page forever, and says why', async () => {
    // Every list answers its first page and the same next_cursor, whatever is asked.
    const listTasks = vi.fn(
      async (filters: TaskFilters, _request?: PageRequest): Promise<Page<TaskSummary>> =>
        filters.status === 'backlog'
          ? { items: [task('b1', 'backlog'), task('b2', 'backlog')], nextCursor: 'loop' }
          : { items: [], nextCursor: null },
    );
    const listProjects = vi.fn(async (_request?: PageRequest) => ({
      items: [project('p1')],
      nextCursor: 'loop',
    }));
    const queryClient = createTestQueryClient();
    renderWithProviders(<TasksPage />, {
      client: createFakeApiClient({ listTasks, listProjects }),
      routePath: '/tasks',
      initialPath: '/tasks?view=board',
      queryClient,
    });
    const backlog = await screen.findByRole('region', { name: /^Backlog/ });
    await within(backlog).findByRole('link', { name: 'Task b1' });
    await userEvent.click(within(backlog).getByRole('button', { name: 'Load more backlog tasks' }));

    expect(await within(backlog).findByRole('status')).toHaveTextContent(
      'The service sent a task it had already sent (on page 2, id b1). Stopped loading tasks so nothing is shown twice. Showing the 2 found so far.',
    );
    expect(within(backlog).queryByRole('button', { name: /^Load more/ })).toBeNull();
    expect(
      within(backlog)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Task b1', 'Task b2']);
    // The walk over projects (names for cards and the filter) ends on its own, too.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const backlogCalls = listTasks.mock.calls.filter(([filters]) => filters.status === 'backlog');
    expect(backlogCalls.map(([, request]) => request?.cursor ?? null)).toEqual([null, 'loop']);
    // (A limit of 1 is the scope check's request, not the list's.)
    const projectCalls = listProjects.mock.calls.filter(([request]) => request?.limit !== 1);
    expect(projectCalls.map(([request]) => request?.cursor ?? null)).toEqual([null, 'loop']);
  });

  it('sends the URL filters to the service and keeps filter changes in the URL', async () => {
    const listTasks = vi.fn(async () => ({
      items: [task('t1', 'done', { assigneeBotId: 'bot-1', projectId: 'p1' })],
      nextCursor: null,
    }));
    const { router } = renderWithProviders(<TasksPage />, {
      client: createFakeApiClient({
        listTasks,
        listProjects: async () => ({
          items: [
            {
              id: 'p1',
              aliasId: null,
              name: 'Website',
              description: null,
              icon: null,
              color: null,
              leadId: null,
              status: 'active',
              isPrivate: false,
              startDate: null,
              endDate: null,
              targetDate: null,
              createdAt: null,
              updatedAt: null,
            },
          ],
          nextCursor: null,
        }),
      }),
      routePath: '/tasks',
      initialPath: '/tasks?view=list&status=done&project_id=p1&assignee=bot-1',
    });
    const row = await screen.findByRole('row', { name: /Task t1/ });
    expect(row).toHaveTextContent('Unnamed bot bot-1');
    await waitFor(() => expect(within(row).getByText('Website')).toBeInTheDocument());
    expect(listTasks).toHaveBeenCalledWith(
      { status: 'done', projectId: 'p1', assignee: 'bot-1' },
      expect.objectContaining({ cursor: null }),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'in_review');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('status')).toBe('in_review'),
    );
    expect(listTasks).toHaveBeenLastCalledWith(
      { status: 'in_review', projectId: 'p1', assignee: 'bot-1' },
      expect.anything(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=list'));
  });

  it('remembers the chosen view for a bare #/tasks', async () => {
    const first = renderWithProviders(<TasksPage />, { routePath: '/tasks' });
    expect(await screen.findByRole('region', { name: /^Backlog/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('No tasks yet')).toBeInTheDocument();
    first.unmount();
    renderWithProviders(<TasksPage />, { routePath: '/tasks' });
    expect(await screen.findByText('No tasks yet')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Backlog/ })).toBeNull();
  });
});
