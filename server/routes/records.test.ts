import { describe, expect, it } from 'vitest';
import { customerIdOf, TABLE_IDS, TEN_KB_TEXT } from '../seed/demo-seed';
import { fileTestServer } from '../testing/file-test-server';
import { q, type RecordJson, recordsReader } from '../testing/records-reading';

const server = fileTestServer();

const reader = () => recordsReader(server);
const page = (tableId: string, query: string) => reader().page(tableId, query);
const all = (tableId: string, params: Record<string, string>, limit?: number) =>
  reader().all(tableId, params, limit);
const badRequestOf = (tableId: string, query: string) => reader().badRequestOf(tableId, query);

const SINK = TABLE_IDS.kitchenSink;
const field = (name: string) => (r: RecordJson) => r.fields[name] ?? null;

describe('§4 sort', () => {
  it('defaults to created_at asc with ties broken by id', async () => {
    const records = await all(TABLE_IDS.orders, {}, 50);
    expect(records).toHaveLength(300);
    for (let i = 1; i < records.length; i++) {
      const [a, b] = [records[i - 1], records[i]] as [RecordJson, RecordJson];
      expect(a.created_at < b.created_at || (a.created_at === b.created_at && a.id < b.id)).toBe(
        true,
      );
    }
    const explicit = await all(TABLE_IDS.orders, { sort: 'created_at:asc' }, 50);
    expect(explicit.map((r) => r.id)).toEqual(records.map((r) => r.id));
  });

  it('text sorts case-insensitively, then exactly; nulls last in both directions', async () => {
    const asc = (await all(SINK, { sort: 'Title:asc' })).map(field('Title'));
    expect(asc).toEqual([
      '',
      '10 kB value',
      '<script>alert(1)</script>',
      'a&b=c?d#e%20f',
      'Absent fields',
      'Emoji 🎉🚀 and ZWJ 👩‍👩‍👧',
      'Nulls everywhere',
      'Plain row',
      'plain row',
      'Zalgo Z̷̧̛a̶̡l̵g̸o̴ and \u202Eoverride',
      'ÉCOLE',
      'مرحبا بالعالم — RTL text',
    ]);
    const desc = (await all(SINK, { sort: 'Title:desc' })).map(field('Title'));
    expect(desc).toEqual([...asc].reverse());
    const choice = (await all(SINK, { sort: 'Choice:desc' })).map(field('Choice'));
    expect(choice.slice(0, 4)).toEqual(['Red', 'Red', 'Red', 'Green']);
    expect(choice.slice(-4)).toEqual([null, null, null, null]);
    expect(choice[choice.length - 5]).not.toBeNull();
  });

  it('numbers numerically, nulls last asc and desc; `sort=<column>` alone means asc', async () => {
    const numbers = (await all(SINK, { sort: 'Number' })).map(field('Number'));
    expect(numbers).toEqual([
      -99999.5,
      -1,
      -0.000001,
      0,
      3.25,
      7,
      42,
      42,
      1234567.891,
      1e21,
      null,
      null,
    ]);
    const desc = (await all(SINK, { sort: 'Number:desc' })).map(field('Number'));
    expect(desc).toEqual([
      1e21,
      1234567.891,
      42,
      42,
      7,
      3.25,
      0,
      -0.000001,
      -1,
      -99999.5,
      null,
      null,
    ]);
  });

  it('DATETIME by instant, BOOLEAN false before true', async () => {
    const when = (await all(SINK, { sort: 'When:asc' }))
      .map(field('When'))
      .filter((v) => v !== null);
    const instants = when.map((v) => Date.parse(String(v)));
    expect(instants).toEqual([...instants].sort((a, b) => a - b));
    const done = (await all(SINK, { sort: 'Done:asc' })).map(field('Done'));
    const firstTrue = done.indexOf(true);
    expect(done.slice(0, firstTrue).every((v) => v === false)).toBe(true);
    expect(done.slice(firstTrue).every((v) => v === true || v === null)).toBe(true);
    expect(done.at(-1)).toBeNull();
  });

  it('pages through a 10 kB sort key (the cursor carries a reference, not the text)', async () => {
    const body = await page(SINK, q({ sort: 'Long text:desc', limit: '1' }));
    const records = await all(SINK, { sort: 'Long text:desc' }, 1);
    expect(records.map(field('Title'))).toContain('10 kB value');
    expect(records.some((r) => r.fields['Long text'] === TEN_KB_TEXT)).toBe(true);
    expect(new Set(records.map((r) => r.id)).size).toBe(12);
    expect((body.next_cursor ?? '').length).toBeLessThan(1000);
    for (let i = 0; i < records.length; i++) {
      const cursor = (await page(SINK, q({ sort: 'Long text:desc', limit: String(i + 1) })))
        .next_cursor;
      if (cursor !== null) expect(cursor.length).toBeLessThan(1000);
    }
  });

  it('sorts columns whose names contain a colon', async () => {
    const asc = (await all(TABLE_IDS.columnNames, { sort: 'colon:name' }, 20)).map(
      field('colon:name'),
    );
    expect(asc).toEqual([...asc].sort());
    const desc = (await all(TABLE_IDS.columnNames, { sort: 'colon:name:desc' }, 20)).map(
      field('colon:name'),
    );
    expect(desc).toEqual([...asc].reverse().map(String));
  });

  it('400 for an unknown column (unknown_column) or another direction word (invalid_sort)', async () => {
    expect((await badRequestOf(SINK, q({ sort: 'Nope:asc' }))).details).toEqual({
      param: 'sort',
      reason: 'unknown_column',
    });
    expect((await badRequestOf(SINK, q({ sort: 'Nope' }))).details).toEqual({
      param: 'sort',
      reason: 'unknown_column',
    });
    expect((await badRequestOf(SINK, q({ sort: 'Title:up' }))).details).toEqual({
      param: 'sort',
      reason: 'invalid_sort',
    });
    expect((await badRequestOf(SINK, 'sort=Title&sort=Number')).details).toEqual({
      param: 'sort',
      reason: 'invalid_sort',
    });
  });
});

