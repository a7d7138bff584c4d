import { usePrefetchInfiniteQuery, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { type Header, useTable } from '@tanstack/react-table';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ariaSortOf, ColumnSortButton } from '../../../components/data-table/column-header';
import { DataTable, type DataTableHandle } from '../../../components/data-table/data-table';
import {
  type DataTableFeatures,
  dataTableFeatures,
} from '../../../components/data-table/data-table-features';
import { ViewOptions } from '../../../components/data-table/view-options';
import { ProjectLink } from '../../../components/project-link';
import { useApiClient } from '../../../lib/api/api-client-context';
import { isApiError } from '../../../lib/api/errors';
import { pagingProblemMessage } from '../../../lib/api/paging-guard';
import { queryKeys } from '../../../lib/api/query-keys';
import type { RecordRow } from '../../../lib/api/types';
import { recordQueries, tableQueries } from '../api/record-queries';
import { recordColumnDefs } from '../columns/columns';
import { orderColumns } from '../columns/infer-columns';
import { useInferredColumns } from '../columns/use-inferred-columns';
import { useViewWalks } from '../count/use-view-walks';
import { walkViewPages } from '../count/view-walk';
import { ViewWalkButtons, ViewWalkProgress } from '../count/view-walk-tools';
import { clipboardTextOf, copyText } from '../panel/clipboard-text';
import { RecordPanel, RecordPanelMessage, recordTitleOf } from '../panel/record-panel';
import { useOpenRecord } from '../panel/use-open-record';
import { LazyColumnSummaryPanel } from '../summaries/lazy-column-summary';
import { ColumnSummaryButton } from '../summaries/summary-button';
import { useColumnSummary } from '../summaries/use-column-summary';
import { columnsForView, viewLayoutOf } from '../views/view-columns';
import { ViewNotices, ViewPicker } from '../views/view-picker';
import { ColumnFilter } from './column-filter';
import { NoMatchHint } from './no-match-hint';
import { ErrorNotice, GridBanner, GridMessage, PageSkeleton } from './records-states';
import { formatCount, recordsStatusText } from './records-status';
import { useColumnPrefs } from './use-column-prefs';
import { useJumpToEnd } from './use-jump-to-end';
import { useShownView } from './use-shown-view';
import { nextSortFor, useTableUrlState } from './use-table-url-state';
import { appliedQuery, contradictionMessage, viewContradictions } from './view-contradictions';
import { describeLoadError } from './view-errors';
import { withoutRefused } from './view-refusals';
import { summarizeView } from './view-summary';

const HEADER_HEIGHT = 66;
const HEADER_ERROR_LINE = 18;
/** Skeleton rows drawn while the first page of a view loads. */
const LOADING_ROWS = 12;

