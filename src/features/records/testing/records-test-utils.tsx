// Room testing/ (tests only): rendering the records page on a fake API client, with
// tables, columns and records to fill it (here, records-page-fixtures.ts). Imported by the
// rooms' tests, never by their code.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { ApiClientProvider } from '../../../lib/api/api-client-context';
import { ApiError } from '../../../lib/api/errors';
import type { ApiClient, Page, RecordQuery, RecordRow, TableDetail } from '../../../lib/api/types';
import { createFakeApiClient } from '../../../lib/testing/fake-api-client';
import { forgetPageTrails } from '../api/record-queries';
import { RecordsPage } from '../records-page';

export const TABLE_ID = 'tbl-orders';

export { column, record } from '../../../lib/testing/api-rows';

export interface FakeServiceOptions {
  table?: Partial<TableDetail>;
  records: RecordRow[];
  /** Throw for a request before answering it (checked first). */
  failWhen?: (query: RecordQuery, cursor: string | null) => ApiError | null;
  /** Misbehave: change a page before it is answered (a looping cursor, a repeated record). */
  tamper?: (page: Page<RecordRow>, cursor: string | null) => Page<RecordRow>;
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/**
 * A Workspace Data Service in memory: equality filters, sort, and offset cursors that
 * page exactly like the real one (next_cursor null on the last page).
 */
/**
 * The service's equality, as far as the tests need it: the value as text, and a bare day
 * (`2025-06-09`) matching an instant on that UTC day, as a DATETIME filter does.
 */
function matches(field: unknown, value: string): boolean {
  if (String(field ?? '') === value) return true;
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    typeof field === 'string' &&
    /^\d{4}-\d{2}-\d{2}T/.test(field) &&
    new Date(field).toISOString().slice(0, 10) === value
  );
}

export function fakeClient({ table, records, failWhen, tamper }: FakeServiceOptions) {
  const detail: TableDetail = {
    id: TABLE_ID,
    aliasId: null,
    name: 'Orders',
    description: 'Every order placed in the shop',
    projectId: null,
    createdAt: null,
    updatedAt: null,
    columns: null,
    views: [],
    ...table,
  };
  const listRecords = vi.fn<ApiClient['listRecords']>(async (_tableId, query, request) => {
    const cursor = request?.cursor ?? null;
    const failure = failWhen?.(query, cursor);
    if (failure) throw failure;
    let rows = records.filter((row) =>
      Object.entries(query.filters).every(([name, value]) => matches(row.fields[name], value)),
    );
    if (query.sort) {
      const { column: name, direction } = query.sort;
      rows = [...rows].sort((a, b) => {
        const order = compare(a.fields[name], b.fields[name]);
        return direction === 'asc' ? order : -order;
      });
    }
    const start = cursor === null ? 0 : Number(cursor);
    const limit = request?.limit ?? 100;
    const items = rows.slice(start, start + limit);
    const end = start + items.length;
    const page = { items, nextCursor: end < rows.length ? String(end) : null };
    return tamper ? tamper(page, cursor) : page;
  });
  const client: ApiClient = {
    // Tasks, pages and projects: the fake's empty lists and 404s.
    ...createFakeApiClient(),
    listTables: vi.fn(async () => ({ items: [detail], nextCursor: null })),
    getTable: vi.fn(async () => detail),
    listRecords,
    getRecord: vi.fn(async (_tableId: string, recordId: string) => {
      const found = records.find((row) => row.id === recordId);
      if (found) return found;
      throw new ApiError({
        kind: 'http',
        status: 404,
        code: 'not_found',
        reason: null,
        message: 'No record.',
      });
    }),
    listSkills: vi.fn(async () => ({ items: [], nextCursor: null })),
    getSkill: vi.fn(async () => {
      throw new ApiError({
        kind: 'http',
        status: 404,
        code: 'not_found',
        reason: null,
        message: 'No skill.',
      });
    }),
    canRead: vi.fn(async () => true),
  };
  return { client, listRecords };
}

export function badRequest(param: string, message: string, reason = 'invalid_filter'): ApiError {
  return new ApiError({
    kind: 'http',
    status: 400,
    code: 'bad_request',
    reason,
    param,
    message,
    serviceMessage: message,
  });
}

/** jsdom has no layout: give every element a viewport so the virtualizer draws rows. */
export function stubLayout(height = 600, width = 1200) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
}

let currentSearch = '';
function LocationProbe() {
  const location = useLocation();
  currentSearch = location.search;
  return null;
}

/** The URL's query string as the app last rendered it. */
export function renderedSearch(): URLSearchParams {
  return new URLSearchParams(currentSearch);
}

export function renderRecordsPage(
  client: ApiClient,
  initialSearch = '',
  queryDefaults: { retry?: number; retryDelay?: number } = {},
) {
  forgetPageTrails();
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY, ...queryDefaults },
    },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>
        <MemoryRouter initialEntries={[`/tables/${TABLE_ID}${initialSearch}`]}>
          <Routes>
            <Route
              path="/tables/:tableId/*"
              element={
                <div style={{ height: 600 }}>
                  <RecordsPage />
                  <LocationProbe />
                </div>
              }
            />
          </Routes>
        </MemoryRouter>
      </ApiClientProvider>
    </QueryClientProvider>,
  );
}
