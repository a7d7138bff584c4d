import { describe, expect, it } from 'vitest';
import type { RecordRow } from './api/types';
import { tellingCandidatesOf, tellingColumnFor, tellingLinesOf } from './telling-field';
import { column, record } from './testing/api-rows';

const customers = [
  column('name', 'TEXT', { isPrimary: true }),
  column('notes', 'LONGTEXT'),
  column('country', 'SELECT'),
  column('customer_no', 'SERIAL'),
  column('city', 'TEXT'),
  column('email', 'EMAIL'),
  column('vip', 'BOOLEAN'),
];

describe('tellingCandidatesOf', () => {
  it('orders by what a person recognises: email, then city, …, never the label or long text', () => {
    expect(tellingCandidatesOf(customers).map((c) => c.name)).toEqual([
      'email',
      'city',
      'country',
      'customer_no',
    ]);
  });
});

describe('tellingColumnFor', () => {
  it('picks the most telling column that tells the records apart', () => {
    const twins = [
      record('a', { name: 'Léa Okafor', email: 'lea@example.com', city: 'Lyon' }),
      record('b', { name: 'Léa Okafor', email: 'lea.o@example.com', city: 'Lyon' }),
    ];
    expect(tellingColumnFor(twins, customers)?.name).toBe('email');
    // The same email: the city tells them apart.
    const sameEmail = [
      record('a', { name: 'Léa Okafor', email: 'lea@example.com', city: 'Lyon' }),
      record('b', { name: 'Léa Okafor', email: 'lea@example.com', city: 'Porto' }),
    ];
    expect(tellingColumnFor(sameEmail, customers)?.name).toBe('city');
    expect(tellingColumnFor([twins[0] as RecordRow, twins[0] as RecordRow], customers)).toBeNull();
  });
});

describe('tellingLinesOf', () => {
  it('gives a second line only to records sharing a label; the id only when no field differs', () => {
    const lines = tellingLinesOf(
      [
        { record: record('1', { email: 'a@x.org' }), label: 'Ada' },
        { record: record('2', { email: 'b@x.org' }), label: 'Ada' },
        { record: record('3', { email: 'c@x.org' }), label: 'Grace' },
        {
          record: record('00000000-0000-4000-8000-000000000004', { email: 'same@x.org' }),
          label: 'Bo',
        },
        {
          record: record('00000000-0000-4000-8000-000000000005', { email: 'same@x.org' }),
          label: 'Bo',
        },
      ],
      customers,
    );
    expect(Object.fromEntries(lines)).toEqual({
      '1': 'a@x.org',
      '2': 'b@x.org',
      '00000000-0000-4000-8000-000000000004': '00000000…',
      '00000000-0000-4000-8000-000000000005': '00000000…',
    });
  });
});
