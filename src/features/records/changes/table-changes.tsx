// Room changes/: what changed in the table since one's last visit, as a banner and marks on
// the changed rows. Owns both (here); the visits themselves are kept by lib/visit-memory/.
// May import lib/, components/, config/.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { ChangeKind, ChangesBanner } from '../../../components/changes-banner';
import type { RowMark } from '../../../components/data-table/data-table';
import type { DataRow } from '../../../components/data-table/data-table-types';
import { paths } from '../../../config/paths';
import { describeError } from '../../../lib/api/describe-error';
import { listStoppedMessage } from '../../../lib/api/paging-guard';
import type { Column, RecordRow } from '../../../lib/api/types';
import { formatRelativeTime } from '../../../lib/i18n/formats';
import { useT } from '../../../lib/i18n/i18n-react';
import { recordLabelOf } from '../../../lib/record-label';
import { formatSince } from '../../../lib/visit-memory/format-since';
import {
  isNewSince,
  type RecordChanges,
  useRecordChanges,
} from '../../../lib/visit-memory/record-changes';
import { type ScreenVisit, useScreenVisit } from '../../../lib/visit-memory/visit-memory-context';
import { tableScreenKey } from '../../../lib/visit-memory/workspace-visit-memory';
import { whenIdle } from '../../../lib/when-idle';

export interface TableChanges {
  visit: ScreenVisit;
  changes: RecordChanges;
  /** Ids of the records changed since the last visit, for the grid to mark (empty once seen). */
  changedIds: ReadonlySet<string>;
  /** False until the changes are asked for (see useTableChanges): nothing to say yet. */
  asked: boolean;
}

/**
 * This visit to a table and what changed in it since the last one (docs/decisions/051).
 * `shownAt`: when the view's first page on screen was fetched, or null until it has shown.
 * The changes are asked for once that page is on screen and the page is idle (decision
 * 063): asked sooner, their request ended before a phone's first records painted and so
 * counted in Lighthouse's simulated paint, ~190 ms later on its slow link.
 */
export function useTableChanges(tableId: string, shownAt: number | null): TableChanges {
  const visit = useScreenVisit(tableScreenKey(tableId), shownAt);
  const asked = useIdleOnceShown(shownAt !== null);
  const changes = useRecordChanges(tableId, asked ? visit.since : null);
  const changedIds = useMemo(
    () => new Set(changes.records.map((record) => record.id)),
    [changes.records],
  );
  return { visit, changes, changedIds, asked };
}

/** True from the page's first idle moment after `shown` on. */
function useIdleOnceShown(shown: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!shown || idle) return;
    return whenIdle(() => setIdle(true));
  }, [shown, idle]);
  return idle;
}

/**
 * The grid's marks on the records changed since the last visit, wherever the view shows
 * them; gone once marked as seen, and with the view when the person moves on.
 */
export function useChangedRowMarks({
  visit,
  changedIds,
  changes,
}: TableChanges): ((row: DataRow<RecordRow>) => RowMark | null) | undefined {
  const t = useT();
  const since = visit.since;
  const newIds = useMemo(
    () =>
      new Set(
        since === null
          ? []
          : changes.records.filter((record) => isNewSince(record, since)).map((r) => r.id),
      ),
    [changes.records, since],
  );
  const markOf = useCallback(
    (row: DataRow<RecordRow>): RowMark | null => {
      const id = row.original.id;
      if (!changedIds.has(id)) return null;
      return newIds.has(id)
        ? { kind: 'new', label: t('records.changes.rowNew') }
        : { kind: 'changed', label: t('records.changes.rowChanged') };
    },
    [changedIds, newIds, t],
  );
  return changedIds.size === 0 ? undefined : markOf;
}

/** The table's "N records new or changed since …" with "Show them" and "Mark as seen". */
export function TableChangesBanner({
  tableId,
  columns,
  tableChanges,
}: {
  tableId: string;
  columns: readonly Column[];
  tableChanges: TableChanges;
}) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const { visit, changes, asked } = tableChanges;
  const since = visit.since;
  if (since === null || !asked || changes.isLoading) return null;
  const formatted = formatSince(since);
  const count = changes.records.length;
  if (changes.error && count === 0) {
    return (
      <ChangesBanner
        summary={t('records.changes.failed', { details: describeError(changes.error, t).message })}
        expanded={false}
        canShow={false}
        onToggle={() => {}}
        onMarkSeen={visit.markSeen}
      />
    );
  }
  if (count === 0 && changes.complete) return null;
  const summary = changes.complete
    ? t('records.changes.summary', { count, ...formatted })
    : t('records.changes.summaryMore', { count, ...formatted });
  return (
    <ChangesBanner
      summary={summary}
      expanded={expanded}
      onToggle={() => setExpanded((open) => !open)}
      onMarkSeen={() => {
        setExpanded(false);
        visit.markSeen();
      }}
    >
      <ol aria-label={t('records.changes.listLabel')} className="space-y-1">
        {changes.records.map((record) => (
          <li key={record.id} className="flex flex-wrap items-center gap-2">
            <ChangeKind isNew={isNewSince(record, since)} />
            <Link
              to={paths.record(tableId, record.id)}
              translate="no"
              className="min-w-0 truncate font-medium text-blue-800 underline hover:text-blue-950 dark:text-blue-200 dark:hover:text-white"
            >
              {recordLabelOf(record, columns) ?? record.id}
            </Link>
            {record.updatedAt ? (
              <time
                translate="no"
                dateTime={record.updatedAt}
                className="text-xs text-slate-600 dark:text-slate-300"
              >
                {formatRelativeTime(Date.parse(record.updatedAt))}
              </time>
            ) : null}
          </li>
        ))}
      </ol>
      {changes.problem ? (
        <p role="status" className="mt-2">
          {listStoppedMessage(changes.problem, 'records', count, t)}
        </p>
      ) : null}
      {changes.error ? (
        <p role="alert" className="mt-2">
          {describeError(changes.error, t).message}{' '}
          <Button onClick={changes.retry}>{t('common.action.retry')}</Button>
        </p>
      ) : !changes.complete ? (
        <Button className="mt-2" disabled={changes.isReadingMore} onClick={changes.readMore}>
          {changes.isReadingMore ? t('records.changes.readingMore') : t('records.changes.readMore')}
        </Button>
      ) : null}
    </ChangesBanner>
  );
}
