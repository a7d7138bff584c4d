// Room shared-ui/ (no screen of its own): parts every records room's screens use. Owns the
// states and messages (here: an id set in a sentence, loading, an error notice, a banner)
// and the toolbar buttons' look (toolbar-button.ts). May import lib/ only.
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n/i18n-react';

/** Stands for the id in a message until it is set as code (never a character of an id). */
export const CODE_SLOT = '\uE000';

/**
 * A message holding one id (`t(key, { id: CODE_SLOT })`), the id set in code type: the
 * sentence stays whole in the catalog, so a translator can put the id where it belongs.
 */
export function MessageWithCode({
  message,
  code,
  className = 'font-mono',
}: {
  message: string;
  code: string;
  className?: string;
}) {
  const [before, after = ''] = message.split(CODE_SLOT);
  return (
    <>
      {before}
      <code className={className}>{code}</code>
      {after}
    </>
  );
}

export function PageSkeleton() {
  const t = useT();
  return (
    <div aria-busy="true" className="space-y-2 p-4">
      <span className="sr-only">{t('common.loading')}</span>
      {Array.from({ length: 8 }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          key={index}
          aria-hidden="true"
          className="h-6 animate-pulse rounded bg-slate-200 dark:bg-slate-800"
        />
      ))}
    </div>
  );
}

export function GridMessage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="p-6 text-center">
      <h2 className="text-base font-semibold">{title}</h2>
      {children ? (
        <div className="mt-1 text-sm text-slate-600 dark:text-slate-400">{children}</div>
      ) : null}
    </div>
  );
}

export function ErrorNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div
      role="alert"
      className="m-2 flex items-center gap-3 rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <span className="flex-1">{message}</span>
      <button
        type="button"
        onClick={onRetry}
        className="rounded border border-red-400 bg-white px-3 py-1 text-sm text-red-900 hover:bg-red-100 dark:border-red-700 dark:bg-red-900 dark:text-red-50 dark:hover:bg-red-800"
      >
        {t('records.states.retry')}
      </button>
    </div>
  );
}

/**
 * A failure while paging, said at the top of the grid (where the user is looking,
 * wherever in the list they are) and to screen readers; Retry asks again for the same
 * rows without moving the view.
 */
export function GridBanner({
  message,
  onRetry,
  tone = 'error',
}: {
  message: string;
  onRetry?: () => void;
  tone?: 'error' | 'warning';
}) {
  const t = useT();
  const colours =
    tone === 'error'
      ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
      : 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100';
  return (
    <div
      role="alert"
      className={`mx-4 mb-2 flex items-center gap-3 rounded border px-3 py-2 text-sm ${colours}`}
    >
      <span className="flex-1">{message}</span>
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className="h-8 rounded border border-current/40 bg-white px-3 text-sm text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:bg-slate-900 dark:text-slate-50 dark:hover:bg-slate-800"
        >
          {t('records.states.retry')}
        </button>
      ) : null}
    </div>
  );
}
