import {
  hashKey,
  usePrefetchInfiniteQuery,
  usePrefetchQuery,
  useQuery,
} from '@tanstack/react-query';
import type { Header } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ariaSortOf } from '../../../components/data-table/column-header';
import { DataTable, type DataTableHandle } from '../../../components/data-table/data-table';
import type { DataTableFeatures } from '../../../components/data-table/data-table-features';
import { useCoarsePointer } from '../../../components/data-table/use-coarse-pointer';
import { ViewOptions } from '../../../components/data-table/view-options';
import { NotAllowed } from '../../../components/not-allowed';
import { useApiClient } from '../../../lib/api/api-client-context';
import { isApiError } from '../../../lib/api/errors';
import { queryKeys } from '../../../lib/api/query-keys';
import type { Column, RecordRow } from '../../../lib/api/types';
import { useT } from '../../../lib/i18n/i18n-react';
import { useViewMemory } from '../../../lib/view-memory/view-memory-context';
import { whenIdle } from '../../../lib/when-idle';
import { recordQueries, tableQueries } from '../api/record-queries';
import { CardsToolbar, LayoutSwitch } from '../cards/cards-toolbar';
import { LazySortFilterSheet, preloadSortFilterSheet } from '../cards/lazy-sort-filter-sheet';
import { RecordCards } from '../cards/record-cards';
import { useRecordsLayout } from '../cards/use-records-layout';
import { TableChangesBanner, useChangedRowMarks, useTableChanges } from '../changes/table-changes';
import { useViewWalks } from '../count/use-view-walks';
import { walkViewPages } from '../count/view-walk';
import { ViewWalkButtons, ViewWalkProgress } from '../count/view-walk-tools';
import { clipboardTextOf, copyText } from '../panel/clipboard-text';
import { useOpenRecord } from '../panel/use-open-record';
import { LazyColumnSummaryPanel } from '../summaries/lazy-column-summary';
import { useColumnSummary } from '../summaries/use-column-summary';
import { lastViewKeyOf } from '../views/last-view';
import { useYourViews } from '../views/use-your-views';
import { ViewNotices, ViewPicker, type YourViewsControls } from '../views/view-picker';
import {
  asTableView,
  nameProblemOf,
  sharedAsTableView,
  sharedLayoutOf,
  type YourView,
} from '../views/your-views';
import { SharedViewOffer } from '../views/your-views-menu';
import { LazyRecordSidePanel, preloadRecordSidePanel } from './lazy-record-side-panel';
import { RecordsFooter } from './records-footer';
import { RecordsHeaderCell } from './records-header-cell';
import {
  CODE_SLOT,
  ErrorNotice,
  GridBanner,
  GridMessage,
  MessageWithCode,
  PageSkeleton,
} from './records-states';
import { recordsStatusText } from './records-status';
import { BackToStartButton, JumpToEndButton, RecordsToolbar } from './records-toolbar';
import { useReferenceFilterLabels } from './reference-filter/use-reference-filter-labels';
import { TailBanner } from './tail/tail-banner';
import { useTailView } from './tail/use-tail-view';
import { useJumpToEnd } from './use-jump-to-end';
import { placeNoticeText, useKeepPlace, useRestoredPlace } from './use-keep-place';
import { useRecordsTable } from './use-records-table';
import { useShownView } from './use-shown-view';
import { useTableUrlState } from './use-table-url-state';
import { ViewAlerts } from './view-alerts';
import { appliedQuery, contradictionMessage, viewContradictions } from './view-contradictions';
import { describeLoadError } from './view-errors';
import { withoutRefused } from './view-refusals';
import { summarizeView } from './view-summary';
import { WindowBanner, windowStopOf } from './window-banner';

const HEADER_HEIGHT = 66;
/** With a finger for a pointer the header's controls are 44 px tall (sort row and filter). */
const HEADER_HEIGHT_COARSE = 106;
const HEADER_ERROR_LINE = 18;
/** Skeleton rows drawn while the first page of a view loads. */
const LOADING_ROWS = 12;
const NO_COLUMNS: readonly Column[] = [];

/**
 * One table's records: the view in the URL (saved view, sort, filters) as a virtualized
 * grid paging on the service's cursors, with its toolbar, status line, the service's
 * refusals and the record panel. The parts live beside it in this folder; this component
 * wires them together.
 */
