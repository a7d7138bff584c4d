import { describe, expect, it, vi } from 'vitest';
import { createLazyApiClient } from './lazy-client';

const createApiClient = vi.hoisted(() => vi.fn());
vi.mock('./client', () => ({ createApiClient }));

const connection = {
  serviceUrl: 'https://data.example.com',
  apiKey: 'svc_live_x',
  skillsPath: null,
};

describe('the lazily loaded API client', () => {
  it('makes one real client, on the first request, and hands every request to it', async () => {
    const listTables = vi.fn(async () => ({ items: [], nextCursor: null }));
    const getSkill = vi.fn(async (id: string) => ({ id }));
    createApiClient.mockReturnValue({ listTables, getSkill });
    const fetch = vi.fn();

    const client = createLazyApiClient(connection, { fetch });
    expect(createApiClient).not.toHaveBeenCalled();
    await client.listTables({ limit: 1 });
    await client.getSkill('sk_1');

    expect(createApiClient).toHaveBeenCalledTimes(1);
    expect(createApiClient).toHaveBeenCalledWith(connection, { fetch });
    expect(listTables).toHaveBeenCalledWith({ limit: 1 });
    expect(getSkill).toHaveBeenCalledWith('sk_1');
  });
});
