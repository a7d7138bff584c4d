import { useT } from '../lib/i18n/i18n-react';

/**
 * Shown instead of the app when config.json exists but can't be used: never a blank page.
 * `message` says what is wrong with the file, for whoever deployed it (English, like the
 * file's own documentation); the sentences around it come from the catalog.
 */
export function ConfigErrorPage({ message }: { message: string | null }) {
  const t = useT();
  return (
    <main className="mx-auto max-w-lg p-8 font-sans">
      <div
        role="alert"
        className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100"
      >
        <h1 className="font-semibold">{t('connect.app.config.title')}</h1>
        <p className="mt-1" lang={message === null ? undefined : 'en'}>
          {message ?? t('connect.app.config.unreadable')}
        </p>
        <p className="mt-2">{t('connect.app.config.fix')}</p>
      </div>
    </main>
  );
}
