/**
 * What a board shows, free of React: which columns can group records (a SELECT with its
 * options listed), the board's columns (each option in its order, then "Empty") and the
 * request each column reads: the view's own, narrowed by the service's equality filter.
 */
import type { Column, RecordQuery, RecordRow } from '../../../lib/api/types';
import { type ChoiceOption, selectOptionsOf } from '../columns/column-kinds';

export interface BoardGroup {
  /** The filter value that reads this column: the option, or `''` for the empty cells. */
  value: string;
  /** The option's label; null for the empty cells' column (its name is a message). */
  label: string | null;
}

/** Columns a board can group by: single choice (SELECT) with their options listed. */
export function groupingColumnsOf(columns: readonly Column[]): Column[] {
  return columns.filter((column) => column.type === 'SELECT' && selectOptionsOf(column) !== null);
}

/**
 * The grouping column: the one the address names when it can group, else the first that
 * can (a view's `status` is the first SELECT of most tables); null when none can.
 */
export function groupingColumnOf(columns: readonly Column[], named: string | null): Column | null {
  const candidates = groupingColumnsOf(columns);
  return candidates.find((column) => column.name === named) ?? candidates[0] ?? null;
}

/**
 * The board's columns: every option in the column's order, then the empty cells
 * (`filter[<column>]=` matches them: docs/api.md, "An empty value matches empty cells").
 * When the view itself filters the grouping column, only the column it keeps.
 */
export function boardGroupsOf(column: Column, filters: Record<string, string>): BoardGroup[] {
  const options: ChoiceOption[] = selectOptionsOf(column) ?? [];
  const groups: BoardGroup[] = [
    ...options.map((option) => ({ value: option.value, label: option.label })),
    { value: '', label: null },
  ];
  const kept = filters[column.name];
  if (kept === undefined) return groups;
  return groups
    .filter((group) => group.value === kept)
    .concat(
      // A value the options don't list (a shared link, an option since renamed) still reads.
      groups.some((group) => group.value === kept) ? [] : [{ value: kept, label: kept }],
    );
}

/** One board column's request: the view's, with the grouping column's filter set to the group. */
export function groupQueryOf(query: RecordQuery, column: string, group: BoardGroup): RecordQuery {
  return { ...query, filters: { ...query.filters, [column]: group.value } };
}

/**
 * A find's matches in one column, in their order: those whose grouping value is the
 * group's, as the column's filter would keep them (an empty value: null, absent or '').
 */
export function groupMatches(
  matches: readonly RecordRow[],
  column: string,
  group: BoardGroup,
): RecordRow[] {
  return matches.filter((record) => {
    const value = record.fields[column];
    return group.value === ''
      ? value === null || value === undefined || value === ''
      : value === group.value;
  });
}
