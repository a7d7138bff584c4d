// Room cards/: reading the view as cards on a phone. Owns the cards (here), the phone's
// toolbar (cards-toolbar.tsx), sort and filter in a sheet (sort-filter-sheet.tsx, loaded
// on first use) and when to switch to cards (use-records-layout.ts). May import api/,
// columns/, filter/ (the sheet's column filters), views/ (the URL's history mode), lib/ and
// components/.
import type { Row } from '@tanstack/react-table';
import { memo, type ReactNode, type Ref, useImperativeHandle, useRef } from 'react';
import type { DataTableFeatures } from '../../../components/data-table/data-table-features';
import { cellContent } from '../../../components/data-table/data-table-row';
import type {
  AnyReactTable,
  DataTableHandle,
} from '../../../components/data-table/data-table-types';
import type { VisibleRange } from '../../../components/data-table/load-more';
import { useGridKeyboard } from '../../../components/data-table/use-grid-keyboard';
import { useVirtualWindow } from '../../../components/data-table/use-virtual-window';
import type { Column, RecordRow } from '../../../lib/api/types';
import { useT } from '../../../lib/i18n/i18n-react';
import { labelColumnOf, recordLabelOf } from '../../../lib/record-label';

/** A card's height before it is measured: a title and three lines of two fields, on a phone. */
export const CARD_ESTIMATE = 176;
/** Cards drawn beyond each edge of the viewport: a card is several rows' worth of elements. */
const OVERSCAN = 2;
/** Fields shown under a card's title; the rest are in the record's panel. */
export const CARD_FIELDS = 6;

type DataRow = Row<DataTableFeatures, RecordRow>;

export interface RecordCardsProps {
  table: AnyReactTable<RecordRow>;
  /** The view's columns: the one a record is called by becomes each card's title. */
  columns: readonly Column[];
  /** Accessible name of the list. */
  label: string;
  rowCount: number;
  rowAt: (rowIndex: number) => DataRow | undefined;
  /** Records in the whole view, when known (announced as "3 of 120"). */
  setSize?: number;
  onVisibleRangeChange?: (range: VisibleRange) => void;
  onOpenRow?: (row: { original: RecordRow }, rowIndex: number) => void;
  /** Ctrl+End: the caller may need to load to the end before the last card exists. */
  onRequestLastRow?: () => void;
  footer?: ReactNode;
  /** The view's end read backwards (decision 018): cards are added above. */
  growsUpward?: boolean;
  handleRef?: Ref<DataTableHandle>;
}

/**
 * A view's records as a list of cards (phones, or by choice): the same rows, window and
 * paging as the grid (`rowAt`, `onVisibleRangeChange`), each record a card titled by the
 * field it is called by, with the next fields of the view under it. It is built on the
 * grid's own parts: the virtual window (only the cards near the viewport are in the DOM,
 * their heights measured as they are drawn, the scroll area scaled past the browser's
 * largest element) and the roving keyboard focus (one Tab stop, arrows between cards). It
 * answers the grid's handle, so keeping the place, Jump to end and the record panel's
 * Previous/Next work the same on either. Cards are not recycled as the grid's rows are: a
 * measured card's element is observed for its own index, and one lent to another card
 * would keep reporting the first card's height.
 */
export function RecordCards({
  table,
  columns,
  label,
  rowCount,
  rowAt,
  setSize,
  onVisibleRangeChange,
  onOpenRow,
  onRequestLastRow,
  footer,
  growsUpward = false,
  handleRef,
}: RecordCardsProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const win = useVirtualWindow({
    scrollRef,
    count: rowCount,
    itemHeight: CARD_ESTIMATE,
    measured: true,
    topInset: 0,
    overscan: OVERSCAN,
    growsUpward,
    onRangeChange: onVisibleRangeChange,
  });
  const keyboard = useGridKeyboard({
    scrollRef,
    rowCount,
    columnCount: 1,
    rowsPerPage: Math.max(1, Math.floor(win.viewportHeight / CARD_ESTIMATE)),
    bringIntoView: ({ row }) => win.scrollIndexIntoView(row, 'auto'),
    growsUpward,
    onRequestLastRow,
  });

  useImperativeHandle(
    handleRef,
    () => ({
      focusRow: (rowIndex) => keyboard.moveTo(rowIndex, 0),
      focusActiveCell: () => keyboard.moveTo(keyboard.active.row, 0),
      scrollToRow: (rowIndex) => win.scrollIndexIntoView(rowIndex, 'start'),
      topRow: win.topIndex,
    }),
    [keyboard, win],
  );

  const tabbable = keyboard.tabbableRow(win.items.map((item) => item.index));
  const labelColumn = labelColumnOf(columns);

  return (
    <div
      ref={scrollRef}
      // Scroll anchoring off: the virtual window keeps the cards in place as they are measured.
      className="relative h-full min-h-0 overflow-x-hidden overflow-y-auto overscroll-contain bg-slate-50 [overflow-anchor:none] dark:bg-slate-950"
    >
      <ul
        aria-label={label}
        onKeyDown={keyboard.onKeyDown}
        className="relative"
        style={{ height: win.areaHeight }}
      >
        {win.items.map((item) => (
          <li
            key={item.key}
            ref={win.measureElement}
            data-index={item.index}
            data-row-index={item.index}
            data-row-id={rowAt(item.index)?.id}
            aria-posinset={growsUpward ? undefined : item.index + 1}
            aria-setsize={growsUpward ? undefined : (setSize ?? -1)}
            className="absolute top-0 left-0 w-full px-3 pt-3"
            style={{ transform: `translateY(${win.positionOf(item)}px)` }}
          >
            <RecordCard
              row={rowAt(item.index)}
              rowIndex={item.index}
              labelColumn={labelColumn?.name ?? null}
              columns={columns}
              fieldColumns={table.getVisibleLeafColumns()}
              tabbable={item.index === tabbable}
              onOpen={onOpenRow}
              onFocus={keyboard.focusPosition}
            />
          </li>
        ))}
      </ul>
      {footer ? <div className="px-3 pb-3">{footer}</div> : null}
    </div>
  );
}

