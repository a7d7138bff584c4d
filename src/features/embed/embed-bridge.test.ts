import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import type { ApiClient, Connection } from '../../lib/api/types';
import { createAuthStore } from '../../lib/auth/auth-store';
import { CONNECTION_STORAGE_KEY } from '../../lib/auth/connection-storage';
import { memoryOnlyPersistence } from '../../lib/auth/memory-persistence';
import { activeLocale, switchLocale } from '../../lib/i18n/i18n';
import { createFakeApiClient } from '../../lib/testing/fake-api-client';
import { createEmbedBridge, type EmbedBridgeDeps } from './embed-bridge';
import { createFakeFrame } from './testing/fake-frame';

const HOST = 'https://intranet.example.com';
const OTHER_HOST = 'https://partner.example.org';
const KEY = 'svc_live_0123456789abcdef0123456789abcdef0123456789ab3f9a';

function apiError(status: number, message: string, kind: ApiError['kind'] = 'http') {
  return new ApiError({ kind, status, code: null, reason: null, message });
}

function setUp(
  options: {
    embedOrigins?: string[];
    listTables?: ApiClient['listTables'];
    listSkills?: ApiClient['listSkills'];
    framed?: boolean;
  } = {},
) {
  const frame = createFakeFrame();
  const warn = vi.fn();
  const bridge = createEmbedBridge({
    self: frame.self,
    parent: options.framed === false ? (frame.self as never) : frame.parent,
    warn,
  });
  const clearCache = vi.fn();
  const authStore = createAuthStore({ persistence: memoryOnlyPersistence, onSignOut: clearCache });
  const listTables = vi.fn(options.listTables ?? (async () => ({ items: [], nextCursor: null })));
  const createClient = vi.fn((_connection: Connection) =>
    createFakeApiClient({
      listTables,
      ...(options.listSkills ? { listSkills: options.listSkills } : {}),
    }),
  );
  const navigate = vi.fn();
  const deps: EmbedBridgeDeps = {
    config: {
      embedOrigins: options.embedOrigins ?? [HOST],
      serviceUrl: 'https://data.example.com',
      skillsPath: null,
      locales: ['en', 'es', 'pt-BR'],
    },
    authStore,
    createClient,
    clearCache,
    navigate,
  };
  return {
    ...frame,
    bridge,
    deps,
    authStore,
    createClient,
    listTables,
    navigate,
    clearCache,
    warn,
  };
}

const connectMessage = (extra: Record<string, unknown> = {}) => ({
  type: 'workspace-browser:connect',
  version: 1,
  apiKey: KEY,
  ...extra,
});

