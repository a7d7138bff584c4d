import { useId, useState } from 'react';
import { Button } from '../../components/button';
import { looksLikeLiveKey } from '../../lib/api/key-fingerprint';
import type { SessionPersistence } from '../../lib/auth/connection-storage';
import { useT } from '../../lib/i18n/i18n-react';

/** A field's value and its setter, as useState gives them: the page keeps the form's state. */
type FieldState<T> = readonly [T, (value: T) => void];

/** The connect form's fields: the service's address, the key, a name, and whether to remember it. */
export function ConnectFields({
  serviceUrl: [serviceUrl, setServiceUrl],
  apiKey: [apiKey, setApiKey],
  name: [name, setName],
  remember: [remember, setRemember],
  persistence,
}: {
  serviceUrl: FieldState<string>;
  apiKey: FieldState<string>;
  name: FieldState<string>;
  remember: FieldState<boolean>;
  persistence: SessionPersistence['kind'];
}) {
  const t = useT();
  const ids = useId();
  const [showKey, setShowKey] = useState(false);
  const trimmedKey = apiKey.trim();
  const showKeyWarning = trimmedKey !== '' && !looksLikeLiveKey(trimmedKey);
  return (
    <>
      <div>
        <label
          htmlFor={`${ids}-url`}
          className="block text-sm font-medium text-slate-800 dark:text-slate-100"
        >
          {t('connect.form.serviceUrl')}
        </label>
        <input
          id={`${ids}-url`}
          name="serviceUrl"
          type="text"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder={t('connect.form.serviceUrlPlaceholder')}
          value={serviceUrl}
          onChange={(event) => setServiceUrl(event.target.value)}
          aria-describedby={`${ids}-url-hint`}
          className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:bg-slate-800 dark:text-white"
        />
        <p id={`${ids}-url-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {t('connect.form.serviceUrlHint')}
        </p>
      </div>

      <div>
        <label
          htmlFor={`${ids}-key`}
          className="block text-sm font-medium text-slate-800 dark:text-slate-100"
        >
          {t('connect.form.apiKey')}
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={`${ids}-key`}
            name="apiKey"
            type={showKey ? 'text' : 'password'}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
            aria-describedby={showKeyWarning ? `${ids}-key-warning` : undefined}
            className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:bg-slate-800 dark:text-white"
          />
          <Button
            variant="secondary"
            className="shrink-0 whitespace-nowrap"
            aria-pressed={showKey}
            aria-controls={`${ids}-key`}
            onClick={() => setShowKey((shown) => !shown)}
          >
            {showKey ? t('connect.form.hideKey') : t('connect.form.showKey')}
          </Button>
        </div>
        {showKeyWarning && (
          <p id={`${ids}-key-warning`} className="mt-1 text-xs text-amber-700 dark:text-amber-300">
            {t('connect.form.unusualKey')}
          </p>
        )}
      </div>

      {persistence !== 'memory' && (
        <div>
          <label
            htmlFor={`${ids}-name`}
            className="block text-sm font-medium text-slate-800 dark:text-slate-100"
          >
            {t('connect.form.name')}{' '}
            <span className="font-normal text-slate-500 dark:text-slate-400">
              {t('connect.form.optional')}
            </span>
          </label>
          <input
            id={`${ids}-name`}
            name="workspaceName"
            type="text"
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-describedby={`${ids}-name-hint`}
            className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:bg-slate-800 dark:text-white"
          />
          <p id={`${ids}-name-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {t('connect.form.nameHint')}
          </p>
        </div>
      )}

      {persistence === 'memory' ? (
        // The embedded view keeps the key in memory only (docs/decisions/006).
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('connect.form.memoryOnly')}</p>
      ) : (
        <>
          <label className="flex items-center gap-2 text-sm text-slate-800 pointer-coarse:min-h-11 dark:text-slate-100">
            <input
              type="checkbox"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
              className="size-4 rounded border-slate-300 focus-visible:outline-2 focus-visible:outline-blue-600"
            />
            {t('connect.form.remember')}
          </label>
          <p className="-mt-2 text-xs text-slate-500 dark:text-slate-400">
            {t('connect.form.rememberHint')}
          </p>
        </>
      )}
    </>
  );
}
