// Room grid/: reading a table's records, and the composition of every records room. This
// file may import every room and wires their hooks and parts (views/, count/, find/, cards/,
// layouts/, panel/, summaries/, changes/); the grid's own parts are beside it:
// the list, toolbar and footer, data/ (the view in the URL, the pages shown), header/ (a
// column's header cell: its sort, and filter/'s input), status/, refusals/ (what the service
// refused, hints), place/ (keeping one's place), tail/ (Jump to end), reference-filter/ (the
// names of the records a filter on a linked record points at, for the status line).
import { hashKey } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { DataTableHandle } from '../../../components/data-table/data-table';
import { ViewOptions } from '../../../components/data-table/view-options';
import { queryKeys } from '../../../lib/api/query-keys';
import type { Column } from '../../../lib/api/types';
import { useT } from '../../../lib/i18n/i18n-react';
import { CardsToolbar } from '../cards/cards-toolbar';
import { LazySortFilterSheet } from '../cards/lazy-sort-filter-sheet';
import { useRecordsLayout } from '../cards/use-records-layout';
import { TableChangesBanner, useChangedRowMarks, useTableChanges } from '../changes/table-changes';
import { useViewWalks } from '../count/use-view-walks';
import { ViewWalkProgress } from '../count/view-walk-tools';
import { FindStatus } from '../find/screen/find-status';
import { useFindRows, useRecordsFind } from '../find/use-records-find';
import { RecordsLayoutSwitch } from '../layouts/display-switch';
import { useRecordsDisplay } from '../layouts/use-records-display';
import { LazyRecordSidePanel } from '../panel/lazy-record-side-panel';
import { useOpenRecord, useOpenRow } from '../panel/use-open-record';
import { GridBanner, PageSkeleton } from '../shared-ui/records-states';
import { LazyColumnSummaryPanel } from '../summaries/lazy-column-summary';
import { useColumnSummary } from '../summaries/use-column-summary';
import { SharedViewOffer } from '../views/shared-view-offer';
import { useViewAddress } from '../views/use-view-address';
import { ViewNotices, ViewPicker } from '../views/view-picker';
import { useYourViewsControls } from '../views/your-views/use-your-views-controls';
import { sharedAsTableView, type YourView } from '../views/your-views/your-views';
import { useRecordsTable } from './data/use-records-table';
import { useShownView } from './data/use-shown-view';
import { useTableView } from './data/use-table-view';
import { useKeepPlace, useRestoredPlace } from './place/use-keep-place';
import { RecordsFooter } from './records-footer';
import { RecordsList } from './records-list';
import { JumpControl, RecordsToolbar } from './records-toolbar';
import { useReferenceFilterLabels } from './reference-filter/use-reference-filter-labels';
import { ViewAlerts } from './refusals/view-alerts';
import { RecordsStatusLine, SheetResultLine } from './status/records-status-line';
import { recordsViewStatus } from './status/records-view-status';
import { WindowBanner } from './status/window-banner';
import { TableLoadFailure } from './table-load-failure';
import { TailBanner } from './tail/tail-banner';
import { useJumpToEnd } from './tail/use-jump-to-end';
import { useTailView } from './tail/use-tail-view';
import { usePreloadWhatTapsOpen } from './use-preload-what-taps-open';

const NO_COLUMNS: readonly Column[] = [];

