import type { Statement } from 'better-sqlite3';
import type { WorkspaceDb } from './workspace-db';

/**
 * Record queries whose plan SQLite chose once, then kept.
 *
 * The planner reads `sqlite_stat4` to tell a rare filter value from a common one, which
 * is what keeps "one customer, sorted by date" off a walk of the whole date index. But a
 * statement planned from a bound value is marked to be planned again whenever a value is
 * bound, so every page paid a full re-plan: about 35 µs, a third of a filtered page's
 * query time on 1,000,000 records.
 *
 * So the first time a query shape meets a set of filter values, SQLite plans it with the
 * values as usual (EXPLAIN QUERY PLAN). The main table's access is then written into the
 * SQL (`INDEXED BY <that index>`, or `NOT INDEXED` for a rowid or full scan) and each
 * value is bound as `+?`, an expression the planner does not look into, so that statement
 * is planned once and reused for every later page with these filters. The pinned SQL is
 * used only when SQLite explains it with exactly the plan it chose for the values;
 * otherwise (an OR over two indexes, an automatic index, anything unexpected) the query
 * runs as written. Decisions are kept per SQL text and filter values in a bounded cache
 * that is emptied when another process changes the database (new statistics included);
 * very long values are planned each time instead, so they cannot fill the cache.
 */
const PLAN_CACHE_LIMITS = { maxEntries: 2_000, maxBytes: 2 * 1024 * 1024 };
const MAX_KEPT_VALUES_CHARS = 512;

const pinnedCaches = new WeakMap<WorkspaceDb, Map<string, string | null>>();

export function plannedStatement(
  db: WorkspaceDb,
  sql: string,
  storage: string,
  params: readonly (string | number)[],
  planValues: readonly (string | number)[],
  cacheKey: string | null = planCacheKey(sql, planValues),
): Statement {
  // Long values (a pasted paragraph) are rare: planned each time rather than kept.
  if (cacheKey === null) return db.statement(sql);
  let cache = pinnedCaches.get(db);
  if (cache === undefined) {
    cache = db.cache<string, string | null>(PLAN_CACHE_LIMITS);
    pinnedCaches.set(db, cache);
  }
  let pinned = cache.get(cacheKey);
  if (pinned === undefined) {
    pinned = pinnedSqlOf(db, sql, storage, params);
    cache.set(cacheKey, pinned);
  }
  return db.statement(pinned ?? sql);
}

/**
 * What a plan is kept by: the SQL and the filter values; null for values too long to keep.
 * A caller that runs the same SQL with the same values again may keep this and pass it.
 */
export function planCacheKey(sql: string, planValues: readonly (string | number)[]): string | null {
  const values = JSON.stringify(planValues);
  return values.length > MAX_KEPT_VALUES_CHARS ? null : `${sql}\u0000${values}`;
}

function pinnedSqlOf(
  db: WorkspaceDb,
  sql: string,
  storage: string,
  params: readonly (string | number)[],
): string | null {
  const chosen = planOf(db, sql, params);
  const access = chosen.filter(
    (detail) => /^(?:SCAN|SEARCH) /.test(detail) && tableOf(detail) === storage,
  );
  if (access.length !== 1 || chosen.some((detail) => detail.includes('MULTI-INDEX OR')))
    return null;
  const hint = accessHintOf(access[0] as string);
  const from = `FROM ${storage} `;
  if (hint === null || !sql.includes(from)) return null;
  const pinned = sql.replace(from, `${from}${hint} `).replaceAll('?', '+?');
  const kept = planOf(db, pinned, params);
  return kept.length === chosen.length && kept.every((detail, i) => detail === chosen[i])
    ? pinned
    : null;
}

function planOf(db: WorkspaceDb, sql: string, params: readonly (string | number)[]): string[] {
  const rows = db.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as {
    detail: string;
  }[];
  return rows.map((row) => row.detail);
}

function tableOf(detail: string): string | undefined {
  return detail.split(' ')[1];
}

/** `INDEXED BY <name>` or `NOT INDEXED` for one SCAN/SEARCH line; null for anything else. */
function accessHintOf(detail: string): string | null {
  const index = / USING (?:COVERING )?INDEX (\w+)(?: |$)/.exec(detail);
  if (index !== null) return `INDEXED BY ${index[1]}`;
  if (/ USING INTEGER PRIMARY KEY(?: |$)/.test(detail) || !detail.includes(' USING ')) {
    return 'NOT INDEXED';
  }
  return null;
}
