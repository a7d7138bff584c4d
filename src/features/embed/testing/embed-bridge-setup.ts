/** The embed bridge's tests' set-up: a fake frame and host, the bridge and what it is given. */
import { vi } from 'vitest';
import { ApiError } from '../../../lib/api/errors';
import type { ApiClient, Connection } from '../../../lib/api/types';
import { createAuthStore } from '../../../lib/auth/auth-store';
import { memoryOnlyPersistence } from '../../../lib/auth/memory-persistence';
import { createFakeApiClient } from '../../../lib/testing/fake-api-client';
import { createEmbedBridge, type EmbedBridgeDeps } from '../embed-bridge';
import { createFakeFrame } from './fake-frame';

export const HOST = 'https://intranet.example.com';
export const OTHER_HOST = 'https://partner.example.org';
export const KEY = 'svc_live_0123456789abcdef0123456789abcdef0123456789ab3f9a';

export function apiError(status: number, message: string, kind: ApiError['kind'] = 'http') {
  return new ApiError({ kind, status, code: null, reason: null, message });
}

export function setUp(
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

export const connectMessage = (extra: Record<string, unknown> = {}) => ({
  type: 'workspace-browser:connect',
  version: 1,
  apiKey: KEY,
  ...extra,
});
