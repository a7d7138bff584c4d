import { describe, expect, it } from 'vitest';
import { column, record } from '../../../../lib/testing/api-rows';
import type { ReferenceNames } from '../reference-names';
import { parseCsv } from '../testing/parse-csv';
import { csvWriter, jsonLinesWriter } from './record-writers';
import { spreadsheetValueOf } from './spreadsheet-value';

/** A record as the API gives it, with its times (the files end with them). */
const row = (id: string, fields: Record<string, unknown>) =>
  record(id, fields, {
    createdAt: '2026-01-05T09:00:00.000Z',
    updatedAt: '2026-01-06T10:30:00.000Z',
  });

const columns = [
  column('title', 'TEXT'),
  column('amount', 'NUMBER'),
  column('paid', 'BOOLEAN'),
  column('when', 'DATETIME'),
  column('tags', 'MULTISELECT'),
  column('photos', 'FILE'),
  column('customer', 'REFERENCE'),
  column('score', 'FORMULA'),
];

const sample = row('rec-1', {
  title: 'Plain, "quoted"',
  amount: -12.5,
  paid: true,
  when: '2026-03-01T10:00:00.000Z',
  tags: ['gift', 'fragile'],
  photos: [
    { name: 'front.png', size: 10, mime_type: 'image/png', url: 'https://x/front.png' },
    { name: 'back.png', size: 12, mime_type: 'image/png', url: 'https://x/back.png' },
  ],
  customer: 'cus-1',
  score: { value: 3, note: '=1+1' },
  hidden: 'not exported',
});

describe('spreadsheetValueOf', () => {
  it('formats each column type for a spreadsheet', () => {
    const value = (name: string) => {
      const target = columns.find((c) => c.name === name);
      if (!target) throw new Error(name);
      return spreadsheetValueOf(sample.fields[name], target);
    };
    expect(value('amount')).toBe(-12.5);
    expect(value('paid')).toBe('true');
    expect(value('when')).toBe('2026-03-01T10:00:00.000Z');
    expect(value('tags')).toBe('gift, fragile');
    expect(value('photos')).toBe('front.png, back.png');
    expect(value('customer')).toBe('cus-1');
    expect(value('score')).toBe('{"value":3,"note":"=1+1"}');
    expect(spreadsheetValueOf(null, column('x', 'TEXT'))).toBe('');
    expect(spreadsheetValueOf(false, column('x', 'BOOLEAN'))).toBe('false');
  });

  it('writes a reference as its ids, a list of them joined', () => {
    const references = column('customers', 'REFERENCE');
    expect(spreadsheetValueOf(['cus-1', 'cus-2'], references)).toBe('cus-1, cus-2');
  });
});

/** Names as reference-names.ts gives them after `prepare`: cus-2 could not be read. */
const names: ReferenceNames = {
  prepare: async () => new Map(),
  use: () => {},
  nameOf: (_column, id) =>
    ({ 'cus-1': 'Ada Lovelace', 'cus-3': '=HYPERLINK("x")' })[String(id)] ?? null,
  progress: () => ({ read: 2, needed: 3, unreadable: 1, walking: [] }),
  close: () => {},
};

describe('csvWriter with names', () => {
  it('writes a reference column as its names, then its ids under "<column> id"', () => {
    const reference = column('customers', 'REFERENCE');
    const writer = csvWriter({ columns: [column('title', 'TEXT'), reference], names });
    const rows = parseCsv(
      writer.start() +
        writer.records([
          row('r1', { title: 'one', customers: ['cus-1', 'cus-2', 'cus-3'] }),
          row('r2', { title: 'two', customers: null }),
          row('r3', { title: 'three', customers: 'cus-2' }),
        ]),
    );
    expect(rows[0]).toEqual([
      'id',
      'title',
      'customers',
      'customers id',
      'created_at',
      'updated_at',
    ]);
    // A name that could not be read stays empty, in its place, so names line up with ids.
    expect(rows[1]?.slice(0, 4)).toEqual([
      'r1',
      'one',
      'Ada Lovelace, , =HYPERLINK("x")',
      'cus-1, cus-2, cus-3',
    ]);
    expect(rows[2]?.slice(0, 4)).toEqual(['r2', 'two', '', '']);
    expect(rows[3]?.slice(0, 4)).toEqual(['r3', 'three', '', 'cus-2']);
  });

  it('guards a name that a spreadsheet would run as a formula', () => {
    const reference = column('customer', 'REFERENCE');
    const writer = csvWriter({ columns: [reference], names });
    const [, values] = parseCsv(writer.start() + writer.records([row('r', { customer: 'cus-3' })]));
    expect(values?.slice(1, 3)).toEqual(['\'=HYPERLINK("x")', 'cus-3']);
  });
});

