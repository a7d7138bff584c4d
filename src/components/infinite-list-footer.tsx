import { ErrorPanel } from './error-panel';
import { ListStoppedNote } from './list-stopped-note';
import { LoadMoreSentinel } from './load-more-sentinel';

/** What the footer reads of a TanStack infinite query (its result satisfies it as is). */
export interface InfiniteListState {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
  refetch?: () => Promise<unknown>;
}

/**
 * The end of every infinite list: loads the next page as it scrolls near (or on "Load
 * more"), and when that page failed, says why with a Retry in its place, so the items
 * already shown stay and the list can go on. When the paging guard ended the list
 * (`stopped`, from useCheckedList), there is no next page to load: it says why instead.
 */
export function InfiniteListFooter({
  list,
  label,
  stopped = null,
  className = 'mt-3',
}: {
  list: InfiniteListState;
  /** The button's words: "Load more skills". */
  label: string;
  /** The guard's sentence when it ended the list's paging early, else null. */
  stopped?: string | null;
  /** Spacing of the error panel where the list sits. */
  className?: string;
}) {
  if (list.isFetchNextPageError) {
    return (
      <ErrorPanel
        className={className}
        error={list.error}
        onRetry={() => void list.fetchNextPage()}
      />
    );
  }
  if (stopped !== null && !list.hasNextPage) {
    const { refetch } = list;
    return (
      <ListStoppedNote
        className={className}
        message={stopped}
        onReload={refetch ? () => void refetch() : undefined}
      />
    );
  }
  return (
    <LoadMoreSentinel
      hasNextPage={list.hasNextPage}
      isFetchingNextPage={list.isFetchingNextPage}
      onLoadMore={() => void list.fetchNextPage()}
      label={label}
    />
  );
}