export function RecordsView({
  tableId,
  recordId = null,
}: {
  tableId: string;
  /** The record whose panel is open (from the URL), or null. */
  recordId?: string | null;
}) {
  const client = useApiClient();
  // Both requests leave while this render runs (a route change renders before its effects
  // run, and the observers below only fetch from effects); nothing is fetched twice. The
  // records request does not wait for the table: a `view=<id>` in the URL is sent as it is.
  usePrefetchQuery(tableQueries.detail(client, tableId));
  const tableQuery = useQuery(tableQueries.detail(client, tableId));
  const urlState = useTableUrlState(tableQuery.data ?? null);
  const { query, requestQuery, resolved, setSort, setFilter, clearFilters } = urlState;
  usePrefetchInfiniteQuery(recordQueries.list(client, tableId, requestQuery));

  const { current, shown, inputError, isFallback, refusals, keptEarlierRows } = useShownView(
    tableId,
    requestQuery,
  );

  const describedColumns = tableQuery.data?.columns;
  const inferredColumns = useInferredColumns(shown.rows, tableQuery.isSuccess && !describedColumns);
  const view = resolved.view;
  const columns = useMemo(
    () => columnsForView(describedColumns ? orderColumns(describedColumns) : inferredColumns, view),
    [describedColumns, inferredColumns, view],
  );
  const columnDefs = useMemo(() => recordColumnDefs(columns), [columns]);
  const viewLayout = useMemo(() => (view ? viewLayoutOf(view, columns) : null), [view, columns]);

  const prefs = useColumnPrefs(tableId, viewLayout);
  const table = useTable({
    features: dataTableFeatures,
    columns: columnDefs,
    data: shown.rows,
    getRowId: (row: RecordRow) => row.id,
    state: { columnSizing: prefs.sizing, columnVisibility: prefs.visibility },
    onColumnSizingChange: prefs.setSizing,
    onColumnVisibilityChange: prefs.setVisibility,
    enableColumnResizing: true,
    columnResizeMode: 'onChange',
  });
  const tableRows = table.getRowModel().rows;
  const { firstRow, endRow } = shown;
  const rowAt = useCallback(
    (rowIndex: number) =>
      rowIndex >= firstRow && rowIndex < endRow ? tableRows[rowIndex - firstRow] : undefined,
    [tableRows, firstRow, endRow],
  );

  const gridRef = useRef<DataTableHandle>(null);
  const focusRow = useCallback((rowIndex: number) => gridRef.current?.focusRow(rowIndex), []);
  const panel = useOpenRecord(tableId, recordId, shown.rows, focusRow);
  // One function for the life of the view, so memoized grid rows don't re-render with it.
  const panelRef = useRef(panel);
  panelRef.current = panel;
  const openRow = useCallback(
    (row: { original: RecordRow }, rowIndex: number) =>
      panelRef.current.open(row.original, rowIndex),
    [],
  );

  // A new view starts at its first row.
  const viewKey = JSON.stringify(queryKeys.recordList(tableId, requestQuery));
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the view changes, by design
  useEffect(() => {
    gridRef.current?.scrollToRow(0);
  }, [viewKey]);

  const jumpToEnd = useJumpToEnd(shown.jumpToEnd, shown.knownRowCount, gridRef);

  // Count and Export walk the view as it is now: visible columns in their on-screen order.
  const visibleColumns = useMemo(
    () => columns.filter((column) => prefs.visibility[column.name] !== false),
    [columns, prefs.visibility],
  );
  const walks = useViewWalks({
    tableId,
    tableName: tableQuery.data?.name ?? tableId,
    // What the grid asks the service for (a saved view's id included), so the file matches it.
    query: requestQuery,
    columns,
    visibleColumns,
    walker: walkViewPages,
  });
  const columnSummary = useColumnSummary();
  const summaryColumn = columns.find((column) => column.name === columnSummary.openName) ?? null;
  const [copyNotice, setCopyNotice] = useState('');

  if (tableQuery.isPending) return <PageSkeleton />;
  if (tableQuery.isError) {
    const error = tableQuery.error;
    if (isApiError(error) && error.status === 404) {
      return (
        <GridMessage title="Table not found">
          There is no table with the id <code className="font-mono">{tableId}</code> in this
          workspace. It may have been deleted, or the link may be for another workspace.
        </GridMessage>
      );
    }
    return (
      <div className="p-4">
        <ErrorNotice message={describeLoadError(error)} onRetry={() => void tableQuery.refetch()} />
      </div>
    );
  }

  const tableDetail = tableQuery.data;
  // Previous/next in the panel walk the rows in memory, in the grid's order.
  const openRecordId = panel.state.status === 'open' ? panel.state.record.id : null;
  const openIndex = openRecordId === null ? -1 : shown.rows.findIndex((r) => r.id === openRecordId);
  const stepTo = (offset: number) => {
    const neighbour = openIndex < 0 ? undefined : shown.rows[openIndex + offset];
    if (!neighbour) return null;
    return () => {
      const rowIndex = shown.firstRow + openIndex + offset;
      panel.open(neighbour, rowIndex);
      gridRef.current?.scrollToRow(Math.max(0, rowIndex - 2));
    };
  };
  const panelPosition =
    panel.state.status === 'open' && openIndex >= 0
      ? `${recordTitleOf(panel.state.record, columns)}: record ${formatCount(shown.firstRow + openIndex + 1)} of ${formatCount(shown.knownRowCount)}${shown.reachedEnd ? '' : ' loaded'}`
      : null;
  const result = shown.result;
  const hasData = result.data !== undefined;
  const sortError = inputError?.kind === 'sort' ? inputError : null;
  const filterError = inputError?.kind === 'filter' ? inputError : null;
  const filterErrorHasInput =
    filterError !== null && columns.some((c) => c.name === filterError.column);
  const headerErrorOf = (columnName: string): string | null => {
    if (filterError?.column === columnName) return filterError.message;
    const refusal = refusals.find((r) => r.kind === 'filter' && r.column === columnName);
    return refusal?.message ?? null;
  };
  const anyHeaderError =
    filterErrorHasInput ||
    refusals.some((r) => r.kind === 'filter' && columns.some((c) => c.name === r.column));
  // What the rows on screen answer: the view less what the service refused.
  const appliedView = withoutRefused(query, refusals);
  const loadError =
    !inputError &&
    current.result.isError &&
    !current.result.isFetchNextPageError &&
    !current.result.isFetchPreviousPageError
      ? current.result.error
      : null;
  const pageError =
    result.isFetchNextPageError || result.isFetchPreviousPageError ? result.error : null;

  // Said at the top of the grid, wherever the failed page sits in the list.
  let banner: ReactNode = null;
  if (pageError) {
    banner = (
      <GridBanner
        message={`${result.isFetchPreviousPageError ? 'Could not load the records above.' : 'Could not load more records.'} ${describeLoadError(pageError)}`}
        onRetry={() =>
          void (result.isFetchPreviousPageError
            ? result.fetchPreviousPage()
            : result.fetchNextPage())
        }
      />
    );
  } else if (shown.failure) {
    banner = (
      <GridBanner
        message={`Could not load these records. ${describeLoadError(shown.failure.error)}`}
        onRetry={shown.failure.retry}
      />
    );
  } else if (shown.pagingProblem) {
    banner = <GridBanner tone="warning" message={pagingProblemMessage(shown.pagingProblem)} />;
  }
  const stopped = pageError !== null || shown.failure !== null || shown.pagingProblem !== null;

  const isLoadingFirstPage =
    !hasData && (result.isFetching || current.result.isPending) && !inputError && !loadError;
  const rowCount = isLoadingFirstPage
    ? LOADING_ROWS
    : shown.knownRowCount + (shown.reachedEnd || stopped || !hasData ? 0 : 1);
  const filtersActive = Object.keys(appliedView.filters).length > 0;

  const shownQuery = isFallback ? null : appliedView;
  const notApplied = shownQuery
    ? viewContradictions(shownQuery, columns, shown.rows)
    : { filters: [], sort: null };
  const notAppliedMessage = contradictionMessage(notApplied);
  const summary = summarizeView(tableDetail.name, appliedQuery(appliedView, notApplied), columns);
  const viewBanner = notAppliedMessage ? (
    <GridBanner tone="warning" message={notAppliedMessage} />
  ) : null;
  const walkedSummary = summaryColumn ? walks.totals?.summaries.get(summaryColumn.name) : undefined;
  const countText = recordsStatusText({
    isLoadingFirstPage,
    hasData,
    knownRowCount: shown.knownRowCount,
    reachedEnd: shown.reachedEnd,
    isFetchingPage: result.isFetchingNextPage || result.isFetchingPreviousPage,
    failureReason: shown.jump?.retrying ?? result.failureReason,
    jumpLoadedRows: shown.jump?.loadedRows ?? null,
    knownTotal: walks.totals?.total ?? null,
    stopped,
    isFallback: isFallback || keptEarlierRows,
  });
  const refusedText =
    refusals.length > 0 && !keptEarlierRows
      ? `without the refused ${refusals.length === 1 ? (refusals[0]?.kind ?? 'filter') : 'parts'} (see above)`
      : null;

  let footer: ReactNode = null;
  if (loadError) {
    footer = (
      <ErrorNotice
        message={describeLoadError(loadError)}
        onRetry={() => void current.result.refetch()}
      />
    );
  } else if (hasData && shown.knownRowCount === 0 && !inputError) {
    footer = filtersActive ? (
      <GridMessage title="No records match these filters">
        <NoMatchHint
          tableId={tableId}
          tableName={tableDetail.name}
          query={appliedView}
          columns={columns}
          onApply={(column, value) => setFilter(column, value)}
        />
        <button
          type="button"
          onClick={clearFilters}
          className="mt-2 rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900"
        >
          Clear filters
        </button>
      </GridMessage>
    ) : (
      <GridMessage title="This table has no records yet" />
    );
  }

  const renderHeaderCell = (header: Header<DataTableFeatures, RecordRow, unknown>) => {
    const column = columns.find((c) => c.name === header.column.id);
    if (!column) return null;
    const sortState = query.sort?.column === column.name ? query.sort.direction : null;
    return (
      <>
        <div className="flex min-w-0 items-center justify-between gap-1">
          <ColumnSortButton
            label={column.name}
            description={column.description}
            sort={sortState}
            onToggle={() => setSort(nextSortFor(query.sort, column.name))}
          />
          <ColumnSummaryButton
            columnName={column.name}
            expanded={columnSummary.openName === column.name}
            onClick={() => columnSummary.toggle(column.name)}
            buttonRef={columnSummary.buttonRef(column.name)}
          />
        </div>
        <ColumnFilter
          column={column}
          value={query.filters[column.name]}
          error={headerErrorOf(column.name)}
          onCommit={(value, mode) => setFilter(column.name, value, mode)}
        />
      </>
    );
  };

  return (
    <div className="flex h-full min-h-0 flex-1 flex-col">
      <header className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        {/* Past the toolbar and three controls per column header, straight to the cells. */}
        <button
          type="button"
          onClick={() => gridRef.current?.focusActiveCell()}
          className={`sr-only focus:not-sr-only ${toolbarButton}`}
        >
          Skip to records
        </button>
        <div className="min-w-0 flex-1">
          <h1 dir="auto" className="truncate text-lg font-semibold">
            {tableDetail.name}
          </h1>
          {tableDetail.description ? (
            <p dir="auto" className="text-sm text-slate-600 dark:text-slate-400">
              {tableDetail.description}
            </p>
          ) : null}
          {tableDetail.projectId ? (
            <p className="flex min-w-0 gap-1 text-sm text-slate-600 dark:text-slate-400">
              <span>Project:</span>
              <ProjectLink projectId={tableDetail.projectId} />
            </p>
          ) : null}
        </div>
        {shown.jump ? (
          <button
            type="button"
            onClick={shown.stopJumping}
            aria-label="Cancel jump to end"
            className={toolbarButton}
          >
            Cancel
          </button>
        ) : !shown.reachedEnd && hasData && !stopped ? (
          <button type="button" onClick={() => void jumpToEnd()} className={toolbarButton}>
            Jump to end
          </button>
        ) : null}
        {tableDetail.views.length > 0 ? (
          <ViewPicker
            tableName={tableDetail.name}
            views={tableDetail.views}
            resolved={resolved}
            onSelect={urlState.selectView}
            onReset={urlState.resetView}
          />
        ) : null}
        <ViewWalkButtons walks={walks} />
        <ViewOptions table={table} />
      </header>
      <p role="status" className="px-4 py-1.5 text-sm text-slate-700 dark:text-slate-300">
        <span dir="auto">{summary}</span>
        {countText ? <span> · {countText}</span> : null}
        {refusedText ? <span> · {refusedText}</span> : null}
        {walks.totals ? (
          <span> · {formatCount(walks.totals.total)} records in this view (counted)</span>
        ) : null}
      </p>
      <p role="status" className="px-4 text-xs text-slate-600 empty:hidden dark:text-slate-300">
        {copyNotice}
      </p>
      <ViewWalkProgress walks={walks} />
      {banner}
      <ViewNotices resolved={resolved} onShowTable={() => urlState.selectView(null)} />
      {viewBanner}
      {refusals.map((refusal) => {
        const hasInput =
          refusal.kind === 'filter' && columns.some((c) => c.name === refusal.column);
        return (
          <RefusalBanner
            key={refusal.kind === 'filter' ? `filter:${refusal.column}` : 'sort'}
            // A filter's input already announces its message (role=alert under it).
            announce={!hasInput}
            title={
              refusal.kind === 'filter'
                ? `The service refused the filter on “${refusal.column}” (“${refusal.value}”); it is not applied.`
                : `The service refused the sort “${refusal.sort}”; it is not applied.`
            }
            message={refusal.message}
            actionLabel={refusal.kind === 'filter' ? 'Remove this filter' : 'Remove this sort'}
            onAction={() =>
              refusal.kind === 'filter' ? setFilter(refusal.column, null) : setSort(null)
            }
          />
        );
      })}
      {sortError ? (
        <div
          role="alert"
          className="mx-4 mb-2 flex items-center gap-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <span className="flex-1">{sortError.message}</span>
          <button type="button" onClick={() => setSort(null)} className={toolbarButton}>
            Remove this sort
          </button>
        </div>
      ) : null}
      {filterError && !filterErrorHasInput ? (
        <div
          role="alert"
          className="mx-4 mb-2 flex items-center gap-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <span className="flex-1">{filterError.message}</span>
          <button
            type="button"
            onClick={() => setFilter(filterError.column, null)}
            className={toolbarButton}
          >
            Remove this filter
          </button>
        </div>
      ) : null}
      <div className="flex min-h-0 flex-1">
        <div className="min-h-0 min-w-0 flex-1">
          {columns.length === 0 && !hasData ? (
            loadError ? (
              <div className="p-4">{footer}</div>
            ) : (
              <PageSkeleton />
            )
          ) : (
            <DataTable
              table={table}
              label={tableDetail.name}
              rowCount={rowCount}
              rowAt={rowAt}
              ariaRowCount={
                walks.totals
                  ? walks.totals.total + 1
                  : shown.reachedEnd && hasData
                    ? shown.knownRowCount + 1
                    : undefined
              }
              headerHeight={HEADER_HEIGHT + (anyHeaderError ? HEADER_ERROR_LINE : 0)}
              renderHeaderCell={renderHeaderCell}
              ariaSortOf={(columnId) =>
                ariaSortOf(query.sort?.column === columnId ? query.sort.direction : null)
              }
              onVisibleRangeChange={shown.onVisibleRangeChange}
              onOpenRow={openRow}
              onRequestLastRow={() => void jumpToEnd()}
              onCopyCell={(row, columnId) =>
                void copyText(clipboardTextOf(row.original.fields[columnId]), columnId).then(
                  setCopyNotice,
                )
              }
              footer={footer}
              handleRef={gridRef}
            />
          )}
        </div>
        {summaryColumn ? (
          <LazyColumnSummaryPanel
            column={summaryColumn}
            source={{
              walked:
                walks.totals && walkedSummary
                  ? { summary: walkedSummary, countedAt: walks.totals.countedAt }
                  : null,
              loadedRows: shown.rows,
              loadedIsAll: shown.reachedEnd && shown.rows.length === shown.knownRowCount,
            }}
            onClose={columnSummary.close}
          />
        ) : null}
        {panel.state.status === 'open' ? (
          <RecordPanel
            record={panel.state.record}
            columns={columns}
            onClose={panel.close}
            onPrevious={stepTo(-1)}
            onNext={stepTo(1)}
            position={panelPosition}
          />
        ) : panel.state.status === 'loading' ? (
          <RecordPanelMessage title="Loading the record…" onClose={panel.close} />
        ) : panel.state.status === 'missing' ? (
          <RecordPanelMessage title="Record not found" onClose={panel.close}>
            This table has no record with the id{' '}
            <code className="font-mono break-all">{recordId}</code>. It may have been deleted.
          </RecordPanelMessage>
        ) : panel.state.status === 'error' ? (
          <RecordPanelMessage title="Could not load the record" onClose={panel.close}>
            <ErrorNotice
              message={describeLoadError(panel.state.error)}
              onRetry={panel.state.retry}
            />
          </RecordPanelMessage>
        ) : null}
      </div>
    </div>
  );
}

/** A part of the view the service refused: its message in full, and the way out. */
function RefusalBanner({
  title,
  message,
  actionLabel,
  onAction,
  announce,
}: {
  title: string;
  message: string;
  actionLabel: string;
  onAction: () => void;
  announce: boolean;
}) {
  return (
    <div
      role={announce ? 'alert' : undefined}
      className="mx-4 mb-2 flex items-center gap-3 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <div className="min-w-0 flex-1">
        <p dir="auto" className="font-medium">
          {title}
        </p>
        <p dir="auto" className="break-words">
          {message}
        </p>
      </div>
      <button type="button" onClick={onAction} className={toolbarButton}>
        {actionLabel}
      </button>
    </div>
  );
}

const toolbarButton =
  'h-8 rounded border border-slate-300 bg-white px-3 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800';
