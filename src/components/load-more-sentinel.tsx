import { useEffect, useRef } from 'react';
import { useT } from '../lib/i18n/i18n-react';
import { Button } from './button';

/**
 * Placed after the last item of an infinite list: loads the next page when it scrolls
 * near view (IntersectionObserver), and always offers a "Load more" button for keyboard
 * users and browsers without the observer.
 */
export function LoadMoreSentinel({
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  label,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  /** Defaults to "Load more" in the language on screen. */
  label?: string;
}) {
  const t = useT();
  const sentinelRef = useRef<HTMLDivElement>(null);
  const onLoadMoreRef = useRef(onLoadMore);
  onLoadMoreRef.current = onLoadMore;
  const canLoad = hasNextPage && !isFetchingNextPage;

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !canLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMoreRef.current();
      },
      // Start loading a little before the end is visible, so scrolling rarely waits.
      { rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [canLoad]);

  if (!hasNextPage) return null;
  return (
    <div ref={sentinelRef} className="flex justify-center p-2">
      <Button variant="ghost" onClick={onLoadMore} disabled={isFetchingNextPage}>
        {isFetchingNextPage ? t('common.loading') : (label ?? t('common.list.loadMore'))}
      </Button>
    </div>
  );
}
