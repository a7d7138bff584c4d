import type { ServerConfig } from '../config';
import type { ApiKeyIdentity, ApiKeyVerifier } from '../db/api-keys';
import type { WorkspaceDb } from '../db/workspace-db';
import type { RateLimiter } from './rate-limit';

export interface AppVariables {
  requestId: string;
  identity: ApiKeyIdentity;
  query: URLSearchParams;
  /** Set by a route whose answer only the server's own pages may read: no CORS headers. */
  sameOriginOnly: boolean;
}

export interface AppEnv {
  Variables: AppVariables;
}

/** What route modules are built from; created once in createApp. */
export interface AppDeps {
  db: WorkspaceDb;
  config: ServerConfig;
  verifier: ApiKeyVerifier;
  limiter: RateLimiter;
  /** Failed authentications per client address. */
  authFailures: RateLimiter<string>;
}
