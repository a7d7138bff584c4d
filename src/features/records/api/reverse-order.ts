/**
 * Reading a records view from its end without walking it (issue 13, decision 018).
 *
 * A view sorted by column C in direction D is, per the API: the records with a value in C
 * ordered by (C D, id), then the records with C empty ordered by id (empty cells come last
 * in both directions). Its end read backwards is therefore the empty block backwards,
 * then the valued records backwards. Asking the service for the opposite direction gives
 * the valued records backwards first (when it breaks ties by id in the sort's own
 * direction, as our reference server does), and `filter[C]=` isolates the empty block so
 * that the opposite direction gives it backwards too. Where the view makes that
 * impossible or the service's pages contradict it, the grid walks the view instead.
 */
import type { ColumnType, RecordQuery, RecordRow, SortDirection } from '../../../lib/api/types';

/** The default order of a records list, when neither the request nor its saved view sorts. */
export const DEFAULT_SORT = { column: 'created_at', direction: 'asc' } as const;

/** Sorts on the record's own timestamps: every record has them, so nothing sorts as empty. */
const ALWAYS_SET = new Set(['created_at', 'updated_at']);

/** Column types the service can't filter on: their empty block can't be asked for alone. */
const UNFILTERABLE: ReadonlySet<ColumnType> = new Set<ColumnType>(['FILE', 'FORMULA', 'AI']);

/** One run of reversed requests, read from its first page until it ends. */
export interface ReversedSegment {
  /** What is asked of the service: the view with the sort flipped (and maybe `filter[C]=`). */
  query: RecordQuery;
  /**
   * 'empty': the view's empty-C block backwards; every record must have C empty.
   * 'valued': the valued records backwards; it ends at the first record with C empty
   * (those were read by the segment before, or are not expected at all).
   */
  takes: 'empty' | 'valued';
}

export type ReversalPlan =
  | {
      kind: 'reverse';
      /** The sort column (`created_at`, `updated_at` or a column name). */
      column: string;
      /** The view's own direction. */
      direction: SortDirection;
      segments: ReversedSegment[];
    }
  | { kind: 'walk'; reason: string };

/** A saved view's sort and filters, which the service applies under the request's own. */
export interface SavedViewOrder {
  sort: { column: string; direction: SortDirection } | null;
  filters: Record<string, string>;
}

/**
 * How to read the end of `query` backwards, or why it must be walked. `savedView` is the
 * saved view `query.view` names (null when the request names none or the view is unknown);
 * `columnType` the sort column's type when the table describes it.
 */
export function planReversal(
  query: RecordQuery,
  savedView: SavedViewOrder | null,
  columnType: ColumnType | null,
): ReversalPlan {
  if (query.view && savedView === null) {
    return { kind: 'walk', reason: 'the saved view’s sort and filters are not known here' };
  }
  const sort = query.sort ?? savedView?.sort ?? DEFAULT_SORT;
  const filters = { ...(savedView?.filters ?? {}), ...query.filters };
  const reversed = sort.direction === 'asc' ? 'desc' : 'asc';
  // An explicit sort replaces the saved view's; its filters still apply, as in the view.
  const base: RecordQuery = {
    ...(query.view ? { view: query.view } : {}),
    sort: { column: sort.column, direction: reversed },
    filters: { ...query.filters },
  };
  const plan = (segments: ReversedSegment[]): ReversalPlan => ({
    kind: 'reverse',
    column: sort.column,
    direction: sort.direction,
    segments,
  });
  if (ALWAYS_SET.has(sort.column)) return plan([{ query: base, takes: 'valued' }]);

  const ownFilter = filters[sort.column];
  // Filtered to one value: no empty cell matches, the reversed view is the whole tail.
  if (ownFilter !== undefined && ownFilter !== '') return plan([{ query: base, takes: 'valued' }]);
  // Filtered to empty cells: all of it is the empty block (checked page by page: a text
  // column's "" matches too and sorts among the values).
  if (ownFilter === '') return plan([{ query: base, takes: 'empty' }]);
  if (columnType !== null && UNFILTERABLE.has(columnType)) {
    return { kind: 'walk', reason: `a ${columnType} column can't be filtered to its empty cells` };
  }
  return plan([
    { query: { ...base, filters: { ...base.filters, [sort.column]: '' } }, takes: 'empty' },
    { query: base, takes: 'valued' },
  ]);
}