describe('§4 filter', () => {
  const ids = async (tableId: string, params: Record<string, string>) =>
    (await all(tableId, params, 500)).map((r) => r.id);

  it('text-like types match exactly (case-sensitive)', async () => {
    const plain = await all(SINK, { 'filter[Title]': 'Plain row' });
    expect(plain.map(field('Title'))).toEqual(['Plain row']);
    const hostile = await all(SINK, { 'filter[Title]': '<script>alert(1)</script>' });
    expect(hostile).toHaveLength(1);
    expect(await all(SINK, { 'filter[Title]': 'PLAIN ROW' })).toEqual([]);
  });

  it('NUMBER as a number, BOOLEAN true or false, SELECT exactly', async () => {
    expect((await all(SINK, { 'filter[Number]': '42' })).map(field('Title')).sort()).toEqual([
      'Plain row',
      'plain row',
    ]);
    expect(await all(SINK, { 'filter[Number]': '42.0' })).toHaveLength(2);
    expect(await all(SINK, { 'filter[Number]': '1e21' })).toHaveLength(1);
    const paid = await all(
      TABLE_IDS.orders,
      { 'filter[paid]': 'true', 'filter[status]': 'paid' },
      500,
    );
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.every((r) => r.fields.paid === true && r.fields.status === 'paid')).toBe(true);
    const falses = await ids(TABLE_IDS.orders, { 'filter[paid]': 'false' });
    const trues = await ids(TABLE_IDS.orders, { 'filter[paid]': 'true' });
    expect(falses.length + trues.length).toBe(300);
  });

  it('DATETIME: a date means that whole UTC day; an instant matches exactly', async () => {
    const day = (await all(SINK, { 'filter[When]': '2026-03-01' })).map(field('When')).sort();
    expect(day).toEqual([
      '2026-03-01T10:00:00.000Z',
      '2026-03-01T10:00:00.000Z',
      '2026-03-01T23:59:59.999Z',
    ]);
    expect(await all(SINK, { 'filter[When]': '2026-03-01T10:00:00Z' })).toHaveLength(2);
    expect(await all(SINK, { 'filter[When]': '2026-03-01T11:00:00+01:00' })).toHaveLength(2);
  });

  it('MULTISELECT and multi-REFERENCE match when the array contains the value; single REFERENCE by id', async () => {
    const beta = await all(SINK, { 'filter[Choices]': 'Beta' });
    expect(beta.map(field('Title')).sort()).toEqual(
      ['a&b=c?d#e%20f', 'Plain row', 'Zalgo Z̷̧̛a̶̡l̵g̸o̴ and \u202Eoverride'].sort(),
    );
    expect((await all(SINK, { 'filter[Choices]': '🎉' })).map(field('Title'))).toEqual([
      'Emoji 🎉🚀 and ZWJ 👩‍👩‍👧',
    ]);
    const customers = await all(SINK, { 'filter[Customers]': customerIdOf(1) });
    expect(customers.map(field('Title'))).toEqual(['Plain row']);
    const customer = await all(SINK, { 'filter[Customer]': customerIdOf(2) });
    expect(customer.map(field('Title'))).toEqual(['<script>alert(1)</script>']);
    const gift = await all(TABLE_IDS.orders, { 'filter[tags]': 'gift', sort: 'amount:desc' }, 500);
    expect(gift.length).toBeGreaterThan(0);
    expect(gift.every((r) => (r.fields.tags as string[]).includes('gift'))).toBe(true);
  });

  it('an empty value matches null, absent and empty values', async () => {
    const titles = (params: Record<string, string>) =>
      all(SINK, params).then((rs) => rs.map(field('Title')).sort());
    expect(await titles({ 'filter[Email]': '' })).toEqual(
      ['', '10 kB value', 'Absent fields', 'Nulls everywhere', 'plain row', 'ÉCOLE'].sort(),
    );
    expect(await titles({ 'filter[Choices]': '' })).toEqual(
      ['', '10 kB value', 'Absent fields', 'Nulls everywhere', 'plain row'].sort(),
    );
    expect(await titles({ 'filter[Number]': '' })).toEqual(['Absent fields', 'Nulls everywhere']);
    expect(await titles({ 'filter[Done]': '' })).toEqual(
      ['', 'Absent fields', 'Nulls everywhere', 'مرحبا بالعالم — RTL text'].sort(),
    );
  });

  it('several filters are ANDed and combine with sort and paging', async () => {
    const both = await all(
      TABLE_IDS.orders,
      { 'filter[status]': 'shipped', 'filter[tags]': 'priority', sort: 'ordered_at:desc' },
      3,
    );
    expect(both.length).toBeGreaterThan(0);
    expect(
      both.every(
        (r) => r.fields.status === 'shipped' && (r.fields.tags as string[]).includes('priority'),
      ),
    ).toBe(true);
    const instants = both.map((r) => Date.parse(String(r.fields.ordered_at)));
    expect(instants).toEqual([...instants].sort((a, b) => b - a));
  });

  it('column names that need URL encoding filter and sort', async () => {
    const names = TABLE_IDS.columnNames;
    expect(await all(names, { 'filter[a&b=c]': 'x' }, 50)).toHaveLength(7);
    expect(await all(names, { 'filter[filter[x]]': 'even' }, 50)).toHaveLength(10);
    expect(await all(names, { 'filter[Size [cm]]': '', sort: 'Size [cm]:desc' }, 50)).toHaveLength(
      4,
    );
    expect(await all(names, { 'filter[名前]': '名前 3' }, 50)).toHaveLength(1);
    expect(await all(names, { 'filter[plus+sign]': '2.5' }, 50)).toHaveLength(1);
    expect(await all(names, { 'filter[100% done?]': 'true', sort: 'עברית:desc' }, 50)).toHaveLength(
      10,
    );
  });

  it.each([
    ['filter[Nope]=1', 'filter[Nope]', 'unknown_column'],
    ['filter[created_at]=2026-01-01', 'filter[created_at]', 'unknown_column'],
    ['filter[Attachments]=x', 'filter[Attachments]', 'unsupported_filter'],
    ['filter[Score]=1', 'filter[Score]', 'unsupported_filter'],
    ['filter[AI%20summary]=x', 'filter[AI summary]', 'unsupported_filter'],
    ['filter[Title]=a&filter[Title]=b', 'filter[Title]', 'duplicate_filter'],
    ['filter[]=x', 'filter[]', 'invalid_filter'],
    ['filter[Title=x', 'filter[Title', 'invalid_filter'],
    ['filter=x', 'filter', 'invalid_filter'],
    ['filter[Number]=abc', 'filter[Number]', 'invalid_filter'],
    ['filter[Number]=1%2C5', 'filter[Number]', 'invalid_filter'],
    ['filter[Done]=yes', 'filter[Done]', 'invalid_filter'],
    ['filter[When]=2026-02-30', 'filter[When]', 'invalid_filter'],
    ['filter[When]=yesterday', 'filter[When]', 'invalid_filter'],
    ['filter[Customer]=not-a-uuid', 'filter[Customer]', 'invalid_filter'],
    ['filter[Row%20no]=one', 'filter[Row no]', 'invalid_filter'],
  ])('%s → 400 naming %s (%s)', async (query, param, reason) => {
    const error = await badRequestOf(SINK, query);
    expect(error.code).toBe('bad_request');
    expect(error.details).toEqual({ param, reason });
  });

  it('ignores unknown query parameters', async () => {
    const body = await page(SINK, 'limit=2&foo=bar&filters=1&sortx=y');
    expect(body.records).toHaveLength(2);
  });
});
