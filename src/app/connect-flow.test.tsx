import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG } from '../config/runtime-config';
import { createApiClient } from '../lib/api/client';
import { ApiError } from '../lib/api/errors';
import type { Connection, SkillSummary } from '../lib/api/types';
import { CONNECTION_STORAGE_KEY, WORKSPACES_STORAGE_KEY } from '../lib/auth/connection-storage';
import { createFakeApiClient } from '../lib/testing/fake-api-client';
import { renderApp } from './testing/render-app';

const KEY = 'svc_live_0123456789abcdef0123456789abcdef0123456789ab3f9a';

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The real client over a fetch that answers every request with `answer(url)`. */
function clientFactoryAnswering(answer: (url: string) => Promise<Response>) {
  const fetch = vi.fn(answer) as unknown as typeof globalThis.fetch;
  return {
    fetch,
    createClient: (connection: Connection) => createApiClient(connection, { fetch }),
  };
}

const skill: SkillSummary = {
  id: 's1',
  aliasId: null,
  name: 'Triage',
  description: 'Sort the inbox',
  createdAt: null,
  updatedAt: null,
};
const tablesPage = () =>
  jsonResponse(200, { tables: [{ id: 't1', name: 'Customers' }], next_cursor: null });

/** A service that lets the key read everything: one table, and empty lists of everything else. */
async function everythingReadable(url: string): Promise<Response> {
  const list = new URL(url, 'http://localhost').pathname.split('/').pop() ?? '';
  if (list === 'tables') return tablesPage();
  return jsonResponse(200, { [list]: [], next_cursor: null });
}

const lacksScope = (scope: string) =>
  jsonResponse(403, {
    error: {
      code: 'forbidden',
      message: 'No.',
      details: { reason: 'insufficient_scope', scope },
    },
  });

async function connectWith(key: string, options: { remember?: boolean; serviceUrl?: string } = {}) {
  const user = userEvent.setup();
  if (options.serviceUrl !== undefined) {
    const url = await screen.findByLabelText('Service URL');
    await user.clear(url);
    if (options.serviceUrl) await user.type(url, options.serviceUrl);
  }
  await user.type(await screen.findByLabelText('API key'), key);
  if (options.remember) await user.click(screen.getByLabelText('Remember on this device'));
  await user.click(screen.getByRole('button', { name: 'Connect' }));
  return user;
}

