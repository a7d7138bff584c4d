import { describe, expect, it } from 'vitest';
import type { RecordQuery } from '../../../../lib/api/types';
import {
  addRefusal,
  refusalOf,
  refusalsFor,
  type ViewRefusal,
  withoutRefused,
} from './view-refusals';

const link: RecordQuery = {
  sort: { column: 'amount', direction: 'desc' },
  filters: { status: 'paid', customer: 'Dana', ordered_at: 'yesterday' },
};

/** A fake service that names the first bad filter it reads, as the real one does. */
function answer(query: RecordQuery) {
  for (const column of Object.keys(query.filters)) {
    if (column === 'customer' || column === 'ordered_at')
      return { kind: 'filter' as const, column, message: `bad ${column}` };
  }
  return null;
}

describe('view refusals', () => {
  it('resolves a link with two bad filters of three to the good part, one request per bad part', () => {
    let refusals: ViewRefusal[] = [];
    const sent: RecordQuery[] = [];
    for (;;) {
      const query = withoutRefused(link, refusals);
      sent.push(query);
      const refusal = refusalOf(answer(query), query);
      if (!refusal) break;
      refusals = addRefusal(refusals, refusal, link);
    }
    expect(sent).toHaveLength(3);
    expect(sent.at(-1)).toEqual({ sort: link.sort, filters: { status: 'paid' } });
    expect(refusals.map((r) => (r.kind === 'filter' ? r.column : 'sort'))).toEqual([
      'customer',
      'ordered_at',
    ]);
    // Nothing typed is lost: the link itself still holds every filter.
    expect(Object.keys(link.filters)).toHaveLength(3);
  });

  it('tries an edited value again and forgets refusals the view no longer has', () => {
    const refusals: ViewRefusal[] = [
      { kind: 'filter', column: 'customer', value: 'Dana', message: 'bad' },
    ];
    const edited = { ...link, filters: { ...link.filters, customer: 'Dan' } };
    expect(refusalsFor(refusals, edited)).toEqual([]);
    expect(withoutRefused(edited, refusals)).toBe(edited);
  });

  it('drops a refused sort and keeps the filters', () => {
    const refusal = refusalOf({ kind: 'sort', message: 'no column' }, link);
    expect(refusal).toEqual({ kind: 'sort', sort: 'amount:desc', message: 'no column' });
    const query = withoutRefused(link, refusal ? [refusal] : []);
    expect(query.sort).toBeNull();
    expect(query.filters).toEqual(link.filters);
  });

  it('adds nothing for a filter the request did not carry (a saved view’s own)', () => {
    expect(refusalOf({ kind: 'filter', column: 'other', message: 'x' }, link)).toBeNull();
    expect(refusalOf({ kind: 'sort', message: 'x' }, { sort: null, filters: {} })).toBeNull();
  });
});
