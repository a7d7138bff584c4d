/**
 * The embedded view's side of the postMessage protocol (./protocol.ts, docs/embedding.md).
 *
 * - Listens from the first moment of the page (src/app/start-up.ts), so a host that posts
 *   `connect` as soon as the frame loads is not lost while config.json is still loading:
 *   messages wait in a short queue until the app attaches, and are judged against config
 *   then.
 * - Takes a message only from the window that framed this one (`event.source === parent`)
 *   and only from an origin listed in config `embedOrigins`, compared exactly. Everything
 *   else is ignored without an answer (a console warning names the origin once).
 * - Answers a host message at that host's origin; announcements (ready, connected, a key
 *   rejected later by a 401) go to the origin that handed over the key, or before that to
 *   each listed origin. Never to '*'. Nothing is sent when config lists no origins or when
 *   the page is not in a frame.
 * - The key goes only into the auth store, which in embed mode keeps it in memory.
 */

import { paths } from '../../config/paths';
import type { RuntimeConfig } from '../../config/runtime-config';
import type { ApiClientFactory } from '../../lib/api/api-client-factory-context';
import { isApiError } from '../../lib/api/errors';
import { keyFingerprint } from '../../lib/api/key-fingerprint';
import { probeReadableScopes } from '../../lib/api/readable-scopes';
import type { Connection, Scope } from '../../lib/api/types';
import type { AuthStore } from '../../lib/auth/auth-store';
import { switchLocale } from '../../lib/i18n/i18n';
import { negotiateLocale } from '../../lib/i18n/locales';
import {
  type HostMessage,
  messageTypes,
  type NavigateTarget,
  PROTOCOL_VERSION,
  parseHostMessage,
  protocolTypeOf,
  type ViewMessage,
} from './protocol';

export interface EmbedBridgeDeps {
  config: Pick<RuntimeConfig, 'embedOrigins' | 'serviceUrl' | 'skillsPath' | 'locales'>;
  authStore: AuthStore;
  createClient: ApiClientFactory;
  /** Empties the query cache: another key must never see this key's data. */
  clearCache(): void;
  /** Goes to an in-app path such as `/tables/<id>` (the router keeps it under `#/embed`). */
  navigate(path: string): void;
}

export interface EmbedBridge {
  /** Starts judging messages with the app's config and store; announces ready. Returns detach. */
  attach(deps: EmbedBridgeDeps): () => void;
  /** A query got 401 after connecting: the store has forgotten the key; tell the host. */
  keyRejected(message: string): void;
  /** Stops listening. */
  dispose(): void;
}

/** The parts of `window` the bridge uses, so tests can hand it fakes. */
export interface BridgeWindow {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  location: { origin: string };
}

