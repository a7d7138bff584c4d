import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import type { TableSummary } from '../../lib/api/types';
import { switchLocale } from '../../lib/i18n/i18n';
import { createFakeApiClient } from '../../lib/testing/fake-api-client';
import { renderWithProviders } from '../../lib/testing/render-with-providers';
import { CommandPalette } from './command-palette';

const table = (id: string, name: string): TableSummary => ({
  id,
  aliasId: null,
  name,
  description: null,
  projectId: null,
  createdAt: null,
  updatedAt: null,
});

const forbidden = () =>
  new ApiError({
    kind: 'http',
    status: 403,
    code: 'forbidden',
    reason: 'insufficient_scope',
    message: 'No.',
  });

/** Three tables; tasks still on their way; skills, pages and projects refused. */
function renderPalette() {
  const client = createFakeApiClient({
    listTables: async () => ({
      items: [table('t1', 'Orders'), table('t2', 'Order lines'), table('t3', 'Customers')],
      nextCursor: null,
    }),
    listTasks: () => new Promise(() => {}),
    listSkills: async () => {
      throw forbidden();
    },
    listPages: async () => {
      throw forbidden();
    },
    listProjects: async () => {
      throw forbidden();
    },
  });
  return renderWithProviders(<CommandPalette onClose={vi.fn()} />, { client });
}

afterEach(async () => {
  await switchLocale('en');
});

describe('Go to in Spanish', () => {
  it('counts matches with Spanish plurals for 0, 1 and many, and says how far the search has gone', async () => {
    await switchLocale('es');
    const user = userEvent.setup();
    renderPalette();

    const box = screen.getByRole('combobox', { name: 'Ir a' });
    expect(box).toHaveAttribute('placeholder', 'Ir a una tabla, tarea, página…');
    const status = screen.getByRole('status');
    await waitFor(() =>
      expect(status).toHaveTextContent('3 coincidencias. Buscando… 4 de 5 listas.'),
    );
    expect(status).toHaveTextContent('Esta clave no puede leer habilidades, páginas o proyectos.');
    const group = screen.getByRole('group', { name: 'Tablas' });
    const [first] = within(group).getAllByRole('option');
    expect(first).toHaveTextContent('Orderstabla');
    expect(within(group).getByText('Orders')).toHaveAttribute('translate', 'no');

    await user.type(box, 'lines');
    await waitFor(() =>
      expect(status).toHaveTextContent(/^1 coincidencia\. Buscando… 4 de 5 listas\./),
    );

    await user.clear(box);
    await user.type(box, 'zzz');
    await waitFor(() => expect(status).toHaveTextContent(/^Buscando… 4 de 5 listas\./));
  });

  it('says nothing is named so once every list is in', async () => {
    await switchLocale('es');
    const user = userEvent.setup();
    const client = createFakeApiClient({
      listTables: async () => ({ items: [table('t1', 'Orders')], nextCursor: null }),
    });
    renderWithProviders(<CommandPalette onClose={vi.fn()} />, { client });
    await user.type(screen.getByRole('combobox', { name: 'Ir a' }), 'zzz');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(/^Ningún nombre contiene «zzz»\./),
    );
  });
});
