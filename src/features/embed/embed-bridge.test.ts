import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CONNECTION_STORAGE_KEY } from '../../lib/auth/connection-storage';
import { activeLocale, switchLocale } from '../../lib/i18n/i18n';

import { connectMessage, HOST, KEY, OTHER_HOST, setUp } from './testing/embed-bridge-setup';

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
