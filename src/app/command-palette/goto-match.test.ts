import { describe, expect, it } from 'vitest';
import { narrows, normalizeForSearch, prepareQuery } from '../../lib/text-search';
import { matchNarrowing, prepareForSearch, type Searchable } from './goto-match';

const items = (...labels: string[]): Searchable[] => labels.map((label) => ({ label }));
const find = (list: Searchable[], text: string, limit = 10) =>
  matchNarrowing(prepareForSearch(list), prepareQuery(text), limit).best.map((item) => item.label);

describe('normalizeForSearch', () => {
  it('drops case, accents and punctuation', () => {
    expect(normalizeForSearch('  Léa  OKAFOR—São_Paulo! ')).toBe('lea okafor sao paulo');
    expect(normalizeForSearch('Ærø Ñandú')).toBe('ærø nandu');
  });
});

describe('matchNarrowing', () => {
  it('ignores case and accents, both ways', () => {
    const list = items('Léa Okafor', 'Lea Martin', 'Leo');
    expect(find(list, 'LEA')).toEqual(['Léa Okafor', 'Lea Martin']);
    expect(find(list, 'léa mártin')).toEqual(['Lea Martin']);
  });

  it('needs every word, in any order', () => {
    const list = items('Answer customer surveys', 'Answer refund requests', 'Survey customers');
    expect(find(list, 'surveys answer')).toEqual(['Answer customer surveys']);
    expect(find(list, 'customer survey')).toEqual(['Answer customer surveys', 'Survey customers']);
    expect(find(list, 'answer zebra')).toEqual([]);
  });

  it('ranks a name that starts with the text, then whole words, then word starts, then inside words', () => {
    const list = items('Reorder stock', 'Stock order form', 'Orders placed', 'Order', 'Ordering');
    expect(find(list, 'order')).toEqual([
      'Orders placed',
      'Order',
      'Ordering',
      'Stock order form',
      'Reorder stock',
    ]);
  });

  it('keeps the list order among equals, and stops at the limit', () => {
    const list = items('Task b', 'Task a', 'Task c', 'Task d');
    expect(find(list, 'task', 2)).toEqual(['Task b', 'Task a']);
    expect(find(list, '   ')).toEqual([]);
  });

  it('finds by extra terms, after matches in the name', () => {
    const list: Searchable[] = [
      { label: 'Pack boxes', terms: ['Ada Lovelace'] },
      { label: 'Call Ada' },
    ];
    expect(find(list, 'ada')).toEqual(['Call Ada', 'Pack boxes']);
    expect(find(list, 'pack lovelace')).toEqual(['Pack boxes']);
  });

  it('prepares each item once, however often it is searched', () => {
    const list = items('Alpha');
    const first = prepareForSearch(list);
    expect(prepareForSearch(list)[0]).toBe(first[0]);
  });

  it('finds the last of 5,000 names, and the best matches wherever they are in the list', () => {
    const list = prepareForSearch(
      items(...Array.from({ length: 5_000 }, (_, i) => `Inbox report ${i} São Paulo`)),
    );
    expect(
      matchNarrowing(list, prepareQuery('paulo 4999'), 6).best.map((item) => item.label),
    ).toEqual(['Inbox report 4999 São Paulo']);
    const late = prepareForSearch([
      ...items(...Array.from({ length: 4_999 }, (_, i) => `Review ${i} sao`)),
      { label: 'Sao Paulo' },
    ]);
    expect(matchNarrowing(late, prepareQuery('sao'), 3).best.map((item) => item.label)).toEqual([
      'Sao Paulo',
      'Review 0 sao',
      'Review 1 sao',
    ]);
  });

  it('typing on searches only the last matches, and finds what a full search finds', () => {
    const list = prepareForSearch(
      items(
        ...Array.from({ length: 3_000 }, (_, i) => `Review ${i % 7 === 0 ? 'São' : 'Santos'} ${i}`),
      ),
    );
    let previous = prepareQuery('');
    let within: Int32Array | undefined;
    for (const text of ['s', 'sa', 'sao', 'sao 1', 'sao 14']) {
      const query = prepareQuery(text);
      const narrowed = matchNarrowing(
        list,
        query,
        6,
        narrows(previous, query) ? within : undefined,
      );
      const full = matchNarrowing(list, query, 6);
      expect(narrowed.best).toEqual(full.best);
      expect([...narrowed.matched]).toEqual([...full.matched]);
      previous = query;
      within = narrowed.matched;
    }
    expect(within?.length).toBeLessThan(3_000 / 7);
    expect(narrows(prepareQuery('sao 14'), prepareQuery('sao 1'))).toBe(false);
  });
});