export interface BridgeParent {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** A message as the bridge keeps it until the app attaches. */
export interface ReceivedMessage {
  origin: string;
  data: unknown;
  source: unknown;
}
type Received = ReceivedMessage;

/** Messages kept while config.json loads; a host needs one or two. */
const MAX_QUEUED = 16;

function redact(text: string, apiKey: string): string {
  return apiKey === '' ? text : text.split(apiKey).join(keyFingerprint(apiKey));
}

function sameConnection(a: Connection, b: Connection): boolean {
  return a.serviceUrl === b.serviceUrl && a.apiKey === b.apiKey;
}

function pathOf(to: NavigateTarget): string {
  if ('table' in to) return paths.table(to.table);
  if ('skill' in to) return paths.skill(to.skill);
  if ('task' in to) return paths.task(to.task);
  if ('page' in to) return paths.page(to.page);
  return paths.project(to.project);
}

/**
 * What the host is told when the key check fails; worded like the connect screen. The
 * protocol's `message` strings (here, in ./protocol.ts and the console warnings) are for
 * the host page's developer and stay English, whatever the view's language; what people
 * see on screen comes from the message catalog (the connect screen words the failure).
 */
function failureMessageOf(
  error: unknown,
  serviceLabel: string,
  apiKey: string,
): Extract<ViewMessage, { message: string }> {
  const version = PROTOCOL_VERSION;
  if (!isApiError(error)) {
    return {
      type: messageTypes.error,
      version,
      code: 'connect-failed',
      message: 'Something unexpected went wrong while checking the key.',
    };
  }
  const message = redact(error.message, apiKey);
  if (error.status === 401) {
    return { type: messageTypes.keyRejected, version, reason: 'unauthorized', message };
  }
  if (error.status === 403) {
    return { type: messageTypes.keyRejected, version, reason: 'insufficient-scope', message };
  }
  if (error.kind === 'network') {
    return { type: messageTypes.error, version, code: 'service-unreachable', message };
  }
  if (error.kind === 'not_a_service' || error.status === 404) {
    return {
      type: messageTypes.error,
      version,
      code: 'not-a-service',
      message: `${serviceLabel} does not look like a Workspace Data Service: it has no /api/public/v1/tables.`,
    };
  }
  return { type: messageTypes.error, version, code: 'connect-failed', message };
}

export function createEmbedBridge({
  self,
  parent,
  warn = (message: string) => console.warn(message),
  heardBefore = [],
}: {
  self: BridgeWindow;
  /** `window.parent`; the same object as `self` when the page is not in a frame. */
  parent: BridgeParent;
  warn?: (message: string) => void;
  /** Messages heard while this module was loading (start-embed-mode.ts), oldest first. */
  heardBefore?: readonly ReceivedMessage[];
}): EmbedBridge {
  const framed = (parent as unknown) !== (self as unknown);
  let deps: EmbedBridgeDeps | null = null;
  const queue: Received[] = heardBefore.slice(0, MAX_QUEUED);
  /** The origin that last handed over a key: announcements go there once it is known. */
  let hostOrigin: string | null = null;
  let readyAnnounced = false;
  let latestConnect = 0;
  const warnedOrigins = new Set<string>();

  const post = (message: ViewMessage, targetOrigin: string) => {
    if (framed) parent.postMessage(message, targetOrigin);
  };
  const announce = (message: ViewMessage) => {
    const targets = hostOrigin !== null ? [hostOrigin] : (deps?.config.embedOrigins ?? []);
    for (const origin of targets) post(message, origin);
  };
  const serviceLabelOf = (serviceUrl: string) =>
    serviceUrl === '' ? self.location.origin : serviceUrl;

  async function connect(
    current: EmbedBridgeDeps,
    message: Extract<HostMessage, { type: 'workspace-browser:connect' }>,
    origin: string,
  ) {
    const attempt = ++latestConnect;
    hostOrigin = origin;
    const connection: Connection = {
      serviceUrl: message.serviceUrl ?? current.config.serviceUrl,
      apiKey: message.apiKey,
      skillsPath: message.skillsPath ?? current.config.skillsPath,
    };
    let readableScopes: Scope[];
    try {
      readableScopes = await probeReadableScopes(current.createClient(connection));
    } catch (error) {
      // A later connect message supersedes this one; its answer is the one that counts.
      if (attempt !== latestConnect) return;
      const failure = failureMessageOf(
        error,
        serviceLabelOf(connection.serviceUrl),
        message.apiKey,
      );
      // The connect screen shows why, in the person's language. And the host asked for
      // another connection: a previous key's view does not stay up.
      current.authStore.signOut({
        kind: 'connect-failed',
        error,
        serviceUrl: connection.serviceUrl,
      });
      post(failure, origin);
      return;
    }
    if (attempt !== latestConnect) return;
    const previous = current.authStore.getState().session?.connection;
    if (previous && !sameConnection(previous, connection)) current.clearCache();
    // Announced as `connected` by the store subscription in attach().
    current.authStore.connect(connection, { remember: false, readableScopes });
  }

  function handle(current: EmbedBridgeDeps, { origin, data, source }: Received) {
    if (!framed || source !== parent) return;
    if (protocolTypeOf(data) === null) return;
    if (!current.config.embedOrigins.includes(origin)) {
      if (!warnedOrigins.has(origin)) {
        warnedOrigins.add(origin);
        warn(
          `Workspace Browser (embedded): ignored messages from ${origin}, which config.json "embedOrigins" does not list.`,
        );
      }
      return;
    }
    const parsed = parseHostMessage(data);
    if (parsed === null) return;
    if (!parsed.ok) {
      post(
        {
          type: messageTypes.error,
          version: PROTOCOL_VERSION,
          code: parsed.code,
          message: parsed.message,
        },
        origin,
      );
      return;
    }
    if (parsed.message.locale !== null) {
      // The host's language, among those this deployment offers; not remembered on the
      // device: the host says it again with each message that matters.
      switchLocale(negotiateLocale([parsed.message.locale], current.config.locales)).catch(() => {
        // Offline: the view stays in the language it has.
      });
    }
    if (parsed.message.type === messageTypes.connect) {
      void connect(current, parsed.message, origin);
    } else {
      current.navigate(pathOf(parsed.message.to));
    }
  }

  const onMessage = (event: MessageEvent) => {
    const received = { origin: event.origin, data: event.data, source: event.source };
    if (deps) handle(deps, received);
    else if (queue.length < MAX_QUEUED) queue.push(received);
  };
  self.addEventListener('message', onMessage);

  return {
    attach(next) {
      deps = next;
      if (next.config.embedOrigins.length === 0 && framed) {
        warn(
          'Workspace Browser (embedded): config.json lists no "embedOrigins", so no host page can hand this view a key.',
        );
      }
      let previousSession = next.authStore.getState().session;
      const unsubscribe = next.authStore.subscribe(() => {
        const session = next.authStore.getState().session;
        if (session !== null && session !== previousSession) {
          announce({
            type: messageTypes.connected,
            version: PROTOCOL_VERSION,
            serviceUrl: serviceLabelOf(session.connection.serviceUrl),
          });
        }
        previousSession = session;
      });
      if (!readyAnnounced) {
        readyAnnounced = true;
        announce({ type: messageTypes.ready, version: PROTOCOL_VERSION });
      }
      for (const received of queue.splice(0)) handle(next, received);
      return () => {
        unsubscribe();
        if (deps === next) deps = null;
      };
    },
    keyRejected(message) {
      announce({
        type: messageTypes.keyRejected,
        version: PROTOCOL_VERSION,
        reason: 'unauthorized',
        message,
      });
    },
    dispose() {
      self.removeEventListener('message', onMessage);
      deps = null;
      queue.length = 0;
    },
  };
}
