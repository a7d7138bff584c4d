import { describe, expect, it, vi } from 'vitest';
import type { ApiClient, Page, RecordRow } from '../../../lib/api/types';
import { createFakeApiClient } from '../../../lib/testing/fake-api-client';
import { record } from '../testing/records-test-utils';
import { SCAN_PAGE_SIZE, SCAN_PAGES, scanLinkedTable } from './use-reference-search';

const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A table of `count` records paged on offset cursors; `tamper` may break a page. */
function pagedClient(count: number, tamper?: (page: Page<RecordRow>) => Page<RecordRow>) {
  const listRecords = vi.fn<ApiClient['listRecords']>(async (_table, _query, request) => {
    const start = Number(request?.cursor ?? 0);
    const end = start + (request?.limit ?? 100);
    const items = Array.from({ length: Math.max(0, Math.min(end, count) - start) }, (_, i) =>
      record(idOf(start + i), { name: `Customer ${start + i}` }),
    );
    const page = { items, nextCursor: end < count ? String(end) : null };
    return tamper ? tamper(page) : page;
  });
  return { client: createFakeApiClient({ listRecords }), listRecords };
}

const signal = new AbortController().signal;

describe('scanLinkedTable', () => {
  it('reads a small table to its end at the largest page size', async () => {
    const { client, listRecords } = pagedClient(700);
    const scan = await scanLinkedTable(client, 't', signal);
    expect(scan.records).toHaveLength(700);
    expect(scan.complete).toBe(true);
    expect(listRecords.mock.calls.map(([, , request]) => request?.limit)).toEqual([
      SCAN_PAGE_SIZE,
      SCAN_PAGE_SIZE,
    ]);
  });

  it('stops after its pages on a big table, and says it did not reach the end', async () => {
    const { client, listRecords } = pagedClient(100_000);
    const scan = await scanLinkedTable(client, 't', signal);
    expect(scan.records).toHaveLength(SCAN_PAGES * SCAN_PAGE_SIZE);
    expect(scan.complete).toBe(false);
    expect(listRecords).toHaveBeenCalledTimes(SCAN_PAGES);
  });

  it('keeps the records before a cursor the service repeats, once each', async () => {
    const { client } = pagedClient(100_000, (page) =>
      page.nextCursor === '1000' ? { ...page, nextCursor: '500' } : page,
    );
    const scan = await scanLinkedTable(client, 't', signal);
    expect(scan.complete).toBe(false);
    expect(new Set(scan.records.map((r) => r.id)).size).toBe(scan.records.length);
    expect(scan.records).toHaveLength(1_000);
    expect(scan.problem).toMatchObject({ kind: 'repeated_cursor', pageIndex: 1 });
  });

  it('stops at the third empty page in a row that still points further', async () => {
    let served = 0;
    const listRecords = vi.fn<ApiClient['listRecords']>(async () => {
      served += 1;
      return { items: [], nextCursor: `c${served}` };
    });
    const scan = await scanLinkedTable(createFakeApiClient({ listRecords }), 't', signal);
    expect(scan).toMatchObject({ records: [], complete: false, problem: { kind: 'no_progress' } });
    expect(listRecords).toHaveBeenCalledTimes(3);
  });
});
