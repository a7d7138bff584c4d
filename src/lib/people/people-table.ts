import type { ApiClient, RecordRow } from '../api/types';
import { walkUpTo } from '../walk-up-to';
import { MAX_PEOPLE, MAX_PERSON_TEXT } from './people-limits';
import type { PeopleSource } from './people-source';

export type PeopleTableProblem = { kind: 'unknown-column'; column: string };

export class PeopleTableError extends Error {
  override readonly name = 'PeopleTableError';
  constructor(readonly problem: PeopleTableProblem) {
    super(`people table: ${problem.kind} ${problem.column}`);
  }
}

/** The largest page the API allows: a directory of a few hundred people is one request. */
const PEOPLE_PAGE_SIZE = 500;

function textOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' || text.length > MAX_PERSON_TEXT ? null : text;
}

export interface PeopleTable {
  people: Map<string, string>;
  /** The table holds more than MAX_PEOPLE records: only the first were read. */
  truncated: boolean;
}

/**
 * Reads a people table with the workspace's own key, through the paging guard, up to
 * MAX_PEOPLE records. Records without an id or a name are skipped: a table is the
 * workspace's data, partly filled in, not a file someone wrote for the dashboard.
 */
export async function readPeopleTable(
  client: ApiClient,
  source: Extract<PeopleSource, { kind: 'table' }>,
  signal: AbortSignal,
): Promise<PeopleTable> {
  const table = await client.getTable(source.tableId, { signal });
  if (table.columns !== null) {
    for (const column of [source.idColumn, source.nameColumn]) {
      if (!table.columns.some((candidate) => candidate.name === column)) {
        throw new PeopleTableError({ kind: 'unknown-column', column });
      }
    }
  }
  const people = new Map<string, string>();
  const { more } = await walkUpTo<RecordRow>({
    bound: MAX_PEOPLE,
    signal,
    pageSize: PEOPLE_PAGE_SIZE,
    idOf: (record) => record.id,
    fetchPage: ({ cursor, limit, signal: pageSignal }) =>
      client.listRecords(
        source.tableId,
        { sort: null, filters: {} },
        { cursor, ...(limit ? { limit } : {}), signal: pageSignal },
      ),
    onItems: (records) => {
      for (const record of records) {
        const id = textOf(record.fields[source.idColumn]);
        const name = textOf(record.fields[source.nameColumn]);
        if (id !== null && name !== null && !people.has(id)) people.set(id, name);
      }
    },
  });
  return { people, truncated: more };
}
