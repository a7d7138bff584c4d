import { screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient, Column, RecordRow } from '../../../lib/api/types';
import { useT } from '../../../lib/i18n/i18n-react';
import { renderWithProviders } from '../../../lib/testing/render-with-providers';
import { column, fakeClient, record } from '../testing/records-test-utils';
import { useFindMatches } from './find-matches';
import { useFindProgress } from './find-progress';
import { findStatusText } from './screen/find-status';
import { useFindMatchesStore, useFindState } from './use-find';
import { useRecordsFind } from './use-records-find';

const COLUMNS: Column[] = [column('name', 'TEXT', { isPrimary: true })];
const QUERY = { sort: null, filters: { status: 'paid' } };

/** A service's OpenAPI document whose records list takes `q` (a fixture: ours has none). */
const SEARCHING_DOCUMENT = {
  openapi: '3.1.0',
  paths: {
    '/api/public/v1/tables/{tableId}/records': {
      get: {
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
          { name: 'q', in: 'query', schema: { type: 'string' } },
        ],
      },
    },
  },
};

/** The screen's find, as records-view wires it: the box's text stands in for typing. */
function Harness({ typed }: { typed: string[] }) {
  const [find, setFind] = useState('');
  const gridRef = useRef(null);
  const findState = useFindState();
  const findMatches = useFindMatchesStore();
  const t = useT();
  const found = useRecordsFind({
    tableId: 'tbl-orders',
    requestQuery: QUERY,
    visibleColumns: COLUMNS,
    urlState: { find, setFind },
    gridRef,
    findHeld: { state: findState, matches: findMatches },
  });
  const progress = useFindProgress(found.find.progress);
  const matches = useFindMatches(findMatches).rows;
  return (
    <>
      {typed.map((text) => (
        <button key={text} type="button" onClick={() => setFind(text)}>
          type {text}
        </button>
      ))}
      <output aria-label="phase">{found.find.phase}</output>
      <output aria-label="status">
        {findStatusText(t, { ...found.find, matchCount: matches.length }, progress, null)}
      </output>
      <output aria-label="matches">{matches.map((row) => row.id).join(',')}</output>
    </>
  );
}

const rows: RecordRow[] = [
  record('r1', { name: 'Léa Haddad', status: 'paid' }),
  record('r2', { name: 'Ana Okafor', status: 'paid' }),
  record('r3', { name: 'Omar Haddad', status: 'refunded' }),
];

/** The view's records; asked with `q`, the service answers what it found itself. */
function serviceWith(getServiceDocument: ApiClient['getServiceDocument']) {
  const { client, listRecords: viewPages } = fakeClient({ records: rows });
  const searched: RecordRow[] = [record('s1', { name: 'HADDAD & Sons (found by the service)' })];
  const listRecords = vi.fn<ApiClient['listRecords']>(async (tableId, query, request) =>
    query.textSearch ? { items: searched, nextCursor: null } : viewPages(tableId, query, request),
  );
  const getDocument = vi.fn(getServiceDocument);
  return {
    client: { ...client, listRecords, getServiceDocument: getDocument },
    listRecords,
    getDocument,
  };
}

describe('a service that searches text itself (decision 057)', () => {
  it('is asked with the parameter its document advertises, on the same view; each record it answers is a match', async () => {
    const { client, listRecords, getDocument } = serviceWith(async () => SEARCHING_DOCUMENT);
    renderWithProviders(<Harness typed={['haddad', 'haddad sons']} />, { client });
    screen.getByRole('button', { name: 'type haddad' }).click();
    // The phase and the matches are separate stores: the list may draw a frame after "done".
    await waitFor(() => {
      expect(screen.getByLabelText('phase').textContent).toBe('done');
      expect(screen.getByLabelText('matches').textContent).toBe('s1');
    });
    expect(screen.getByLabelText('status').textContent).toBe('1 match · found by the service');
    // Only the search: the view was not walked (a search begun again, as the screen's
    // words arrive, asks the same again).
    const asked = () => listRecords.mock.calls.map(([, query]) => query);
    expect(asked().length).toBeGreaterThan(0);
    for (const query of asked()) {
      expect(query).toEqual({ ...QUERY, textSearch: { parameter: 'q', text: 'haddad' } });
    }

    // Another text is asked afresh (the service's matching is its own); the document is not read again.
    screen.getByRole('button', { name: 'type haddad sons' }).click();
    await waitFor(() =>
      expect(asked().at(-1)?.textSearch).toEqual({ parameter: 'q', text: 'haddad sons' }),
    );
    await waitFor(() => expect(screen.getByLabelText('phase').textContent).toBe('done'));
    expect(getDocument).toHaveBeenCalledTimes(1);
  });

  it('a service whose document says nothing of a search is walked as before', async () => {
    const { client, listRecords } = serviceWith(async () => ({ openapi: '3.1.0', paths: {} }));
    renderWithProviders(<Harness typed={['haddad']} />, { client });
    screen.getByRole('button', { name: 'type haddad' }).click();
    await waitFor(() => {
      expect(screen.getByLabelText('phase').textContent).toBe('done');
      expect(screen.getByLabelText('matches').textContent).toBe('r1');
    });
    expect(listRecords.mock.calls.every(([, query]) => query.textSearch === undefined)).toBe(true);
    expect(screen.getByLabelText('status').textContent).toContain('searched the whole view');
  });

  it('a document that fails to load is no search: the view is walked, and nothing is said', async () => {
    const { client, listRecords } = serviceWith(async () => {
      throw new Error('500');
    });
    renderWithProviders(<Harness typed={['okafor']} />, { client });
    screen.getByRole('button', { name: 'type okafor' }).click();
    await waitFor(() => {
      expect(screen.getByLabelText('phase').textContent).toBe('done');
      expect(screen.getByLabelText('matches').textContent).toBe('r2');
    });
    expect(listRecords.mock.calls.every(([, query]) => query.textSearch === undefined)).toBe(true);
  });
});
