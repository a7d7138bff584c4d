import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApiClient } from '../../lib/api/api-client-context';
import { LIST_NOUNS } from '../../lib/api/paging-guard';
import { resourceQueries } from '../../lib/api/resource-queries';
import { useCheckedList } from '../../lib/use-checked-list';
import { useWalkToEnd } from '../../lib/use-walk-to-end';
import { buildPageTree } from './page-tree';

/**
 * Every page, following next_cursor to the end (a tree needs all of them to know where
 * each belongs), and the tree built from what has arrived so far. A failure stops the
 * walk; `query.fetchNextPage()` resumes it. The paging guard ends the walk where the
 * service loops or repeats a page (`stoppedMessage` says so): the effect asks only while
 * there is a next page.
 */
export function usePageTree() {
  const client = useApiClient();
  const query = useInfiniteQuery(resourceQueries.pageList(client));
  useWalkToEnd(query);
  const { items: pages, stoppedMessage } = useCheckedList(query.data, LIST_NOUNS.pages);
  const tree = useMemo(() => buildPageTree(pages), [pages]);
  return { query, pages, tree, stoppedMessage };
}
