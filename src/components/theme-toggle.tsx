import { useId } from 'react';
import { useT } from '../lib/i18n/i18n-react';
import type { MessageKey } from '../lib/i18n/message-keys';
import { type ThemePreference, useTheme } from '../lib/theme';

const OPTIONS: { value: ThemePreference; label: MessageKey; icon: string }[] = [
  { value: 'light', label: 'shell.theme.light', icon: '☀' },
  { value: 'dark', label: 'shell.theme.dark', icon: '☾' },
  { value: 'system', label: 'shell.theme.system', icon: '◐' },
];

/** A three-way radio group; follows the system until the user picks otherwise. */
export function ThemeToggle() {
  const [preference, setPreference] = useTheme();
  const t = useT();
  // Its own radio group: the header and the phone's navigation drawer each hold one.
  const group = useId();
  return (
    <fieldset className="flex items-center rounded-md border border-slate-300 p-0.5 dark:border-slate-600">
      <legend className="sr-only">{t('shell.theme.legend')}</legend>
      {OPTIONS.map((option) => (
        <label
          key={option.value}
          title={t(option.label)}
          className="inline-flex min-h-6 min-w-6 cursor-pointer items-center justify-center rounded px-1.5 py-0.5 text-sm pointer-coarse:min-h-11 pointer-coarse:min-w-11 text-slate-600 has-checked:bg-slate-200 has-checked:text-slate-900 has-focus-visible:outline-2 has-focus-visible:outline-blue-600 dark:text-slate-300 dark:has-checked:bg-slate-700 dark:has-checked:text-white"
        >
          <input
            type="radio"
            name={group}
            value={option.value}
            checked={preference === option.value}
            onChange={() => setPreference(option.value)}
            className="sr-only"
          />
          <span aria-hidden="true">{option.icon}</span>
          <span className="sr-only">{t(option.label)}</span>
        </label>
      ))}
    </fieldset>
  );
}
