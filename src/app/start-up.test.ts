import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_STORAGE_KEY } from '../lib/auth/connection-storage';
import { startUp } from './start-up';
import type { StartedEarly } from './start-up-handoff';
import { startUpMessagesOf } from './start-up-messages';

const KEY = 'svc_live_0123456789abcdef0123456789abcdef0123456789ab3f9a';

/** The network as the start-up script sees it: config.json absent, the API answering `{}`. */
function network() {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
    String(input).endsWith('config.json')
      ? new Response('', { status: 404 })
      : new Response('{}', { status: 200 }),
  );
  const sent = () => fetch.mock.calls.map(([input]) => String(input));
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent, calls: fetch.mock.calls };
}

/** The app's code, arriving at once; what the start-up script handed it is kept. */
function appModule() {
  const startApp = vi.fn((_started: StartedEarly, _root: HTMLElement, _hash: string) => {});
  const loadApp = vi.fn(async () => ({ startApp }) as unknown as typeof import('./start-app'));
  return { startApp, loadApp, started: () => startApp.mock.calls[0]?.[0] };
}

function openAt(hash: string) {
  window.history.replaceState(null, '', `/${hash}`);
}

beforeEach(() => {
  document.body.innerHTML =
    '<div id="root"><div role="status"><span aria-hidden="true"></span><span>Starting…</span></div></div>';
});
afterEach(() => {
  openAt('');
});

describe('start-up, before the app’s code is in', () => {
  it('with a stored key, sends the page’s first requests and config.json at once', async () => {
    sessionStorage.setItem(CONNECTION_STORAGE_KEY, JSON.stringify({ serviceUrl: '', apiKey: KEY }));
    openAt('#/tables/tbl-orders?sort=name:desc');
    const net = network();
    const app = appModule();
    const loadPageCode = vi.fn();

    startUp({ fetch: net.fetch, loadApp: app.loadApp, loadPageCode });

    expect(net.sent()).toEqual([
      './config.json',
      '/api/public/v1/tables/tbl-orders',
      '/api/public/v1/tables/tbl-orders/records?limit=100&sort=name%3Adesc',
      // The sidebar's first page of tables (the stored key's scopes are not known: all).
      '/api/public/v1/tables?limit=100',
    ]);
    for (const [input, init] of net.calls.slice(1)) {
      expect(String(input)).not.toContain(KEY);
      expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${KEY}`);
    }
    expect(loadPageCode).toHaveBeenCalledWith('/tables/tbl-orders', false);
    await waitFor(() => expect(app.startApp).toHaveBeenCalledTimes(1));
    expect(app.started()?.early?.connection).toMatchObject({ serviceUrl: '', apiKey: KEY });
    expect(app.started()?.embedBridgeStarting).toBeNull();
    await expect(app.started()?.config).resolves.toMatchObject({ serviceUrl: '' });
  });

  it('without a key (the connect screen), asks for config.json only', async () => {
    openAt('#/tables/tbl-orders');
    const net = network();
    const app = appModule();
    const loadPageCode = vi.fn();

    startUp({ fetch: net.fetch, loadApp: app.loadApp, loadPageCode });

    expect(net.sent()).toEqual(['./config.json']);
    expect(loadPageCode).not.toHaveBeenCalled();
    await waitFor(() => expect(app.startApp).toHaveBeenCalledTimes(1));
    expect(app.started()?.early).toBeNull();
  });

  it('in the embedded view, sends nothing with a key the tab stored: the host hands it one', async () => {
    sessionStorage.setItem(CONNECTION_STORAGE_KEY, JSON.stringify({ serviceUrl: '', apiKey: KEY }));
    openAt('#/embed/tables/tbl-orders');
    const net = network();
    const app = appModule();
    const loadPageCode = vi.fn();

    startUp({ fetch: net.fetch, loadApp: app.loadApp, loadPageCode });

    expect(net.sent()).toEqual(['./config.json']);
    expect(loadPageCode).toHaveBeenCalledWith('/tables/tbl-orders', true);
    await waitFor(() => expect(app.startApp).toHaveBeenCalledTimes(1));
    expect(app.started()?.early).toBeNull();
    // Awaited so the bridge's code has loaded before the test ends: an import still under
    // way when the file's environment is torn down is an unhandled error (seen under load).
    await expect(app.started()?.embedBridgeStarting).resolves.toBeDefined();
  });

  it('says so, with a way forward, when the app’s code can’t be loaded', async () => {
    const net = network();

    startUp({
      fetch: net.fetch,
      loadApp: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      loadPageCode: vi.fn(),
    });

    await waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toBe(
        startUpMessagesOf('en').loadFailed,
      ),
    );
    expect(startUpMessagesOf('en').loadFailed).toContain('reload the page');
  });

  it('speaks the language chosen on this device from the first paint, failures included', async () => {
    const net = network();
    localStorage.setItem('workspace-browser:locale', 'pt-BR');

    startUp({
      fetch: net.fetch,
      loadApp: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      loadPageCode: vi.fn(),
    });

    expect(document.documentElement.lang).toBe('pt-BR');
    expect(document.querySelector('[role="status"]')?.textContent).toBe('Iniciando…');
    await waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toBe(
        'Não foi possível carregar o Workspace Browser. Verifique sua conexão e recarregue a página.',
      ),
    );
  });

  it('at the root address, returns to the workspace’s last screen before asking for anything', async () => {
    sessionStorage.setItem(
      'workspace-browser.workspaces',
      JSON.stringify({
        workspaces: [{ id: 'ws-last', name: null, serviceUrl: '', apiKey: KEY }],
        activeId: 'ws-last',
      }),
    );
    sessionStorage.setItem(
      'workspace-browser.where',
      JSON.stringify([{ w: 'ws-last', k: 'screen', t: 1, d: '/tables/tbl-orders?sort=name:desc' }]),
    );
    openAt('#/');
    const net = network();
    const app = appModule();
    const loadPageCode = vi.fn();

    startUp({ fetch: net.fetch, loadApp: app.loadApp, loadPageCode });

    expect(window.location.hash).toBe('#/tables/tbl-orders?sort=name:desc');
    expect(net.sent()).toContain(
      '/api/public/v1/tables/tbl-orders/records?limit=100&sort=name%3Adesc',
    );
    expect(loadPageCode).toHaveBeenCalledWith('/tables/tbl-orders', false);
    await waitFor(() => expect(app.startApp).toHaveBeenCalledTimes(1));
    sessionStorage.clear();
  });
});
