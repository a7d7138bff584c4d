import { describe, expect, it } from 'vitest';
import { createFakeApiClient } from '../testing/fake-api-client';
import { ApiError } from './errors';
import { probeReadableScopes } from './readable-scopes';
import type { Scope } from './types';

const httpError = (status: number) =>
  new ApiError({ kind: 'http', status, code: null, reason: null, message: `HTTP ${status}` });

describe('probeReadableScopes', () => {
  it('lists the scopes whose probe said yes, in the dashboard’s order', async () => {
    const readable = new Set<Scope>(['projects:read', 'skills:read']);
    const client = createFakeApiClient({ canRead: async (scope) => readable.has(scope) });
    expect(await probeReadableScopes(client)).toEqual(['skills:read', 'projects:read']);
  });

  it('refuses a key that may read nothing, with a sentence that says so', async () => {
    const client = createFakeApiClient({ canRead: async () => false });
    await expect(probeReadableScopes(client)).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining('not allowed to see anything'),
    });
  });

  it('rejects with the 401 when the key itself is refused, whatever the other probes said', async () => {
    const client = createFakeApiClient({
      canRead: async (scope) => {
        if (scope === 'tables:read') throw httpError(503);
        if (scope === 'pages:read') throw httpError(401);
        return true;
      },
    });
    await expect(probeReadableScopes(client)).rejects.toMatchObject({ status: 401 });
  });
});
