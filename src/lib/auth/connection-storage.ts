/**
 * Where the connection (service URL + key) is kept between page loads: sessionStorage
 * by default, so closing the tab forgets the key; localStorage only when the user asks
 * to be remembered on this device. Only one of the two ever holds it.
 */
import { type Connection, READ_SCOPES, type Scope, type SkillsPath } from '../api/types';

export const CONNECTION_STORAGE_KEY = 'workspace-browser.connection';
/** Not secret: lets the connect screen prefill the address after signing out. */
export const LAST_SERVICE_URL_STORAGE_KEY = 'workspace-browser.last-service-url';

export interface StoredSession {
  connection: Connection;
  remembered: boolean;
  /**
   * What the key could read when it connected (src/lib/api/readable-scopes.ts); null when
   * not known (a session stored by an older version): then every screen is offered and a
   * 403 is explained where it happens.
   */
  readableScopes: Scope[] | null;
}

function scopesFrom(value: unknown): Scope[] | null {
  if (!Array.isArray(value)) return null;
  return READ_SCOPES.filter((scope) => value.includes(scope));
}

function sessionFrom(text: string | null): Omit<StoredSession, 'remembered'> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { serviceUrl, apiKey, skillsPath, readableScopes } = value as Record<string, unknown>;
    if (typeof serviceUrl !== 'string' || typeof apiKey !== 'string' || apiKey === '') return null;
    const knownSkillsPath: SkillsPath | null =
      skillsPath === '/v1' || skillsPath === '/api/public/v1' ? skillsPath : null;
    return {
      connection: { serviceUrl, apiKey, skillsPath: knownSkillsPath },
      readableScopes: scopesFrom(readableScopes),
    };
  } catch {
    return null;
  }
}

/** Storage can throw (privacy modes, quota); a failure to persist must not break the page. */
function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export function readStoredSession(): StoredSession | null {
  const fromSession = sessionFrom(
    safely(() => sessionStorage.getItem(CONNECTION_STORAGE_KEY), null),
  );
  if (fromSession) return { ...fromSession, remembered: false };
  const fromLocal = sessionFrom(safely(() => localStorage.getItem(CONNECTION_STORAGE_KEY), null));
  return fromLocal ? { ...fromLocal, remembered: true } : null;
}

export function writeStoredSession({
  connection,
  remembered,
  readableScopes,
}: StoredSession): void {
  const text = JSON.stringify({
    serviceUrl: connection.serviceUrl,
    apiKey: connection.apiKey,
    skillsPath: connection.skillsPath ?? null,
    readableScopes,
  });
  clearStoredSession();
  safely(
    () => (remembered ? localStorage : sessionStorage).setItem(CONNECTION_STORAGE_KEY, text),
    undefined,
  );
  safely(
    () => localStorage.setItem(LAST_SERVICE_URL_STORAGE_KEY, connection.serviceUrl),
    undefined,
  );
}

export function clearStoredSession(): void {
  safely(() => sessionStorage.removeItem(CONNECTION_STORAGE_KEY), undefined);
  safely(() => localStorage.removeItem(CONNECTION_STORAGE_KEY), undefined);
}

/**
 * How the auth store keeps a session between page loads. The dashboard on its own uses
 * web storage (above); the embedded view keeps the key in memory only (./memory-persistence.ts).
 */
export interface SessionPersistence {
  /** 'memory': the key is gone on reload; "Remember on this device" can't be offered. */
  readonly kind: 'web-storage' | 'memory';
  read(): StoredSession | null;
  write(session: StoredSession): void;
  clear(): void;
}

export const webStoragePersistence: SessionPersistence = {
  kind: 'web-storage',
  read: readStoredSession,
  write: writeStoredSession,
  clear: clearStoredSession,
};

export function readLastServiceUrl(): string | null {
  return safely(() => localStorage.getItem(LAST_SERVICE_URL_STORAGE_KEY), null);
}