describe('embed bridge: who may hand over a key', () => {
  it('accepts connect from a listed origin: checks the key, keeps it in the store, answers there', async () => {
    const t = setUp();
    t.bridge.attach(t.deps);
    t.receive(HOST, connectMessage({ serviceUrl: 'https://other.example.com/' }));

    await waitFor(() => expect(t.authStore.getState().session).not.toBeNull());
    expect(t.createClient).toHaveBeenCalledWith({
      serviceUrl: 'https://other.example.com',
      apiKey: KEY,
      skillsPath: null,
    });
    expect(t.listTables).toHaveBeenCalledWith({ limit: 1 });
    expect(t.posted()).toContainEqual({
      message: {
        type: 'workspace-browser:connected',
        version: 1,
        serviceUrl: 'https://other.example.com',
      },
      target: HOST,
    });
    expect(JSON.stringify(t.posted())).not.toContain(KEY);
  });

  it('uses the config service URL when the host names none', async () => {
    const t = setUp();
    t.bridge.attach(t.deps);
    t.receive(HOST, connectMessage());
    await waitFor(() =>
      expect(t.authStore.getState().session?.connection.serviceUrl).toBe(
        'https://data.example.com',
      ),
    );
  });

  it.each([
    ['an unlisted origin', OTHER_HOST],
    ['another scheme', 'http://intranet.example.com'],
    ['another port', 'https://intranet.example.com:8443'],
    ['a look-alike host', 'https://intranet.example.com.evil.test'],
    ['a sandboxed frame', 'null'],
  ])('ignores connect from %s, without an answer', async (_label, origin) => {
    const t = setUp();
    t.bridge.attach(t.deps);
    const readyOnly = t.posted();
    t.receive(origin, connectMessage());
    await Promise.resolve();

    expect(t.createClient).not.toHaveBeenCalled();
    expect(t.authStore.getState().session).toBeNull();
    expect(t.posted()).toEqual(readyOnly);
    expect(t.warn).toHaveBeenCalledWith(expect.stringContaining(origin));
    expect(t.warn.mock.calls.join(' ')).not.toContain(KEY);
  });

  it('ignores a listed origin’s message that did not come from the parent window', async () => {
    const t = setUp();
    t.bridge.attach(t.deps);
    t.receive(HOST, connectMessage(), { postMessage: vi.fn() });
    await Promise.resolve();
    expect(t.createClient).not.toHaveBeenCalled();
  });

  it('accepts nothing and announces nothing when config lists no origins', async () => {
    const t = setUp({ embedOrigins: [] });
    t.bridge.attach(t.deps);
    t.receive(HOST, connectMessage());
    await Promise.resolve();
    expect(t.createClient).not.toHaveBeenCalled();
    expect(t.posted()).toEqual([]);
    expect(t.warn).toHaveBeenCalledWith(expect.stringContaining('no "embedOrigins"'));
  });

  it('ignores other scripts’ messages silently', async () => {
    const t = setUp();
    t.bridge.attach(t.deps);
    const before = t.posted().length;
    t.receive(HOST, 'hello');
    t.receive(HOST, { type: 'react-devtools' });
    t.receive(OTHER_HOST, { source: 'some-extension' });
    await Promise.resolve();
    expect(t.posted()).toHaveLength(before);
    expect(t.warn).not.toHaveBeenCalled();
  });

  it('keeps messages that arrive before the app is up, and judges them against config then', async () => {
    const t = setUp();
    t.receive(OTHER_HOST, connectMessage({ apiKey: 'svc_live_other' }));
    t.receive(HOST, connectMessage());
    expect(t.createClient).not.toHaveBeenCalled();

    t.bridge.attach(t.deps);
    await waitFor(() => expect(t.authStore.getState().session?.connection.apiKey).toBe(KEY));
    expect(t.createClient).toHaveBeenCalledTimes(1);
  });

  it('stops listening when disposed', () => {
    const t = setUp();
    expect(t.listenerCount()).toBe(1);
    t.bridge.dispose();
    expect(t.listenerCount()).toBe(0);
  });
});

