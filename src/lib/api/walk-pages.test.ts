import { describe, expect, it, vi } from 'vitest';
import { t } from '../i18n/i18n';
import { ApiError } from './errors';
import { isPagingError, PagingGuard, pagingProblemMessage } from './paging-guard';
import type { Page } from './types';
import { type PageFetchRequest, walkPages } from './walk-pages';

interface Item {
  id: string;
}

/** A list of `total` items served `size` at a time; cursors are the next item's position. */
function pagedList(total: number, size: number) {
  const items = Array.from({ length: total }, (_, i) => ({ id: `rec-${i}` }));
  return (cursor: string | null): Page<Item> => {
    const start = cursor === null ? 0 : Number(cursor);
    const end = Math.min(start + size, total);
    return { items: items.slice(start, end), nextCursor: end < total ? String(end) : null };
  };
}

function httpError(status: number, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) {
  return new ApiError({
    kind: 'http',
    status,
    code: null,
    reason: null,
    message: `HTTP ${status}`,
    ...extra,
  });
}

const noWait = vi.fn(async (_ms: number, _signal: AbortSignal) => {});

async function collect(
  fetchPage: (request: PageFetchRequest) => Promise<Page<Item>>,
  extra: Partial<Parameters<typeof walkPages<Item>>[0]> = {},
) {
  const ids: string[] = [];
  const run = walkPages<Item>({
    fetchPage,
    idOf: (item) => item.id,
    pageSize: 10,
    wait: noWait,
    random: () => 0.5,
    onPage: (page) => {
      ids.push(...page.items.map((item) => item.id));
    },
    ...extra,
  });
  return { run, ids };
}

