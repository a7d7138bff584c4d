import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TableSummary } from '../../lib/api/types';
import { WORKSPACES_STORAGE_KEY } from '../../lib/auth/connection-storage';
import { switchLocale } from '../../lib/i18n/i18n';
import { createFakeApiClient } from '../../lib/testing/fake-api-client';
import { renderApp } from '../testing/render-app';

const KEY = 'svc_live_acme000000000000000000000000000000000000000001';

const table = (id: string, name: string): TableSummary => ({
  id,
  aliasId: null,
  name,
  description: null,
  projectId: null,
  createdAt: null,
  updatedAt: null,
});

/** An open workspace named Acme in this tab, its key able to read tables and tasks only. */
function openAcme() {
  sessionStorage.setItem(
    WORKSPACES_STORAGE_KEY,
    JSON.stringify({
      workspaces: [
        {
          id: 'w1',
          name: 'Acme',
          serviceUrl: '',
          apiKey: KEY,
          readableScopes: ['tables:read', 'tasks:read'],
        },
      ],
      activeId: 'w1',
    }),
  );
}

afterEach(async () => {
  await switchLocale('en');
});

describe('the header and navigation in Brazilian Portuguese', () => {
  it('names the navigation, the switcher and its details in Portuguese; names stay as they are', async () => {
    await switchLocale('pt-BR');
    openAcme();
    const tables = [table('t1', 'Customers'), table('t2', 'Orders')];
    renderApp({
      initialPath: '/tables/t1',
      createClient: () =>
        createFakeApiClient({
          listTables: async () => ({ items: tables, nextCursor: null }),
          getTable: async (tableId) => ({
            ...(tables.find((t) => t.id === tableId) ?? table(tableId, tableId)),
            columns: [],
            views: [],
          }),
        }),
    });

    const nav = await screen.findByRole('navigation', { name: 'Espaço de trabalho' });
    expect(within(nav).getByRole('heading', { name: 'Tabelas' })).toBeInTheDocument();
    expect(within(nav).getByRole('searchbox', { name: 'Buscar tabelas' })).toHaveAttribute(
      'placeholder',
      'Buscar tabelas',
    );
    const orders = await within(nav).findByRole('link', { name: 'Orders' });
    expect(orders).toHaveAttribute('translate', 'no');
    // Only what the key may read: tasks, not skills, pages or projects.
    expect(within(nav).getByRole('link', { name: 'Tarefas' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Habilidades' })).toBeNull();

    expect(screen.getByRole('button', { name: 'Sair' })).toHaveAttribute(
      'title',
      'Esquecer todos os espaços de trabalho e suas chaves neste dispositivo',
    );
    expect(screen.getByRole('button', { name: /^Ir para/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pular para o conteúdo' })).toBeInTheDocument();
    // The header's and the phone drawer's (jsdom applies no breakpoints: both are present).
    const [theme] = screen.getAllByRole('group', { name: 'Tema' });
    if (!theme) throw new Error('no theme group');
    expect(
      within(theme)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['light', 'dark', 'system']);
    expect(within(theme).getByRole('radio', { name: 'Escuro' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(
      screen.getByRole('button', {
        name: /^Espaço de trabalho: Acme \(.+\)\. Trocar de espaço de trabalho$/,
      }),
    );
    const list = screen.getByRole('region', { name: 'Espaços de trabalho' });
    expect(within(list).getByRole('button', { name: 'Esquecer Acme' })).toHaveTextContent(
      'Esquecer',
    );
    expect(
      within(list).getByRole('link', { name: 'Adicionar um espaço de trabalho…' }),
    ).toBeInTheDocument();
    await user.click(within(list).getByText('Detalhes'));
    expect(within(list).getByText('Pode ler').nextElementSibling).toHaveTextContent(
      'tabelas e tarefas',
    );
    expect(within(list).getByText('Salvo').nextElementSibling).toHaveTextContent('só nesta aba');
  });

  it('counts the tables searched so far with a Portuguese plural and number format', async () => {
    await switchLocale('pt-BR');
    openAcme();
    const many = Array.from({ length: 1234 }, (_, index) => table(`t${index}`, `Table ${index}`));
    renderApp({
      initialPath: '/tables/t0',
      createClient: () =>
        createFakeApiClient({
          listTables: async () => ({ items: many, nextCursor: 'more' }),
          getTable: async (tableId) => ({ ...table(tableId, tableId), columns: [], views: [] }),
        }),
    });
    const user = userEvent.setup();
    const search = await screen.findByRole('searchbox', { name: 'Buscar tabelas' });
    // The searchbox is there before the list: search once all of it is in.
    await screen.findByText('Table 1233');
    await user.type(search, 'zzz');
    await waitFor(() =>
      expect(screen.getByText(/^Nenhuma tabela corresponde a “zzz”\./)).toHaveTextContent(
        'Nenhuma tabela corresponde a “zzz”. Só foram pesquisadas as 1.234 tabelas mostradas até agora: carregue mais para pesquisar o restante.',
      ),
    );
  });
});
