import { useInfiniteQuery } from '@tanstack/react-query';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useMemo, useRef } from 'react';
import { ErrorPanel } from '../../../components/error-panel';
import { InfiniteListFooter } from '../../../components/infinite-list-footer';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { useApiClient } from '../../../lib/api/api-client-context';
import { guardedListOptions } from '../../../lib/api/guarded-list';
import { queryKeys } from '../../../lib/api/query-keys';
import type { ApiClient, Column, RecordQuery, RecordRow } from '../../../lib/api/types';
import { formatNumber } from '../../../lib/i18n/formats';
import { useT } from '../../../lib/i18n/i18n-react';
import { useCheckedList } from '../../../lib/use-checked-list';
import { BoardCard } from './board-card';

/**
 * A column's first page: several screens of cards (a desk shows four or five a column),
 * small so that six columns' first pages are parsed and drawn soon after Board is chosen.
 */
export const BOARD_COLUMN_FIRST_PAGE_SIZE = 30;
/** The pages read on as a column is scrolled: fewer requests for a long column. */
export const BOARD_COLUMN_PAGE_SIZE = 100;
/** A card's height before it is drawn: a title and three rows of fields (166–182 px measured). */
const CARD_ESTIMATE = 170;
/** Cards from the end of what is loaded at which the next page is asked for. */
const LOAD_AHEAD = 10;

export function boardColumnQuery(client: ApiClient, tableId: string, query: RecordQuery) {
  return guardedListOptions({
    queryKey: queryKeys.recordBoardColumn(tableId, query),
    fetchPage: ({ cursor, signal }) =>
      client.listRecords(tableId, query, {
        cursor,
        limit: cursor === null ? BOARD_COLUMN_FIRST_PAGE_SIZE : BOARD_COLUMN_PAGE_SIZE,
        signal,
      }),
  });
}

/**
 * A card's height from its ResizeObserver entry; when it is first attached, the height it
 * had or the estimate. The library's default reads `offsetHeight` as each card attaches, a
 * forced layout per card: ~70 ms of the board's first paint and a share of every scrolled
 * frame (decision 058). The observer reports the real height after the layout that comes
 * anyway.
 */
export function measureCard(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLDivElement, Element>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const key = instance.options.getItemKey(instance.indexFromElement(element));
  return instance.itemSizeCache.get(key) ?? CARD_ESTIMATE;
}

/** A column of a find's matches reads nothing: it is complete as it is. */
const FOUND_LIST = {
  isPending: false,
  isError: false,
  error: null,
  hasNextPage: false,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  fetchNextPage: async () => undefined,
  refetch: async () => undefined,
  failureReason: null,
};

export interface BoardColumnProps {
  tableId: string;
  /** The view narrowed to this column's group. */
  query: RecordQuery;
  /** The column's heading: the option, or "Empty". */
  title: string;
  /** True when `title` is workspace data (an option) rather than a message. */
  titleIsData: boolean;
  columns: readonly Column[];
  fieldColumns: readonly Column[];
  onOpen: (record: RecordRow) => void;
  /** On a phone the column fills the width; on a desk columns sit side by side. */
  fill?: boolean;
  /** Its heading is drawn by the phone's tabs instead. */
  hideHeading?: boolean;
  /** A find's matches in this column, all in memory: shown instead of reading the column. */
  found?: readonly RecordRow[];
}

/**
 * One column of a board: its own paged list (the view with `filter[<group column>]=<option>`),
 * guarded as every list is (decision 032), loading more as it scrolls near its end, only
 * the cards near the viewport drawn. Its count is exact once the list has ended, "100+"
 * while more can be read.
 */
export function BoardColumn({
  tableId,
  query,
  title,
  titleIsData,
  columns,
  fieldColumns,
  onOpen,
  fill = false,
  hideHeading = false,
  found,
}: BoardColumnProps) {
  const t = useT();
  const client = useApiClient();
  const headingId = useId();
  const read = useInfiniteQuery({
    ...boardColumnQuery(client, tableId, query),
    enabled: found === undefined,
  });
  const checked = useCheckedList(read.data, 'records');
  const { items, stoppedMessage } = found ? { items: found, stoppedMessage: null } : checked;
  const list = found ? FOUND_LIST : read;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_ESTIMATE,
    measureElement: measureCard,
    getItemKey: (index) => items[index]?.id ?? index,
    overscan: 4,
    gap: 8,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const lastDrawn = virtualItems.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  useEffect(() => {
    if (!hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    if (lastDrawn >= items.length - LOAD_AHEAD) void fetchNextPage({ cancelRefetch: false });
  }, [
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
    lastDrawn,
    items.length,
  ]);
  const more = hasNextPage ? 'yes' : 'no';
  const countShown = useMemo(
    () => `${formatNumber(items.length)}${hasNextPage ? '+' : ''}`,
    [items.length, hasNextPage],
  );

  return (
    <section
      aria-labelledby={headingId}
      className={`flex max-h-full min-h-0 flex-col rounded-lg bg-slate-100 dark:bg-slate-900/60 ${
        fill ? 'w-full flex-1' : 'w-72 shrink-0'
      }`}
    >
      <h2
        id={headingId}
        className={
          hideHeading
            ? 'sr-only'
            : 'flex items-baseline justify-between gap-2 px-3 pt-3 pb-2 text-sm font-semibold text-slate-800 dark:text-slate-100'
        }
      >
        <span dir="auto" translate={titleIsData ? 'no' : undefined}>
          {title}
        </span>
        {!list.isPending && (
          <span className="text-xs font-normal text-slate-600 dark:text-slate-300">
            <span aria-hidden="true">{countShown}</span>
            <span className="sr-only">
              , {t('records.board.count', { count: items.length, more })}
            </span>
          </span>
        )}
      </h2>
      <div ref={scrollRef} className="relative min-h-0 flex-1 overflow-y-auto px-2 pb-2">
        {list.isPending ? (
          <LoadingIndicator label={t('common.loading')} failureReason={list.failureReason} />
        ) : list.isError && items.length === 0 ? (
          <ErrorPanel error={list.error} onRetry={() => void list.refetch()} />
        ) : items.length === 0 && !hasNextPage && stoppedMessage === null ? (
          <p className="px-1 py-3 text-sm text-slate-600 dark:text-slate-300">
            {t('records.board.emptyColumn')}
          </p>
        ) : (
          <>
            <ul
              aria-labelledby={headingId}
              className="relative"
              style={{ height: virtualizer.getTotalSize() }}
            >
              {virtualItems.map((item) => {
                const record = items[item.index];
                if (!record) return null;
                return (
                  <li
                    key={item.key}
                    ref={virtualizer.measureElement}
                    data-index={item.index}
                    data-record-id={record.id}
                    aria-posinset={item.index + 1}
                    aria-setsize={hasNextPage ? -1 : items.length}
                    className="absolute top-0 left-0 w-full"
                    style={{ transform: `translateY(${item.start}px)` }}
                  >
                    <BoardCard
                      record={record}
                      columns={columns}
                      fieldColumns={fieldColumns}
                      onOpen={onOpen}
                    />
                  </li>
                );
              })}
            </ul>
            <InfiniteListFooter
              list={list}
              label={t('records.board.loadMore', { group: title })}
              stopped={stoppedMessage}
              className="mt-2"
            />
          </>
        )}
      </div>
    </section>
  );
}