describe('walkPages', () => {
  it('follows next_cursor to the end at the chosen page size and reports progress', async () => {
    const list = pagedList(35, 10);
    const fetchPage = vi.fn(async ({ cursor }: PageFetchRequest) => list(cursor));
    const progress = vi.fn();
    const { run, ids } = await collect(fetchPage, { onProgress: progress });
    await expect(run).resolves.toEqual({ pages: 4, items: 35 });
    expect(ids).toEqual(Array.from({ length: 35 }, (_, i) => `rec-${i}`));
    expect(fetchPage.mock.calls.map(([request]) => [request.cursor, request.limit])).toEqual([
      [null, 10],
      ['10', 10],
      ['20', 10],
      ['30', 10],
    ]);
    expect(progress).toHaveBeenLastCalledWith({ pages: 4, items: 35, retrying: null });
  });

  it('stops with a typed error when a cursor comes back (a loop), after the sound pages', async () => {
    const list = pagedList(100, 10);
    // Page 3 points back at page 2.
    const fetchPage = vi.fn(async ({ cursor }: PageFetchRequest) => {
      const page = list(cursor);
      return cursor === '20' ? { ...page, nextCursor: '10' } : page;
    });
    const { run, ids } = await collect(fetchPage);
    const error = await run.catch((e: unknown) => e);
    expect(isPagingError(error)).toBe(true);
    expect(isPagingError(error) && error.problem).toEqual({
      kind: 'repeated_cursor',
      pageIndex: 2,
      recordId: null,
    });
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('stops on a record id already seen and never delivers the page holding it', async () => {
    const list = pagedList(50, 10);
    const fetchPage = async ({ cursor }: PageFetchRequest) => {
      const page = list(cursor);
      return cursor === '30' ? { ...page, items: [{ id: 'rec-4' }, ...page.items.slice(1)] } : page;
    };
    const { run, ids } = await collect(fetchPage);
    const error = await run.catch((e: unknown) => e);
    expect(isPagingError(error) && error.problem).toEqual({
      kind: 'duplicate_id',
      pageIndex: 3,
      recordId: 'rec-4',
    });
    expect(isPagingError(error) && pagingProblemMessage(error.problem, error.listKind, t)).toMatch(
      /sent a record it had already sent .*id rec-4/,
    );
    expect(ids).toEqual(Array.from({ length: 30 }, (_, i) => `rec-${i}`));
  });

  it('stops after three empty pages in a row that still point further, and allows two', async () => {
    // Fresh cursors every time, never an item: no cursor or id repeats, yet it never ends.
    const endless = vi.fn(async ({ cursor }: PageFetchRequest) => ({
      items: [] as Item[],
      nextCursor: `e${Number(cursor?.slice(1) ?? 0) + 1}`,
    }));
    const { run } = await collect(endless);
    await expect(run).rejects.toMatchObject({ problem: { kind: 'no_progress', pageIndex: 2 } });
    expect(endless).toHaveBeenCalledTimes(3);

    // Two empty pages between items (a slice of hidden items) are walked through.
    const list = pagedList(20, 10);
    const withGaps = async ({ cursor }: PageFetchRequest): Promise<Page<Item>> => {
      if (cursor === '10') return { items: [], nextCursor: 'gap' };
      if (cursor === 'gap') return { items: [], nextCursor: 'gap2' };
      return list(cursor === 'gap2' ? '10' : cursor);
    };
    const gaps = await collect(withGaps);
    await expect(gaps.run).resolves.toEqual({ pages: 4, items: 20 });
    expect(gaps.ids).toHaveLength(20);
  });

  it('checks against pages seen before it started (a seeded guard)', async () => {
    const list = pagedList(30, 10);
    const guard = new PagingGuard();
    guard.admit(0, null, ['rec-0', 'rec-1', 'rec-25'], '10');
    const { run } = await collect(async ({ cursor }) => list(cursor), {
      guard,
      start: { index: 1, cursor: '10' },
    });
    await expect(run).rejects.toMatchObject({
      problem: { kind: 'duplicate_id', recordId: 'rec-25' },
    });
  });

  it('retries transient failures with backoff, then carries on from the same cursor', async () => {
    const list = pagedList(20, 10);
    const failures = [
      new ApiError({
        kind: 'network',
        status: null,
        code: null,
        reason: null,
        message: 'cut',
        failure: 'cut',
      }),
      new ApiError({
        kind: 'not_a_service',
        status: null,
        code: null,
        reason: null,
        message: 'garbled',
        failure: 'malformed_body',
      }),
      httpError(502),
    ];
    const fetchPage = vi.fn(async ({ cursor }: PageFetchRequest) => {
      if (cursor === '10' && failures.length > 0) throw failures.shift();
      return list(cursor);
    });
    const progress = vi.fn();
    noWait.mockClear();
    const { run, ids } = await collect(fetchPage, { onProgress: progress });
    await expect(run).resolves.toEqual({ pages: 2, items: 20 });
    expect(ids).toHaveLength(20);
    expect(fetchPage.mock.calls.map(([request]) => request.cursor)).toEqual([
      null,
      '10',
      '10',
      '10',
      '10',
    ]);
    // Exponential: 500, 1000, 2000 ms bases, each with jitter (random = 0.5 → 3/4 of the base).
    expect(noWait.mock.calls.map(([ms]) => ms)).toEqual([375, 750, 1500]);
    expect(progress).toHaveBeenCalledWith(
      expect.objectContaining({ retrying: expect.objectContaining({ attempt: 1 }) }),
    );
  });

  it('gives up after three retries with the last failure, and never retries a 4xx', async () => {
    const persistent = vi.fn(async () => {
      throw httpError(503);
    });
    await expect((await collect(persistent)).run).rejects.toMatchObject({ status: 503 });
    expect(persistent).toHaveBeenCalledTimes(4);

    const refused = vi.fn(async () => {
      throw httpError(400);
    });
    await expect((await collect(refused)).run).rejects.toMatchObject({ status: 400 });
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('waits as long as Retry-After says, or until X-RateLimit-Reset when there is none', async () => {
    const list = pagedList(10, 10);
    const now = 1_000_000;
    const limited = [
      httpError(429, { retryAfterSeconds: 3 }),
      httpError(429, { rateLimit: { remaining: 0, resetAt: now + 4_000 } }),
    ];
    noWait.mockClear();
    const { run } = await collect(
      async ({ cursor }) => {
        const next = limited.shift();
        if (next) throw next;
        return list(cursor);
      },
      { now: () => now, random: () => 0 },
    );
    await run;
    expect(noWait.mock.calls.map(([ms]) => ms)).toEqual([3_000, 4_000]);
  });

  it('stops at once when aborted, also mid-wait', async () => {
    const controller = new AbortController();
    const wait = (_ms: number, signal: AbortSignal) =>
      new Promise<void>((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason)),
      );
    const run = walkPages<Item>({
      fetchPage: async () => {
        throw httpError(503);
      },
      idOf: (item) => item.id,
      signal: controller.signal,
      wait,
      onProgress: () => controller.abort(),
    });
    await expect(run).rejects.toMatchObject({ kind: 'aborted' });
  });
});

describe('PagingGuard', () => {
  it('lets a page be read again (scrolling back up) without calling its records duplicates', () => {
    const guard = new PagingGuard();
    expect(guard.admit(0, null, ['a', 'b'], 'c1')).toBeNull();
    expect(guard.admit(1, 'c1', ['c', 'd'], 'c2')).toBeNull();
    expect(guard.admit(0, null, ['a', 'b'], 'c1')).toBeNull();
    // The refreshed page 0 now holds a record that page 1 also holds.
    expect(guard.admit(0, null, ['a', 'c'], 'c1')).toMatchObject({
      kind: 'duplicate_id',
      recordId: 'c',
    });
    expect(guard.admit(1, 'c1', ['c', 'd'], 'c1')).toMatchObject({ kind: 'repeated_cursor' });
  });
});
