import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useApiClient } from '../../lib/api/api-client-context';
import { resourceQueries } from '../../lib/api/resource-queries';
import { uniqueById } from '../../lib/unique-by-id';
import { buildPageTree } from './page-tree';

/**
 * Every page, following next_cursor to the end (a tree needs all of them to know where
 * each belongs), and the tree built from what has arrived so far. A failure stops the
 * walk; `query.fetchNextPage()` resumes it.
 */
export function usePageTree() {
  const client = useApiClient();
  const query = useInfiniteQuery(resourceQueries.pageList(client));
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const pages = useMemo(() => uniqueById(query.data), [query.data]);
  const tree = useMemo(() => buildPageTree(pages), [pages]);
  return { query, pages, tree };
}
