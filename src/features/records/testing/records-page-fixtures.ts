/** The records page's tests' table: orders with a name, an amount, a status and paid. */
import { screen } from '@testing-library/react';
import { column, record } from './records-test-utils';

export const columns = [
  column('name', 'TEXT', { orderIndex: 0 }),
  column('amount', 'NUMBER', { orderIndex: 1 }),
  column('status', 'TEXT', { orderIndex: 2 }),
  column('paid', 'BOOLEAN', { orderIndex: 3 }),
];

export function orders(count: number) {
  return Array.from({ length: count }, (_, i) =>
    record(`rec-${i}`, {
      name: `Order ${i}`,
      amount: i * 10,
      status: i % 2 ? 'paid' : 'open',
      paid: i % 2 === 1,
    }),
  );
}

export function statusLine() {
  return screen.getAllByRole('status').find((element) => element.textContent?.includes('Orders'));
}

export function header(name: string) {
  return screen.getByRole('button', { name });
}

export function columnHeaderOf(name: string) {
  const columnHeader = header(name).closest('th');
  if (!columnHeader) throw new Error(`no columnheader for ${name}`);
  return columnHeader;
}
