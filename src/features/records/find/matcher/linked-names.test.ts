import { describe, expect, it } from 'vitest';
import { column, record } from '../../testing/records-test-utils';
import { createLinkedNames } from './linked-names';

const CUSTOMER = column('customer', 'REFERENCE', { settings: { table_id: 'tbl-customers' } });
const TAGS = column('tags', 'REFERENCE', { settings: { table_id: 'tbl-tags' } });
const NAME = column('name', 'TEXT');

describe('the linked names a find hands to the grid', () => {
  it('names each linked record its matches show once a session, never one without a name', () => {
    const linked = createLinkedNames();
    const rows = [
      record('r1', { name: 'a', customer: 'c1', tags: ['t1', 't2'] }),
      record('r2', { name: 'b', customer: 'c1', tags: [] }),
      record('r3', { name: 'c', customer: 'c2' }),
    ];
    const names = new Map([
      ['c1', 'Haddad Sons'],
      ['c2', null],
      ['t1', 'fragile'],
      ['t2', ''],
    ]);
    expect(linked.of(rows, [NAME, CUSTOMER, TAGS], names)).toEqual([
      ['tbl-customers', 'c1', 'Haddad Sons'],
      ['tbl-tags', 't1', 'fragile'],
    ]);
    expect(linked.of(rows, [NAME, CUSTOMER, TAGS], names)).toEqual([]);
    linked.reset();
    expect(linked.of(rows.slice(0, 1), [CUSTOMER], names)).toEqual([
      ['tbl-customers', 'c1', 'Haddad Sons'],
    ]);
  });

  it('leaves out a record named by its number: the grid shows that in the language on screen', () => {
    const linked = createLinkedNames();
    const rows = [record('r1', { customer: 'c1', tags: ['t1'] })];
    const names = new Map([
      ['c1', 'order_no 45751'],
      ['t1', 'Room 101 east'],
    ]);
    expect(linked.of(rows, [CUSTOMER, TAGS], names)).toEqual([['tbl-tags', 't1', 'Room 101 east']]);
  });
});
