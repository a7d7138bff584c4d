import type { ReactNode } from 'react';

export function PageSkeleton() {
  return (
    <div aria-busy="true" className="space-y-2 p-4">
      <span className="sr-only">Loading…</span>
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
        Retry
      </button>
    </div>
  );
}
