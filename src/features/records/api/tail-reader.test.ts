import { describe, expect, it } from 'vitest';
import { isPagingError } from '../../../lib/api/paging-guard';
import type { Page, RecordQuery, RecordRow } from '../../../lib/api/types';
import { isReversalRefused, planReversal } from './reverse-order';
import { type ReversedPageFetch, TailReader } from './tail-reader';

function row(id: string, amount: number | null): RecordRow {
  const at = `2026-01-0${(amount ?? 0) + 1}T00:00:00.000Z`;
  return { id, fields: { amount }, createdAt: at, updatedAt: at };
}

/**
 * The reference server's order over `records`: values by (amount, id) in the direction,
 * then empty cells by id in the same direction; `filter[amount]=` keeps the empty ones.
 * Cursors are offsets.
 */
function serverOver(records: RecordRow[], tieFlips = true): ReversedPageFetch {
  return async (query: RecordQuery, { cursor, limit }) => {
    const direction = query.sort?.direction === 'desc' ? -1 : 1;
    const tieDirection = tieFlips ? direction : 1;
    const onlyEmpty = query.filters.amount === '';
    const amountOf = (r: RecordRow) => r.fields.amount as number | null;
    const values = records
      .filter((r) => amountOf(r) !== null && !onlyEmpty)
      .sort(
        (a, b) =>
          ((amountOf(a) ?? 0) - (amountOf(b) ?? 0)) * direction ||
          (a.id < b.id ? -1 : 1) * tieDirection,
      );
    const empty = records
      .filter((r) => amountOf(r) === null)
      .sort((a, b) => (a.id < b.id ? -1 : 1) * tieDirection);
    const list = [...values, ...empty];
    const start = cursor === null ? 0 : Number(cursor);
    const items = list.slice(start, start + limit);
    const next = start + limit < list.length ? String(start + limit) : null;
    return { items, nextCursor: next } satisfies Page<RecordRow>;
  };
}

const records = [
  row('a', 5),
  row('b', null),
  row('c', 1),
  row('d', 5),
  row('e', null),
  row('f', 3),
  row('g', null),
];

async function readAll(reader: TailReader) {
  const signal = new AbortController().signal;
  const rows: string[] = [];
  while (!reader.reachedStart) {
    const chunk = await reader.readEarlier(signal);
    rows.push(...chunk.rows.map((r) => r.id));
  }
  return rows;
}

describe('TailReader', () => {
  it.each(['asc', 'desc'] as const)(
    'reads a nullable column sorted %s exactly backwards, page by page',
    async (direction) => {
      const plan = planReversal(
        { sort: { column: 'amount', direction }, filters: {} },
        null,
        'NUMBER',
      );
      if (plan.kind !== 'reverse') throw new Error('expected a reversal');
      const forward = await serverOver(records)(
        { sort: { column: 'amount', direction }, filters: {} },
        { cursor: null, limit: 100, signal: new AbortController().signal },
      );
      const reader = new TailReader(
        plan,
        direction === 'asc' ? 'desc' : 'asc',
        serverOver(records),
        2,
      );
      expect(await readAll(reader)).toEqual(forward.items.map((r) => r.id).reverse());
    },
  );

  it('refuses a service whose reversed ties are not flipped', async () => {
    const plan = planReversal(
      { sort: { column: 'amount', direction: 'asc' }, filters: {} },
      null,
      'NUMBER',
    );
    if (plan.kind !== 'reverse') throw new Error('expected a reversal');
    const reader = new TailReader(plan, 'desc', serverOver(records, false), 2);
    const read = reader.readEarlier(new AbortController().signal);
    await expect(read).rejects.toSatisfy(isReversalRefused);
  });

  it('stops on a record read twice instead of showing it twice', async () => {
    const plan = planReversal({ sort: null, filters: {} }, null, null);
    if (plan.kind !== 'reverse') throw new Error('expected a reversal');
    const again: ReversedPageFetch = async (_query, { cursor }) =>
      cursor === null
        ? { items: [row('b', 1)], nextCursor: 'x' }
        : { items: [row('b', 1)], nextCursor: null };
    const reader = new TailReader(plan, 'desc', again, 1);
    const signal = new AbortController().signal;
    expect((await reader.readEarlier(signal)).rows.map((r) => r.id)).toEqual(['b']);
    await expect(reader.readEarlier(signal)).rejects.toSatisfy(isPagingError);
  });
});
