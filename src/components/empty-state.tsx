import type { ReactNode } from 'react';

/** "Nothing here" with a title, an optional sentence, and an optional action (a link or button). */
export function EmptyState({
  title,
  description,
  action,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-2 px-4 py-10 text-center">
      <p className="font-medium text-slate-800 dark:text-slate-100">{title}</p>
      {description && <p className="text-sm text-slate-600 dark:text-slate-300">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
