import { hashKey } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  column,
  fakeClient,
  record,
  stubLayout,
} from '../features/records/testing/records-test-utils';
import { queryKeys } from '../lib/api/query-keys';
import type { SkillDetail } from '../lib/api/types';
import { CONNECTION_STORAGE_KEY } from '../lib/auth/connection-storage';
import { createAppServices } from './app-services';
import { startFirstScreenRequests } from './first-screen-requests';
import { renderApp } from './testing/render-app';

const KEY = 'svc_live_0123456789abcdef0123456789abcdef0123456789ab3f9a';

const skill: SkillDetail = {
  id: 's1',
  aliasId: null,
  name: 'Inbox triage',
  description: 'How we sort incoming mail',
  createdAt: null,
  updatedAt: null,
  contentText: 'Read every message.',
  linkedEntities: [],
  raw: {},
};

/** The stored key, as a returning user has it, and the workspace caches made from it. */
async function signedIn() {
  sessionStorage.setItem(CONNECTION_STORAGE_KEY, JSON.stringify({ serviceUrl: '', apiKey: KEY }));
  const services = createAppServices({ retry: false });
  const session = services.authStore.getState().session;
  if (!session) throw new Error('no session from the stored key');
  await services.loadWorkspaceCaches();
  return {
    services,
    queryClient: services.queryClientFor(session.id),
    viewMemory: services.viewMemoryFor(session.id),
  };
}

function ordersService() {
  return fakeClient({
    table: { columns: [column('name', 'TEXT')] },
    records: ['Order 0', 'Order 1', 'Order 2'].map((name, index) => record(`r${index}`, { name })),
  });
}

describe('the first requests of the page the URL opens', () => {
  it('asks for the table and its first records, sorted as the URL says, before anything renders', async () => {
    const { queryClient } = await signedIn();
    const { client, listRecords } = ordersService();

    startFirstScreenRequests('#/tables/tbl-orders?sort=name:desc', queryClient, client);

    expect(client.getTable).toHaveBeenCalledWith('tbl-orders', expect.anything());
    expect(listRecords).toHaveBeenCalledTimes(1);
    expect(listRecords).toHaveBeenCalledWith(
      'tbl-orders',
      { sort: { column: 'name', direction: 'desc' }, filters: {} },
      expect.objectContaining({ cursor: null }),
    );
  });

  it('are the ones the records page uses: it shows their answer and asks nothing again', async () => {
    stubLayout();
    const { services, queryClient } = await signedIn();
    const { client, listRecords } = ordersService();
    const path = '/tables/tbl-orders?sort=name:desc&filter[name]=Order 1';

    startFirstScreenRequests(`#${path}`, queryClient, client);
    renderApp({ initialPath: path, services, createClient: () => client });

    expect(await screen.findByText('Order 1')).toBeInTheDocument();
    expect(screen.queryByText('Order 0')).toBeNull();
    expect(listRecords).toHaveBeenCalledTimes(1);
    expect(client.getTable).toHaveBeenCalledTimes(1);
  });

  it('are the ones the skill page uses: it shows the skill and asks nothing again', async () => {
    const { services, queryClient } = await signedIn();
    const { client } = ordersService();
    const getSkill = vi.fn(async () => skill);
    const withSkill = { ...client, getSkill };

    startFirstScreenRequests('#/skills/s1', queryClient, withSkill);
    expect(getSkill).toHaveBeenCalledWith('s1', expect.anything());
    renderApp({ initialPath: '/skills/s1', services, createClient: () => withSkill });

    expect(await screen.findByRole('heading', { name: 'Inbox triage' })).toBeInTheDocument();
    expect(getSkill).toHaveBeenCalledTimes(1);
  });

  it('leaves the records to the grid when it kept the user’s place in that view', async () => {
    const { queryClient, viewMemory } = await signedIn();
    const { client, listRecords } = ordersService();
    const viewKey = hashKey(queryKeys.recordList('tbl-orders', { sort: null, filters: {} }));
    viewMemory?.writePlace(viewKey, { kept: 'by the grid' });

    startFirstScreenRequests('#/tables/tbl-orders', queryClient, client, viewMemory);

    // It starts at the kept page (docs/decisions/017), not at the first.
    expect(listRecords).not.toHaveBeenCalled();
    expect(client.getTable).toHaveBeenCalledTimes(1);
  });

  it('leaves other pages to ask for themselves', async () => {
    const { queryClient } = await signedIn();
    const { client, listRecords } = ordersService();
    const getSkill = vi.fn(async () => skill);

    for (const hash of ['#/', '#/skills', '#/tasks?status=todo', '#/tables/', '#/connect']) {
      startFirstScreenRequests(hash, queryClient, { ...client, getSkill });
    }
    expect(listRecords).not.toHaveBeenCalled();
    expect(client.getTable).not.toHaveBeenCalled();
    expect(getSkill).not.toHaveBeenCalled();
  });
});
