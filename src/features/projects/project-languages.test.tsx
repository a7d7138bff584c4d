import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProjectSummary, TaskSummary } from '../../lib/api/types';
import { switchLocale } from '../../lib/i18n/i18n';
import { createFakeApiClient } from '../../lib/testing/fake-api-client';
import { renderWithProviders } from '../../lib/testing/render-with-providers';
import { ProjectDetailPage } from './project-detail-page';
import { ProjectsPage } from './projects-page';

const project: ProjectSummary = {
  id: 'p1',
  aliasId: null,
  name: 'Website',
  description: 'New shop.',
  icon: null,
  color: null,
  leadId: 'c2221234-aaaa-bbbb-cccc-000000000001',
  status: 'paused',
  isPrivate: true,
  startDate: '2026-01-01',
  endDate: null,
  targetDate: '2026-05-01',
  createdAt: null,
  updatedAt: null,
};

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

afterEach(async () => {
  await switchLocale('en');
});

describe('a project in Brazilian Portuguese', () => {
  it('words status, dates, lead and sections in Portuguese; names and ids stay data', async () => {
    await switchLocale('pt-BR');
    renderWithProviders(<ProjectDetailPage />, {
      client: createFakeApiClient({
        getProject: async () => project,
        listTables: async () => ({ items: [], nextCursor: null }),
        listPages: async () => ({ items: [], nextCursor: null }),
        listTasks: async () => ({ items: [task('k1')], nextCursor: null }),
      }),
      routePath: '/projects/:projectId',
      initialPath: '/projects/p1',
    });

    const heading = await screen.findByRole('heading', { level: 1, name: 'Website' });
    expect(within(heading).getByText('Website')).toHaveAttribute('translate', 'no');
    const header = heading.closest('header') as HTMLElement;
    expect(within(header).getByText('Pausado')).toBeInTheDocument();
    expect(within(header).getByText('Privado')).toBeInTheDocument();
    expect(header).toHaveTextContent('Responsável: Usuário sem nome c2221234…');
    expect(within(header).getByText('c2221234…')).toHaveAttribute('translate', 'no');
    expect(header).toHaveTextContent('Início1 de jan. de 2026');
    expect(header).toHaveTextContent('Data prevista1 de mai. de 2026');

    expect(screen.getByRole('heading', { name: 'Tabelas' })).toBeInTheDocument();
    expect(await screen.findByText('Este projeto não tem tabelas.')).toBeInTheDocument();
    expect(await screen.findByText('Este projeto não tem páginas.')).toBeInTheDocument();
    const tasks = await screen.findByRole('list', { name: 'tarefas' });
    expect(within(tasks).getByRole('link', { name: 'Task k1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver no quadro de tarefas' })).toHaveAttribute(
      'href',
      '/tasks?project_id=p1',
    );
    expect(screen.getByRole('link', { name: '← Todos os projetos' })).toBeInTheDocument();
  });

  it('lists projects with their status in Portuguese', async () => {
    await switchLocale('pt-BR');
    renderWithProviders(<ProjectsPage />, {
      client: createFakeApiClient({
        listProjects: async () => ({
          items: [
            project,
            { ...project, id: 'p2', name: 'Launch', status: null, isPrivate: false },
          ],
          nextCursor: null,
        }),
      }),
      routePath: '/projects',
      initialPath: '/projects',
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Projetos' })).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Pausado');
    expect(items[1]).toHaveTextContent('Sem status');
  });
});
