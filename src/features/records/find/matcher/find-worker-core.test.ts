import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api/errors';
import { isPagingError } from '../../../../lib/api/paging-guard';
import { fakeClient, record, TABLE_ID } from '../../testing/records-test-utils';
import { PLAN, rateLimited, rows } from '../find-test-fixtures';
import { endFromWire } from '../walk/walk-wire';
import type { FindReply, FindRequest } from './find-protocol';
import { MAX_MATCHES } from './find-store';
import { createFindWorker } from './find-worker-core';

const CONNECTION = { serviceUrl: 'https://service.test', apiKey: 'svc_live_test' };

type WalkRequest = Extract<FindRequest, { type: 'walk' }>;

/** The page asking session 1 to read the unsorted, unfiltered view, with nothing loaded. */
function walkRequest(extra: Partial<WalkRequest> = {}): WalkRequest {
  return {
    type: 'walk',
    session: 1,
    connection: CONNECTION,
    tableId: TABLE_ID,
    query: { sort: null, filters: {} },
    columns: [],
    loaded: [],
    resume: false,
    ...extra,
  };
}

/**
 * The worker's handler on a fake service: what it posts, the walk's end (made into the
 * page's errors again, as the engine does), and the matches in the order they came.
 */
function worker(service: Parameters<typeof fakeClient>[0]) {
  const { client, listRecords } = fakeClient(service);
  const posted: FindReply[] = [];
  let ended: (end: FindReply) => void = () => {};
  const handle = createFindWorker({
    post: (message) => {
      posted.push(message);
      if (message.type === 'walk-end') ended(message);
    },
    clientOf: () => client,
  });
  const walk = (query: string, extra: Partial<WalkRequest> = {}) => {
    const end = new Promise<FindReply>((resolve) => {
      ended = resolve;
    });
    handle({ type: 'start', session: 1, plan: PLAN, people: [], query });
    handle(walkRequest(extra));
    return end.then((message) => (message.type === 'walk-end' ? endFromWire(message.end) : null));
  };
  const matches = () =>
    posted.flatMap((message) =>
      message.type === 'walk-update' && message.update.kind === 'append'
        ? message.update.rows.map((row) => row.id)
        : [],
    );
  return { handle, walk, posted, matches, listRecords };
}

