// The writing half of ./view-url.ts for a sort and filters, shared by the grid's URL state
// (../grid/data/use-table-url-state.ts), the cards' sheet and linked-from/'s addresses.
import type { RecordQuery } from '../../../lib/api/types';
import { filterColumnOf, filterParamOf, formatSort } from './view-url';

/** Writes the view into a copy of `params`, leaving parameters that are not ours alone. */
export function writeRecordQuery(params: URLSearchParams, query: RecordQuery): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    if (key === 'sort' || filterColumnOf(key) !== null) continue;
    next.append(key, value);
  }
  if (query.sort) next.set('sort', formatSort(query.sort));
  for (const [column, value] of Object.entries(query.filters)) {
    next.append(filterParamOf(column), value);
  }
  return next;
}

export interface HistoryMode {
  /** Replace the current history entry instead of pushing one (typing must not flood history). */
  replace?: boolean;
}
