import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecordRow, TableDetail } from '../lib/api/types';
import { column } from '../lib/testing/api-rows';
import { createFakeApiClient } from '../lib/testing/fake-api-client';
import { renderWithProviders } from '../lib/testing/render-with-providers';
import { LABEL_BATCH_MS, LABEL_SETTLE_MS } from '../lib/use-record-label';
import { RecordReference } from './record-reference';

const CUSTOMERS = '9c2f84f9-efb7-4129-b21c-a032067768ed';
const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const customers: TableDetail = {
  id: CUSTOMERS,
  aliasId: null,
  name: 'Customers',
  description: null,
  projectId: null,
  createdAt: null,
  updatedAt: null,
  columns: [
    column('name', 'TEXT', { isPrimary: true }),
    column('email', 'EMAIL'),
    column('customer_no', 'SERIAL'),
  ],
  views: [],
};

const people: Record<string, Record<string, unknown>> = {
  [idOf(1)]: { name: 'Léa Okafor', email: 'lea.okafor1@example.com', customer_no: 1 },
  [idOf(2)]: { name: 'Léa Okafor', email: 'lea.okafor2@example.com', customer_no: 2 },
  [idOf(3)]: { name: 'Ada Lovelace', email: 'ada@example.com', customer_no: 3 },
};

const client = createFakeApiClient({
  getTable: async () => customers,
  getRecord: async (_tableId, id): Promise<RecordRow> => ({
    id,
    fields: people[id] ?? {},
    createdAt: null,
    updatedAt: null,
  }),
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * References in a list keyed by position, as the grid's rows are recycled (an element may
 * come to show another record), first to the records numbered `initial`; `show` puts others
 * in their places.
 */
function renderReferences(initial: number[]): { show: (numbers: number[]) => void } {
  let setShown: (numbers: number[]) => void = () => {};
  function Rows() {
    const [numbers, setNumbers] = useState(initial);
    setShown = setNumbers;
    return (
      <ul>
        {numbers.map((n, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: recycled on purpose, as the grid's rows are
          <li key={index} data-testid={`row-${index}`}>
            <RecordReference tableId={CUSTOMERS} value={idOf(n)} />
          </li>
        ))}
      </ul>
    );
  }
  renderWithProviders(<Rows />, { client });
  return { show: (numbers) => act(() => setShown(numbers)) };
}

/** Past the labels' settling and batching waits, so the names shown are asked for. */
async function askForLabels() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(LABEL_SETTLE_MS + LABEL_BATCH_MS + 10);
  });
}

describe('RecordReference telling records apart', () => {
  it('gives two records shown under the same name a second line with their email, not an id', async () => {
    const { show } = renderReferences([1, 2, 3, 1]);
    await askForLabels();
    await screen.findAllByRole('link', { name: 'Léa Okafor' });
    expect(await screen.findByTestId('row-0')).toHaveTextContent(
      'Léa Okaforlea.okafor1@example.com',
    );
    expect(screen.getByTestId('row-1')).toHaveTextContent('Léa Okaforlea.okafor2@example.com');
    expect(screen.getByTestId('row-3')).toHaveTextContent('Léa Okaforlea.okafor1@example.com');
    // A name no other record on screen shares has no second line.
    expect(screen.getByTestId('row-2')).toHaveTextContent(/^Ada Lovelace$/);
    const line = within(screen.getByTestId('row-1')).getByText('lea.okafor2@example.com');
    expect(line).toHaveAttribute('translate', 'no');

    // Once the namesake leaves the screen, the second line goes too.
    show([1, 3]);
    await waitFor(() => expect(screen.getByTestId('row-0')).toHaveTextContent(/^Léa Okafor$/));
  });

  it('keeps each recycled cell’s second line with the record it now shows', async () => {
    const { show } = renderReferences([1, 3]);
    await askForLabels();
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(screen.getByTestId('row-0')).toHaveTextContent(/^Léa Okafor$/);

    // Both elements now show another record: the namesakes, swapped round.
    show([2, 1]);
    await askForLabels();
    await waitFor(() =>
      expect(screen.getByTestId('row-0')).toHaveTextContent('Léa Okaforlea.okafor2@example.com'),
    );
    expect(screen.getByTestId('row-1')).toHaveTextContent('Léa Okaforlea.okafor1@example.com');

    // One of them moves on to a record of another name: neither keeps a second line.
    show([3, 1]);
    await waitFor(() => expect(screen.getByTestId('row-1')).toHaveTextContent(/^Léa Okafor$/));
    expect(screen.getByTestId('row-0')).toHaveTextContent(/^Ada Lovelace$/);
  });
});
