/**
 * The one message runtime of the app (Lingui's core: a few KB, no parser in the build).
 * Screens read messages through `useT()` (./i18n-react.tsx) so they redraw when the
 * language changes; code outside React takes a `t` from its caller, or calls this module's
 * `t` at the moment it shows the text, never at import time.
 */
import { setupI18n } from '@lingui/core';
import { type CatalogArea, loadCatalogs } from './catalogs';
import { type AppLocale, formatLocaleOf } from './locales';
import type { MessageKey, MessageValues } from './message-keys';

export const i18n = setupI18n();

let currentLocale: AppLocale | null = null;
const loadedAreas = new Set<CatalogArea>();
const listeners = new Set<() => void>();

/** The language on screen (English until a catalog is in). */
export function activeLocale(): AppLocale {
  return currentLocale ?? 'en';
}

export function subscribeToLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function applyLocale(locale: AppLocale): void {
  currentLocale = locale;
  i18n.activate(locale, formatLocaleOf(locale));
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

/**
 * Makes `areas` readable in `locale`, and `locale` the language on screen once every
 * catalog already shown in the previous language is in too (one round trip: they load in
 * parallel), so a switch never shows a mix.
 */
export async function readyCatalogs(
  locale: AppLocale,
  areas: readonly CatalogArea[],
): Promise<void> {
  const wanted = new Set<CatalogArea>([...areas, ...(locale === currentLocale ? [] : loadedAreas)]);
  const messages = await loadCatalogs(locale, [...wanted]);
  i18n.load(locale, messages);
  for (const area of wanted) loadedAreas.add(area);
  if (locale !== currentLocale) applyLocale(locale);
}

/** Switches the language on screen, loading what the screens already shown need. */
export function switchLocale(locale: AppLocale): Promise<void> {
  return readyCatalogs(locale, [...loadedAreas]);
}

/** Makes more areas readable in the language on screen (a route's code is about to show them). */
export function loadAreas(areas: readonly CatalogArea[]): Promise<void> {
  if (areas.every((area) => loadedAreas.has(area))) return Promise.resolve();
  return readyCatalogs(activeLocale(), areas);
}

/** A message in the language on screen. */
export function t<K extends MessageKey>(key: K, ...values: MessageValues<K>): string {
  return i18n._(key, values[0] as Record<string, unknown> | undefined);
}
