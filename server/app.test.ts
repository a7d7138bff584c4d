import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from './app';
import {
  ACME_PAGE_COUNT,
  ACME_TASK_COUNT,
  BOT_IDS,
  customerIdOf,
  HOSTILE_SKILL_ID,
  HOSTILE_TASK_ID,
  PAGE_IDS,
  PROJECT_IDS,
  skillIdOf,
  TABLE_IDS,
  USER_IDS,
} from './seed/demo-seed';
import { errorOf, startTestServer, type TestServer } from './testing/test-server';

let server: TestServer;
beforeAll(() => {
  server = startTestServer();
});
afterAll(() => server.close());

const V1 = '/api/public/v1';
const ORDERS = `${V1}/tables/${TABLE_IDS.orders}`;

/** Every list path with the scope it needs and the array name of its envelope. */
const LISTS = [
  { path: `${V1}/tables`, scope: 'tables:read', array: 'tables', max: 100 },
  { path: `${ORDERS}/records`, scope: 'tables:read', array: 'records', max: 500 },
  { path: '/v1/skills', scope: 'skills:read', array: 'skills', max: 200 },
  { path: `${V1}/skills`, scope: 'skills:read', array: 'skills', max: 200 },
  { path: `${V1}/tasks`, scope: 'tasks:read', array: 'tasks', max: 200 },
  { path: `${V1}/pages`, scope: 'pages:read', array: 'pages', max: 200 },
  { path: `${V1}/projects`, scope: 'projects:read', array: 'projects', max: 200 },
] as const;