describe('embed bridge: announcements', () => {
  it('announces ready once, to each listed origin and never to "*"', () => {
    const t = setUp({ embedOrigins: [HOST, OTHER_HOST] });
    const detach = t.bridge.attach(t.deps);
    detach();
    t.bridge.attach(t.deps);
    expect(t.posted()).toEqual([
      { message: { type: 'workspace-browser:ready', version: 1 }, target: HOST },
      { message: { type: 'workspace-browser:ready', version: 1 }, target: OTHER_HOST },
    ]);
  });

  it('posts nothing when the page is not in a frame', async () => {
    const t = setUp({ framed: false });
    t.bridge.attach(t.deps);
    t.receive(HOST, connectMessage(), t.self);
    await Promise.resolve();
    expect(t.posted()).toEqual([]);
    expect(t.createClient).not.toHaveBeenCalled();
  });

  it('after a connect, sends announcements only to the origin that handed over the key', async () => {
    const t = setUp({ embedOrigins: [HOST, OTHER_HOST] });
    t.bridge.attach(t.deps);
    t.receive(OTHER_HOST, connectMessage());
    await waitFor(() => expect(t.authStore.getState().session).not.toBeNull());
    t.bridge.keyRejected('The service did not accept this API key.');
    const afterReady = t.posted().slice(2);
    expect(afterReady.map((post) => post.target)).toEqual([OTHER_HOST, OTHER_HOST]);
    expect(afterReady[1]?.message).toEqual({
      type: 'workspace-browser:key-rejected',
      version: 1,
      reason: 'unauthorized',
      message: 'The service did not accept this API key.',
    });
  });

  it.each([
    [
      401,
      'http' as const,
      {
        type: 'workspace-browser:key-rejected',
        reason: 'unauthorized',
        message: `Key svc_live_…3f9a was not accepted.`,
      },
    ],
    [
      null,
      'network' as const,
      {
        type: 'workspace-browser:error',
        code: 'service-unreachable',
        message: `Key svc_live_…3f9a was not accepted.`,
      },
    ],
  ])(
    'reports a failed key check (%s %s) with a reason, never the key',
    async (status, kind, expected) => {
      const t = setUp({
        listTables: async () => {
          // Even a service that echoes the key gets it masked.
          throw apiError(status ?? 0, `Key ${KEY} was not accepted.`, kind);
        },
      });
      t.bridge.attach(t.deps);
      t.receive(HOST, connectMessage());
      await waitFor(() => expect(t.posted()).toHaveLength(2));
      expect(t.posted()[1]).toEqual({ message: { version: 1, ...expected }, target: HOST });
      expect(t.authStore.getState().session).toBeNull();
      // The connect screen in the frame says why too (in its own words, from the error).
      expect(t.authStore.getState().signedOutReason).toMatchObject({
        kind: 'connect-failed',
        error: expect.objectContaining({ status: status ?? 0 }),
      });
      expect(JSON.stringify(t.posted())).not.toContain(KEY);
    },
  );

  it('connects a key that may read skills but not tables, and refuses one that may read nothing', async () => {
    const forbidden = async (): Promise<never> => {
      throw apiError(403, 'This key lacks the permission.');
    };
    const t = setUp({
      listTables: forbidden,
    });
    t.bridge.attach(t.deps);
    t.receive(HOST, connectMessage());
    await waitFor(() => expect(t.authStore.getState().session).not.toBeNull());
    expect(t.authStore.getState().session?.readableScopes).not.toContain('tables:read');
    expect(t.authStore.getState().session?.readableScopes).toContain('skills:read');

    t.createClient.mockImplementation(() => createFakeApiClient({ canRead: async () => false }));
    t.receive(HOST, connectMessage({ apiKey: 'svc_live_fewer0000000000000000' }));
    await waitFor(() => expect(t.authStore.getState().session).toBeNull());
    expect(t.posted().at(-1)?.message).toMatchObject({
      type: 'workspace-browser:key-rejected',
      reason: 'insufficient-scope',
      message: expect.stringContaining('not allowed to see anything'),
    });
  });

  it('drops the previous key when the host’s next key is rejected', async () => {
    let accept = true;
    const t = setUp({
      listTables: async () => {
        if (accept) return { items: [], nextCursor: null };
        throw apiError(401, 'The service did not accept this API key.');
      },
    });
    t.bridge.attach(t.deps);
    t.receive(HOST, connectMessage());
    await waitFor(() => expect(t.authStore.getState().session).not.toBeNull());
    accept = false;
    t.receive(HOST, connectMessage({ apiKey: 'svc_live_revoked0000' }));
    await waitFor(() => expect(t.authStore.getState().session).toBeNull());
    expect(t.authStore.getState().signedOutReason).toMatchObject({
      kind: 'connect-failed',
      error: expect.objectContaining({ status: 401 }),
    });
    expect(t.clearCache).toHaveBeenCalled();
  });

  it('empties the cache when the host switches to another key', async () => {
    const t = setUp();
    t.bridge.attach(t.deps);
    t.receive(HOST, connectMessage());
    await waitFor(() => expect(t.authStore.getState().session).not.toBeNull());
    expect(t.clearCache).not.toHaveBeenCalled();
    t.receive(HOST, connectMessage({ apiKey: `${KEY}00` }));
    await waitFor(() => expect(t.authStore.getState().session?.connection.apiKey).toBe(`${KEY}00`));
    expect(t.clearCache).toHaveBeenCalledTimes(1);
  });

  it('answers a malformed message from a listed origin with an error naming the problem', () => {
    const t = setUp();
    t.bridge.attach(t.deps);
    t.receive(HOST, { type: 'workspace-browser:connect' });
    t.receive(HOST, connectMessage({ version: 2 }));
    t.receive(HOST, connectMessage({ serviceUrl: 'javascript:alert(1)' }));
    t.receive(HOST, { type: 'workspace-browser:navigate', to: { wiki: 'x' } });
    t.receive(HOST, { type: 'workspace-browser:explode' });
    t.receive(HOST, { type: 'workspace-browser:ready', version: 1 });
    const codes = t
      .posted()
      .slice(1)
      .map(({ message, target }) => [(message as { code: string }).code, target]);
    expect(codes).toEqual([
      ['bad-message', HOST],
      ['unsupported-version', HOST],
      ['bad-message', HOST],
      ['bad-message', HOST],
      ['unknown-message', HOST],
    ]);
    expect(t.createClient).not.toHaveBeenCalled();
  });
});

