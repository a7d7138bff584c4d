import type { RecordQuery } from '../../../../lib/api/types';
import type { ViewInputError } from './view-errors';

/**
 * A part of the view the service refused: a filter (with the value refused, so an edited
 * value is tried again) or the sort. The service names one bad parameter per answer, so a
 * link with several bad parts is resolved by asking again without each one it names.
 */
export type ViewRefusal =
  | { kind: 'filter'; column: string; value: string; message: string }
  | { kind: 'sort'; sort: string; message: string };

function sortText(query: RecordQuery): string | null {
  return query.sort ? `${query.sort.column}:${query.sort.direction}` : null;
}

/** The refusals that still apply to `query` (the same column with the same value, the same sort). */
export function refusalsFor(
  refusals: readonly ViewRefusal[],
  query: RecordQuery,
): readonly ViewRefusal[] {
  return refusals.filter((refusal) =>
    refusal.kind === 'filter'
      ? query.filters[refusal.column] === refusal.value
      : sortText(query) === refusal.sort,
  );
}

/** `query` without its refused parts: what the grid asks for and says it shows. */
export function withoutRefused(query: RecordQuery, refusals: readonly ViewRefusal[]): RecordQuery {
  const active = refusalsFor(refusals, query);
  if (active.length === 0) return query;
  const filters = { ...query.filters };
  let sort = query.sort;
  for (const refusal of active) {
    if (refusal.kind === 'filter') delete filters[refusal.column];
    else sort = null;
  }
  return { ...query, sort, filters };
}

/**
 * The refusal an error adds when `sent` was asked for, or null when the error is not about
 * a part the grid can leave out (a saved view's own filter, another failure).
 */
export function refusalOf(error: ViewInputError | null, sent: RecordQuery): ViewRefusal | null {
  if (error === null) return null;
  if (error.kind === 'filter') {
    const value = sent.filters[error.column];
    return value === undefined
      ? null
      : { kind: 'filter', column: error.column, value, message: error.message };
  }
  const sort = sortText(sent);
  return sort === null ? null : { kind: 'sort', sort, message: error.message };
}

/** Adds `refusal` to those that still apply to `query` (older ones for other values go). */
export function addRefusal(
  refusals: readonly ViewRefusal[],
  refusal: ViewRefusal,
  query: RecordQuery,
): ViewRefusal[] {
  const kept = refusalsFor(refusals, query).filter((existing) =>
    refusal.kind === 'filter'
      ? !(existing.kind === 'filter' && existing.column === refusal.column)
      : existing.kind !== 'sort',
  );
  return [...kept, refusal];
}
