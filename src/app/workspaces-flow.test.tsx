import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Connection, TableSummary } from '../lib/api/types';
import { WORKSPACES_STORAGE_KEY } from '../lib/auth/connection-storage';
import { createFakeApiClient } from '../lib/testing/fake-api-client';
import { renderApp } from './testing/render-app';

const ACME_KEY = 'svc_live_acme000000000000000000000000000000000000000001';
const GLOBEX_KEY = 'svc_live_globex0000000000000000000000000000000000000002';

const table = (id: string, name: string): TableSummary => ({
  id,
  aliasId: null,
  name,
  description: null,
  projectId: null,
  createdAt: null,
  updatedAt: null,
});
const TABLES: Record<string, TableSummary[]> = {
  [ACME_KEY]: [table('a1', 'Acme customers'), table('a2', 'Acme orders')],
  [GLOBEX_KEY]: [table('g1', 'Globex invoices')],
};

/** Each key sees its own tables; every list call is counted per key. */
function workspaceClients() {
  const listTables = vi.fn(async (apiKey: string) => ({
    items: TABLES[apiKey] ?? [],
    nextCursor: null,
  }));
  const createClient = (connection: Connection) =>
    createFakeApiClient({
      listTables: () => listTables(connection.apiKey),
      getTable: async (tableId) => {
        const found = TABLES[connection.apiKey]?.find((t) => t.id === tableId);
        if (!found) throw new Error(`${tableId} asked of the wrong workspace`);
        return { ...found, columns: [], views: [] };
      },
    });
  return { listTables, createClient };
}

function stored(storage: Storage): string {
  return storage.getItem(WORKSPACES_STORAGE_KEY) ?? '';
}

async function connect(
  user: ReturnType<typeof userEvent.setup>,
  key: string,
  options: { name: string; remember: boolean },
) {
  await user.type(await screen.findByLabelText('API key'), key);
  await user.type(screen.getByLabelText(/^Name/), options.name);
  if (options.remember) await user.click(screen.getByLabelText('Remember on this device'));
  await user.click(screen.getByRole('button', { name: 'Connect' }));
}

function switcher() {
  return screen.getByRole('button', { name: /^Workspace: / });
}

describe('several workspaces', () => {
  it('switches in one click, keeping each workspace’s cache and last view; Forget drops one', async () => {
    const { listTables, createClient } = workspaceClients();
    const app = renderApp({ initialPath: '/connect', createClient });
    const user = userEvent.setup();

    await connect(user, ACME_KEY, { name: 'Acme', remember: true });
    // The first test of the file also pays for loading the lazy routes' modules: seconds on
    // a busy machine, within vitest.setup.ts's 10 s wait.
    await waitFor(() => expect(app.currentPath()).toBe('/tables/a1'));
    await user.click(await screen.findByRole('link', { name: 'Acme orders' }));
    await waitFor(() => expect(app.currentPath()).toBe('/tables/a2'));

    // Add a second workspace from the header, for this tab only.
    await user.click(switcher());
    await user.click(screen.getByRole('link', { name: 'Add a workspace…' }));
    expect(await screen.findByRole('heading', { name: 'Add a workspace' })).toBeInTheDocument();
    await connect(user, GLOBEX_KEY, { name: 'Globex', remember: false });
    await waitFor(() => expect(app.currentPath()).toBe('/tables/g1'));
    expect(switcher()).toHaveAccessibleName(/Workspace: Globex/);

    // One click back to Acme: its last view, its tables, no new tables request.
    const acmeListCalls = listTables.mock.calls.filter(([key]) => key === ACME_KEY).length;
    await user.click(switcher());
    await user.click(screen.getByRole('button', { name: /^Acme/ }));
    await waitFor(() => expect(app.currentPath()).toBe('/tables/a2'));
    expect(switcher()).toHaveAccessibleName(/Workspace: Acme/);
    const nav = screen.getByRole('navigation', { name: 'Workspace' });
    expect(await within(nav).findByRole('link', { name: 'Acme orders' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Globex invoices' })).toBeNull();
    expect(listTables.mock.calls.filter(([key]) => key === ACME_KEY)).toHaveLength(acmeListCalls);

    // The remembered key is on this device; the other one only in this tab.
    expect(stored(localStorage)).toContain(ACME_KEY);
    expect(stored(localStorage)).not.toContain(GLOBEX_KEY);
    expect(stored(sessionStorage)).toContain(GLOBEX_KEY);

    // Forget Globex: gone from the list, from storage, and its cache with it.
    const globexId = app.services.authStore
      .getState()
      .workspaces.find((workspace) => workspace.name === 'Globex')?.id;
    expect(app.services.cachedWorkspaceIds()).toContain(globexId);
    await user.click(switcher());
    await user.click(screen.getByRole('button', { name: 'Forget Globex' }));
    expect(screen.queryByRole('button', { name: /^Globex/ })).toBeNull();
    expect(stored(sessionStorage)).not.toContain(GLOBEX_KEY);
    expect(app.services.cachedWorkspaceIds()).not.toContain(globexId);
    expect(app.currentPath()).toBe('/tables/a2');
  }, 20_000);

  it('lists remembered workspaces on the connect screen, to open, rename or forget', async () => {
    localStorage.setItem(
      WORKSPACES_STORAGE_KEY,
      JSON.stringify({
        workspaces: [
          { id: 'w1', name: 'Acme', serviceUrl: '', apiKey: ACME_KEY },
          { id: 'w2', name: null, serviceUrl: '', apiKey: GLOBEX_KEY },
        ],
        activeId: null,
      }),
    );
    sessionStorage.setItem(
      WORKSPACES_STORAGE_KEY,
      JSON.stringify({ workspaces: [], activeId: null }),
    );
    const { createClient } = workspaceClients();
    const app = renderApp({ initialPath: '/connect', createClient });
    const user = userEvent.setup();

    const list = await screen.findByRole('region', { name: 'Your workspaces' });
    await user.click(within(list).getByRole('button', { name: `Rename ${location.host}` }));
    const nameInput = within(list).getByLabelText(`New name for ${location.host}`);
    await user.type(nameInput, 'Globex{Enter}');
    await user.click(within(list).getByRole('button', { name: 'Forget Acme' }));
    expect(stored(localStorage)).not.toContain(ACME_KEY);

    await user.click(within(list).getByRole('button', { name: 'Open Globex' }));
    await waitFor(() => expect(app.currentPath()).toBe('/tables/g1'));
    expect(switcher()).toHaveAccessibleName(/Workspace: Globex/);
  });
});
