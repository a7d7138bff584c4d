/**
 * Loads compiled message catalogs: one small chunk per language and area of the app
 * (src/locales/<locale>/<area>.json, compiled by @lingui/vite-plugin at build time). Only
 * the chosen language's are fetched, and each area only when its screens are about to
 * show. Free of React and of the message runtime, so the start-up script can start these
 * downloads before the app's code is in.
 */
import type { Messages } from '@lingui/core';
import { type AppLocale, PSEUDO_LOCALE, type ShippedLocale } from './locales';

export const CATALOG_AREAS = [
  'connect',
  'common',
  'shell',
  'records',
  'tasks',
  'pages',
  'projects',
  'skills',
  'embed',
] as const;
export type CatalogArea = (typeof CATALOG_AREAS)[number];

/**
 * What the connect screen needs (with the start-up and configuration messages): its own
 * catalog, which also holds the few shared `common.*` messages that screen shows (the
 * language menu, loading, an error's details), so the rest of `common` loads with the
 * workspace.
 */
export const CONNECT_AREAS: readonly CatalogArea[] = ['connect'];
/**
 * What every workspace screen shows (the header, the sidebar, Go to, Undo, a route's error,
 * a workspace's name), loaded with the workspace's code. Each page's own messages load
 * with that page's code (`pageAreasOf`): a table's first visit does not wait for the tasks
 * or skills catalogs, nor a skill's for the grid's (issue 23, docs/decisions/041).
 */
export const WORKSPACE_AREAS: readonly CatalogArea[] = ['connect', 'common', 'shell'];
/** The embedded view's own words (its bridge failing to load), besides the workspace's. */
export const EMBED_AREAS: readonly CatalogArea[] = ['embed'];

/** A page's own area by its path's first segment (`/tables/…` is the records grid). */
const PAGE_AREAS: Record<string, CatalogArea> = {
  tables: 'records',
  tasks: 'tasks',
  pages: 'pages',
  projects: 'projects',
  skills: 'skills',
};

/** The catalog areas of the page at `pagePath` (a path inside the workspace, e.g. `/skills/s1`). */
export function pageAreasOf(pagePath: string): CatalogArea[] {
  const area = PAGE_AREAS[pagePath.split('/')[1] ?? ''];
  return area ? [area] : [];
}

/**
 * The catalogs the first screen needs: the connect screen's, or the workspace's (with the
 * embedded view's when embedded) and those of the page it opens on.
 */
export function firstScreenAreas(first: {
  workspaceOpens: boolean;
  embedded: boolean;
  pagePath: string;
}): CatalogArea[] {
  if (!first.workspaceOpens) return [...CONNECT_AREAS];
  return [
    ...WORKSPACE_AREAS,
    ...(first.embedded ? EMBED_AREAS : []),
    ...pageAreasOf(first.pagePath),
  ];
}

const catalogModules = import.meta.glob<{ messages: Messages }>('../../locales/*/*.json', {
  query: '?lingui',
});

function moduleOf(locale: ShippedLocale, area: CatalogArea) {
  const load = catalogModules[`../../locales/${locale}/${area}.json`];
  if (!load) throw new Error(`No ${area} catalog for ${locale}`);
  return load;
}

const loading = new Map<string, Promise<Messages>>();

/**
 * The compiled messages of `area` in `locale`, fetched once (a failed fetch is tried again
 * on the next call). The pseudo-locale is made from the English catalog.
 */
export function loadCatalog(locale: AppLocale, area: CatalogArea): Promise<Messages> {
  const key = `${locale}/${area}`;
  const known = loading.get(key);
  if (known) return known;
  const promise =
    locale === PSEUDO_LOCALE
      ? Promise.all([loadCatalog('en', area), import('./pseudo-locale')]).then(
          ([english, { pseudoLocalizeMessages }]) => pseudoLocalizeMessages(english),
        )
      : moduleOf(locale, area)().then((module) => module.messages);
  loading.set(key, promise);
  promise.catch(() => loading.delete(key));
  return promise;
}

/** Starts every catalog of `areas` at once (one round trip), for `locale`. */
export function loadCatalogs(locale: AppLocale, areas: readonly CatalogArea[]): Promise<Messages> {
  return Promise.all(areas.map((area) => loadCatalog(locale, area))).then((parts) =>
    Object.assign({}, ...parts),
  );
}
