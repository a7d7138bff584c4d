import { createHash, hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readMeta, writeMeta } from './schema';
import { isBusyError, type WorkspaceDb } from './workspace-db';

export const SCOPES = [
  'tables:read',
  'skills:read',
  'tasks:read',
  'pages:read',
  'projects:read',
] as const;
export type Scope = (typeof SCOPES)[number];

export const KEY_PATTERN = /^svc_live_[0-9a-f]{48}$/;

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export interface ApiKeyIdentity {
  keyId: number;
  workspaceId: string;
  scopes: ReadonlySet<Scope>;
}

export interface ApiKeyListing {
  name: string;
  workspace: string;
  scopes: string[];
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

function hashOf(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

/** hashOf(key) as hex, in one call (no Hash object): every request computes it. */
function hexHashOf(key: string): string {
  return hash('sha256', key, 'hex');
}

/** Creates a key and returns its value: the only time it exists outside the caller. */
export function createApiKey(
  db: WorkspaceDb,
  input: { workspaceId: string; name: string; scopes: Scope[]; now?: Date },
): string {
  const key = `svc_live_${randomBytes(24).toString('hex')}`;
  db.sqlite
    .prepare(
      `INSERT INTO api_keys (workspace_id, name, scopes, key_hash, prefix, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    .run(
      input.workspaceId,
      input.name,
      input.scopes.join(' '),
      hashOf(key).toString('hex'),
      key.slice(0, 13),
      (input.now ?? new Date()).toISOString(),
    );
  return key;
}

/** Revokes every active key with this name, except `keep` if given; returns how many. */
export function revokeApiKeys(
  db: WorkspaceDb,
  name: string,
  now = new Date(),
  keep: string | null = null,
): number {
  return db.sqlite
    .prepare(
      'UPDATE api_keys SET revoked_at = ? WHERE name = ? AND revoked_at IS NULL AND key_hash != ?',
    )
    .run(now.toISOString(), name, keep === null ? '' : hashOf(keep).toString('hex')).changes;
}

/** Revokes this one key (by its value); returns whether it was active. */
export function revokeApiKey(db: WorkspaceDb, key: string, now = new Date()): boolean {
  return (
    db.sqlite
      .prepare('UPDATE api_keys SET revoked_at = ? WHERE key_hash = ? AND revoked_at IS NULL')
      .run(now.toISOString(), hashOf(key).toString('hex')).changes === 1
  );
}

export function listApiKeys(db: WorkspaceDb): ApiKeyListing[] {
  const rows = db.sqlite
    .prepare(
      `SELECT k.name, w.slug, k.scopes, k.prefix, k.created_at, k.last_used_at, k.revoked_at
       FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id ORDER BY k.id`,
    )
    .all() as {
    name: string;
    slug: string;
    scopes: string;
    prefix: string;
    created_at: string;
    last_used_at: string | null;
    revoked_at: string | null;
  }[];
  return rows.map((r) => ({
    name: r.name,
    workspace: r.slug,
    scopes: r.scopes.split(' ').filter(Boolean),
    prefix: r.prefix,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    revokedAt: r.revoked_at,
  }));
}

interface KeyRow {
  id: number;
  workspace_id: string;
  scopes: string;
  key_hash: string;
}

/** Key lookups kept, known and made-up alike (a made-up key is cached as null). */
export const KEY_CACHE_LIMITS = { maxEntries: 10_000, maxBytes: 4 * 1024 * 1024 };

/**
 * Resolves a presented key to its identity. Lookups are cached by the key's hash in a
 * bounded LRU (dropped whenever another process changes the database, e.g. a revoke),
 * and the stored hash is compared in constant time before it is trusted.
 *
 * A request never writes: the last-used time is noted in memory and written for all
 * keys at once every `flushEveryMs`, in one transaction that does not wait for the
 * write lock. When another process holds the lock, the flush is skipped and tried again
 * next time (only the latest time per key is kept, so the batch stays one row per key).
 */
export class ApiKeyVerifier {
  readonly #db: WorkspaceDb;
  readonly #cache: Map<string, ApiKeyIdentity | null>;
  readonly #pendingLastUsed = new Map<number, number>();
  readonly #timer: NodeJS.Timeout | null;

  constructor(db: WorkspaceDb, options: { flushEveryMs?: number } = {}) {
    this.#db = db;
    this.#cache = db.cache<string, ApiKeyIdentity | null>({
      ...KEY_CACHE_LIMITS,
      // Hex hash key (64 chars) plus the identity object or null.
      sizeOf: (_, identity) => 64 * 2 + (identity === null ? 16 : 256),
    });
    const every = options.flushEveryMs ?? 0;
    this.#timer = every > 0 ? setInterval(() => this.flushLastUsed(), every) : null;
    this.#timer?.unref();
    db.beforeClose(() => {
      if (this.#timer !== null) clearInterval(this.#timer);
      this.flushLastUsed();
    });
  }

  verify(key: string, nowMs: number): ApiKeyIdentity | null {
    if (!KEY_PATTERN.test(key)) return null;
    const hex = hexHashOf(key);
    let identity = this.#cache.get(hex);
    if (identity === undefined) {
      identity = this.#lookup(hex);
      this.#cache.set(hex, identity);
    }
    if (identity !== null) this.#pendingLastUsed.set(identity.keyId, nowMs);
    return identity;
  }

  /**
   * The identity only if this key was verified recently (it is in the cache), without
   * touching the database; undefined when it would take a lookup. For addresses that
   * have failed authentication too often: keys in use keep working, guesses cost nothing.
   */
  verifyCached(key: string, nowMs: number): ApiKeyIdentity | null | undefined {
    if (!KEY_PATTERN.test(key)) return null;
    const identity = this.#cache.get(hexHashOf(key));
    if (identity === undefined || identity === null) return identity;
    this.#pendingLastUsed.set(identity.keyId, nowMs);
    return identity;
  }

  /** Writes the noted last-used times; returns how many keys, or null if the lock was taken. */
  flushLastUsed(): number | null {
    if (this.#pendingLastUsed.size === 0 || !this.#db.sqlite.open) return 0;
    const batch = [...this.#pendingLastUsed];
    const sqlite = this.#db.sqlite;
    const previousTimeout = sqlite.pragma('busy_timeout', { simple: true }) as number;
    sqlite.pragma('busy_timeout = 0');
    try {
      const update = this.#db.statement('UPDATE api_keys SET last_used_at = ? WHERE id = ?');
      sqlite
        .transaction(() => {
          for (const [keyId, ms] of batch) update.run(new Date(ms).toISOString(), keyId);
        })
        .immediate();
    } catch (error) {
      if (isBusyError(error)) return null;
      throw error;
    } finally {
      sqlite.pragma(`busy_timeout = ${previousTimeout}`);
    }
    for (const [keyId, ms] of batch) {
      // A newer use noted meanwhile stays pending.
      if (this.#pendingLastUsed.get(keyId) === ms) this.#pendingLastUsed.delete(keyId);
    }
    return batch.length;
  }

  #lookup(hex: string): ApiKeyIdentity | null {
    const row = this.#db
      .statement(
        'SELECT id, workspace_id, scopes, key_hash FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL',
      )
      .get(hex) as KeyRow | undefined;
    if (row === undefined) return null;
    const stored = Buffer.from(row.key_hash, 'hex');
    const presented = Buffer.from(hex, 'hex');
    if (stored.length !== presented.length || !timingSafeEqual(stored, presented)) return null;
    return {
      keyId: row.id,
      workspaceId: row.workspace_id,
      scopes: new Set(row.scopes.split(' ').filter(isScope)),
    };
  }
}

/** The name of the demo database's one demo key (docs/decisions/034). */
export const DEMO_KEY_NAME = 'demo';
/** Where the demo key itself is kept: in the database it opens, beside the cursor secret. */
const DEMO_KEY_META = 'demo_key';

function isActiveKey(db: WorkspaceDb, key: string): boolean {
  return (
    db.sqlite
      .prepare('SELECT 1 FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL')
      .get(hashOf(key).toString('hex')) !== undefined
  );
}

/**
 * The demo key of this database, the same at every `--demo` start (docs/decisions/034): a
 * page that remembered the demo workspace keeps working after a restart. Made on the first
 * demo start and kept in `meta`; made again only when it was revoked (`keys revoke --name
 * demo`) or is missing. One immediate transaction, so two demos starting on one file
 * agree on one key. Any other active key named "demo" (from before keys were kept) is
 * revoked. Returns the key and whether it was made now.
 */
export function stableDemoKey(
  db: WorkspaceDb,
  workspaceId: string,
  now = new Date(),
): { key: string; created: boolean } {
  return db.sqlite
    .transaction(() => {
      const stored = readMeta(db.sqlite, DEMO_KEY_META);
      if (stored !== null && KEY_PATTERN.test(stored) && isActiveKey(db, stored)) {
        revokeApiKeys(db, DEMO_KEY_NAME, now, stored);
        return { key: stored, created: false };
      }
      revokeApiKeys(db, DEMO_KEY_NAME, now);
      const key = createApiKey(db, {
        workspaceId,
        name: DEMO_KEY_NAME,
        scopes: [...SCOPES],
        now,
      });
      writeMeta(db.sqlite, DEMO_KEY_META, key);
      return { key, created: true };
    })
    .immediate();
}

/** Keys an earlier version's demo made per process ("demo (process 123)"). */
const PER_PROCESS_DEMO_KEY = /^demo \(process (\d+)\)$/;

/**
 * Revokes the per-process demo keys an earlier version made whose server is gone (a
 * server of that version still running keeps its own). The kept demo key is not touched.
 */
export function revokeStaleDemoKeys(
  db: WorkspaceDb,
  isRunning: (pid: number) => boolean,
  now = new Date(),
): number {
  const names = db.sqlite
    .prepare(
      `SELECT DISTINCT name FROM api_keys WHERE revoked_at IS NULL AND name LIKE 'demo (process %'`,
    )
    .pluck()
    .all() as string[];
  let revoked = 0;
  for (const name of names) {
    const match = PER_PROCESS_DEMO_KEY.exec(name);
    if (match?.[1] === undefined) continue;
    if (!isRunning(Number(match[1]))) revoked += revokeApiKeys(db, name, now);
  }
  return revoked;
}
