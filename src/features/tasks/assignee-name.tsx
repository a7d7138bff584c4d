import { useT } from '../../lib/i18n/i18n-react';
import { shortId } from '../../lib/safe-values';
import { type Assignee, assigneeLabel } from './task-labels';

// Stands in for the id while the message is made, so the id can be its own element.
const SLOT = '\u2063';

/** "User c222…" / "Bot 4f1a…" from the catalog, the id marked as data (translate="no"). */
export function AssigneeName({ assignee }: { assignee: Assignee | null }) {
  const t = useT();
  if (assignee === null) return <>{t('tasks.unassigned')}</>;
  const [before = '', after = ''] = assigneeLabel(t, assignee, SLOT).split(SLOT);
  return (
    <>
      {before}
      <span translate="no">{shortId(assignee.id)}</span>
      {after}
    </>
  );
}