/** Every item of a list, following next_cursor to the end. */
async function all(path: string, array: string, key?: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  do {
    const join = path.includes('?') ? '&' : '?';
    const url: string = `${path}${join}limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const body = (await (await server.get(url, { key })).json()) as Record<string, unknown>;
    items.push(...(body[array] as Record<string, unknown>[]));
    cursor = body.next_cursor as string | null;
  } while (cursor !== null);
  return items;
}

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

describe('§3 objects', () => {
  const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('table list items and the table detail with columns', async () => {
    const list = (await (await server.get(`${V1}/tables`)).json()) as {
      tables: Record<string, unknown>[];
    };
    for (const table of list.tables) {
      expect(Object.keys(table).sort()).toEqual(
        ['id', 'alias_id', 'name', 'description', 'project_id', 'created_at', 'updated_at'].sort(),
      );
      expect(table.id).toMatch(UUID);
      expect(table.created_at).toMatch(ISO);
    }
    const detail = (await (await server.get(`${V1}/tables/${TABLE_IDS.kitchenSink}`)).json()) as {
      columns: Record<string, unknown>[];
    };
    const types = detail.columns.map((c) => c.type);
    for (const type of [
      'TEXT',
      'LONGTEXT',
      'EMAIL',
      'PHONE',
      'URL',
      'NUMBER',
      'BOOLEAN',
      'DATETIME',
      'SELECT',
      'MULTISELECT',
      'REFERENCE',
      'FILE',
      'FORMULA',
      'AI',
      'SERIAL',
    ]) {
      expect(types).toContain(type);
    }
    const choice = detail.columns.find((c) => c.name === 'Choice');
    expect(choice).toMatchObject({
      type: 'SELECT',
      settings: { options: ['Red', 'Green', 'Blue', '<b>bold</b>'] },
    });
    expect(Object.keys(choice ?? {}).sort()).toEqual(
      [
        'id',
        'name',
        'description',
        'type',
        'settings',
        'order_index',
        'required',
        'default_value',
        'is_primary',
      ].sort(),
    );
  });

  it('records carry id, fields by column name, created_at, updated_at; values keep their JSON types', async () => {
    const body = (await (
      await server.get(`${V1}/tables/${TABLE_IDS.kitchenSink}/records?limit=1`)
    ).json()) as {
      records: {
        id: string;
        fields: Record<string, unknown>;
        created_at: string;
        updated_at: string;
      }[];
    };
    const record = body.records[0];
    expect(record).toBeDefined();
    expect(Object.keys(record ?? {}).sort()).toEqual(['created_at', 'fields', 'id', 'updated_at']);
    expect(record?.fields).toMatchObject({
      Title: 'Plain row',
      Number: 42,
      Done: true,
      Choices: ['Alpha', 'Beta'],
      'Row no': 1,
    });
    expect(record?.fields.Attachments).toEqual([
      {
        name: 'report.pdf',
        size: 1234,
        mime_type: 'application/pdf',
        url: 'https://files.example.com/acme/report.pdf',
      },
    ]);
  });

  it('skill list item vs detail (content_text, linked_entities)', async () => {
    const list = (await (await server.get('/v1/skills?limit=1')).json()) as {
      skills: Record<string, unknown>[];
    };
    expect(Object.keys(list.skills[0] ?? {}).sort()).toEqual(
      ['id', 'alias_id', 'name', 'description', 'created_at', 'updated_at'].sort(),
    );
    const detail = (await (await server.get(`/v1/skills/${HOSTILE_SKILL_ID}`)).json()) as Record<
      string,
      unknown
    >;
    expect(detail.content_text).toContain('<script>alert("skill")</script>');
    expect(detail.linked_entities).toEqual([
      { type: 'page', id: expect.stringMatching(UUID), label: '<img src=x onerror=alert(1)>' },
    ]);
  });

  const detailOf = async (path: string) =>
    (await (await server.get(path)).json()) as Record<string, unknown>;
  const ISO_OR_NULL = (v: unknown) => v === null || (typeof v === 'string' && ISO.test(v));

  it('tasks: list fields, detail extras, and at most one assignee', async () => {
    const tasks = await all(`${V1}/tasks`, 'tasks');
    expect(tasks).toHaveLength(ACME_TASK_COUNT);
    for (const task of tasks) {
      expect(Object.keys(task).sort()).toEqual(
        [
          'id',
          'name',
          'status',
          'priority',
          'project_id',
          'assignee_user_id',
          'assignee_bot_id',
          'due_at',
          'event_at',
          'updated_at',
        ].sort(),
      );
      expect(['backlog', 'todo', 'in_progress', 'in_review', 'done', 'cancelled']).toContain(
        task.status,
      );
      expect(['low', 'medium', 'high', 'urgent']).toContain(task.priority);
      expect(task.assignee_user_id !== null && task.assignee_bot_id !== null).toBe(false);
      expect(ISO_OR_NULL(task.due_at) && ISO_OR_NULL(task.event_at)).toBe(true);
    }
    // Users and bots both appear as assignees.
    expect(tasks.some((t) => USER_IDS.includes(String(t.assignee_user_id)))).toBe(true);
    expect(tasks.some((t) => BOT_IDS.includes(String(t.assignee_bot_id)))).toBe(true);
  });

  it('task detail: body_md, output_md, decision, decision_reason, tags, start_at, created_at, completed_at', async () => {
    const tasks = await all(`${V1}/tasks`, 'tasks');
    const details = await Promise.all(tasks.map((t) => detailOf(`${V1}/tasks/${t.id}`)));
    for (const [i, detail] of details.entries()) {
      const { id, ...listFields } = tasks[i] ?? {};
      expect(detail).toMatchObject({ id, ...listFields });
      expect(Object.keys(detail).sort()).toEqual(
        [
          ...Object.keys(tasks[i] ?? {}),
          'body_md',
          'output_md',
          'decision',
          'decision_reason',
          'tags',
          'start_at',
          'created_at',
          'completed_at',
        ].sort(),
      );
      expect(typeof detail.body_md).toBe('string');
      expect(detail.output_md === null || typeof detail.output_md === 'string').toBe(true);
      expect([null, 'approved', 'rejected', 'changes_requested']).toContain(detail.decision);
      // A reason only where there is a decision.
      expect(detail.decision_reason === null).toBe(detail.decision === null);
      expect(Array.isArray(detail.tags)).toBe(true);
      expect(ISO.test(String(detail.created_at))).toBe(true);
      expect(ISO_OR_NULL(detail.start_at) && ISO_OR_NULL(detail.completed_at)).toBe(true);
      // Work that has not started has no start; finished work has an output.
      if (detail.status === 'backlog' || detail.status === 'todo')
        expect(detail.start_at).toBeNull();
      else expect(detail.start_at).not.toBeNull();
      if (detail.status === 'done') {
        expect(detail.output_md).toMatch(/^# Result/);
        expect(detail.decision).toBe('approved');
        expect(detail.completed_at).not.toBeNull();
      }
    }
    // The Markdown exercises headings, task lists, tables, code and links.
    const done = details.find((d) => d.status === 'done');
    for (const pattern of [/^## /m, /^- \[x\] /m, /^1\. /m, /\]\(https:\/\//]) {
      expect(String(done?.body_md)).toMatch(pattern);
    }
    for (const pattern of [/^# /m, /^\| --- \|/m, /^```json$/m, /\]\(https:\/\//, /^> /m]) {
      expect(String(done?.output_md)).toMatch(pattern);
    }
    const hostile = await detailOf(`${V1}/tasks/${HOSTILE_TASK_ID}`);
    expect(hostile.body_md).toContain('<img src=x onerror=alert(1)>');
    expect(hostile.decision_reason).toBe('<script>alert("reason")</script>');
  });

  it('tasks filter by status, project_id and assignee (either kind), exactly', async () => {
    const everything = await all(`${V1}/tasks`, 'tasks');
    const ids = (items: Record<string, unknown>[]) => items.map((t) => t.id);
    for (const status of ['backlog', 'todo', 'in_progress', 'in_review', 'done', 'cancelled']) {
      const filtered = await all(`${V1}/tasks?status=${status}`, 'tasks');
      expect(filtered.length, status).toBeGreaterThan(0);
      expect(ids(filtered)).toEqual(ids(everything.filter((t) => t.status === status)));
    }
    // One status spans several default pages (50): a board column pages on its own.
    const backlog = (await (await server.get(`${V1}/tasks?status=backlog`)).json()) as {
      tasks: unknown[];
      next_cursor: string | null;
    };
    expect(backlog.tasks).toHaveLength(50);
    expect(backlog.next_cursor).not.toBeNull();
    const project = await all(`${V1}/tasks?project_id=${PROJECT_IDS.acmeWebsite}`, 'tasks');
    expect(ids(project)).toEqual(
      ids(everything.filter((t) => t.project_id === PROJECT_IDS.acmeWebsite)),
    );
    for (const assignee of [USER_IDS[0], BOT_IDS[0]]) {
      const assigned = await all(`${V1}/tasks?assignee=${assignee}`, 'tasks');
      expect(assigned.length).toBeGreaterThan(0);
      expect(ids(assigned)).toEqual(
        ids(
          everything.filter(
            (t) => t.assignee_user_id === assignee || t.assignee_bot_id === assignee,
          ),
        ),
      );
    }
    const combined = await all(
      `${V1}/tasks?status=backlog&project_id=${PROJECT_IDS.acmeSupport}&assignee=${BOT_IDS[1]}`,
      'tasks',
    );
    expect(ids(combined)).toEqual(
      ids(
        everything.filter(
          (t) =>
            t.status === 'backlog' &&
            t.project_id === PROJECT_IDS.acmeSupport &&
            t.assignee_bot_id === BOT_IDS[1],
        ),
      ),
    );
  });

  it('tasks filters: a status outside the six, a malformed id or a repeat is a 400; an id naming nothing an empty list (decision 031)', async () => {
    const refusals: [string, string, string][] = [
      ['status=bogus', 'status', 'invalid_filter'],
      ['status=Done', 'status', 'invalid_filter'],
      ['status=done&status=todo', 'status', 'duplicate_filter'],
      ['status=done&status=done', 'status', 'duplicate_filter'],
      ['project_id=acme-website', 'project_id', 'invalid_filter'],
      [`project_id=${PROJECT_IDS.acmeWebsite}&project_id=`, 'project_id', 'duplicate_filter'],
      ['assignee=42', 'assignee', 'invalid_filter'],
      [`assignee=${USER_IDS[0]}&assignee=${BOT_IDS[0]}`, 'assignee', 'duplicate_filter'],
    ];
    for (const [query, param, reason] of refusals) {
      const response = await server.get(`${V1}/tasks?${query}`);
      expect(response.status, query).toBe(400);
      const error = await errorOf(response);
      expect(error.details, query).toEqual({ param, reason });
      expect(error.message, query).not.toContain('bogus');
    }
    // Well-formed ids of nothing (or of another workspace) match no task: not an error.
    const nothing = '00000000-0000-4000-8000-000000000000';
    expect(await all(`${V1}/tasks?project_id=${nothing}`, 'tasks')).toEqual([]);
    expect(await all(`${V1}/tasks?assignee=${nothing}`, 'tasks')).toEqual([]);
    // An id in capitals is the same id; an empty value is as if left out.
    const everything = await all(`${V1}/tasks`, 'tasks');
    const project = await all(`${V1}/tasks?project_id=${PROJECT_IDS.acmeWebsite}`, 'tasks');
    expect(
      await all(`${V1}/tasks?project_id=${PROJECT_IDS.acmeWebsite.toUpperCase()}`, 'tasks'),
    ).toEqual(project);
    expect(await all(`${V1}/tasks?status=&project_id=&assignee=`, 'tasks')).toEqual(everything);
  });

  it('page list fields and the detail with description, content_text, cover_image_url, created_at', async () => {
    const pages = await all(`${V1}/pages`, 'pages');
    expect(pages).toHaveLength(ACME_PAGE_COUNT);
    for (const page of pages) {
      expect(Object.keys(page).sort()).toEqual(
        [
          'id',
          'alias_id',
          'name',
          'icon',
          'project_id',
          'parent_page_id',
          'is_public',
          'updated_at',
        ].sort(),
      );
      expect(typeof page.is_public).toBe('boolean');
    }
    const handbook = await detailOf(`${V1}/pages/${PAGE_IDS.handbook}`);
    expect(Object.keys(handbook).sort()).toEqual(
      [
        ...Object.keys(pages[0] ?? {}),
        'description',
        'content_text',
        'cover_image_url',
        'created_at',
      ].sort(),
    );
    expect(handbook.cover_image_url).toMatch(/^https:\/\//);
    for (const pattern of [
      /^# Handbook$/m,
      /^## Steps$/m,
      /^1\. /m,
      /^- /m,
      /^\| --- \|/m,
      /^```sh$/m,
      /\]\(https:\/\//,
    ]) {
      expect(String(handbook.content_text)).toMatch(pattern);
    }
    expect(ISO.test(String(handbook.created_at))).toBe(true);
    const covers = await Promise.all(
      pages.map(async (p) => (await detailOf(`${V1}/pages/${p.id}`)).cover_image_url),
    );
    expect(covers).toContain(null);
    expect(covers).toContain('javascript:alert(1)');
    expect(covers).toContain('http://example.com/covers/orphan.png');
  });

  it('the page tree: three levels under the Handbook, a missing parent, a foreign parent, a cycle', async () => {
    const pages = await all(`${V1}/pages`, 'pages');
    const byId = new Map(pages.map((p) => [p.id, p]));
    const depthOf = (id: unknown) => {
      let depth = 1;
      let parent = byId.get(id)?.parent_page_id;
      const seen = new Set([id]);
      while (typeof parent === 'string' && byId.has(parent) && !seen.has(parent)) {
        seen.add(parent);
        depth += 1;
        parent = byId.get(parent)?.parent_page_id;
      }
      return depth;
    };
    expect(Math.max(...pages.map((p) => depthOf(p.id)))).toBeGreaterThanOrEqual(3);
    expect(byId.get(PAGE_IDS.orphan)?.parent_page_id).not.toBeNull();
    expect(byId.has(byId.get(PAGE_IDS.orphan)?.parent_page_id)).toBe(false);
    const foreignParent = byId.get(PAGE_IDS.foreignParent)?.parent_page_id;
    expect(byId.has(foreignParent)).toBe(false);
    expect((await server.get(`${V1}/pages/${foreignParent}`)).status).toBe(404);
    expect(
      (await server.get(`${V1}/pages/${foreignParent}`, { key: server.globexKey })).status,
    ).toBe(200);
    expect(byId.get(PAGE_IDS.cycleA)?.parent_page_id).toBe(PAGE_IDS.cycleB);
    expect(byId.get(PAGE_IDS.cycleB)?.parent_page_id).toBe(PAGE_IDS.cycleA);
  });

  it('projects: every field, with icon, color and lead_id', async () => {
    const projects = await all(`${V1}/projects`, 'projects');
    expect(projects).toHaveLength(6);
    const DATE = /^\d{4}-\d{2}-\d{2}$/;
    for (const project of projects) {
      expect(Object.keys(project).sort()).toEqual(
        [
          'id',
          'alias_id',
          'name',
          'description',
          'icon',
          'color',
          'lead_id',
          'status',
          'is_private',
          'start_date',
          'end_date',
          'target_date',
          'created_at',
          'updated_at',
        ].sort(),
      );
      expect(['draft', 'active', 'paused', 'completed', 'archived']).toContain(project.status);
      expect(typeof project.is_private).toBe('boolean');
      expect(project.lead_id === null || USER_IDS.includes(String(project.lead_id))).toBe(true);
      for (const date of [project.start_date, project.end_date, project.target_date]) {
        expect(date === null || DATE.test(String(date))).toBe(true);
      }
      expect(await detailOf(`${V1}/projects/${project.id}`)).toEqual(project);
    }
    const website = projects.find((p) => p.id === PROJECT_IDS.acmeWebsite);
    expect(website).toMatchObject({ icon: '🚀', color: '#2563eb', lead_id: USER_IDS[0] });
    const loyalty = projects.find((p) => p.id === PROJECT_IDS.acmeLoyalty);
    expect(loyalty).toMatchObject({ icon: null, color: null, lead_id: null, description: null });
  });

  it('projects link tables, tasks and pages by project_id', async () => {
    const tables = await all(`${V1}/tables`, 'tables');
    const tasks = await all(`${V1}/tasks`, 'tasks');
    const pages = await all(`${V1}/pages`, 'pages');
    for (const project of [PROJECT_IDS.acmeWebsite, PROJECT_IDS.acmeSupport]) {
      expect(tables.some((t) => t.project_id === project)).toBe(true);
      expect(tasks.some((t) => t.project_id === project)).toBe(true);
      expect(pages.some((p) => p.project_id === project)).toBe(true);
    }
    // One with tasks only, one with pages only, one with nothing.
    expect(tasks.some((t) => t.project_id === PROJECT_IDS.acmeWarehouse)).toBe(true);
    expect(pages.some((p) => p.project_id === PROJECT_IDS.acmeWarehouse)).toBe(false);
    expect(pages.some((p) => p.project_id === PROJECT_IDS.acmeQ4)).toBe(true);
    const linked = [...tables, ...tasks, ...pages].map((item) => item.project_id);
    expect(linked).not.toContain(PROJECT_IDS.acmeLoyalty);
  });
});

describe('tasks, pages and projects: cursors and workspaces', () => {
  const KINDS = [
    { path: `${V1}/tasks`, array: 'tasks' },
    { path: `${V1}/tasks?status=backlog`, array: 'tasks' },
    { path: `${V1}/pages`, array: 'pages' },
    { path: `${V1}/projects`, array: 'projects' },
  ] as const;
  const cursorOf = async (path: string, key?: string) => {
    const join = path.includes('?') ? '&' : '?';
    const body = (await (await server.get(`${path}${join}limit=2`, { key })).json()) as {
      next_cursor: string;
    };
    expect(body.next_cursor).toEqual(expect.any(String));
    return body.next_cursor;
  };
  const reasonOf = async (path: string, cursor: string, key?: string) => {
    const join = path.includes('?') ? '&' : '?';
    const response = await server.get(
      `${path}${join}limit=2&cursor=${encodeURIComponent(cursor)}`,
      {
        key,
      },
    );
    if (response.status === 200) return 'ok';
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.details?.param).toBe('cursor');
    return error.details?.reason;
  };

  it.each(KINDS)(
    '$path: a tampered, cut or foreign cursor is 400 invalid_cursor',
    async ({ path }) => {
      const cursor = await cursorOf(path);
      expect(await reasonOf(path, cursor)).toBe('ok');
      const flip = (c: string, at: number) =>
        `${c.slice(0, at)}${c[at] === 'A' ? 'B' : 'A'}${c.slice(at + 1)}`;
      for (const bad of [
        flip(cursor, 5),
        flip(cursor, cursor.length - 1),
        cursor.slice(0, -3),
        cursor.slice(0, cursor.indexOf('.')),
        'not-a-cursor',
      ]) {
        expect(await reasonOf(path, bad), bad).toBe('invalid_cursor');
      }
      // Another list's cursor, and this list's cursor read by another workspace.
      for (const other of KINDS.filter((k) => k.path !== path)) {
        expect(await reasonOf(other.path, cursor), other.path).toBe('invalid_cursor');
      }
      expect(await reasonOf(path, cursor, server.globexKey)).toBe('invalid_cursor');
    },
  );

  it('a task cursor is bound to its status, project and assignee filters', async () => {
    const cursor = await cursorOf(`${V1}/tasks?status=backlog&assignee=${BOT_IDS[0]}`);
    expect(await reasonOf(`${V1}/tasks?status=backlog&assignee=${BOT_IDS[0]}`, cursor)).toBe('ok');
    for (const other of [
      `${V1}/tasks?status=todo&assignee=${BOT_IDS[0]}`,
      `${V1}/tasks?status=backlog`,
      `${V1}/tasks?status=backlog&assignee=${BOT_IDS[1]}`,
      `${V1}/tasks?status=backlog&assignee=${BOT_IDS[0]}&project_id=${PROJECT_IDS.acmeSupport}`,
    ]) {
      expect(await reasonOf(other, cursor), other).toBe('invalid_cursor');
    }
  });

  it("each workspace's lists hold only its own tasks, pages and projects; foreign filters match nothing", async () => {
    for (const array of ['tasks', 'pages', 'projects']) {
      const acme = await all(`${V1}/${array}`, array);
      const globex = await all(`${V1}/${array}`, array, server.globexKey);
      expect(globex.length).toBeGreaterThan(0);
      const acmeIds = new Set(acme.map((item) => item.id));
      expect(globex.filter((item) => acmeIds.has(item.id))).toEqual([]);
    }
    expect(await all(`${V1}/tasks?project_id=${PROJECT_IDS.globexLogistics}`, 'tasks')).toEqual([]);
    expect(
      await all(`${V1}/tasks?project_id=${PROJECT_IDS.acmeWebsite}`, 'tasks', server.globexKey),
    ).toEqual([]);
  });
});

describe('§5 authentication', () => {
  const path = `${V1}/tables`;

  it.each([
    ['missing header', undefined],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['bearer without a key', 'Bearer'],
    ['malformed key', 'Bearer svc_live_123'],
    ['unknown key', `Bearer svc_live_${'0'.repeat(48)}`],
  ])('%s: 401 unauthorized with WWW-Authenticate: Bearer', async (_, header) => {
    const response = await server.get(path, {
      key: null,
      headers: header === undefined ? {} : { Authorization: header },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer');
    const error = await errorOf(response);
    expect(error.code).toBe('unauthorized');
  });

  it('a revoked key is 401 at once', async () => {
    const key = server.key('acme', ['tables:read'], 'to-revoke');
    expect((await server.get(path, { key })).status).toBe(200);
    const { revokeApiKeys } = await import('./db/api-keys');
    revokeApiKeys(server.db, 'to-revoke');
    server.db.clearCaches();
    expect((await server.get(path, { key })).status).toBe(401);
  });

  it('accepts the scheme in any case', async () => {
    const response = await server.get(path, {
      key: null,
      headers: { Authorization: `bearer ${server.acmeKey}` },
    });
    expect(response.status).toBe(200);
  });

  it.each(LISTS)(
    '$path without $scope is 403 insufficient_scope naming the scope',
    async ({ path: listPath, scope }) => {
      const others = (
        ['tables:read', 'skills:read', 'tasks:read', 'pages:read', 'projects:read'] as const
      ).filter((s) => s !== scope);
      const key = server.key('acme', others);
      const response = await server.get(listPath, { key });
      expect(response.status).toBe(403);
      const error = await errorOf(response);
      expect(error.code).toBe('forbidden');
      expect(error.details).toEqual({ reason: 'insufficient_scope', scope });
    },
  );

  it("another workspace's table, records, skill, task, page and project are 404, never 403", async () => {
    const { listResources } = await import('./db/resources');
    const { WORKSPACES } = await import('./seed/demo-seed');
    const globex = (kind: 'tasks' | 'pages' | 'projects') =>
      String(
        listResources(server.db, kind, { workspaceId: WORKSPACES.globex.id, after: null, limit: 1 })
          .rows[0]?.id,
      );
    const paths = [
      `${V1}/tables/${TABLE_IDS.shipments}`,
      `${V1}/tables/${TABLE_IDS.shipments}/records`,
      `/v1/skills/${skillIdOf('globex', 0)}`,
      `${V1}/skills/${skillIdOf('globex', 0)}`,
      `${V1}/tasks/${globex('tasks')}`,
      `${V1}/pages/${globex('pages')}`,
      `${V1}/projects/${globex('projects')}`,
    ];
    for (const p of paths) {
      const response = await server.get(p);
      expect(response.status, p).toBe(404);
      expect((await errorOf(response)).code).toBe('not_found');
      expect((await server.get(p, { key: server.globexKey })).status, p).toBe(200);
    }
    const globexTables = (await (
      await server.get(`${V1}/tables`, { key: server.globexKey })
    ).json()) as {
      tables: { id: string }[];
    };
    expect(globexTables.tables.map((t) => t.id).sort()).toEqual(
      [TABLE_IDS.shipments, TABLE_IDS.suppliers].sort(),
    );
  });
});

describe('§6 error bodies', () => {
  it('have code, message, details, request_id matching X-Request-Id', async () => {
    const response = await server.get(`${ORDERS}/records?limit=0`);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['error']);
    const error = body.error as Record<string, unknown>;
    expect(error.code).toBe('bad_request');
    expect(typeof error.message).toBe('string');
    expect(String(error.message).length).toBeGreaterThan(20);
    expect(error.request_id).toBe(response.headers.get('X-Request-Id'));
    expect(response.headers.get('Content-Type')).toContain('application/json');
  });

  it('a missing table is 404 not_found, also for a non-UUID id', async () => {
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
      "'; DROP TABLE ws_tables; --",
    ]) {
      const response = await server.get(`${V1}/tables/${encodeURIComponent(id)}/records`);
      expect(response.status).toBe(404);
    }
  });
});

describe('§7 headers', () => {
  it('every response has X-Request-Id and nosniff; data responses no-store', async () => {
    const ids = new Set<string>();
    for (const [path, key] of [
      [`${V1}/tables`, undefined],
      [`${V1}/tables`, null],
      ['/nope', undefined],
    ] as const) {
      const response = await server.get(path, { key });
      const id = response.headers.get('X-Request-Id') ?? '';
      expect(id).toMatch(/^req_[0-9a-z]+$/);
      ids.add(id);
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    }
    expect(ids.size).toBe(3);
    expect((await server.get(`${V1}/tables`)).headers.get('Cache-Control')).toBe('no-store');
  });

  it("authenticated responses carry RateLimit-Limit/Remaining/Reset and Onnie's X-RateLimit-Remaining/Reset", async () => {
    const key = server.key('acme', ['tables:read']);
    const first = await server.get(`${V1}/tables`, { key });
    const second = await server.get(`${V1}/tables`, { key });
    expect(first.headers.get('RateLimit-Limit')).toBe('600');
    const remaining = Number(first.headers.get('RateLimit-Remaining'));
    expect(remaining).toBeGreaterThan(0);
    expect(Number(second.headers.get('RateLimit-Remaining'))).toBe(remaining - 1);
    expect(second.headers.get('X-RateLimit-Remaining')).toBe(
      second.headers.get('RateLimit-Remaining'),
    );
    const resetIn = Number(second.headers.get('RateLimit-Reset'));
    expect(resetIn).toBeGreaterThanOrEqual(0);
    // Onnie's reset is the Unix time (seconds) at which the bucket is full again.
    const resetAt = Number(second.headers.get('X-RateLimit-Reset'));
    const nowSeconds = Date.now() / 1000;
    expect(resetAt).toBeGreaterThanOrEqual(Math.floor(nowSeconds) + resetIn - 1);
    expect(resetAt).toBeLessThanOrEqual(Math.ceil(nowSeconds) + resetIn + 1);
  });

  it('CORS on every response, including errors and 404', async () => {
    for (const [path, key] of [
      [`${V1}/tables`, undefined],
      [`${V1}/tables`, null],
      ['/nope', undefined],
      [`${ORDERS}/records?limit=x`, undefined],
    ] as const) {
      const response = await server.get(path, {
        key,
        headers: { Origin: 'https://app.example.com' },
      });
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
      expect(response.headers.get('Access-Control-Expose-Headers')).toBe(
        'Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, X-RateLimit-Remaining, X-RateLimit-Reset, X-Request-Id',
      );
      expect(response.headers.get('Access-Control-Allow-Credentials')).toBeNull();
    }
  });

  it('preflight on any contract path: 204 without auth, with methods, headers, max-age', async () => {
    for (const path of API_PATHS) {
      const concrete = path.replace(':tableId', TABLE_IDS.orders).replace(':id', 'x');
      const response = await server.get(concrete, {
        key: null,
        method: 'OPTIONS',
        headers: {
          Origin: 'https://app.example.com',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        },
      });
      expect(response.status, concrete).toBe(204);
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
      expect(response.headers.get('Access-Control-Allow-Methods')).toBe('GET, HEAD, OPTIONS');
      expect(response.headers.get('Access-Control-Allow-Headers')).toBe(
        'Authorization, Content-Type',
      );
      expect(response.headers.get('Access-Control-Max-Age')).toBe('7200');
    }
  });
});

describe('§7 CORS allow-list and rate limiting (own app)', () => {
  it('echoes an allowed origin with Vary: Origin, and omits the header for others', async () => {
    const listed = startTestServer({
      orders: 0,
      config: { corsOrigins: ['https://app.example.com'] },
    });
    try {
      const allowed = await listed.get(`${V1}/tables`, {
        headers: { Origin: 'https://app.example.com' },
      });
      expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe('https://app.example.com');
      expect(allowed.headers.get('Vary')).toContain('Origin');
      const other = await listed.get(`${V1}/tables`, {
        key: null,
        headers: { Origin: 'https://evil.example' },
      });
      expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull();
      expect(other.headers.get('Vary')).toContain('Origin');
    } finally {
      listed.close();
    }
  });

  it('a token bucket per key: 429 rate_limited with Retry-After once the burst is spent, refills over time', async () => {
    let now = 1_000_000;
    const limited = startTestServer({
      orders: 0,
      config: { rateLimitPerMinute: 3, rateLimitBurst: 3, now: () => now },
    });
    try {
      const otherKey = limited.key('acme', ['tables:read'], 'other');
      for (let i = 0; i < 3; i++) expect((await limited.get(`${V1}/tables`)).status).toBe(200);
      const refused = await limited.get(`${V1}/tables`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBe(20);
      expect(refused.headers.get('RateLimit-Remaining')).toBe('0');
      expect(refused.headers.get('X-RateLimit-Remaining')).toBe('0');
      // Full again in 60 s (3 tokens at 3 a minute), as a Unix time in seconds.
      expect(refused.headers.get('X-RateLimit-Reset')).toBe(String(1_000 + 60));
      const error = await errorOf(refused);
      expect(error.code).toBe('rate_limited');
      expect(error.message).toContain('Wait 20 seconds,');
      expect(refused.headers.get('Access-Control-Allow-Origin')).toBe('*');
      // Buckets are per key.
      expect((await limited.get(`${V1}/tables`, { key: otherKey })).status).toBe(200);
      now += 20_000;
      expect((await limited.get(`${V1}/tables`)).status).toBe(200);
      expect((await limited.get(`${V1}/tables`)).status).toBe(429);
    } finally {
      limited.close();
    }
  });

  it('says "Wait 1 second" (singular) when one second is enough', async () => {
    const limited = startTestServer({
      orders: 0,
      config: { rateLimitPerMinute: 60, rateLimitBurst: 1, now: () => 5_000_000 },
    });
    try {
      expect((await limited.get(`${V1}/tables`)).status).toBe(200);
      const refused = await limited.get(`${V1}/tables`);
      expect(refused.headers.get('Retry-After')).toBe('1');
      expect((await errorOf(refused)).message).toContain('Wait 1 second, then try again.');
    } finally {
      limited.close();
    }
  });
});
