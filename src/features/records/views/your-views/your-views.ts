import type { RecordQuery, RecordSort, TableView } from '../../../../lib/api/types';
import type { WorkspaceViewMemory } from '../../../../lib/view-memory/workspace-view-memory';
import {
  checkDisplay,
  isDisplayParam,
  type RecordsDisplay,
  writeDisplay,
} from '../../layouts/records-display';
import {
  FIND_PARAM,
  filterColumnOf,
  filterParamOf,
  formatSort,
  MINE_PARAM,
  parseSort,
} from '../view-url';

export { FIND_PARAM, MINE_PARAM } from '../view-url';

/**
 * The person's own saved views ("Save view as…", docs/decisions/049): per workspace (the
 * view memory is) and per table, kept on the device when the workspace is remembered, in
 * the tab otherwise. The service never hears of them: a view of one's own is asked for as
 * its sort and filters.
 */
export interface YourView {
  id: string;
  tableId: string;
  /** Typed by the person: data, shown with translate="no". */
  name: string;
  sort: RecordSort | null;
  filters: Record<string, string>;
  /** Visible columns, in order; empty: the table's columns as they are. */
  columns: string[];
  widths: Record<string, number>;
  /** Drawn as a board or on a calendar; absent: as the grid (or cards). */
  display?: RecordsDisplay;
  /** What the view's find looks for (decision 057); absent or '' when it finds nothing. */
  find?: string;
  savedAt: number;
}

/** The view memory entry holding every view of the workspace. */
export const YOUR_VIEWS_KEY = 'views';
/** Views kept per workspace, and per table. */
export const MAX_YOUR_VIEWS = 200;
export const MAX_VIEWS_PER_TABLE = 50;
export const MAX_NAME_LENGTH = 80;
/** Columns one view may name (a table wider than this is rare; a file naming more is not ours). */
const MAX_COLUMNS = 500;
/** A find longer than this is not something typed into a find box. */
const MAX_FIND_LENGTH = 500;

/** The prefix that keeps one's own views apart from the service's as a TableView id. */
export const MINE_PREFIX = 'mine:';
/** A shared view's link: its name, and its columns and widths (sort and filters as usual). */
export const SHARED_PARAM = 'shared';
export const COLUMN_PARAM = 'col';
const WIDTH_PREFIX = 'width[';

