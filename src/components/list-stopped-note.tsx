import { useT } from '../lib/i18n/i18n-react';
import { Button } from './button';

/**
 * Where a list's "load more" would be when the paging guard (src/lib/api/guarded-list.ts)
 * ended it: what the service did and how many items are shown, said once (role status),
 * with a way to read the list again from its first page (a service that repeated an item
 * because it moved between pages answers soundly the second time).
 */
export function ListStoppedNote({
  message,
  onReload,
  className = 'mt-3',
}: {
  message: string;
  onReload?: () => void;
  className?: string;
}) {
  const t = useT();
  return (
    <div
      className={`rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100 ${className}`}
    >
      <p role="status">{message}</p>
      {onReload && (
        <Button variant="secondary" className="mt-2" onClick={onReload}>
          {t('common.list.reloadList')}
        </Button>
      )}
    </div>
  );
}
