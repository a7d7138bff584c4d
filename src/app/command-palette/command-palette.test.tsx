import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import type { TaskSummary } from '../../lib/api/types';
import { createFakeApiClient } from '../../lib/testing/fake-api-client';
import { renderWithProviders } from '../../lib/testing/render-with-providers';
import { CommandPalette } from './command-palette';

function task(id: string, name: string): TaskSummary {
  return {
    id,
    name,
    status: 'todo',
    priority: null,
    projectId: null,
    assigneeUserId: null,
    assigneeBotId: null,
    dueAt: null,
    eventAt: null,
    updatedAt: null,
  };
}

const summary = (id: string, name: string) => ({
  id,
  aliasId: null,
  name,
  description: null,
  createdAt: null,
  updatedAt: null,
  projectId: null,
});

function renderPalette() {
  const onClose = vi.fn();
  const client = createFakeApiClient({
    listTables: async () => ({ items: [summary('t1', 'Orders')], nextCursor: null }),
    listSkills: async () => ({ items: [summary('s1', 'Order triage')], nextCursor: null }),
    listTasks: async () => ({
      items: [task('k1', 'Reorder stock'), task('k2', 'Write launch notes')],
      nextCursor: null,
    }),
    listProjects: async () => {
      throw new ApiError({
        kind: 'http',
        status: 403,
        code: 'forbidden',
        reason: 'insufficient_scope',
        message: 'No.',
      });
    },
  });
  const view = renderWithProviders(<CommandPalette onClose={onClose} />, { client });
  return { ...view, onClose };
}

describe('CommandPalette', () => {
  it('finds by name across lists and opens the active match with the keyboard only', async () => {
    const user = userEvent.setup();
    const { router, onClose } = renderPalette();
    const box = screen.getByRole('combobox', { name: 'Go to' });
    expect(box).toHaveFocus();
    await user.keyboard('order');
    const listbox = screen.getByRole('listbox', { name: 'Matches' });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    expect(screen.getByRole('group', { name: 'Tables' })).toBeInTheDocument();
    expect(listbox).toBeInTheDocument();
    // The first match is active, announced through aria-activedescendant.
    const [first, second, third] = screen.getAllByRole('option');
    expect(first).toHaveAccessibleName(/Orders/);
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', first?.id);
    expect(screen.getByRole('status')).toHaveTextContent('3 matches');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(third).toHaveAccessibleName(/Reorder stock/);
    expect(box).toHaveAttribute('aria-activedescendant', third?.id);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', first?.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', second?.id);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onClose).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/tasks/k1');
  });

  it('says when nothing matches, and which lists the key cannot read', async () => {
    const user = userEvent.setup();
    renderPalette();
    await user.keyboard('zzz');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Nothing is named like “zzz”.'),
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('This key can’t read projects.'),
    );
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('Escape closes', async () => {
    const user = userEvent.setup();
    const { onClose } = renderPalette();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
