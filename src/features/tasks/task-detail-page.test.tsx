import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaskDetail } from '../../lib/api/types';
import { createFakeApiClient } from '../../lib/testing/fake-api-client';
import { renderWithProviders } from '../../lib/testing/render-with-providers';
import { TaskDetailPage } from './task-detail-page';

const task: TaskDetail = {
  id: 't1',
  name: 'Review <img src=x onerror=alert(1)> widget',
  status: 'in_review',
  priority: 'urgent',
  projectId: null,
  assigneeUserId: null,
  assigneeBotId: 'bot-12345678-x',
  dueAt: '2026-02-01T00:00:00.000Z',
  eventAt: null,
  updatedAt: '2026-01-02T00:00:00.000Z',
  bodyMd: '## Checklist\n\n- [x] read\n\n<script>alert(1)</script>[bad](javascript:alert(1))',
  outputMd: '| a | b |\n| - | - |\n| 1 | 2 |',
  decision: 'changes_requested',
  decisionReason: 'Totals are off.',
  tags: ['bug', 'customer'],
  startAt: '2026-01-01T06:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  completedAt: null,
};

describe('task detail', () => {
  it('renders body and output as Markdown, with status, assignee, decision, tags and dates', async () => {
    const { container } = renderWithProviders(<TaskDetailPage />, {
      client: createFakeApiClient({ getTask: async () => task }),
      routePath: '/tasks/:taskId',
      initialPath: '/tasks/t1',
    });
    expect(await screen.findByRole('heading', { level: 1, name: task.name })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Checklist' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Done' })).toBeDisabled();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'bad' })).toBeNull();
    expect(container.querySelector('script, img')).toBeNull();
    expect(screen.getByText('In review')).toBeInTheDocument();
    expect(screen.getByText('Urgent')).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveTextContent('Unnamed bot bot-1234…');
    expect(screen.getByText('Changes requested')).toBeInTheDocument();
    expect(screen.getByText(/Totals are off\./)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Tags' })).toHaveTextContent('bugcustomer');
    expect(container.querySelector('time[datetime="2026-01-01T06:00:00.000Z"]')).not.toBeNull();
  });

  it('shows a status, priority or decision outside the contract as the service sent it, marked as data', async () => {
    renderWithProviders(<TaskDetailPage />, {
      client: createFakeApiClient({
        getTask: async () => ({
          ...task,
          status: 'on_hold',
          priority: 'someday',
          decision: 'deferred',
        }),
      }),
      routePath: '/tasks/:taskId',
      initialPath: '/tasks/t1',
    });
    for (const word of ['on_hold', 'someday', 'deferred']) {
      const shown = await screen.findByText(word);
      expect(shown.tagName).toBe('I');
      expect(shown).toHaveAttribute('translate', 'no');
      expect(shown).toHaveAttribute('lang', '');
      expect(shown).toHaveAttribute('title', 'As the service sent it');
    }
    // A known one is words, not data.
    expect(screen.queryByText('In review')).toBeNull();
  });

  it('a missing task says so, with a way back to all tasks', async () => {
    renderWithProviders(<TaskDetailPage />, {
      routePath: '/tasks/:taskId',
      initialPath: '/tasks/x',
    });
    expect(await screen.findByText('Task not found')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /All tasks/ }).at(-1)).toHaveAttribute(
      'href',
      '/tasks',
    );
  });
});
