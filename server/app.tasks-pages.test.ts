import { describe, expect, it } from 'vitest';
import {
  ACME_PAGE_COUNT,
  ACME_TASK_COUNT,
  BOT_IDS,
  HOSTILE_TASK_ID,
  PAGE_IDS,
  PROJECT_IDS,
  USER_IDS,
} from './seed/demo-seed';
import { allItems, ISO_TIME, detailOf as readDetail, V1 } from './testing/api-reading';
import { fileTestServer } from './testing/file-test-server';
import { errorOf } from './testing/test-server';

const server = fileTestServer();
const all = (path: string, array: string, key?: string) => allItems(server, path, array, key);
const detailOf = (path: string) => readDetail(server, path);

/** Tasks and pages as objects, their filters and tree (CONTRACT §3, §4), and the cursors and workspaces of tasks, pages and projects. */

describe('§3 objects: tasks and pages', () => {
  const ISO = ISO_TIME;
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
