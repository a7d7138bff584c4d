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
 * So the second time a query shape meets a set of filter values (the first runs as
 * written), SQLite plans it with the values as usual (EXPLAIN QUERY PLAN). The main
 * table's access is then written into the SQL (`INDEXED BY <that index>`, or
 * `NOT INDEXED` for a rowid or full scan) and each
 * value is bound as `+?`, an expression the planner does not look into, so that statement
 * is planned once and reused for every later page with these filters. The pinned SQL is
 * used only when SQLite explains it with exactly the plan it chose for the values;
 * otherwise (an OR over two indexes, an automatic index, anything unexpected) the query
 * runs as written. Decisions are kept per SQL text and filter values in a bounded cache
 * that is emptied when another process changes the database (new statistics included);
 * very long values are planned each time instead, so they cannot fill the cache. A shape
 * has at most MAX_PINNED_VARIANTS pinned texts, so values cannot multiply statements
 * (issue 19, decision 028).
 */
const PLAN_CACHE_LIMITS = { maxEntries: 2_000, maxBytes: 2 * 1024 * 1024 };
const MAX_KEPT_VALUES_CHARS = 512;
/**
 * Pinned texts kept per query shape. Each is a statement of its own (about 7 KB of
 * SQLite's memory), and a shape with ten filters could be pinned to eleven indexes; values
 * whose plan would need a fifth text run the query as written (planned each time).
 */
export const MAX_PINNED_VARIANTS = 4;

/** A shape's decisions so far: the plan of a values set was not looked at yet. */
const SEEN_ONCE = false;

interface PlanCaches {
  /** By SQL text and values: the pinned text, null for "as written", or SEEN_ONCE. */
  decisions: Map<string, string | null | typeof SEEN_ONCE>;
  /** By SQL text: its pinned texts, each with the plan SQLite explains for it. */
  variants: Map<string, Map<string, string>>;
}

const planCaches = new WeakMap<WorkspaceDb, PlanCaches>();

function planCachesOf(db: WorkspaceDb): PlanCaches {
  let caches = planCaches.get(db);
  if (caches === undefined) {
    caches = {
      decisions: db.cache<string, string | null | typeof SEEN_ONCE>(PLAN_CACHE_LIMITS),
      variants: db.cache<string, Map<string, string>>({
        ...PLAN_CACHE_LIMITS,
        sizeOf: (sql, pinned) => sql.length * 2 * (1 + pinned.size * 2) + 256,
      }),
    };
    planCaches.set(db, caches);
  }
  return caches;
}

/**
 * The statement for `sql` with these values. A values set is pinned the second time it
 * is asked for (the next page of a list, the same view again): a query asked once, like
 * most of a stream of distinct ones, costs one statement rather than three (the query,
 * and two EXPLAINs to choose and check its pin).
 */
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
  const caches = planCachesOf(db);
  let pinned = caches.decisions.get(cacheKey);
  if (pinned === undefined) {
    caches.decisions.set(cacheKey, SEEN_ONCE);
    return db.statement(sql);
  }
  if (pinned === SEEN_ONCE) {
    pinned = pinnedSqlOf(db, caches, sql, storage, params);
    caches.decisions.set(cacheKey, pinned);
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
  caches: PlanCaches,
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
  let variants = caches.variants.get(sql);
  // Values hide behind +?: the pinned text's plan is the same for any values, so it is
  // explained once and kept with the text.
  let kept = variants?.get(pinned);
  if (kept === undefined) {
    if (variants !== undefined && variants.size >= MAX_PINNED_VARIANTS) return null;
    kept = planOf(db, pinned, params).join('\n');
    variants = new Map(variants);
    variants.set(pinned, kept);
    caches.variants.set(sql, variants);
  }
  return kept === chosen.join('\n') ? pinned : null;
}

function planOf(db: WorkspaceDb, sql: string, params: readonly (string | number)[]): string[] {
  const rows = db.statementOnce(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as {
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
