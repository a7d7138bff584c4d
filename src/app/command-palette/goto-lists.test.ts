import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/errors';
import { queryKeys } from '../../lib/api/query-keys';
import type { Page, PageRequest, TaskSummary } from '../../lib/api/types';
import { createFakeApiClient } from '../../lib/testing/fake-api-client';
import {
  type GotoItem,
  type GotoList,
  gotoListQuery,
  walkGotoList,
  withPeopleTerms,
} from './goto-lists';

const task = (i: number): TaskSummary => ({
  id: `k${i}`,
  name: `Task ${i}`,
  status: 'todo',
  priority: null,
  projectId: null,
  assigneeUserId: i % 2 === 0 ? `u${i}` : null,
  assigneeBotId: null,
  dueAt: null,
  eventAt: null,
  updatedAt: null,
});

function pagedTasks(count: number) {
  return vi.fn(async (_filters: unknown, request?: PageRequest): Promise<Page<TaskSummary>> => {
    const start = Number(request?.cursor ?? 0);
    const end = Math.min(start + (request?.limit ?? 50), count);
    const items = Array.from({ length: end - start }, (_, i) => task(start + i));
    return { items, nextCursor: end < count ? String(end) : null };
  });
}

describe('walkGotoList', () => {
  it('walks every page, each item once, reporting the list as it grows', async () => {
    const listTasks = pagedTasks(450);
    const progress: number[] = [];
    const list = await walkGotoList({
      client: createFakeApiClient({ listTasks }),
      kind: 'task',
      signal: new AbortController().signal,
      onProgress: (sofar) => progress.push(sofar.items.length),
    });
    expect(list.items).toHaveLength(450);
    expect(list).toMatchObject({ complete: true, truncated: false, problem: null });
    expect(progress).toEqual([200, 400]);
    expect(list.items[2]).toEqual({
      ref: { kind: 'task', id: 'k2' },
      label: 'Task 2',
      personIds: ['u2'],
    });
  });

  it('stops at its bound and says the rest is not searched', async () => {
    const listTasks = pagedTasks(1_000);
    const list = await walkGotoList({
      client: createFakeApiClient({ listTasks }),
      kind: 'task',
      signal: new AbortController().signal,
      maxItems: 300,
    });
    expect(list.items).toHaveLength(300);
    expect(list.truncated).toBe(true);
    expect(listTasks).toHaveBeenCalledTimes(2);
  });

  it('waits out a 429 and goes on, each item still once', async () => {
    const pages = pagedTasks(300);
    let refusals = 0;
    const listTasks = vi.fn(async (filters: unknown, request?: PageRequest) => {
      if (request?.cursor === '200' && refusals < 2) {
        refusals += 1;
        throw new ApiError({
          kind: 'http',
          status: 429,
          code: 'rate_limited',
          reason: null,
          message: 'Slow down.',
          retryAfterSeconds: 0,
        });
      }
      return pages(filters, request);
    });
    const list = await walkGotoList({
      client: createFakeApiClient({ listTasks }),
      kind: 'task',
      signal: new AbortController().signal,
    });
    expect(list.items).toHaveLength(300);
    expect(new Set(list.items.map((item) => item.ref.id)).size).toBe(300);
    expect(listTasks).toHaveBeenCalledTimes(4);
  });

  it('ends quietly on a 403: not searchable with this key', async () => {
    const listTasks = vi.fn(async () => {
      throw new ApiError({
        kind: 'http',
        status: 403,
        code: 'forbidden',
        reason: 'insufficient_scope',
        message: 'No.',
      });
    });
    const list = await walkGotoList({
      client: createFakeApiClient({ listTasks }),
      kind: 'task',
      signal: new AbortController().signal,
    });
    expect(list).toMatchObject({ items: [], forbidden: true, complete: true });
    expect(listTasks).toHaveBeenCalledTimes(1);
  });
});

describe('gotoListQuery', () => {
  it('shows the first walk as it goes, and clearing the workspace cache stops the walk', async () => {
    const signals: AbortSignal[] = [];
    let releaseSecond: () => void = () => undefined;
    const listTasks = vi.fn(async (_filters: unknown, request?: PageRequest) => {
      if (request?.signal) signals.push(request.signal);
      if (request?.cursor === '200') {
        await new Promise<void>((resolve) => {
          releaseSecond = resolve;
          request.signal?.addEventListener('abort', () => resolve());
        });
      }
      return pagedTasks(1_000)(_filters, request);
    });
    const queryClient = new QueryClient();
    const walk = queryClient
      .fetchQuery(gotoListQuery(createFakeApiClient({ listTasks }), 'task'))
      .catch(() => null);
    await vi.waitFor(() => expect(listTasks).toHaveBeenCalledTimes(2));
    const sofar = queryClient.getQueryData<GotoList>(queryKeys.gotoList('task'));
    expect(sofar).toMatchObject({ complete: false });
    expect(sofar?.items).toHaveLength(200);

    queryClient.clear();
    releaseSecond();
    await walk;
    expect(signals.at(-1)?.aborted).toBe(true);
    expect(listTasks).toHaveBeenCalledTimes(2);
    expect(queryClient.getQueryData(queryKeys.gotoList('task'))).toBeUndefined();
  });
});

describe('withPeopleTerms', () => {
  it('adds the names a directory knows as search terms, and nothing without one', () => {
    const items: GotoItem[] = [
      { ref: { kind: 'task', id: 'k1' }, label: 'Pack boxes', personIds: ['u1'] },
      { ref: { kind: 'task', id: 'k2' }, label: 'Call Ada' },
    ];
    expect(withPeopleTerms(items, undefined)).toBe(items);
    const nameOf = (id: string) => (id === 'u1' ? 'Ada Lovelace' : null);
    const named = withPeopleTerms(items, nameOf);
    expect(named[0]?.terms).toEqual(['Ada Lovelace']);
    expect(named[1]).toBe(items[1]);
    expect(withPeopleTerms(items, nameOf)).toBe(named);
  });
});
