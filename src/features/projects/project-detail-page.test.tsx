import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PageSummary, ProjectSummary, TableSummary, TaskSummary } from '../../lib/api/types';
import { createFakeApiClient } from '../../lib/testing/fake-api-client';
import { renderWithProviders } from '../../lib/testing/render-with-providers';
import { ProjectDetailPage } from './project-detail-page';

const project: ProjectSummary = {
  id: 'p1',
  aliasId: null,
  name: 'Website',
  description: 'New shop.',
  icon: '🚀',
  color: 'red; background: url(https://evil.example/x)',
  leadId: null,
  status: 'active',
  isPrivate: false,
  startDate: '2026-01-01',
  endDate: null,
  targetDate: '2026-05-01',
  createdAt: null,
  updatedAt: null,
};

const table = (id: string, projectId: string | null): TableSummary => ({
  id,
  aliasId: null,
  name: `Table ${id}`,
  description: null,
  projectId,
  createdAt: null,
  updatedAt: null,
});
const page = (id: string, projectId: string | null): PageSummary => ({
  id,
  aliasId: null,
  name: `Page ${id}`,
  icon: null,
  projectId,
  parentPageId: null,
  isPublic: false,
  updatedAt: null,
});
const task = (id: string): TaskSummary => ({
  id,
  name: `Task ${id}`,
  status: 'todo',
  priority: null,
  projectId: 'p1',
  assigneeUserId: null,
  assigneeBotId: null,
  dueAt: null,
  eventAt: null,
  updatedAt: null,
});

describe('project page', () => {
  it('lists exactly its tables, tasks (project_id filter) and pages, each a link', async () => {
    const listTasks = vi.fn(async () => ({ items: [task('k1')], nextCursor: null }));
    const { container } = renderWithProviders(<ProjectDetailPage />, {
      client: createFakeApiClient({
        getProject: async () => project,
        listTables: async ({ cursor } = {}) =>
          cursor
            ? { items: [table('t3', 'p1')], nextCursor: null }
            : { items: [table('t1', 'p1'), table('t2', 'other')], nextCursor: 'more' },
        listPages: async () => ({ items: [page('g1', null), page('g2', 'p1')], nextCursor: null }),
        listTasks,
      }),
      routePath: '/projects/:projectId',
      initialPath: '/projects/p1',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Website' })).toBeInTheDocument();
    const tables = await screen.findByRole('list', { name: 'tables' });
    await within(tables).findByRole('link', { name: 'Table t3' });
    expect(
      within(tables)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/tables/t1', '/tables/t3']);
    const tasks = await screen.findByRole('list', { name: 'tasks' });
    expect(within(tasks).getByRole('link', { name: 'Task k1' })).toHaveAttribute(
      'href',
      '/tasks/k1',
    );
    expect(listTasks).toHaveBeenCalledWith({ projectId: 'p1' }, expect.anything());
    const pages = await screen.findByRole('list', { name: 'pages' });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Page g2']);
    // A colour that is not a hex colour never reaches a style attribute.
    expect(container.innerHTML).not.toContain('evil.example');
  });

  it('a missing project says so, with a way back', async () => {
    renderWithProviders(<ProjectDetailPage />, {
      routePath: '/projects/:projectId',
      initialPath: '/projects/nope',
    });
    expect(await screen.findByText('Project not found')).toBeInTheDocument();
  });
});
