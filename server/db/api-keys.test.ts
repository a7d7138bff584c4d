import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { seedDemo, WORKSPACES } from '../seed/demo-seed';
import {
  ApiKeyVerifier,
  createApiKey,
  DEMO_KEY_NAME,
  listApiKeys,
  revokeApiKeys,
  revokeStaleDemoKeys,
  SCOPES,
  stableDemoKey,
} from './api-keys';
import { initializeWorkspaceDb } from './initialize';
import { WorkspaceDb } from './workspace-db';

const opened: { dir: string; db: WorkspaceDb }[] = [];
afterEach(() => {
  for (const { dir, db } of opened.splice(0)) {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

function freshDb(): { file: string; db: WorkspaceDb } {
  const dir = mkdtempSync(join(tmpdir(), 'wds-keys-'));
  const file = join(dir, 'keys.sqlite');
  const db = new WorkspaceDb(file);
  initializeWorkspaceDb(db, (fresh) => seedDemo(fresh, { orders: 0 }));
  opened.push({ dir, db });
  return { file, db };
}

const acme = WORKSPACES.acme.id;

describe('stableDemoKey', () => {
  it('is made once and the same key is served again, also to another connection to the file', () => {
    const { file, db } = freshDb();
    const first = stableDemoKey(db, acme);
    expect(first.created).toBe(true);
    expect(stableDemoKey(db, acme)).toEqual({ key: first.key, created: false });

    const again = new WorkspaceDb(file);
    try {
      expect(stableDemoKey(again, acme).key).toBe(first.key);
    } finally {
      again.close();
    }
    const identity = new ApiKeyVerifier(db).verify(first.key, Date.now());
    expect(identity?.workspaceId).toBe(acme);
    expect([...(identity?.scopes ?? [])].sort()).toEqual([...SCOPES].sort());
    expect(listApiKeys(db).filter((key) => key.name === DEMO_KEY_NAME)).toHaveLength(1);
  });

  it('is made again when the kept one was revoked', () => {
    const { db } = freshDb();
    const first = stableDemoKey(db, acme).key;
    revokeApiKeys(db, DEMO_KEY_NAME);
    const second = stableDemoKey(db, acme);
    expect(second.created).toBe(true);
    expect(second.key).not.toBe(first);
    const verifier = new ApiKeyVerifier(db);
    expect(verifier.verify(first, Date.now())).toBeNull();
    expect(verifier.verify(second.key, Date.now())).not.toBeNull();
  });

  it("leaves other keys alone and revokes only gone processes' per-process demo keys", () => {
    const { db } = freshDb();
    const own = createApiKey(db, { workspaceId: acme, name: 'mine', scopes: ['tables:read'] });
    const running = createApiKey(db, {
      workspaceId: acme,
      name: 'demo (process 11)',
      scopes: [...SCOPES],
    });
    const gone = createApiKey(db, { workspaceId: acme, name: 'demo (process 12)', scopes: [] });
    const demo = stableDemoKey(db, acme).key;
    expect(revokeStaleDemoKeys(db, (pid) => pid === 11)).toBe(1);
    const verifier = new ApiKeyVerifier(db);
    for (const key of [own, running, demo]) expect(verifier.verify(key, 0)).not.toBeNull();
    expect(verifier.verify(gone, 0)).toBeNull();
  });
});