export function newViewId(): string {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** As the grid's saved views are shaped: the picker, the columns and the notes take both. */
export function asTableView(view: YourView): TableView {
  return {
    id: `${MINE_PREFIX}${view.id}`,
    name: view.name,
    isDefault: false,
    columns: view.columns,
    widths: view.widths,
    sort: view.sort,
    filters: view.filters,
    ...(view.find ? { find: view.find } : {}),
  };
}

/** The id in `mine=` of a TableView made by asTableView; null for the service's views. */
export function yourIdOf(view: TableView | null): string | null {
  return view?.id.startsWith(MINE_PREFIX) ? view.id.slice(MINE_PREFIX.length) : null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why a view (from storage or a file) is not one: the field at fault. */
type Invalid = { field: string };

function checkSort(value: unknown): RecordSort | null | Invalid {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' || value === '') return { field: 'sort' };
  return parseSort(value);
}

/** `{column, direction}`, as a view is kept. */
function checkSortObject(value: Record<string, unknown>): RecordSort | Invalid {
  const { column, direction } = value;
  if (typeof column !== 'string' || column === '') return { field: 'sort' };
  if (direction !== 'asc' && direction !== 'desc') return { field: 'sort' };
  return { column, direction };
}

/** A view as kept or as in a file, checked field by field (names are data, never trusted). */
function checkView(
  value: unknown,
  tableIdFallback: string | null,
): Omit<YourView, 'id' | 'savedAt'> | Invalid {
  if (!isRecord(value)) return { field: 'view' };
  const tableId = value.table ?? value.tableId ?? tableIdFallback;
  if (typeof tableId !== 'string' || tableId === '') return { field: 'table' };
  const name = typeof value.name === 'string' ? value.name.trim() : '';
  if (name === '' || name.length > MAX_NAME_LENGTH) return { field: 'name' };
  const sort = isRecord(value.sort) ? checkSortObject(value.sort) : checkSort(value.sort);
  if (sort !== null && 'field' in sort) return sort;
  const filters = value.filters ?? {};
  if (!isRecord(filters) || !Object.values(filters).every((item) => typeof item === 'string')) {
    return { field: 'filters' };
  }
  const columns = value.columns ?? [];
  if (
    !Array.isArray(columns) ||
    columns.length > MAX_COLUMNS ||
    !columns.every((item) => typeof item === 'string' && item !== '')
  ) {
    return { field: 'columns' };
  }
  const widths = value.widths ?? {};
  if (
    !isRecord(widths) ||
    !Object.values(widths).every(
      (item) => typeof item === 'number' && Number.isFinite(item) && item > 0 && item < 10_000,
    )
  ) {
    return { field: 'widths' };
  }
  const display = checkDisplay(value.display);
  if (display === 'invalid') return { field: 'display' };
  const find = value.find ?? '';
  if (typeof find !== 'string' || find.length > MAX_FIND_LENGTH) return { field: 'find' };
  return {
    tableId,
    name,
    sort,
    filters: filters as Record<string, string>,
    columns: [...new Set(columns as string[])],
    widths: widths as Record<string, number>,
    ...(display ? { display } : {}),
    ...(find.trim() !== '' ? { find } : {}),
  };
}

/** The views kept for a workspace, skipping anything unreadable (storage is not trusted). */
export function readYourViews(memory: Pick<WorkspaceViewMemory, 'readKept'> | null): YourView[] {
  const stored = memory?.readKept('yours', YOUR_VIEWS_KEY);
  if (!Array.isArray(stored)) return [];
  const views: YourView[] = [];
  for (const item of stored) {
    const checked = checkView(item, null);
    if ('field' in checked || !isRecord(item)) continue;
    if (typeof item.id !== 'string' || typeof item.savedAt !== 'number') continue;
    views.push({ ...checked, id: item.id, savedAt: item.savedAt });
  }
  return views;
}

/** Keeps the newest within the bounds: per table, and per workspace. */
export function boundedViews(views: readonly YourView[]): YourView[] {
  const newest = [...views].sort((a, b) => b.savedAt - a.savedAt);
  const perTable = new Map<string, number>();
  const kept: YourView[] = [];
  for (const view of newest) {
    const count = perTable.get(view.tableId) ?? 0;
    if (count >= MAX_VIEWS_PER_TABLE || kept.length >= MAX_YOUR_VIEWS) continue;
    perTable.set(view.tableId, count + 1);
    kept.push(view);
  }
  return kept;
}

/** Why a name can't be used; null when it can. */
export function nameProblemOf(
  name: string,
  views: readonly YourView[],
  tableId: string,
  exceptId: string | null = null,
): 'empty' | 'too-long' | 'taken' | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'empty';
  if (trimmed.length > MAX_NAME_LENGTH) return 'too-long';
  const taken = views.some(
    (view) => view.tableId === tableId && view.id !== exceptId && view.name === trimmed,
  );
  return taken ? 'taken' : null;
}

// ---- The file (Export / Import) ----

export const VIEWS_FILE_FORMAT = 'workspace-browser.views';
export const VIEWS_FILE_VERSION = 1;
/** A file larger than this is not a views file: it is refused before it is read whole. */
export const MAX_VIEWS_FILE_BYTES = 2_000_000;

/** The file's text: every view of the workspace, tables named by id. */
export function viewsFileOf(views: readonly YourView[]): string {
  return `${JSON.stringify(
    {
      format: VIEWS_FILE_FORMAT,
      version: VIEWS_FILE_VERSION,
      views: views.map((view) => ({
        table: view.tableId,
        name: view.name,
        sort: view.sort ? formatSort(view.sort) : null,
        filters: view.filters,
        columns: view.columns,
        widths: view.widths,
        ...(view.display ? { display: view.display } : {}),
        ...(view.find ? { find: view.find } : {}),
      })),
    },
    null,
    2,
  )}\n`;
}

export type ImportProblem =
  | { kind: 'not-json' }
  | { kind: 'not-views-file' }
  | { kind: 'newer-version'; version: number }
  | { kind: 'too-many'; max: number }
  | { kind: 'bad-view'; position: number; field: string };

export type ImportResult =
  | { ok: true; views: Omit<YourView, 'id' | 'savedAt'>[] }
  | { ok: false; problem: ImportProblem };

/** Reads a views file; the first problem found is the answer (nothing is half-imported). */
export function parseViewsFile(text: string): ImportResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: { kind: 'not-json' } };
  }
  if (!isRecord(value) || value.format !== VIEWS_FILE_FORMAT || !Array.isArray(value.views)) {
    return { ok: false, problem: { kind: 'not-views-file' } };
  }
  if (typeof value.version !== 'number' || value.version > VIEWS_FILE_VERSION) {
    const version = typeof value.version === 'number' ? value.version : 0;
    return { ok: false, problem: { kind: 'newer-version', version } };
  }
  if (value.views.length > MAX_YOUR_VIEWS) {
    return { ok: false, problem: { kind: 'too-many', max: MAX_YOUR_VIEWS } };
  }
  const views: Omit<YourView, 'id' | 'savedAt'>[] = [];
  for (const [index, item] of value.views.entries()) {
    const checked = checkView(item, null);
    if ('field' in checked) {
      return {
        ok: false,
        problem: { kind: 'bad-view', position: index + 1, field: checked.field },
      };
    }
    views.push(checked);
  }
  return { ok: true, views };
}

