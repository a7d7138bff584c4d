/**
 * Settings read at start-up from `./config.json` beside index.html, so one build serves
 * any deployment (and the demo key never enters a bundle). Relative, so the dashboard
 * works at any sub-path of a static host.
 */
import type { SkillsPath } from '../lib/api/types';
import { isShippedLocale, SHIPPED_LOCALES, type ShippedLocale } from '../lib/i18n/locales';
import type { PeopleSource, parsePeopleSource } from '../lib/people/people-source';

export interface RuntimeConfig {
  /** '' means the service is this page's own origin. */
  serviceUrl: string;
  skillsPath: SkillsPath | null;
  title: string;
  /**
   * Exact origins (`https://intranet.example.com`) of the pages allowed to embed the view
   * and hand it a key by postMessage (docs/embedding.md). The frame-ancestors header that
   * lets them frame it at all is the static host's to set (docs/deployment.md).
   */
  embedOrigins: string[];
  /** A demo workspace's key, served only by the reference server's demo mode. */
  demoKey: string | null;
  /**
   * The languages this deployment offers, its default first (for a browser that asks for
   * none of them). One fixes the language: no menu is shown.
   */
  locales: ShippedLocale[];
  /**
   * Where names for user and bot ids come from (a table of the workspace, or a JSON file
   * beside the dashboard); null: only the names people give ids on their own device.
   */
  people: PeopleSource | null;
}

export const DEFAULT_TITLE = 'Workspace Browser';

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  serviceUrl: '',
  skillsPath: null,
  title: DEFAULT_TITLE,
  embedOrigins: [],
  demoKey: null,
  locales: [...SHIPPED_LOCALES],
  people: null,
};

export const RUNTIME_CONFIG_URL = './config.json';

export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The origin an `embedOrigins` entry names, or why it can't be one. Exact origins only:
 * a wildcard, a path or a `null` origin would let pages we never meant to trust hand the
 * view a key (or receive its announcements).
 */
export function embedOriginOf(entry: unknown): { origin: string } | { problem: string } {
  if (typeof entry !== 'string') return { problem: 'each entry must be a string' };
  const text = entry.trim();
  if (text.includes('*')) return { problem: `"${text}": wildcards are not allowed` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: `"${text}" is not an origin like https://app.example.com` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { problem: `"${text}" must start with https:// (or http://)` };
  }
  if (
    url.username !== '' ||
    url.password !== '' ||
    url.pathname !== '/' ||
    url.search !== '' ||
    url.hash !== '' ||
    text.endsWith('?') ||
    text.endsWith('#')
  ) {
    return { problem: `"${text}" must be an origin only (scheme, host, port), without a path` };
  }
  return { origin: url.origin };
}

const KNOWN_KEYS = new Set([
  'serviceUrl',
  'skillsPath',
  'title',
  'embedOrigins',
  'demoKey',
  'locales',
  'people',
]);

/**
 * Validates the parsed file; every problem is named so whoever deploys can fix it.
 * `parsePeople` checks a `people` setting: its code is loaded only for a config.json that
 * has one (loadRuntimeConfig), so the connect screen of every other deployment does without.
 */
