import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { ApiError } from './errors';
import { queryKeys } from './query-keys';

const API_KEY = 'svc_live_0123456789abcdef0123456789abcdef0123456789ab3f9a';
const connection = { serviceUrl: 'https://data.example.com', apiKey: API_KEY };

function clientAnswering(body: unknown, status = 200) {
  const urls: URL[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    urls.push(new URL(String(input)));
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { client: createApiClient(connection, { fetch: fetch as typeof globalThis.fetch }), urls };
}

describe('tasks, pages and projects in the API client', () => {
  it('sends task filters as status, project_id and assignee, leaving empty ones out', async () => {
    const { client, urls } = clientAnswering({ tasks: [], next_cursor: null });
    await client.listTasks(
      { status: 'in_review', projectId: 'p 1', assignee: 'bot-1' },
      { limit: 25, cursor: 'c&1' },
    );
    await client.listTasks({ status: '', projectId: null });
    expect(urls[0]?.pathname).toBe('/api/public/v1/tasks');
    expect(Object.fromEntries(urls[0]?.searchParams ?? [])).toEqual({
      limit: '25',
      cursor: 'c&1',
      status: 'in_review',
      project_id: 'p 1',
      assignee: 'bot-1',
    });
    expect(urls[1]?.search).toBe('');
  });

  it('normalizes a task detail, dropping tags that are not text', async () => {
    const { client, urls } = clientAnswering({
      id: 't/1',
      name: 'Ship it',
      status: 'done',
      priority: 'high',
      project_id: 'p1',
      assignee_user_id: null,
      assignee_bot_id: 'b1',
      due_at: '2026-02-01T00:00:00.000Z',
      event_at: null,
      updated_at: '2026-01-02T00:00:00.000Z',
      body_md: '# Body',
      output_md: '# Output',
      decision: 'approved',
      decision_reason: 'Fine.',
      tags: ['bug', 7, null, 'customer'],
      start_at: '2026-01-01T06:00:00.000Z',
      created_at: '2026-01-01T00:00:00.000Z',
      completed_at: null,
    });
    const task = await client.getTask('t/1');
    expect(urls[0]?.pathname).toBe('/api/public/v1/tasks/t%2F1');
    expect(task).toEqual({
      id: 't/1',
      name: 'Ship it',
      status: 'done',
      priority: 'high',
      projectId: 'p1',
      assigneeUserId: null,
      assigneeBotId: 'b1',
      dueAt: '2026-02-01T00:00:00.000Z',
      eventAt: null,
      updatedAt: '2026-01-02T00:00:00.000Z',
      bodyMd: '# Body',
      outputMd: '# Output',
      decision: 'approved',
      decisionReason: 'Fine.',
      tags: ['bug', 'customer'],
      startAt: '2026-01-01T06:00:00.000Z',
      createdAt: '2026-01-01T00:00:00.000Z',
      completedAt: null,
    });
  });

  it('reads pages and projects from the named array, `data`, or camelCase fields', async () => {
    const pages = clientAnswering({
      data: [{ id: 'pg1', name: 'Handbook', parentPageId: 'pg0', is_public: true }],
      next_cursor: '',
    });
    expect(await pages.client.listPages()).toEqual({
      items: [
        {
          id: 'pg1',
          aliasId: null,
          name: 'Handbook',
          icon: null,
          projectId: null,
          parentPageId: 'pg0',
          isPublic: true,
          updatedAt: null,
        },
      ],
      nextCursor: null,
    });
    const projects = clientAnswering({
      projects: [{ id: 'p1', name: 'Web', color: '#2563eb', is_private: false, lead_id: 'u1' }],
      next_cursor: 'n',
    });
    const list = await projects.client.listProjects({ limit: 200 });
    expect(projects.urls[0]?.pathname).toBe('/api/public/v1/projects');
    expect(list.nextCursor).toBe('n');
    expect(list.items[0]).toMatchObject({ id: 'p1', color: '#2563eb', leadId: 'u1', icon: null });
  });

  it('a missing page, task or project is a 404 ApiError naming no key', async () => {
    const { client } = clientAnswering(
      { error: { code: 'not_found', message: 'No page with this id.', request_id: 'req_1' } },
      404,
    );
    for (const call of [client.getPage('x'), client.getTask('x'), client.getProject('x')]) {
      const error = await call.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(404);
      expect((error as ApiError).message).not.toContain(API_KEY);
    }
  });

  it('one cache entry per task filter set, however empty filters were written', () => {
    expect(queryKeys.taskList({ status: '', projectId: null })).toEqual(queryKeys.taskList({}));
    expect(queryKeys.taskList({ status: 'done' })).not.toEqual(queryKeys.taskList({}));
  });
});