/** The value a record sorts by: its timestamps, or its cell (absent means empty). */
export function sortValueOf(row: RecordRow, column: string): unknown {
  if (column === 'created_at') return row.createdAt;
  if (column === 'updated_at') return row.updatedAt;
  return row.fields[column];
}

export function isEmptyCell(value: unknown): boolean {
  return value === null || value === undefined;
}

function sameSortValue(a: unknown, b: unknown): boolean {
  if (isEmptyCell(a) || isEmptyCell(b)) return isEmptyCell(a) && isEmptyCell(b);
  return JSON.stringify(a) === JSON.stringify(b);
}

export type IdOrder = 'asc' | 'desc';

/**
 * The order of ids among neighbours with the same sort value in `rows` (a run of one
 * list, in its order): null when no two neighbours tie, 'mixed' when ties disagree.
 */
export function tieOrderOf(rows: readonly RecordRow[], column: string): IdOrder | 'mixed' | null {
  let seen: IdOrder | null = null;
  for (let i = 1; i < rows.length; i += 1) {
    const before = rows[i - 1];
    const row = rows[i];
    if (!before || !row) continue;
    if (!sameSortValue(sortValueOf(before, column), sortValueOf(row, column))) continue;
    // The same record twice is the paging guard's to report, not an order.
    if (before.id === row.id) continue;
    const order: IdOrder = before.id < row.id ? 'asc' : 'desc';
    if (seen !== null && seen !== order) return 'mixed';
    seen = order;
  }
  return seen;
}

/**
 * The id order ties must show in the reversed pages: the opposite of the view's own.
 * The view's is read from its rows on screen when they show a tie; otherwise it is taken
 * to follow the sort's direction, as the reference server does (docs/api.md). Null when
 * the view's own ties disagree among themselves: nothing can be mirrored then.
 */
export function reversedTieOrder(
  forwardRows: readonly RecordRow[],
  column: string,
  direction: SortDirection,
): IdOrder | null {
  const seen = tieOrderOf(forwardRows, column);
  if (seen === 'mixed') return null;
  const forward = seen ?? direction;
  return forward === 'asc' ? 'desc' : 'asc';
}

/** A reversed page that does not mirror the view: the grid walks the view instead. */
export class ReversalRefused extends Error {
  override readonly name = 'ReversalRefused';
}

export function isReversalRefused(error: unknown): error is ReversalRefused {
  return error instanceof ReversalRefused;
}

/**
 * Takes what a reversed page contributes to the tail: all of an 'empty' page, or a
 * 'valued' page up to its first empty cell (`ended` then says the valued run is over).
 * `previous` is the last record taken before this page (its tie continues here). Throws
 * ReversalRefused when the page shows the reversal would not mirror the view.
 */
export function takeReversedPage(
  items: readonly RecordRow[],
  segment: ReversedSegment,
  column: string,
  expectedTies: IdOrder,
  previous: RecordRow | null,
  afterEmptyBlock: boolean,
): { taken: RecordRow[]; ended: boolean } {
  let taken: RecordRow[] = [...items];
  let ended = false;
  if (segment.takes === 'empty') {
    if (items.some((row) => !isEmptyCell(sortValueOf(row, column)))) {
      throw new ReversalRefused(
        `filter[${column}]= also matched records with a value: its empty block can't be read alone`,
      );
    }
  } else {
    const firstEmpty = items.findIndex((row) => isEmptyCell(sortValueOf(row, column)));
    if (firstEmpty >= 0) {
      // Empty cells after the values are the block read before; without that block none
      // was expected, and skipping them could lose records.
      if (!afterEmptyBlock) {
        throw new ReversalRefused(`records with ${column} empty where none were expected`);
      }
      taken = items.slice(0, firstEmpty);
      ended = true;
    }
  }
  const order = tieOrderOf(previous ? [previous, ...taken] : taken, column);
  if (order !== null && order !== expectedTies) {
    throw new ReversalRefused(
      `the service orders equal ${column} values by id ${order === 'mixed' ? 'inconsistently' : order} in the reversed sort, not as the mirror of the view`,
    );
  }
  return { taken, ended };
}
