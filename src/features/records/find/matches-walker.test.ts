import { describe, expect, it } from 'vitest';
import { record } from '../testing/records-test-utils';
import { matchesWalker } from './matches-walker';

describe('matchesWalker', () => {
  it('hands the matches over in order, 500 at a time, reading nothing', async () => {
    const matches = Array.from({ length: 1201 }, (_, n) => record(`r${n}`, {}));
    const pages: number[] = [];
    const ids: string[] = [];
    await matchesWalker(() => matches)({
      client: {} as never,
      tableId: 't',
      query: { sort: null, filters: {} },
      signal: new AbortController().signal,
      onWait: () => {},
      onPage: (rows) => {
        pages.push(rows.length);
        for (const row of rows) ids.push(row.id);
      },
    });
    expect(pages).toEqual([500, 500, 201]);
    expect(ids).toEqual(matches.map((row) => row.id));
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(
      matchesWalker(() => [record('a', {})])({
        client: {} as never,
        tableId: 't',
        query: { sort: null, filters: {} },
        signal: controller.signal,
        onWait: () => {},
        onPage: () => {},
      }),
    ).rejects.toThrow('cancelled');
  });
});
