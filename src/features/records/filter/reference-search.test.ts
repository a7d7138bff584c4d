import { describe, expect, it } from 'vitest';
import { column, record } from '../testing/records-test-utils';
import { MAX_OPTIONS, resolveTypedText, searchRecords } from './reference-search';

const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const columns = [column('email', 'EMAIL'), column('name', 'TEXT', { isPrimary: true })];
const customer = (n: number, name: string) => record(idOf(n), { name, email: `c${n}@example.com` });

const ada = customer(2, 'Ada Lovelace');
const scanned = [
  customer(1, 'Bernadette Lovelace'),
  ada,
  customer(3, 'José García'),
  customer(4, 'Lovelace & Sons'),
  customer(5, 'Ada'),
  customer(6, 'Ada Lovelace'),
];

const labels = (result: { options: { label: string }[] }) => result.options.map((o) => o.label);

describe('searchRecords', () => {
  it('finds names that contain the text, ignoring case and accents, best fits first', () => {
    expect(labels(searchRecords('LOVE', scanned, columns))).toEqual([
      // Starts with it, then a word starts with it, each in the table's order.
      'Lovelace & Sons',
      'Bernadette Lovelace',
      'Ada Lovelace',
      'Ada Lovelace',
    ]);
    expect(labels(searchRecords('jose  garc', scanned, columns))).toEqual(['José García']);
    expect(labels(searchRecords('ada', scanned, columns))).toEqual([
      'Ada',
      'Ada Lovelace',
      'Ada Lovelace',
    ]);
    expect(labels(searchRecords('nobody', scanned, columns))).toEqual([]);
  });

  it('tells records with the same name apart by their next most telling field, not an id', () => {
    const result = searchRecords('ada l', scanned, columns);
    expect(result.options.map((o) => [o.label, o.detail])).toEqual([
      ['Ada Lovelace', 'c2@example.com'],
      ['Ada Lovelace', 'c6@example.com'],
    ]);
    expect(searchRecords('josé', scanned, columns).options[0]?.detail).toBeNull();
  });

  it('puts the service’s exact answer first, once, even from beyond the scanned records', () => {
    const farAway = customer(9_000, 'Zed Lovelace');
    const result = searchRecords('lovelace', scanned, columns, [farAway, ada]);
    expect(labels(result).slice(0, 3)).toEqual(['Zed Lovelace', 'Ada Lovelace', 'Lovelace & Sons']);
    expect(result.options.filter((o) => o.id === idOf(2))).toHaveLength(1);
  });

  it('lists the first records when nothing is typed, and counts what it does not list', () => {
    const many = Array.from({ length: MAX_OPTIONS + 7 }, (_, i) => customer(i, `Customer ${i}`));
    const result = searchRecords('', many, columns);
    expect(result.options).toHaveLength(MAX_OPTIONS);
    expect(result.options[0]?.label).toBe('Customer 0');
    expect(result.more).toBe(7);
  });

  it('finds a record labelled by a number by the bare number', () => {
    const orderColumns = [column('order_no', 'SERIAL', { isPrimary: true })];
    const orders = [record(idOf(1), { order_no: 45751 }), record(idOf(2), { order_no: 12 })];
    expect(labels(searchRecords('4575', orders, orderColumns))).toEqual(['order_no 45,751']);
  });
});

describe('resolveTypedText', () => {
  const options = searchRecords('', scanned, columns).options;
  const pick = (typed: string) =>
    resolveTypedText(typed, searchRecords(typed, scanned, columns).options);

  it('uses a pasted record id as it is, and clears on empty text', () => {
    expect(resolveTypedText(` ${idOf(77)} `, [])).toEqual({ kind: 'id', id: idOf(77) });
    expect(resolveTypedText('  ', options)).toEqual({ kind: 'clear' });
  });

  it('picks the one record whose name is exactly the text, or the only one offered', () => {
    expect(pick('josé garcía')).toEqual({ kind: 'id', id: idOf(3) });
    expect(pick('ADA')).toEqual({ kind: 'id', id: idOf(5) });
    expect(pick('sons')).toEqual({ kind: 'id', id: idOf(4) });
  });

  it('never sends text as an id: several fits or none are said, not guessed', () => {
    expect(pick('Ada Lovelace')).toEqual({ kind: 'ambiguous', count: 2 });
    expect(pick('lovelace')).toEqual({ kind: 'ambiguous', count: 4 });
    expect(pick('Dana')).toEqual({ kind: 'none' });
  });
});
