import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecordReference } from '../components/record-reference';
import { ApiError } from './api/errors';
import type { ApiClient, Column, RecordRow, TableDetail } from './api/types';
import { createFakeApiClient, notFoundError } from './testing/fake-api-client';
import { renderWithProviders } from './testing/render-with-providers';
import { LABEL_BATCH_MS, LABEL_REQUESTS_AT_ONCE, LABEL_SETTLE_MS } from './use-record-label';

const CUSTOMERS = '9c2f84f9-efb7-4129-b21c-a032067768ed';
const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const nameColumn: Column = {
  id: 'c-name',
  name: 'name',
  description: null,
  type: 'TEXT',
  settings: null,
  orderIndex: 0,
  required: true,
  isPrimary: true,
  inferred: false,
};
const customers: TableDetail = {
  id: CUSTOMERS,
  aliasId: null,
  name: 'Customers',
  description: null,
  projectId: null,
  createdAt: null,
  updatedAt: null,
  columns: [nameColumn],
  views: [],
};

/** getRecord answers only when the test releases it, so concurrency can be observed. */
function slowClient(missing: ReadonlySet<string> = new Set()) {
  const pending: { id: string; release: () => void }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const getRecord = vi.fn<ApiClient['getRecord']>(
    (_tableId, recordId) =>
      new Promise<RecordRow>((resolve, reject) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        pending.push({
          id: recordId,
          release: () => {
            inFlight -= 1;
            if (missing.has(recordId)) reject(notFoundError());
            else
              resolve({
                id: recordId,
                fields: { name: `Customer ${recordId.slice(-2)}` },
                createdAt: null,
                updatedAt: null,
              });
          },
        });
      }),
  );
  const client = createFakeApiClient({ getTable: async () => customers, getRecord });
  return {
    client,
    getRecord,
    maxInFlight: () => maxInFlight,
    async releaseAll() {
      while (pending.length > 0) {
        for (const request of pending.splice(0)) request.release();
        await act(async () => {
          await vi.advanceTimersByTimeAsync(0);
        });
      }
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(LABEL_SETTLE_MS + LABEL_BATCH_MS + 10);
  });
}

describe('useRecordLabel (through RecordReference)', () => {
  it('one request per distinct record, however many cells show it, a few at a time', async () => {
    const service = slowClient();
    // 30 cells linking to 10 distinct customers.
    const values = Array.from({ length: 30 }, (_, i) => idOf(i % 10));
    renderWithProviders(
      <ul>
        {values.map((value, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
          <li key={i}>
            <RecordReference tableId={CUSTOMERS} value={value} />
          </li>
        ))}
      </ul>,
      { client: service.client },
    );
    // While loading: short ids, already links to the record.
    expect(screen.getAllByRole('link', { name: '00000000…' })).toHaveLength(30);
    await settle();
    expect(service.getRecord).toHaveBeenCalledTimes(LABEL_REQUESTS_AT_ONCE);
    await service.releaseAll();
    expect(service.getRecord).toHaveBeenCalledTimes(10);
    expect(new Set(service.getRecord.mock.calls.map(([, id]) => id)).size).toBe(10);
    expect(service.maxInFlight()).toBe(LABEL_REQUESTS_AT_ONCE);
    const links = await screen.findAllByRole('link', { name: 'Customer 03' });
    expect(links).toHaveLength(3);
    expect(links[0]).toHaveAttribute('href', `/tables/${CUSTOMERS}/records/${idOf(3)}`);
    // Thirty cells render several times: slow on a loaded machine, so more time than the default.
  }, 15_000);

  it('asks nothing for a cell that leaves the screen before it settles', async () => {
    const service = slowClient();
    const view = renderWithProviders(<RecordReference tableId={CUSTOMERS} value={idOf(1)} />, {
      client: service.client,
    });
    view.unmount();
    await settle();
    expect(service.getRecord).not.toHaveBeenCalled();
  });

  it('a deleted record keeps its short id, no link, and says why', async () => {
    const service = slowClient(new Set([idOf(7)]));
    renderWithProviders(<RecordReference tableId={CUSTOMERS} value={idOf(7)} />, {
      client: service.client,
    });
    await settle();
    await service.releaseAll();
    const text = await screen.findByText('00000000…');
    expect(text.closest('[title]')).toHaveAttribute('title', expect.stringMatching(/deleted/));
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('a value that is not a UUID is shown raw, with the reason, and asks nothing', async () => {
    const service = slowClient();
    renderWithProviders(<RecordReference tableId={CUSTOMERS} value="cust-42" />, {
      client: service.client,
    });
    await settle();
    const text = screen.getByText('cust-42');
    expect(text.closest('[title]')).toHaveAttribute(
      'title',
      expect.stringMatching(/Not a record id/),
    );
    expect(service.getRecord).not.toHaveBeenCalled();
  });

  it('a table this key may not read: short id and the reason', async () => {
    const forbidden = new ApiError({
      kind: 'http',
      status: 403,
      code: 'forbidden',
      reason: 'insufficient_scope',
      message: 'No.',
    });
    const client = createFakeApiClient({
      getTable: async () => {
        throw forbidden;
      },
      getRecord: async () => {
        throw forbidden;
      },
    });
    renderWithProviders(<RecordReference tableId={CUSTOMERS} value={idOf(2)} />, { client });
    await settle();
    const text = await screen.findByTitle(/may not read the linked table/);
    expect(text).toHaveTextContent('00000000…');
  });
});
