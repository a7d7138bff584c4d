import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/api/query-keys';
import type { ApiClient, RecordRow, TableDetail } from '../../../lib/api/types';
import { createFakeApiClient } from '../../../lib/testing/fake-api-client';
import {
  createTestQueryClient,
  renderWithProviders,
} from '../../../lib/testing/render-with-providers';
import { LABEL_BATCH_MS } from '../../../lib/use-record-label';
import { GRID_LABEL_SETTLE_MS, GridReference } from './grid-reference';

/** The longest a row waits before its linked name is asked for: the settle delay, then the next batch. */
const ROW_SETTLES_MS = GRID_LABEL_SETTLE_MS + LABEL_BATCH_MS;

const CUSTOMERS = '9c2f84f9-efb7-4129-b21c-a032067768ed';
// Distinct first blocks: each record's short id ("ada00000…") is its own.
const ADA = 'ada00000-0000-4000-8000-000000000001';
const GRACE = '9ace0000-0000-4000-8000-000000000002';

const customers: TableDetail = {
  id: CUSTOMERS,
  aliasId: null,
  name: 'Customers',
  description: null,
  projectId: null,
  createdAt: null,
  updatedAt: null,
  columns: [
    {
      id: 'c-name',
      name: 'name',
      description: null,
      type: 'TEXT',
      settings: null,
      orderIndex: 0,
      required: true,
      isPrimary: true,
      inferred: false,
    },
  ],
  views: [],
};
const recordOf = (id: string, name: string): RecordRow => ({
  id,
  fields: { name },
  createdAt: null,
  updatedAt: null,
});

function service() {
  const getRecord = vi.fn<ApiClient['getRecord']>(async (_tableId, recordId) =>
    recordOf(recordId, recordId === ADA ? 'Ada Lovelace' : 'Grace Hopper'),
  );
  return { getRecord, client: createFakeApiClient({ getTable: async () => customers, getRecord }) };
}

/** One grid cell that the next row reuses (as the grid does when it scrolls). */
function ReusedCell() {
  const [value, setValue] = useState(ADA);
  return (
    <>
      <GridReference tableId={CUSTOMERS} value={value} />
      <button type="button" onClick={() => setValue(GRACE)}>
        Next row
      </button>
    </>
  );
}

async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('GridReference', () => {
  it('asks nothing for a row flicked past; a row that stays gets its linked label', async () => {
    const { client, getRecord } = service();
    renderWithProviders(<ReusedCell />, { client });
    // A link at once, under the record's short id until its name arrives.
    expect(screen.getByRole('link', { name: 'ada00000…' })).toHaveAttribute(
      'href',
      `/tables/${CUSTOMERS}/records/${ADA}`,
    );
    // The same cell reused for another row before it settled: still nothing asked.
    await wait(ROW_SETTLES_MS / 2);
    fireEvent.click(screen.getByRole('button', { name: 'Next row' }));
    expect(screen.getByRole('link', { name: '9ace0000…' })).toHaveAttribute(
      'href',
      `/tables/${CUSTOMERS}/records/${GRACE}`,
    );
    await wait(ROW_SETTLES_MS / 2);
    expect(getRecord).not.toHaveBeenCalled();

    await wait(ROW_SETTLES_MS * 3);
    const link = await screen.findByRole('link', { name: 'Grace Hopper' });
    expect(link).toHaveAttribute('href', `/tables/${CUSTOMERS}/records/${GRACE}`);
    expect(getRecord.mock.calls.map(([, id]) => id)).toEqual([GRACE]);
  });

  it('shows a label already known at once, without asking again', async () => {
    const { client, getRecord } = service();
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.table(CUSTOMERS), customers);
    queryClient.setQueryData(queryKeys.record(CUSTOMERS, ADA), recordOf(ADA, 'Ada Lovelace'));
    renderWithProviders(<GridReference tableId={CUSTOMERS} value={ADA} />, {
      client,
      queryClient,
    });
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    await wait(ROW_SETTLES_MS * 3);
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(getRecord).not.toHaveBeenCalled();
  });

  it('a cell reused for another row never shows the name of the row before', async () => {
    const { client } = service();
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.table(CUSTOMERS), customers);
    queryClient.setQueryData(queryKeys.record(CUSTOMERS, ADA), recordOf(ADA, 'Ada Lovelace'));
    renderWithProviders(<ReusedCell />, { client, queryClient });
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next row' }));
    // In the same render: the new record's short id, not Ada's name.
    expect(screen.queryByText('Ada Lovelace')).toBeNull();
    expect(screen.getByRole('link', { name: '9ace0000…' })).toBeInTheDocument();
    await wait(ROW_SETTLES_MS * 3);
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
  });

  it('an answer that arrives after the cell moved on goes to the record it was for, not the cell', async () => {
    const answers = new Map<string, (record: RecordRow) => void>();
    const getRecord = vi.fn<ApiClient['getRecord']>(
      (_tableId, recordId) =>
        new Promise<RecordRow>((resolve) => {
          answers.set(recordId, resolve);
        }),
    );
    const client = createFakeApiClient({ getTable: async () => customers, getRecord });
    renderWithProviders(<ReusedCell />, { client });
    await wait(ROW_SETTLES_MS * 2);
    expect(getRecord.mock.calls.map(([, id]) => id)).toEqual([ADA]);
    // Ada's name is on its way; the cell is reused for Grace.
    fireEvent.click(screen.getByRole('button', { name: 'Next row' }));
    await act(async () => {
      answers.get(ADA)?.(recordOf(ADA, 'Ada Lovelace'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.queryByText('Ada Lovelace')).toBeNull();
    expect(screen.getByRole('link', { name: '9ace0000…' })).toBeInTheDocument();
    await wait(ROW_SETTLES_MS * 2);
    await act(async () => {
      answers.get(GRACE)?.(recordOf(GRACE, 'Grace Hopper'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.queryByText('Ada Lovelace')).toBeNull();
  });
});