describe('connecting', () => {
  it('checks the key with one small request per kind of data, stores it for the tab, and goes home', async () => {
    const { fetch, createClient } = clientFactoryAnswering(everythingReadable);
    const app = renderApp({ initialPath: '/connect', createClient });
    await connectWith(`  ${KEY}  `, { serviceUrl: 'https://data.example.com/' });

    // The first test of the file also pays for loading the lazy routes' modules: seconds on
    // a busy machine, within vitest.setup.ts's 10 s wait.
    await waitFor(() => expect(app.currentPath()).toBe('/tables/t1'));
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(url).toBe('https://data.example.com/api/public/v1/tables?limit=1');
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${KEY}`);
    const probes = vi.mocked(fetch).mock.calls.slice(0, 5);
    expect(probes.map(([url]) => String(url)).sort()).toEqual(
      ['pages', 'projects', 'skills', 'tables', 'tasks'].map(
        (list) => `https://data.example.com/api/public/v1/${list}?limit=1`,
      ),
    );
    expect(JSON.parse(sessionStorage.getItem(WORKSPACES_STORAGE_KEY) ?? '{}')).toMatchObject({
      workspaces: [{ serviceUrl: 'https://data.example.com', apiKey: KEY }],
    });
    expect(localStorage.getItem(WORKSPACES_STORAGE_KEY)).toBeNull();
    // The header names the workspace; the key shows only as its fingerprint, under Details.
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Workspace: data\.example\.com/ }));
    await user.click(screen.getByText('Details'));
    expect(await screen.findByText('svc_live_…3f9a')).toBeVisible();
    expect(document.body.textContent).not.toContain(KEY);
  });

  it('keeps the key in localStorage when asked to remember it', async () => {
    const { createClient } = clientFactoryAnswering(everythingReadable);
    const app = renderApp({ initialPath: '/connect', createClient });
    await connectWith(KEY, { remember: true });
    await waitFor(() => expect(app.currentPath()).toBe('/tables/t1'));
    expect(localStorage.getItem(WORKSPACES_STORAGE_KEY)).toContain(KEY);
    expect(sessionStorage.getItem(WORKSPACES_STORAGE_KEY)).not.toContain(KEY);
  });

  it.each([
    [
      'a rejected key',
      async () => jsonResponse(401, { error: { code: 'unauthorized', message: 'Bad key.' } }),
      /did not accept this API key/,
    ],
    [
      'a key that may read nothing',
      async (url: string) => lacksScope(`${new URL(url).pathname.split('/').pop()}:read`),
      /not allowed to see anything the dashboard shows/,
    ],
    [
      'an unreachable service',
      async () => {
        throw new TypeError('Failed to fetch');
      },
      /^Could not reach https:\/\/data\.example\.com\. Check the address and your connection\.$/,
    ],
    [
      'an address that is not a service',
      async () => new Response('<!doctype html><p>Hello</p>', { status: 200 }),
      /answered like a workspace data service/,
    ],
    [
      'a 404',
      async () => new Response('Not Found', { status: 404 }),
      /answered like a workspace data service/,
    ],
  ])('explains %s and stays on the connect screen', async (_label, answer, words) => {
    const { createClient } = clientFactoryAnswering(answer);
    const app = renderApp({ initialPath: '/connect', createClient });
    await connectWith(KEY, { serviceUrl: 'https://data.example.com' });

    expect(within(await screen.findByRole('alert')).getByText(words)).toBeVisible();
    expect(screen.getByRole('alert')).not.toHaveTextContent(KEY);
    expect(app.currentPath()).toBe('/connect');
    expect(sessionStorage.getItem(WORKSPACES_STORAGE_KEY)).toBeNull();
  });

  it('warns gently about a key that does not look like a live key', async () => {
    renderApp({ initialPath: '/connect' });
    await userEvent.setup().type(await screen.findByLabelText('API key'), 'hunter2');
    expect(screen.getByText(/doesn’t look like a usual key/)).toBeInTheDocument();
  });

  it('shows and hides the key on request', async () => {
    renderApp({ initialPath: '/connect' });
    const user = userEvent.setup();
    const input = await screen.findByLabelText('API key');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show key' }));
    expect(input).toHaveAttribute('type', 'text');
  });

  it('lets in a key that can read skills but not tables, and starts on skills', async () => {
    const { createClient } = clientFactoryAnswering(async (url) =>
      url.includes('/tables') ? lacksScope('tables:read') : everythingReadable(url),
    );
    const app = renderApp({ initialPath: '/connect', createClient });
    await connectWith(KEY, { serviceUrl: 'https://data.example.com' });

    await waitFor(() => expect(app.currentPath()).toBe('/skills'));
    const nav = await screen.findByRole('navigation', { name: 'Workspace' });
    expect(within(nav).getByRole('link', { name: 'Skills' })).toBeInTheDocument();
    expect(within(nav).getByText(/This key can’t open tables/)).toBeInTheDocument();
    expect(within(nav).queryByRole('searchbox', { name: 'Search tables' })).toBeNull();
  });

  it('starts a key that can read only tasks and pages on tasks, offering nothing else', async () => {
    const { createClient } = clientFactoryAnswering(async (url) => {
      const list = new URL(url).pathname.split('/').pop() ?? '';
      return ['tasks', 'pages'].includes(list)
        ? everythingReadable(url)
        : lacksScope(`${list}:read`);
    });
    const app = renderApp({ initialPath: '/connect', createClient });
    await connectWith(KEY, { serviceUrl: 'https://data.example.com' });

    await waitFor(() => expect(app.currentPath()).toMatch(/^\/tasks/));
    const nav = await screen.findByRole('navigation', { name: 'Workspace' });
    expect(within(nav).getByRole('link', { name: 'Tasks' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Pages' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Skills' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Projects' })).toBeNull();
  });

  it('opens the demo workspace with the key from the runtime config', async () => {
    const { fetch, createClient } = clientFactoryAnswering(everythingReadable);
    const app = renderApp({
      initialPath: '/connect',
      createClient,
      config: { ...DEFAULT_RUNTIME_CONFIG, title: 'Demo', demoKey: KEY },
    });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Open the demo workspace' }));
    await waitFor(() => expect(app.currentPath()).toBe('/tables/t1'));
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/public/v1/tables?limit=1');
  });
});

describe('routing around the connect screen', () => {
  it('sends a deep link to connect, then back to it with its query string', async () => {
    const listSkills = vi.fn(async () => ({ items: [skill], nextCursor: null }));
    const app = renderApp({
      initialPath: '/skills?q=tri&view=list',
      createClient: () => createFakeApiClient({ listSkills }),
    });
    await waitFor(() =>
      expect(app.currentPath()).toBe(
        `/connect?next=${encodeURIComponent('/skills?q=tri&view=list')}`,
      ),
    );
    await connectWith(KEY);
    await waitFor(() => expect(app.currentPath()).toBe('/skills?q=tri&view=list'));
    expect(await screen.findByRole('link', { name: /Triage/ })).toBeInTheDocument();
  });

  it('returns to the connect screen on a 401, with the reason, keeping the URL to return to', async () => {
    sessionStorage.setItem(CONNECTION_STORAGE_KEY, JSON.stringify({ serviceUrl: '', apiKey: KEY }));
    const revoked = new ApiError({
      kind: 'http',
      status: 401,
      code: 'unauthorized',
      reason: null,
      message: 'The service did not accept this API key.',
    });
    const app = renderApp({
      initialPath: '/skills',
      createClient: () =>
        createFakeApiClient({
          listSkills: async () => {
            throw revoked;
          },
        }),
    });
    await waitFor(() =>
      expect(app.currentPath()).toMatch(/^\/connect\?next=%2Fskills&signin=[^&]+$/),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('did not accept this API key');
    expect(sessionStorage.getItem(CONNECTION_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(WORKSPACES_STORAGE_KEY)).not.toContain(KEY);
  });

  it('after a 401 offers Sign in again: a new key opens the same workspace, name kept', async () => {
    const NEW_KEY = 'svc_live_ffff456789abcdef0123456789abcdef0123456789ab0001';
    sessionStorage.setItem(
      WORKSPACES_STORAGE_KEY,
      JSON.stringify({
        workspaces: [
          { id: 'w1', name: 'Acme', serviceUrl: 'https://data.example.com', apiKey: KEY },
        ],
        activeId: 'w1',
      }),
    );
    const refused = new ApiError({
      kind: 'http',
      status: 401,
      code: 'unauthorized',
      reason: null,
      message: 'The service did not accept this API key.',
    });
    const app = renderApp({
      initialPath: '/skills',
      createClient: (connection) =>
        createFakeApiClient({
          listSkills: async () => {
            if (connection.apiKey !== NEW_KEY) throw refused;
            return { items: [skill], nextCursor: null };
          },
        }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in again to Acme' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Service URL')).toHaveValue('https://data.example.com');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Acme');
    expect(sessionStorage.getItem(WORKSPACES_STORAGE_KEY)).not.toContain(KEY);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('API key'), NEW_KEY);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(app.currentPath()).toBe('/skills'));
    expect(await screen.findByRole('link', { name: /Triage/ })).toBeInTheDocument();
    expect(app.services.authStore.getState().workspaces).toMatchObject([
      { id: 'w1', name: 'Acme', keyRefused: false, connection: { apiKey: NEW_KEY } },
    ]);
  });

  it('signs out: forgets the key everywhere and empties the cache', async () => {
    localStorage.setItem(CONNECTION_STORAGE_KEY, JSON.stringify({ serviceUrl: '', apiKey: KEY }));
    const app = renderApp({
      initialPath: '/skills',
      createClient: () =>
        createFakeApiClient({ listSkills: async () => ({ items: [skill], nextCursor: null }) }),
    });
    await screen.findByRole('link', { name: /Triage/ });
    const cache = app.services.queryClient.getQueryCache();
    expect(cache.getAll().length).toBeGreaterThan(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(app.currentPath()).toBe('/connect'));
    for (const storage of [localStorage, sessionStorage]) {
      expect(storage.getItem(CONNECTION_STORAGE_KEY)).toBeNull();
      expect(storage.getItem(WORKSPACES_STORAGE_KEY)).toBeNull();
    }
    expect(cache.getAll()).toHaveLength(0);
    expect(app.services.cachedWorkspaceIds()).toEqual([]);
  });
});
