/**
 * The languages the dashboard speaks, and which one a person gets. Plain data and pure
 * functions, free of React and of the message runtime, so the start-up script can choose a
 * language and start loading its catalog before the app's code is in (docs/decisions/036).
 */

export const SHIPPED_LOCALES = ['en', 'es', 'pt-BR'] as const;
export type ShippedLocale = (typeof SHIPPED_LOCALES)[number];

/**
 * Accented, ~40% longer English with markers around every message: switched on by tests
 * and translators to find text that bypasses the catalog and layouts that can't stretch.
 * Never offered in the language menu.
 */
export const PSEUDO_LOCALE = 'en-XA';
export type AppLocale = ShippedLocale | typeof PSEUDO_LOCALE;

/** Each language in its own words: a person looks for the name they read. */
export const LOCALE_NAMES: Record<ShippedLocale, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
};

export function isShippedLocale(value: unknown): value is ShippedLocale {
  return typeof value === 'string' && (SHIPPED_LOCALES as readonly string[]).includes(value);
}

export function isAppLocale(value: unknown): value is AppLocale {
  return value === PSEUDO_LOCALE || isShippedLocale(value);
}

/**
 * The first of `preferred` (the browser's languages, most wanted first) that one of
 * `allowed` can serve: an exact tag first, then the same language in another region
 * (`es-MX` → `es`, `pt-PT` → `pt-BR`, the only Portuguese shipped), else `allowed[0]`.
 */
export function negotiateLocale(
  preferred: readonly string[],
  allowed: readonly ShippedLocale[] = SHIPPED_LOCALES,
): ShippedLocale {
  const fallback = allowed[0] ?? 'en';
  for (const tag of preferred) {
    const wanted = tag.trim().toLowerCase();
    if (wanted === '') continue;
    const exact = allowed.find((locale) => locale.toLowerCase() === wanted);
    if (exact) return exact;
    const language = wanted.split('-')[0];
    const sameLanguage = allowed.find((locale) => locale.toLowerCase().split('-')[0] === language);
    if (sameLanguage) return sameLanguage;
  }
  return fallback;
}

const PREFERENCE_KEY = 'workspace-browser:locale';

/** The language chosen in the menu on this device, if any (kept across sign-outs, like the theme). */
export function readLocalePreference(
  storage: Storage | undefined = safeLocalStorage(),
): AppLocale | null {
  try {
    const stored = storage?.getItem(PREFERENCE_KEY) ?? null;
    return isAppLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function writeLocalePreference(
  locale: AppLocale,
  storage: Storage | undefined = safeLocalStorage(),
): void {
  try {
    storage?.setItem(PREFERENCE_KEY, locale);
  } catch {
    // Storage full or blocked: the choice holds for this visit only.
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The language to start in: the device's choice when the deployment allows it (the
 * pseudo-locale whenever it was chosen: it is a testing tool), else the browser's.
 */
export function initialLocale(
  allowed: readonly ShippedLocale[] = SHIPPED_LOCALES,
  preferred: readonly string[] = browserLanguages(),
  stored: AppLocale | null = readLocalePreference(),
): AppLocale {
  if (stored === PSEUDO_LOCALE) return stored;
  if (stored !== null && allowed.includes(stored)) return stored;
  return negotiateLocale(preferred, allowed);
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language ?? ''];
}

/** The locale `Intl` formats with: the pseudo-locale formats as English does. */
export function formatLocaleOf(locale: AppLocale): ShippedLocale {
  return locale === PSEUDO_LOCALE ? 'en' : locale;
}
