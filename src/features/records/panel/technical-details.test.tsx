import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLocale } from '../../../lib/i18n/i18n';
import { createFakeApiClient } from '../../../lib/testing/fake-api-client';
import { renderWithProviders } from '../../../lib/testing/render-with-providers';
import { column, record } from '../testing/records-test-utils';
import { RecordPanel } from './record-panel';

const CUSTOMER_ID = '7d0f3b7e-5c2a-4f4e-9d7a-0a1b2c3d4e5f';
const RECORD_ID = '0b7c9a4e-1d2f-4a3b-8c5d-6e7f8a9b0c1d';
const columns = [
  column('name', 'TEXT', { orderIndex: 0, isPrimary: true }),
  column('shipped_at', 'DATETIME', { orderIndex: 1 }),
  column('customer', 'REFERENCE', { orderIndex: 2, settings: { table_id: 'customers' } }),
];
const row = {
  ...record(RECORD_ID, {
    name: 'Order 12',
    shipped_at: '2026-03-01T09:30:00.000Z',
    customer: CUSTOMER_ID,
  }),
  createdAt: '2026-02-27T08:00:00.000Z',
  updatedAt: null,
};

function renderPanel() {
  renderWithProviders(<RecordPanel record={row} columns={columns} onClose={() => {}} />, {
    client: createFakeApiClient({
      getRecord: async () => ({
        id: CUSTOMER_ID,
        fields: { name: 'Ada Lovelace' },
        createdAt: null,
        updatedAt: null,
      }),
    }),
  });
  return screen.getByRole('dialog', { name: 'Order 12' });
}

afterEach(async () => {
  await switchLocale('en');
});

describe('the record panel’s technical details', () => {
  it('keeps ids and instants as sent folded away, each still copyable', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const panel = renderPanel();
    const details = within(panel).getByText('Technical details').closest('details');
    if (!details) throw new Error('no Technical details disclosure');
    expect(details.open).toBe(false);
    // What a person reads, outside the disclosure: no id, no ISO text.
    const outside = [...panel.querySelectorAll('dd')]
      .filter((dd) => !details.contains(dd))
      .map((dd) => dd.textContent)
      .join(' ');
    expect(outside).not.toContain(CUSTOMER_ID);
    expect(outside).not.toContain('2026-03-01T09:30');
    expect(panel.textContent).not.toContain(`(${row.fields.shipped_at})`);

    await userEvent.click(within(panel).getByText('Technical details'));
    expect(details.open).toBe(true);
    const shown = within(details);
    expect(shown.getByText(RECORD_ID)).toBeVisible();
    expect(shown.getByText('2026-03-01T09:30:00.000Z')).toBeVisible();
    expect(shown.getByText(CUSTOMER_ID)).toBeVisible();
    expect(shown.getByText('2026-02-27T08:00:00.000Z')).toBeVisible();
    // Column names are data; the message labels are not.
    expect(shown.getByText('customer')).toHaveAttribute('translate', 'no');
    expect(shown.getByText('Record id')).not.toHaveAttribute('translate');

    await userEvent.click(shown.getByRole('button', { name: 'Copy customer as stored' }));
    expect(writeText).toHaveBeenLastCalledWith(CUSTOMER_ID);
    await userEvent.click(shown.getByRole('button', { name: 'Copy the record id' }));
    expect(writeText).toHaveBeenLastCalledWith(RECORD_ID);
    expect(within(panel).getByRole('status')).toHaveTextContent('Copied to the clipboard.');
  });

  it('is worded in Spanish', async () => {
    await switchLocale('es');
    const panel = renderPanel();
    await userEvent.click(within(panel).getByText('Detalles técnicos'));
    expect(within(panel).getByText('Id. del registro')).toBeVisible();
    expect(
      within(panel).getByRole('button', { name: 'Copiar shipped_at tal como se guardó' }),
    ).toBeVisible();
  });
});
