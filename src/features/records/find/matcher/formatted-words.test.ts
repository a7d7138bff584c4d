import { describe, expect, it } from 'vitest';
import type { RecordRow } from '../../../../lib/api/types';
import { holdsEveryWord, normalizeKeepingNumbers, prepareQuery } from '../../../../lib/text-search';
import { record } from '../../testing/records-test-utils';
import { FindStore, RECORDS_KEPT_FOR_ANY_QUERY } from './find-store';
import { canBeFormatted, formattedWords } from './formatted-words';
import { type FindColumn, type FindPlan, recordSearchText, valueFormatsFor } from './record-text';

const COLUMNS: FindColumn[] = [
  { name: 'order_no', type: 'SERIAL', currency: null, optionLabels: null },
  { name: 'total', type: 'NUMBER', currency: 'BRL', optionLabels: null },
  { name: 'placed_at', type: 'DATETIME', currency: null, optionLabels: null },
  { name: 'due', type: 'DATETIME', currency: null, optionLabels: null },
  { name: 'customer', type: 'TEXT', currency: null, optionLabels: null },
];
const PLANS: FindPlan[] = [
  { locale: 'en', yes: 'yes', no: 'no', columns: COLUMNS },
  { locale: 'es', yes: 'sí', no: 'no', columns: COLUMNS },
  { locale: 'pt-BR', yes: 'sim', no: 'não', columns: COLUMNS },
];
const NAMES = ['Léa Haddad', 'Bob Okafor', 'Marta Agosto', 'Pat Decker', 'Ana Souza'];

/** Orders of every month and hour, amounts of every size, customers whose names read like months. */
function orders(count: number): RecordRow[] {
  return Array.from({ length: count }, (_, n) =>
    record(`o${n}`, {
      order_no: n * 137,
      total: ((n * 7919) % 2_000_000) / 100,
      placed_at: new Date(Date.UTC(2026, n % 12, 1 + (n % 28), n % 24, n % 60)).toISOString(),
      due: `2026-${String((n % 12) + 1).padStart(2, '0')}-0${1 + (n % 9)}`,
      customer: NAMES[n % NAMES.length],
    }),
  );
}

describe('the words a number or a date can hold', () => {
  it('are the months, the time of day and the currency in the language, not a name', () => {
    const [en, es, ptBr] = PLANS.map((plan) => formattedWords(plan, valueFormatsFor(plan.locale)));
    expect(canBeFormatted('haddad', en as string[])).toBe(false);
    expect(canBeFormatted('mar', en as string[])).toBe(true);
    expect(canBeFormatted('pm', en as string[])).toBe(true);
    expect(canBeFormatted('2026', en as string[])).toBe(true);
    expect(canBeFormatted('1,234.50', en as string[])).toBe(true);
    expect(canBeFormatted('ago', es as string[])).toBe(true);
    expect(canBeFormatted('de', ptBr as string[])).toBe(true);
    // R$, the column's currency in Portuguese.
    expect(canBeFormatted('r', ptBr as string[])).toBe(true);
    expect(canBeFormatted('okafor', ptBr as string[])).toBe(false);
  });
});

describe('a find past the records kept for any query', () => {
  it('finds exactly what the whole text of each record finds, in every language', () => {
    const rows = orders(400);
    const queries = [
      'haddad',
      'haddad mar',
      'agosto',
      'lea 2026',
      'pm okafor',
      'r okafor',
      'de mar souza',
      'ago decker',
      '1.234',
      'haddad 12:',
      'sim',
    ];
    for (const plan of PLANS) {
      const formats = valueFormatsFor(plan.locale);
      for (const query of queries) {
        const store = new FindStore(plan);
        store.setQuery(query);
        // Past what is kept for any query: the rest is searched lazily.
        store.addPage(
          Array.from({ length: RECORDS_KEPT_FOR_ANY_QUERY + 1 }, (_, n) => record(`x${n}`, {})),
        );
        const update = store.addPage(rows);
        const prepared = prepareQuery(query, normalizeKeepingNumbers);
        const expected = rows
          .filter((row) =>
            holdsEveryWord(
              recordSearchText(row, plan, formats, () => undefined),
              prepared,
            ),
          )
          .map((row) => row.id);
        expect(
          update.kind === 'append' ? update.rows.map((row) => row.id) : null,
          `${plan.locale} "${query}"`,
        ).toEqual(expected);
      }
    }
  });

  it('narrows what it found without reading again', () => {
    const store = new FindStore(PLANS[0] as FindPlan);
    store.setQuery('haddad');
    store.addPage(
      Array.from({ length: RECORDS_KEPT_FOR_ANY_QUERY + 1 }, (_, n) => record(`x${n}`, {})),
    );
    const all = store.addPage(orders(100));
    expect(all.status.matches).toBe(20);
    const narrowed = store.setQuery('haddad mar');
    expect(narrowed.kind).toBe('narrow');
    expect(narrowed.status.matches).toBeGreaterThan(0);
    expect(narrowed.status.matches).toBeLessThan(20);
  });
});
