import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  column,
  fakeClient,
  record,
  renderRecordsPage,
  stubLayout,
} from '../../testing/records-test-utils';

const columns = [
  column('name', 'TEXT', { orderIndex: 0, isPrimary: true }),
  column('city', 'TEXT', { orderIndex: 1 }),
];

beforeEach(() => stubLayout());

describe('the grid’s header as one Tab stop', () => {
  it('keeps its controls out of the Tab order, those that appear later too', async () => {
    const { client } = fakeClient({
      table: { columns },
      records: [record('r1', { name: 'Order 1', city: 'Lisbon' })],
    });
    renderRecordsPage(client);
    await screen.findByText('Order 1');
    // An empty filter's box comes in a render after the first rows (issue 31).
    const filter = await screen.findByRole('textbox', { name: 'Filter city' });
    await waitFor(() => expect(filter).toHaveAttribute('tabindex', '-1'));
    expect(screen.getByRole('button', { name: 'city' })).toHaveAttribute('tabindex', '-1');

    // Typing a filter brings its Clear button: out of the Tab order as it appears.
    fireEvent.change(filter, { target: { value: 'Lis' } });
    const clear = await screen.findByRole('button', { name: 'Clear filter city' });
    await waitFor(() => expect(clear).toHaveAttribute('tabindex', '-1'));
  });
});
