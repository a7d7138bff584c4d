import { describe, expect, it } from 'vitest';
import type { RecordRow } from '../../../../lib/api/types';
import { record } from '../../testing/records-test-utils';
import { FindStore, type FindUpdate, MAX_MATCHES, RECORDS_KEPT_FOR_ANY_QUERY } from './find-store';
import type { FindColumn, FindPlan } from './record-text';

const CUSTOMER_LEA = '00000000-0000-4000-8000-000000000001';
const CUSTOMER_BOB = '00000000-0000-4000-8000-000000000002';
const PERSON = 'usr_7f3a';

function findColumn(name: string, type: FindColumn['type'], extra: Partial<FindColumn> = {}) {
  return { name, type, currency: null, optionLabels: null, ...extra } satisfies FindColumn;
}

const COLUMNS: FindColumn[] = [
  findColumn('order_no', 'SERIAL'),
  findColumn('customer', 'REFERENCE'),
  findColumn('total', 'NUMBER', { currency: 'EUR' }),
  findColumn('paid', 'BOOLEAN'),
  findColumn('placed_at', 'DATETIME'),
  findColumn('status', 'SELECT', { optionLabels: { open: 'Aberto', done: 'Concluído' } }),
  findColumn('tags', 'MULTISELECT'),
  findColumn('notes', 'LONGTEXT'),
  findColumn('owner', 'TEXT'),
];

const PLANS = {
  en: { locale: 'en', yes: 'yes', no: 'no', columns: COLUMNS },
  es: { locale: 'es', yes: 'sí', no: 'no', columns: COLUMNS },
  'pt-BR': { locale: 'pt-BR', yes: 'sim', no: 'não', columns: COLUMNS },
} satisfies Record<string, FindPlan>;

const ORDERS: RecordRow[] = [
  record('o1', {
    order_no: 45751,
    customer: CUSTOMER_LEA,
    total: 1234.5,
    paid: true,
    placed_at: '2026-03-05',
    status: 'open',
    tags: ['gift', 'fragile'],
    notes: 'Leave **at the door**, see [the map](https://example.com/secret-path)',
    owner: PERSON,
  }),
  record('o2', {
    order_no: 12,
    customer: CUSTOMER_BOB,
    total: 99,
    paid: false,
    placed_at: '2026-11-20T15:30:00Z',
    status: 'done',
    tags: ['new'],
    notes: null,
  }),
];

const NAMES = new Map([
  [CUSTOMER_LEA, 'Léa Haddad'],
  [CUSTOMER_BOB, 'Bob Okafor'],
]);

function found(plan: FindPlan, query: string, rows: RecordRow[] = ORDERS): string[] {
  const store = new FindStore(plan, new Map([[PERSON, 'Ana Souza']]));
  store.setQuery(query);
  const update = store.addPage(rows, NAMES);
  return update.kind === 'append' ? update.rows.map((row) => row.id) : [];
}