/**
 * Adds imported views to the kept ones: a view with the name of one already kept for the
 * same table replaces it (importing the same file twice changes nothing).
 */
export function mergeImported(
  kept: readonly YourView[],
  imported: readonly Omit<YourView, 'id' | 'savedAt'>[],
  now: number,
): YourView[] {
  const merged = [...kept];
  for (const [offset, view] of imported.entries()) {
    const at = merged.findIndex(
      (candidate) => candidate.tableId === view.tableId && candidate.name === view.name,
    );
    const id = at >= 0 ? (merged[at]?.id ?? newViewId()) : newViewId();
    // Later in the file, newer: bounding keeps the file's order among equals.
    const entry: YourView = { ...view, id, savedAt: now - offset };
    if (at >= 0) merged[at] = entry;
    else merged.push(entry);
  }
  return boundedViews(merged);
}

// ---- Links ----

/** The query string a shared link carries: sort, filters, find, columns, widths, display and the name. */
export function sharedSearchOf(view: {
  name: string;
  query: RecordQuery;
  columns: readonly string[];
  widths: Readonly<Record<string, number>>;
  display?: RecordsDisplay | null;
}): string {
  const params = view.display
    ? writeDisplay(new URLSearchParams(), view.display)
    : new URLSearchParams();
  // `sort=` even when empty: the link's own sort and filters, not the table's default view.
  params.set('sort', view.query.sort ? formatSort(view.query.sort) : '');
  for (const [column, value] of Object.entries(view.query.filters)) {
    params.append(filterParamOf(column), value);
  }
  if (view.query.find) params.set(FIND_PARAM, view.query.find);
  for (const column of view.columns) params.append(COLUMN_PARAM, column);
  for (const [column, width] of Object.entries(view.widths)) {
    params.set(`${WIDTH_PREFIX}${column}]`, String(Math.round(width)));
  }
  params.set(SHARED_PARAM, view.name);
  return params.toString();
}

export interface SharedLayout {
  /** The shared view's name (null: a link with columns but no name). */
  name: string | null;
  columns: string[];
  widths: Record<string, number>;
}

/** The layout a link carries (`col`, `width[<column>]`, `shared`); null when it has none. */
export function sharedLayoutOf(params: URLSearchParams): SharedLayout | null {
  const columns = params.getAll(COLUMN_PARAM).filter((column) => column !== '');
  const widths: Record<string, number> = {};
  for (const [key, value] of params) {
    if (!key.startsWith(WIDTH_PREFIX) || !key.endsWith(']')) continue;
    const width = Number(value);
    if (Number.isFinite(width) && width > 0 && width < 10_000) {
      widths[key.slice(WIDTH_PREFIX.length, -1)] = width;
    }
  }
  const rawName = params.get(SHARED_PARAM)?.trim() ?? '';
  const name = rawName === '' ? null : rawName.slice(0, MAX_NAME_LENGTH);
  if (columns.length === 0 && Object.keys(widths).length === 0 && name === null) return null;
  return { name, columns: [...new Set(columns)], widths };
}

/** A link's layout as the grid's saved views are shaped (its columns and widths). */
export function sharedAsTableView(layout: SharedLayout): TableView {
  return {
    id: 'shared',
    name: layout.name ?? '',
    isDefault: false,
    columns: layout.columns,
    widths: layout.widths,
    sort: null,
    filters: {},
  };
}

/** The parameters of a link's layout (and of `mine=`): what choosing a view drops. */
export function isLayoutParam(key: string): boolean {
  return (
    key === COLUMN_PARAM ||
    key === SHARED_PARAM ||
    key === MINE_PARAM ||
    (key.startsWith(WIDTH_PREFIX) && key.endsWith(']'))
  );
}

/** Whether a table's URL names a view at all (else the table's last view is returned to). */
export function namesAView(params: URLSearchParams): boolean {
  for (const key of params.keys()) {
    if (
      key === 'view' ||
      key === 'sort' ||
      key === FIND_PARAM ||
      filterColumnOf(key) !== null ||
      isLayoutParam(key) ||
      isDisplayParam(key)
    ) {
      return true;
    }
  }
  return false;
}