/** One table's records: the view in the URL as a virtualized grid, its toolbar and panel. */
export function RecordsView({
  tableId,
  recordId = null,
}: {
  tableId: string;
  /** The record whose panel is open (from the URL), or null. */
  recordId?: string | null;
}) {
  const t = useT();
  const { tableQuery, yours, urlState } = useTableView(tableId);
  // A shared link's columns, widths and name; the view kept as the table's last.
  const shared = useViewAddress(tableId);
  const { query, requestQuery, resolved, setSort, toggleSort, setFilter, clearFilters } = urlState;
  // Before the records are asked for: a view back from an earlier load starts at its page.
  const restored = useRestoredPlace(tableId, requestQuery);
  // A board or a calendar (in the address) instead of the grid reads only its own requests;
  // the grid's pages still when the table has no columns to show (they are inferred from them).
  const displayed = useRecordsDisplay();
  const gridReads = displayed.display === null || tableQuery.data?.columns === null;
  const shownView = useShownView(tableId, requestQuery, gridReads, toggleSort);
  const { current, shown, inputError, isFallback, refusals, effectiveQuery } = shownView;

  // Looked at: the view's first page has shown, fetched from the service (not saved rows).
  const tableChanges = useTableChanges(
    tableId,
    current.result.isSuccess && !current.result.isPlaceholderData
      ? current.result.dataUpdatedAt
      : null,
  );
  const rowMarkOf = useChangedRowMarks(tableChanges);

  const gridRef = useRef<DataTableHandle>(null);
  // After Jump to end the grid may show the view's end, read backwards (decision 018).
  const shownRows = useTailView({
    tableId,
    query: effectiveQuery,
    savedView: resolved.view,
    columns: tableQuery.data?.columns ?? NO_COLUMNS,
    main: shown,
    gridRef,
  });
  // While a find is on (decision 057) the list shows its matches instead of the view's window.
  const { findHeld, listRows } = useFindRows(shownRows);
  const { columns, visibleColumns, table, rowAt, rowAtOf, sizing } = useRecordsTable({
    tableId,
    tableDetail: tableQuery.data,
    tableLoaded: tableQuery.isSuccess,
    // One's own view, else a shared link's layout, else the service's view.
    view: resolved.yours ? resolved.view : shared ? sharedAsTableView(shared) : resolved.view,
    rows: listRows.rows,
    firstRow: listRows.firstRow,
    endRow: listRows.endRow,
  });
  const painted = shownView.paint.handTo(!isFallback && listRows.rows === current.rows, rowAtOf);
  const found = useRecordsFind({
    tableId,
    requestQuery,
    visibleColumns,
    urlState,
    gridRef,
    findHeld,
  });

  const focusRow = useCallback((rowIndex: number) => gridRef.current?.focusRow(rowIndex), []);
  const panel = useOpenRecord(tableId, recordId, listRows.rows, focusRow);
  const openRow = useOpenRow(panel);

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
    aside: found.active,
  });

  const jumpToEnd = useJumpToEnd(
    shownRows.jumpToEnd,
    shownRows.active ? shownRows.tailRowCount : shown.knownRowCount,
    gridRef,
  );

  const walks = useViewWalks({
    tableId,
    tableName: tableQuery.data?.name ?? tableId,
    // What the grid asks for (a saved view's id included), or while a find is on its matches.
    ...found.walks,
    columns,
    visibleColumns,
  });
  const { controls: yourControls, saveShared } = useYourViewsControls({
    tableId,
    yours,
    query: { ...query, find: urlState.find },
    visibleColumns,
    sizing,
    display: displayed.display,
    onSelectYours: (view: YourView) => urlState.selectYours(view),
  });
  const columnSummary = useColumnSummary();
  const summaryColumn = columns.find((column) => column.name === columnSummary.openName) ?? null;
  const [copyNotice, setCopyNotice] = useState('');
  // The summary names the record a REFERENCE filter points at, not its id.
  const recordLabels = useReferenceFilterLabels(columns, query.filters);
  // Cards on a phone (or by choice); sort and filters then live in a sheet.
  const recordsLayout = useRecordsLayout();
  const cards = recordsLayout.layout === 'cards' || displayed.display !== null;
  const [sheetOpen, setSheetOpen] = useState(false);
  usePreloadWhatTapsOpen(shown.result.data !== undefined, cards);

  if (tableQuery.isPending) return <PageSkeleton />;
  if (tableQuery.isError) {
    return (
      <TableLoadFailure
        tableId={tableId}
        error={tableQuery.error}
        onRetry={() => void tableQuery.refetch()}
      />
    );
  }

  const tableDetail = tableQuery.data;
  const status = recordsViewStatus({
    t,
    tableName: tableDetail.name,
    query,
    columns,
    recordLabels,
    view: shownView,
    shownRows,
    totals: walks.totals,
  });
  const walkedSummary = summaryColumn ? walks.totals?.summaries.get(summaryColumn.name) : undefined;

  const footer = (
    <RecordsFooter
      loadError={status.loadError}
      onRetry={() => void current.result.refetch()}
      isEmpty={status.hasData && shown.knownRowCount === 0 && !inputError}
      tableId={tableId}
      tableName={tableDetail.name}
      appliedView={status.appliedView}
      columns={columns}
      onApplyFilter={(column, value) => setFilter(column, value)}
      onClearFilters={clearFilters}
    />
  );

  const jumpControl = (
    <JumpControl
      tail={shownRows}
      jumping={shown.jump !== null || shownRows.starting}
      canJump={!shown.reachedEnd && status.hasData && !status.stopped}
      onJump={() => void jumpToEnd()}
      onCancel={() => {
        shown.stopJumping();
        shownRows.tail.cancel();
      }}
      finding={found.active}
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
  const layoutSwitch = (
    <RecordsLayoutSwitch columns={columns} layout={recordsLayout} displayed={displayed} />
  );

  return (
    <div ref={found.scopeRef} className="flex h-full min-h-0 flex-1 flex-col">
      {cards ? (
        <CardsToolbar
          tableDetail={tableDetail}
          activeCount={Object.keys(query.filters).length + (query.sort ? 1 : 0)}
          onOpenSheet={() => setSheetOpen(true)}
          onSkipToRecords={() => gridRef.current?.focusActiveCell()}
          find={sheetOpen ? null : found.phoneControl}
          menu={
            <>
              {displayed.display ? null : jumpControl}
              {found.walkButtons(walks)}
              <ViewOptions table={table} />
              {recordsLayout.narrow ? layoutSwitch : null}
            </>
          }
          beside={recordsLayout.narrow ? null : layoutSwitch}
        />
      ) : (
        <RecordsToolbar
          tableDetail={tableDetail}
          table={table}
          resolved={resolved}
          onSelectView={urlState.selectView}
          onResetView={urlState.resetView}
          yours={yourControls}
          walkButtons={found.walkButtons(walks)}
          onSkipToRecords={() => gridRef.current?.focusActiveCell()}
          jumpControl={jumpControl}
          layoutSwitch={layoutSwitch}
          find={found.box()}
        />
      )}
      <RecordsStatusLine
        summary={status.summary}
        countText={displayed.display ? null : status.countText}
        refusedText={status.refusedText}
        placeNotice={place.notice}
        totals={walks.totals}
        copyNotice={copyNotice}
      />
      <FindStatus find={found.find} viewTotal={found.viewTotal} />
      <ViewWalkProgress walks={walks} />
      {shownRows.active ? <TailBanner tail={shownRows.tail} /> : <WindowBanner shown={shown} />}
      <ViewNotices resolved={resolved} onShowTable={() => urlState.selectView(null)} />
      <SharedViewOffer
        shared={resolved.yours ? null : shared}
        onSave={saveShared}
        onDismiss={urlState.dropSharedName}
      />
      <TableChangesBanner tableId={tableId} columns={columns} tableChanges={tableChanges} />
      {status.notAppliedMessage ? (
        <GridBanner tone="warning" message={status.notAppliedMessage} />
      ) : null}
      <ViewAlerts
        refusals={refusals}
        inputError={inputError}
        columns={columns}
        onRemoveFilter={(column) => setFilter(column, null)}
        onRemoveSort={() => setSort(null)}
      />
      <div className="flex min-h-0 flex-1">
        {found.withRows(listRows, status.list, (rows, list) => (
          <>
            <div ref={found.recordsRef} className="min-h-0 min-w-0 flex-1">
              {columns.length === 0 && !status.hasData ? (
                status.loadError ? (
                  <div className="p-4">{footer}</div>
                ) : (
                  <PageSkeleton />
                )
              ) : (
                <RecordsList
                  // The end read backwards is its own list; a find keeps this one's grid.
                  key={shownRows.active ? (found.active ? 'find' : 'tail') : 'list'}
                  displayed={displayed}
                  found={found.active ? rows.rows : null}
                  tableId={tableId}
                  requestQuery={requestQuery}
                  narrow={recordsLayout.narrow}
                  cards={cards}
                  growsUpward={shownRows.active}
                  table={table}
                  columns={columns}
                  visibleColumns={visibleColumns}
                  label={tableDetail.name}
                  rowCount={list.rowCount}
                  rowAt={rowAt}
                  knownTotal={list.knownTotal}
                  query={query}
                  headerErrorOf={status.headerErrorOf}
                  anyHeaderError={status.anyHeaderError}
                  columnSummary={columnSummary}
                  onToggleSort={shownView.toggleSort}
                  onFilter={setFilter}
                  onVisibleRangeChange={place.onVisibleRangeChange}
                  onOpenRow={openRow}
                  onRequestLastRow={() => void jumpToEnd()}
                  onCopied={setCopyNotice}
                  footer={found.active ? null : footer}
                  handleRef={gridRef}
                  rowMarkOf={rowMarkOf}
                  painted={painted}
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
                  loadedRows: rows.rows,
                  loadedIsAll: list.loadedIsAll,
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
                errorOf={status.headerErrorOf}
                onSort={setSort}
                onFilter={setFilter}
                onClearFilters={clearFilters}
                viewPicker={viewPicker}
                find={found.box('w-full')}
                result={
                  <SheetResultLine
                    summary={status.summary}
                    countText={status.countText}
                    empty={status.hasData && shown.knownRowCount === 0 ? footer : null}
                  />
                }
              />
            ) : null}
            <LazyRecordSidePanel
              tableId={tableId}
              panel={panel}
              recordId={recordId}
              columns={columns}
              rows={rows.rows}
              firstRow={rows.firstRow}
              positionOf={found.active ? null : shownRows.positionOf}
              knownRowCount={list.knownRowCount}
              reachedEnd={list.reachedEnd}
              scrollToRow={(rowIndex) => gridRef.current?.scrollToRow(rowIndex)}
            />
          </>
        ))}
      </div>
    </div>
  );
}