interface RecordCardProps {
  row: DataRow | undefined;
  rowIndex: number;
  labelColumn: string | null;
  columns: readonly Column[];
  /**
   * The columns shown, in order (TanStack's, one array until they change): cards are
   * memoized, and a hidden column or a new language draws them again.
   */
  fieldColumns: ReturnType<AnyReactTable<RecordRow>['getVisibleLeafColumns']>;
  tabbable: boolean;
  onOpen: RecordCardsProps['onOpenRow'];
  onFocus: (position: { row: number; column: number }) => void;
}

const PLACEHOLDER_BAR = 'h-3 animate-pulse rounded bg-slate-200 dark:bg-slate-800';

function RecordCardInner({
  row,
  rowIndex,
  labelColumn,
  columns,
  fieldColumns,
  tabbable,
  onOpen,
  onFocus,
}: RecordCardProps) {
  const t = useT();
  const frame =
    'rounded-lg border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-800 dark:bg-slate-900';
  if (!row) {
    return (
      <div aria-busy="true" className={frame}>
        <span className="sr-only">{t('common.loading')}</span>
        <div className={`${PLACEHOLDER_BAR} mb-3 w-1/2`} />
        <div className={`${PLACEHOLDER_BAR} mb-2 w-3/4`} />
        <div className={`${PLACEHOLDER_BAR} w-2/3`} />
      </div>
    );
  }
  const title = recordLabelOf(row.original, columns) ?? row.id;
  const cellsById = row.getAllCellsByColumnId();
  const fields = fieldColumns
    .filter((column) => column.id !== labelColumn)
    .slice(0, CARD_FIELDS)
    .flatMap((column) => cellsById[column.id] ?? []);
  return (
    // The whole card opens the record for a pointer or a tap; the keyboard's way in is its
    // title button (one tab stop for the list, arrow keys between cards).
    // biome-ignore lint/a11y/useKeyWithClickEvents: the title button inside handles Enter and Space
    // biome-ignore lint/a11y/noStaticElementInteractions: as above; the card is a larger target for the same button
    <div
      onClick={(event) => {
        // A link inside a field (a linked record, a URL) goes where it says.
        if ((event.target as HTMLElement).closest('a')) return;
        onOpen?.(row, rowIndex);
      }}
      className={`${frame} cursor-pointer hover:border-blue-400 dark:hover:border-blue-500`}
    >
      <h2 className="text-base font-semibold">
        <button
          type="button"
          // The card's focus target for the roving tab stop (use-grid-keyboard.ts).
          data-column-index={0}
          tabIndex={tabbable ? 0 : -1}
          onFocus={() => onFocus({ row: rowIndex, column: 0 })}
          onClick={(event) => {
            event.stopPropagation();
            onOpen?.(row, rowIndex);
          }}
          className="min-h-6 w-full rounded text-left break-words pointer-coarse:min-h-11 [overflow-wrap:anywhere] hover:text-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:hover:text-blue-300"
        >
          <span dir="auto" translate="no">
            {title}
          </span>
        </button>
      </h2>
      {fields.length > 0 ? (
        <dl className="mt-2 grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-x-3 gap-y-2 text-sm">
          {fields.map((cell) => (
            <div key={cell.column.id} className="min-w-0">
              <dt
                dir="auto"
                translate="no"
                className="truncate text-xs text-slate-600 dark:text-slate-400"
              >
                {cell.column.columnDef.meta?.label ?? cell.column.id}
              </dt>
              <dd
                translate="no"
                className="flex max-h-16 min-w-0 flex-wrap items-center gap-1 overflow-hidden [overflow-wrap:anywhere]"
              >
                {cellContent(cell)}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

// A card re-renders when its own record, position or tab stop changes, not on every scroll.
const RecordCard = memo(RecordCardInner);
