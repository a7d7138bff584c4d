import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { WorkspaceDb } from './workspace-db';

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

/** Revokes every active key with this name; returns how many. */
export function revokeApiKeys(db: WorkspaceDb, name: string, now = new Date()): number {
  return db.sqlite
    .prepare('UPDATE api_keys SET revoked_at = ? WHERE name = ? AND revoked_at IS NULL')
    .run(now.toISOString(), name).changes;
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

const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Resolves a presented key to its identity. Lookups are cached by the key's hash (the
 * cache is dropped whenever another process changes the database, e.g. a revoke), and
 * the stored hash is compared in constant time before it is trusted.
 */
export class ApiKeyVerifier {
  readonly #db: WorkspaceDb;
  readonly #cache: Map<string, ApiKeyIdentity | null>;
  readonly #lastUsedWritten = new Map<number, number>();

  constructor(db: WorkspaceDb) {
    this.#db = db;
    this.#cache = db.cache<string, ApiKeyIdentity | null>();
  }

  verify(key: string, nowMs: number): ApiKeyIdentity | null {
    if (!KEY_PATTERN.test(key)) return null;
    const hash = hashOf(key);
    const hex = hash.toString('hex');
    let identity = this.#cache.get(hex);
    if (identity === undefined) {
      identity = this.#lookup(hash, hex);
      this.#cache.set(hex, identity);
    }
    if (identity !== null) this.#touch(identity.keyId, nowMs);
    return identity;
  }

  #lookup(hash: Buffer, hex: string): ApiKeyIdentity | null {
    const row = this.#db
      .statement(
        'SELECT id, workspace_id, scopes, key_hash FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL',
      )
      .get(hex) as KeyRow | undefined;
    if (row === undefined) return null;
    const stored = Buffer.from(row.key_hash, 'hex');
    if (stored.length !== hash.length || !timingSafeEqual(stored, hash)) return null;
    return {
      keyId: row.id,
      workspaceId: row.workspace_id,
      scopes: new Set(row.scopes.split(' ').filter(isScope)),
    };
  }

  /** last_used_at is written at most once a minute per key, to keep reads write-free. */
  #touch(keyId: number, nowMs: number): void {
    const written = this.#lastUsedWritten.get(keyId);
    if (written !== undefined && nowMs - written < LAST_USED_RESOLUTION_MS) return;
    this.#lastUsedWritten.set(keyId, nowMs);
    this.#db
      .statement('UPDATE api_keys SET last_used_at = ? WHERE id = ?')
      .run(new Date(nowMs).toISOString(), keyId);
  }
}