export function parseRuntimeConfig(
  value: unknown,
  parsePeople?: typeof parsePeopleSource,
): RuntimeConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RuntimeConfigError('config.json must hold a JSON object.');
  }
  const input = value as Record<string, unknown>;
  const problems: string[] = [];
  const config: RuntimeConfig = {
    ...DEFAULT_RUNTIME_CONFIG,
    embedOrigins: [],
    locales: [...SHIPPED_LOCALES],
  };

  // Keys starting with "//" are comments (public/config.example.json documents itself so).
  const unknownKeys = Object.keys(input).filter(
    (key) => !KNOWN_KEYS.has(key) && !key.startsWith('//'),
  );
  if (unknownKeys.length > 0) problems.push(`unknown setting(s): ${unknownKeys.join(', ')}`);

  const { serviceUrl, skillsPath, title, embedOrigins, demoKey, locales, people } = input;
  if (serviceUrl !== undefined) {
    if (
      typeof serviceUrl !== 'string' ||
      (serviceUrl.trim() !== '' && !isHttpUrl(serviceUrl.trim()))
    ) {
      problems.push('serviceUrl must be an http(s) URL, or "" for this site');
    } else {
      config.serviceUrl = serviceUrl.trim().replace(/\/+$/, '');
    }
  }
  if (skillsPath !== undefined && skillsPath !== null) {
    if (skillsPath !== '/v1' && skillsPath !== '/api/public/v1') {
      problems.push('skillsPath must be "/v1" or "/api/public/v1"');
    } else {
      config.skillsPath = skillsPath;
    }
  }
  if (title !== undefined) {
    if (typeof title !== 'string' || title.trim() === '')
      problems.push('title must be a non-empty string');
    else config.title = title.trim();
  }
  if (embedOrigins !== undefined) {
    if (!Array.isArray(embedOrigins)) {
      problems.push('embedOrigins must be a list of origins like ["https://app.example.com"]');
    } else {
      const results = embedOrigins.map(embedOriginOf);
      const entryProblems = results.flatMap((result) =>
        'problem' in result ? [result.problem] : [],
      );
      if (entryProblems.length > 0) {
        problems.push(`embedOrigins: ${entryProblems.join(', ')}`);
      } else {
        const origins = results.flatMap((result) => ('origin' in result ? [result.origin] : []));
        config.embedOrigins = [...new Set(origins)];
      }
    }
  }
  if (demoKey !== undefined && demoKey !== null) {
    if (typeof demoKey !== 'string' || demoKey.trim() === '')
      problems.push('demoKey must be a string');
    else config.demoKey = demoKey.trim();
  }

  if (locales !== undefined) {
    const shipped = SHIPPED_LOCALES.map((locale) => `"${locale}"`).join(', ');
    if (!Array.isArray(locales) || locales.length === 0) {
      problems.push(`locales must be a non-empty list of languages among ${shipped}`);
    } else {
      const unknown = locales.filter((locale) => !isShippedLocale(locale));
      if (unknown.length > 0) {
        problems.push(
          `locales: ${unknown.map((locale) => JSON.stringify(locale)).join(', ')} not shipped (choose among ${shipped})`,
        );
      } else {
        config.locales = [...new Set(locales as ShippedLocale[])];
      }
    }
  }

  if (people !== undefined && people !== null) {
    const parsed = parsePeople
      ? parsePeople(people)
      : { problem: 'people could not be checked (its code did not load)' };
    if ('problem' in parsed) problems.push(parsed.problem);
    else config.people = parsed.source;
  }

  if (problems.length > 0) {
    throw new RuntimeConfigError(`config.json is not valid: ${problems.join('; ')}.`);
  }
  return config;
}

/**
 * Absent (404, or a host answering every path with index.html) means defaults; present
 * but unreadable is an error the page shows, so a typo never looks like a blank screen.
 */
export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(RUNTIME_CONFIG_URL, { cache: 'no-store', credentials: 'omit' });
  } catch {
    return DEFAULT_RUNTIME_CONFIG;
  }
  if (!response.ok) {
    if (response.status !== 404) {
      console.warn(`config.json answered HTTP ${response.status}; using the default settings.`);
    }
    return DEFAULT_RUNTIME_CONFIG;
  }
  const text = await response.text();
  if (text.trimStart().startsWith('<')) return DEFAULT_RUNTIME_CONFIG;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RuntimeConfigError('config.json is not valid JSON.');
  }
  const hasPeople =
    typeof parsed === 'object' &&
    parsed !== null &&
    (parsed as { people?: unknown }).people !== undefined &&
    (parsed as { people?: unknown }).people !== null;
  const peopleCode = hasPeople ? await import('../lib/people/people-source') : null;
  return parseRuntimeConfig(parsed, peopleCode?.parsePeopleSource);
}
