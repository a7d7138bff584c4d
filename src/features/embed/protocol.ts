/**
 * The embedded view's postMessage protocol, version 1 (docs/embedding.md,
 * docs/decisions/006). Every message is a plain object whose `type` starts with
 * `workspace-browser:`; the view's own messages always carry `version`.
 */
import type { SkillsPath } from '../../lib/api/types';

export const PROTOCOL_VERSION = 1;
export const MESSAGE_PREFIX = 'workspace-browser:';

export const messageTypes = {
  // From the host page to the view.
  connect: 'workspace-browser:connect',
  navigate: 'workspace-browser:navigate',
  // From the view to the host page.
  ready: 'workspace-browser:ready',
  connected: 'workspace-browser:connected',
  keyRejected: 'workspace-browser:key-rejected',
  error: 'workspace-browser:error',
} as const;

export type NavigateTarget =
  | { table: string }
  | { skill: string }
  | { task: string }
  | { page: string }
  | { project: string };

const NAVIGATE_KINDS = ['table', 'skill', 'task', 'page', 'project'] as const;

export type HostMessage =
  | {
      type: typeof messageTypes.connect;
      /** Absent: the config.json `serviceUrl`. '' means the view's own origin. */
      serviceUrl: string | null;
      apiKey: string;
      skillsPath: SkillsPath | null;
      /** The host's language (a BCP 47 tag such as `es` or `pt-BR`); null keeps the view's. */
      locale: string | null;
    }
  | { type: typeof messageTypes.navigate; to: NavigateTarget; locale: string | null };

/** Why a key was not taken: the service said 401, or the key lacks `tables:read` (403). */
export type KeyRejectedReason = 'unauthorized' | 'insufficient-scope';

export type ErrorCode =
  | 'bad-message'
  | 'unsupported-version'
  | 'unknown-message'
  | 'service-unreachable'
  | 'not-a-service'
  | 'connect-failed';

export type ViewMessage =
  | { type: typeof messageTypes.ready; version: typeof PROTOCOL_VERSION }
  | { type: typeof messageTypes.connected; version: typeof PROTOCOL_VERSION; serviceUrl: string }
  | {
      type: typeof messageTypes.keyRejected;
      version: typeof PROTOCOL_VERSION;
      reason: KeyRejectedReason;
      /** A sentence for a person; never holds the key. */
      message: string;
    }
  | {
      type: typeof messageTypes.error;
      version: typeof PROTOCOL_VERSION;
      code: ErrorCode;
      message: string;
    };

export type ParsedHostMessage =
  | { ok: true; message: HostMessage }
  | { ok: false; code: ErrorCode; message: string };

const VIEW_TYPES = new Set<string>([
  messageTypes.ready,
  messageTypes.connected,
  messageTypes.keyRejected,
  messageTypes.error,
]);

/** A header value can't hold spaces or control characters; the same rule as the connect form. */
const PRINTABLE_KEY = /^[\x21-\x7e]+$/;
const MAX_KEY_LENGTH = 1024;
const MAX_ID_LENGTH = 512;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `type` of a message in this protocol, or null for anything else on the channel. */
export function protocolTypeOf(data: unknown): string | null {
  if (!isRecord(data) || typeof data.type !== 'string') return null;
  return data.type.startsWith(MESSAGE_PREFIX) ? data.type : null;
}

function isHttpUrlOrEmpty(value: string): boolean {
  if (value === '') return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A BCP 47 language tag, loosely: `es`, `pt-BR`, `zh-Hant-TW`. */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/;

/** The message's `locale`: absent is null, a tag is kept, anything else is a problem. */
function localeOf(data: Record<string, unknown>): { locale: string | null } | { problem: string } {
  const { locale } = data;
  if (locale === undefined || locale === null) return { locale: null };
  if (typeof locale === 'string' && LANGUAGE_TAG.test(locale.trim()))
    return { locale: locale.trim() };
  return { problem: 'locale must be a language tag such as "es" or "pt-BR".' };
}

function idOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' && value.length <= MAX_ID_LENGTH ? value : null;
}

function parseNavigateTarget(to: unknown): NavigateTarget | null {
  if (!isRecord(to)) return null;
  const keys = Object.keys(to);
  const kind = NAVIGATE_KINDS.find((k) => k === keys[0]);
  if (keys.length !== 1 || kind === undefined) return null;
  const id = idOf(to[kind]);
  return id === null ? null : ({ [kind]: id } as NavigateTarget);
}

/**
 * Checks a message from a host page. `null`: not a host message of this protocol (other
 * scripts' messages, or the view's own types), to be ignored without a word. A problem is
 * worded for the host page's developer and never quotes the key.
 */
export function parseHostMessage(data: unknown): ParsedHostMessage | null {
  const type = protocolTypeOf(data);
  if (type === null || VIEW_TYPES.has(type) || !isRecord(data)) return null;
  if (data.version !== undefined && data.version !== PROTOCOL_VERSION) {
    return {
      ok: false,
      code: 'unsupported-version',
      message: `This view speaks version ${PROTOCOL_VERSION} of the protocol, not ${String(data.version)}.`,
    };
  }
  const language = localeOf(data);
  if ('problem' in language) {
    return {
      ok: false,
      code: 'bad-message',
      message: `${type.slice(MESSAGE_PREFIX.length)}: ${language.problem}`,
    };
  }
  if (type === messageTypes.connect) {
    const { serviceUrl, apiKey, skillsPath } = data;
    if (typeof apiKey !== 'string' || apiKey.trim() === '') {
      return {
        ok: false,
        code: 'bad-message',
        message: 'connect needs a non-empty apiKey string.',
      };
    }
    const key = apiKey.trim();
    if (key.length > MAX_KEY_LENGTH || !PRINTABLE_KEY.test(key)) {
      return {
        ok: false,
        code: 'bad-message',
        message: 'connect: apiKey contains spaces or invisible characters.',
      };
    }
    if (serviceUrl !== undefined && serviceUrl !== null) {
      if (typeof serviceUrl !== 'string' || !isHttpUrlOrEmpty(serviceUrl.trim())) {
        return {
          ok: false,
          code: 'bad-message',
          message: 'connect: serviceUrl must be an http(s) URL, or "" for the view’s own origin.',
        };
      }
    }
    if (
      skillsPath !== undefined &&
      skillsPath !== null &&
      skillsPath !== '/v1' &&
      skillsPath !== '/api/public/v1'
    ) {
      return {
        ok: false,
        code: 'bad-message',
        message: 'connect: skillsPath must be "/v1" or "/api/public/v1".',
      };
    }
    return {
      ok: true,
      message: {
        type,
        serviceUrl: typeof serviceUrl === 'string' ? serviceUrl.trim().replace(/\/+$/, '') : null,
        apiKey: key,
        skillsPath: skillsPath === '/v1' || skillsPath === '/api/public/v1' ? skillsPath : null,
        locale: language.locale,
      },
    };
  }
  if (type === messageTypes.navigate) {
    const to = parseNavigateTarget(data.to);
    if (to === null) {
      return {
        ok: false,
        code: 'bad-message',
        message:
          'navigate needs `to` with one of table, skill, task, page or project, e.g. `{ table: "<id>" }`.',
      };
    }
    return { ok: true, message: { type, to, locale: language.locale } };
  }
  return {
    ok: false,
    code: 'unknown-message',
    message: `Unknown message type ${JSON.stringify(type.slice(0, 80))}.`,
  };
}
