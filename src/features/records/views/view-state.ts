import type { Column, RecordQuery, RecordSort, TableView } from '../../../lib/api/types';
import { requestQueryBeforeDescription, type ViewUrlState } from './view-url';

/** As ./your-views.ts prefixes one's own views (kept here: that module reads the URL's). */
const MINE_PREFIX = 'mine:';

export interface ResolvedView {
  /** The view the picker shows as chosen; null for "the table as it is". */
  view: TableView | null;
  /** `view=<id>` names a view this table doesn't have (deleted, or another table's). */
  unknownViewId: string | null;
  /** What the headers and the summary show. */
  shownQuery: RecordQuery;
  /** What is asked of the service. */
  requestQuery: RecordQuery;
  /** A chosen view whose sort, filters or find were changed by hand. */
  changed: boolean;
  /** Names in the view's settings that are no longer columns of the table. */
  missingColumns: string[];
  /** `view` is one of the person's own (asTableView), not the service's. */
  yours?: boolean;
}

const NO_FILTERS: Record<string, string> = {};

export function defaultViewOf(views: readonly TableView[]): TableView | null {
  return views.find((view) => view.isDefault) ?? null;
}

function sameSort(a: RecordSort | null, b: RecordSort | null): boolean {
  return a?.column === b?.column && a?.direction === b?.direction;
}

function sameFilters(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}

/** A find as the view and the address hold it: blank is none. */
function findText(find: string | undefined): string {
  return find?.trim() ? find : '';
}

/**
 * Whether the find on screen is other than the view's (none for the service's views):
 * typed over a saved view, it changes the view as a sort or a filter does.
 */
export function findChanged(url: ViewUrlState, view: TableView): boolean {
  return findText(url.find).trim() !== findText(view.find).trim();
}

/** The find a view keeps ('' for none, and for the service's views). */
export function savedFindOf(view: TableView | null): string {
  return findText(view?.find);
}

/** The view's sort and filters, without the parts naming columns that no longer exist. */
export function viewQueryOf(view: TableView, columns: readonly Column[] | null): RecordQuery {
  const exists = (name: string) =>
    columns === null ||
    name === 'created_at' ||
    name === 'updated_at' ||
    columns.some((column) => column.name === name);
  const filters: Record<string, string> = {};
  for (const [name, value] of Object.entries(view.filters)) {
    if (exists(name)) filters[name] = value;
  }
  return { sort: view.sort && exists(view.sort.column) ? view.sort : null, filters };
}

export function missingColumnsOf(view: TableView, columns: readonly Column[] | null): string[] {
  if (columns === null) return [];
  const names = new Set(columns.map((column) => column.name));
  const mentioned = [
    ...view.columns,
    ...Object.keys(view.filters),
    ...(view.sort && view.sort.column !== 'created_at' && view.sort.column !== 'updated_at'
      ? [view.sort.column]
      : []),
  ];
  return [...new Set(mentioned.filter((name) => !names.has(name)))];
}

/**
 * What to show and what to ask for, from the URL and the table (null while its
 * description loads: then a `view=<id>` is sent as it is, and without one the table is
 * asked for as it is, which the default view matches unless it sorts or filters).
 */
export function resolveView(
  url: ViewUrlState,
  table: {
    views: readonly TableView[];
    columns: readonly Column[] | null;
    /** The person's own views of the table, as asTableView shapes them. */
    yours?: readonly TableView[];
  } | null,
): ResolvedView {
  const own: RecordQuery = { sort: url.sort, filters: url.filters };
  const mine =
    url.mineId && table
      ? table.yours?.find((view) => view.id === `${MINE_PREFIX}${url.mineId}`)
      : undefined;
  if (mine && table) {
    const saved = viewQueryOf(mine, table.columns);
    return {
      view: mine,
      unknownViewId: null,
      shownQuery: own,
      requestQuery: own,
      changed:
        !sameSort(own.sort, saved.sort) ||
        !sameFilters(own.filters, saved.filters) ||
        findChanged(url, mine),
      missingColumns: missingColumnsOf(mine, table.columns),
      yours: true,
    };
  }
  if (table === null) {
    return {
      view: null,
      unknownViewId: null,
      shownQuery: url.viewId !== null && !url.explicit ? { sort: null, filters: NO_FILTERS } : own,
      requestQuery: requestQueryBeforeDescription(url),
      changed: false,
      missingColumns: [],
    };
  }
  const named = url.viewId === null ? null : table.views.find((view) => view.id === url.viewId);
  const unknownViewId = url.viewId !== null && named === undefined ? url.viewId : null;
  // A view that is gone falls back to the default one (the user is told).
  const view = named ?? defaultViewOf(table.views);
  if (view === null) {
    return {
      view: null,
      unknownViewId,
      shownQuery: own,
      requestQuery: own,
      changed: false,
      missingColumns: [],
    };
  }
  const saved = viewQueryOf(view, table.columns);
  const missingColumns = missingColumnsOf(view, table.columns);
  if (url.explicit) {
    return {
      view,
      unknownViewId,
      shownQuery: own,
      requestQuery: own,
      changed:
        !sameSort(own.sort, saved.sort) ||
        !sameFilters(own.filters, saved.filters) ||
        findChanged(url, view),
      missingColumns,
    };
  }
  const plainDefault =
    url.viewId === null && saved.sort === null && Object.keys(saved.filters).length === 0;
  return {
    view,
    unknownViewId,
    shownQuery: saved,
    // The default view that neither sorts nor filters is the table as it is: the request
    // sent before the table's description arrived is already the right one.
    requestQuery: plainDefault
      ? { sort: null, filters: {} }
      : { view: view.id, sort: null, filters: {} },
    changed: findChanged(url, view),
    missingColumns,
  };
}

/**
 * The URL state after the user sets the shown sort and filters to `next` while `resolved`
 * is on screen: back to the bare view when `next` is what the view saves.
 */
export function urlStateAfterEdit(
  url: ViewUrlState,
  resolved: ResolvedView,
  next: RecordQuery,
  columns: readonly Column[] | null,
): ViewUrlState {
  // One's own view: the URL always carries its sort and filters (the service can't).
  if (resolved.yours) return { ...url, explicit: true, sort: next.sort, filters: next.filters };
  if (resolved.view === null)
    return { ...url, explicit: false, sort: next.sort, filters: next.filters };
  const saved = viewQueryOf(resolved.view, columns);
  if (sameSort(next.sort, saved.sort) && sameFilters(next.filters, saved.filters)) {
    return { ...url, explicit: false, sort: null, filters: {} };
  }
  return { ...url, explicit: true, sort: next.sort, filters: next.filters };
}
