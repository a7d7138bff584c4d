import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient, Column } from '../../../lib/api/types';
import { renderWithProviders } from '../../../lib/testing/render-with-providers';
import {
  badRequest,
  column,
  fakeClient,
  record,
  stubLayout,
  TABLE_ID,
} from '../testing/records-test-utils';
import { RecordsCalendar } from './records-calendar';

const HOUR = 3600 * 1000;
const newest = Date.UTC(2025, 5, 30, 12);
/** 3,000 orders, one every six hours back from 30 June 2025 (to July 2023). */
const orders = Array.from({ length: 3000 }, (_, i) =>
  record(`o${i}`, { order_no: i + 1, ordered_at: new Date(newest - i * 6 * HOUR).toISOString() }),
);
const columns: Column[] = [
  column('order_no', 'SERIAL', { isPrimary: true }),
  column('ordered_at', 'DATETIME'),
];

function renderCalendar(client: ApiClient, month: { year: number; month: number }) {
  renderWithProviders(
    <div style={{ height: 700 }}>
      <RecordsCalendar
        tableId={TABLE_ID}
        tableName="Orders"
        columns={columns}
        requestQuery={{ sort: null, filters: {} }}
        shownFilters={{}}
        dateColumn={columns[1] as Column}
        onDateColumnChange={vi.fn()}
        span={{ mode: 'month', month }}
        onSpanChange={vi.fn()}
        onOpen={vi.fn()}
        narrow={false}
      />
    </div>,
    { client },
  );
}

beforeEach(() => stubLayout());

describe('RecordsCalendar', () => {
  it('reads a month in the middle of the dates day by day', async () => {
    const { client, listRecords } = fakeClient({ records: orders });
    renderCalendar(client, { year: 2024, month: 3 });
    const status = await screen.findByRole('status');
    await vi.waitFor(
      () =>
        expect(status).toHaveTextContent(
          /records, read day by day: every record of these days is shown/,
        ),
      { timeout: 5_000 },
    );
    const dayFilters = listRecords.mock.calls.filter(([, query]) => query.filters.ordered_at);
    expect(dayFilters.length).toBeGreaterThanOrEqual(35);
  });

  it('falls back to the walk when the service refuses the day filter', async () => {
    const { client, listRecords } = fakeClient({
      records: orders,
      failWhen: (query) =>
        query.filters.ordered_at ? badRequest('filter[ordered_at]', 'Not a filter.') : null,
    });
    renderCalendar(client, { year: 2024, month: 3 });
    const status = await screen.findByRole('status');
    await vi.waitFor(
      () => expect(status).toHaveTextContent(/records read, (newest|oldest) first.*every record/),
      { timeout: 5_000 },
    );
    const walked = listRecords.mock.calls.filter(
      ([, query, request]) => !query.filters.ordered_at && request?.limit !== 1,
    );
    expect(walked.length).toBeGreaterThan(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
