import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '../config/runtime-config';
import { createEmbedBridge } from '../features/embed/embed-bridge';
import { createFakeFrame } from '../features/embed/testing/fake-frame';
import { ApiError } from '../lib/api/errors';
import type { ApiClient, SkillDetail, TableSummary } from '../lib/api/types';
import { CONNECTION_STORAGE_KEY } from '../lib/auth/connection-storage';
import { createFakeApiClient } from '../lib/testing/fake-api-client';
import { renderApp } from './testing/render-app';

const HOST = 'https://intranet.example.com';
const KEY = 'svc_live_0123456789abcdef0123456789abcdef0123456789ab3f9a';
const config: RuntimeConfig = {
  ...DEFAULT_RUNTIME_CONFIG,
  title: 'Acme data',
  serviceUrl: 'https://data.example.com',
  embedOrigins: [HOST],
};

const customers: TableSummary = {
  id: 't1',
  aliasId: null,
  name: 'Customers',
  description: null,
  projectId: null,
  createdAt: null,
  updatedAt: null,
};

const skill: SkillDetail = {
  id: 's1',
  aliasId: null,
  name: 'Inbox triage',
  description: 'How we sort incoming mail',
  createdAt: null,
  updatedAt: null,
  contentText: 'Read every message.',
  linkedEntities: [{ type: 'table', id: 't1', label: 'Customers' }],
  raw: {},
};

function renderEmbedded(initialPath: string, overrides: Partial<ApiClient> = {}) {
  const frame = createFakeFrame();
  const embedBridge = createEmbedBridge({ self: frame.self, parent: frame.parent, warn: vi.fn() });
  const client = createFakeApiClient({
    listTables: async () => ({ items: [customers], nextCursor: null }),
    getSkill: async () => skill,
    ...overrides,
  });
  const app = renderApp({ initialPath, config, embedBridge, createClient: () => client });
  const types = () => frame.posted().map(({ message }) => (message as { type: string }).type);
  // Not wrapped in act(): what a message changes happens asynchronously, and the
  // findBy/waitFor that follow each message wait for it the way a user would.
  const hostSends = (data: unknown) => frame.receive(HOST, data);
  return { ...app, ...frame, types, hostSends };
}

/** Every sessionStorage and localStorage entry of this origin, as text. */
function everythingStored(): string {
  const entries: string[] = [];
  for (const storage of [sessionStorage, localStorage]) {
    for (let index = 0; index < storage.length; index += 1) {
      const name = storage.key(index) ?? '';
      entries.push(`${name}=${storage.getItem(name)}`);
    }
  }
  return entries.join('\n');
}

describe('the embedded view', () => {
  it('without a key shows the connect screen without chrome, and announces ready', async () => {
    const app = renderEmbedded('/embed/skills/s1');
    expect(await screen.findByRole('button', { name: 'Connect' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/embed/connect?next=%2Fskills%2Fs1');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    // Memory only: remembering is not offered.
    expect(screen.queryByLabelText('Remember on this device')).toBeNull();
    expect(screen.getByText('The key is kept only while this view is open.')).toBeInTheDocument();
    await waitFor(() => expect(app.types()).toEqual(['workspace-browser:ready']));
    expect(app.posted()[0]?.target).toBe(HOST);
  });

  it('takes the host’s key, returns to the deep link, and stores nothing', async () => {
    const app = renderEmbedded('/embed/skills/s1');
    await screen.findByRole('button', { name: 'Connect' });
    app.hostSends({ type: 'workspace-browser:connect', version: 1, apiKey: KEY });

    // The first test of the file also pays for loading the lazy routes' modules.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inbox triage' }, { timeout: 5_000 }),
    ).toBeVisible();
    expect(app.currentPath()).toBe('/embed/skills/s1');
    expect(app.types()).toEqual(['workspace-browser:ready', 'workspace-browser:connected']);
    // No chrome, and links inside the page stay in the embedded view.
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Workspace' })).toBeNull();
    expect(screen.getByRole('link', { name: /Customers/ })).toHaveAttribute(
      'href',
      '/embed/tables/t1',
    );
    expect(everythingStored()).not.toContain(KEY);
    expect(sessionStorage.getItem(CONNECTION_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(CONNECTION_STORAGE_KEY)).toBeNull();
  });

  it('goes where a navigate message says', async () => {
    const app = renderEmbedded('/embed');
    app.hostSends({ type: 'workspace-browser:connect', apiKey: KEY });
    await waitFor(() => expect(app.currentPath()).toBe('/embed/tables/t1'));

    app.hostSends({ type: 'workspace-browser:navigate', version: 1, to: { skill: 's1' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox triage' })).toBeVisible();
    expect(app.currentPath()).toBe('/embed/skills/s1');
  });

  it('ignores a navigate message from an origin config does not list', async () => {
    const app = renderEmbedded('/embed');
    app.hostSends({ type: 'workspace-browser:connect', apiKey: KEY });
    await waitFor(() => expect(app.currentPath()).toBe('/embed/tables/t1'));
    const visited: string[] = [];
    app.router.subscribe((state) => visited.push(state.location.pathname));
    app.receive('https://evil.example.net', {
      type: 'workspace-browser:navigate',
      to: { skill: 's1' },
    });
    // A listed host's message afterwards shows the first one was heard and dropped.
    app.hostSends({ type: 'workspace-browser:navigate', to: { table: 't2' } });
    await waitFor(() => expect(app.currentPath()).toBe('/embed/tables/t2'));
    expect(visited).not.toContain('/embed/skills/s1');
  });

  it('after a 401 announces key-rejected, shows why, and still stores nothing', async () => {
    let revoked = false;
    const app = renderEmbedded('/embed/skills', {
      listSkills: async () => {
        if (!revoked) return { items: [skill], nextCursor: null };
        throw new ApiError({
          kind: 'http',
          status: 401,
          code: 'unauthorized',
          reason: null,
          message: 'The service did not accept this API key.',
        });
      },
    });
    app.hostSends({ type: 'workspace-browser:connect', apiKey: KEY });
    await screen.findByRole('link', { name: /Inbox triage/ });

    revoked = true;
    void app.services.queryClient.refetchQueries();
    await waitFor(() => expect(app.currentPath()).toBe('/embed/connect?next=%2Fskills'));
    expect(await screen.findByRole('status')).toHaveTextContent('did not accept this API key');
    expect(app.types()).toEqual([
      'workspace-browser:ready',
      'workspace-browser:connected',
      'workspace-browser:key-rejected',
    ]);
    expect(app.posted()[2]).toEqual({
      message: {
        type: 'workspace-browser:key-rejected',
        version: 1,
        reason: 'unauthorized',
        // For the host page's developer, in English, with the way forward.
        message: expect.stringMatching(/^The service did not accept this API key\. Check that/),
      },
      target: HOST,
    });
    expect(everythingStored()).not.toContain(KEY);
  });
});

describe('the dashboard on its own', () => {
  it('names an unnamed workspace after its service in the header, not after the deployment', async () => {
    sessionStorage.setItem(CONNECTION_STORAGE_KEY, JSON.stringify({ serviceUrl: '', apiKey: KEY }));
    renderApp({
      initialPath: '/skills',
      config,
      createClient: () => createFakeApiClient(),
    });
    const header = await screen.findByRole('banner');
    expect(
      await screen.findByRole('button', { name: `Workspace: ${location.host}. Switch workspace` }),
    ).toBeInTheDocument();
    expect(header).not.toHaveTextContent('Acme data');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });
});