export function RecordsView({
  tableId,
  recordId = null,
}: {
  tableId: string;
  /** The record whose panel is open (from the URL), or null. */
  recordId?: string | null;
}) {
  const t = useT();
  const client = useApiClient();
  // Both requests leave while this render runs (a route change renders before its effects
  // run, and the observers below only fetch from effects); nothing is fetched twice. The
  // records request does not wait for the table: a `view=<id>` in the URL is sent as it is.
  usePrefetchQuery(tableQueries.detail(client, tableId));
  const tableQuery = useQuery(tableQueries.detail(client, tableId));
  // The person's own views of this table (docs/decisions/049), beside the service's.
  const yours = useYourViews(tableId);
  const yourTableViews = useMemo(() => yours.views.map(asTableView), [yours.views]);
  const tableDetailData = tableQuery.data;
  const viewsOfTable = useMemo(
    () =>
      tableDetailData
        ? { views: tableDetailData.views, columns: tableDetailData.columns, yours: yourTableViews }
        : null,
    [tableDetailData, yourTableViews],
  );
  const urlState = useTableUrlState(viewsOfTable);
  const [searchParams] = useSearchParams();
  const searchText = searchParams.toString();
  // A shared link's columns, widths and name (the sort and filters are the usual ones).
  // biome-ignore lint/correctness/useExhaustiveDependencies: searchText stands for searchParams
  const shared = useMemo(() => sharedLayoutOf(searchParams), [searchText]);
  // The table's last view, returned to when the person comes back (../records-page.tsx).
  const memory = useViewMemory();
  useEffect(() => {
    memory?.writeKept('where', lastViewKeyOf(tableId), searchText);
  }, [memory, tableId, searchText]);
  const { query, requestQuery, resolved, setSort, toggleSort, setFilter, clearFilters } = urlState;
  // Before the records are asked for: a view coming back from an earlier page load starts
  // at the page the user was on.
  const restored = useRestoredPlace(tableId, requestQuery);
  usePrefetchInfiniteQuery(recordQueries.list(client, tableId, requestQuery));

  const { current, shown, inputError, isFallback, refusals, keptEarlierRows, effectiveQuery } =
    useShownView(tableId, requestQuery);

  // Looked at: the view's first page has shown, fetched from the service (not saved rows).
  const tableChanges = useTableChanges(
    tableId,
    current.result.isSuccess && !current.result.isPlaceholderData
      ? current.result.dataUpdatedAt
      : null,
  );

  const rowMarkOf = useChangedRowMarks(tableChanges);

  const gridRef = useRef<DataTableHandle>(null);
  const coarsePointer = useCoarsePointer();
  // After Jump to end the grid may show the view's end, read backwards (decision 018).
  const shownRows = useTailView({
    tableId,
    query: effectiveQuery,
    savedView: resolved.view,
    columns: tableQuery.data?.columns ?? NO_COLUMNS,
    main: shown,
    gridRef,
  });

  const { columns, visibleColumns, table, rowAt, sizing } = useRecordsTable({
    tableId,
    tableDetail: tableQuery.data,
    tableLoaded: tableQuery.isSuccess,
    // One's own view, else a shared link's layout, else the service's view.
    view: resolved.yours ? resolved.view : shared ? sharedAsTableView(shared) : resolved.view,
    rows: shownRows.rows,
    firstRow: shownRows.firstRow,
    endRow: shownRows.endRow,
  });

  const focusRow = useCallback((rowIndex: number) => gridRef.current?.focusRow(rowIndex), []);
  const panel = useOpenRecord(tableId, recordId, shownRows.rows, focusRow);
  // One function for the life of the view, so memoized grid rows don't re-render with it.
  const panelRef = useRef(panel);
  panelRef.current = panel;
  const openRow = useCallback(
    (row: { original: RecordRow }, rowIndex: number) =>
      panelRef.current.open(row.original, rowIndex),
    [],
  );

  // A view the user opens starts at its first row; a reload, Back or Forward returns to
  // the row they were at (and notes it as they scroll).
  const place = useKeepPlace({
    tableId,
    query: requestQuery,
    restored,
    shown,
    // Not while the grid shows the view's end read backwards (its rows have no trail).
    showsThisView:
      !isFallback &&
      !shownRows.active &&
      hashKey(queryKeys.recordList(tableId, effectiveQuery)) === restored.viewKey,
    isSavedRows: shown.result.isPlaceholderData && restored.savedAt !== null,
    gridRef,
    onVisibleRangeChange: shownRows.onVisibleRangeChange,
  });

  const jumpToEnd = useJumpToEnd(
    shownRows.jumpToEnd,
    shownRows.active ? shownRows.tailRowCount : shown.knownRowCount,
    gridRef,
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
  // What "Save view as…" keeps: the view on screen, read when the person saves.
  const onScreen = useRef({ query, visibleColumns, sizing });
  onScreen.current = { query, visibleColumns, sizing };
  const yourControls: YourViewsControls = {
    tableId,
    yours,
    current: () => {
      const now = onScreen.current;
      const widths: Record<string, number> = {};
      for (const column of now.visibleColumns) {
        const width = now.sizing[column.name];
        if (typeof width === 'number') widths[column.name] = width;
      }
      return {
        query: { sort: now.query.sort, filters: now.query.filters },
        columns: now.visibleColumns.map((column) => column.name),
        widths,
      };
    },
    onSelectYours: (view: YourView) => urlState.selectYours(view),
    onDeleted: () => undefined,
  };
  const saveShared = (name: string) => {
    let free = name;
    for (let n = 2; nameProblemOf(free, yours.views, tableId) === 'taken'; n += 1) {
      free = `${name} (${n})`;
    }
    const now = yourControls.current();
    const saved = yours.save({
      name: free,
      sort: now.query.sort,
      filters: now.query.filters,
      columns: now.columns,
      widths: now.widths,
    });
    urlState.selectYours(saved);
  };
  const columnSummary = useColumnSummary();
  const summaryColumn = columns.find((column) => column.name === columnSummary.openName) ?? null;
  const [copyNotice, setCopyNotice] = useState('');
  // The summary names the record a REFERENCE filter points at, not its id.
  const recordLabels = useReferenceFilterLabels(columns, query.filters);
  // Cards on a phone (or by choice); sort and filters then live in a sheet.
  const recordsLayout = useRecordsLayout();
  const cards = recordsLayout.layout === 'cards';
  const [sheetOpen, setSheetOpen] = useState(false);
  // Once the first records are on screen, the code of what a tap opens next.
  const recordsShown = shown.result.data !== undefined;
  useEffect(() => {
    if (!recordsShown) return;
    return whenIdle(() => {
      preloadRecordSidePanel();
      if (cards) preloadSortFilterSheet();
    });
  }, [recordsShown, cards]);

  if (tableQuery.isPending) return <PageSkeleton />;
  if (tableQuery.isError) {
    const error = tableQuery.error;
    if (isApiError(error) && error.status === 404) {
      return (
        <GridMessage title={t('records.view.tableNotFound')}>
          <MessageWithCode
            message={t('records.view.tableNotFoundBody', { id: CODE_SLOT })}
            code={tableId}
          />
        </GridMessage>
      );
    }
    if (isApiError(error) && error.status === 403) {
      // The key lacks tables:read: Retry would get the same answer.
      return (
        <div className="p-4">
          <NotAllowed error={error} />
        </div>
      );
    }
    return (
      <div className="p-4">
        <ErrorNotice message={describeLoadError(error)} onRetry={() => void tableQuery.refetch()} />
      </div>
    );
  }

  const tableDetail = tableQuery.data;
  const result = shown.result;
  const hasData = result.data !== undefined;
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
  const stopped = windowStopOf(shown) !== null;

  const isLoadingFirstPage =
    !hasData && (result.isFetching || current.result.isPending) && !inputError && !loadError;
  const rowCount = isLoadingFirstPage
    ? LOADING_ROWS
    : shownRows.active
      ? shownRows.tailRowCount
      : shown.knownRowCount + (shown.reachedEnd || stopped || !hasData ? 0 : 1);

  const shownQuery = isFallback ? null : appliedView;
  const notApplied = shownQuery
    ? viewContradictions(shownQuery, columns, shownRows.rows)
    : { filters: [], sort: null };
  const notAppliedMessage = contradictionMessage(notApplied);
  const summary = summarizeView(
    tableDetail.name,
    appliedQuery(appliedView, notApplied),
    columns,
    recordLabels,
  );
  const walkedSummary = summaryColumn ? walks.totals?.summaries.get(summaryColumn.name) : undefined;
  const countText =
    shownRows.statusText ??
    recordsStatusText({
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
      ? t('records.status.withoutRefused', {
          kind: refusals.length === 1 ? (refusals[0]?.kind ?? 'filter') : 'parts',
        })
      : null;

  const footer = (
    <RecordsFooter
      loadError={loadError}
      onRetry={() => void current.result.refetch()}
      isEmpty={hasData && shown.knownRowCount === 0 && !inputError}
      tableId={tableId}
      tableName={tableDetail.name}
      appliedView={appliedView}
      columns={columns}
      onApplyFilter={(column, value) => setFilter(column, value)}
      onClearFilters={clearFilters}
    />
  );

  const renderHeaderCell = (header: Header<DataTableFeatures, RecordRow, unknown>) => {
    const column = columns.find((c) => c.name === header.column.id);
    if (!column) return null;
    return (
      <RecordsHeaderCell
        column={column}
        query={query}
        error={headerErrorOf(column.name)}
        columnSummary={columnSummary}
        onToggleSort={toggleSort}
        onFilter={setFilter}
      />
    );
  };

  const jumpControl = shownRows.active ? (
    <BackToStartButton onClick={shownRows.backToStart} />
  ) : (
    <JumpToEndButton
      jumping={shown.jump !== null || shownRows.starting}
      canJump={!shown.reachedEnd && hasData && !stopped}
      onJump={() => void jumpToEnd()}
      onCancel={() => {
        shown.stopJumping();
        shownRows.tail.cancel();
      }}
    />
  );
  const viewPicker =
    tableDetail.views.length > 0 || yourControls.yours.canKeep ? (
      <ViewPicker
        tableName={tableDetail.name}
        views={tableDetail.views}
        resolved={resolved}
        onSelect={urlState.selectView}
        onReset={urlState.resetView}
        yours={yourControls}
      />
    ) : null;
  const layoutSwitch = recordsLayout.narrow ? null : (
    <LayoutSwitch layout={recordsLayout.layout} onChoose={recordsLayout.choose} />
  );

  return (
    <div className="flex h-full min-h-0 flex-1 flex-col">
      {cards ? (
        <CardsToolbar
          tableDetail={tableDetail}
          activeCount={Object.keys(query.filters).length + (query.sort ? 1 : 0)}
          onOpenSheet={() => setSheetOpen(true)}
          onSkipToRecords={() => gridRef.current?.focusActiveCell()}
          menu={
            <>
              {jumpControl}
              <ViewWalkButtons walks={walks} />
              <ViewOptions table={table} />
              {layoutSwitch}
            </>
          }
        />
      ) : (
        <RecordsToolbar
          tableDetail={tableDetail}
          table={table}
          resolved={resolved}
          onSelectView={urlState.selectView}
          onResetView={urlState.resetView}
          yours={yourControls}
          walks={walks}
          onSkipToRecords={() => gridRef.current?.focusActiveCell()}
          jumpControl={jumpControl}
          layoutSwitch={layoutSwitch}
        />
      )}
      <p role="status" className="px-4 py-1.5 text-sm text-slate-700 dark:text-slate-300">
        <span dir="auto">{summary}</span>
        {countText ? <span> · {countText}</span> : null}
        {refusedText ? <span> · {refusedText}</span> : null}
        {place.notice ? <span> · {placeNoticeText(place.notice)}</span> : null}
        {walks.totals ? (
          <span> · {t('records.status.counted', { count: walks.totals.total })}</span>
        ) : null}
      </p>
      <p role="status" className="px-4 text-xs text-slate-600 empty:hidden dark:text-slate-300">
        {copyNotice}
      </p>
      <ViewWalkProgress walks={walks} />
      {shownRows.active ? <TailBanner tail={shownRows.tail} /> : <WindowBanner shown={shown} />}
      <ViewNotices resolved={resolved} onShowTable={() => urlState.selectView(null)} />
      <SharedViewOffer
        shared={resolved.yours ? null : shared}
        onSave={saveShared}
        onDismiss={urlState.dropSharedName}
      />
      <TableChangesBanner tableId={tableId} columns={columns} tableChanges={tableChanges} />
      {notAppliedMessage ? <GridBanner tone="warning" message={notAppliedMessage} /> : null}
      <ViewAlerts
        refusals={refusals}
        inputError={inputError}
        columns={columns}
        onRemoveFilter={(column) => setFilter(column, null)}
        onRemoveSort={() => setSort(null)}
      />
      <div className="flex min-h-0 flex-1">
        <div className="min-h-0 min-w-0 flex-1">
          {columns.length === 0 && !hasData ? (
            loadError ? (
              <div className="p-4">{footer}</div>
            ) : (
              <PageSkeleton />
            )
          ) : cards ? (
            <RecordCards
              key={shownRows.active ? 'tail' : 'list'}
              growsUpward={shownRows.active}
              table={table}
              columns={columns}
              label={tableDetail.name}
              rowCount={rowCount}
              rowAt={rowAt}
              setSize={
                shownRows.active
                  ? undefined
                  : (walks.totals?.total ??
                    (shown.reachedEnd && hasData ? shown.knownRowCount : undefined))
              }
              onVisibleRangeChange={place.onVisibleRangeChange}
              onOpenRow={openRow}
              onRequestLastRow={() => void jumpToEnd()}
              footer={footer}
              handleRef={gridRef}
            />
          ) : (
            <DataTable
              // The end read backwards is its own list: a grid anchored at its bottom.
              key={shownRows.active ? 'tail' : 'list'}
              growsUpward={shownRows.active}
              table={table}
              label={tableDetail.name}
              rowCount={rowCount}
              rowAt={rowAt}
              ariaRowCount={
                shownRows.active
                  ? undefined
                  : walks.totals
                    ? walks.totals.total + 1
                    : shown.reachedEnd && hasData
                      ? shown.knownRowCount + 1
                      : undefined
              }
              headerHeight={
                (coarsePointer ? HEADER_HEIGHT_COARSE : HEADER_HEIGHT) +
                (anyHeaderError ? HEADER_ERROR_LINE : 0)
              }
              renderHeaderCell={renderHeaderCell}
              ariaSortOf={(columnId) =>
                ariaSortOf(query.sort?.column === columnId ? query.sort.direction : null)
              }
              onVisibleRangeChange={place.onVisibleRangeChange}
              onOpenRow={openRow}
              onRequestLastRow={() => void jumpToEnd()}
              onCopyCell={(row, columnId) =>
                void copyText(clipboardTextOf(row.original.fields[columnId]), columnId).then(
                  setCopyNotice,
                )
              }
              footer={footer}
              // The row's name stays in view while reading far columns: the primary
              // column when shown, else the first.
              frozenColumnId={
                (visibleColumns.find((column) => column.isPrimary) ?? visibleColumns[0])?.name
              }
              handleRef={gridRef}
              rowMarkOf={rowMarkOf}
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
              loadedRows: shownRows.rows,
              loadedIsAll: shownRows.active
                ? shownRows.tail.reachedStart
                : shown.reachedEnd && shown.rows.length === shown.knownRowCount,
            }}
            onClose={columnSummary.close}
          />
        ) : null}
        {cards ? (
          <LazySortFilterSheet
            open={sheetOpen}
            onClose={() => setSheetOpen(false)}
            columns={visibleColumns}
            query={query}
            errorOf={headerErrorOf}
            onSort={setSort}
            onFilter={setFilter}
            onClearFilters={clearFilters}
            viewPicker={viewPicker}
            result={
              <>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  <span dir="auto">{summary}</span>
                  {countText ? <span> · {countText}</span> : null}
                </p>
                {hasData && shown.knownRowCount === 0 ? footer : null}
              </>
            }
          />
        ) : null}
        <LazyRecordSidePanel
          tableId={tableId}
          panel={panel}
          recordId={recordId}
          columns={columns}
          rows={shownRows.rows}
          firstRow={shownRows.firstRow}
          positionOf={shownRows.positionOf}
          knownRowCount={shown.knownRowCount}
          reachedEnd={shown.reachedEnd}
          scrollToRow={(rowIndex) => gridRef.current?.scrollToRow(rowIndex)}
        />
      </div>
    </div>
  );
}
