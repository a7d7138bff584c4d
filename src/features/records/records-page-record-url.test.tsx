import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIRST_PAGE_SIZE } from './api/record-queries';
import { columns, orders } from './testing/records-page-fixtures';
import { fakeClient, renderRecordsPage, stubLayout } from './testing/records-test-utils';

describe('a record has its own URL', () => {
  beforeEach(() => stubLayout());

  it('/tables/<id>/records/<recordId> opens that record, fetched on its own when not loaded', async () => {
    const rows = orders(FIRST_PAGE_SIZE + 5);
    const { client } = fakeClient({ table: { columns }, records: rows });
    renderRecordsPage(client, `/records/rec-${FIRST_PAGE_SIZE + 3}`);
    const panel = await screen.findByRole('dialog', { name: `Order ${FIRST_PAGE_SIZE + 3}` });
    expect(within(panel).getByText(`rec-${FIRST_PAGE_SIZE + 3}`)).toBeInTheDocument();
    expect(client.getRecord).toHaveBeenCalledWith(
      expect.any(String),
      `rec-${FIRST_PAGE_SIZE + 3}`,
      expect.anything(),
    );
  });

  it('a record that is gone says so, and the grid still works', async () => {
    const { client } = fakeClient({ table: { columns }, records: orders(3) });
    renderRecordsPage(client, '/records/gone');
    const panel = await screen.findByRole('dialog', { name: 'Record not found' });
    expect(panel).toHaveTextContent('gone');
    expect(await screen.findByText('Order 0')).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: 'Close record' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