describe('what a find matches: the text as the person reads it', () => {
  it('finds linked records by name, case, accents and word order aside', () => {
    expect(found(PLANS.en, 'haddad')).toEqual(['o1']);
    expect(found(PLANS.en, 'HADDAD lea')).toEqual(['o1']);
    expect(found(PLANS.en, 'léa')).toEqual(['o1']);
    expect(found(PLANS.en, 'okafor bob')).toEqual(['o2']);
    // The id itself is not what the person reads.
    expect(found(PLANS.en, '00000000')).toEqual([]);
  });

  it('finds money, numbers and dates as each language formats them', () => {
    expect(found(PLANS.en, '€1,234.50')).toEqual(['o1']);
    expect(found(PLANS['pt-BR'], '1.234,50')).toEqual(['o1']);
    expect(found(PLANS.es, '1234,50 €')).toEqual(['o1']);
    // A formatted amount is one word: its digits elsewhere do not match it.
    expect(found(PLANS.en, '1,234.99')).toEqual([]);
    expect(found(PLANS.en, '45,751')).toEqual(['o1']);
    expect(found(PLANS.en, 'mar 5 2026')).toEqual(['o1']);
    expect(found(PLANS.es, '5 mar 2026')).toEqual(['o1']);
    expect(found(PLANS['pt-BR'], '5 de mar')).toEqual(['o1']);
  });

  it('finds yes/no, option labels, tags, Markdown as text and people by name', () => {
    expect(found(PLANS['pt-BR'], 'sim')).toEqual(['o1']);
    expect(found(PLANS['pt-BR'], 'não')).toEqual(['o2']);
    expect(found(PLANS.es, 'si')).toEqual(['o1']);
    expect(found(PLANS.en, 'concluido')).toEqual(['o2']);
    expect(found(PLANS.en, 'fragile gift')).toEqual(['o1']);
    expect(found(PLANS.en, 'at the door')).toEqual(['o1']);
    expect(found(PLANS.en, 'map')).toEqual(['o1']);
    expect(found(PLANS.en, 'secret')).toEqual([]);
    expect(found(PLANS.en, 'souza')).toEqual(['o1']);
  });

  it('needs every word, anywhere in the record', () => {
    expect(found(PLANS.en, 'haddad fragile')).toEqual(['o1']);
    expect(found(PLANS.en, 'haddad new')).toEqual([]);
    expect(found(PLANS.en, '')).toEqual([]);
  });
});

function rowsOf(update: FindUpdate): string[] {
  return 'rows' in update ? update.rows.map((row) => row.id) : [];
}

describe('FindStore: keystrokes without reading again', () => {
  it('narrows the matches when the query only adds to what was typed', () => {
    const store = new FindStore(PLANS.en);
    store.setQuery('o');
    expect(rowsOf(store.addPage(ORDERS, NAMES))).toEqual(['o1', 'o2']);
    const narrowed = store.setQuery('ok');
    expect(narrowed.kind).toBe('narrow');
    expect(narrowed.kind === 'narrow' ? [...narrowed.keep] : null).toEqual([1]);
    expect(narrowed.status).toMatchObject({ matches: 1, searched: 2, capped: false });
  });

  it('answers any other query from the records it kept', () => {
    const store = new FindStore(PLANS.en);
    store.setQuery('okafor');
    store.addPage(ORDERS, NAMES);
    const other = store.setQuery('haddad');
    expect(other.kind).toBe('reset');
    expect(rowsOf(other)).toEqual(['o1']);
  });

  it('asks for a new walk once more records were searched than it keeps', () => {
    const store = new FindStore(PLANS.en);
    store.setQuery('gift');
    const many = Array.from({ length: RECORDS_KEPT_FOR_ANY_QUERY + 1 }, (_, i) =>
      record(`r${i}`, { tags: i % 2 === 0 ? ['gift'] : ['new'] }),
    );
    store.addPage(many, null);
    expect(store.setQuery('gifts').kind).toBe('narrow');
    expect(store.setQuery('new').kind).toBe('stale');
  });

  it(`keeps at most ${MAX_MATCHES} matches, then narrows into the rest of the page`, () => {
    const store = new FindStore(PLANS.en);
    store.setQuery('item');
    const page = Array.from({ length: MAX_MATCHES + 10 }, (_, i) =>
      record(`r${i}`, { owner: i >= MAX_MATCHES ? 'item late' : 'item' }),
    );
    const first = store.addPage(page, null);
    expect(first.status).toMatchObject({
      matches: MAX_MATCHES,
      capped: true,
      searched: MAX_MATCHES,
    });
    const narrowed = store.setQuery('item late');
    expect(narrowed.kind).toBe('narrow');
    if (narrowed.kind !== 'narrow') return;
    expect(narrowed.keep.length).toBe(0);
    expect(narrowed.appended.map((row) => row.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `r${MAX_MATCHES + i}`),
    );
    expect(narrowed.status).toMatchObject({
      matches: 10,
      capped: false,
      searched: MAX_MATCHES + 10,
    });
  });
});
