// Room layouts/: the view as a board or on a calendar instead of the grid. Owns the
// layout in the address (records-display.ts, free of React), the switch between grid,
// board and calendar (display-switch.tsx) and drawing the chosen one (here). A small
// composition: may import board/, calendar/, cards/ (when to use a phone's layout), lib/.
import { Suspense } from 'react';
import { LoadingIndicator } from '../../../components/loading-indicator';
import type { Column, RecordQuery, RecordRow } from '../../../lib/api/types';
import { useT } from '../../../lib/i18n/i18n-react';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import { groupingColumnOf } from '../board/board-groups';
import { RecordsBoard } from '../board/records-board';
import { dateColumnOf } from '../calendar/date-columns';
import type { RecordsDisplay } from './records-display';
import type { useRecordsDisplay } from './use-records-display';

// A calendar's code (its grid of days, its reads) loads when one is first shown, not with
// the records' first rows (decision 063). The board's stays: what it shares with the cards
// would move to the chunk every page loads.
const RecordsCalendar = lazyWithRetry(() =>
  import('../calendar/records-calendar').then((module) => ({ default: module.RecordsCalendar })),
);

export interface RecordsDisplayBodyProps {
  /** The display in the address and its setters (useRecordsDisplay). */
  displayed: { display: RecordsDisplay } & Omit<ReturnType<typeof useRecordsDisplay>, 'display'>;
  tableId: string;
  tableName: string;
  columns: readonly Column[];
  visibleColumns: readonly Column[];
  /** What the grid asks the service for: Count and Export walk the same records. */
  requestQuery: RecordQuery;
  /** The view's filters as shown (a saved view's included). */
  shownFilters: Record<string, string>;
  /** A find's matches while one is on: the board and the calendar show only them. */
  found: readonly RecordRow[] | null;
  onOpen: (record: RecordRow) => void;
  narrow: boolean;
}

/**
 * The records as a board or on a calendar, in place of the grid: the same view (sort,
 * filters, a saved view's id) read the way each needs it. A table without the column
 * either needs (an address shared from another table, a column since removed) says so.
 */
export function RecordsDisplayBody({
  displayed,
  tableId,
  tableName,
  columns,
  visibleColumns,
  requestQuery,
  shownFilters,
  found,
  onOpen,
  narrow,
}: RecordsDisplayBodyProps) {
  const t = useT();
  const { display, setDisplay: onDisplayChange, span, setSpan: onSpanChange } = displayed;
  if (display.kind === 'board') {
    const group = groupingColumnOf(columns, display.group);
    if (!group) return <DisplayNote text={t('records.board.noChoiceColumn')} />;
    return (
      <RecordsBoard
        tableId={tableId}
        tableName={tableName}
        columns={columns}
        visibleColumns={visibleColumns}
        requestQuery={requestQuery}
        shownFilters={shownFilters}
        groupColumn={group}
        found={found}
        onGroupChange={(name) => onDisplayChange({ kind: 'board', group: name })}
        onOpen={onOpen}
        narrow={narrow}
      />
    );
  }
  const date = dateColumnOf(columns, display.date);
  if (!date) return <DisplayNote text={t('records.calendar.noDateColumn')} />;
  return (
    <Suspense fallback={<LoadingIndicator />}>
      <RecordsCalendar
        tableId={tableId}
        tableName={tableName}
        columns={columns}
        requestQuery={requestQuery}
        shownFilters={shownFilters}
        found={found}
        dateColumn={date}
        onDateColumnChange={(name) => onDisplayChange({ kind: 'calendar', date: name })}
        span={span}
        onSpanChange={onSpanChange}
        onOpen={onOpen}
        narrow={narrow}
      />
    </Suspense>
  );
}

function DisplayNote({ text }: { text: string }) {
  return <p className="p-4 text-sm text-slate-700 dark:text-slate-300">{text}</p>;
}
