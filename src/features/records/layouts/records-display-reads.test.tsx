import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  column,
  fakeClient,
  record,
  renderRecordsPage,
  stubLayout,
} from '../testing/records-test-utils';

beforeEach(() => stubLayout());

const columns = [
  column('name', 'TEXT', { isPrimary: true, orderIndex: 0 }),
  column('status', 'SELECT', { orderIndex: 1, settings: { options: ['open', 'paid'] } }),
];
const records = Array.from({ length: 40 }, (_, i) =>
  record(`r${i}`, { name: `Order ${i}`, status: i % 2 ? 'paid' : 'open' }),
);

describe('a board in the address', () => {
  it("reads only the board's columns, not the grid's pages", async () => {
    const { client, listRecords } = fakeClient({ table: { columns }, records });
    renderRecordsPage(client, '?layout=board&group=status');
    expect(await screen.findByRole('list', { name: /^paid/ })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Order 1' })).toBeInTheDocument();
    const statuses = listRecords.mock.calls.map(([, query]) => query.filters.status);
    expect(new Set(statuses)).toEqual(new Set(['open', 'paid', '']));
  });
});