describe('the find worker reading the view itself', () => {
  it('finds every match in the view’s order, the grid’s pages first and not read again', async () => {
    const all = rows(1700);
    const { walk, matches, listRecords } = worker({ records: all });
    const end = await walk('haddad', {
      loaded: [{ index: 0, cursor: null, items: all.slice(0, 100), nextCursor: '100' }],
    });
    expect(end).toEqual({ kind: 'complete' });
    expect(matches()).toEqual(all.filter((_, n) => n % 3 === 0).map((row) => row.id));
    expect(listRecords.mock.calls.map((call) => call[2]?.cursor ?? null)).toEqual([
      '100',
      '600',
      '1100',
      '1600',
    ]);
  });

  it('stops at a repeated cursor with the paging error the page words, keeping what it found', async () => {
    const { walk, matches } = worker({
      records: rows(1500),
      tamper: (page, cursor) => (cursor === '500' ? { ...page, nextCursor: '500' } : page),
    });
    const end = await walk('haddad');
    expect(end?.kind === 'failed' && isPagingError(end.error)).toBe(true);
    expect(end?.kind === 'failed' && isPagingError(end.error) && end.error.problem.kind).toBe(
      'repeated_cursor',
    );
    expect(matches()).toHaveLength(334);
  });

  it('tries a rate-limited page again, saying it waits, and goes on', async () => {
    let refused = 0;
    const { walk, matches, posted } = worker({
      records: rows(1500),
      failWhen: (_query, cursor) => (cursor === '500' && refused++ === 0 ? rateLimited() : null),
    });
    const end = await walk('haddad');
    expect(end).toEqual({ kind: 'complete' });
    expect(matches()).toHaveLength(500);
    const waits = posted.flatMap((message) => (message.type === 'walk-wait' ? [message.wait] : []));
    expect(waits).toContainEqual({ seconds: 1, reason: 'rate_limit' });
    expect(waits.at(-1)).toBeNull();
  });

  it('ends with the status and kind of a failure that persisted, for the page to word', async () => {
    const { walk, matches } = worker({
      records: rows(1500),
      failWhen: (_query, cursor) => (cursor === '1000' ? rateLimited() : null),
    });
    const end = await walk('haddad');
    expect(end?.kind).toBe('failed');
    const error = end?.kind === 'failed' ? end.error : null;
    expect(error).toBeInstanceOf(ApiError);
    expect(error instanceof ApiError && [error.status, error.kind]).toEqual([429, 'http']);
    expect(matches()).toHaveLength(334);
  });

  it('is stopped by the page, and ends as cancelled', async () => {
    const { handle, walk, posted } = worker({ records: rows(5000) });
    const ending = walk('haddad');
    handle({ type: 'stop', session: 1 });
    expect(await ending).toEqual({ kind: 'cancelled' });
    const updates = posted.filter((message) => message.type === 'walk-update');
    expect(updates.length).toBeLessThan(10);
  });

  it('forgets a walk of an earlier session: its late replies carry that session', async () => {
    const { handle, walk, posted } = worker({ records: rows(3000) });
    const first = walk('haddad');
    handle({ type: 'start', session: 2, plan: PLAN, people: [], query: 'okafor' });
    expect(await first).toEqual({ kind: 'cancelled' });
    expect(posted.filter((message) => message.session === 2)).toEqual([]);
  });

  it(`stops at ${MAX_MATCHES} matches and goes on from there when asked to resume`, async () => {
    const all = Array.from({ length: MAX_MATCHES + 1200 }, (_, n) =>
      record(`r${n}`, { name: n < MAX_MATCHES + 100 ? 'x' : 'x y' }),
    );
    const { handle, walk, matches, posted, listRecords } = worker({ records: all });
    expect(await walk('x')).toEqual({ kind: 'capped', resumable: true });
    expect(matches()).toHaveLength(MAX_MATCHES);
    // A narrower query leaves room: the walk goes on after the page it stopped in.
    handle({ type: 'query', session: 1, seq: 1, query: 'x y' });
    const before = listRecords.mock.calls.length;
    const ended = new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (posted.filter((message) => message.type === 'walk-end').length === 2) {
          clearInterval(check);
          resolve();
        }
      }, 5);
    });
    handle(walkRequest({ resume: true }));
    await ended;
    expect(listRecords.mock.calls.slice(before)[0]?.[2]?.cursor).toBe(String(MAX_MATCHES));
    const last = posted.at(-1);
    expect(last?.type === 'walk-end' && last.end).toEqual({ kind: 'complete' });
  });
});

describe('the grid’s pages held by the worker before a find', () => {
  it('searches the pages held for the view without reading them again', async () => {
    const all = rows(700);
    const { handle, walk, matches, listRecords } = worker({ records: all });
    const first = { index: 0, cursor: null, items: all.slice(0, 100), nextCursor: '100' };
    handle({ type: 'hold', view: 'orders', keep: [0], pages: [first] });
    const { items: _items, ...at } = first;
    const end = await walk('haddad', { held: { view: 'orders', pages: [at] } });
    expect(end).toEqual({ kind: 'complete' });
    expect(matches()).toEqual(all.filter((_, n) => n % 3 === 0).map((row) => row.id));
    expect(listRecords.mock.calls.map((call) => call[2]?.cursor ?? null)).toEqual(['100', '600']);
  });

  it('never matches a page held for a view since replaced (another sort): it reads the view', async () => {
    const all = rows(300);
    const { handle, walk, matches, listRecords } = worker({ records: all });
    const stale = [record('old', { name: 'haddad old' })];
    handle({
      type: 'hold',
      view: 'orders by name',
      keep: [0],
      pages: [{ index: 0, cursor: null, items: stale, nextCursor: '1' }],
    });
    const end = await walk('haddad', {
      held: { view: 'orders by date', pages: [{ index: 0, cursor: null, nextCursor: '1' }] },
    });
    expect(end).toEqual({ kind: 'complete' });
    expect(matches()).not.toContain('old');
    expect(matches()).toEqual(all.filter((_, n) => n % 3 === 0).map((row) => row.id));
    expect(listRecords.mock.calls[0]?.[2]?.cursor ?? null).toBe(null);
  });
});
