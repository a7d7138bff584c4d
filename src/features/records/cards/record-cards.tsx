import type { Row } from '@tanstack/react-table';
import {
  elementScroll,
  observeElementOffset,
  observeElementRect,
  useVirtualizer,
} from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  memo,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { AnyReactTable, DataTableHandle } from '../../../components/data-table/data-table';
import type { DataTableFeatures } from '../../../components/data-table/data-table-features';
import type { VisibleRange } from '../../../components/data-table/load-more';
import {
  drawnPosition,
  scrollAreaHeight,
  scrollScale,
} from '../../../components/data-table/scroll-scale';
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
  /** Records in the whole view, when known (announced as "card 3 of 120"). */
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
 * field it is called by, with the next fields of the view under it. Only the cards near
 * the viewport are in the DOM; their heights vary and are measured as they are drawn.
 * Past the browser's largest element the scroll area is scaled as the grid's is
 * (scroll-scale.ts). It answers the grid's handle, so keeping the place, Jump to end and
 * the record panel's Previous/Next work the same on either.
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
  const scaleRef = useRef(1);
  const viewportHeightRef = useRef(0);
  const reportOffsetRef = useRef<((offset: number, isScrolling: boolean) => void) | null>(null);

  const virtualizer = useVirtualizer<HTMLDivElement, HTMLLIElement>({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_ESTIMATE,
    overscan: OVERSCAN,
    // Measured heights follow their record (a card added above shifts the indices).
    getItemKey: useCallback((index: number) => rowAt(index)?.id ?? `#${index}`, [rowAt]),
    observeElementRect: (instance, onRect) =>
      observeElementRect(instance, (rect) => {
        viewportHeightRef.current = rect.height;
        onRect(rect);
      }),
    observeElementOffset: (instance, onOffset) => {
      reportOffsetRef.current = onOffset;
      return observeElementOffset(instance, (offset, isScrolling) =>
        onOffset(offset * scaleRef.current, isScrolling),
      );
    },
    scrollToFn: (offset, { adjustments = 0, behavior }, instance) =>
      elementScroll((offset + adjustments) / scaleRef.current, { behavior }, instance),
  });
  const totalHeight = virtualizer.getTotalSize();
  scaleRef.current = scrollScale(totalHeight, viewportHeightRef.current);
  const scale = scaleRef.current;
  const offset = virtualizer.scrollOffset ?? 0;
  const items = virtualizer.getVirtualItems();

  const [active, setActive] = useState(0);
  const pendingFocus = useRef(false);

  // Past the scaled height, not virtualizer.scrollToIndex: it clamps to the scroll
  // element's own (capped) height.
  const scrollCardIntoView = useCallback(
    (rowIndex: number, align: 'auto' | 'start') => {
      const element = scrollRef.current;
      if (!element) return;
      const viewport = viewportHeightRef.current;
      const item = virtualizer.measurementsCache[rowIndex];
      const start = item?.start ?? rowIndex * CARD_ESTIMATE;
      const size = item?.size ?? CARD_ESTIMATE;
      const current = virtualizer.scrollOffset ?? 0;
      let target = start;
      if (align === 'auto') {
        if (start >= current && start + size <= current + viewport) return;
        if (start > current) target = start + size - viewport;
      } else if (scaleRef.current === 1) {
        // Unscaled, the virtualizer's own scroll follows the card as the cards around it are
        // measured (their heights were estimates), until it stays at the top.
        virtualizer.scrollToIndex(rowIndex, { align: 'start' });
        return;
      }
      const last = Math.max(0, virtualizer.getTotalSize() - viewport);
      element.scrollTop = Math.min(Math.max(target, 0), last) / scaleRef.current;
    },
    [virtualizer],
  );

  const moveTo = useCallback(
    (rowIndex: number) => {
      const target = Math.max(0, Math.min(rowIndex, rowCount - 1));
      setActive(target);
      pendingFocus.current = true;
      scrollCardIntoView(target, 'auto');
    },
    [rowCount, scrollCardIntoView],
  );

  useImperativeHandle(
    handleRef,
    () => ({
      focusRow: (rowIndex) => moveTo(rowIndex),
      focusActiveCell: () => moveTo(active),
      scrollToRow: (rowIndex) => scrollCardIntoView(rowIndex, 'start'),
      topRow: () => virtualizer.getVirtualItemForOffset(virtualizer.scrollOffset ?? 0)?.index ?? 0,
    }),
    [moveTo, active, scrollCardIntoView, virtualizer],
  );

  // The end read backwards opens at its end.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (growsUpward && element) element.scrollTop = element.scrollHeight;
  }, []);
  // Cards added above keep the ones in view where they are: the view moves down by the
  // height of the new cards (still estimates) before paint.
  const previousRowCount = useRef(rowCount);
  useLayoutEffect(() => {
    const added = rowCount - previousRowCount.current;
    previousRowCount.current = rowCount;
    if (!growsUpward || added === 0) return;
    const element = scrollRef.current;
    if (element) {
      const shift = virtualizer.measurementsCache[added]?.start ?? added * CARD_ESTIMATE;
      element.scrollTop += shift / scaleRef.current;
      reportOffsetRef.current?.(element.scrollTop * scaleRef.current, false);
    }
    setActive((index) => Math.max(0, index + added));
    if (element?.contains(document.activeElement)) pendingFocus.current = true;
  }, [rowCount, growsUpward, virtualizer]);

  const first = items[0]?.index;
  const last = items[items.length - 1]?.index;
  useEffect(() => {
    if (first === undefined || last === undefined) return;
    onVisibleRangeChange?.({ startIndex: first, endIndex: last });
  }, [first, last, onVisibleRangeChange]);

  // Focus lands once the card is drawn, which may take a scroll and a render.
  useLayoutEffect(() => {
    if (!pendingFocus.current) return;
    const card = scrollRef.current?.querySelector<HTMLElement>(
      `[data-index="${active}"] [data-card-opener]`,
    );
    if (card) {
      pendingFocus.current = false;
      card.focus({ preventScroll: true });
    }
  });

  const pageSize = Math.max(1, Math.floor(viewportHeightRef.current / CARD_ESTIMATE));
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const opener = (event.target as HTMLElement).closest<HTMLElement>('[data-card-opener]');
    if (!opener || opener !== event.target) return;
    const index = Number(opener.closest<HTMLElement>('[data-index]')?.dataset.index ?? 0);
    const ctrl = event.ctrlKey || event.metaKey;
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowRight':
        moveTo(index + 1);
        break;
      case 'ArrowUp':
      case 'ArrowLeft':
        moveTo(index - 1);
        break;
      case 'PageDown':
        moveTo(index + pageSize);
        break;
      case 'PageUp':
        moveTo(index - pageSize);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        if (ctrl && onRequestLastRow) onRequestLastRow();
        else moveTo(rowCount - 1);
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  const activeIsDrawn = items.some((item) => item.index === active);
  const tabbable = activeIsDrawn ? active : (items[0]?.index ?? 0);
  const labelColumn = labelColumnOf(columns);

  return (
    <div
      ref={scrollRef}
      // Scroll anchoring off: the virtualizer keeps the cards in place as they are measured.
      className="relative h-full min-h-0 overflow-x-hidden overflow-y-auto overscroll-contain bg-slate-50 [overflow-anchor:none] dark:bg-slate-950"
    >
      <ul
        aria-label={label}
        onKeyDown={onKeyDown}
        className="relative"
        style={{ height: scrollAreaHeight(totalHeight) }}
      >
        {items.map((item) => (
          <li
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            data-row-id={rowAt(item.index)?.id}
            aria-posinset={growsUpward ? undefined : item.index + 1}
            aria-setsize={growsUpward ? undefined : (setSize ?? -1)}
            className="absolute top-0 left-0 w-full px-3 pt-3"
            style={{ transform: `translateY(${drawnPosition(item.start, offset, scale)}px)` }}
          >
            <RecordCard
              row={rowAt(item.index)}
              rowIndex={item.index}
              labelColumn={labelColumn?.name ?? null}
              columns={columns}
              table={table}
              tabbable={item.index === tabbable}
              onOpen={onOpenRow}
              onFocus={setActive}
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
  table: AnyReactTable<RecordRow>;
  tabbable: boolean;
  onOpen: RecordCardsProps['onOpenRow'];
  onFocus: (rowIndex: number) => void;
}

const PLACEHOLDER_BAR = 'h-3 animate-pulse rounded bg-slate-200 dark:bg-slate-800';

function RecordCardInner({
  row,
  rowIndex,
  labelColumn,
  columns,
  table,
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
  const fields = row
    .getVisibleCells()
    .filter((cell) => cell.column.id !== labelColumn)
    .slice(0, CARD_FIELDS);
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
          data-card-opener=""
          tabIndex={tabbable ? 0 : -1}
          onFocus={() => onFocus(rowIndex)}
          onClick={(event) => {
            event.stopPropagation();
            onOpen?.(row, rowIndex);
          }}
          className="min-h-6 w-full rounded text-left break-words [overflow-wrap:anywhere] hover:text-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:hover:text-blue-300"
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
                <table.FlexRender cell={cell} />
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
