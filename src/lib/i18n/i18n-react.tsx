import { useCallback, useSyncExternalStore } from 'react';
import { activeLocale, subscribeToLocale, t as translate } from './i18n';
import type { AppLocale } from './locales';
import type { MessageKey, MessageValues } from './message-keys';

/** The language on screen; the component redraws when it changes. */
export function useLocale(): AppLocale {
  return useSyncExternalStore(subscribeToLocale, activeLocale, activeLocale);
}

export type Translate = <K extends MessageKey>(key: K, ...values: MessageValues<K>) => string;

/**
 * `t(key, values)` in the language on screen. A new function per language, so memoized
 * children and effects that take it see the change.
 */
export function useT(): Translate {
  const locale = useLocale();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the locale is what makes a new `t`.
  return useCallback<Translate>((key, ...values) => translate(key, ...values), [locale]);
}
