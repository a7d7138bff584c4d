// Room board/: the view as a board, one column per option of a single-choice column.
// Owns the board (here), its columns (board-column.tsx), cards (board-card.tsx) and groups (board-groups.ts).
// May import cards/ (a card's look), columns/, lib/, components/.
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { useApiClient } from '../../../lib/api/api-client-context';
import type { Column, RecordQuery, RecordRow } from '../../../lib/api/types';
import { useT } from '../../../lib/i18n/i18n-react';
import { labelColumnOf } from '../../../lib/record-label';
import { CARD_FIELDS } from '../cards/record-cards';
import { ColumnPicker } from '../columns/column-picker';
import { BoardColumn, boardColumnQuery } from './board-column';
import {
  type BoardGroup,
  boardGroupsOf,
  groupingColumnsOf,
  groupMatches,
  groupQueryOf,
} from './board-groups';

export interface RecordsBoardProps {
  tableId: string;
  tableName: string;
  /** The table's columns. */
  columns: readonly Column[];
  /** The view's visible columns, in its order: the cards' fields. */
  visibleColumns: readonly Column[];
  /** What the grid asks the service for (a saved view's id included). */
  requestQuery: RecordQuery;
  /** The view's filters as shown (a saved view's included): a filter on the grouping column keeps one column. */
  shownFilters: Record<string, string>;
  /** The grouping column (resolved: groupingColumnOf). */
  groupColumn: Column;
  onGroupChange: (column: string) => void;
  onOpen: (record: RecordRow) => void;
  /** A phone: one column at a time, chosen with tabs. */
  narrow: boolean;
  /** A find's matches while one is on: each column holds its own of them, read no further. */
  found?: readonly RecordRow[] | null;
}

/**
 * A view's records as a board: one column per option of a single-choice column (then
 * "Empty"), each its own paged list of the view narrowed by the service's equality filter,
 * so a column of thousands pages without holding up the others. On a phone one column at a
 * time, chosen with tabs, so nothing scrolls sideways.
 */
export function RecordsBoard({
  tableId,
  tableName,
  columns,
  visibleColumns,
  requestQuery,
  shownFilters,
  groupColumn,
  onGroupChange,
  onOpen,
  narrow,
  found = null,
}: RecordsBoardProps) {
  const t = useT();
  const tabsId = useId();
  const groups = boardGroupsOf(groupColumn, shownFilters);
  const candidates = groupingColumnsOf(columns);
  const fieldColumns = useMemo(() => {
    const label = labelColumnOf(columns)?.name;
    return visibleColumns
      .filter((column) => column.name !== label && column.name !== groupColumn.name)
      .slice(0, CARD_FIELDS);
  }, [columns, visibleColumns, groupColumn.name]);
  const [chosen, setChosen] = useState(0);
  const current = Math.min(chosen, groups.length - 1);
  // The columns' first pages are asked for as the board renders, not once each column has
  // mounted and subscribed: they travel while the rest of the screen is drawn. While a find
  // is on, its matches are the columns: nothing is read.
  const client = useApiClient();
  const queryClient = useQueryClient();
  for (const group of found ? [] : narrow ? groups.slice(current, current + 1) : groups) {
    const options = boardColumnQuery(
      client,
      tableId,
      groupQueryOf(requestQuery, groupColumn.name, group),
    );
    if (!queryClient.getQueryState(options.queryKey)) {
      queryClient.prefetchInfiniteQuery(options).catch(() => {});
    }
  }
  const titleOf = (group: BoardGroup) => group.label ?? t('records.board.emptyGroup');
  const columnOf = (group: BoardGroup, phone: boolean) => (
    <BoardColumn
      key={`${groupColumn.name}:${group.value}`}
      tableId={tableId}
      query={groupQueryOf(requestQuery, groupColumn.name, group)}
      title={titleOf(group)}
      titleIsData={group.label !== null}
      columns={columns}
      fieldColumns={fieldColumns}
      onOpen={onOpen}
      fill={phone}
      hideHeading={phone}
      {...(found ? { found: groupMatches(found, groupColumn.name, group) } : {})}
    />
  );

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const to = event.key === 'Home' ? 0 : event.key === 'End' ? groups.length - 1 : current + step;
    if (to === current || to < 0 || to >= groups.length) return;
    event.preventDefault();
    setChosen(to);
    document.getElementById(`${tabsId}-tab-${to}`)?.focus();
  };

  return (
    <section
      aria-label={t('records.board.label', { table: tableName, column: groupColumn.name })}
      className="flex h-full min-h-0 flex-col"
    >
      <ColumnPicker
        label={t('records.board.groupBy')}
        columns={candidates}
        value={groupColumn.name}
        onChange={onGroupChange}
      />
      {narrow ? (
        <div className="flex min-h-0 flex-1 flex-col gap-2 px-3 pb-3">
          <div
            role="tablist"
            aria-label={t('records.board.tabs', { column: groupColumn.name })}
            onKeyDown={onTabKey}
            className="flex flex-wrap gap-1"
          >
            {groups.map((group, index) => (
              <button
                key={group.value}
                id={`${tabsId}-tab-${index}`}
                type="button"
                role="tab"
                aria-selected={index === current}
                aria-controls={`${tabsId}-panel`}
                tabIndex={index === current ? 0 : -1}
                onClick={() => setChosen(index)}
                className="min-h-11 rounded-full border border-slate-300 px-3 text-sm aria-selected:border-blue-600 aria-selected:bg-blue-50 aria-selected:font-semibold dark:border-slate-700 dark:aria-selected:bg-blue-950"
              >
                <span dir="auto" translate={group.label !== null ? 'no' : undefined}>
                  {titleOf(group)}
                </span>
              </button>
            ))}
          </div>
          <div
            id={`${tabsId}-panel`}
            role="tabpanel"
            aria-labelledby={`${tabsId}-tab-${current}`}
            className="flex min-h-0 flex-1"
          >
            {groups[current] ? columnOf(groups[current], true) : null}
          </div>
        </div>
      ) : (
        // `relative`: screen-reader-only text in the cards must belong to this scroller, or
        // columns scrolled out of view widen the whole page.
        <div className="relative flex min-h-0 flex-1 gap-3 overflow-x-auto px-4 pb-4">
          {groups.map((group) => columnOf(group, false))}
        </div>
      )}
    </section>
  );
}