describe('csvWriter', () => {
  it('writes id, the visible columns in order, then the record times', () => {
    const writer = csvWriter({ columns });
    const rows = parseCsv(writer.start() + writer.records([sample]));
    expect(rows[0]).toEqual([
      'id',
      'title',
      'amount',
      'paid',
      'when',
      'tags',
      'photos',
      'customer',
      'score',
      'created_at',
      'updated_at',
    ]);
    expect(rows[1]).toEqual([
      'rec-1',
      'Plain, "quoted"',
      '-12.5',
      'true',
      '2026-03-01T10:00:00.000Z',
      'gift, fragile',
      'front.png, back.png',
      'cus-1',
      '{"value":3,"note":"=1+1"}',
      '2026-01-05T09:00:00.000Z',
      '2026-01-06T10:30:00.000Z',
    ]);
    expect(rows).toHaveLength(2);
  });

  it('starts with a byte order mark only when asked', () => {
    expect(csvWriter({ columns, bom: true }).start().startsWith('\uFEFFid,')).toBe(true);
    expect(csvWriter({ columns }).start().startsWith('id,')).toBe(true);
  });

  it('guards formulas in values and in column names', () => {
    const hostile = [column('=cmd', 'TEXT')];
    const writer = csvWriter({ columns: hostile });
    const text =
      writer.start() + writer.records([row('r', { '=cmd': '@SUM(1+1)*cmd|" /C calc"!A0' })]);
    const [header, values] = parseCsv(text);
    expect(header?.[1]).toBe("'=cmd");
    expect(values?.[1]).toBe('\'@SUM(1+1)*cmd|" /C calc"!A0');
  });

  it('marks an incomplete file with a last row as wide as the others', () => {
    const writer = csvWriter({ columns });
    const text =
      writer.start() +
      writer.records([sample]) +
      writer.incomplete({
        recordsWritten: 1_500,
        reason: 'The service ran into a problem (HTTP 500).',
        stoppedAt: '2026-11-23T12:00:00.000Z',
      });
    const rows = parseCsv(text);
    const last = rows[rows.length - 1];
    expect(last).toHaveLength(11);
    expect(last?.[0]).toBe(
      'INCOMPLETE EXPORT: stopped at 2026-11-23T12:00:00.000Z after 1,500 records. The service ran into a problem (HTTP 500).',
    );
  });
});

describe('jsonLinesWriter', () => {
  it('writes one record per line with the visible columns, absent ones as null', () => {
    const writer = jsonLinesWriter({
      columns: [column('title', 'TEXT'), column('notes', 'LONGTEXT')],
    });
    const text =
      writer.start() + writer.records([sample, row('rec-2', { title: 'line\nbreak\u2028' })]);
    const lines = text.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(JSON.parse(lines[0] ?? '')).toEqual({
      id: 'rec-1',
      fields: { title: 'Plain, "quoted"', notes: null },
      created_at: '2026-01-05T09:00:00.000Z',
      updated_at: '2026-01-06T10:30:00.000Z',
    });
    expect(Object.keys(JSON.parse(lines[0] ?? '').fields)).toEqual(['title', 'notes']);
    expect(JSON.parse(lines[1] ?? '').fields.title).toBe('line\nbreak\u2028');
  });

  it('keeps values as JSON: arrays, objects, numbers and 10 kB strings', () => {
    const long = '🎉'.repeat(5_000);
    const writer = jsonLinesWriter({
      columns: [column('tags', 'MULTISELECT'), column('long', 'TEXT')],
    });
    const [line] = writer.records([row('r', { tags: ['a', 'b'], long })]).split('\n');
    expect(JSON.parse(line ?? '').fields).toEqual({ tags: ['a', 'b'], long });
  });

  it('adds <column>_label beside a reference column, without overwriting a column of that name', () => {
    const writer = jsonLinesWriter({
      columns: [
        column('customer', 'REFERENCE'),
        column('customer_label', 'TEXT'),
        column('customers', 'REFERENCE'),
      ],
      names,
    });
    const [line] = writer
      .records([
        row('r', { customer: 'cus-1', customer_label: 'mine', customers: ['cus-2', 'cus-1'] }),
      ])
      .split('\n');
    const fields = JSON.parse(line ?? '').fields;
    expect(fields).toEqual({
      customer: 'cus-1',
      customer_label_label: 'Ada Lovelace',
      customer_label: 'mine',
      customers: ['cus-2', 'cus-1'],
      customers_label: [null, 'Ada Lovelace'],
    });
    expect(Object.keys(fields)).toEqual([
      'customer',
      'customer_label_label',
      'customer_label',
      'customers',
      'customers_label',
    ]);
  });

  it('marks an incomplete file with a last line that is not a record', () => {
    const line = jsonLinesWriter({ columns }).incomplete({
      recordsWritten: 2,
      reason: 'Cut',
      stoppedAt: '2026-11-23T12:00:00.000Z',
    });
    expect(JSON.parse(line)).toEqual({
      incomplete_export: {
        records_written: 2,
        stopped_at: '2026-11-23T12:00:00.000Z',
        reason: 'Cut',
      },
    });
  });
});
