import { describe, expect, it } from 'vitest';
import { customerIdOf, skillIdOf, TABLE_IDS } from './seed/demo-seed';
import { LISTS, ORDERS, V1 } from './testing/api-reading';
import { fileTestServer } from './testing/file-test-server';
import { errorOf } from './testing/test-server';

const server = fileTestServer();

/** Paths, methods, limits and the envelope of every list (CONTRACT §1, §2, §4). */

describe('§1 paths and methods', () => {
  it.each(LISTS)('GET $path answers 200 with its envelope (§2)', async ({ path, array }) => {
    const response = await server.get(path);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual([array, 'next_cursor'].sort());
    expect(Array.isArray(body[array])).toBe(true);
  });

  it('serves the same skills at /v1/skills and /api/public/v1/skills', async () => {
    const [a, b] = await Promise.all([
      server.get('/v1/skills?limit=5'),
      server.get(`${V1}/skills?limit=5`),
    ]);
    const bodyA = (await a.json()) as { skills: { id: string }[] };
    const bodyB = (await b.json()) as { skills: { id: string }[] };
    expect(bodyA.skills.map((s) => s.id)).toEqual(bodyB.skills.map((s) => s.id));
    const detail = await server.get(`/v1/skills/${skillIdOf('acme', 0)}`);
    expect(detail.status).toBe(200);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    '%s on a known path is 405 with Allow',
    async (method) => {
      for (const path of [`${V1}/tables`, `${ORDERS}/records`, '/v1/skills/x', `${V1}/tasks`]) {
        const response = await server.get(path, { method });
        expect(response.status).toBe(405);
        expect(response.headers.get('Allow')).toBe('GET, HEAD, OPTIONS');
        const error = await errorOf(response);
        expect(error.code).toBe('method_not_allowed');
      }
    },
  );

  it('answers 404 not_found for unknown paths, with or without a key', async () => {
    for (const path of [
      '/',
      '/api/public/v1',
      `${V1}/tablez`,
      `${ORDERS}/records/${customerIdOf(0)}/extra`,
      '/v2/skills',
    ]) {
      for (const key of [server.acmeKey, null]) {
        const response = await server.get(path, { key });
        expect(response.status).toBe(404);
        expect((await errorOf(response)).code).toBe('not_found');
      }
    }
  });

  it('HEAD works wherever GET does: same status and headers, no body', async () => {
    for (const path of [
      `${V1}/tables`,
      `${ORDERS}/records?limit=3`,
      `${V1}/tables/${TABLE_IDS.orders}`,
    ]) {
      const get = await server.get(path);
      const head = await server.get(path, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('Content-Type')).toBe(get.headers.get('Content-Type'));
      expect(head.headers.get('X-Request-Id')).toMatch(/^req_/);
      expect(head.headers.get('RateLimit-Limit')).toBe('600');
      expect(await head.text()).toBe('');
    }
    expect((await server.get(`${V1}/tables`, { method: 'HEAD', key: null })).status).toBe(401);
  });
});

describe('§1/§4 limits', () => {
  it.each(LISTS)(
    '$path: clamps above max, 400 invalid_limit below 1 or not an integer',
    async ({ path, array, max }) => {
      const join = path.includes('?') ? '&' : '?';
      const clamped = await server.get(`${path}${join}limit=${max + 1}`);
      expect(clamped.status).toBe(200);
      const body = (await clamped.json()) as Record<string, unknown[]>;
      expect(body[array]?.length).toBeLessThanOrEqual(max);
      for (const bad of ['0', '-1', '1.5', 'abc', '', '1e2', '10abc']) {
        const response = await server.get(`${path}${join}limit=${encodeURIComponent(bad)}`);
        expect(response.status, `limit=${bad}`).toBe(400);
        const error = await errorOf(response);
        expect(error.details).toEqual({ param: 'limit', reason: 'invalid_limit' });
      }
    },
  );

  it('uses the default limit when absent (records 100, skills 50, tables up to 100)', async () => {
    const records = (await (await server.get(`${ORDERS}/records`)).json()) as {
      records: unknown[];
    };
    expect(records.records).toHaveLength(100);
    const skills = (await (await server.get('/v1/skills')).json()) as { skills: unknown[] };
    expect(skills.skills).toHaveLength(50);
    const big = (await (await server.get(`${ORDERS}/records?limit=99999999999999`)).json()) as {
      records: unknown[];
    };
    expect(big.records).toHaveLength(300);
  });
});

describe('§2 envelope and paging of resource lists', () => {
  it.each(LISTS.filter((l) => !l.path.endsWith('/tables')))(
    'following next_cursor of $path yields every item once, and null only at the end',
    async ({ path, array }) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const join = path.includes('?') ? '&' : '?';
        const url: string = `${path}${join}limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const body = (await (await server.get(url)).json()) as Record<string, unknown>;
        const items = body[array] as { id: string }[];
        cursor = body.next_cursor as string | null;
        if (cursor !== null) expect(items).toHaveLength(7);
        else expect(items.length).toBeGreaterThan(0);
        seen.push(...items.map((i) => i.id));
        pages += 1;
      } while (cursor !== null && pages < 200);
      expect(new Set(seen).size).toBe(seen.length);
    },
  );

  it('a full last page has next_cursor null (the server looks one ahead)', async () => {
    // acme has 121 skills: limit 121 returns all of them and no cursor.
    const body = (await (await server.get('/v1/skills?limit=121')).json()) as {
      skills: unknown[];
      next_cursor: string | null;
    };
    expect(body.skills).toHaveLength(121);
    expect(body.next_cursor).toBeNull();
    const empty = (await (
      await server.get(`${V1}/tables/${TABLE_IDS.archive}/records`)
    ).json()) as {
      records: unknown[];
      next_cursor: string | null;
    };
    expect(empty).toEqual({ records: [], next_cursor: null });
  });
});
