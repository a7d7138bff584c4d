import { useId, useState } from 'react';
import { useRuntimeConfig } from '../config/runtime-config-context';
import { switchLocale } from '../lib/i18n/i18n';
import { useLocale, useT } from '../lib/i18n/i18n-react';
import {
  isShippedLocale,
  LOCALE_NAMES,
  PSEUDO_LOCALE,
  type ShippedLocale,
  writeLocalePreference,
} from '../lib/i18n/locales';

/**
 * The language menu: a native select (phones show their own picker), each language named in
 * its own words. Changes the language at once, without a reload, keeps the person's view
 * and place, and remembers the choice on this device. Hidden when the deployment fixes one
 * language (config.json `locales`).
 */
export function LanguageMenu({ className = '' }: { className?: string }) {
  const { locales } = useRuntimeConfig();
  const locale = useLocale();
  const t = useT();
  const id = useId();
  const [failed, setFailed] = useState(false);
  if (locales.length < 2) return null;
  const shown: ShippedLocale = locale === PSEUDO_LOCALE ? 'en' : locale;

  function choose(value: string) {
    if (!isShippedLocale(value)) return;
    writeLocalePreference(value);
    setFailed(false);
    switchLocale(value).catch(() => setFailed(true));
  }

  return (
    <span className={`inline-flex items-center gap-1 ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('common.language.label')}
      </label>
      <span aria-hidden="true" className="text-sm text-slate-500 dark:text-slate-400">
        🌐
      </span>
      <select
        id={id}
        value={shown}
        onChange={(event) => choose(event.target.value)}
        className="min-h-6 rounded-md pointer-coarse:min-h-11 border border-slate-300 bg-white px-1.5 py-0.5 text-sm text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-200"
      >
        {locales.map((option) => (
          // Each language in its own words, in every language: not text to translate.
          <option key={option} value={option} lang={option} translate="no">
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
      {failed && (
        <span role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('common.language.failed')}
        </span>
      )}
    </span>
  );
}
