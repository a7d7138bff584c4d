import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApiClient } from '../../lib/testing/fake-api-client';

import {
  apiError,
  connectMessage,
  HOST,
  KEY,
  OTHER_HOST,
  setUp,
} from './testing/embed-bridge-setup';

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
