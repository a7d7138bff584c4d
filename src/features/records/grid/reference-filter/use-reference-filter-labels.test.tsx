import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApiClient, notFoundError } from '../../../../lib/testing/fake-api-client';
import { renderWithProviders } from '../../../../lib/testing/render-with-providers';
import { column, record } from '../../testing/records-test-utils';
import { useReferenceFilterLabels } from './use-reference-filter-labels';

const ADA = '00000000-0000-4000-8000-000000000001';
const GONE = '00000000-0000-4000-8000-000000000002';
const columns = [
  column('customer', 'REFERENCE', { settings: { table_id: 'tbl-customers' } }),
  column('referrer', 'REFERENCE', { settings: { table_id: 'tbl-customers' } }),
  column('status', 'SELECT'),
];

function Labels({ filters }: { filters: Record<string, string> }) {
  const labels = useReferenceFilterLabels(columns, filters);
  return <output>{JSON.stringify(labels)}</output>;
}

describe('useReferenceFilterLabels', () => {
  it('names each REFERENCE filter’s record; a short id while it loads and when it is gone', async () => {
    const client = createFakeApiClient({
      getTable: async () => ({
        id: 'tbl-customers',
        aliasId: null,
        name: 'Customers',
        description: null,
        projectId: null,
        createdAt: null,
        updatedAt: null,
        columns: [column('name', 'TEXT', { isPrimary: true })],
        views: [],
      }),
      getRecord: async (_table, id) => {
        if (id === ADA) return record(ADA, { name: 'Ada Lovelace' });
        throw notFoundError();
      },
    });
    renderWithProviders(<Labels filters={{ customer: ADA, referrer: GONE, status: 'paid' }} />, {
      client,
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      JSON.stringify({ customer: '00000000…', referrer: '00000000…' }),
    );
    expect(
      await screen.findByText(
        JSON.stringify({ customer: 'Ada Lovelace', referrer: '00000000… (record not found)' }),
      ),
    ).toBeInTheDocument();
  });

  it('leaves out a value that is no record id (a refused filter from a link)', () => {
    renderWithProviders(<Labels filters={{ customer: 'Dana' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('{}');
  });
});
