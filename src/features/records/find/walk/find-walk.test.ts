import { describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../../../lib/api/errors';
import { isPagingError } from '../../../../lib/api/paging-guard';
import type { RecordRow } from '../../../../lib/api/types';
import { walkViewPages } from '../../count/view-walk';
import { fakeClient, record, TABLE_ID } from '../../testing/records-test-utils';
import { PLAN, rateLimited, rows } from '../find-test-fixtures';
import { createLocalFindEngine } from '../matcher/find-engine';
import { MAX_MATCHES } from '../matcher/find-store';
import { type FindWalkOptions, type LoadedPage, walkForFind } from './find-walk';

type FakeService = Parameters<typeof fakeClient>[0];

/**
 * Find's walk for `query` over a fake service, read from the first page and searched by a
 * local engine, its matches gathered as they are told. `extra` may replace any of the
 * walk's options, given the engine and the service's page requests.
 */
function startFind(
  query: string,
  service: FakeService,
  extra: (walk: {
    engine: ReturnType<typeof createLocalFindEngine>;
    listRecords: ReturnType<typeof fakeClient>['listRecords'];
  }) => Partial<FindWalkOptions> = () => ({}),
) {
  const { client, listRecords } = fakeClient(service);
  const engine = createLocalFindEngine();
  engine.start(PLAN, new Map(), query);
  let matches: string[] = [];
  const walking = walkForFind({
    walker: walkViewPages,
    client,
    tableId: TABLE_ID,
    query: { sort: null, filters: {} },
    signal: new AbortController().signal,
    loaded: [],
    search: (page) => engine.addPage(page, new Map()),
    onUpdate: (update) => {
      if (update.kind === 'append') matches = [...matches, ...update.rows.map((row) => row.id)];
    },
    onWait: () => {},
    ...extra({ engine, listRecords }),
  });
  return { walking, matches: () => matches, listRecords };
}

/** startFind to its end. */
async function find(query: string, service: FakeService, extra: Partial<FindWalkOptions> = {}) {
  const { walking, matches, listRecords } = startFind(query, service, () => extra);
  const end = await walking;
  return { end, matches: matches(), listRecords };
}

describe('walkForFind', () => {
  it('finds every match of the view in its order, reading the grid’s pages only once', async () => {
    const all = rows(1200);
    const loaded: LoadedPage[] = [
      { index: 0, cursor: null, items: all.slice(0, 100), nextCursor: '100' },
    ];
    const { end, matches, listRecords } = await find('haddad', { records: all }, { loaded });
    expect(end).toEqual({ kind: 'complete' });
    expect(matches).toEqual(all.filter((_, n) => n % 3 === 0).map((row) => row.id));
    // From the grid's frontier on, 500 a page: 100 → 600 → 1100 → end.
    expect(listRecords.mock.calls.map((call) => call[2]?.cursor ?? null)).toEqual([
      '100',
      '600',
      '1100',
    ]);
  });

  it('stops at a repeated cursor with a paging error, keeping what it found', async () => {
    const { end, matches } = await find('haddad', {
      records: rows(1500),
      // The service sends the second page's cursor again: a loop.
      tamper: (page, cursor) => (cursor === '500' ? { ...page, nextCursor: '500' } : page),
    });
    expect(end.kind).toBe('failed');
    expect(end.kind === 'failed' && isPagingError(end.error)).toBe(true);
    expect(matches).toHaveLength(334); // records 0–999: the two pages before the loop was seen
  });

  it('stops at a record sent twice, without searching the page that repeats it', async () => {
    const all = rows(1500);
    const { end, matches } = await find('haddad', {
      records: all,
      tamper: (page, cursor) =>
        cursor === '500' ? { ...page, items: [all[0] as RecordRow, ...page.items.slice(1)] } : page,
    });
    expect(end.kind === 'failed' && isPagingError(end.error)).toBe(true);
    expect(matches).toHaveLength(167); // the first page's
  });

  it('stops with the 429 that persisted, keeping what it found', async () => {
    const { end, matches } = await find('haddad', {
      records: rows(1500),
      failWhen: (_query, cursor) => (cursor === '1000' ? rateLimited() : null),
    });
    expect(end.kind).toBe('failed');
    expect(end.kind === 'failed' && (end.error as ApiError).status).toBe(429);
    expect(matches).toHaveLength(334);
  });

  it(`stops at ${MAX_MATCHES} matches at a place it can go on from`, async () => {
    const all = Array.from({ length: MAX_MATCHES + 600 }, (_, n) => record(`r${n}`, { name: 'x' }));
    const first = await find('x', { records: all });
    expect(first.end.kind).toBe('capped');
    expect(first.matches).toHaveLength(MAX_MATCHES);
    const resumeFrom = first.end.kind === 'capped' ? first.end.resumeFrom : null;
    expect(resumeFrom).toMatchObject({ index: 20, cursor: String(MAX_MATCHES) });
  });

  it('is cancelled by its signal and says so', async () => {
    const controller = new AbortController();
    const { end, matches } = await find(
      'haddad',
      { records: rows(1500) },
      {
        signal: controller.signal,
        onUpdate: () => controller.abort(),
      },
    );
    expect(end).toEqual({ kind: 'cancelled' });
    expect(matches).toEqual([]);
  });

  it('asks for the next page while a page is searched, and searches in the view’s order', async () => {
    const all = rows(2000);
    const searchedPages: string[] = [];
    const requestsWhenSearched: number[] = [];
    let release: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { walking, matches, listRecords } = startFind(
      'haddad',
      { records: all },
      ({ engine, listRecords }) => ({
        // The first page's names come last: its search still goes first.
        nameRows: async (page) => {
          if (page[0]?.id === 'r0') await firstHeld;
          return new Map();
        },
        search: (page) => {
          searchedPages.push(page[0]?.id ?? '');
          requestsWhenSearched.push(listRecords.mock.calls.length);
          return engine.addPage(page, new Map());
        },
      }),
    );
    // While the first page waits, the pages after it are read (two ahead at most).
    await vi.waitFor(() => expect(listRecords).toHaveBeenCalledTimes(3));
    expect(searchedPages).toEqual([]);
    release();
    expect(await walking).toEqual({ kind: 'complete' });
    expect(searchedPages).toEqual(['r0', 'r500', 'r1000', 'r1500']);
    expect(requestsWhenSearched[0]).toBe(3);
    expect(matches()).toEqual(all.filter((_, n) => n % 3 === 0).map((row) => row.id));
  });
});
