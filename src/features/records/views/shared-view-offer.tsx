import { useT } from '../../../lib/i18n/i18n-react';
import { CODE_SLOT } from '../shared-ui/records-states';
import { toolbarButton } from '../shared-ui/toolbar-button';
import { MessageWithName } from './your-views/message-with-name';
import type { SharedLayout } from './your-views/your-views';

/** The offer a shared link makes: save the view it carries among one's own. */
export function SharedViewOffer({
  shared,
  onSave,
  onDismiss,
}: {
  shared: SharedLayout | null;
  onSave: (name: string) => void;
  onDismiss: () => void;
}) {
  const t = useT();
  if (shared?.name == null) return null;
  const name = shared.name;
  return (
    <div
      role="status"
      className="mx-4 mb-2 flex flex-wrap items-center gap-3 rounded border border-blue-300 bg-blue-50 px-3 py-2 text-sm text-blue-950 dark:border-blue-700 dark:bg-blue-950 dark:text-blue-100"
    >
      <span className="flex-1">
        <MessageWithName
          message={t('records.yours.sharedOffer', { name: CODE_SLOT })}
          name={name}
        />
      </span>
      <button type="button" onClick={() => onSave(name)} className={toolbarButton}>
        {t('records.yours.saveShared')}
      </button>
      <button type="button" onClick={onDismiss} className={toolbarButton}>
        {t('records.yours.noThanks')}
      </button>
    </div>
  );
}