describe('embed bridge: navigate', () => {
  it('routes to a table or a skill, encoding the id', () => {
    const t = setUp();
    t.bridge.attach(t.deps);
    t.receive(HOST, { type: 'workspace-browser:navigate', version: 1, to: { table: 'tbl 1/2' } });
    t.receive(HOST, { type: 'workspace-browser:navigate', to: { skill: 'sk_9' } });
    t.receive(HOST, { type: 'workspace-browser:navigate', to: { task: 't1' } });
    t.receive(HOST, { type: 'workspace-browser:navigate', to: { page: 'p/1' } });
    t.receive(HOST, { type: 'workspace-browser:navigate', to: { project: 'pr1' } });
    expect(t.navigate.mock.calls).toEqual([
      ['/tables/tbl%201%2F2'],
      ['/skills/sk_9'],
      ['/tasks/t1'],
      ['/pages/p%2F1'],
      ['/projects/pr1'],
    ]);
  });

  it('speaks the host’s language, among those the deployment offers, and refuses a malformed one', async () => {
    const t = setUp();
    t.bridge.attach(t.deps);
    t.receive(HOST, { type: 'workspace-browser:navigate', to: { table: 't1' }, locale: 'pt-PT' });
    await waitFor(() => expect(activeLocale()).toBe('pt-BR'));
    expect(document.documentElement.lang).toBe('pt-BR');
    t.receive(HOST, { type: 'workspace-browser:navigate', to: { table: 't1' }, locale: 'x y' });
    expect(t.posted()).toContainEqual({
      message: {
        type: 'workspace-browser:error',
        version: 1,
        code: 'bad-message',
        message: 'navigate: locale must be a language tag such as "es" or "pt-BR".',
      },
      target: HOST,
    });
    await switchLocale('en');
  });

  it('ignores navigate from an unlisted origin', () => {
    const t = setUp();
    t.bridge.attach(t.deps);
    t.receive(OTHER_HOST, { type: 'workspace-browser:navigate', to: { table: 't1' } });
    expect(t.navigate).not.toHaveBeenCalled();
  });
});

describe('embed bridge: the key stays in memory', () => {
  it('writes nothing to sessionStorage or localStorage', async () => {
    const t = setUp();
    t.bridge.attach(t.deps);
    t.receive(HOST, connectMessage());
    await waitFor(() => expect(t.authStore.getState().session).not.toBeNull());
    t.authStore.signOut({ kind: 'key-rejected', detail: 'gone' });

    for (const storage of [sessionStorage, localStorage]) {
      expect(storage.getItem(CONNECTION_STORAGE_KEY)).toBeNull();
      for (let index = 0; index < storage.length; index += 1) {
        const name = storage.key(index) ?? '';
        expect(`${name}=${storage.getItem(name)}`).not.toContain(KEY);
      }
    }
  });

  it('does not pick up a key the stand-alone dashboard remembered on this origin', () => {
    localStorage.setItem(
      CONNECTION_STORAGE_KEY,
      JSON.stringify({ serviceUrl: '', apiKey: KEY, skillsPath: null }),
    );
    const t = setUp();
    expect(t.authStore.getState().session).toBeNull();
  });
});
