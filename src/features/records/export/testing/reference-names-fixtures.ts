/** The export's reference-name tests' service: customers named "Customer n", and orders. */
import { expect } from 'vitest';
import { ApiError } from '../../../../lib/api/errors';
import type { Column, RecordRow, TableDetail } from '../../../../lib/api/types';
import { createReferenceNames, type NameSource, type ReferenceNames } from '../reference-names';

/** Reads a page's names and puts them in use, as the export does before writing it. */
export async function prepared(names: ReferenceNames, rows: readonly RecordRow[]) {
  names.use(await names.prepare(rows));
}

export const CUSTOMERS = '9c2f84f9-efb7-4129-b21c-a032067768ed';
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function column(
  name: string,
  type: Column['type'],
  settings: Column['settings'] = null,
): Column {
  return {
    id: `col-${name}`,
    name,
    description: null,
    type,
    settings,
    orderIndex: 0,
    required: false,
    isPrimary: name === 'name',
    inferred: false,
  };
}

export const customer = column('customer', 'REFERENCE', { table_id: CUSTOMERS, multiple: false });
export const customers = column('customers', 'REFERENCE', { table_id: CUSTOMERS, multiple: true });
export const customerColumns = [column('email', 'EMAIL'), column('name', 'TEXT')];

export function order(id: string, fields: Record<string, unknown>): RecordRow {
  return { id, fields, createdAt: null, updatedAt: null };
}

export function httpError(status: number): ApiError {
  return new ApiError({
    kind: 'http',
    status,
    code: null,
    reason: null,
    message: `HTTP ${status}`,
  });
}

/** A service with customers 1..n named "Customer n"; `fail` answers chosen ids with an error. */
export function service(fail: Record<string, () => unknown> = {}) {
  let inFlight = 0;
  let mostAtOnce = 0;
  const reads: string[] = [];
  const source: NameSource = {
    async readRecord(tableId, id) {
      reads.push(id);
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      const failure = fail[id];
      if (failure) return failure() as RecordRow;
      expect(tableId).toBe(CUSTOMERS);
      return order(id, { name: `Customer ${Number(id.slice(-12))}`, email: 'x@example.com' });
    },
    readTable: async () => ({ columns: customerColumns }) as TableDetail,
    sleep: async () => {},
  };
  return { source, reads, mostAtOnce: () => mostAtOnce };
}

/** Names for an export of `customer` (unless `columns` says otherwise), never cancelled. */
export function namesFor(
  source: NameSource,
  options: Partial<Parameters<typeof createReferenceNames>[0]> = {},
) {
  return createReferenceNames({
    source,
    columns: [customer],
    signal: new AbortController().signal,
    ...options,
  });
}
